/* The PostgreSQL backend's reads of whole games: `export` and `store
   copy`, streamed a row at a time (libpq's single-row mode), so a
   store of any size is read in constant memory. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "db/pg.h"

/* Before a game's rows stream in: every ply code a game uses read in
   the rows' snapshot (a store at schema 6 or later). */
static int plies_first(struct ff_pg *s, struct ff_error *err)
{
	return s->base.version >= 6 ? ff_pg_load_plies(s, err) : 0;
}

static const char *value(const PGresult *res, int row, int col)
{
	return PQgetisnull(res, row, col) ? NULL : PQgetvalue(res, row, col);
}

/* The facts export gives beside the FGN columns (struct ff_exported). */
#define EXPORT_COLS "ruleset, seats, plies, coalesce(winner_side, 0), termination, origin, date, id"

/* The game's analysis kept last as a JSON object, as SQLite's
   (db/sqlite_export.c): numbers rounded to 10 decimals */
#define ANALYSIS_COL \
	", (SELECT '{\"method\":\"' || a.method || '\",\"budget\":\"' || a.budget ||" \
	" '\",\"threshold\":' || round(a.threshold::numeric, 10) || ',\"start\":' ||" \
	" round(a.start::numeric, 10) || ',\"seats\":[' || (SELECT string_agg('{\"seat\":' ||" \
	" seat || ',\"plies\":' || plies || ',\"decisions\":' || decisions || ',\"error\":' ||" \
	" round(error::numeric, 10) || ',\"errors\":' || errors || ',\"luck\":' ||" \
	" round(luck::numeric, 10) || '}', ',' ORDER BY seat) FROM analysis_seats" \
	" WHERE analysis_id = a.id) || '],\"plies\":' || a.plies || '}'" \
	" FROM analyses a WHERE a.game_id = games.id ORDER BY a.id DESC LIMIT 1)"

struct export_cb {
	struct ff_pg *s;
	int (*cb)(void *ctx, const struct ff_exported *g);
	void *ctx;
	struct ff_error *err;
};

static int export_row(void *ctx2, const PGresult *res)
{
	struct export_cb *c = ctx2;
	struct ff_exported g;
	int k = FF_PG_FGN_N;

	if (ff_pg_row_fgn(c->s, res, 0, &c->s->fgn, c->err))
		return -1;
	g.fgn = c->s->fgn.p;
	g.fgn_len = c->s->fgn.len;
	g.ruleset = PQgetvalue(res, 0, k);
	g.seats = atoi(PQgetvalue(res, 0, k + 1));
	g.plies = atoi(PQgetvalue(res, 0, k + 2));
	g.winner_side = atoi(PQgetvalue(res, 0, k + 3));
	g.termination = PQgetvalue(res, 0, k + 4);
	g.origin = PQgetvalue(res, 0, k + 5);
	g.date = value(res, 0, k + 6);
	g.id = atoll(PQgetvalue(res, 0, k + 7));
	g.analysis = PQnfields(res) > k + 8 ? value(res, 0, k + 8) : NULL;
	return c->cb(c->ctx, &g);
}

/* The SQL of an order's key (FF_SORT_*), as its index has it (schema 7). */
static const char *const sort_key[] = { "id", "coalesce(date, '')", "plies" };

int ff_pg_export(struct ff_store *base, const struct ff_stats_filter *f,
		 int (*cb)(void *ctx, const struct ff_exported *g), void *ctx, struct ff_error *err)
{
	struct ff_pg_query q = { FF_BUF_INIT, { NULL }, 0 };
	struct export_cb c = { ff_pg_of(base), cb, ctx, err };
	struct ff_stats_filter g = *f;
	char num[FF_PG_FILTER_NUM + 48];
	const char *key = f->sort > FF_SORT_ID && f->sort <= FF_SORT_PLIES ? sort_key[f->sort] : NULL;
	int rc;

	ff_buf_addf(&q.sql, "SELECT %s, " EXPORT_COLS "%s FROM games WHERE true",
		    ff_pg_fgn_cols(c.s->base.version),
		    f->analysis && c.s->base.version >= 8 ? ANALYSIS_COL : "");
	if (key)
		g.after = 0;   /* said below, in the order's terms */
	if (ff_pg_filter_sql(c.s, &q, &g, num, sizeof num, err)) {
		ff_buf_free(&q.sql);
		return -1;
	}
	if (key && f->after) {
		/* the games after that game in the order: (key, id) past its own,
		   one seek of the order's index (none when there is no such game) */
		snprintf(num + FF_PG_FILTER_NUM + 24, 24, "%lld", f->after);
		ff_buf_addf(&q.sql, " AND (%s, id) %s ((SELECT %s FROM games WHERE id = ", key,
			    f->desc ? "<" : ">", key);
		ff_pg_param(&q, num + FF_PG_FILTER_NUM + 24);
		ff_buf_adds(&q.sql, "::bigint), ");
		ff_pg_param(&q, num + FF_PG_FILTER_NUM + 24);
		ff_buf_adds(&q.sql, "::bigint)");
	}
	if (key)
		ff_buf_addf(&q.sql, f->desc ? " ORDER BY %s DESC, id DESC" : " ORDER BY %s, id", key);
	else
		ff_buf_adds(&q.sql, f->desc ? " ORDER BY id DESC" : " ORDER BY id");
	if (f->limit) {
		snprintf(num + FF_PG_FILTER_NUM, 24, "%ld", f->limit);
		ff_buf_adds(&q.sql, " LIMIT ");
		ff_pg_param(&q, num + FF_PG_FILTER_NUM);
		ff_buf_adds(&q.sql, "::bigint");
	}
	rc = ff_pg_stream(c.s, &q, plies_first, export_row, &c, "reading games", err);
	ff_buf_free(&q.sql);
	return rc;
}

