/* The exact solver (lib/analysis/solve.c) on Five Lines, through the
   ruleset interface only. Positions are reached by playing seeded random
   plies through the engine from the start; which positions qualify is
   decided by the engine's own legal() and apply(), never written by hand.
   The values are checked against what follows from the rules directly
   (a position every throw wins is worth 1; one whose every throw gives
   the opponent such a position is worth 0; one that wins at once with
   the throws W and otherwise gives the opponent a sure win is worth
   P(W)), against a second, plain implementation written here (Jacobi
   value iteration over positions kept in a sorted array, legal plies
   recomputed every sweep), and against itself with the sweep order
   reversed and with sweeps only (no jumps). */
#include "config.h"

#include <CUnit/Basic.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/analysis/solve.h"
#include "lib/rng.h"
#include "lib/ruleset.h"

#include "tests/test_main.h"

#define STATE_MAX 256   /* bytes; checked against state_size */

static struct ff_ply legal[FF_MAX_LEGAL];

static const struct ff_solve_opts exact = { .tolerance = 1e-13, .max_iterations = 1000000 };

/* The start of fivelines/PRESET with OPTIONS. */
static const struct ff_rules *start(const char *preset, const char *options, void *st)
{
	struct ff_config cfg;
	struct ff_error err;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fivelines", preset, options, NULL, NULL, NULL,
					      &err), 0);
	CU_ASSERT_FATAL(cfg.rules->state_size <= STATE_MAX);
	CU_ASSERT_EQUAL_FATAL(cfg.rules->init(st, &cfg, NULL, &err), 0);
	return cfg.rules;
}

static int ended(const struct ff_rules *r, const void *st)
{
	struct ff_outcome o;

	r->outcome(st, &o);
	return o.term != FF_TERM_NONE;
}

/* 1 when the side to move of st wins at once with some ply for throw d. */
static int wins_now(const struct ff_rules *r, const void *st, int d)
{
	unsigned char next[STATE_MAX];
	struct ff_outcome o;
	int n = r->legal(st, d, legal), k, side = r->side_of(st, r->to_move(st));

	for (k = 0; k < n; k++) {
		memcpy(next, st, r->state_size);
		CU_ASSERT_EQUAL_FATAL(r->apply(next, &legal[k], NULL, NULL), 0);
		r->outcome(next, &o);
		if (o.term != FF_TERM_NONE && o.winner == side)
			return 1;
	}
	return 0;
}

/* 1 when every throw wins at once for the side to move of st. */
static int sure_win(const struct ff_rules *r, const void *st)
{
	int outcome[FF_MAX_CHANCES], weight[FF_MAX_CHANCES], total, n, c;

	if (ended(r, st))
		return 0;
	n = r->chances(st, outcome, weight, &total);
	for (c = 0; c < n; c++)
		if (!wins_now(r, st, outcome[c]))
			return 0;
	return 1;
}

/* The probability of the throws that win at once for the side to move of
   st when, for every other throw, every ply hands the other side a
   sure_win position; -1 when st is not such a position. */
static double wins_or_loses(const struct ff_rules *r, const void *st)
{
	int outcome[FF_MAX_CHANCES], weight[FF_MAX_CHANCES], total, n, c, k, m, side;
	unsigned char next[STATE_MAX];
	static struct ff_ply mv[FF_MAX_LEGAL];   /* its own list: sure_win() uses legal[] */
	double p = 0;

	if (ended(r, st))
		return -1;
	side = r->side_of(st, r->to_move(st));
	n = r->chances(st, outcome, weight, &total);
	for (c = 0; c < n && p >= 0; c++) {
		if (wins_now(r, st, outcome[c])) {
			p += (double)weight[c] / total;
			continue;
		}
		m = r->legal(st, outcome[c], mv);
		for (k = 0; k < m && p >= 0; k++) {
			memcpy(next, st, r->state_size);
			r->apply(next, &mv[k], NULL, NULL);
			if (r->side_of(next, r->to_move(next)) == side || !sure_win(r, next))
				p = -1;
		}
	}
	return p;
}

