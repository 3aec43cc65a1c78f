/* The ff1 random number generator (docs/fgn.md, "The RNG ff1"): xoshiro256**
   seeded with four SplitMix64 outputs. Every chance event in fivefold --
   throws, shuffles, agents' choices -- comes from it. */
#ifndef FF_RNG_H
#define FF_RNG_H

#include <stdint.h>

/* Generator state. Invariant: not all four words zero (SplitMix64 seeding
   guarantees it). Plain data: copy it to fork a stream. */
struct ff_rng {
	uint64_t s[4];
};

/* XOR'd into a game's Seed to seed the agents' stream, so the chance stream
   never depends on how the agents play. */
#define FF_AGENT_SEED_XOR UINT64_C(0x9E3779B97F4A7C15)

/* One SplitMix64 step: advance *state and return the next output. */
uint64_t ff_splitmix64(uint64_t *state);
/* Seed g from seed: four successive SplitMix64 outputs. */
void ff_rng_seed(struct ff_rng *g, uint64_t seed);
/* Seed g from explicit state words (for known-answer tests). */
void ff_rng_set_state(struct ff_rng *g, uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3);
/* x rotated left by k bits, 0 < k < 64. */
static inline uint64_t ff_rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* The next 64-bit output (inline: a throw or an agent's pick each). */
static inline uint64_t ff_rng_next(struct ff_rng *g)
{
	uint64_t *s = g->s;
	uint64_t result = ff_rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = ff_rng_rotl(s[3], 45);
	return result;
}
/* Uniform in [0, n), n >= 1, by rejection: draw x until
   x >= (2^64 - n) mod n, return x mod n. Inline, so that a constant n (a
   die) needs no division at run time. */
static inline uint64_t ff_rng_bounded(struct ff_rng *g, uint64_t n)
{
	uint64_t x;

	/* threshold (2^64 - n) mod n is below n: only an x below n can be
	   rejected, so the division for it is made in that rare case only */
	do
		x = ff_rng_next(g);
	while (x < n && x < (0 - n) % n);
	return x % n;
}
/* Fisher-Yates: for i = n-1 down to 1, swap a[i] with a[bounded(i+1)].
   a holds n items of size bytes each (size <= 64). */
void ff_rng_shuffle(struct ff_rng *g, void *a, uint64_t n, uint64_t size);

#endif
