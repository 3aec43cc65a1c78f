/* Known-answer tests of the ff1 RNG, the dice and the shuffle, against the
   values design.md lists (computed by an independent implementation) and
   the published SplitMix64 / xoshiro256** vectors. */
#include "config.h"

#include <CUnit/Basic.h>
#include <math.h>
#include <string.h>

#include "lib/dice.h"
#include "lib/rng.h"

#include "tests/test_main.h"

static void test_primitives(void)
{
	struct ff_rng g;
	uint64_t s = 0;

	CU_ASSERT_EQUAL(ff_splitmix64(&s), UINT64_C(0xE220A8397B1DCDAF));
	ff_rng_set_state(&g, 1, 2, 3, 4);
	CU_ASSERT_EQUAL(ff_rng_next(&g), UINT64_C(11520));
	CU_ASSERT_EQUAL(ff_rng_next(&g), UINT64_C(0));
	CU_ASSERT_EQUAL(ff_rng_next(&g), UINT64_C(1509978240));
}

static void test_first_outputs(void)
{
	struct ff_rng g;

	ff_rng_seed(&g, 20261120);
	CU_ASSERT_EQUAL(ff_rng_next(&g), UINT64_C(6223279742766114864));
	CU_ASSERT_EQUAL(ff_rng_next(&g), UINT64_C(7021448232854173039));
	CU_ASSERT_EQUAL(ff_rng_next(&g), UINT64_C(6301256769926865970));
}

static void check_dice(const char *name, const int *want)
{
	const struct ff_dice *d = ff_dice_find(name);
	struct ff_rng g;
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	ff_rng_seed(&g, 20261120);
	for (i = 0; i < 10; i++)
		CU_ASSERT_EQUAL(d->roll(&g), want[i]);
}

static void test_dice(void)
{
	static const int d6[] = { 1, 2, 5, 3, 2, 6, 6, 4, 2, 4 };
	static const int knuckle[] = { 2, 4, 1, 1, 3, 3, 2, 4, 4, 3 };
	static const int painted[] = { 1, 2, 3, 3, 2, 2, 2, 4, 2, 4 };

	check_dice("d6", d6);
	check_dice("knuckle", knuckle);
	check_dice("painted", painted);
	CU_ASSERT_PTR_NULL(ff_dice_find("d7"));
	CU_ASSERT_TRUE(ff_dice_can_show(ff_dice_find("painted"), 4));
	CU_ASSERT_FALSE(ff_dice_can_show(ff_dice_find("painted"), 5));
}

/* Each die's weights are what roll() draws: 600,000 seeded throws of
   every die, each face's count within 6 standard deviations of
   600,000 * weight / total (a deterministic check: the seed is fixed). */
static void test_dice_weights(void)
{
	const struct ff_dice *d;
	struct ff_rng g;
	int i, k, f, sum, count[8];
	const int n = 600000;

	for (i = 0; (d = ff_dice_at(i)) != NULL; i++) {
		ff_rng_seed(&g, 20261124u + (unsigned)i);
		memset(count, 0, sizeof count);
		for (k = 0; k < n; k++) {
			f = d->roll(&g);
			CU_ASSERT_FATAL(f >= 1 && f < 8);
			count[f]++;
		}
		for (sum = 0, k = 0; k < d->nfaces; k++) {
			double p = (double)d->weight[k] / d->total, mean = n * p;

			sum += d->weight[k];
			CU_ASSERT(fabs(count[d->faces[k]] - mean) < 6 * sqrt(n * p * (1 - p)));
			count[d->faces[k]] = 0;
		}
		CU_ASSERT_EQUAL(sum, d->total);
		for (f = 0; f < 8; f++)   /* no value outside the faces */
			CU_ASSERT_EQUAL(count[f], 0);
	}
}

static void test_bounded(void)
{
	static const uint64_t want[] = { 4, 51, 2, 28, 25 };
	struct ff_rng g;
	int i;

	ff_rng_seed(&g, 20261120);
	for (i = 0; i < 5; i++)
		CU_ASSERT_EQUAL(ff_rng_bounded(&g, 52), want[i]);
}

static void test_shuffle(void)
{
	static const char *const want =
		"TH 8C 6D 3C 6H 9H 8D JC 7C KC 7D 9C 3H 6S AC KS AD JH 2D KD QC 4H "
		"9S 3D TC 5D 5H 4D QS 4S TS 3S 6C AS 2H 8S AH JD 2C 5C JS 4C 7S 7H QH TD QD KH 2S 8H 9D 5S";
	static const char suits[] = "SHDC", ranks[] = "A23456789TJQK";
	char deck[52][3], got[52 * 3];
	struct ff_rng g;
	int i;

	for (i = 0; i < 52; i++) {
		deck[i][0] = ranks[i % 13];
		deck[i][1] = suits[i / 13];
		deck[i][2] = '\0';
	}
	ff_rng_seed(&g, 20261120);
	ff_rng_shuffle(&g, deck, 52, sizeof deck[0]);
	got[0] = '\0';
	for (i = 0; i < 52; i++) {
		if (i)
			strcat(got, " ");
		strcat(got, deck[i]);
	}
	CU_ASSERT_STRING_EQUAL(got, want);
}

static const struct ff_test tests[] = {
	{ "splitmix64 and xoshiro256** vectors", test_primitives },
	{ "ff1 first outputs", test_first_outputs },
	{ "dice known answers", test_dice },
	{ "dice weights are what roll draws", test_dice_weights },
	{ "bounded(52) known answers", test_bounded },
	{ "52-card shuffle known answer", test_shuffle },
};

FF_TEST_MAIN("rng", tests)
