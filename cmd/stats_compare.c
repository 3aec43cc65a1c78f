/* stats --compare (cmd/stats_plot.h): the ruleset ids that differ only
   in one option (or preset) paired as arms of one base, each arm's
   first-player rate and length set against the first arm's, for `stats`
   and `serve`'s statistics page. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/stats_plot.h"
#include "lib/ruleset.h"
#include "lib/statmath.h"

#define DEFAULT_ARM "(default)"   /* the arm where the option is at its default */

/* --compare rules: split a ruleset id "game/preset:options" into its base
   without the preset ("game:options") and the arm (the preset). Returns 1
   when the preset is the game's default (its first). */
static int split_preset(const char *id, struct ff_buf *base, struct ff_buf *arm)
{
	const struct ff_rules *rules;
	size_t game = strcspn(id, "/:"), preset;

	ff_buf_reset(base);
	ff_buf_reset(arm);
	ff_buf_add(base, id, game);
	rules = ff_rules_find(base->p);
	if (id[game] == '/')
		game++;
	preset = strcspn(id + game, ":");
	ff_buf_add(arm, id + game, preset);
	ff_buf_adds(base, id + game + preset);
	return rules && rules->npresets && strcmp(arm->p ? arm->p : "", rules->presets[0].name) == 0;
}

/* Split a ruleset id into its base without `option` and the arm (the
   option's item, or "(default)" when it is at its default); with option
   "rules", without the preset (split_preset). Returns 1 for the default
   arm. */
int ff_stats_split_arm(const char *id, const char *option, struct ff_buf *base, struct ff_buf *arm)
{
	const char *colon = strchr(id, ':'), *p;
	size_t olen = strlen(option);
	int kept = 0;

	if (strcmp(option, FF_COMPARE_RULES) == 0)
		return split_preset(id, base, arm);
	ff_buf_reset(base);
	ff_buf_reset(arm);
	ff_buf_add(base, id, colon ? (size_t)(colon - id) : strlen(id));
	for (p = colon ? colon + 1 : NULL; p && *p;) {
		size_t len = strcspn(p, ",");

		if ((len == olen || (len > olen && p[olen] == '=')) && strncmp(p, option, olen) == 0) {
			ff_buf_add(arm, p, len);
		} else {
			ff_buf_addc(base, kept ? ',' : ':');
			ff_buf_add(base, p, len);
			kept = 1;
		}
		p += len;
		if (*p == ',')
			p++;
	}
	if (!arm->len)
		ff_buf_adds(arm, DEFAULT_ARM);
	return strcmp(arm->p, DEFAULT_ARM) == 0;
}

struct arm {
	char *base, *arm;
	int dflt;            /* the default arm: the one the others are set against */
	const struct row *r;
};

/* Arms pair when they have the same base and the same seat count. */
static int same_base(const struct arm *x, const struct arm *y)
{
	return strcmp(x->base, y->base) == 0 && x->r->seats == y->r->seats;
}

static int cmp_arm(const void *a, const void *b)
{
	const struct arm *x = a, *y = b;
	int c = strcmp(x->base, y->base);

	if (c)
		return c;
	if (x->r->seats != y->r->seats)
		return x->r->seats < y->r->seats ? -1 : 1;
	/* the default arm first */
	c = y->dflt - x->dflt;
	return c ? c : strcmp(x->arm, y->arm);
}

int ff_stats_small(long k, long n)
{
	return n < FF_STATS_SMALL || k < 5 || n - k < 5;
}

