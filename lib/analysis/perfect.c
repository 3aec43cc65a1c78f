/* The perfect agent: each legal ply is played on a copy of the position
   and its successor looked up in the solution; the value for the side
   that moves is the successor's own value when that side moves there
   again, and one minus it otherwise (lib/analysis/solve.c). */
#include "config.h"

#include "lib/analysis/perfect.h"
#include "lib/analysis/solve.h"

#define TIE 1e-12        /* values closer than this are equal */

static int perfect_choose(const void *ctx, const struct ff_rules *r, const void *st,
			  const struct ff_ply *legal, int n, struct ff_rng *rng)
{
	int i, best = 0, ties = 0;
	double v, bestv = -2;

	(void)r;
	for (i = 0; i < n; i++) {
		v = ff_solution_ply_value(ctx, st, &legal[i]);
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
	.name = "perfect",
	.help = "the best ply of a solution: simulate --solution FILE (from solve -o)",
	.choose_with = perfect_choose, .needs_solution = 1
};
