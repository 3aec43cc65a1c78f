/* The mcts agent (lib/agents/mcts.c) through the ruleset interface.

   Honesty: two deals that differ only in cards the agent's seat cannot
   see (the other hands and the order of the draw pile: Deck tags whose
   cards agree at the places dealt to seat 1 and are permuted elsewhere)
   give the same choice, in Sequence and in Pegs and Jokers, with the
   greedy prior and without. The test can fail: an engine table whose
   determinize() is taken away lets the search (without the prior, whose
   choice it mostly keeps) read the true deal, and then some of the
   permuted deals change the choice.

   Width: with width=2 the choice is always among the two plies the
   greedy prior ranks highest.

   Reproducibility and options: the same stream gives the same choice;
   options are parsed and refused as documented.

   Engine defaults: every engine's defaults for mcts, in every preset,
   make an agent (a typo in a table fails here); what describe() writes
   makes the same agent again; an option given replaces the default of
   its name and leaves the others; cut=N is refused where the engine has
   no evaluation. */
#include "config.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/agents/mcts.h"
#include "lib/buf.h"
#include "lib/cards.h"
#include "lib/rng.h"

#include "tests/test_main.h"

#define DEALS 8
#define MAX_CARDS 512

/* A deal: the Deck tag's cards, top first. */
struct deal {
	int16_t card[MAX_CARDS];
	int n;
};

/* Set up game with the deal d into st. */
static void start(const struct ff_rules **r, const char *game, const char *seats,
		  const struct deal *d, void *st)
{
	struct ff_config cfg;
	struct ff_error err;
	struct ff_buf tag = FF_BUF_INIT;
	char name[8];
	int i;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, game, NULL, NULL, seats, NULL, NULL, &err), 0);
	for (i = 0; i < d->n; i++)
		CU_ASSERT_EQUAL_FATAL(ff_buf_addf(&tag, "%s%s", i ? " " : "",
						  ff_card_name(d->card[i], name)), 0);
	CU_ASSERT_EQUAL_FATAL(ff_config_deck(&cfg, tag.p, &err), 0);
	CU_ASSERT_EQUAL_FATAL(ff_rules_init(cfg.rules, st, &cfg, NULL, &err), 0);
	ff_buf_free(&tag);
	*r = cfg.rules;
}

/* The choice of mcts (options) for the seat to move in st, from a fixed
   stream, with rules r. */
static int choice(const struct ff_rules *r, const void *st, void *ctx)
{
	struct ff_ply *legal = malloc(FF_MAX_LEGAL * sizeof *legal);
	struct ff_rng rng;
	int n, k;

	CU_ASSERT_FATAL(legal != NULL);
	n = ff_rules_legal(r, st, ff_rules_roll(r, st, NULL), legal);
	ff_rng_seed(&rng, 42);
	k = ff_agent_mcts.choose_with(ctx, r, st, legal, n, &rng);
	free(legal);
	return k;
}

/* The number of plies legal in st. */
static int nlegal(const struct ff_rules *r, const void *st)
{
	struct ff_ply *legal = malloc(FF_MAX_LEGAL * sizeof *legal);
	int n;

	CU_ASSERT_FATAL(legal != NULL);
	n = ff_rules_legal(r, st, FF_NO_CHANCE, legal);
	free(legal);
	return n;
}

/* Do st and other show seat 0 the same plies? */
static int same_plies(const struct ff_rules *r, const void *a, const void *b)
{
	struct ff_ply *la = malloc(2 * FF_MAX_LEGAL * sizeof *la), *lb = la + FF_MAX_LEGAL;
	int na, nb, i, same;

	CU_ASSERT_FATAL(la != NULL);
	na = ff_rules_legal(r, a, FF_NO_CHANCE, la);
	nb = ff_rules_legal(r, b, FF_NO_CHANCE, lb);
	same = na == nb;
	for (i = 0; same && i < na; i++)
		same = ff_ply_eq(&la[i], &lb[i]);
	free(la);
	return same;
}

