/* The SQLite backend's statistics query: one ordered scan of the
   covering index games_stats, grouped in the database by ruleset id,
   seat count, length and outcome (the index's leading columns, in its
   order: nothing is sorted), folded into groups by db/stats.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/sqlite.h"
#include "lib/buf.h"

/* The blanks between the options of a filter. */
#define BLANKS " \t"

/* " AND" a condition per option of f->option (blank-separated, each a
   name or name=value): the ruleset's options have it, as a whole word or
   as its name with a value. The k-th is bound as :optionK. */
static void option_match(struct ff_buf *sql, const char *list)
{
	size_t k = 0, n;

	for (; list && *list; list += n) {
		list += strspn(list, BLANKS);
		if (!(n = strcspn(list, BLANKS)))
			continue;
		ff_buf_addf(sql, " AND (instr(' ' || options || ' ', ' ' || :option%zu || ' ') > 0"
				 " OR instr(' ' || options, ' ' || :option%zu || '=') > 0)", k, k);
		k++;
	}
}

/* Bind what option_match asks for. */
static void bind_options(sqlite3_stmt *st, const char *list)
{
	char name[32];
	size_t k = 0, n;

	for (; list && *list; list += n) {
		list += strspn(list, BLANKS);
		if (!(n = strcspn(list, BLANKS)))
			continue;
		snprintf(name, sizeof name, ":option%zu", k++);
		sqlite3_bind_text(st, sqlite3_bind_parameter_index(st, name), list, (int)n,
				  SQLITE_STATIC);
	}
}

/* The game, preset and option filters of a store at schema 6 or later:
   the ruleset ids they allow, from rulesets, which the covering index
   seeks one by one. */
static void ruleset_filter(struct ff_buf *sql, const struct ff_stats_filter *f)
{
	if (!f->game && !f->preset && !f->option)
		return;
	ff_buf_adds(sql, " AND ruleset IN (SELECT ruleset FROM rulesets WHERE 1");
	if (f->game)
		ff_buf_adds(sql, " AND game = :game");
	if (f->preset)
		ff_buf_adds(sql, " AND preset = :preset");
	option_match(sql, f->option);
	ff_buf_adds(sql, ")");
}

/* The same for older stores, whose games rows have these columns. */
static void ruleset_columns(struct ff_buf *sql, const struct ff_stats_filter *f)
{
	/* a ruleset id starts "GAME/PRESET" and goes on with ':' or ends, so
	   the game and preset also bound the id: a range the index seeks */
	if (f->game)
		ff_buf_adds(sql, " AND game = :game");
	if (f->preset)
		ff_buf_adds(sql, " AND preset = :preset");
	if (f->game && f->preset)
		ff_buf_adds(sql, " AND ruleset >= :game || '/' || :preset"
				 " AND ruleset < :game || '/' || :preset || ';'");
	else if (f->game)
		ff_buf_adds(sql, " AND ruleset >= :game || '/' AND ruleset < :game || '0'");
	option_match(sql, f->option);
}

void ff_sqlite_filter_sql(const struct ff_sqlite *s, struct ff_buf *sql,
			  const struct ff_stats_filter *f)
{
	if (s->base.version >= 6)
		ruleset_filter(sql, f);
	else
		ruleset_columns(sql, f);
	if (f->origin)
		ff_buf_adds(sql, " AND origin = :origin");
	if (f->since)
		ff_buf_adds(sql, " AND date >= :since");
	if (f->until)
		ff_buf_adds(sql, " AND date <= :until");
	if (f->player && s->base.version >= 5)   /* in the covering index */
		ff_buf_adds(sql, " AND instr(players, ' ' || (SELECT id FROM players"
				 " WHERE name = :player) || ' ') > 0");
	else if (f->player)
		ff_buf_adds(sql, " AND id IN (SELECT seats.game_id FROM seats JOIN players"
				 " ON players.id = seats.player_id WHERE players.name = :player)");
	if (f->result)
		ff_buf_adds(sql, " AND result = :result");
	if (f->seed && s->base.version >= 6)
		ff_buf_adds(sql, " AND seed = :seed");
	else if (f->seed)
		ff_buf_adds(sql, " AND id IN (SELECT game_id FROM tags WHERE name = 'Seed'"
				 " AND value = :seed)");
	if (f->min_plies)
		ff_buf_adds(sql, " AND plies >= :min_plies");
	if (f->max_plies)
		ff_buf_adds(sql, " AND plies <= :max_plies");
	if (f->seats)
		ff_buf_adds(sql, " AND seats = :seats");
	if (f->ruleset)
		ff_buf_adds(sql, " AND ruleset = :ruleset");
	if (f->after)
		ff_buf_adds(sql, f->desc ? " AND id < :after" : " AND id > :after");
	if (f->id)
		ff_buf_adds(sql, " AND id = :id");
}

