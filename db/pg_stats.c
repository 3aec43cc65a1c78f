/* The PostgreSQL backend's statistics query: the games that pass the
   filters grouped in the database by ruleset id, seat count, length and
   outcome, so one row crosses the connection per group and length, not
   one per game; folded into groups by db/stats.c. The conditions are the
   SQLite backend's (db/sqlite_stats.c), in PostgreSQL's words. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/pg.h"

/* The statistics query for f. */
static int stats_sql(struct ff_pg *s, struct ff_pg_query *q, const struct ff_stats_filter *f,
		     char *num, size_t numsize, struct ff_error *err)
{
	ff_buf_adds(&q->sql, "SELECT ruleset, seats, plies, sides, first_side,"
			     " coalesce(winner_side, 0), result = '*', count(*) FROM games WHERE true");
	if (ff_pg_filter_sql(s, q, f, num, numsize, err))
		return -1;
	ff_buf_adds(&q->sql, " GROUP BY ruleset, seats, plies, sides, first_side, winner_side, result"
			     " ORDER BY ruleset, seats, plies");
	return 0;
}

/* Run the statistics query for f after prefix ("" or "EXPLAIN "); its
   rows, or NULL with err. */
static PGresult *run_stats(struct ff_pg *s, const struct ff_stats_filter *f, const char *prefix,
			   struct ff_error *err)
{
	struct ff_pg_query q = { FF_BUF_INIT, { NULL }, 0 };
	char num[72];
	PGresult *res = NULL;

	ff_buf_adds(&q.sql, prefix);
	if (stats_sql(s, &q, f, num, sizeof num, err) == 0)
		ff_pg_run(s, &q, &res, err);
	ff_buf_free(&q.sql);
	return res;
}

int ff_pg_stats(struct ff_store *base, const struct ff_stats_filter *f, struct ff_stats_acc *acc,
		struct ff_error *err)
{
	PGresult *res = run_stats(ff_pg_of(base), f, "", err);
	int rc = 0, i;

	if (!res)
		return -1;
	for (i = 0; i < PQntuples(res) && rc == 0; i++)
		rc = ff_stats_acc_add(acc, PQgetvalue(res, i, 0), atoi(PQgetvalue(res, i, 1)),
				      atoi(PQgetvalue(res, i, 3)), atoi(PQgetvalue(res, i, 2)),
				      atoi(PQgetvalue(res, i, 4)), atoi(PQgetvalue(res, i, 5)),
				      PQgetvalue(res, i, 6)[0] == 't', atol(PQgetvalue(res, i, 7)));
	PQclear(res);
	if (rc == -1)
		ff_error_set(err, FF_ENOMEM, "out of memory");
	return rc;
}

int ff_pg_stats_plan(struct ff_store *base, const struct ff_stats_filter *f, struct ff_buf *plan,
		     struct ff_error *err)
{
	PGresult *res = run_stats(ff_pg_of(base), f, "EXPLAIN ", err);
	int rc = 0, i;

	if (!res)
		return -1;
	for (i = 0; i < PQntuples(res) && rc == 0; i++)
		if (ff_buf_addf(plan, "%s\n", PQgetvalue(res, i, 0)))
			rc = ff_error_set(err, FF_ENOMEM, "out of memory");
	PQclear(res);
	return rc;
}
