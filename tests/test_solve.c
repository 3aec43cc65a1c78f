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
#include <time.h>

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
	CU_ASSERT_EQUAL_FATAL(ff_rules_init(cfg.rules, st, &cfg, NULL, &err), 0);
	return cfg.rules;
}

static int ended(const struct ff_rules *r, const void *st)
{
	struct ff_outcome o;

	ff_rules_outcome(r, st, &o);
	return o.term != FF_TERM_NONE;
}

/* 1 when the side to move of st wins at once with some ply for throw d. */
static int wins_now(const struct ff_rules *r, const void *st, int d)
{
	unsigned char next[STATE_MAX];
	struct ff_outcome o;
	int n = ff_rules_legal(r, st, d, legal), k, side = ff_rules_side_of(r, st, ff_rules_to_move(r, st));

	for (k = 0; k < n; k++) {
		memcpy(next, st, r->state_size);
		CU_ASSERT_EQUAL_FATAL(ff_rules_apply(r, next, &legal[k], NULL, NULL), 0);
		ff_rules_outcome(r, next, &o);
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
	n = ff_rules_chances(r, st, outcome, weight, &total);
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
	side = ff_rules_side_of(r, st, ff_rules_to_move(r, st));
	n = ff_rules_chances(r, st, outcome, weight, &total);
	for (c = 0; c < n && p >= 0; c++) {
		if (wins_now(r, st, outcome[c])) {
			p += (double)weight[c] / total;
			continue;
		}
		m = ff_rules_legal(r, st, outcome[c], mv);
		for (k = 0; k < m && p >= 0; k++) {
			memcpy(next, st, r->state_size);
			ff_rules_apply(r, next, &mv[k], NULL, NULL);
			if (ff_rules_side_of(r, next, ff_rules_to_move(r, next)) == side || !sure_win(r, next))
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
		n = ff_rules_legal(r, st, d, legal);
		CU_ASSERT_EQUAL_FATAL(ff_rules_apply(r, st, &legal[ff_agent_uniform_index(&pick, n)], NULL, NULL), 0);
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
	ff_rules_key(p->r, st, next.key);
	plain_add(p, &next);
	for (i = 0; i < p->n; i++) {
		if (ended(p->r, p->e[i].st))
			continue;
		n = ff_rules_chances(p->r, p->e[i].st, outcome, weight, &total);
		for (c = 0; c < n; c++) {
			m = ff_rules_legal(p->r, p->e[i].st, outcome[c], legal);
			for (k = 0; k < m; k++) {
				memset(&next, 0, sizeof next);
				memcpy(next.st, p->e[i].st, p->r->state_size);
				ff_rules_apply(p->r, next.st, &legal[k], NULL, NULL);
				ff_rules_key(p->r, next.st, next.key);
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

	ff_rules_outcome(p->r, st, &o);
	side = ff_rules_side_of(p->r, st, ff_rules_to_move(p->r, st));
	if (o.term != FF_TERM_NONE)
		return o.winner < 0 ? 0.5 : o.winner == side ? 1.0 : 0.0;
	n = ff_rules_chances(p->r, st, outcome, weight, &total);
	for (c = 0; c < n; c++) {
		m = ff_rules_legal(p->r, st, outcome[c], legal);
		for (best = 0, k = 0; k < m; k++) {
			memcpy(next, st, p->r->state_size);
			ff_rules_apply(p->r, next, &legal[k], NULL, NULL);
			memset(key, 0, sizeof key);
			ff_rules_key(p->r, next, key);
			j = plain_find(p, key);
			CU_ASSERT_FATAL(j >= 0);
			x = ff_rules_side_of(p->r, next, ff_rules_to_move(p->r, next)) == side ? p->v[j] : 1 - p->v[j];
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
		n = ff_rules_legal(p.r, st, ff_rules_roll(p.r, st, &chance), legal);
		ff_rules_apply(p.r, st, &legal[ff_agent_uniform_index(&pick, n)], NULL, NULL);
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

/* The value of non-ended st from its successors' values in sol: the sum
   over the throws of their probability times the best ply's value. */
static double bellman(const struct ff_solution *sol, const void *st)
{
	const struct ff_rules *r = sol->rules;
	int outcome[FF_MAX_CHANCES], weight[FF_MAX_CHANCES], total, nc, c, n, k;
	double sum = 0, best, x;

	nc = ff_rules_chances(r, st, outcome, weight, &total);
	for (c = 0; c < nc; c++) {
		n = ff_rules_legal(r, st, outcome[c], legal);
		for (best = 0, k = 0; k < n; k++) {
			x = ff_solution_ply_value(sol, st, &legal[k]);
			CU_ASSERT(x >= 0);
			best = x > best ? x : best;
		}
		sum += (double)weight[c] / total * best;
	}
	return sum;
}

/* The race game splits into many components (a piece on the sacred line
   stays there), solved one after another: every position met in 200
   seeded random games satisfies the equation of its value to 1e-11, in
   both sweep orders, and the orders agree. */
static void test_components(void)
{
	unsigned char st[STATE_MAX], s0[STATE_MAX];
	const struct ff_rules *r = start("locusludi-race", "skip-last", s0);
	struct ff_solve_opts back = exact;
	struct ff_solution a, b;
	struct ff_error err;
	struct ff_rng chance, pick;
	double worst = 0, d;
	int g, n, checked = 0;

	back.reverse = 1;
	CU_ASSERT_EQUAL_FATAL(ff_solve(&a, r, s0, &exact, &err), 0);
	CU_ASSERT_EQUAL_FATAL(ff_solve(&b, r, s0, &back, &err), 0);
	CU_ASSERT(differ(&a, &b) < 1e-11);
	ff_rng_seed(&chance, 36);
	ff_rng_seed(&pick, 63);
	for (g = 0; g < 200; g++) {
		memcpy(st, s0, r->state_size);
		while (!ended(r, st)) {
			d = fabs(bellman(&a, st) - ff_solution_value(&a, st));
			worst = d > worst ? d : worst;
			checked++;
			n = ff_rules_legal(r, st, ff_rules_roll(r, st, &chance), legal);
			CU_ASSERT_EQUAL_FATAL(ff_rules_apply(r, st, &legal[ff_agent_uniform_index(&pick, n)],
							     NULL, NULL), 0);
		}
	}
	CU_ASSERT(checked > 10000);
	CU_ASSERT(worst < 1e-11);
	ff_solution_free(&a);
	ff_solution_free(&b);
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

/* --- Untrusted solution files (issue 33). The files are made here:
   saved by ff_solution_save from a real solve or from keys made up, then
   changed. */

#define RACE "fivelines/locusludi-race"

/* A small real solution: of a position of a seeded random race game with
   at most 3,000 positions; r and st its rules and that position. */
static const struct ff_rules *small_solution(struct ff_solution *sol, void *st)
{
	struct ff_solve_opts capped = exact;
	const struct ff_rules *r = start("locusludi-race", NULL, st);
	struct ff_rng chance, pick;
	struct ff_error err;
	int k, n;

	capped.max_states = 3000;
	ff_rng_seed(&chance, 7);
	ff_rng_seed(&pick, ~(uint64_t)7);
	for (k = 0; k < 3000; k++) {
		CU_ASSERT_FATAL(!ended(r, st));
		if (k >= 10 && ff_solve(sol, r, st, &capped, &err) == 0)
			return r;
		n = ff_rules_legal(r, st, ff_rules_roll(r, st, &chance), legal);
		ff_rules_apply(r, st, &legal[ff_agent_uniform_index(&pick, n)], NULL, NULL);
	}
	CU_FAIL_FATAL("no small position");
	return NULL;
}

/* sol saved for RACE into a new buffer; its size into *size. */
static unsigned char *saved(const struct ff_solution *sol, size_t *size)
{
	struct ff_error err;
	FILE *fp = tmpfile();
	unsigned char *buf;

	CU_ASSERT_FATAL(fp != NULL);
	CU_ASSERT_EQUAL_FATAL(ff_solution_save(sol, RACE, fp, &err), 0);
	*size = (size_t)ftell(fp);
	buf = malloc(*size);
	rewind(fp);
	CU_ASSERT_FATAL(buf && fread(buf, 1, *size, fp) == *size);
	fclose(fp);
	return buf;
}

/* Load the size bytes at buf as a solution of RACE; the status, err
   filled, sol freed. */
static int load_bytes(const struct ff_rules *r, const unsigned char *buf, size_t size,
		      struct ff_error *err)
{
	struct ff_solution sol;
	FILE *fp = tmpfile();
	int rc;

	CU_ASSERT_FATAL(fp && fwrite(buf, 1, size, fp) == size);
	rewind(fp);
	ff_error_clear(err);
	rc = ff_solution_load(&sol, r, RACE, fp, err);
	if (rc == 0)
		ff_solution_free(&sol);
	fclose(fp);
	return rc;
}

/* Every one of a sample of single bit flips in a real file is refused
   as damaged (io, with a message; a flip in the ruleset line too, not
   taken for another ruleset's file): every bit of the first 64 bytes
   (the magic, the ruleset, the header) and 2,000 bits spread over the
   rest. */
static void test_bit_flips(void)
{
	unsigned char st[STATE_MAX];
	struct ff_solution sol;
	const struct ff_rules *r = small_solution(&sol, st);
	struct ff_error err;
	size_t size, bits, bit, step, tried = 0, taken = 0;
	unsigned char *buf = saved(&sol, &size);

	CU_ASSERT_EQUAL(load_bytes(r, buf, size, &err), 0);   /* as written: loads */
	bits = 8 * size;
	step = (bits - 512) / 2000;
	for (bit = 0; bit < bits; bit += bit < 512 ? 1 : step) {
		buf[bit / 8] ^= (unsigned char)(1u << bit % 8);
		if (load_bytes(r, buf, size, &err) == 0 || err.code != FF_EIO || !err.msg[0]) {
			if (taken++ < 5)
				fprintf(stderr, "\nbit %zu (byte %zu) flipped: accepted\n", bit, bit / 8);
		}
		buf[bit / 8] ^= (unsigned char)(1u << bit % 8);
		tried++;
	}
	CU_ASSERT(tried >= 2500);
	CU_ASSERT_EQUAL(taken, 0);
	if (taken)
		fprintf(stderr, "%zu of %zu flipped files of %zu positions accepted\n", taken, tried,
			sol.nstates);
	free(buf);
	ff_solution_free(&sol);
}

/* A header that claims more positions than the file holds is refused
   for its size, before anything is allocated: the 45-byte file of the
   issue (magic, ruleset, header claiming 2^31 - 1 positions), and
   claims of one position too many or too few. */
static void test_header_claims(void)
{
	unsigned char st[STATE_MAX];
	struct ff_solution sol;
	const struct ff_rules *r = small_solution(&sol, st);
	struct ff_error err;
	size_t size, head = 9 + strlen(RACE) + 1, k;
	unsigned char *buf = saved(&sol, &size);
	uint64_t claims[] = { 0x7fffffffu, (uint64_t)sol.nstates + 1, (uint64_t)sol.nstates - 1 };

	for (k = 0; k < sizeof claims / sizeof *claims; k++) {
		unsigned char *b = malloc(size);
		char want[64];
		int i;

		memcpy(b, buf, size);
		for (i = 0; i < 8; i++)
			b[head + i] = (unsigned char)(claims[k] >> 8 * i);
		snprintf(want, sizeof want, "claims %llu positions", (unsigned long long)claims[k]);
		CU_ASSERT_EQUAL(load_bytes(r, b, k == 0 ? head + 16 : size, &err), -1);
		CU_ASSERT_EQUAL(err.code, FF_EIO);
		CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, want));
		if (!strstr(err.msg, want))
			fprintf(stderr, "\n%s: got '%s'\n", want, err.msg);
		free(b);
	}
	free(buf);
	ff_solution_free(&sol);
}

/* A file of format 1 (no checksum) is refused, saying so; it is made
   here as fivefold wrote it before format 2. */
static void test_format_1(void)
{
	unsigned char st[STATE_MAX];
	struct ff_solution sol, b;
	const struct ff_rules *r = small_solution(&sol, st);
	struct ff_error err;
	uint64_t head[2] = { sol.nstates, sol.key_len };
	FILE *fp = tmpfile();

	CU_ASSERT_FATAL(fp != NULL);
	fprintf(fp, "FFSOLVE1\n%s\n", RACE);
	fwrite(head, sizeof head, 1, fp);
	fwrite(sol.keys, sol.key_len, sol.nstates, fp);
	fwrite(sol.value, sizeof *sol.value, sol.nstates, fp);
	rewind(fp);
	CU_ASSERT_EQUAL(ff_solution_load(&b, r, RACE, fp, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EIO);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "format 1"));
	fclose(fp);
	ff_solution_free(&sol);
}

/* A file with a good checksum but a value outside [0, 1] (or NaN), or a
   position twice, is refused. (A fuzzer finding: the values were once
   checked before the count was set, so not at all.) */
static void test_bad_values(void)
{
	unsigned char st[STATE_MAX];
	struct ff_solution sol;
	const struct ff_rules *r = small_solution(&sol, st);
	double bad[] = { 1.5, -0.25, NAN }, keep = sol.value[sol.nstates / 2];
	struct ff_error err;
	unsigned char *buf;
	size_t size, k;

	for (k = 0; k < sizeof bad / sizeof *bad; k++) {
		sol.value[sol.nstates / 2] = bad[k];
		buf = saved(&sol, &size);
		CU_ASSERT_EQUAL(load_bytes(r, buf, size, &err), -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "outside [0, 1]"));
		free(buf);
	}
	sol.value[sol.nstates / 2] = keep;
	memcpy(sol.keys + (sol.nstates - 1) * sol.key_len, sol.keys, sol.key_len);
	buf = saved(&sol, &size);
	CU_ASSERT_EQUAL(load_bytes(r, buf, size, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "a position twice"));
	free(buf);
	ff_solution_free(&sol);
}

/* The hash of key k of n bytes that the loader used before format 2 (a
   known function: anyone could choose keys for it). */
static uint64_t old_hash(const uint8_t *k, size_t n)
{
	uint64_t h = 0x9E3779B97F4A7C15u ^ n, w;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, k + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdu;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, k + i, n - i);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53u;
	return h ^ h >> 29;
}

/* The inverse of odd c modulo 2^64 (Newton's iteration). */
static uint64_t inverse(uint64_t c)
{
	uint64_t x = c;
	int i;

	for (i = 0; i < 6; i++)
		x *= 2 - c * x;
	return x;
}

/* n keys of 27 bytes whose old hashes are t << 32 for t = 1..n: all on
   slot 0 of any table up to 2^32 slots. Bytes 0-15 and 24-26 are zero;
   bytes 16-23 are found by running the hash backwards from its result. */
static void collide(uint8_t *keys, size_t n)
{
	const uint64_t c1 = 0xff51afd7ed558ccdu, c2 = 0xc4ceb9fe1a85ec53u;
	uint64_t h2 = 0x9E3779B97F4A7C15u ^ 27, f, g, h3, x;
	size_t t;
	int i;

	for (i = 0; i < 2; i++) {   /* two zero words */
		h2 *= c1;
		h2 ^= h2 >> 32;
	}
	for (t = 0; t < n; t++) {
		f = (uint64_t)(t + 1) << 32;
		g = f ^ f >> 29 ^ f >> 58;           /* undo h ^= h >> 29 */
		h3 = g * inverse(c2);                /* undo * c2 (the tail is zero) */
		x = h3 ^ h3 >> 32;                   /* undo h ^= h >> 32 */
		x = x * inverse(c1) ^ h2;            /* undo * c1, then ^ h2 */
		memset(keys + t * 27, 0, 27);
		memcpy(keys + t * 27 + 16, &x, 8);
	}
}

/* Seconds to load the file at buf (the fastest of tries). */
static double load_time(const struct ff_rules *r, const unsigned char *buf, size_t size,
			int tries)
{
	struct timespec a, b;
	struct ff_error err;
	double best = 1e9, t;

	while (tries-- > 0) {
		clock_gettime(CLOCK_MONOTONIC, &a);
		CU_ASSERT_EQUAL(load_bytes(r, buf, size, &err), 0);
		clock_gettime(CLOCK_MONOTONIC, &b);
		t = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
		best = t < best ? t : best;
	}
	return best;
}

/* A file of 30,000 keys crafted to share one slot of the old, known
   hash loads about as fast as one of 30,000 keys without a pattern (it
   took 80.7 s instead of 0.34 s at Schaedler's 133,492 keys; here,
   generously, within ten times plus a quarter of a second). */
static void test_crafted_keys(void)
{
	unsigned char st[STATE_MAX];
	const struct ff_rules *r = start("locusludi-race", NULL, st);
	struct ff_solution sol = { .rules = r, .nstates = 30000, .key_len = 27 };
	struct ff_rng rng;
	unsigned char *plain, *crafted;
	size_t i, psize, csize, hit = 0;
	double tp, tc;

	sol.keys = malloc(sol.nstates * 27);
	sol.value = malloc(sol.nstates * sizeof *sol.value);
	CU_ASSERT_FATAL(sol.keys && sol.value);
	ff_rng_seed(&rng, 33);
	for (i = 0; i < sol.nstates * 27; i++)
		sol.keys[i] = (uint8_t)ff_rng_next(&rng);
	for (i = 0; i < sol.nstates; i++) {
		memcpy(sol.keys + i * 27, &i, sizeof i);   /* distinct */
		sol.value[i] = 0.5;
	}
	plain = saved(&sol, &psize);
	collide(sol.keys, sol.nstates);
	for (i = 0; i < sol.nstates; i++)   /* the generator does what it says */
		hit += (old_hash(sol.keys + i * 27, 27) & 0xffffffffu) == 0;
	CU_ASSERT_EQUAL(hit, sol.nstates);
	crafted = saved(&sol, &csize);
	CU_ASSERT_EQUAL(psize, csize);
	tp = load_time(r, plain, psize, 3);
	tc = load_time(r, crafted, csize, 1);
	if (tc > 10 * tp + 0.25)   /* a slow moment of the machine? once more */
		tc = load_time(r, crafted, csize, 2);
	CU_ASSERT(tc <= 10 * tp + 0.25);
	if (tc > 10 * tp + 0.25)
		fprintf(stderr, "\ncrafted keys: %.3f s to load, plain keys %.3f s\n", tc, tp);
	free(plain);
	free(crafted);
	free(sol.keys);
	free(sol.value);
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
	CU_ASSERT_EQUAL_FATAL(ff_rules_init(cfg.rules, st, &cfg, NULL, &err), 0);
	CU_ASSERT_EQUAL(ff_solve(&sol, cfg.rules, st, &exact, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_OPTION);
	free(st);
}

static const struct ff_test tests[] = {
	{ "values that follow from the rules", test_known_values },
	{ "a second method agrees", test_second_method },
	{ "the sweep order does not matter", test_sweep_order },
	{ "components: every value satisfies its equation", test_components },
	{ "games without known chances are refused", test_refused },
	{ "solution files", test_save_load },
	{ "solution files: every bit flip is refused", test_bit_flips },
	{ "solution files: header claims are checked against the size", test_header_claims },
	{ "solution files: format 1 is refused", test_format_1 },
	{ "solution files: values outside [0, 1], a position twice", test_bad_values },
	{ "solution files: crafted keys load in linear time", test_crafted_keys },
};

FF_TEST_MAIN("solve", tests)
