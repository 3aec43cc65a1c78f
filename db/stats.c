/* `stats`' aggregates, the same from every backend: the backend's query
   sends rows of (ruleset id, seats, plies, first side, winner side,
   finished or not, how many games), grouped and ordered in the database;
   this folds them into one struct ff_stats_group per ruleset id and seat
   count. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "db/backend.h"

/* Invariants: g.lengths is len, ascending by value; sum and sumsq are of
   the plies of g's n games. */
struct ff_stats_acc {
	struct ff_stats_group g;
	struct ff_buf ruleset;
	struct ff_count *len;
	size_t cap;
	double sum, sumsq;
	int (*cb)(void *ctx, const struct ff_stats_group *g);
	void *ctx;
};

/* Hand the group gathered so far to the callback. */
static int emit(struct ff_stats_acc *a)
{
	double n = (double)a->g.n;

	if (a->g.n == 0)
		return 0;
	a->g.ruleset = a->ruleset.p;
	a->g.lengths = a->len;
	a->g.mean = a->sum / n;
	a->g.var = a->g.n > 1 ? (a->sumsq - a->sum * a->sum / n) / (n - 1) : 0;
	if (a->g.var < 0)
		a->g.var = 0;
	return a->cb(a->ctx, &a->g);
}

static int reset(struct ff_stats_acc *a, const char *ruleset, int seats, int sides)
{
	memset(&a->g, 0, sizeof a->g);
	ff_buf_reset(&a->ruleset);
	if (ff_buf_adds(&a->ruleset, ruleset))
		return -1;
	a->g.seats = seats;
	a->g.sides = sides;
	a->sum = a->sumsq = 0;
	return 0;
}

/* Count c more games of length plies (rows come by plies ascending
   within a group). */
static int add_length(struct ff_stats_acc *a, int plies, long c)
{
	size_t k = a->g.nlengths;

	if (k && a->len[k - 1].value == plies) {
		a->len[k - 1].count += c;
		return 0;
	}
	if (k == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 256;
		struct ff_count *p = realloc(a->len, cap * sizeof *p);

		if (!p)
			return -1;
		a->len = p;
		a->cap = cap;
	}
	a->len[k].value = plies;
	a->len[k].count = c;
	a->g.nlengths++;
	return 0;
}

int ff_stats_acc_add(struct ff_stats_acc *a, const char *ruleset, int seats, int sides,
		     int plies, int first_side, int winner_side, int unfinished, long count)
{
	int rc;

	if (!a->ruleset.p || strcmp(a->ruleset.p, ruleset) != 0 || a->g.seats != seats) {
		if ((rc = emit(a)) != 0)
			return rc;
		if (reset(a, ruleset, seats, sides))
			return -1;
	}
	if (add_length(a, plies, count))
		return -1;
	a->g.n += count;
	a->sum += (double)plies * count;
	a->sumsq += (double)plies * plies * count;
	if (unfinished)
		a->g.unfinished += count;
	else if (winner_side <= 0)
		a->g.draws += count;
	else {
		if (winner_side <= (int)(sizeof a->g.side_wins / sizeof a->g.side_wins[0]))
			a->g.side_wins[winner_side - 1] += count;
		if (winner_side == first_side)
			a->g.first_wins += count;
	}
	return 0;
}

int ff_store_stats(struct ff_store *s, const struct ff_stats_filter *f,
		   int (*cb)(void *ctx, const struct ff_stats_group *g), void *ctx,
		   struct ff_error *err)
{
	struct ff_stats_acc a;
	int rc;

	memset(&a, 0, sizeof a);
	a.cb = cb;
	a.ctx = ctx;
	rc = s->be->stats(s, f, &a, err);
	if (rc == 0)
		rc = emit(&a);
	ff_buf_free(&a.ruleset);
	free(a.len);
	return rc;
}
