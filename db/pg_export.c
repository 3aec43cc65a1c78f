/* The PostgreSQL backend's reads of whole games: `export` and `store
   copy`, streamed a row at a time (libpq's single-row mode), so a
   store of any size is read in constant memory. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "db/pg.h"

/* Send q and call row(ctx2, res) for each row as it arrives. Returns 0,
   -1 with err, or row's non-zero return (the rest of the rows read and
   dropped). */
static int stream(struct ff_pg *s, const struct ff_pg_query *q,
		  int (*row)(void *ctx2, const PGresult *res), void *ctx2, struct ff_error *err)
{
	PGresult *res;
	int rc = 0, st;

	if (!q->sql.p)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	/* one snapshot for the ply codes and the games: no query can be sent
	   while the rows stream in, so every code a game uses is read first */
	if (ff_pg_exec(s, "BEGIN ISOLATION LEVEL REPEATABLE READ", err))
		return -1;
	if (s->base.version >= 6 && ff_pg_load_plies(s, err)) {
		rc = -1;
		goto done;
	}
	if (!PQsendQueryParams(s->conn, q->sql.p, q->n, NULL, q->val, NULL, NULL, 0) ||
	    !PQsetSingleRowMode(s->conn)) {
		rc = ff_pg_fail(s, NULL, err, "reading games");
		goto done;
	}
	s->streaming = 1;
	while ((res = PQgetResult(s->conn)) != NULL) {
		st = PQresultStatus(res);
		if (rc == 0 && st == PGRES_SINGLE_TUPLE)
			rc = row(ctx2, res);
		else if (rc == 0 && st != PGRES_TUPLES_OK && st != PGRES_SINGLE_TUPLE)
			rc = ff_pg_fail(s, res, err, "reading games");
		PQclear(res);
	}
	s->streaming = 0;
	if (rc == 0 && ff_pg_exec(s, "COMMIT", err))
		rc = -1;
done:
	if (rc != 0)
		PQclear(PQexec(s->conn, "ROLLBACK"));
	return rc;
}

static const char *value(const PGresult *res, int row, int col)
{
	return PQgetisnull(res, row, col) ? NULL : PQgetvalue(res, row, col);
}

int ff_pg_row_fgn(struct ff_pg *s, const PGresult *res, int row, struct ff_buf *out,
		  struct ff_error *err)
{
	struct ff_compact_stored c;

	ff_buf_reset(out);
	c.tmpl = value(res, row, 0);
	c.moves = value(res, row, 1);
	c.moves_len = (size_t)PQgetlength(res, row, 1);
	c.body = value(res, row, 2);
	c.body_len = (size_t)PQgetlength(res, row, 2);
	c.cols.seed = value(res, row, 3);
	c.cols.event = value(res, row, 4);
	c.cols.site = value(res, row, 5);
	c.cols.date = value(res, row, 6);
	c.cols.round = value(res, row, 7);
	c.cols.result = value(res, row, 8);
	return ff_compact_rebuild(out, &c, ff_pg_ply, s, err);
}

/* The facts export gives beside the FGN columns (struct ff_exported). */
#define EXPORT_COLS "ruleset, seats, plies, coalesce(winner_side, 0), termination, origin, date, id"

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
	return c->cb(c->ctx, &g);
}

int ff_pg_export(struct ff_store *base, const struct ff_stats_filter *f,
		 int (*cb)(void *ctx, const struct ff_exported *g), void *ctx, struct ff_error *err)
{
	struct ff_pg_query q = { FF_BUF_INIT, { NULL }, 0 };
	struct export_cb c = { ff_pg_of(base), cb, ctx, err };
	char num[FF_PG_FILTER_NUM + 24];
	int rc;

	ff_buf_addf(&q.sql, "SELECT %s, " EXPORT_COLS " FROM games WHERE true",
		    ff_pg_fgn_cols(c.s->base.version));
	if (ff_pg_filter_sql(c.s, &q, f, num, sizeof num, err)) {
		ff_buf_free(&q.sql);
		return -1;
	}
	ff_buf_adds(&q.sql, f->desc ? " ORDER BY id DESC" : " ORDER BY id");
	if (f->limit) {
		snprintf(num + FF_PG_FILTER_NUM, 24, "%ld", f->limit);
		ff_buf_adds(&q.sql, " LIMIT ");
		ff_pg_param(&q, num + FF_PG_FILTER_NUM);
		ff_buf_adds(&q.sql, "::bigint");
	}
	rc = stream(ff_pg_of(base), &q, export_row, &c, err);
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
	rc = stream(s, &q, row, ctx2, err);
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
