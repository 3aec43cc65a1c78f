/* The PostgreSQL backend's analyses: the SQLite backend's
   (db/sqlite_analysis.c) in PostgreSQL's words. Keeping an analysis is
   one transaction; two processes keeping the same game's analysis at
   once meet at its row (ON CONFLICT), not in an error. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/pg.h"

/* Run q (no rows wanted). Returns 0 or -1 with err. */
static int run_q(struct ff_pg *s, const struct ff_pg_query *q, struct ff_error *err)
{
	PGresult *res;

	if (ff_pg_run(s, q, &res, err))
		return -1;
	PQclear(res);
	return 0;
}

/* Keep a's seats under analysis id aid (text), the old ones gone. Returns
   0 or -1 with err. */
static int put_seats(struct ff_pg *s, const char *aid, const struct ff_store_analysis *a,
		     struct ff_error *err)
{
	struct ff_pg_query q = { FF_BUF_INIT, { NULL }, 0 };
	char num[7][32];
	int i, rc;

	ff_buf_adds(&q.sql, "DELETE FROM analysis_seats WHERE analysis_id = ");
	ff_pg_param(&q, aid);
	ff_buf_adds(&q.sql, "::bigint");
	rc = run_q(s, &q, err);
	for (i = 0; !rc && i < a->seats; i++) {
		const struct ff_store_seat_analysis *e = &a->seat[i];

		ff_buf_reset(&q.sql);
		q.n = 0;
		snprintf(num[0], sizeof num[0], "%d", e->seat);
		snprintf(num[1], sizeof num[1], "%d", e->plies);
		snprintf(num[2], sizeof num[2], "%d", e->decisions);
		snprintf(num[3], sizeof num[3], "%.17g", e->error);
		snprintf(num[4], sizeof num[4], "%.17g", e->decisions ? e->error / e->decisions : 0);
		snprintf(num[5], sizeof num[5], "%d", e->errors);
		snprintf(num[6], sizeof num[6], "%.17g", e->luck);
		ff_buf_adds(&q.sql, "INSERT INTO analysis_seats VALUES (");
		ff_pg_param(&q, aid);
		ff_buf_adds(&q.sql, "::bigint, ");
		ff_pg_param(&q, num[0]);
		ff_buf_adds(&q.sql, "::integer, ");
		ff_pg_param(&q, num[1]);
		ff_buf_adds(&q.sql, "::integer, ");
		ff_pg_param(&q, num[2]);
		ff_buf_adds(&q.sql, "::integer, ");
		ff_pg_param(&q, num[3]);
		ff_buf_adds(&q.sql, "::double precision, ");
		if (e->decisions)
			ff_pg_param(&q, num[4]);
		else
			ff_buf_adds(&q.sql, "NULL");
		ff_buf_adds(&q.sql, "::double precision, ");
		ff_pg_param(&q, num[5]);
		ff_buf_adds(&q.sql, "::integer, ");
		ff_pg_param(&q, num[6]);
		ff_buf_adds(&q.sql, "::double precision)");
		rc = run_q(s, &q, err);
	}
	ff_buf_free(&q.sql);
	return rc;
}

/* Insert or update a's row (the game of key); *aid gets its id (text, size bytes), empty
   when the store has no game of a's key. Returns 0 or -1 with err. */
static int put_analysis(struct ff_pg *s, const struct ff_store_analysis *a, const char *key,
			char *aid, size_t size, struct ff_error *err)
{
	struct ff_pg_query q = { FF_BUF_INIT, { NULL }, 0 };
	char thr[32], start[32];
	PGresult *res;
	int rc;

	snprintf(thr, sizeof thr, "%.17g", a->threshold);
	snprintf(start, sizeof start, "%.17g", a->start);
	ff_buf_adds(&q.sql, "INSERT INTO analyses (game_id, method, budget, threshold, start, plies)"
			    " SELECT id, ");
	ff_pg_param(&q, a->method);
	ff_buf_adds(&q.sql, ", ");
	ff_pg_param(&q, a->budget);
	ff_buf_adds(&q.sql, ", ");
	ff_pg_param(&q, thr);
	ff_buf_adds(&q.sql, "::double precision, ");
	ff_pg_param(&q, start);
	ff_buf_adds(&q.sql, "::double precision, ");
	ff_pg_param(&q, a->plies);
	ff_buf_adds(&q.sql, " FROM games WHERE game = ");
	ff_pg_param(&q, a->game);
	ff_buf_adds(&q.sql, " AND hash = decode(");
	ff_pg_param(&q, key);
	ff_buf_adds(&q.sql, ", 'hex') ON CONFLICT (game_id, method, budget) DO UPDATE SET"
			    " threshold = excluded.threshold, start = excluded.start,"
			    " plies = excluded.plies RETURNING id");
	rc = ff_pg_run(s, &q, &res, err);
	ff_buf_free(&q.sql);
	if (rc)
		return -1;
	snprintf(aid, size, "%s", PQntuples(res) ? PQgetvalue(res, 0, 0) : "");
	PQclear(res);
	return 0;
}

