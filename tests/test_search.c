/* The search evaluator (lib/analysis/search.c) and analyse by search:
   - honest about hidden cards: two records of Sequence (and of Pegs and
     Jokers) that differ only in a card of another seat's hand that is
     never shown (swapped with a card deep in the pile) get the same
     analysis of seat 1's plies, field for field and text for text;
     with hindsight they do not (the control that shows the test can
     fail);
   - reproducible: the same seed and budget give the same figures, another
     seed other figures;
   - a forced ply has no error; the played ply is always among those
     valued;
   - against the truth: on Five Lines positions where the exact solution
     says the played ply loses over BIG, the search at a large budget
     flags three in four of them or more, and the ply it calls best is
     within 0.05 of the exact best as often;
   - the luck of Sequence's draws averages to zero, and is small. */
#include "config.h"

#include <CUnit/Basic.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/analysis/analyse.h"
#include "lib/analysis/search.h"
#include "lib/hands.h"
#include "lib/replay.h"
#include "lib/simulate.h"

#include "tests/test_main.h"

static struct ff_game game;
static struct ff_record rec;
static struct ff_error err;

#include "tests/test_cards.h"

#define KEEP_PLIES 24   /* plies of the twin records: before any reshuffle */
#define BIG 0.08        /* an exact error the search must see */
#define NBIG 12         /* positions of such errors */
#define LUCK_PLIES 150  /* draws whose luck is averaged */

/* A greedy game of cfg from seed into out. */
static void simulate(const struct ff_config *cfg, uint64_t seed, struct ff_record *out)
{
	struct ff_sim sim = { .cfg = cfg };
	struct ff_buf scratch = FF_BUF_INIT;
	void *st = malloc(cfg->rules->state_size);
	int s;

	for (s = 0; s < cfg->seats; s++)
		sim.agents[s] = ff_agent_find(cfg->rules, "greedy");
	CU_ASSERT_FATAL(st != NULL);
	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_simulate_game(&sim, seed, st, &scratch, out, &err), 0);
	free(st);
	ff_buf_free(&scratch);
}

/* The deck of a seeded game of cfg, top first, as a Deck tag orders it:
   the hands dealt one at a time from seat 1, then the pile. */
static int deck_of(const struct ff_config *cfg, uint64_t seed, int decks, int jokers, int each,
		   int16_t *deck)
{
	struct ff_hands h;
	struct ff_rng chance;
	int n = 0, i;

	ff_rng_seed(&chance, seed);
	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_hands_init(&h, cfg, decks, jokers, each, &chance, "test", &err), 0);
	for (i = 0; i < each * cfg->seats; i++)
		deck[n++] = h.hand[i % cfg->seats][i / cfg->seats];
	for (i = 0; i < h.npile; i++)
		deck[n++] = h.pile[h.top + i];
	return n;
}

/* Does card name c (two characters) appear in the text? */
static int shown(const char *text, int16_t c)
{
	char b[4];

	return strstr(text, ff_card_name(c, b)) != NULL;
}

/* The header tags and the Deck deck[0..n), into out. */
static void fgn(char *out, size_t cap, const char *header, const int16_t *deck, int n)
{
	char b[4];
	int i;

	snprintf(out, cap, "%s\n[Deck \"", header);
	for (i = 0; i < n; i++) {
		strncat(out, ff_card_name(deck[i], b), cap - strlen(out) - 1);
		strncat(out, i + 1 < n ? " " : "\"]", cap - strlen(out) - 1);
	}
}

/* Analyse the game whose header and movetext are given into a, by search
   with o; the game must be valid. */
static void analyse(struct ff_analysis *a, const char *game_name, const char *header,
		    const char *moves, const struct ff_search_opts *o)
{
	CU_ASSERT_EQUAL_FATAL(test_replay_text(&game, &rec, &err, game_name, header, moves),
			      FF_VALID);
	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_game_start(&game, &rec, &err), 0);
	CU_ASSERT_EQUAL_FATAL(ff_analysis_run_search(a, &game, o, &rec, &err), 0);
}