/* Deal `other` from `base`: the cards of every place not dealt to seat 1
   (every `seats`-th of the first seats*hand, from the first) shuffled
   among those places by rng. */
static void permute_unseen(const struct deal *base, struct deal *other, int seats, int hand,
			   struct ff_rng *rng)
{
	int place[MAX_CARDS], n = 0, i;
	int16_t tmp[MAX_CARDS];

	*other = *base;
	for (i = 0; i < base->n; i++)
		if (!(i < seats * hand && i % seats == 0))
			place[n++] = i;
	for (i = 0; i < n; i++)
		tmp[i] = base->card[place[i]];
	ff_cards_shuffle(rng, tmp, n);
	for (i = 0; i < n; i++)
		other->card[place[i]] = tmp[i];
}

/* Honest: the same choice on every deal that differs only where seat 1
   cannot see; and the same test on an engine table without determinize
   finds a deal where the choice changes. */
static void honest(const char *game, const char *seats, int nseats, int decks, int jokers,
		   int hand)
{
	struct ff_error err;
	struct deal base, other;
	struct ff_rng rng;
	const struct ff_rules *r;
	struct ff_rules cheat;
	void *ctx, *bare, *wide, *a, *b;
	int k, kb, kw, i, changed = 0, ca, cb;

	a = malloc(1 << 16);
	b = malloc(1 << 16);
	CU_ASSERT_FATAL(a && b);
	/* a deal where seat 1 has a choice to make (at least 4 plies) */
	for (i = 1;; i++) {
		CU_ASSERT_FATAL(i < 200);
		base.n = ff_cards_unshuffled(base.card, decks, jokers);
		ff_rng_seed(&rng, (uint64_t)i);
		ff_cards_shuffle(&rng, base.card, base.n);
		start(&r, game, seats, &base, a);
		if (nlegal(r, a) >= 4)
			break;
	}
	CU_ASSERT_FATAL(r->state_size <= 1 << 16 && ff_rules_can(r, FF_CAN_HIDE));
	cheat = *r;
#pragma GCC diagnostic push   /* an engine made to cheat: past the door (FF_HOOK) */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	cheat.determinize = NULL;
#pragma GCC diagnostic pop
	ctx = ff_agent_mcts.create(r, "iterations=150", &err);
	bare = ff_agent_mcts.create(r, "iterations=150;prior=none", &err);
	wide = ff_agent_mcts.create(r, "iterations=150;playout=greedy;width=3;z=0", &err);
	CU_ASSERT_FATAL(ctx != NULL && bare != NULL && wide != NULL);
	k = choice(r, a, ctx);
	kb = choice(r, a, bare);
	kw = choice(r, a, wide);
	ca = choice(&cheat, a, bare);
	for (i = 0; i < DEALS; i++) {
		permute_unseen(&base, &other, nseats, hand, &rng);
		start(&r, game, seats, &other, b);
		CU_ASSERT_FATAL(same_plies(r, a, b));
		CU_ASSERT_EQUAL(choice(r, b, ctx), k);
		CU_ASSERT_EQUAL(choice(r, b, bare), kb);
		CU_ASSERT_EQUAL(choice(r, b, wide), kw);
		cb = choice(&cheat, b, bare);
		changed += cb != ca;
	}
	CU_ASSERT(changed > 0);
	ff_agent_mcts.destroy(ctx);
	ff_agent_mcts.destroy(bare);
	ff_agent_mcts.destroy(wide);
	free(a);
	free(b);
}

static void test_honest_sequence(void)
{
	honest("sequence", "2", 2, 2, 0, 7);
}

static void test_honest_pegsjokers(void)
{
	honest("pegsjokers", "4", 4, 2, 2, 5);
}

/* width=2: over the decisions of a Sequence game played by greedy, the
   search's choice is always one of the two plies greedy ranks highest
   (its score at least the second best), and it is not always greedy's. */
