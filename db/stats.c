/* The query behind `stats`: one ordered scan of the covering index
   games_stats, aggregated per ruleset id and seat count. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "db/store_int.h"
#include "lib/buf.h"

struct acc {
	struct ff_stats_group g;
	struct ff_buf ruleset;
	int *plies;
	size_t cap;
	double sum, sumsq;
};

static void acc_reset(struct acc *a, const char *ruleset, int seats, int sides)
{
	memset(&a->g, 0, sizeof a->g);
	ff_buf_reset(&a->ruleset);
	ff_buf_adds(&a->ruleset, ruleset);
	a->g.seats = seats;
	a->g.sides = sides;
	a->sum = a->sumsq = 0;
}

static int acc_add(struct acc *a, int plies, int first_side, int winner, const char *result)
{
	if (a->g.nplies == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 1024;
		int *p = realloc(a->plies, cap * sizeof *p);

		if (!p)
			return -1;
		a->plies = p;
		a->cap = cap;
	}
	a->plies[a->g.nplies++] = plies;
	a->g.n++;
	a->sum += plies;
	a->sumsq += (double)plies * plies;
	if (strcmp(result, "*") == 0)
		a->g.unfinished++;
	else if (winner <= 0)
		a->g.draws++;
	else {
		if (winner <= (int)(sizeof a->g.side_wins / sizeof a->g.side_wins[0]))
			a->g.side_wins[winner - 1]++;
		if (winner == first_side)
			a->g.first_wins++;
	}
	return 0;
}

static int acc_emit(struct acc *a, int (*cb)(void *, const struct ff_stats_group *), void *ctx)
{
	double n = (double)a->g.n;

	if (a->g.n == 0)
		return 0;
	a->g.ruleset = a->ruleset.p;
	a->g.plies = a->plies;
	a->g.mean = a->sum / n;
	a->g.var = a->g.n > 1 ? (a->sumsq - a->sum * a->sum / n) / (n - 1) : 0;
	if (a->g.var < 0)
		a->g.var = 0;
	return cb(ctx, &a->g);
}

void ff_store_filter_sql(const struct ff_store *s, struct ff_buf *sql,
			 const struct ff_stats_filter *f)
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
	if (f->option)
		ff_buf_adds(sql, " AND (instr(' ' || options || ' ', ' ' || :option || ' ') > 0"
				 " OR instr(' ' || options, ' ' || :option || '=') > 0)");
	if (f->origin)
		ff_buf_adds(sql, " AND origin = :origin");
	if (f->since)
		ff_buf_adds(sql, " AND date >= :since");
	if (f->until)
		ff_buf_adds(sql, " AND date <= :until");
	if (f->player && s->version >= 5)   /* in the covering index */
		ff_buf_adds(sql, " AND instr(players, ' ' || (SELECT id FROM players"
				 " WHERE name = :player) || ' ') > 0");
	else if (f->player)
		ff_buf_adds(sql, " AND id IN (SELECT seats.game_id FROM seats JOIN players"
				 " ON players.id = seats.player_id WHERE players.name = :player)");
	if (f->result)
		ff_buf_adds(sql, " AND result = :result");
	if (f->seed)
		ff_buf_adds(sql, " AND id IN (SELECT game_id FROM tags WHERE name = 'Seed'"
				 " AND value = :seed)");
	if (f->min_plies)
		ff_buf_adds(sql, " AND plies >= :min_plies");
	if (f->max_plies)
		ff_buf_adds(sql, " AND plies <= :max_plies");
}

void ff_store_bind_filter(sqlite3_stmt *st, const struct ff_stats_filter *f)
{
#define BIND(name, v) \
	if (v) sqlite3_bind_text(st, sqlite3_bind_parameter_index(st, name), v, -1, SQLITE_STATIC)
	BIND(":game", f->game);
	BIND(":preset", f->preset);
	BIND(":option", f->option);
	BIND(":origin", f->origin);
	BIND(":since", f->since);
	BIND(":until", f->until);
	BIND(":player", f->player);
	BIND(":result", f->result);
	BIND(":seed", f->seed);
#undef BIND
	if (f->min_plies)
		sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":min_plies"), f->min_plies);
	if (f->max_plies)
		sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":max_plies"), f->max_plies);
	if (f->limit)
		sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":limit"), f->limit);
}

/* The statistics query for f: one pass over the covering index in group
   order, so no table row is read and nothing is sorted. */
static void stats_sql(const struct ff_store *s, struct ff_buf *sql,
		      const struct ff_stats_filter *f)
{
	ff_buf_adds(sql, "SELECT ruleset, seats, sides, plies, first_side, winner_side, result"
			 " FROM games INDEXED BY games_stats WHERE 1");
	ff_store_filter_sql(s, sql, f);
	ff_buf_adds(sql, " ORDER BY ruleset, seats, plies");
}

int ff_store_stats_plan(struct ff_store *s, const struct ff_stats_filter *f, struct ff_buf *plan,
			struct ff_error *err)
{
	struct ff_buf sql = FF_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = 0, step;

	ff_buf_adds(&sql, "EXPLAIN QUERY PLAN ");
	stats_sql(s, &sql, f);
	if (!sql.p || sqlite3_prepare_v2(s->db, sql.p, -1, &st, NULL) != SQLITE_OK) {
		rc = ff_store_fail(s, err, "preparing the statistics query plan");
		goto out;
	}
	ff_store_bind_filter(st, f);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		if (ff_buf_addf(plan, "%s\n", (const char *)sqlite3_column_text(st, 3))) {
			rc = ff_error_set(err, FF_ENOMEM, "out of memory");
			goto out;
		}
	if (step != SQLITE_DONE)
		rc = ff_store_fail(s, err, "reading the statistics query plan");
out:
	sqlite3_finalize(st);
	ff_buf_free(&sql);
	return rc;
}

int ff_store_stats(struct ff_store *s, const struct ff_stats_filter *f,
		   int (*cb)(void *ctx, const struct ff_stats_group *g), void *ctx,
		   struct ff_error *err)
{
	struct ff_buf sql = FF_BUF_INIT;
	struct acc a;
	sqlite3_stmt *st = NULL;
	int rc = 0, step;

	memset(&a, 0, sizeof a);
	stats_sql(s, &sql, f);
	if (!sql.p || sqlite3_prepare_v2(s->db, sql.p, -1, &st, NULL) != SQLITE_OK) {
		rc = ff_store_fail(s, err, "preparing the statistics query");
		goto out;
	}
	ff_store_bind_filter(st, f);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		const char *ruleset = (const char *)sqlite3_column_text(st, 0);
		int seats = sqlite3_column_int(st, 1);

		if (!a.ruleset.p || strcmp(a.ruleset.p, ruleset) != 0 || a.g.seats != seats) {
			if ((rc = acc_emit(&a, cb, ctx)) != 0)
				goto out;
			acc_reset(&a, ruleset, seats, sqlite3_column_int(st, 2));
		}
		if (acc_add(&a, sqlite3_column_int(st, 3), sqlite3_column_int(st, 4),
			    sqlite3_column_int(st, 5), (const char *)sqlite3_column_text(st, 6))) {
			rc = ff_error_set(err, FF_ENOMEM, "out of memory");
			goto out;
		}
	}
	if (step != SQLITE_DONE) {
		rc = ff_store_fail(s, err, "reading games");
		goto out;
	}
	rc = acc_emit(&a, cb, ctx);
out:
	sqlite3_finalize(st);
	ff_buf_free(&sql);
	ff_buf_free(&a.ruleset);
	free(a.plies);
	return rc;
}