/* Play seeded random plies from st until test(st) holds (then 1), or the
   game ends or has gone on for 3,000 plies (0). */
static int walk(const struct ff_rules *r, void *st, uint64_t seed,
		int (*test)(const struct ff_rules *r, const void *st))
{
	struct ff_rng chance, pick;
	int n, d, k;

	ff_rng_seed(&chance, seed);
	ff_rng_seed(&pick, ~seed);
	for (k = 0; k < 3000 && !ended(r, st); k++) {
		if (test(r, st))
			return 1;
		d = ff_rules_roll(r, st, &chance);
		n = r->legal(st, d, legal);
		CU_ASSERT_EQUAL_FATAL(r->apply(st, &legal[ff_agent_uniform_index(&pick, n)], NULL, NULL), 0);
	}
	return 0;
}

static int is_mixed(const struct ff_rules *r, const void *st)
{
	double p = wins_or_loses(r, st);

	return p > 0 && p < 1;
}

static int is_lost(const struct ff_rules *r, const void *st)
{
	return wins_or_loses(r, st) == 0;
}

/* What value_at looks for: a position its test picks whose solution
   has at most 200,000 positions (Kidd's hits reach far), kept in found. */
static int (*wanted)(const struct ff_rules *, const void *);
static struct ff_solution found;

static int picked(const struct ff_rules *r, const void *st)
{
	struct ff_solve_opts capped = exact;
	struct ff_error err;

	capped.max_states = 200000;
	return wanted(r, st) && ff_solve(&found, r, st, &capped, &err) == 0;
}

/* The solved value of the first position of a seeded random game of
   preset with options that test picks (one must be found within 500
   games); *expect: its value as test's rule gives it. */
static double value_at(const char *preset, const char *options,
		       int (*test)(const struct ff_rules *, const void *), double *expect)
{
	unsigned char st[STATE_MAX];
	const struct ff_rules *r = NULL;
	uint64_t seed;
	double v;

	wanted = test;
	for (seed = 1; seed <= 500; seed++) {
		r = start(preset, options, st);
		if (walk(r, st, seed, picked))
			break;
	}
	if (seed > 500)
		fprintf(stderr, "\nno position of %s %s found for the test\n", preset, options);
	CU_ASSERT_FATAL(seed <= 500);
	*expect = test == sure_win ? 1.0 : wins_or_loses(r, st);
	CU_ASSERT_EQUAL(ff_solution_find(&found, st), 0);
	v = found.value[0];
	ff_solution_free(&found);
	return v;
}

/* With nonexact a piece may stop on its goal with any throw at least
   the distance, so positions that every throw wins exist. (Not Kidd:
   its hits make every position reach millions.) */
static void test_known_values(void)
{
	static const char *const presets[] = { "schaedler", "locusludi-race",
					       "locusludi-knockoff" };
	double v, want;
	size_t i;

	for (i = 0; i < sizeof presets / sizeof presets[0]; i++) {
		v = value_at(presets[i], "nonexact", sure_win, &want);   /* every throw wins: 1 */
		CU_ASSERT(fabs(v - 1.0) < 1e-12);
		/* every throw hands the other side a sure win: 0 */
		v = value_at(presets[i], "nonexact", is_lost, &want);
		CU_ASSERT(fabs(v - 0.0) < 1e-12);
		/* wins at once with the throws W, else hands over a sure win: P(W) */
		v = value_at(presets[i], "nonexact", is_mixed, &want);
		CU_ASSERT(want > 0 && want < 1);
		CU_ASSERT(fabs(v - want) < 1e-12);
	}
}

/* --- a second implementation: plain value iteration --- */

#define PLAIN_MAX 8000   /* positions */

/* A position of the plain method: its key first, for sorting. */
struct entry {
	uint8_t key[FF_MAX_KEY];
	unsigned char st[STATE_MAX];
};

/* Positions collected in e (a chained hash by key while collecting,
   then sorted by key and searched by bisection), and their values. */
struct plain {
	const struct ff_rules *r;
	struct entry *e;
	int *head, *next;   /* the hash: 4096 chains */
	double *v;
	size_t n;
};