/* Run sql (no parameters) a row at a time. */
static int query(struct ff_pg *s, const char *sql, int (*row)(void *ctx2, const PGresult *res),
		 void *ctx2, struct ff_error *err)
{
	struct ff_pg_query q = { FF_BUF_INIT, { NULL }, 0 };
	int rc;

	ff_buf_adds(&q.sql, sql);
	rc = ff_pg_stream(s, &q, plies_first, row, ctx2, "reading games", err);
	ff_buf_free(&q.sql);
	return rc;
}

struct game_cb {
	struct ff_pg *s;
	int (*cb)(void *ctx, const struct ff_stored_game *g);
	void *ctx;
	struct ff_error *err;
};

static int game_row(void *ctx2, const PGresult *res)
{
	struct game_cb *c = ctx2;
	struct ff_stored_game g;

	if (ff_pg_row_fgn(c->s, res, 0, &c->s->fgn, c->err))
		return -1;
	g.fgn = c->s->fgn.p;
	g.fgn_len = c->s->fgn.len;
	g.source_file = PQgetvalue(res, 0, FF_PG_FGN_N);
	g.source_game = atol(PQgetvalue(res, 0, FF_PG_FGN_N + 1));
	g.source_line = atol(PQgetvalue(res, 0, FF_PG_FGN_N + 2));
	return c->cb(c->ctx, &g);
}

int ff_pg_each_game(struct ff_store *base, int (*cb)(void *ctx, const struct ff_stored_game *g),
		    void *ctx, struct ff_error *err)
{
	struct game_cb c = { ff_pg_of(base), cb, ctx, err };
	char sql[512];

	snprintf(sql, sizeof sql, "SELECT %s, %s, source_game, source_line FROM games ORDER BY id",
		 ff_pg_fgn_cols(c.s->base.version), c.s->base.version >= 6 ?
		 "(SELECT path FROM sources WHERE id = source_id)" : "source_file");
	return query(c.s, sql, game_row, &c, err);
}

struct reject_cb {
	int (*cb)(void *ctx, const struct ff_store_reject *r);
	void *ctx;
	struct ff_buf raw;
	int nomem;
};

static int reject_row(void *ctx2, const PGresult *res)
{
	struct reject_cb *c = ctx2;
	struct ff_store_reject r;

	if (ff_pg_bytea(PQgetvalue(res, 0, 6), &c->raw)) {
		c->nomem = 1;
		return -1;
	}
	r.source_file = PQgetvalue(res, 0, 0);
	r.source_game = atol(PQgetvalue(res, 0, 1));
	r.source_line = atol(PQgetvalue(res, 0, 2));
	r.verdict = PQgetvalue(res, 0, 3);
	r.code = PQgetvalue(res, 0, 4);
	r.diagnostics = PQgetvalue(res, 0, 5);
	r.raw = c->raw.p;
	r.raw_len = c->raw.len;
	return c->cb(c->ctx, &r);
}

int ff_pg_each_reject(struct ff_store *base, int (*cb)(void *ctx, const struct ff_store_reject *r),
		      void *ctx, struct ff_error *err)
{
	struct reject_cb c = { cb, ctx, FF_BUF_INIT, 0 };
	int rc;

	rc = query(ff_pg_of(base), "SELECT source_file, source_game, source_line, verdict, code,"
		   " diagnostics, raw FROM quarantine ORDER BY id", reject_row, &c, err);
	if (c.nomem)
		ff_error_set(err, FF_ENOMEM, "out of memory (or a raw text not in bytea's hex form)");
	ff_buf_free(&c.raw);
	return rc;
}
