/* Bit counting for the engines' sets, without a call: the portable build
   has no popcount instruction, and __builtin_popcount then calls libgcc. */
#ifndef FF_BITS_H
#define FF_BITS_H

#include <stdint.h>

/* The number of set bits in m (the SWAR count; compilers turn it into
   popcnt where the target has one). */
static inline int ff_popcount64(uint64_t m)
{
	m = m - (m >> 1 & 0x5555555555555555u);
	m = (m & 0x3333333333333333u) + (m >> 2 & 0x3333333333333333u);
	m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fu;
	return (int)((m * 0x0101010101010101u) >> 56);
}

/* The number of set bits in the low 8 bits of m. */
static inline int ff_popcount8(unsigned m)
{
	m = (m & 0xffu) - (m >> 1 & 0x55u);
	m = (m & 0x33u) + (m >> 2 & 0x33u);
	return (int)((m + (m >> 4)) & 0x0fu);
}

#endif
