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

/* Append text, the parameter v and after to q, when v is set. */
static void cond(struct ff_pg_query *q, const char *text, const char *v, const char *after)
{
	if (!v)
		return;
	ff_buf_adds(&q->sql, text);
	ff_pg_param(q, v);
	ff_buf_adds(&q->sql, after);
}

/* The option filter: the ruleset's options have every one of the
   parameter's (blank-separated, each a name or name=value), as a whole
   word or as its name with a value (db/sqlite_stats.c's, in one
   condition). */
#define OPTION_MATCH " AND NOT EXISTS (SELECT 1 FROM regexp_split_to_table("
#define OPTION_MATCH_END ", '[ \t]+') AS w WHERE w <> ''" \
	" AND strpos(' ' || options || ' ', ' ' || w || ' ') = 0" \
	" AND strpos(' ' || options, ' ' || w || '=') = 0)"

/* A number condition: text, n (written into num, 24 bytes) as an integer. */
static void num_cond(struct ff_pg_query *q, const char *text, long n, char *num)
{
	if (!n)
		return;
	snprintf(num, 24, "%ld", n);
	cond(q, text, num, "::integer");
}

/* The game, preset and option filters of a store at schema 6 or later:
   the ruleset ids they allow, looked up in rulesets first and given to
   the query as an array (ruleset = ANY), which the index seeks one by one
   in parallel. (With the lookup as a subquery PostgreSQL joined every
   game to rulesets by hash, in one process: 3 times the time of no
   filter. Nor is games.game tested: it is not in the index, so the scan
   would read every row's table page; 10.9 s against 1.4 s on 10,000,000
   games.) The array's text is kept in s->filt. Returns 0, or -1 with
   err. */
static int ruleset_filter(struct ff_pg *s, struct ff_pg_query *q, const struct ff_stats_filter *f,
			  struct ff_error *err)
{
	struct ff_pg_query r = { FF_BUF_INIT, { NULL }, 0 };
	PGresult *res = NULL;
	int rc;

	if (!f->game && !f->preset && !f->option)
		return 0;
	ff_buf_adds(&r.sql, "SELECT coalesce(array_agg(ruleset), '{}') FROM rulesets WHERE true");
	cond(&r, " AND game = ", f->game, "");
	cond(&r, " AND preset = ", f->preset, "");
	cond(&r, OPTION_MATCH, f->option, OPTION_MATCH_END);
	rc = ff_pg_run(s, &r, &res, err);
	ff_buf_free(&r.sql);
	if (rc)
		return -1;
	ff_buf_reset(&s->filt);
	if (PQntuples(res) != 1 || ff_buf_adds(&s->filt, PQgetvalue(res, 0, 0))) {
		PQclear(res);
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	PQclear(res);
	cond(q, " AND ruleset = ANY (", s->filt.p, "::text[])");
	return 0;
}

/* The same for a store at schema 5, whose games rows have the columns. */
static void ruleset_columns(struct ff_pg_query *q, const struct ff_stats_filter *f)
{
	cond(q, " AND game = ", f->game, "");
	cond(q, " AND preset = ", f->preset, "");
	cond(q, OPTION_MATCH, f->option, OPTION_MATCH_END);
}

int ff_pg_filter_sql(struct ff_pg *s, struct ff_pg_query *q, const struct ff_stats_filter *f,
		     char *num, size_t numsize, struct ff_error *err)
{
	if (s->base.version < 6)
		ruleset_columns(q, f);
	else if (ruleset_filter(s, q, f, err))
		return -1;
	cond(q, " AND origin = ", f->origin, "");
	cond(q, " AND date >= ", f->since, "");
	cond(q, " AND date <= ", f->until, "");
	/* the player's id, looked up once, matched in the covering index */
	cond(q, " AND strpos(players, ' ' || (SELECT id FROM players WHERE name = ", f->player,
	     ")::text || ' ') > 0");
	cond(q, " AND result = ", f->result, "");
	if (s->base.version >= 6)
		cond(q, " AND seed = ", f->seed, "");
	else
		cond(q, " AND id IN (SELECT game_id FROM tags WHERE name = 'Seed' AND value = ",
		     f->seed, ")");
	if (numsize < FF_PG_FILTER_NUM)   /* num: room for five numbers */
		return ff_error_set(err, FF_ENOMEM, "no room for the filter's numbers");
	num_cond(q, " AND plies >= ", f->min_plies, num);
	num_cond(q, " AND plies <= ", f->max_plies, num + 24);
	num_cond(q, " AND seats = ", f->seats, num + 48);
	cond(q, " AND ruleset = ", f->ruleset, "");
	if (f->after) {
		snprintf(num + 72, 24, "%lld", f->after);
		cond(q, f->desc ? " AND id < " : " AND id > ", num + 72, "::bigint");
	}
	if (f->id) {
		snprintf(num + 96, 24, "%lld", f->id);
		cond(q, " AND id = ", num + 96, "::bigint");
	}
	return 0;
}

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
	char num[FF_PG_FILTER_NUM];
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
