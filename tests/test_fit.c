/* Fitting rules to a record (lib/analysis/fit.c) on a game the engine
   plays: the space counted from the option table (whole, and the
   neighbourhood when it is too large), the record's own ruleset among the
   fits, and its log-likelihood against one worked out here: the throws'
   from the die's table (lib/dice.c), the random model's choices from the
   number of legal plies at each ply. */
#include "config.h"

#include <CUnit/Basic.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/analysis/fit.h"
#include "lib/dice.h"
#include "lib/replay.h"
#include "lib/simulate.h"

#include "tests/test_main.h"

static struct ff_config cfg;
static struct ff_record rec;

/* The number of values fit tries of option o (a choice's values; an
   integer option is not in Five Lines). */
static int nvalues(const struct ff_option_desc *o)
{
	const char *p;
	int n = 1;

	for (p = o->values; *p; p++)
		n += *p == '|';
	return n;
}

static int applies(const struct ff_option_desc *o, int p)
{
	return !o->presets || (o->presets & (1u << p));
}

/* A Kidd game with knucklebones, greedy against random, into rec. */
static void test_setup(void)
{
	struct ff_sim sim = { .cfg = &cfg };
	struct ff_buf scratch = FF_BUF_INIT;
	struct ff_error err;
	void *st;

	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fivelines", "kidd", "dice=knuckle", NULL, NULL,
					      NULL, &err), 0);
	st = malloc(cfg.rules->state_size);
	sim.agents[0] = ff_agent_find(cfg.rules, "greedy");
	sim.agents[1] = ff_agent_find(cfg.rules, "random");
	CU_ASSERT_FATAL(st && sim.agents[0] && sim.agents[1]);
	CU_ASSERT_EQUAL_FATAL(ff_record_init(&rec), 0);
	CU_ASSERT_EQUAL_FATAL(ff_simulate_game(&sim, 7, st, &scratch, &rec, &err), 0);
	CU_ASSERT_FATAL(rec.nplies > 20);
	free(st);
	ff_buf_free(&scratch);
}

/* The record's own ruleset in f: fits, marked. */
static const struct ff_fit_entry *own(const struct ff_fit *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (f->e[i].header)
			return &f->e[i];
	return NULL;
}

static void test_whole_space(void)
{
	const struct ff_rules *r = cfg.rules;
	struct ff_fit_opts o = { .model = FF_FIT_RANDOM };
	struct ff_error err;
	struct ff_fit f;
	size_t want = 0, prod;
	int p, i;

	for (p = 0; p < r->npresets; p++) {
		for (prod = 1, i = 0; i < r->noptions; i++)
			if (applies(&r->options[i], p))
				prod *= (size_t)nvalues(&r->options[i]);
		want += prod;
	}
	ff_fit_init(&f);
	CU_ASSERT_EQUAL_FATAL(ff_fit_run(&f, &rec, &o, &err), 0);
	CU_ASSERT_EQUAL(f.neighbourhood, 0);
	CU_ASSERT_EQUAL(f.combos, want);
	CU_ASSERT_EQUAL(f.n + f.refused + f.duplicates, f.combos);
	CU_ASSERT(own(&f) && own(&f)->fit);
	CU_ASSERT(f.nfit >= 1 && f.e[0].fit);
	ff_fit_free(&f);
}

static void test_neighbourhood(void)
{
	const struct ff_rules *r = cfg.rules;
	struct ff_fit_opts o = { .model = FF_FIT_RANDOM, .max_space = 100 };
	struct ff_error err;
	struct ff_fit f;
	size_t want = 0;
	int p, i;

	for (p = 0; p < r->npresets; p++) {
		want++;   /* the record's values (defaults where they do not apply) */
		for (i = 0; i < r->noptions; i++)
			if (applies(&r->options[i], p))
				want += (size_t)nvalues(&r->options[i]) - 1;
	}
	ff_fit_init(&f);
	CU_ASSERT_EQUAL_FATAL(ff_fit_run(&f, &rec, &o, &err), 0);
	CU_ASSERT_EQUAL(f.neighbourhood, 1);
	CU_ASSERT_EQUAL(f.combos, want);
	CU_ASSERT(own(&f) && own(&f)->fit);
	ff_fit_free(&f);
}

/* The random model's log-likelihood of rec under cfg, worked out here. */
static void expected(double *ll_t, double *ll_c)
{
	const struct ff_dice *d = ff_dice_find("knuckle");
	struct ff_ply *legal = malloc(FF_MAX_LEGAL * sizeof *legal), p;
	struct ff_error err;
	struct ff_game g;
	size_t k;
	int i, n, v;

	CU_ASSERT_FATAL(legal && d);
	ff_game_init(&g);
	*ll_t = *ll_c = 0;
	CU_ASSERT_EQUAL_FATAL(ff_game_start(&g, &rec, &err), 0);
	for (k = 0; k < rec.nplies; k++) {
		const char *tok = ff_record_str(&rec, rec.plies[k].tok);

		v = atoi(tok);   /* the throw before the ':' */
		for (i = 0; i < d->nfaces && d->faces[i] != v; i++)
			;
		CU_ASSERT_FATAL(i < d->nfaces);
		*ll_t += log((double)d->weight[i] / d->total);
		n = ff_rules_legal(g.rules, g.state, v, legal);
		*ll_c -= log((double)n);
		CU_ASSERT_EQUAL_FATAL(ff_game_step(&g, &rec, k, &p, &err), 0);
	}
	ff_game_free(&g);
	free(legal);
}

static void test_likelihood(void)
{
	struct ff_fit_opts o = { .model = FF_FIT_RANDOM };
	const struct ff_fit_entry *e;
	struct ff_error err;
	struct ff_fit f;
	double t, c, ll;

	expected(&t, &c);
	ff_fit_init(&f);
	CU_ASSERT_EQUAL_FATAL(ff_fit_run(&f, &rec, &o, &err), 0);
	e = own(&f);
	CU_ASSERT_FATAL(e != NULL);
	CU_ASSERT(e->nthrows_ok && e->nchoices_ok);
	CU_ASSERT_EQUAL(e->throws, (int)rec.nplies);
	CU_ASSERT(fabs(e->ll_throws - t) < 1e-9);
	CU_ASSERT(fabs(e->ll_choices - c) < 1e-9);
	CU_ASSERT(ff_fit_loglik(e, &ll) && fabs(ll - t - c) < 1e-9);
	ff_fit_free(&f);
}

static void test_teardown(void)
{
	ff_record_free(&rec);
}

static const struct ff_test tests[] = {
	{ "simulate a Kidd game", test_setup },
	{ "the whole space, counted from the option table", test_whole_space },
	{ "the neighbourhood when the space is too large", test_neighbourhood },
	{ "the log-likelihood of throws and random choices", test_likelihood },
	{ "free the record", test_teardown },
};

FF_TEST_MAIN("fit", tests)
