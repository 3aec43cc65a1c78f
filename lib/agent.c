/* Agents for simulations. */
#include "config.h"

#include <string.h>

#include "lib/agent.h"
#include "lib/analysis/perfect.h"

int ff_agent_uniform_index(struct ff_rng *rng, int n)
{
	return n == 1 ? 0 : (int)ff_rng_bounded(rng, (uint64_t)n);
}

static int random_choose(const void *st, const struct ff_ply *legal, int n, struct ff_rng *rng)
{
	(void)st;
	(void)legal;
	return ff_agent_uniform_index(rng, n);
}

const struct ff_agent ff_agent_random = {
	"random", "a uniformly random legal ply (every game)", random_choose, 1, NULL
};

int ff_agent_argmax(const void *st, const struct ff_ply *legal, int n, struct ff_rng *rng,
		    long (*score)(const void *st, const struct ff_ply *ply, void *ctx), void *ctx)
{
	int i, best = 0, ties = 0;
	long v, bestv = 0;

	for (i = 0; i < n; i++) {
		v = score(st, &legal[i], ctx);
		if (i == 0 || v > bestv) {
			bestv = v;
			best = i;
			ties = 1;
		} else if (v == bestv && ff_rng_bounded(rng, (uint64_t)++ties) == 0) {
			best = i;
		}
	}
	return best;
}

const struct ff_agent *ff_agent_find(const struct ff_rules *rules, const char *name)
{
	int i;

	if (strcmp(name, ff_agent_random.name) == 0)
		return &ff_agent_random;
	if (strcmp(name, ff_agent_perfect.name) == 0 && rules->chances && rules->key)
		return &ff_agent_perfect;   /* games that can be solved */
	for (i = 0; i < rules->nagents; i++)
		if (strcmp(rules->agents[i].name, name) == 0)
			return &rules->agents[i];
	return NULL;
}
