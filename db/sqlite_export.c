/* The SQLite backend's reads of whole games: `export` (canonical FGN, in
   the order stored, with the same filters as `stats`) and `store copy`
   (every game with its source, every quarantine entry). */
#include "config.h"

#include <stdio.h>

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

const char *ff_sqlite_fgn_cols(int v)
{
	return v >= 6 ? "(SELECT template FROM headers WHERE id = games.header), moves, body,"
			" seed, event, site, date, round, result" :
			"fgn, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL";
}

static const char *text(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

int ff_sqlite_row_fgn(struct ff_sqlite *s, sqlite3_stmt *st, struct ff_buf *out,
		      struct ff_error *err)
{
	struct ff_compact_stored c;

	ff_buf_reset(out);
	if (s->base.version < 6) {
		c.tmpl = c.moves = NULL;
		c.body = text(st, 0);
		c.body_len = (size_t)sqlite3_column_bytes(st, 0);
	} else {
		c.tmpl = text(st, 0);
		c.moves = text(st, 1);
		c.moves_len = (size_t)sqlite3_column_bytes(st, 1);
		c.body = text(st, 2);
		c.body_len = (size_t)sqlite3_column_bytes(st, 2);
		c.cols.seed = text(st, 3);
		c.cols.event = text(st, 4);
		c.cols.site = text(st, 5);
		c.cols.date = text(st, 6);
		c.cols.round = text(st, 7);
		c.cols.result = text(st, 8);
	}
	return ff_compact_rebuild(out, &c, ff_sqlite_ply, s, err);
}

/* The facts export gives beside the FGN columns (struct ff_exported). */
#define EXPORT_COLS "ruleset, seats, plies, coalesce(winner_side, 0), termination, origin, date, id"

/* The game's analysis kept last as a JSON object (a store at schema 8
   or later; export --analysis): method, budget, threshold, start, the
   seats' sums, every ply; numbers with 10 decimals, as PostgreSQL's
   (no "-0": PostgreSQL's numbers have no negative zero). */
#define NUM10(x) "replace(printf('%.10f', " x "), '-0.0000000000', '0.0000000000')"
#define ANALYSIS_COL \
	", (SELECT '{\"method\":\"' || a.method || '\",\"budget\":\"' || a.budget ||" \
	" '\",\"threshold\":' || " NUM10("a.threshold") " || ',\"start\":' ||" \
	" " NUM10("a.start") " || ',\"seats\":[' || (SELECT group_concat(x, ',') FROM" \
	" (SELECT '{\"seat\":' || seat || ',\"plies\":' || plies || ',\"decisions\":' ||" \
	" decisions || ',\"error\":' || " NUM10("error") " || ',\"errors\":' || errors ||" \
	" ',\"luck\":' || " NUM10("luck") " || '}' AS x FROM analysis_seats" \
	" WHERE analysis_id = a.id ORDER BY seat)) || '],\"plies\":' || a.plies || '}'" \
	" FROM analyses a WHERE a.game_id = games.id ORDER BY a.id DESC LIMIT 1)"

struct export_cb {
	struct ff_sqlite *s;
	int (*cb)(void *ctx, const struct ff_exported *g);
	void *ctx;
	struct ff_error *err;
};

static int export_row(void *ctx2, sqlite3_stmt *st)
{
	struct export_cb *c = ctx2;
	struct ff_exported g;
	int k = FF_SQLITE_FGN_N;

	if (ff_sqlite_row_fgn(c->s, st, &c->s->fgn, c->err))
		return -1;
	g.fgn = c->s->fgn.p;
	g.fgn_len = c->s->fgn.len;
	g.ruleset = text(st, k);
	g.seats = sqlite3_column_int(st, k + 1);
	g.plies = sqlite3_column_int(st, k + 2);
	g.winner_side = sqlite3_column_int(st, k + 3);
	g.termination = text(st, k + 4);
	g.origin = text(st, k + 5);
	g.date = text(st, k + 6);
	g.id = (long long)sqlite3_column_int64(st, k + 7);
	g.analysis = sqlite3_column_count(st) > k + 8 ? text(st, k + 8) : NULL;
	return c->cb(c->ctx, &g);
}

/* The SQL of an order's key (FF_SORT_*), as its index has it (schema 7). */
static const char *const sort_key[] = { "id", "coalesce(date, '')", "plies" };

/* Run the export query of f, with more conditions (SQL, its parameters
   :key and :sorted_after bound from key and after when named) and the
   order order. Returns 0, -1 with err, or the callback's non-zero return. */
static int export_query(struct export_cb *c, const struct ff_stats_filter *f, const char *more,
			const char *order, sqlite3_value *key, long long after)
{
	struct ff_sqlite *s = c->s;
	struct ff_buf sql = FF_BUF_INIT;
	sqlite3_stmt *st = NULL;
	const char *hint = "";
	int rc;

	/* a page (a limit, serve's after=) reads the games in id order from
	   its start, and stops when it has them: NOT INDEXED keeps SQLite from
	   taking the ruleset's rows from games_stats and sorting them all by id
	   (a page of a game's 50 games after the middle of 100,000: 2.4 s
	   against milliseconds); a page of another order reads its index */
	if (f->limit)
		hint = !f->sort ? " NOT INDEXED" : s->base.version >= 7 ?
			(f->sort == FF_SORT_DATE ? " INDEXED BY games_by_day" :
			 " INDEXED BY games_by_plies") : "";
	ff_buf_addf(&sql, "SELECT %s, " EXPORT_COLS "%s FROM games%s WHERE 1%s",
		    ff_sqlite_fgn_cols(s->base.version),
		    f->analysis && s->base.version >= 8 ? ANALYSIS_COL : "", hint, more);
	ff_sqlite_filter_sql(s, &sql, f);
	ff_buf_addf(&sql, " ORDER BY %s", order);
	if (f->limit)
		ff_buf_adds(&sql, " LIMIT :limit");
	if (!sql.p || sqlite3_prepare_v2(s->db, sql.p, -1, &st, NULL) != SQLITE_OK) {
		rc = ff_sqlite_fail(s, c->err, "preparing the export query");
	} else {
		ff_sqlite_bind_filter(st, f);
		if (key)
			sqlite3_bind_value(st, sqlite3_bind_parameter_index(st, ":key"), key);
		if (sqlite3_bind_parameter_index(st, ":sorted_after"))
			sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":sorted_after"), after);
		rc = each_row(s, st, export_row, c, c->err);
	}
	sqlite3_finalize(st);
	ff_buf_free(&sql);
	return rc;
}