int ff_pg_add_analysis(struct ff_store *base, const struct ff_store_analysis *a, const char *key,
		       struct ff_error *err)
{
	struct ff_pg *s = ff_pg_of(base);
	char aid[32];

	if (strlen(key) != FF_KEY_HEX || strspn(key, "0123456789abcdef") != FF_KEY_HEX)
		return ff_error_set(err, FF_EIO, "an analysis's key is no SHA-256 in hex");
	if (ff_pg_exec(s, "BEGIN", err))
		return -1;
	if (put_analysis(s, a, key, aid, sizeof aid, err) || (aid[0] && put_seats(s, aid, a, err)) ||
	    ff_pg_exec(s, aid[0] ? "COMMIT" : "ROLLBACK", err)) {
		PQclear(PQexec(s->conn, "ROLLBACK"));
		return -1;
	}
	return aid[0] != '\0';
}

struct player_ctx {
	int (*cb)(void *ctx, const struct ff_player_analysis *p);
	void *ctx;
};

static int player_row(void *ctx2, const PGresult *res)
{
	struct player_ctx *c = ctx2;
	struct ff_player_analysis p;

	p.player = PQgetvalue(res, 0, 0);
	p.method = PQgetvalue(res, 0, 1);
	p.budget = PQgetvalue(res, 0, 2);
	p.game_id = atoll(PQgetvalue(res, 0, 3));
	p.decisions = atoi(PQgetvalue(res, 0, 4));
	p.errors = atoi(PQgetvalue(res, 0, 5));
	p.error = strtod(PQgetvalue(res, 0, 6), NULL);
	p.luck = strtod(PQgetvalue(res, 0, 7), NULL);
	return c->cb(c->ctx, &p);
}

int ff_pg_player_analysis(struct ff_store *base, const struct ff_stats_filter *f,
			  int (*cb)(void *ctx, const struct ff_player_analysis *p), void *ctx,
			  struct ff_error *err)
{
	struct ff_pg *s = ff_pg_of(base);
	struct ff_pg_query q = { FF_BUF_INIT, { NULL }, 0 };
	struct player_ctx c = { cb, ctx };
	char num[FF_PG_FILTER_NUM];
	int rc;

	ff_buf_adds(&q.sql, "SELECT p.name COLLATE \"C\" AS pname, a.method, a.budget, a.game_id,"
			    " sum(x.decisions), sum(x.errors), sum(x.error)::text, sum(x.luck)::text"
			    " FROM analyses a JOIN analysis_seats x ON x.analysis_id = a.id"
			    " JOIN seats st ON st.game_id = a.game_id AND st.seat = x.seat"
			    " JOIN players p ON p.id = st.player_id"
			    " WHERE a.game_id IN (SELECT games.id FROM games WHERE true");
	if (ff_pg_filter_sql(s, &q, f, num, sizeof num, err)) {
		ff_buf_free(&q.sql);
		return -1;
	}
	ff_buf_adds(&q.sql, ") GROUP BY pname, a.method, a.budget, a.game_id"
			    " ORDER BY pname, a.method, a.budget, a.game_id");
	rc = ff_pg_stream(s, &q, NULL, player_row, &c, "reading the analyses", err);
	if (rc == -1 && !err->msg[0])
		ff_error_set(err, FF_ENOMEM, "out of memory");
	ff_buf_free(&q.sql);
	return rc;
}