static void test_width(void)
{
	const struct ff_rules *r = ff_rules_find("sequence");
	const struct ff_agent *g = ff_agent_find(r, "greedy");
	struct ff_ply *legal = malloc(FF_MAX_LEGAL * sizeof *legal);
	long *score = malloc(FF_MAX_LEGAL * sizeof *score), top[2];
	struct ff_config cfg;
	struct ff_error err;
	struct ff_rng chance, rng;
	void *st = malloc(r->state_size), *ctx;
	int n, k, i, decisions = 0, other = 0;

	CU_ASSERT_FATAL(legal && score && st && g && g->rank);
	ctx = ff_agent_mcts.create(r, "iterations=60;width=2;z=0", &err);
	CU_ASSERT_FATAL(ctx != NULL);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "sequence", NULL, NULL, NULL, NULL, NULL, &err), 0);
	ff_rng_seed(&chance, 5);
	ff_rng_seed(&rng, 6);
	CU_ASSERT_EQUAL_FATAL(ff_rules_init(r, st, &cfg, &chance, &err), 0);
	while (decisions < 40) {
		struct ff_outcome o;

		ff_rules_outcome(r, st, &o);
		if (o.term != FF_TERM_NONE)
			break;
		n = ff_rules_legal(r, st, FF_NO_CHANCE, legal);
		if (n > 2) {
			g->rank(st, legal, n, score);
			top[0] = top[1] = -0x7fffffffL;
			for (i = 0; i < n; i++)
				if (score[i] > top[0]) {
					top[1] = top[0];
					top[0] = score[i];
				} else if (score[i] > top[1]) {
					top[1] = score[i];
				}
			k = ff_agent_mcts.choose_with(ctx, r, st, legal, n, &rng);
			CU_ASSERT(score[k] >= top[1]);
			other += score[k] < top[0];
			decisions++;
		}
		k = g->choose(st, legal, n, &rng);
		CU_ASSERT_EQUAL_FATAL(ff_rules_apply(r, st, &legal[k], &chance, &err), 0);
	}
	CU_ASSERT(decisions >= 20);
	CU_ASSERT(other > 0);
	ff_agent_mcts.destroy(ctx);
	free(st);
	free(score);
	free(legal);
}

/* Options: the defaults, each option, and refusals. */
static void test_options(void)
{
	const struct ff_rules *r = ff_rules_find("fiveplay");
	struct ff_error err;
	void *ctx;

	CU_ASSERT_FATAL(r != NULL);
	ctx = ff_agent_mcts.create(r, NULL, &err);
	CU_ASSERT(ctx != NULL);
	ff_agent_mcts.destroy(ctx);
	ctx = ff_agent_mcts.create(r, "iterations=50;c=1.4;playout=greedy;time-ms=20", &err);
	CU_ASSERT(ctx != NULL);
	ff_agent_mcts.destroy(ctx);
	CU_ASSERT_PTR_NULL(ff_agent_mcts.create(r, "iterations=0", &err));
	CU_ASSERT_EQUAL(err.code, FF_EBAD_OPTION);
	CU_ASSERT_PTR_NULL(ff_agent_mcts.create(r, "iterations", &err));
	CU_ASSERT_PTR_NULL(ff_agent_mcts.create(r, "depth=3", &err));
	CU_ASSERT(strstr(err.msg, "depth") != NULL);
	CU_ASSERT_PTR_NULL(ff_agent_mcts.create(r, "playout=smart", &err));
	CU_ASSERT_PTR_NULL(ff_agent_mcts.create(r, "c=-1", &err));
	CU_ASSERT_PTR_NULL(ff_agent_mcts.create(r, "width=1.5", &err));
	ctx = ff_agent_mcts.create(r, "width=4;z=0", &err);
	CU_ASSERT(ctx != NULL);
	ff_agent_mcts.destroy(ctx);
	CU_ASSERT_PTR_NULL(ff_agent_mcts.create(r, "width=4;prior=none", &err));
	CU_ASSERT(strstr(err.msg, "width") != NULL);
}

/* The options table (what `fivefold rules` lists) is the options create()
   takes: each with its default, in every game, and every choice of each;
   a name not in it is refused. */
