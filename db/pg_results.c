/* The PostgreSQL backend's reading of games for `ratings` and
   `standings`: the SQLite backend's query (db/sqlite_results.c) in
   PostgreSQL's words (NULLS FIRST: PostgreSQL puts NULL last by default;
   the date column is COLLATE "C", so dates compare by bytes as in
   SQLite), streamed a row at a time (libpq's single-row mode). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "db/pg.h"

static int result_row(void *ctx2, const PGresult *res)
{
	return ff_result_acc_add(ctx2, atoll(PQgetvalue(res, 0, 0)), PQgetvalue(res, 0, 1),
				 PQgetisnull(res, 0, 2) ? NULL : PQgetvalue(res, 0, 2),
				 atoi(PQgetvalue(res, 0, 3)), PQgetvalue(res, 0, 4)[0] == 't',
				 atoi(PQgetvalue(res, 0, 5)), atoi(PQgetvalue(res, 0, 6)),
				 atoi(PQgetvalue(res, 0, 7)), atoll(PQgetvalue(res, 0, 8)));
}

int ff_pg_results(struct ff_store *base, const struct ff_result_filter *rq,
		  struct ff_result_acc *acc, struct ff_error *err)
{
	struct ff_pg *s = ff_pg_of(base);
	struct ff_pg_query q = { FF_BUF_INIT, { NULL }, 0 };
	char num[72];
	int rc;

	ff_buf_adds(&q.sql, "SELECT games.id, games.ruleset, games.date,"
			    " coalesce(games.winner_side, 0), games.result = '*', games.seats, st.seat,"
			    " st.side, coalesce(st.player_id, 0) FROM games JOIN seats st"
			    " ON st.game_id = games.id WHERE true");
	if (rq->f && ff_pg_filter_sql(s, &q, rq->f, num, sizeof num, err)) {
		ff_buf_free(&q.sql);
		return -1;
	}
	if (rq->event) {
		ff_buf_adds(&q.sql, " AND games.event = ");
		ff_pg_param(&q, rq->event);
	}
	if (rq->as_of) {
		ff_buf_adds(&q.sql, " AND (games.date IS NULL OR games.date <= ");
		ff_pg_param(&q, rq->as_of);
		ff_buf_adds(&q.sql, ")");
	}
	ff_buf_adds(&q.sql, " ORDER BY games.date NULLS FIRST, games.id, st.seat");
	rc = ff_pg_stream(s, &q, NULL, result_row, acc, "reading results", err);
	if (rc == -1 && !err->msg[0])
		ff_error_set(err, FF_ENOMEM, "out of memory");
	ff_buf_free(&q.sql);
	return rc;
}

struct player_cb {
	int (*cb)(void *ctx, long long id, const char *name);
	void *ctx;
};

static int player_row(void *ctx2, const PGresult *res)
{
	struct player_cb *c = ctx2;

	return c->cb(c->ctx, atoll(PQgetvalue(res, 0, 0)), PQgetvalue(res, 0, 1));
}

int ff_pg_players(struct ff_store *base, int (*cb)(void *ctx, long long id, const char *name),
		  void *ctx, struct ff_error *err)
{
	struct ff_pg_query q = { FF_BUF_INIT, { NULL }, 0 };
	struct player_cb c = { cb, ctx };
	int rc;

	ff_buf_adds(&q.sql, "SELECT id, name FROM players ORDER BY id");
	rc = ff_pg_stream(ff_pg_of(base), &q, NULL, player_row, &c, "reading results", err);
	ff_buf_free(&q.sql);
	return rc;
}
