/* Agents for simulations. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/agents/mcts.h"
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
	.name = "random", .help = "a uniformly random legal ply (every game)",
	.choose = random_choose, .uniform = 1
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

void ff_agent_scores(const void *st, const struct ff_ply *legal, int n, long *score,
		     long (*fn)(const void *st, const struct ff_ply *ply, void *ctx), void *ctx)
{
	int i;

	for (i = 0; i < n; i++)
		score[i] = fn(st, &legal[i], ctx);
}

/* The agents every engine has, then those of engines that can be solved. */
static const struct ff_agent *const generic[] = { &ff_agent_random, &ff_agent_mcts };

const struct ff_agent *ff_agent_at(const struct ff_rules *rules, int i)
{
	int ng = (int)(sizeof generic / sizeof generic[0]);

	if (i < 0)
		return NULL;
	if (i < ng)
		return generic[i];
	i -= ng;
	if (ff_rules_can(rules, FF_CAN_SOLVE) && i-- == 0)
		return &ff_agent_perfect;
	return i < rules->nagents ? &rules->agents[i] : NULL;
}

const struct ff_agent *ff_agent_find(const struct ff_rules *rules, const char *name)
{
	const struct ff_agent *a;
	int i;

	for (i = 0; (a = ff_agent_at(rules, i)) != NULL; i++)
		if (strcmp(a->name, name) == 0)
			return a;
	return NULL;
}

const char *ff_agent_default_options(const struct ff_config *cfg, const struct ff_agent *a)
{
	const struct ff_rules *r = cfg->rules;
	int i;

	for (i = 0; i < r->nagent_defaults; i++) {
		const struct ff_agent_defaults *d = &r->agent_defaults[i];

		if (strcmp(d->agent, a->name) == 0 &&
		    (!d->presets || (cfg->preset < 32 && d->presets & (1u << cfg->preset))))
			return d->options;
	}
	return "";
}

/* The options given and the defaults dflt together were refused with
   err: where the options given alone are not, the defaults are named in
   err (a default the given options clash with); where they are, err is
   their own refusal. */
static void blame_defaults(const struct ff_config *cfg, const struct ff_agent *a,
			   const char *given, const char *dflt, struct ff_error *err)
{
	struct ff_error own;
	void *alone = a->create(cfg->rules, given, &own);
	size_t n = strlen(err->msg);

	if (!alone)
		*err = own;
	else if (n + strlen(dflt) + 64 < sizeof err->msg)
		snprintf(err->msg + n, sizeof err->msg - n, " (the defaults of %s/%s: %s:%s)",
			 cfg->rules->name, cfg->rules->presets[cfg->preset].name, a->name, dflt);
	if (alone && a->destroy)
		a->destroy(alone);
}

void *ff_agent_create(const struct ff_config *cfg, const struct ff_agent *a, const char *given,
		      struct ff_error *err)
{
	const char *dflt = ff_agent_default_options(cfg, a);
	struct ff_buf opts = { 0 };
	void *ctx = NULL;

	if (!given)
		given = "";
	if (ff_buf_adds(&opts, dflt) || (*dflt && *given && ff_buf_addc(&opts, ';')) ||
	    ff_buf_adds(&opts, given) || ff_buf_addc(&opts, '\0')) {
		ff_error_set(err, FF_ENOMEM, "out of memory");
	} else if (!(ctx = a->create(cfg->rules, opts.p, err)) && *dflt) {
		blame_defaults(cfg, a, given, dflt, err);
	}
	ff_buf_free(&opts);
	return ctx;
}