/* Do plies i of a and b, both seat's, say the same? */
static int same_ply(const struct ff_analysis *a, const struct ff_analysis *b, size_t i)
{
	const struct ff_analysed_ply *p = &a->v[i], *q = &b->v[i];
	const char *ca = ff_analysis_str(a, p->cands), *cb = ff_analysis_str(b, q->cands);
	int k;

	if (memcmp(&p->e, &q->e, sizeof p->e) || p->ncand != q->ncand ||
	    p->samples != q->samples || p->seat != q->seat ||
	    strcmp(ff_analysis_str(a, p->played), ff_analysis_str(b, q->played)) ||
	    strcmp(ff_analysis_str(a, p->best), ff_analysis_str(b, q->best)))
		return 0;
	for (k = 0; k < p->ncand; k++, ca += strlen(ca) + 1, cb += strlen(cb) + 1)
		if (strcmp(ca, cb))
			return 0;
	return 1;
}

/* Twin records of game_name (cfg; decks, jokers, hands of each): a greedy
   game's first KEEP_PLIES plies with its deck as a Deck tag, and the same
   with a card of another seat's hand that the plies never show swapped with
   one deep in the pile that they never show either. Seat 1's plies get
   the same analysis of both; with hindsight some differ. */
static void twins(const char *game_name, const char *header, int decks, int jokers, int each)
{
	static char moves[16384], head_a[4096], head_b[4096];
	struct ff_config cfg;
	struct ff_record sim;
	struct ff_analysis a, b;
	struct ff_search_opts o;
	int16_t deck[FF_MAX_DECK], twin[FF_MAX_DECK], t;
	int n, i, j = -1, k = -1, seats, differ = 0, compared = 0;
	size_t p;
	char seats_text[8];

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_record_init(&sim), 0);
	CU_ASSERT_FATAL(sscanf(strstr(header, "[Seats \"") + 8, "%d", &seats) == 1);
	snprintf(seats_text, sizeof seats_text, "%d", seats);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, game_name, NULL, NULL, seats_text, NULL, NULL,
					      &err), 0);
	simulate(&cfg, 5, &sim);
	CU_ASSERT_FATAL(sim.nplies > KEEP_PLIES);
	moves[0] = '\0';
	for (p = 0; p < KEEP_PLIES; p++) {
		strncat(moves, ff_record_str(&sim, sim.plies[p].tok),
			sim.plies[p].len < sizeof moves - strlen(moves) - 2 ? sim.plies[p].len : 0);
		strcat(moves, " ");
	}
	strcat(moves, "*");
	n = deck_of(&cfg, 5, decks, jokers, each, deck);
	/* a card of another seat's hand never shown, and one never shown in
	   the last quarter of the pile */
	for (i = 0; i < each * seats && j < 0; i++)
		if (i % seats && !shown(moves, deck[i]))
			j = i;
	for (i = n - 1; i > n - n / 4 && k < 0; i--)
		if (deck[i] != deck[j >= 0 ? j : 0] && !shown(moves, deck[i]))
			k = i;
	if (getenv("TEST_SEARCH_DEBUG"))
		fprintf(stderr, "\n%s\n%s j=%d k=%d n=%d\n", header, moves, j, k, n);
	CU_ASSERT_FATAL(j >= 0 && k >= 0);
	memcpy(twin, deck, sizeof deck);
	t = twin[j];
	twin[j] = twin[k];
	twin[k] = t;
	fgn(head_a, sizeof head_a, header, deck, n);
	fgn(head_b, sizeof head_b, header, twin, n);

	ff_search_opts_default(&o);
	o.iterations = 60;
	ff_analysis_init(&a, 0.02);
	ff_analysis_init(&b, 0.02);
	analyse(&a, game_name, head_a, moves, &o);
	analyse(&b, game_name, head_b, moves, &o);
	CU_ASSERT_EQUAL_FATAL(a.n, b.n);
	for (p = 0; p < a.n; p++)
		if (a.v[p].seat == 1) {
			compared++;
			CU_ASSERT(same_ply(&a, &b, p));
		}
	CU_ASSERT(compared >= KEEP_PLIES / seats - 1);
	/* the control: with every card seen, the same records differ */
	o.hindsight = 1;
	analyse(&a, game_name, head_a, moves, &o);
	analyse(&b, game_name, head_b, moves, &o);
	for (p = 0; p < a.n; p++)
		differ += a.v[p].seat == 1 && !same_ply(&a, &b, p);
	CU_ASSERT(differ > 0);
	ff_analysis_free(&a);
	ff_analysis_free(&b);
	ff_record_free(&sim);
}

