/* The perfect agent: plays the ply a solution (lib/analysis/solve.h) rates
   best for its side. */
#ifndef FF_PERFECT_H
#define FF_PERFECT_H

#include "lib/ruleset.h"

/* "perfect": choose_with's ctx is a const struct ff_solution * of the
   ruleset played. Among the plies whose successor has the highest value
   for the side that moves (within 1e-12), one is drawn uniformly from
   the agents' stream. */
extern const struct ff_agent ff_agent_perfect;

#endif