static int cmp_key(const void *a, const void *b)
{
	return memcmp(a, b, FF_MAX_KEY);
}

/* The index of key in p (whose entries are sorted), or -1. */
static long plain_find(const struct plain *p, const uint8_t *key)
{
	const struct entry *hit = bsearch(key, p->e, p->n, sizeof *p->e, cmp_key);

	return hit ? (long)(hit - p->e) : -1;
}

static unsigned chain_of(const uint8_t *key)
{
	unsigned h = 2166136261u;
	int i;

	for (i = 0; i < FF_MAX_KEY; i++)
		h = (h ^ key[i]) * 16777619u;
	return h & 4095;
}

/* Add next to p unless its key is there. */
static void plain_add(struct plain *p, const struct entry *next)
{
	unsigned c = chain_of(next->key);
	int i;

	for (i = p->head[c]; i >= 0; i = p->next[i])
		if (memcmp(p->e[i].key, next->key, FF_MAX_KEY) == 0)
			return;
	CU_ASSERT_FATAL(p->n < PLAIN_MAX);
	p->e[p->n] = *next;
	p->next[p->n] = p->head[c];
	p->head[c] = (int)p->n++;
}

/* Every position reachable from st into p, breadth first, then sorted
   by key. */
static void plain_collect(struct plain *p, const void *st)
{
	int outcome[FF_MAX_CHANCES], weight[FF_MAX_CHANCES], total, n, c, k, m;
	struct entry next;
	size_t i;

	for (i = 0; i < 4096; i++)
		p->head[i] = -1;
	memset(&next, 0, sizeof next);
	memcpy(next.st, st, p->r->state_size);
	p->r->key(st, next.key);
	plain_add(p, &next);
	for (i = 0; i < p->n; i++) {
		if (ended(p->r, p->e[i].st))
			continue;
		n = p->r->chances(p->e[i].st, outcome, weight, &total);
		for (c = 0; c < n; c++) {
			m = p->r->legal(p->e[i].st, outcome[c], legal);
			for (k = 0; k < m; k++) {
				memset(&next, 0, sizeof next);
				memcpy(next.st, p->e[i].st, p->r->state_size);
				p->r->apply(next.st, &legal[k], NULL, NULL);
				p->r->key(next.st, next.key);
				plain_add(p, &next);
			}
		}
	}
	qsort(p->e, p->n, sizeof *p->e, cmp_key);
}

/* The value of st from the values in p->v. */
static double plain_value(const struct plain *p, const void *st)
{
	int outcome[FF_MAX_CHANCES], weight[FF_MAX_CHANCES], total, n, c, k, m, side;
	uint8_t key[FF_MAX_KEY];
	unsigned char next[STATE_MAX];
	struct ff_outcome o;
	double v = 0, best, x;
	long j;

	p->r->outcome(st, &o);
	side = p->r->side_of(st, p->r->to_move(st));
	if (o.term != FF_TERM_NONE)
		return o.winner < 0 ? 0.5 : o.winner == side ? 1.0 : 0.0;
	n = p->r->chances(st, outcome, weight, &total);
	for (c = 0; c < n; c++) {
		m = p->r->legal(st, outcome[c], legal);
		for (best = 0, k = 0; k < m; k++) {
			memcpy(next, st, p->r->state_size);
			p->r->apply(next, &legal[k], NULL, NULL);
			memset(key, 0, sizeof key);
			p->r->key(next, key);
			j = plain_find(p, key);
			CU_ASSERT_FATAL(j >= 0);
			x = p->r->side_of(next, p->r->to_move(next)) == side ? p->v[j] : 1 - p->v[j];
			if (x > best)
				best = x;
		}
		v += best * weight[c] / total;
	}
	return v;
}

/* Sweep in key order, each value from the newest ones, until no value
   changes by more than tol. */
static void plain_solve(struct plain *p, double tol)
{
	double delta, d, v;
	size_t i;
	int sweeps = 0;

	for (i = 0; i < p->n; i++)
		p->v[i] = 0.5;
	do {
		for (delta = 0, i = 0; i < p->n; i++) {
			v = plain_value(p, p->e[i].st);
			d = fabs(v - p->v[i]);
			delta = d > delta ? d : delta;
			p->v[i] = v;
		}
	} while (++sweeps < 100000 && delta > tol);
}