static void test_honest_sequence(void)
{
	twins("sequence", "[Seats \"2\"]", 2, 0, 7);
}

static void test_honest_pegsjokers(void)
{
	twins("pegsjokers", "[Seats \"4\"]", 2, 2, 5);
}

/* The position after ply k of a greedy Five Lines game (seed), with its
   legal plies. */
static int position(const struct ff_config *cfg, uint64_t seed, size_t k, struct ff_ply *legal,
		    struct ff_ply *played)
{
	struct ff_record r;
	size_t i;

	CU_ASSERT_EQUAL_FATAL(ff_record_init(&r), 0);
	simulate(cfg, seed, &r);
	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_game_start(&game, &r, &err), 0);
	for (i = 0; i < k && i < r.nplies; i++)
		CU_ASSERT_EQUAL_FATAL(ff_game_step(&game, &r, i, played, &err), 0);
	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_rules_parse(game.rules, game.state, ff_record_str(&r, r.plies[i].tok),
						r.plies[i].len, played, &err), 0);
	ff_record_free(&r);
	return ff_rules_legal(game.rules, game.state, played->chance, legal);
}

static int index_of(const struct ff_ply *legal, int n, const struct ff_ply *p)
{
	int i;

	for (i = 0; i < n; i++)
		if (ff_ply_eq(&legal[i], p))
			return i;
	return -1;
}

/* Same seed and budget: the same figures; another seed: others. Forced
   plies have no error; the played ply is valued. */
static void test_reproducible(void)
{
	static struct ff_ply legal[FF_MAX_LEGAL];
	struct ff_search_eval e1, e2;
	struct ff_search_opts o;
	struct ff_config cfg;
	struct ff_ply played;
	int n, at, forced = 0, k, i, valued;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fiveplay", NULL, NULL, NULL, NULL, NULL, &err),
			      0);
	n = position(&cfg, 3, 6, legal, &played);
	at = index_of(legal, n, &played);
	CU_ASSERT_FATAL(n > FF_SEARCH_WIDTH && at >= 0);
	ff_search_opts_default(&o);
	o.iterations = 200;
	CU_ASSERT_EQUAL(ff_search_eval(cfg.rules, game.state, legal, n, at, &played, 7, &o, &e1,
				       &err), 0);
	CU_ASSERT_EQUAL(ff_search_eval(cfg.rules, game.state, legal, n, at, &played, 7, &o, &e2,
				       &err), 0);
	CU_ASSERT(memcmp(&e1, &e2, sizeof e1) == 0);
	CU_ASSERT_EQUAL(e1.ncand, FF_SEARCH_WIDTH);
	CU_ASSERT_EQUAL(e1.nlegal, n);
	for (i = valued = 0; i < e1.ncand; i++)
		valued += e1.cand[i].index == at;
	CU_ASSERT_EQUAL(valued, 1);
	CU_ASSERT(e1.error >= 0 && e1.error_se >= 0);
	o.seed = 2;
	CU_ASSERT_EQUAL(ff_search_eval(cfg.rules, game.state, legal, n, at, &played, 7, &o, &e2,
				       &err), 0);
	CU_ASSERT(memcmp(&e1, &e2, sizeof e1) != 0);

	/* forced plies of Five Lines games: error 0, one ply valued */
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fivelines", NULL, NULL, NULL, NULL, NULL, &err),
			      0);
	for (k = 0; k < 40 && forced < 3; k++) {
		n = position(&cfg, 11 + (uint64_t)k, (size_t)k % 20, legal, &played);
		if (n != 1)
			continue;
		forced++;
		CU_ASSERT_EQUAL(ff_search_eval(cfg.rules, game.state, legal, n, 0, &played, k, &o,
					       &e1, &err), 0);
		CU_ASSERT_EQUAL(e1.ncand, 1);
		CU_ASSERT_EQUAL(e1.error, 0);
		CU_ASSERT_EQUAL(e1.nlegal, 1);
	}
	CU_ASSERT(forced == 3);
}

