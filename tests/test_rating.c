/* Ratings (lib/rating.h) against figures worked independently: the
   worked example of Glickman's "Example of the Glicko-2 system" (2013) to
   its printed precision, and Elo's formula worked by hand (K = 32). */
#include "config.h"

#include <CUnit/Basic.h>
#include <math.h>

#include "lib/rating.h"

#include "tests/test_main.h"

#define NEAR(a, b, eps) CU_ASSERT_TRUE(fabs((a) - (b)) < (eps))

/* Glickman's example: 1500, RD 200, volatility 0.06, tau 0.5, against
   1400/30 (won), 1550/100 (lost), 1700/300 (lost). The paper prints
   mu' = -0.2069 and phi' = 0.8722 on Glicko-2's scale, met to its four
   decimals; its 1464.06, 151.52 and 0.05999 come from intermediates it
   rounded to four decimals (v = 1.7785, delta = -0.4834): without that
   rounding the same steps give 1464.0507, 151.5165, 0.0599960 (an
   independent Python implementation of the paper's steps, math module
   doubles), which this meets to 1e-6 and the printed figures to 0.01,
   0.005 and 0.00001. */
static void test_glickman(void)
{
	const struct ff_glicko2_game g[3] = { { 1400, 30, 1 }, { 1550, 100, 0 }, { 1700, 300, 0 } };
	double r, rd, vol;

	CU_ASSERT_EQUAL(ff_glicko2_update(1500, 200, 0.06, g, 3, 0.5, &r, &rd, &vol), 0);
	NEAR((r - 1500) / 173.7178, -0.2069, 0.00005);
	NEAR(rd / 173.7178, 0.8722, 0.00005);
	NEAR(r, 1464.06, 0.01);
	NEAR(rd, 151.52, 0.005);
	NEAR(vol, 0.05999, 0.00001);
	NEAR(r, 1464.0506705393013, 1e-6);
	NEAR(rd, 151.51652412385727, 1e-6);
	NEAR(vol, 0.059995984286488495, 1e-9);
}

/* A period without games: the deviation grows to sqrt(phi^2 + sigma^2)
   on Glicko-2's scale, the rating stays. */
static void test_glicko2_idle(void)
{
	double r, rd, vol, phi = 200 / 173.7178;

	CU_ASSERT_EQUAL(ff_glicko2_update(1500, 200, 0.06, NULL, 0, 0.5, &r, &rd, &vol), 0);
	NEAR(r, 1500, 1e-12);
	NEAR(rd, 173.7178 * sqrt(phi * phi + 0.06 * 0.06), 1e-9);
	NEAR(vol, 0.06, 1e-12);
}

/* Elo by hand: E(1500 vs 1700) = 1 / (1 + 10^(200/400)) = 0.240253; the
   winner gains 32 * (1 - 0.240253) = 24.3119, the loser drops as much. */
static void test_elo_two(void)
{
	struct ff_rating_params p;
	struct ff_rating a, b, *pl[2] = { &a, &b };
	int side[2] = { 1, 2 };

	ff_rating_params_default(&p);
	NEAR(ff_elo_expected(1500, 1700), 0.240253, 5e-7);
	ff_rating_init(&a, &p);
	ff_rating_init(&b, &p);
	b.elo = 1700;
	CU_ASSERT_EQUAL(ff_rating_game(pl, side, 2, 1, &p), FF_RATED);
	NEAR(a.elo, 1524.3119, 5e-5);
	NEAR(b.elo, 1675.6881, 5e-5);
	CU_ASSERT_EQUAL(a.wins, 1);
	CU_ASSERT_EQUAL(b.losses, 1);
	/* a draw between 1600 and 1400: 1600 + 32 * (0.5 - 0.759747) = 1591.6881 */
	a.elo = 1600;
	b.elo = 1400;
	CU_ASSERT_EQUAL(ff_rating_game(pl, side, 2, 0, &p), FF_RATED);
	NEAR(a.elo, 1591.6881, 5e-5);
	NEAR(b.elo, 1408.3119, 5e-5);
	CU_ASSERT_EQUAL(a.draws, 1);
	CU_ASSERT_EQUAL(a.games, 2);
}