/* Walk a seeded random game of preset/options until the solver finds at
   most PLAIN_MAX positions from where it stands; then the plain method
   must find the same positions and values within 1e-9. */
static void cross_check(const char *preset, const char *options, uint64_t seed)
{
	unsigned char st[STATE_MAX];
	struct plain p = { 0 };
	struct ff_solution sol = { 0 };
	struct ff_error err;
	struct ff_rng chance, pick;
	struct ff_solve_opts capped = exact;
	double worst = 0;
	size_t i;
	long j;
	int n, k;

	capped.max_states = PLAIN_MAX / 2;
	p.r = start(preset, options, st);
	ff_rng_seed(&chance, seed);
	ff_rng_seed(&pick, ~seed);
	for (k = 0;; k++) {
		if (ended(p.r, st))
			fprintf(stderr, "\n%s %s: the game ended before a small position\n", preset,
				options ? options : "");
		CU_ASSERT_FATAL(!ended(p.r, st));
		if (k >= 10 && ff_solve(&sol, p.r, st, &capped, &err) == 0)
			break;
		CU_ASSERT_FATAL(k < 10 || err.code == FF_ETOO_LONG);
		n = p.r->legal(st, ff_rules_roll(p.r, st, &chance), legal);
		p.r->apply(st, &legal[ff_agent_uniform_index(&pick, n)], NULL, NULL);
	}
	p.e = calloc(PLAIN_MAX, sizeof *p.e);
	p.v = calloc(PLAIN_MAX, sizeof *p.v);
	p.head = calloc(4096, sizeof *p.head);
	p.next = calloc(PLAIN_MAX, sizeof *p.next);
	CU_ASSERT_FATAL(p.e && p.v && p.head && p.next);
	plain_collect(&p, st);
	CU_ASSERT_EQUAL(p.n, sol.nstates);   /* the same positions */
	plain_solve(&p, 1e-14);
	for (i = 0; i < sol.nstates; i++) {
		uint8_t key[FF_MAX_KEY] = { 0 };

		memcpy(key, sol.keys + i * sol.key_len, sol.key_len);
		j = plain_find(&p, key);
		CU_ASSERT_FATAL(j >= 0);
		if (fabs(p.v[j] - sol.value[i]) > worst)
			worst = fabs(p.v[j] - sol.value[i]);
	}
	CU_ASSERT(worst < 1e-9);
	if (worst >= 1e-9)
		fprintf(stderr, "\n%s %s: %zu positions, values differ by up to %g\n", preset,
			options ? options : "", sol.nstates, worst);
	ff_solution_free(&sol);
	free(p.e);
	free(p.v);
	free(p.head);
	free(p.next);
}

/* (Schaedler's pieces circle for ever, so every position reaches all
   133,492 of its positions: too many for the plain method; Kidd's hits
   likewise reach millions. The Locus Ludi games shrink as pieces reach
   the central line.) */
static void test_second_method(void)
{
	cross_check("locusludi-race", NULL, 5);
	cross_check("locusludi-race", "skip-last", 5);
	cross_check("locusludi-knockoff", NULL, 5);
	cross_check("locusludi-knockoff", "skip-last dice=knuckle", 9);
}

/* The largest difference between two solutions' values of the same
   positions. */
static double differ(const struct ff_solution *a, const struct ff_solution *b)
{
	double worst = 0;
	size_t i;

	CU_ASSERT_EQUAL_FATAL(a->nstates, b->nstates);
	CU_ASSERT_FATAL(memcmp(a->keys, b->keys, a->nstates * a->key_len) == 0);
	for (i = 0; i < a->nstates; i++)
		if (fabs(a->value[i] - b->value[i]) > worst)
			worst = fabs(a->value[i] - b->value[i]);
	return worst;
}

/* The values do not depend on the order of the sweeps, nor on the jumps
   between them: Schaedler from the start, last found first (the default)
   and first found first, and with sweeps only. (The cross-check above
   compares the solver, jumps and all, with the plain implementation on
   skip-last games, whose blockades make the plain sweeps slow.) */