/* Against the exact solution of Schaedler's Five Lines: the plies whose
   exact error is over BIG (a random seat's, against greedy). */
static void test_against_exact(void)
{
	static struct ff_ply legal[FF_MAX_LEGAL];
	struct ff_solve_opts so = { .tolerance = 1e-12, .max_iterations = 1000000 };
	struct ff_solution sol;
	struct ff_search_opts o;
	struct ff_search_eval e;
	struct ff_ply_eval x;
	struct ff_config cfg;
	struct ff_sim sim = { .cfg = &cfg };
	struct ff_buf scratch = FF_BUF_INIT;
	struct ff_record r;
	struct ff_ply played;
	void *st;
	int big = 0, flagged = 0, close = 0, seed, n, at;
	size_t k;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fivelines", NULL, NULL, NULL, NULL, NULL, &err),
			      0);
	st = malloc(cfg.rules->state_size);
	CU_ASSERT_FATAL(st != NULL);
	CU_ASSERT_EQUAL_FATAL(ff_rules_init(cfg.rules, st, &cfg, NULL, &err), 0);
	CU_ASSERT_EQUAL_FATAL(ff_solve(&sol, cfg.rules, st, &so, &err), 0);
	CU_ASSERT_EQUAL_FATAL(ff_record_init(&r), 0);
	sim.agents[0] = ff_agent_find(cfg.rules, "greedy");
	sim.agents[1] = ff_agent_find(cfg.rules, "random");
	ff_search_opts_default(&o);
	o.iterations = 4000;
	for (seed = 1; seed < 100 && big < NBIG; seed++) {
		CU_ASSERT_EQUAL_FATAL(ff_simulate_game(&sim, (uint64_t)seed, st, &scratch, &r, &err),
				      0);
		CU_ASSERT_EQUAL_FATAL(ff_game_start(&game, &r, &err), 0);
		for (k = 0; k < r.nplies && big < NBIG; k++) {
			CU_ASSERT_EQUAL_FATAL(ff_rules_parse(cfg.rules, game.state, ff_record_str(&r, r.plies[k].tok),
							       r.plies[k].len, &played, &err), 0);
			n = ff_rules_legal(cfg.rules, game.state, played.chance, legal);
			at = index_of(legal, n, &played);
			CU_ASSERT_FATAL(at >= 0);
			CU_ASSERT_EQUAL_FATAL(ff_ply_eval(&sol, game.state, legal, n, &played, &x, &err),
					      0);
			if (x.best - x.played > BIG) {
				big++;
				CU_ASSERT_EQUAL_FATAL(ff_search_eval(cfg.rules, game.state, legal, n,
								     at, &played, (int)k + 1, &o,
								     &e, &err), 0);
				flagged += ff_search_significant(&e, 0.02, o.z);
				close += ff_solution_ply_value(&sol, game.state, &legal[e.best]) >
					 x.best - 0.05;
			}
			CU_ASSERT_EQUAL_FATAL(ff_game_step(&game, &r, k, &played, &err), 0);
		}
	}
	CU_ASSERT(big == NBIG);
	CU_ASSERT(flagged >= NBIG * 3 / 4);
	CU_ASSERT(close >= NBIG * 3 / 4);
	if (flagged < NBIG * 3 / 4 || close < NBIG * 3 / 4 || getenv("TEST_SEARCH_DEBUG"))
		fprintf(stderr, "\n  %d of %d flagged, %d best within 0.05\n", flagged, big, close);
	ff_record_free(&r);
	ff_buf_free(&scratch);
	ff_solution_free(&sol);
	free(st);
}

