/* Move analysis (lib/analysis/analyse.c) on games the engine plays: the
   perfect agent's plies cost nothing; every game's value moves from the
   start's to its result by exactly the seats' luck less their error;
   the luck of a position's throws averages to zero (the values are those
   of the solution, whose definition this is); a game the solution does
   not hold is refused with FF_EUNSOLVED. */
#include "config.h"

#include <CUnit/Basic.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/analysis/analyse.h"
#include "lib/analysis/perfect.h"
#include "lib/replay.h"
#include "lib/simulate.h"

#include "tests/test_main.h"

#define GAMES 200

static struct ff_config cfg;
static struct ff_solution sol;

/* Solve fivelines/PRESET into sol (cfg its config). */
static void solve(const char *preset)
{
	struct ff_solve_opts o = { .tolerance = 1e-13, .max_iterations = 1000000 };
	struct ff_error err;
	void *st;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fivelines", preset, NULL, NULL, NULL, NULL,
					      &err), 0);
	st = malloc(cfg.rules->state_size);
	CU_ASSERT_FATAL(st != NULL);
	CU_ASSERT_EQUAL_FATAL(ff_rules_init(cfg.rules, st, &cfg, NULL, &err), 0);
	CU_ASSERT_EQUAL_FATAL(ff_solve(&sol, cfg.rules, st, &o, &err), 0);
	free(st);
}

/* Game i of seat 1 `one` against seat 2 `two` (agents of cfg's rules)
   into rec. */
static void play(const char *one, const char *two, uint64_t i, struct ff_record *rec)
{
	struct ff_sim sim = { .cfg = &cfg, .agent_ctx = { &sol, &sol } };
	struct ff_buf scratch = FF_BUF_INIT;
	struct ff_error err;
	void *st = malloc(cfg.rules->state_size);

	sim.agents[0] = ff_agent_find(cfg.rules, one);
	sim.agents[1] = ff_agent_find(cfg.rules, two);
	CU_ASSERT_FATAL(st && sim.agents[0] && sim.agents[1]);
	CU_ASSERT_EQUAL_FATAL(ff_simulate_game(&sim, 1000 + i, st, &scratch, rec, &err), 0);
	free(st);
	ff_buf_free(&scratch);
}

/* Analyse rec against sol into a. */
static int analyse(struct ff_analysis *a, struct ff_game *g, const struct ff_record *rec,
		   struct ff_error *err)
{
	ff_error_clear(err);
	CU_ASSERT_EQUAL_FATAL(ff_game_start(g, rec, err), 0);
	return ff_analysis_run(a, g, &sol, rec, err);
}

/* What seat 1 scored: 1, 0 or one half. */
static double score(const struct ff_record *rec)
{
	const char *r = ff_record_result(rec);

	return strcmp(r, "1-0") == 0 ? 1 : strcmp(r, "0-1") == 0 ? 0 : 0.5;
}

/* Perfect (seat 1) against random: no error for seat 1 in any game,
   errors for random in most; and in every game
   result - start = (luck - error of seat 1) - (luck - error of seat 2). */
static void test_perfect_and_identity(void)
{
	struct ff_analysis a;
	struct ff_record rec;
	struct ff_game g;
	struct ff_error err;
	int i, erred = 0;
	double worst = 0, d;

	ff_analysis_init(&a, 0.02);
	ff_game_init(&g);
	CU_ASSERT_EQUAL_FATAL(ff_record_init(&rec), 0);
	for (i = 0; i < GAMES; i++) {
		play("perfect", "random", (uint64_t)i, &rec);
		CU_ASSERT_EQUAL_FATAL(analyse(&a, &g, &rec, &err), 0);
		CU_ASSERT_EQUAL(a.seat[0].error, 0);
		CU_ASSERT_EQUAL(a.seat[0].errors, 0);
		CU_ASSERT_EQUAL((size_t)(a.seat[0].plies + a.seat[1].plies), a.n);
		erred += a.seat[1].errors > 0;
		d = fabs(score(&rec) - a.start - (a.seat[0].luck - a.seat[0].error) +
			 (a.seat[1].luck - a.seat[1].error));
		worst = d > worst ? d : worst;
	}
	CU_ASSERT(worst < 1e-9);
	CU_ASSERT(erred > GAMES / 2);
	ff_record_free(&rec);
	ff_game_free(&g);
	ff_analysis_free(&a);
}