static void test_options_table(void)
{
	const struct ff_rules *r;
	struct ff_error err;
	char opt[128];
	void *ctx;
	int i, k;

	CU_ASSERT_TRUE(ff_agent_mcts.noptions >= 7);
	for (k = 0; (r = ff_rules_at(k)); k++)
		for (i = 0; i < ff_agent_mcts.noptions; i++) {
			const struct ff_agent_option *o = &ff_agent_mcts.options[i];
			const char *v = o->values, *e;

			snprintf(opt, sizeof opt, "%s=%s", o->name, o->dflt ? o->dflt : "5");
			ctx = ff_agent_mcts.create(r, opt, &err);
			CU_ASSERT_PTR_NOT_NULL(ctx);
			if (ctx)
				ff_agent_mcts.destroy(ctx);
			for (; strchr(o->values, '|') && *v; v = *e ? e + 1 : e) {
				e = v + strcspn(v, "|");
				if (e - v == 1 && (*v == 'N' || *v == 'X'))
					continue;   /* a placeholder, not a choice */
				snprintf(opt, sizeof opt, "%s=%.*s", o->name, (int)(e - v), v);
				ctx = ff_agent_mcts.create(r, opt, &err);
				CU_ASSERT_PTR_NOT_NULL(ctx);
				if (ctx)
					ff_agent_mcts.destroy(ctx);
			}
		}
	CU_ASSERT_PTR_NULL(ff_agent_mcts.create(ff_rules_at(0), "iteration=5", &err));
}

/* ctx described, into a fresh buffer's text (the caller frees it). */
static char *described(const void *ctx)
{
	struct ff_buf b = { 0 };

	CU_ASSERT_FATAL(ff_agent_mcts.describe(ctx, &b) == 0 && ff_buf_addc(&b, '\0') == 0);
	return b.p;
}

/* Engine defaults: made in every preset, described completely, given
   options on top. */
static void test_defaults(void)
{
	const struct ff_rules *r;
	struct ff_config cfg;
	struct ff_error err;
	char *d, *d2, want[64];
	void *ctx, *again;
	int i, p, defaults = 0;

	for (i = 0; (r = ff_rules_at(i)) != NULL; i++)
		for (p = 0; p < r->npresets; p++) {
			memset(&cfg, 0, sizeof cfg);
			cfg.rules = r;
			cfg.preset = p;
			defaults += *ff_agent_default_options(&cfg, &ff_agent_mcts) != '\0';
			ctx = ff_agent_create(&cfg, &ff_agent_mcts, NULL, &err);
			CU_ASSERT_FATAL(ctx != NULL);
			d = described(ctx);
			again = ff_agent_mcts.create(r, d, &err);
			CU_ASSERT_FATAL(again != NULL);
			d2 = described(again);
			CU_ASSERT_STRING_EQUAL(d, d2);
			free(d2);
			ff_agent_mcts.destroy(again);
			ff_agent_mcts.destroy(ctx);
			/* a given option replaces its default, the others stay */
			ctx = ff_agent_create(&cfg, &ff_agent_mcts, "iterations=77;playout=random", &err);
			CU_ASSERT_FATAL(ctx != NULL);
			d2 = described(ctx);
			CU_ASSERT(strncmp(d2, "iterations=77;", 14) == 0);
			CU_ASSERT(strstr(d2, "playout=random") != NULL);
			snprintf(want, sizeof want, "width=%s", strstr(d, "width=") + 6);
			*strchr(want, ';') = '\0';
			CU_ASSERT(strstr(d2, want) != NULL);
			free(d2);
			free(d);
			ff_agent_mcts.destroy(ctx);
		}
	CU_ASSERT(defaults > 0);
	/* Sequence's defaults search greedy's best plies: width=0 undoes it */
	memset(&cfg, 0, sizeof cfg);
	cfg.rules = ff_rules_find("sequence");
	CU_ASSERT_FATAL(cfg.rules != NULL);
	ctx = ff_agent_create(&cfg, &ff_agent_mcts, "", &err);
	CU_ASSERT_FATAL(ctx != NULL);
	d = described(ctx);
	CU_ASSERT(strstr(d, "width=0") == NULL);
	free(d);
	ff_agent_mcts.destroy(ctx);
	CU_ASSERT_PTR_NULL(ff_agent_create(&cfg, &ff_agent_mcts, "prior=none", &err));
	CU_ASSERT(strstr(err.msg, "the defaults of sequence/standard") != NULL);
	ctx = ff_agent_create(&cfg, &ff_agent_mcts, "prior=none;width=0", &err);
	CU_ASSERT(ctx != NULL);
	ff_agent_mcts.destroy(ctx);
	/* cut needs an evaluation: Pegs and Jokers has one, Fiveplay not */
	CU_ASSERT_PTR_NULL(ff_agent_mcts.create(ff_rules_find("fiveplay"), "cut=4", &err));
	CU_ASSERT(strstr(err.msg, "evaluation") != NULL);
	ctx = ff_agent_mcts.create(ff_rules_find("pegsjokers"), "cut=4", &err);
	CU_ASSERT(ctx != NULL);
	ff_agent_mcts.destroy(ctx);
}

