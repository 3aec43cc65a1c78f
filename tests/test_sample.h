/* Deciding every candidate of a rules table's sampler (ff_rules.sample):
   made to take each answer of its first draw in turn, a sampler that is
   exactly uniform keeps a candidate at once (one draw) for each legal
   ply, each a different one, or for none at all (then every draw falls
   back to its list). For the conformance suite and the engines' tests.
   Included by one .c file each. */
#ifndef FF_TEST_SAMPLE_H
#define FF_TEST_SAMPLE_H

#include <string.h>

#include "lib/ruleset.h"

/* checks the engines' hooks themselves, past the door (FF_HOOK) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/* A pick that returns want at its first call and 0 after, counting the
   calls and noting the first count. */
struct test_pick_once {
	int want, calls, n;
};

static inline int test_pick_once(void *ctx, int n)
{
	struct test_pick_once *p = ctx;

	if (p->calls++)
		return 0;
	p->n = n;
	return p->want;
}

/* Take each answer of the first draw of r's sampler in st in turn (room:
   FF_MAX_LEGAL plies of scratch); kept[i] counts the answers that kept
   legal[i] (n plies, legal()'s) at once. Returns how many answers kept a
   ply at once, or -1 where one kept a ply legal() does not list or a
   sample failed. */
static inline int test_sample_all(const struct ff_rules *r, const void *st, int chance,
				  const struct ff_ply *legal, int n, unsigned char *kept,
				  struct ff_ply *room)
{
	struct test_pick_once pk = { 0, 0, 0 };
	int first, i, took = 0;

	memset(kept, 0, (size_t)n);
	if (r->sample(st, chance, test_pick_once, &pk, room))
		return -1;
	for (first = pk.n, pk.want = 0; pk.want < first; pk.want++) {
		pk.calls = 0;
		if (r->sample(st, chance, test_pick_once, &pk, room))
			return -1;
		if (pk.calls != 1)
			continue;   /* a candidate rejected */
		for (i = 0; i < n && !ff_ply_eq(&legal[i], &room[0]); i++)
			;
		if (i == n)
			return -1;
		kept[i]++;
		took++;
	}
	return took;
}

#pragma GCC diagnostic pop

#endif