static void test_sweep_order(void)
{
	unsigned char st[STATE_MAX];
	const struct ff_rules *r = start("schaedler", NULL, st);
	struct ff_solve_opts back = exact, plain = exact;
	struct ff_solution a, b, c;
	struct ff_error err;

	back.reverse = 1;
	plain.plain = 1;
	CU_ASSERT_EQUAL_FATAL(ff_solve(&a, r, st, &exact, &err), 0);
	CU_ASSERT_EQUAL_FATAL(ff_solve(&b, r, st, &back, &err), 0);
	CU_ASSERT_EQUAL_FATAL(ff_solve(&c, r, st, &plain, &err), 0);
	CU_ASSERT(differ(&a, &b) < 1e-11);
	CU_ASSERT(differ(&a, &c) < 1e-11);
	CU_ASSERT(a.jumps > 0 && c.jumps == 0);
	CU_ASSERT(a.value[0] > 0 && a.value[0] < 1);
	ff_solution_free(&a);
	ff_solution_free(&b);
	ff_solution_free(&c);
}

/* A saved solution loads back the same, finds the same positions, and
   a file of another ruleset, cut short, or not a solution is refused. */
static void test_save_load(void)
{
	unsigned char st[STATE_MAX];
	const struct ff_rules *r = start("locusludi-race", NULL, st);
	struct ff_solution a, b;
	struct ff_error err;
	FILE *fp = tmpfile(), *cut = tmpfile();
	char buf[4096];
	size_t n;

	CU_ASSERT_FATAL(fp && cut);
	CU_ASSERT_EQUAL_FATAL(ff_solve(&a, r, st, &exact, &err), 0);
	CU_ASSERT_EQUAL_FATAL(ff_solution_save(&a, "fivelines/locusludi-race", fp, &err), 0);
	rewind(fp);
	CU_ASSERT_EQUAL_FATAL(ff_solution_load(&b, r, "fivelines/locusludi-race", fp, &err), 0);
	CU_ASSERT_EQUAL(b.nstates, a.nstates);
	CU_ASSERT(memcmp(a.keys, b.keys, a.nstates * a.key_len) == 0);
	CU_ASSERT(memcmp(a.value, b.value, a.nstates * sizeof *a.value) == 0);
	CU_ASSERT_EQUAL(ff_solution_find(&b, st), 0);
	ff_solution_free(&b);
	rewind(fp);
	CU_ASSERT_EQUAL(ff_solution_load(&b, r, "fivelines/schaedler", fp, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_OPTION);
	rewind(fp);   /* the first 4,000 bytes alone */
	n = fread(buf, 1, sizeof buf - 96, fp);
	fwrite(buf, 1, n, cut);
	rewind(cut);
	CU_ASSERT_EQUAL(ff_solution_load(&b, r, "fivelines/locusludi-race", cut, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EIO);
	rewind(cut);
	fputs("FFSOLVE2\n", cut);
	rewind(cut);
	CU_ASSERT_EQUAL(ff_solution_load(&b, r, "fivelines/locusludi-race", cut, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EIO);
	ff_solution_free(&a);
	fclose(fp);
	fclose(cut);
}

/* A game the solver cannot take is refused with a code. */
static void test_refused(void)
{
	struct ff_config cfg;
	struct ff_solution sol;
	struct ff_error err;
	void *st;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fiveplay", NULL, NULL, NULL, NULL, NULL, &err), 0);
	st = malloc(cfg.rules->state_size);
	CU_ASSERT_EQUAL_FATAL(cfg.rules->init(st, &cfg, NULL, &err), 0);
	CU_ASSERT_EQUAL(ff_solve(&sol, cfg.rules, st, &exact, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_OPTION);
	free(st);
}

static const struct ff_test tests[] = {
	{ "values that follow from the rules", test_known_values },
	{ "a second method agrees", test_second_method },
	{ "the sweep order does not matter", test_sweep_order },
	{ "games without known chances are refused", test_refused },
	{ "solution files", test_save_load },
};

FF_TEST_MAIN("solve", tests)