/* threads=N: N trees, the iteration budget shared among them exactly;
   the same choice from the same stream every time (the trees' streams
   are drawn from it); one tree is the plain search, draw for draw. */
static void test_threads(void)
{
	const struct ff_rules *r = ff_rules_find("fiveplay");
	struct ff_ply *legal = malloc(FF_MAX_LEGAL * sizeof *legal);
	struct ff_config cfg;
	struct ff_error err;
	struct ff_rng chance, rng, again;
	void *st = malloc(r->state_size), *one, *two, *three;
	int n, k, c1, c2, c3, plain, differ = 0, positions = 0;

	CU_ASSERT_FATAL(legal && st);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fiveplay", NULL, NULL, NULL, NULL, NULL, &err),
			      0);
	one = ff_agent_mcts.create(r, "iterations=301;prior=none", &err);
	two = ff_agent_mcts.create(r, "iterations=301;prior=none;threads=2", &err);
	three = ff_agent_mcts.create(r, "iterations=301;prior=none;threads=3", &err);
	CU_ASSERT_FATAL(one && two && three);
	ff_rng_seed(&chance, 9);
	CU_ASSERT_EQUAL_FATAL(ff_rules_init(r, st, &cfg, &chance, &err), 0);
	for (k = 0; k < 24; k++) {
		struct ff_outcome o;

		ff_rules_outcome(r, st, &o);
		if (o.term != FF_TERM_NONE)
			break;
		n = ff_rules_legal(r, st, FF_NO_CHANCE, legal);
		ff_rng_seed(&rng, 100 + (uint64_t)k);
		again = rng;
		CU_ASSERT_EQUAL(ff_mcts_search(one, r, st, legal, n, &rng, &c1), n > 1 ? 301 : 0);
		plain = ff_agent_mcts.choose_with(one, r, st, legal, n, &again);
		CU_ASSERT_EQUAL(plain, c1);   /* the same search as choose's */
		CU_ASSERT_EQUAL(memcmp(&rng, &again, sizeof rng), 0);
		ff_rng_seed(&rng, 100 + (uint64_t)k);
		again = rng;
		CU_ASSERT_EQUAL(ff_mcts_search(two, r, st, legal, n, &rng, &c2), n > 1 ? 301 : 0);
		CU_ASSERT_EQUAL(ff_mcts_search(two, r, st, legal, n, &again, &c3), n > 1 ? 301 : 0);
		CU_ASSERT_EQUAL(c2, c3);
		ff_rng_seed(&rng, 100 + (uint64_t)k);
		CU_ASSERT_EQUAL(ff_mcts_search(three, r, st, legal, n, &rng, &c3), n > 1 ? 301 : 0);
		differ += c1 != c2 || c1 != c3;
		positions += n > 1;
		CU_ASSERT_EQUAL_FATAL(ff_rules_apply(r, st, &legal[c1], &chance, &err), 0);
	}
	CU_ASSERT(positions >= 20);
	fprintf(stderr, "mcts threads: %d of %d choices differ between 1, 2 and 3 trees\n", differ,
		positions);
	ff_agent_mcts.destroy(one);
	ff_agent_mcts.destroy(two);
	ff_agent_mcts.destroy(three);
	free(legal);
	free(st);
}