/* Two players of one game: Glicko-2's move is one period against the
   other's state before the game, for both. */
static void test_glicko2_game(void)
{
	struct ff_rating_params p;
	struct ff_rating a, b, *pl[2] = { &a, &b };
	struct ff_glicko2_game ga = { 1550, 100, 1 }, gb = { 1500, 200, 0 };
	double r, rd, vol;
	int side[2] = { 2, 1 };

	ff_rating_params_default(&p);
	ff_rating_init(&a, &p);
	ff_rating_init(&b, &p);
	a.rd = 200;
	b.r = 1550;
	b.rd = 100;
	CU_ASSERT_EQUAL(ff_rating_game(pl, side, 2, 2, &p), FF_RATED);
	ff_glicko2_update(1500, 200, 0.06, &ga, 1, 0.5, &r, &rd, &vol);
	NEAR(a.r, r, 1e-9);
	NEAR(a.rd, rd, 1e-9);
	CU_ASSERT_TRUE(a.r > 1500);
	ff_glicko2_update(1550, 100, 0.06, &gb, 1, 0.5, &r, &rd, &vol);
	NEAR(b.r, r, 1e-9);
	NEAR(b.rd, rd, 1e-9);
	CU_ASSERT_TRUE(b.r < 1550);
}

/* Partners: each member is scored against each opponent. A (1500) and B
   (1500) beat C (1400) and D (1600): A's m = 2 opponents, sum of score -
   expectation = (1 - E(1500, 1400)) + (1 - E(1500, 1600)) = 1 exactly, so
   A gains 32 / 2 * 1 = 16; C loses 32 / 2 * (E(1400, 1500) * 2) = 32 *
   0.359935 = 11.5179. */
static void test_elo_teams(void)
{
	struct ff_rating_params p;
	struct ff_rating a, b, c, d, *pl[4] = { &a, &c, &b, &d };
	int side[4] = { 1, 2, 1, 2 };

	ff_rating_params_default(&p);
	ff_rating_init(&a, &p);
	ff_rating_init(&b, &p);
	ff_rating_init(&c, &p);
	ff_rating_init(&d, &p);
	c.elo = 1400;
	d.elo = 1600;
	CU_ASSERT_EQUAL(ff_rating_game(pl, side, 4, 1, &p), FF_RATED);
	NEAR(a.elo, 1516, 1e-9);
	NEAR(b.elo, 1516, 1e-9);
	NEAR(c.elo, 1400 - 32 * ff_elo_expected(1400, 1500), 1e-9);
	NEAR(c.elo, 1388.4821, 5e-5);
	NEAR(d.elo, 1600 - 32 * ff_elo_expected(1600, 1500), 1e-9);
}

/* A free-for-all of three sides won by side 1: the winner is scored 1
   against both others; the two losers are not scored against each
   other, so each moves by K * (0 - E) against the winner alone. */
static void test_free_for_all(void)
{
	struct ff_rating_params p;
	struct ff_rating a, b, c, *pl[3] = { &a, &b, &c };
	int side[3] = { 1, 2, 3 };

	ff_rating_params_default(&p);
	ff_rating_init(&a, &p);
	ff_rating_init(&b, &p);
	ff_rating_init(&c, &p);
	CU_ASSERT_EQUAL(ff_rating_game(pl, side, 3, 1, &p), FF_RATED);
	NEAR(a.elo, 1516, 1e-9);
	NEAR(b.elo, 1484, 1e-9);
	NEAR(c.elo, 1484, 1e-9);
	CU_ASSERT_EQUAL(b.losses, 1);
}