/* The figures of arm x (r) against the first of its base (a). */
static void figures(struct ff_cmp_arm *x, const struct row *r, const struct row *a)
{
	double sd = sqrt(r->var), half = r->n ? FF_Z95 * sd / sqrt((double)r->n) : 0;
	double fa = a->finished ? (double)a->first_wins / (double)a->finished : 0;

	x->r = r;
	x->small = ff_stats_small(r->first_wins, r->finished);
	ff_wilson(r->first_wins, r->finished, FF_Z95, &x->lo, &x->hi);
	x->first = r->finished ? (double)r->first_wins / (double)r->finished : 0;
	x->mean = r->mean;
	x->mlo = r->mean - half;
	x->mhi = r->mean + half;
	ff_newcombe(r->first_wins, r->finished, a->first_wins, a->finished, FF_Z95, &x->dlo, &x->dhi);
	x->p = ff_two_prop_test(r->first_wins, r->finished, a->first_wins, a->finished, &x->z);
	ff_mean_diff(r->mean, r->var, r->n, a->mean, a->var, a->n, FF_Z95, &x->plo, &x->phi);
	x->diff = x->first - fa;
	x->dplies = r->mean - a->mean;
}

int ff_stats_compare(const struct rows *rs, const char *option,
		     int (*cb)(void *ctx, const struct ff_cmp_arm *x), void *ctx)
{
	struct ff_buf base = FF_BUF_INIT, arm = FF_BUF_INIT;
	struct arm *arms = calloc(rs->n ? rs->n : 1, sizeof *arms);
	size_t i, j, k;
	int pairs = 0, rc = 0;

	if (!arms)
		return -1;
	for (i = 0; i < rs->n; i++) {
		arms[i].dflt = ff_stats_split_arm(rs->v[i].ruleset, option, &base, &arm);
		arms[i].base = strdup(base.p ? base.p : "");
		arms[i].arm = strdup(arm.p ? arm.p : "");
		arms[i].r = &rs->v[i];
		if (!arms[i].base || !arms[i].arm)
			rc = -1;
	}
	if (rc == 0)
		qsort(arms, rs->n, sizeof *arms, cmp_arm);
	for (i = 0; rc == 0 && i < rs->n; i = j) {
		for (j = i + 1; j < rs->n && same_base(&arms[j], &arms[i]); j++)
			;
		if (j - i < 2)
			continue;
		for (k = i; rc == 0 && k < j; k++) {
			struct ff_cmp_arm x;

			memset(&x, 0, sizeof x);
			x.base = arms[i].base;
			x.arm = arms[k].arm;
			x.against = k == i ? NULL : arms[i].arm;
			figures(&x, arms[k].r, arms[i].r);
			rc = cb(ctx, &x);
		}
		pairs++;
	}
	for (i = 0; i < rs->n; i++) {
		free(arms[i].base);
		free(arms[i].arm);
	}
	free(arms);
	ff_buf_free(&base);
	ff_buf_free(&arm);
	return rc ? rc : pairs;
}

int ff_stats_arm_json(struct ff_buf *out, const struct ff_cmp_arm *x)
{
	const struct row *r = x->r;
	int rc = ff_buf_adds(out, "{\"base\":");

	rc |= ff_json_str(out, x->base);
	rc |= ff_buf_addf(out, ",\"seats\":%d,\"arm\":", r->seats);
	rc |= ff_json_str(out, x->arm);
	rc |= ff_buf_addf(out, ",\"games\":%ld,\"finished\":%ld,\"first_player\":{\"wins\":%ld,"
			  "\"rate\":%.6f,\"ci95\":[%.6f,%.6f]},\"plies\":{\"mean\":%.4f,"
			  "\"ci95\":[%.4f,%.4f]}", r->n, r->finished, r->first_wins, x->first, x->lo,
			  x->hi, x->mean, x->mlo, x->mhi);
	if (x->against) {
		rc |= ff_buf_adds(out, ",\"against\":");
		rc |= ff_json_str(out, x->against);
		rc |= ff_buf_addf(out, ",\"diff_first_player\":{\"value\":%.6f,"
				  "\"ci95\":[%.6f,%.6f],\"z\":%.4f,\"p\":%.6g},\"diff_plies\":"
				  "{\"value\":%.4f,\"ci95\":[%.4f,%.4f]}", x->diff,
				  x->dlo, x->dhi, x->z, x->p, x->dplies, x->plo, x->phi);
	}
	return rc | ff_buf_addf(out, ",\"small_sample\":%s}", x->small ? "true" : "false");
}