/* Agents from a string (lib/agent_spec.c), as --agents gives them. */
static void test_agent_specs(void)
{
	struct ff_agent_seats as;
	struct ff_config cfg;
	struct ff_error err;
	char *d;

	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fiveplay", NULL, NULL, NULL, NULL, NULL, &err),
			      0);
	CU_ASSERT_EQUAL_FATAL(ff_agent_seats_parse(&as, &cfg, "random,mcts:iterations=50", &err),
			      0);
	CU_ASSERT_EQUAL(as.n, 2);
	CU_ASSERT_PTR_EQUAL(ff_agent_seat(&as, 0)->agent, &ff_agent_random);
	CU_ASSERT_STRING_EQUAL(ff_agent_seat(&as, 0)->tag, "random");
	CU_ASSERT_PTR_EQUAL(ff_agent_seat(&as, 1)->agent, &ff_agent_mcts);
	/* the Seat tag is every option the agent plays with */
	d = described(ff_agent_seat(&as, 1)->ctx);
	CU_ASSERT(strncmp(ff_agent_seat(&as, 1)->tag, "mcts:iterations=50;", 19) == 0);
	CU_ASSERT_STRING_EQUAL(ff_agent_seat(&as, 1)->tag + 5, d);
	free(d);
	ff_agent_seats_free(&as);
	/* one agent for every seat */
	CU_ASSERT_EQUAL_FATAL(ff_agent_seats_parse(&as, &cfg, "greedy", &err), 0);
	CU_ASSERT_EQUAL(as.n, 1);
	CU_ASSERT_PTR_EQUAL(ff_agent_seat(&as, 1), ff_agent_seat(&as, 0));
	CU_ASSERT_STRING_EQUAL(ff_agent_seat(&as, 1)->agent->name, "greedy");
	ff_agent_seats_free(&as);
	/* what is refused, and how it is said */
	CU_ASSERT_EQUAL(ff_agent_seats_parse(&as, &cfg, "gredy", &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_OPTION);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "no agent 'gredy'; did you mean 'greedy'?"));
	CU_ASSERT_EQUAL(ff_agent_seats_parse(&as, &cfg, "greedy:depth=2", &err), -1);
	CU_ASSERT_STRING_EQUAL(err.msg, "agent 'greedy' takes no options");
	CU_ASSERT_EQUAL(ff_agent_seats_parse(&as, &cfg, "random,mcts:depth=3", &err), -1);
	CU_ASSERT(strncmp(err.msg, "seat 2: mcts: no option 'depth'", 31) == 0);
	CU_ASSERT_EQUAL(ff_agent_seats_parse(&as, &cfg, "random,random,random", &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "for 2 seats"));
	CU_ASSERT_EQUAL(ff_agent_seats_parse(&as, &cfg, "mcts,", &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_ETOO_LONG);
	CU_ASSERT_EQUAL(ff_agent_seats_parse(&as, &cfg, "", &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "no agents for 2 seats"));
}

static const struct ff_test tests[] = {
	{ "agents from a string, as --agents gives them", test_agent_specs },
	{ "threads: trees at once, the budget shared", test_threads },
	{ "the options table: what create() takes", test_options_table },
	{ "honest in Sequence: unseen cards do not change the choice", test_honest_sequence },
	{ "honest in Pegs and Jokers", test_honest_pegsjokers },
	{ "width: only the prior's best plies", test_width },
	{ "options", test_options },
	{ "engine defaults, described and overridden", test_defaults },
};

FF_TEST_MAIN("mcts", tests)