/* Games that are not rated leave the players as they were. */
static void test_not_rated(void)
{
	struct ff_rating_params p;
	struct ff_rating a, b, *pl[3] = { &a, &b, &a }, *same[2] = { &a, &a };
	int side[3] = { 1, 2, 2 }, one[2] = { 1, 1 };

	ff_rating_params_default(&p);
	ff_rating_init(&a, &p);
	ff_rating_init(&b, &p);
	CU_ASSERT_EQUAL(ff_rating_game(pl, side, 3, 1, &p), FF_RATING_TWO_SIDES);
	CU_ASSERT_EQUAL(ff_rating_game(same, one, 2, 1, &p), FF_RATING_ONE_SIDE);
	CU_ASSERT_EQUAL(ff_rating_game(pl, side, FF_RATING_MAX_SEATS + 1, 1, &p),
			FF_RATING_TOO_MANY);
	NEAR(a.elo, 1500, 1e-12);
	NEAR(a.rd, 350, 1e-12);
	CU_ASSERT_EQUAL(a.games, 0);
}

/* Glickman's example played as three games of one rating period
   (p.periods): during the period the player and the opponents keep the
   ratings they had before it (each game is scored against them), and
   ff_rating_close gives the paper's figures; the opponents, each closed
   too, end as one game against the player's state before the period
   makes them; a second close changes nothing. */
static void test_glickman_period(void)
{
	struct ff_rating_params p;
	struct ff_rating a, o[3], *pl[2];
	const double orr[3] = { 1400, 1550, 1700 }, ord[3] = { 30, 100, 300 };
	const int side[2] = { 1, 2 }, winner[3] = { 1, 2, 2 };
	struct ff_glicko2_game one;
	double r, rd, vol;
	int k;

	ff_rating_params_default(&p);
	p.periods = 1;
	ff_rating_init(&a, &p);
	a.rd = 200;
	for (k = 0; k < 3; k++) {
		ff_rating_init(&o[k], &p);
		o[k].r = orr[k];
		o[k].rd = ord[k];
		pl[0] = &a;
		pl[1] = &o[k];
		CU_ASSERT_EQUAL(ff_rating_game(pl, side, 2, winner[k], &p), FF_RATED);
		NEAR(a.r, 1500, 1e-12);
		NEAR(a.rd, 200, 1e-12);
		NEAR(o[k].r, orr[k], 1e-12);
	}
	CU_ASSERT_EQUAL(a.npend, 3);
	CU_ASSERT_EQUAL(a.games, 3);
	CU_ASSERT_EQUAL(ff_rating_close(&a, &p), 1);
	NEAR(a.r, 1464.0506705393013, 1e-6);
	NEAR(a.rd, 151.51652412385727, 1e-6);
	NEAR(a.vol, 0.059995984286488495, 1e-9);
	CU_ASSERT_EQUAL(ff_rating_close(&a, &p), 0);
	NEAR(a.r, 1464.0506705393013, 1e-6);
	for (k = 0; k < 3; k++) {
		one.r = 1500;
		one.rd = 200;
		one.score = winner[k] == 2;
		CU_ASSERT_EQUAL(ff_glicko2_update(orr[k], ord[k], 0.06, &one, 1, 0.5, &r, &rd, &vol), 0);
		CU_ASSERT_EQUAL(ff_rating_close(&o[k], &p), 1);
		NEAR(o[k].r, r, 1e-9);
		NEAR(o[k].rd, rd, 1e-9);
		ff_rating_free(&o[k]);
	}
	ff_rating_free(&a);
}

static const struct ff_test tests[] = {
	{ "glicko-2 worked example (Glickman 2013)", test_glickman },
	{ "glicko-2 worked example as a period of three games", test_glickman_period },
	{ "glicko-2 period without games", test_glicko2_idle },
	{ "elo by hand, win and draw", test_elo_two },
	{ "glicko-2 of one game", test_glicko2_game },
	{ "elo of partners", test_elo_teams },
	{ "elo of a free-for-all", test_free_for_all },
	{ "games not rated", test_not_rated },
};

FF_TEST_MAIN("rating", tests)