/* The luck of a position's throws, weighed by their probabilities, sums
   to zero: before = sum over throws of p(throw) * best(throw), each best
   found by ff_ply_eval on the throw's own legal plies, at every position
   of greedy-against-random games. */
static void test_luck_averages_zero(void)
{
	const struct ff_rules *r = cfg.rules;
	int outcome[FF_MAX_CHANCES], weight[FF_MAX_CHANCES], total, nc, c, n, i;
	struct ff_ply *legal = malloc(FF_MAX_LEGAL * sizeof *legal), p;
	struct ff_ply_eval e;
	struct ff_record rec;
	struct ff_game g;
	struct ff_error err;
	double sum, worst = 0;
	size_t k, checked = 0;

	CU_ASSERT_FATAL(legal != NULL);
	ff_game_init(&g);
	CU_ASSERT_EQUAL_FATAL(ff_record_init(&rec), 0);
	for (i = 0; i < 20; i++) {
		play("greedy", "random", (uint64_t)i, &rec);
		CU_ASSERT_EQUAL_FATAL(ff_game_start(&g, &rec, &err), 0);
		for (k = 0; k < rec.nplies; k++, checked++) {
			nc = ff_rules_chances(r, g.state, outcome, weight, &total);
			for (sum = 0, c = 0; c < nc; c++) {
				n = ff_rules_legal(r, g.state, outcome[c], legal);
				CU_ASSERT_FATAL(n >= 1);
				CU_ASSERT_EQUAL_FATAL(ff_ply_eval(&sol, g.state, legal, n, &legal[0], &e,
								  &err), 0);
				sum += (double)weight[c] / total * e.best;
			}
			worst = fabs(sum - e.before) > worst ? fabs(sum - e.before) : worst;
			CU_ASSERT_EQUAL_FATAL(ff_game_step(&g, &rec, k, &p, &err), 0);
		}
	}
	CU_ASSERT(checked > 100);
	CU_ASSERT(worst < 1e-9);
	ff_record_free(&rec);
	ff_game_free(&g);
	free(legal);
}

/* A game of another ruleset than the solution's: FF_EUNSOLVED at its
   start. */
static void test_unsolved(void)
{
	struct ff_analysis a;
	struct ff_record rec;
	struct ff_game g;
	struct ff_error err;
	struct ff_config mine = cfg;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fivelines", "locusludi-race", NULL, NULL, NULL,
					      NULL, &err), 0);
	ff_analysis_init(&a, 0.02);
	ff_game_init(&g);
	CU_ASSERT_EQUAL_FATAL(ff_record_init(&rec), 0);
	play("random", "random", 1, &rec);
	CU_ASSERT_EQUAL(analyse(&a, &g, &rec, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EUNSOLVED);
	cfg = mine;
	ff_record_free(&rec);
	ff_game_free(&g);
	ff_analysis_free(&a);
}

static void test_setup(void)
{
	solve("schaedler");
}

static void test_teardown(void)
{
	ff_solution_free(&sol);
}

static const struct ff_test tests[] = {
	{ "solve Schaedler", test_setup },
	{ "perfect play costs nothing; value moves by luck less error", test_perfect_and_identity },
	{ "the luck of the throws averages to zero", test_luck_averages_zero },
	{ "a game the solution does not hold is refused", test_unsolved },
	{ "free the solution", test_teardown },
};

FF_TEST_MAIN("analyse", tests)
