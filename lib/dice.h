/* Dice: the throwing devices of the dice games (docs/fgn.md, "The RNG ff1"). */
#ifndef FF_DICE_H
#define FF_DICE_H

#include "lib/rng.h"

/* A die. faces lists the distinct values it can show, ascending; nfaces
   counts them; face i comes up with probability weight[i] / total (what
   roll draws: tests/test_rng.c checks). roll draws one value from the
   chance stream. */
struct ff_dice {
	const char *name;     /* option value: "d6", "knuckle", "painted", "d4" */
	const char *help;
	int nfaces;
	int faces[6];
	int (*roll)(struct ff_rng *g);
	int weight[6];
	int total;
};

/* The die called name, or NULL. */
const struct ff_dice *ff_dice_find(const char *name);
/* The dice, FF_NDICE of them (read them through ff_dice_at). */
#define FF_NDICE 4
extern const struct ff_dice ff_dice_table[FF_NDICE];

/* The i-th die of the table (NULL past the end), for listings; inline,
   as engines keep the index of theirs and look it up at every throw. */
static inline const struct ff_dice *ff_dice_at(int i)
{
	return i < 0 || i >= FF_NDICE ? NULL : &ff_dice_table[i];
}
/* 1 when v is one of the die's faces. */
int ff_dice_can_show(const struct ff_dice *d, int v);

#endif