void ff_sqlite_bind_filter(sqlite3_stmt *st, const struct ff_stats_filter *f)
{
#define BIND(name, v) \
	if (v) sqlite3_bind_text(st, sqlite3_bind_parameter_index(st, name), v, -1, SQLITE_STATIC)
	BIND(":game", f->game);
	BIND(":preset", f->preset);
	BIND(":origin", f->origin);
	BIND(":since", f->since);
	BIND(":until", f->until);
	BIND(":player", f->player);
	BIND(":result", f->result);
	BIND(":seed", f->seed);
	BIND(":ruleset", f->ruleset);
#undef BIND
	bind_options(st, f->option);
	if (f->min_plies)
		sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":min_plies"), f->min_plies);
	if (f->max_plies)
		sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":max_plies"), f->max_plies);
	if (f->seats)
		sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":seats"), f->seats);
	if (f->limit)
		sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":limit"), f->limit);
	if (f->after)
		sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":after"), f->after);
	if (f->id)
		sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":id"), f->id);
}

/* The statistics query for f: one pass over the covering index in group
   order, so no table row is read and nothing is sorted. */
static void stats_sql(const struct ff_sqlite *s, struct ff_buf *sql,
		      const struct ff_stats_filter *f)
{
	ff_buf_adds(sql, "SELECT ruleset, seats, plies, sides, first_side, winner_side,"
			 " result = '*', count(*) FROM games INDEXED BY games_stats WHERE 1");
	ff_sqlite_filter_sql(s, sql, f);
	ff_buf_adds(sql, " GROUP BY ruleset, seats, plies, sides, first_side, winner_side, result"
			 " ORDER BY ruleset, seats, plies, sides, first_side, winner_side, result");
}

/* Prepare the statistics query for f, after prefix ("" or "EXPLAIN QUERY
   PLAN "), with its values bound. Returns 0 or -1 with err. */
static int prepare_stats(struct ff_sqlite *s, const struct ff_stats_filter *f, const char *prefix,
			 sqlite3_stmt **st, struct ff_error *err)
{
	struct ff_buf sql = FF_BUF_INIT;
	int rc = 0;

	*st = NULL;
	ff_buf_adds(&sql, prefix);
	stats_sql(s, &sql, f);
	if (!sql.p || sqlite3_prepare_v2(s->db, sql.p, -1, st, NULL) != SQLITE_OK)
		rc = ff_sqlite_fail(s, err, "preparing the statistics query");
	else
		ff_sqlite_bind_filter(*st, f);
	ff_buf_free(&sql);
	return rc;
}

int ff_sqlite_stats_plan(struct ff_store *base, const struct ff_stats_filter *f, struct ff_buf *plan,
			 struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	sqlite3_stmt *st;
	int rc, step;

	if ((rc = prepare_stats(s, f, "EXPLAIN QUERY PLAN ", &st, err)) != 0)
		return rc;
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		if (ff_buf_addf(plan, "%s\n", (const char *)sqlite3_column_text(st, 3))) {
			rc = ff_error_set(err, FF_ENOMEM, "out of memory");
			break;
		}
	if (rc == 0 && step != SQLITE_DONE)
		rc = ff_sqlite_fail(s, err, "reading the statistics query plan");
	sqlite3_finalize(st);
	return rc;
}

int ff_sqlite_stats(struct ff_store *base, const struct ff_stats_filter *f, struct ff_stats_acc *acc,
		    struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	sqlite3_stmt *st;
	int rc, step;

	if ((rc = prepare_stats(s, f, "", &st, err)) != 0)
		return rc;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = ff_stats_acc_add(acc, (const char *)sqlite3_column_text(st, 0),
				      sqlite3_column_int(st, 1), sqlite3_column_int(st, 3),
				      sqlite3_column_int(st, 2), sqlite3_column_int(st, 4),
				      sqlite3_column_int(st, 5), sqlite3_column_int(st, 6),
				      (long)sqlite3_column_int64(st, 7));
		if (rc)
			break;
	}
	if (rc == -1)
		ff_error_set(err, FF_ENOMEM, "out of memory");
	else if (rc == 0 && step != SQLITE_DONE)
		rc = ff_sqlite_fail(s, err, "reading games");
	sqlite3_finalize(st);
	return rc;
}
