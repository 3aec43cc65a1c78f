/* The SQLite backend's reads of whole games: `export` (canonical FGN, in
   the order stored, with the same filters as `stats`) and `store copy`
   (every game with its source, every quarantine entry). */
#include "config.h"

#include "db/sqlite.h"
#include "lib/buf.h"

/* Step st to its end, calling row(ctx2, st) for each row. Returns 0, -1
   with err, or row's non-zero return. */
static int each_row(struct ff_sqlite *s, sqlite3_stmt *st,
		    int (*row)(void *ctx2, sqlite3_stmt *st), void *ctx2, struct ff_error *err)
{
	int rc = 0, step;

	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		if ((rc = row(ctx2, st)) != 0)
			return rc;
	return step == SQLITE_DONE ? 0 : ff_sqlite_fail(s, err, "reading games");
}

struct fgn_cb {
	int (*cb)(void *ctx, const char *fgn, size_t len);
	void *ctx;
};

static int fgn_row(void *ctx2, sqlite3_stmt *st)
{
	struct fgn_cb *c = ctx2;

	return c->cb(c->ctx, (const char *)sqlite3_column_text(st, 0),
		     (size_t)sqlite3_column_bytes(st, 0));
}

int ff_sqlite_export(struct ff_store *base, const struct ff_stats_filter *f,
		     int (*cb)(void *ctx, const char *fgn, size_t len), void *ctx,
		     struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	struct ff_buf sql = FF_BUF_INIT;
	struct fgn_cb c = { cb, ctx };
	sqlite3_stmt *st = NULL;
	int rc;

	ff_buf_adds(&sql, "SELECT fgn FROM games WHERE 1");
	ff_sqlite_filter_sql(s, &sql, f);
	ff_buf_adds(&sql, " ORDER BY id");
	if (f->limit)
		ff_buf_adds(&sql, " LIMIT :limit");
	if (!sql.p || sqlite3_prepare_v2(s->db, sql.p, -1, &st, NULL) != SQLITE_OK) {
		rc = ff_sqlite_fail(s, err, "preparing the export query");
	} else {
		ff_sqlite_bind_filter(st, f);
		rc = each_row(s, st, fgn_row, &c, err);
	}
	sqlite3_finalize(st);
	ff_buf_free(&sql);
	return rc;
}

/* Run sql (no parameters) over s, calling row for each row. */
static int query(struct ff_sqlite *s, const char *sql, int (*row)(void *ctx2, sqlite3_stmt *st),
		 void *ctx2, struct ff_error *err)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		rc = ff_sqlite_fail(s, err, "preparing a query");
	else
		rc = each_row(s, st, row, ctx2, err);
	sqlite3_finalize(st);
	return rc;
}

struct game_cb {
	int (*cb)(void *ctx, const struct ff_stored_game *g);
	void *ctx;
};

static int game_row(void *ctx2, sqlite3_stmt *st)
{
	struct game_cb *c = ctx2;
	struct ff_stored_game g;

	g.fgn = (const char *)sqlite3_column_text(st, 0);
	g.fgn_len = (size_t)sqlite3_column_bytes(st, 0);
	g.source_file = (const char *)sqlite3_column_text(st, 1);
	g.source_game = (long)sqlite3_column_int64(st, 2);
	g.source_line = (long)sqlite3_column_int64(st, 3);
	return c->cb(c->ctx, &g);
}

int ff_sqlite_each_game(struct ff_store *base, int (*cb)(void *ctx, const struct ff_stored_game *g),
			void *ctx, struct ff_error *err)
{
	struct game_cb c = { cb, ctx };

	return query(ff_sqlite_of(base), "SELECT fgn, source_file, source_game, source_line"
		     " FROM games ORDER BY id", game_row, &c, err);
}

struct reject_cb {
	int (*cb)(void *ctx, const struct ff_store_reject *r);
	void *ctx;
};

static int reject_row(void *ctx2, sqlite3_stmt *st)
{
	struct reject_cb *c = ctx2;
	struct ff_store_reject r;

	r.source_file = (const char *)sqlite3_column_text(st, 0);
	r.source_game = (long)sqlite3_column_int64(st, 1);
	r.source_line = (long)sqlite3_column_int64(st, 2);
	r.verdict = (const char *)sqlite3_column_text(st, 3);
	r.code = (const char *)sqlite3_column_text(st, 4);
	r.diagnostics = (const char *)sqlite3_column_text(st, 5);
	r.raw = (const char *)sqlite3_column_text(st, 6);
	r.raw_len = (size_t)sqlite3_column_bytes(st, 6);
	return c->cb(c->ctx, &r);
}

int ff_sqlite_each_reject(struct ff_store *base,
			  int (*cb)(void *ctx, const struct ff_store_reject *r), void *ctx,
			  struct ff_error *err)
{
	struct reject_cb c = { cb, ctx };

	return query(ff_sqlite_of(base), "SELECT source_file, source_game, source_line, verdict,"
		     " code, diagnostics, raw FROM quarantine ORDER BY id", reject_row, &c, err);
}