/* The luck of a draw averages to zero: over the plies of greedy Sequence
   games that drew a card, the value after the card less the value of the
   ply (whose samples draw every card the seat could have drawn) has a
   mean within 3 standard errors of 0. */
static void test_luck_of_draws(void)
{
	static struct ff_ply legal[FF_MAX_LEGAL];
	struct ff_search_opts o;
	struct ff_search_eval e;
	struct ff_config cfg;
	struct ff_record r;
	struct ff_ply played;
	double sum = 0, sq = 0, m, se;
	int n = 0, seed, at, nl;
	size_t k;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "sequence", NULL, NULL, NULL, NULL, NULL, &err),
			      0);
	CU_ASSERT_EQUAL_FATAL(ff_record_init(&r), 0);
	ff_search_opts_default(&o);
	o.iterations = 40;
	o.width = 1;   /* the played ply alone, and the position after the draw */
	for (seed = 1; n < LUCK_PLIES; seed++) {
		simulate(&cfg, (uint64_t)seed, &r);
		CU_ASSERT_EQUAL_FATAL(ff_game_start(&game, &r, &err), 0);
		for (k = 0; k < r.nplies && n < LUCK_PLIES; k++) {
			CU_ASSERT_EQUAL_FATAL(ff_rules_parse(cfg.rules, game.state, ff_record_str(&r, r.plies[k].tok),
							       r.plies[k].len, &played, &err), 0);
			nl = ff_rules_legal(cfg.rules, game.state, played.chance, legal);
			at = index_of(legal, nl, &played);
			if (at >= 0 && played.post[0] != FF_NO_CARD) {
				CU_ASSERT_EQUAL_FATAL(ff_search_eval(cfg.rules, game.state, legal, nl,
								     at, &played, (int)k + 1, &o,
								     &e, &err), 0);
				sum += e.luck;
				sq += e.luck * e.luck;
				n++;
			}
			CU_ASSERT_EQUAL_FATAL(ff_game_step(&game, &r, k, &played, &err), 0);
		}
	}
	m = sum / n;
	se = sqrt((sq / n - m * m) / (n - 1));
	CU_ASSERT(se > 0);
	CU_ASSERT(fabs(m) < 3 * se);
	/* and one draw's luck is a correction, not a swing of the whole value
	   (valued for the wrong seat, after - played is near 1 - 2 played,
	   with a standard deviation of 0.44 where this one's is 0.16) */
	CU_ASSERT(se * sqrt(n) < 0.3);
	if (fabs(m) >= 3 * se || getenv("TEST_SEARCH_DEBUG"))
		fprintf(stderr, "\n  mean luck %.4f, standard error %.4f over %d draws\n", m, se, n);
	ff_record_free(&r);
}

static void test_free(void)
{
	ff_record_free(&rec);
	ff_game_free(&game);
}

static void test_init(void)
{
	ff_game_init(&game);
	CU_ASSERT_EQUAL_FATAL(ff_record_init(&rec), 0);
}

static const struct ff_test tests[] = {
	{ "set up", test_init },
	{ "Sequence: the mover's analysis does not read unseen cards", test_honest_sequence },
	{ "Pegs and Jokers: the mover's analysis does not read unseen cards",
	  test_honest_pegsjokers },
	{ "the same seed and budget give the same figures; forced plies", test_reproducible },
	{ "search flags the exact method's large errors", test_against_exact },
	{ "the luck of a draw averages to zero", test_luck_of_draws },
	{ "tear down", test_free },
};

FF_TEST_MAIN("search", tests)
