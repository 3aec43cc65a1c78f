/* The door to the engines (lib/rules.h): the defaults of the optional
   hooks that take more than a line. */
#include "config.h"

#define FF_RULES_DOOR 1   /* the door reads the hooks (lib/ruleset.h, FF_HOOK) */
#include "lib/ruleset.h"

int ff_rules_is_legal(const struct ff_rules *r, const void *st, const struct ff_ply *ply,
		      struct ff_ply *scratch)
{
	int i, n;

	if (r->is_legal)
		return r->is_legal(st, ply);
	n = r->legal(st, ply->chance, scratch);
	for (i = 0; i < n; i++)
		if (ff_ply_eq(&scratch[i], ply))
			return 1;
	return 0;
}

int ff_rules_random_ply(const struct ff_rules *r, const void *st, int chance,
			int (*pick)(void *ctx, int n), void *ctx, struct ff_ply *out,
			unsigned flags)
{
	int n, k;

	if (r->sample && (r->sample_exact || (flags & FF_RANDOM_SAMPLE)) &&
	    r->sample(st, chance, pick, ctx, out) == 0)
		return 0;
	n = r->legal(st, chance, out);
	if ((k = pick(ctx, n)) != 0)
		out[0] = out[k];
	return 0;
}

int ff_rules_check_chance(const struct ff_rules *r, const void *st, int chance,
			  struct ff_error *err)
{
	if (r->check_chance)
		return r->check_chance(st, chance, err);
	return chance == FF_NO_CHANCE ? 0 : ff_error_set(err, FF_EBAD_ROLL, "game '%s' has no throws",
							 r->name);
}
