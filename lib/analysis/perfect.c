/* The perfect agent: each legal ply is played on a copy of the position
   and its successor looked up in the solution; the value for the side
   that moves is the successor's own value when that side moves there
   again, and one minus it otherwise (lib/analysis/solve.c). */
#include "config.h"

#include <string.h>

#include "lib/analysis/perfect.h"
#include "lib/analysis/solve.h"

#define STATE_MAX 4096   /* the state of a game that can be solved fits */
#define TIE 1e-12        /* values closer than this are equal */

/* The value of ply p for the side to move of st; -1 when the solution
   lacks the successor (it is then never chosen over a known one). */
static double ply_value(const struct ff_solution *sol, const struct ff_rules *r,
			const void *st, const struct ff_ply *p, int side)
{
	unsigned char next[STATE_MAX];
	struct ff_ply q = *p;
	long j;

	if (r->state_size > sizeof next)
		return -1;
	memcpy(next, st, r->state_size);
	if (r->apply(next, &q, NULL, NULL) || (j = ff_solution_find(sol, next)) < 0)
		return -1;
	return r->side_of(next, r->to_move(next)) == side ? sol->value[j] : 1 - sol->value[j];
}

static int perfect_choose(const void *ctx, const struct ff_rules *r, const void *st,
			  const struct ff_ply *legal, int n, struct ff_rng *rng)
{
	int side = r->side_of(st, r->to_move(st)), i, best = 0, ties = 0;
	double v, bestv = -2;

	for (i = 0; i < n; i++) {
		v = ply_value(ctx, r, st, &legal[i], side);
		if (v > bestv + TIE) {
			bestv = v;
			best = i;
			ties = 1;
		} else if (v >= bestv - TIE && ff_rng_bounded(rng, (uint64_t)++ties) == 0) {
			best = i;
		}
	}
	return best;
}

const struct ff_agent ff_agent_perfect = {
	"perfect", "the best ply of a solution: simulate --solution FILE (from solve -o)",
	NULL, 0, perfect_choose
};
