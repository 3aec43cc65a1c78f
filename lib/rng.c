/* The ff1 random number generator. */
#include "config.h"

#include <string.h>

#include "lib/rng.h"

uint64_t ff_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

void ff_rng_seed(struct ff_rng *g, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		g->s[i] = ff_splitmix64(&seed);
}

void ff_rng_set_state(struct ff_rng *g, uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3)
{
	g->s[0] = s0;
	g->s[1] = s1;
	g->s[2] = s2;
	g->s[3] = s3;
}

void ff_rng_shuffle(struct ff_rng *g, void *a, uint64_t n, uint64_t size)
{
	unsigned char tmp[64], *p = a;
	uint64_t i, j;

	if (n < 2 || size > sizeof tmp)
		return;
	if (size == 2) {   /* the card games' piles: the same swaps, without memcpy */
		uint16_t *q = a, t;

		for (i = n - 1; i >= 1; i--) {
			j = ff_rng_bounded(g, i + 1);
			t = q[i];
			q[i] = q[j];
			q[j] = t;
		}
		return;
	}
	for (i = n - 1; i >= 1; i--) {
		j = ff_rng_bounded(g, i + 1);
		if (j != i) {
			memcpy(tmp, p + i * size, size);
			memcpy(p + i * size, p + j * size, size);
			memcpy(p + j * size, tmp, size);
		}
	}
}
