/* A string index: open addressing over SipHash-1-3 of each name, the key
   drawn per index (getentropy, or the clock and an address where that
   fails), so that a file's names cannot be chosen to collide. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/strindex.h"

#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))

static void sip_round(uint64_t v[4])
{
	v[0] += v[1];
	v[1] = ROTL(v[1], 13);
	v[1] ^= v[0];
	v[0] = ROTL(v[0], 32);
	v[2] += v[3];
	v[3] = ROTL(v[3], 16);
	v[3] ^= v[2];
	v[0] += v[3];
	v[3] = ROTL(v[3], 21);
	v[3] ^= v[0];
	v[2] += v[1];
	v[1] = ROTL(v[1], 17);
	v[1] ^= v[2];
	v[2] = ROTL(v[2], 32);
}

/* SipHash-1-3 of s[0, n) under key k. */
static uint64_t siphash(const uint64_t k[2], const char *s, size_t n)
{
	uint64_t v[4] = { k[0] ^ 0x736f6d6570736575ULL, k[1] ^ 0x646f72616e646f6dULL,
			  k[0] ^ 0x6c7967656e657261ULL, k[1] ^ 0x7465646279746573ULL };
	uint64_t m, b = (uint64_t)n << 56;
	const unsigned char *p = (const unsigned char *)s;
	size_t i, left = n & 7;
	int r;

	for (i = 0; i + 8 <= n; i += 8) {
		for (m = 0, r = 7; r >= 0; r--)
			m = m << 8 | p[i + (size_t)r];
		v[3] ^= m;
		sip_round(v);
		v[0] ^= m;
	}
	for (r = (int)left - 1; r >= 0; r--)
		b |= (uint64_t)p[i + (size_t)r] << (8 * r);
	v[3] ^= b;
	sip_round(v);
	v[0] ^= b;
	v[2] ^= 0xff;
	sip_round(v);
	sip_round(v);
	sip_round(v);
	return v[0] ^ v[1] ^ v[2] ^ v[3];
}

void ff_strindex_init(struct ff_strindex *x)
{
	struct timespec ts;

	memset(x, 0, sizeof *x);
	if (getentropy(x->key, sizeof x->key) != 0) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		x->key[0] = (uint64_t)ts.tv_nsec * 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uintptr_t)x;
		x->key[1] = (uint64_t)ts.tv_sec ^ (uint64_t)(uintptr_t)&ts;
	}
}

void ff_strindex_free(struct ff_strindex *x)
{
	free(x->slot);
	x->slot = NULL;
	x->cap = x->n = 0;
}

long ff_strindex_find(const struct ff_strindex *x, char *const *names, const char *name)
{
	size_t h, s;

	if (!x->cap)
		return -1;
	for (h = (size_t)siphash(x->key, name, strlen(name)) & (x->cap - 1); (s = x->slot[h]) != 0;
	     h = (h + 1) & (x->cap - 1))
		if (strcmp(names[s - 1], name) == 0)
			return (long)(s - 1);
	return -1;
}

/* Put position i (names[i]) into slot[0, cap) (cap a power of two). */
static void place(const uint64_t key[2], size_t *slot, size_t cap, char *const *names, size_t i)
{
	size_t h = (size_t)siphash(key, names[i], strlen(names[i])) & (cap - 1);

	while (slot[h])
		h = (h + 1) & (cap - 1);
	slot[h] = i + 1;
}

int ff_strindex_add(struct ff_strindex *x, char *const *names, size_t i)
{
	if ((x->n + 1) * 2 > x->cap) {   /* at most half full */
		size_t cap = x->cap ? x->cap * 2 : 64, k;
		size_t *slot = calloc(cap, sizeof *slot);

		if (!slot)
			return -1;
		for (k = 0; k < x->cap; k++)
			if (x->slot[k])
				place(x->key, slot, cap, names, x->slot[k] - 1);
		free(x->slot);
		x->slot = slot;
		x->cap = cap;
	}
	place(x->key, x->slot, x->cap, names, i);
	x->n++;
	return 0;
}
