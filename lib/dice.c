/* Dice, as docs/fgn.md ("The RNG ff1") defines their draws. */
#include "config.h"

#include <string.h>

#include "lib/dice.h"

static int roll_d6(struct ff_rng *g)
{
	return 1 + (int)ff_rng_bounded(g, 6);
}

static int roll_d4(struct ff_rng *g)
{
	return 1 + (int)ff_rng_bounded(g, 4);
}

/* Knucklebones: k = bounded(10): 0 -> 1, 1-4 -> 2, 5-8 -> 3, 9 -> 4. */
static int roll_knuckle(struct ff_rng *g)
{
	static const int map[10] = { 1, 2, 2, 2, 2, 3, 3, 3, 3, 4 };

	return map[ff_rng_bounded(g, 10)];
}

/* A d6 painted 5 -> 3 and 6 -> 2. */
static int roll_painted(struct ff_rng *g)
{
	static const int map[6] = { 1, 2, 3, 4, 3, 2 };

	return map[ff_rng_bounded(g, 6)];
}

const struct ff_dice ff_dice_table[FF_NDICE] = {
	{ "d6", "one six-sided die, 1-6 each 1/6", 6, { 1, 2, 3, 4, 5, 6 }, roll_d6,
	  { 1, 1, 1, 1, 1, 1 }, 6 },
	{ "knuckle", "knucklebone, 1/2/3/4 with 10/40/40/10%", 4, { 1, 2, 3, 4 }, roll_knuckle,
	  { 1, 4, 4, 1 }, 10 },
	{ "painted", "d6 with 5 painted 3 and 6 painted 2: 1/2/3/4 with 1/6, 2/6, 2/6, 1/6",
	  4, { 1, 2, 3, 4 }, roll_painted, { 1, 2, 2, 1 }, 6 },
	{ "d4", "one four-sided die, 1-4 each 1/4", 4, { 1, 2, 3, 4 }, roll_d4, { 1, 1, 1, 1 }, 4 },
};

const struct ff_dice *ff_dice_find(const char *name)
{
	size_t i;

	for (i = 0; i < FF_NDICE; i++)
		if (strcmp(ff_dice_table[i].name, name) == 0)
			return &ff_dice_table[i];
	return NULL;
}

int ff_dice_can_show(const struct ff_dice *d, int v)
{
	int i;

	for (i = 0; i < d->nfaces; i++)
		if (d->faces[i] == v)
			return 1;
	return 0;
}
