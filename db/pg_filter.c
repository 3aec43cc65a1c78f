/* The PostgreSQL backend's filters (db/pg.h's second layer): the
   conditions of `stats`, `export`, `ratings` and the like as SQL with
   parameters, the SQLite backend's (db/sqlite_stats.c) in PostgreSQL's
   words. Calls only db/pg_conn.c. */
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
	if (numsize >= 72) {   /* num: room for three numbers */
		num_cond(q, " AND plies >= ", f->min_plies, num);
		num_cond(q, " AND plies <= ", f->max_plies, num + 24);
		num_cond(q, " AND seats = ", f->seats, num + 48);
	}
	return 0;
}
