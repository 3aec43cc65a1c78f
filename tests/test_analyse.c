/* Move analysis (lib/analysis/analyse.c) on games the engine plays: the
   perfect agent's plies cost nothing; every game's value moves from the
   start's to its result by exactly the seats' luck less their error;
   the luck of a position's throws averages to zero (the values are those
   of the solution, whose definition this is); a game the solution does
   not hold is refused with FF_EUNSOLVED; a stored analysis (export
   --analysis's object, tests/golden/analysis) reads back whole: every
   seat's sums are those of its plies' figures, and a cut or damaged
   text is refused, never a crash. */
#include "config.h"

#include <CUnit/Basic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/analysis/analyse.h"
#include "lib/analysis/perfect.h"
#include "lib/analysis/stored.h"
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

/* The analysis object of tests/golden/analysis/NAME.jsonl's line
   ({"id":N,"analysis":A}) into *len bytes (malloc'd), NULL when missing. */
static char *stored_fixture(const char *name, size_t *len)
{
	const char *dir = getenv("srcdir");
	char path[4096], line[1 << 16], *a, *p = NULL;
	FILE *fp;

	snprintf(path, sizeof path, "%s/tests/golden/analysis/%s.jsonl", dir ? dir : ".", name);
	if (!(fp = fopen(path, "rb")))
		return NULL;
	if (fgets(line, sizeof line, fp) && (a = strstr(line, "\"analysis\":{"))) {
		a += strlen("\"analysis\":");
		*len = strlen(a);
		while (*len && (a[*len - 1] == '\n' || a[*len - 1] == '}'))
			(*len)--;
		(*len)++;   /* the object's own closing brace */
		p = malloc(*len);
		if (p)
			memcpy(p, a, *len);
	}
	fclose(fp);
	return p;
}

/* The plies of a stored object: its "{"ply":DIGIT"s (a candidate's "ply"
   is a string). */
static size_t count_plies(const char *s, size_t len)
{
	size_t n = 0, i;

	for (i = 0; i + 8 < len; i++)
		n += !memcmp(s + i, "{\"ply\":", 7) && s[i + 7] >= '0' && s[i + 7] <= '9';
	return n;
}

/* Read NAME's stored analysis and check it against itself: as many plies
   as the text has, each seat's sums those of its plies (error = best -
   played, luck, decisions, flagged errors), the method. */
static void read_back(const char *name, int search, const char *budget)
{
	struct ff_analysis a;
	struct ff_seat_eval sum[FF_MAX_SEATS];
	struct ff_buf b = FF_BUF_INIT;
	struct ff_error err;
	size_t len = 0, i;
	char *json = stored_fixture(name, &len);
	int s;

	CU_ASSERT_FATAL(json != NULL);
	ff_analysis_init(&a, 0);
	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_analysis_read_json(&a, json, len, &b, &err), 0);
	CU_ASSERT_EQUAL(a.n, count_plies(json, len));
	CU_ASSERT(a.n > 20);
	CU_ASSERT_EQUAL(a.seats, 2);
	CU_ASSERT_EQUAL(a.search != NULL, search);
	CU_ASSERT_STRING_EQUAL(b.p ? b.p : "", budget);
	CU_ASSERT(a.threshold > 0 && a.start >= 0 && a.start <= 1);
	memset(sum, 0, sizeof sum);
	for (i = 0; i < a.n; i++) {
		CU_ASSERT_EQUAL(a.v[i].ply, (int)i + 1);
		ff_seat_eval_add(&sum[a.v[i].seat - 1], &a.v[i].e, a.threshold, ff_analysis_z(&a));
		CU_ASSERT(ff_analysis_str(&a, a.v[i].played)[0] != '\0');
	}
	for (s = 0; s < a.seats; s++) {
		CU_ASSERT_EQUAL(sum[s].plies, a.seat[s].plies);
		CU_ASSERT_EQUAL(sum[s].decisions, a.seat[s].decisions);
		CU_ASSERT_EQUAL(sum[s].errors, a.seat[s].errors);
		CU_ASSERT(fabs(sum[s].error - a.seat[s].error) < 1e-8 * (double)a.n);
		CU_ASSERT(fabs(sum[s].luck - a.seat[s].luck) < 1e-8 * (double)a.n);
	}
	/* cut anywhere: refused as syntax; a byte damaged anywhere: no crash */
	for (i = 0; i < len; i += i < 1000 ? 1 : 29) {
		CU_ASSERT_EQUAL(ff_analysis_read_json(&a, json, i, &b, &err), -1);
		CU_ASSERT_EQUAL(err.code, FF_ESYNTAX);
	}
	for (i = 0; i < len; i += 11) {
		char was = json[i];

		json[i] = i % 2 ? '"' : '{';
		if (ff_analysis_read_json(&a, json, len, &b, &err) == 0)
			CU_ASSERT(a.seats >= 1 && a.seats <= FF_MAX_SEATS);
		json[i] = was;
	}
	ff_analysis_free(&a);
	ff_buf_free(&b);
	free(json);
}

static void test_stored(void)
{
	read_back("exact", 0, "");
	read_back("search", 1, "iterations=20 width=6 seed=1");
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
	{ "a stored analysis read back", test_stored },
	{ "free the solution", test_teardown },
};

FF_TEST_MAIN("analyse", tests)