/* export_row, counting the games given. */
struct counted {
	struct export_cb *c;
	long n;
};

static int counted_row(void *ctx, const struct ff_exported *g)
{
	struct counted *k = ctx;

	k->n++;
	return k->c->cb(k->c->ctx, g);
}

/* A page of another order after a game: the games of its key after it
   by id, then those of the keys after it (two seeks of the order's
   index, where one comparison of (key, id) would read the key's games
   before it too). No game of that id: no games. */
static int export_sorted_after(struct export_cb *c, const struct ff_stats_filter *f)
{
	struct ff_sqlite *s = c->s;
	struct ff_stats_filter g = *f;
	struct counted k = { c, 0 };
	struct export_cb kc = *c;
	sqlite3_stmt *st = NULL;
	sqlite3_value *key = NULL;
	char sql[160], more[200], order[80];
	const char *ks = sort_key[f->sort];
	int rc;

	snprintf(sql, sizeof sql, "SELECT %s FROM games WHERE id = ?", ks);
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
		sqlite3_finalize(st);
		return ff_sqlite_fail(s, c->err, "preparing the export query");
	}
	sqlite3_bind_int64(st, 1, f->after);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		key = sqlite3_value_dup(sqlite3_column_value(st, 0));
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return rc == SQLITE_DONE ? 0 : ff_sqlite_fail(s, c->err, "reading games");
	if (!key)
		return ff_error_set(c->err, FF_ENOMEM, "out of memory");
	kc.cb = counted_row;
	kc.ctx = &k;
	g.after = 0;   /* the conditions below say it */
	snprintf(more, sizeof more, " AND %s = :key AND id %s :sorted_after", ks,
		 f->desc ? "<" : ">");
	rc = export_query(&kc, &g, more, f->desc ? "id DESC" : "id", key, f->after);
	if (rc == 0 && (!f->limit || k.n < f->limit)) {
		g.limit = f->limit ? f->limit - k.n : 0;
		snprintf(more, sizeof more, " AND %s %s :key", ks, f->desc ? "<" : ">");
		snprintf(order, sizeof order, f->desc ? "%s DESC, id DESC" : "%s, id", ks);
		rc = export_query(c, &g, more, order, key, 0);
	}
	sqlite3_value_free(key);
	return rc;
}

int ff_sqlite_export(struct ff_store *base, const struct ff_stats_filter *f,
		     int (*cb)(void *ctx, const struct ff_exported *g), void *ctx,
		     struct ff_error *err)
{
	struct export_cb c = { ff_sqlite_of(base), cb, ctx, err };
	char order[80];

	if (f->sort > FF_SORT_ID && f->sort <= FF_SORT_PLIES && f->after)
		return export_sorted_after(&c, f);
	if (f->sort > FF_SORT_ID && f->sort <= FF_SORT_PLIES)
		snprintf(order, sizeof order, f->desc ? "%s DESC, id DESC" : "%s, id",
			 sort_key[f->sort]);
	else
		snprintf(order, sizeof order, "%s", f->desc ? "id DESC" : "id");
	return export_query(&c, f, "", order, NULL, 0);
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
	struct ff_sqlite *s;
	int (*cb)(void *ctx, const struct ff_stored_game *g);
	void *ctx;
	struct ff_error *err;
};

static int game_row(void *ctx2, sqlite3_stmt *st)
{
	struct game_cb *c = ctx2;
	struct ff_stored_game g;

	if (ff_sqlite_row_fgn(c->s, st, &c->s->fgn, c->err))
		return -1;
	g.fgn = c->s->fgn.p;
	g.fgn_len = c->s->fgn.len;
	g.source_file = text(st, FF_SQLITE_FGN_N);
	g.source_game = (long)sqlite3_column_int64(st, FF_SQLITE_FGN_N + 1);
	g.source_line = (long)sqlite3_column_int64(st, FF_SQLITE_FGN_N + 2);
	return c->cb(c->ctx, &g);
}

int ff_sqlite_each_game(struct ff_store *base, int (*cb)(void *ctx, const struct ff_stored_game *g),
			void *ctx, struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	struct game_cb c = { s, cb, ctx, err };
	char sql[512];

	snprintf(sql, sizeof sql, "SELECT %s, %s, source_game, source_line FROM games ORDER BY id",
		 ff_sqlite_fgn_cols(s->base.version),
		 s->base.version >= 6 ? "(SELECT path FROM sources WHERE id = source_id)" :
		 "source_file");
	return query(s, sql, game_row, &c, err);
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
