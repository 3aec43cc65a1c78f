/* Sequence rules on set-up positions, through the engine's interface: each
   test writes a record whose Deck tag deals the hands it needs (or a
   public record, or a Seed), plays plies through ff_game_replay and checks
   the verdict, the code, the ply and the outcome. One test per rule of
   design.md "Sequence" and research/rules.md 4: the board, nine in a row,
   crossing fives, six in a row, corners for every side, protected chips,
   one-eyed jacks on own and partner chips, two-eyed jacks on corners, the
   dead-card exchange, passes and the blocked end, drawn cards against the
   deck and the Seed, the reshuffle, a public record's third copy; and
   lib/cards' known-answer shuffle. */
#include "config.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/fgn.h"
#include "lib/agent.h"
#include "lib/cards.h"
#include "lib/replay.h"
#include "lib/simulate.h"

#include "tests/test_main.h"

static struct ff_game game;
static struct ff_record rec;
static struct ff_error err;

#include "tests/test_cards.h"

/* Replay a record made of header (tag lines) and movetext. Returns the
   verdict; err holds the problem. */
static enum ff_verdict replay(const char *header, const char *moves)
{
	return test_replay_text(&game, &rec, &err, "sequence", header, moves);
}

/* Replay a 2-seat game from a Deck dealing hand1 and hand2 (7 cards
   each) and then draws. */
static enum ff_verdict replay2(const char *options, const char *hand1, const char *hand2,
			       const char *draws, const char *moves)
{
	const char *hands[2] = { hand1, hand2 };
	char deck[600], header[1024];

	test_make_deck(deck, sizeof deck, 2, 7, 2, 0, hands, draws);
	snprintf(header, sizeof header, "[Options \"%s\"]\n[Deck \"%s\"]", options, deck);
	return replay(header, moves);
}

static void outcome(struct ff_outcome *o)
{
	ff_rules_outcome(game.rules, game.state, o);
}

static void expect_error(enum ff_verdict v, enum ff_code code, int ply)
{
	test_expect(&err, v, code, ply);
}

/* Every cell names the card of rules.md 4.1's table (copied here from
   that table): in a public record every card is possible, so 'X@cell' is
   legal exactly when X names the cell; corners take nothing. */
static void test_board(void)
{
	static const char *const table[10] = {
		"-- 2S 3S 4S 5S 6S 7S 8S 9S --", "6C 5C 4C 3C 2C AH KH QH TH TS",
		"7C AS 2D 3D 4D 5D 6D 7D 9H QS", "8C KS 6C 5C 4C 3C 2C 8D 8H KS",
		"9C QS 7C 6H 5H 4H AH 9D 7H AS", "TC TS 8C 7H 2H 3H KH TD 6H 2D",
		"QC 9S 9C 8H 9H TH QH QD 5H 3D", "KC 8S TC QC KC AC AD KD 4H 4D",
		"AC 7S 6S 5S 4S 3S 2S 2H 3H 5D", "-- AD KD QD TD 9D 8D 7D 6D --",
	};
	struct ff_ply p;
	struct ff_buf b = FF_BUF_INIT;
	int r, c, card, bad = 0;
	char tok[16], name[4];

	CU_ASSERT_EQUAL_FATAL(replay("", ""), FF_VALID);
	for (r = 0; r < 10; r++)
		for (c = 0; c < 10; c++) {
			const char *want = table[r] + 3 * c;

			for (card = 0; card < FF_JOKER; card++) {
				int names = ff_card_parse(want, 2) == card, legal;

				if (ff_card_rank(card) == 10)
					continue;   /* jacks: below */
				snprintf(tok, sizeof tok, "%s@%c%d", ff_card_name(card, name), 'a' + c, r + 1);
				CU_ASSERT_EQUAL_FATAL(ff_rules_parse(game.rules, game.state, tok, strlen(tok), &p, &err), 0);
				legal = ff_rules_is_legal(game.rules, game.state, &p, NULL);
				bad += legal != names;
			}
			/* the short form names the cell's card */
			snprintf(tok, sizeof tok, "@%c%d", 'a' + c, r + 1);
			if (want[0] == '-') {
				CU_ASSERT_NOT_EQUAL(ff_rules_parse(game.rules, game.state, tok, strlen(tok), &p, &err), 0);
				continue;
			}
			CU_ASSERT_EQUAL(ff_rules_parse(game.rules, game.state, tok, strlen(tok), &p, &err), 0);
			ff_buf_reset(&b);
			ff_rules_format(game.rules, game.state, &p, FF_FORM_LONG, &b);
			CU_ASSERT_EQUAL(strncmp(b.p, want, 2), 0);
		}
	CU_ASSERT_EQUAL(bad, 0);
	ff_buf_free(&b);
}

/* Seat 1 fills row 2 from a2 while seat 2 plays far away: eight in a row
   is one sequence (the game goes on, two are needed), nine are two. */
static void test_nine_in_a_row(void)
{
	static const char *const s1 = "6C@a2 5C@b2 4C@c2 3C@d2 2C@e2 AH@f2 KH@g2 QH@h2 TH@i2";
	static const char *const s2 = "AD@b10 9S@b7 5D@j9 8H@d7 7S@b9 2H@h9 QC@a7 TS@b6";
	char moves[512] = "", eight[512];
	const char *a = s1, *b = s2;
	struct ff_outcome o;
	int i;

	for (i = 0; i < 9; i++) {
		strncat(moves, a, strcspn(a, " "));
		strcat(moves, " ");
		a += strcspn(a, " ");
		a += *a == ' ';
		if (i == 8)
			break;
		strncat(moves, b, strcspn(b, " "));
		strcat(moves, " ");
		b += strcspn(b, " ");
		b += *b == ' ';
	}
	/* without the last chip: eight in a row, one sequence, not over */
	snprintf(eight, sizeof eight, "%.*s", (int)(strlen(moves) - strlen("TH@i2 ")), moves);
	CU_ASSERT_EQUAL(replay2("", "6C 5C 4C 3C 2C AH KH", "AD 9S 5D 8H 7S 2H QC", "QH TS TH",
				eight), FF_VALID);
	outcome(&o);
	CU_ASSERT_EQUAL(o.term, FF_TERM_NONE);
	/* the ninth: two sequences, seat 1 wins */
	CU_ASSERT_EQUAL(replay2("", "6C 5C 4C 3C 2C AH KH", "AD 9S 5D 8H 7S 2H QC", "QH TS TH",
				moves), FF_ILLEGAL);   /* '*' is not the result */
	CU_ASSERT_EQUAL(err.code, FF_ERESULT);
	outcome(&o);
	CU_ASSERT_EQUAL(o.term, FF_TERM_NORMAL);
	CU_ASSERT_EQUAL(o.winner, 0);
}

/* A row five and a column five sharing c3 are two sequences; a six in a
   row is one. */
static void test_crossing_and_six(void)
{
	struct ff_outcome o;

	/* row 3: b3..f3 (AS 2D 3D 4D 5D); column c: c1..c5 (3S 4C 2D 6C 7C),
	   crossing at c3 */
	CU_ASSERT_EQUAL(replay2("", "AS 2D 3D 4D 5D 3S 4C", "AD 9S 5D 8H 7S 2H QC", "6C KD 7C",
				"AS@b3 AD@b10 2D@c3 9S@b7 3D@d3 5D@j9 4D@e3 8H@d7 5D@f3 7S@b9 "
				"3S@c1 2H@h9 4C@c2 QC@a7 6C@c4"), FF_VALID);
	outcome(&o);
	CU_ASSERT_EQUAL(o.term, FF_TERM_NONE);   /* one five so far */
	CU_ASSERT_EQUAL(replay2("", "AS 2D 3D 4D 5D 3S 4C", "AD 9S 5D 8H 7S 2H QC", "6C KD 7C QS",
				"AS@b3 AD@b10 2D@c3 9S@b7 3D@d3 5D@j9 4D@e3 8H@d7 5D@f3 7S@b9 "
				"3S@c1 2H@h9 4C@c2 QC@a7 6C@c4 KD@c10 7C@c5 1-0"), FF_VALID);
	outcome(&o);
	CU_ASSERT_EQUAL(o.term, FF_TERM_NORMAL);
	CU_ASSERT_EQUAL(o.winner, 0);
	/* six in a row (b3..g3) is one sequence */
	CU_ASSERT_EQUAL(replay2("", "AS 2D 3D 4D 5D 6D KC", "AD 9S 5D 8H 7S 2H QC", "",
				"AS@b3 AD@b10 2D@c3 9S@b7 3D@d3 5D@j9 4D@e3 8H@d7 5D@f3 7S@b9 "
				"6D@g3"), FF_VALID);
	outcome(&o);
	CU_ASSERT_EQUAL(o.term, FF_TERM_NONE);
}

/* The corner a1 completes a five for either side: with sequences=1 seat 1
   wins with b1-e1 (four chips); seat 2 with a2-a5 in another game, while
   seat 1 holds three chips of its own row. */
static void test_corners(void)
{
	struct ff_outcome o;

	CU_ASSERT_EQUAL(replay2("sequences=1", "2S 3S 4S 5S KC QC 9C", "AD 9S 5D 8H 7S 2H TC", "",
				"2S@b1 AD@b10 3S@c1 9S@b7 4S@d1 5D@j9 5S@e1 1-0"), FF_VALID);
	outcome(&o);
	CU_ASSERT_EQUAL(o.winner, 0);
	CU_ASSERT_EQUAL(replay2("sequences=1", "2S 3S 4S KC QH 9D 8D", "6C 7C 8C 9C 7S 2H TC", "",
				"2S@b1 6C@a2 3S@c1 7C@a3 4S@d1 8C@a4 KC@a8 9C@a5 0-1"), FF_VALID);
	outcome(&o);
	CU_ASSERT_EQUAL(o.winner, 1);
	/* a two-eyed jack cannot go on a corner */
	expect_error(replay2("", "JD 3S 4S KC QH 9D 8D", "6C 7C 8C 9C 7S 2H TC", "", "JD@a1"),
		     FF_EILLEGAL, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "corner"));
	expect_error(replay2("", "JD 3S 4S KC QH 9D 8D", "6C 7C 8C 9C 7S 2H TC", "", "@a1"),
		     FF_EILLEGAL, 1);
}

/* A chip in a completed five cannot be removed; one outside it can. */
static void test_protected(void)
{
	static const char *const five = "2S@b1 AD@b10 3S@c1 9S@b7 4S@d1 5D@j9 5S@e1 ";
	char moves[256];

	snprintf(moves, sizeof moves, "%s%s", five, "JSxc1");
	expect_error(replay2("", "2S 3S 4S 5S KC QC 9C", "AD 9S 5D JS 7S 2H TC", "", moves),
		     FF_EILLEGAL, 8);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "completed sequence"));
	snprintf(moves, sizeof moves, "%s%s", five, "7S@b9 KC@a8 JSxa8");
	CU_ASSERT_EQUAL(replay2("", "2S 3S 4S 5S KC QC 9C", "AD 9S 5D JS 7S 2H TC", "", moves),
			FF_VALID);
}

/* With four seats in two teams (1+3 against 2+4), a one-eyed jack may not
   remove the seat's own chip or its partner's; an opponent's, yes. */
static void test_one_eyed_own_and_partner(void)
{
	const char *hands[4] = { "2S 3S 4S 5S KC QC", "AD 9S 5D 8H 7S 2H", "JH JS 9C 8C 7C 6C",
				 "QD KD 9D 8D 7D 6D" };
	char deck[600], header[1024];

	test_make_deck(deck, sizeof deck, 4, 6, 2, 0, hands, "");
	snprintf(header, sizeof header, "[Seats \"4\"]\n[Teams \"1+3 2+4\"]\n[Deck \"%s\"]", deck);
	expect_error(replay(header, "2S@b1 AD@b10 JHxb1"), FF_EILLEGAL, 3);     /* partner's */
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "own side"));
	expect_error(replay(header, "2S@b1 AD@b10 9C@a5 QD@d10 3S@c1 9S@b7 JHxa5"), FF_EILLEGAL, 7);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "own side"));
	CU_ASSERT_EQUAL(replay(header, "2S@b1 AD@b10 JHxb10"), FF_VALID);       /* opponent's */
	/* the Teams tag must describe the rules' teams */
	snprintf(header, sizeof header, "[Seats \"4\"]\n[Teams \"1+2 3+4\"]\n[Deck \"%s\"]", deck);
	CU_ASSERT_EQUAL(replay(header, ""), FF_MALFORMED);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_TAG);
}

/* Dead cards: 3S and 4S die when jacks cover their cells; one exchange per
   turn, and the exchange belongs to the ply after it. */
static void test_dead_card(void)
{
	static const char *const h1 = "JD JD 3S 4S KC QC 9C", *const h2 = "JC JC 5D 8H 7S 2H TC";
	static const char *const setup = "JD@c1 JC@f9 JD@d1 JC@e9 ";
	char moves[256];

	/* exchange 3S (draws the pile's top, 6H), then play */
	snprintf(moves, sizeof moves, "%sdead:3S+6H KC@a8", setup);
	CU_ASSERT_EQUAL(replay2("", h1, h2, "AC AD QH QD 6H", moves), FF_VALID);
	/* a second exchange in the same turn is refused, at ply 5 */
	snprintf(moves, sizeof moves, "%sdead:3S dead:4S", setup);
	expect_error(replay2("", h1, h2, "AC AD QH QD 6H", moves), FF_EILLEGAL, 5);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "one dead card"));
	/* a card with an empty cell is not dead */
	expect_error(replay2("", h1, h2, "", "dead:3S"), FF_EILLEGAL, 1);
	/* the drawn card must be the Deck's */
	snprintf(moves, sizeof moves, "%sdead:3S+7H", setup);
	expect_error(replay2("", h1, h2, "AC AD QH QD 6H", moves), FF_EBAD_DRAW, 5);
	/* a play's draw too, and nothing is drawn after a winning play */
	expect_error(replay2("", h1, h2, "AC", "JD@c1+AD"), FF_EBAD_DRAW, 1);
	CU_ASSERT_EQUAL(replay2("", h1, h2, "AC", "JD@c1+AC"), FF_VALID);
	expect_error(replay2("sequences=1", "2S 3S 4S 5S KC QC 9C", "AD 9S 5D 8H 7S 2H TC",
			     "AC AD QH QD", "2S@b1 AD@b10 3S@c1 9S@b7 4S@d1 5D@j9 5S@e1+QH"),
		     FF_EBAD_DRAW, 7);
	/* a card the seat does not hold */
	expect_error(replay2("", h1, h2, "", "5D@f3"), FF_EILLEGAL, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "does not hold"));
}

/* Why a play is illegal, for each reason the engine gives that no other
   test asks for: a one-eyed jack places nothing, a card names two cells,
   a cell is taken, only a one-eyed jack removes, a removal needs a chip,
   a jack is never dead, a seat with a play may not pass. */
static void test_reasons(void)
{
	static const char *const h1 = "2S JS JD 3S KC QC 9C", *const h2 = "AD 9S 5D 8H 7S 2H TC";
	static const struct {
		const char *moves;
		int ply;
		const char *reason;
	} cases[] = {
		{ "JS@c5", 1, "a one-eyed jack (JS) removes an opponent chip and places nothing; "
			      "write JSx<cell>" },
		{ "2S@c5", 1, "card 2S names cells b1 and g9, not c5" },
		{ "2S@b1 AD@b10 JD@b1", 3, "cell b1 already holds a chip of side 1" },
		{ "2S@b1 AD@b10 JDxb10", 3, "only a one-eyed jack (JS, JH) removes a chip, not JD" },
		{ "JSxc5", 1, "cell c5 holds no chip to remove" },
		{ "dead:JD", 1, "a jack (JD) is never a dead card" },
		{ "-", 1, "seat 1 has a legal play, so it may not pass" },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		expect_error(replay2("", h1, h2, "AC AD", cases[i].moves), FF_EILLEGAL, cases[i].ply);
		if (!strstr(err.msg, cases[i].reason))
			fprintf(stderr, "\n  '%s' lacks '%s'\n", err.msg, cases[i].reason);
		CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, cases[i].reason));
	}
}

/* A public record (no Seed, no Deck) is checked for card availability:
   a third two-eyed JD cannot be played. */
static void test_public_third_copy(void)
{
	CU_ASSERT_EQUAL(replay("", "JD@e5 KC@a8 JD@f5"), FF_VALID);
	expect_error(replay("", "JD@e5 KC@a8 JD@f5 QC@a7 JD@g5"), FF_EBAD_DRAW, 5);
	/* a card drawn and named in the record is known in the hand */
	expect_error(replay("", "JD@e5+JD KC@a8+JD"), FF_EBAD_DRAW, 2);
	/* nobody can pass at the start: four one-eyed jacks cannot fill a
	   hand of seven */
	expect_error(replay("", "-"), FF_EILLEGAL, 1);
}

/* Simulate into rec the 2-seat random-agent game of `seed` with
   sequences=12 (the board fills up, so reshuffles and blocked ends come).
   Returns how it ended. */
static enum ff_termination simulate_full_board(uint64_t seed)
{
	struct ff_config cfg;
	struct ff_sim sim;
	struct ff_buf b = FF_BUF_INIT;
	struct ff_outcome o;
	void *state;

	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "sequence", NULL, "sequences=12", NULL, NULL,
					      NULL, &err), 0);
	memset(&sim, 0, sizeof sim);
	sim.cfg = &cfg;
	sim.agents[0] = sim.agents[1] = &ff_agent_random;
	sim.max_plies = 5000;
	state = malloc(cfg.rules->state_size);
	CU_ASSERT_PTR_NOT_NULL_FATAL(state);
	CU_ASSERT_EQUAL_FATAL(ff_simulate_game(&sim, seed, state, &b, &rec, &err), 0);
	ff_rules_outcome(cfg.rules, state, &o);
	free(state);
	ff_buf_free(&b);
	return o.term;
}

/* Seeded games with sequences=12 fill the board until nobody can play:
   the first that ends blocked has a full round of passes, which draw
   nothing; a pass where a play exists is refused; a draw on a pass is a
   bad draw. */
static void test_blocked(void)
{
	uint64_t seed;
	size_t k;
	int found = 0;

	for (seed = 1; seed < 200 && !found; seed++)
		found = simulate_full_board(seed) == FF_TERM_BLOCKED;
	CU_ASSERT_FATAL(found);
	CU_ASSERT_STRING_EQUAL(ff_record_tag(&rec, "Termination"), "blocked");
	CU_ASSERT_STRING_EQUAL(ff_record_result(&rec), "1/2-1/2");
	CU_ASSERT_EQUAL(ff_game_replay(&game, &rec, &err), FF_VALID);
	/* the last two plies are passes (an exchange may stand before one) */
	k = rec.nplies;
	{
		int passes = 0;
		size_t i;

		for (i = k; i-- > 0 && passes < 2;) {
			const char *t = ff_record_str(&rec, rec.plies[i].tok);

			if (strncmp(t, "dead:", 5) == 0)
				continue;
			CU_ASSERT_STRING_EQUAL(t, "-");
			passes++;
		}
		CU_ASSERT_EQUAL(passes, 2);
	}
	CU_ASSERT_STRING_EQUAL(ff_record_str(&rec, rec.plies[k - 1].tok), "-");
	/* the first ply is a play: passing instead is refused */
	{
		struct ff_record copy;
		struct ff_buf text = FF_BUF_INIT;
		size_t i;

		ff_record_init(&copy);
		for (i = 0; i < rec.ntags; i++) {
			const char *v = ff_record_str(&rec, rec.tags[i].value);

			ff_record_add_tag(&copy, ff_record_str(&rec, rec.tags[i].name), v, strlen(v), 0, 0);
		}
		ff_record_add_ply(&copy, "-", 1, NULL, 0, 0);
		ff_record_set_result(&copy, "*", 0, 0);
		CU_ASSERT_EQUAL(ff_game_replay(&game, &copy, &err), FF_ILLEGAL);
		CU_ASSERT_EQUAL(err.code, FF_EILLEGAL);
		/* the last pass with a drawn card */
		ff_record_reset(&copy);
		for (i = 0; i < rec.ntags; i++) {
			const char *v = ff_record_str(&rec, rec.tags[i].value);

			ff_record_add_tag(&copy, ff_record_str(&rec, rec.tags[i].name), v, strlen(v), 0, 0);
		}
		for (i = 0; i < k; i++) {
			const char *t = i == k - 1 ? "-+AS" : ff_record_str(&rec, rec.plies[i].tok);

			ff_record_add_ply(&copy, t, strlen(t), NULL, 0, 0);
		}
		ff_record_set_result(&copy, "1/2-1/2", 0, 0);
		CU_ASSERT_EQUAL(ff_game_replay(&game, &copy, &err), FF_ILLEGAL);
		CU_ASSERT_EQUAL(err.code, FF_EBAD_DRAW);
		ff_record_free(&copy);
		ff_buf_free(&text);
	}
}

/* Recompute a seeded game's draws independently of the engine, from
   design.md's rules: the two decks unshuffled, shuffled with ff1(Seed),
   dealt round-robin, one draw per play or exchange; when the pile is
   empty the discards, in the order discarded, are shuffled with the same
   stream. Every +CARD in an engine-made game must agree, including after
   a reshuffle. */
static void test_reshuffle(void)
{
	int16_t pile[104], disc[104];
	int npile, top, ndisc, reshuffles = 0, checked = 0;
	struct ff_rng chance;
	size_t k;

	simulate_full_board(77);
	ff_rng_seed(&chance, 77);
	ff_cards_unshuffled(pile, 2, 0);
	ff_cards_shuffle(&chance, pile, 104);
	top = 14;
	npile = 90;
	ndisc = 0;
	for (k = 0; k < rec.nplies; k++) {
		const char *t = ff_record_str(&rec, rec.plies[k].tok), *plus = strchr(t, '+');
		int played;
		char name[4];

		if (t[0] == '-')
			continue;
		played = strncmp(t, "dead:", 5) == 0 ? ff_card_parse(t + 5, 2) : ff_card_parse(t, 2);
		CU_ASSERT_FATAL(played >= 0);
		disc[ndisc++] = (int16_t)played;
		if (!plus)
			continue;   /* the winning play draws nothing */
		if (npile == 0) {
			memcpy(pile, disc, ndisc * sizeof disc[0]);
			npile = ndisc;
			top = 0;
			ndisc = 0;
			ff_cards_shuffle(&chance, pile, npile);
			reshuffles++;
		}
		CU_ASSERT_STRING_EQUAL(plus + 1, ff_card_name(pile[top], name));
		checked++;
		top++;
		npile--;
	}
	CU_ASSERT(reshuffles >= 1);
	CU_ASSERT(checked > 90);
	fprintf(stderr, "\n  reshuffle: %d draws checked, %d reshuffles ", checked, reshuffles);
	CU_ASSERT_EQUAL(ff_game_replay(&game, &rec, &err), FF_VALID);
}

/* design.md's known answer: one 52-card deck shuffled with ff1(20261120). */
static void test_cards_shuffle(void)
{
	static const char *const want =
		"TH 8C 6D 3C 6H 9H 8D JC 7C KC 7D 9C 3H 6S AC KS AD JH 2D KD QC 4H "
		"9S 3D TC 5D 5H 4D QS 4S TS 3S 6C AS 2H 8S AH JD 2C 5C JS 4C 7S 7H QH TD QD KH 2S 8H 9D 5S";
	int16_t deck[54];
	struct ff_rng g;
	char got[200] = "", b[4];
	int i, n = ff_cards_unshuffled(deck, 1, 0);

	CU_ASSERT_EQUAL(n, 52);
	ff_rng_seed(&g, 20261120);
	ff_cards_shuffle(&g, deck, n);
	for (i = 0; i < n; i++) {
		if (i)
			strcat(got, " ");
		strcat(got, ff_card_name(deck[i], b));
	}
	CU_ASSERT_STRING_EQUAL(got, want);
	CU_ASSERT_EQUAL(ff_card_parse("10H", 3), ff_card_parse("TH", 2));
	CU_ASSERT_EQUAL(ff_card_parse("JK", 2), FF_JOKER);
	CU_ASSERT_EQUAL(ff_card_parse("1H", 2), -1);
	CU_ASSERT_EQUAL(ff_cards_unshuffled(deck, 1, 2), 54);
	CU_ASSERT_EQUAL(deck[52], FF_JOKER);
}

/* Bad headers: seat counts, teams, sequences and decks. */
static void test_header(void)
{
	CU_ASSERT_EQUAL(replay("[Seats \"5\"]", ""), FF_MALFORMED);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_TAG);
	CU_ASSERT_EQUAL(replay("[Seats \"8\"]\n[Options \"teams=3\"]", ""), FF_MALFORMED);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_OPTION);
	CU_ASSERT_EQUAL(replay("[Seats \"6\"]\n[Options \"teams=2\"]\n[Teams \"1+3+5 2+4+6\"]", ""),
			FF_VALID);
	CU_ASSERT_EQUAL(replay("[Seats \"6\"]\n[Teams \"1+4 2+5 3+6\"]", ""), FF_VALID);
	CU_ASSERT_EQUAL(replay("[Deck \"AS 2S\"]", ""), FF_MALFORMED);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_TAG);
	CU_ASSERT_EQUAL(replay("[Deck \"AS XS\"]", ""), FF_MALFORMED);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_TAG);
	CU_ASSERT_EQUAL(replay("[Seed \"5\"]", "JD@a1"), FF_ILLEGAL);
}

static void test_ids(void)
{
	struct ff_config cfg;
	struct ff_buf b = FF_BUF_INIT;

	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "sequence", NULL, "teams=2 sequences=2", "4", NULL,
					NULL, &err), 0);
	ff_config_id(&cfg, &b);
	CU_ASSERT_STRING_EQUAL(b.p, "sequence/standard");   /* both are the defaults */
	ff_buf_reset(&b);
	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "sequence", NULL, "teams=2", "6", NULL, NULL, &err), 0);
	ff_config_id(&cfg, &b);
	CU_ASSERT_STRING_EQUAL(b.p, "sequence/standard:teams=2");
	ff_buf_reset(&b);
	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "sequence", NULL, "teams=2 sequences=2", "6", NULL,
					NULL, &err), 0);
	ff_config_id(&cfg, &b);
	CU_ASSERT_STRING_EQUAL(b.p, "sequence/standard:teams=2");
	ff_buf_free(&b);
}

/* Found by the independent review: a run of passes in a public record
   must fit the cards that cannot be played; an empty Deck is no deck; a
   result error names the seat of the last ply; a bad seat count is
   reported at the Seats tag; input is read in either case; quoted input is
   cut at a character boundary. */
static void test_review_findings(void)
{
	char tok[64];
	struct ff_ply p;

	/* 10 seats hold 3 cards: one pass fits the four one-eyed jacks (no
	   chip to remove), two passes (6 unknown cards) do not */
	CU_ASSERT_EQUAL(replay("[Seats \"10\"]", "-"), FF_VALID);
	expect_error(replay("[Seats \"10\"]", "- - - - - - - - - - 1/2-1/2"), FF_EILLEGAL, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "passed since the last play"));
	CU_ASSERT_EQUAL(replay("[Deck \"\"]", ""), FF_MALFORMED);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_TAG);
	/* ply 2 is seat 2's: a wrong result after it is reported for seat 2 */
	expect_error(replay2("", "JD JD 3S 4S KC QC 9C", "JC JC 5D 8H 7S 2H TC", "",
			     "JD@c1 JC@f9 1-0"), FF_ERESULT, 2);
	CU_ASSERT_EQUAL(err.seat, 2);
	CU_ASSERT_EQUAL(replay("[Seats \"5\"]", ""), FF_MALFORMED);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_TAG);
	CU_ASSERT_EQUAL(err.line, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "2, 3, 4, 6, 8, 9, 10 or 12"));
	/* lenient input: lowercase cards, capital column letters */
	CU_ASSERT_EQUAL(replay2("", "JD JD 3S 4S KC QC 9C", "JC JC 5D 8H 7S 2H TC", "",
				"jd@C1 jc@f9 kc@A8"), FF_VALID);
	CU_ASSERT_EQUAL(ff_rules_parse(game.rules, game.state, "JK@c5", 5, &p, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "without jokers"));
	/* a message quotes at most 40 bytes and never half a character */
	memset(tok, 'A', 39);
	strcpy(tok + 39, "\xc3\xa9\xc3\xa9");
	CU_ASSERT_EQUAL(ff_utf8_cut(tok, strlen(tok), 40), 39);
	CU_ASSERT_EQUAL(ff_utf8_cut(tok, strlen(tok), 41), 41);
	CU_ASSERT_EQUAL(ff_utf8_cut(tok, 10, 40), 10);
}

static const struct ff_test tests[] = {
	{ "the board of rules.md 4.1", test_board },
	{ "nine in a row is two sequences, eight one", test_nine_in_a_row },
	{ "crossing fives are two, six in a row one", test_crossing_and_six },
	{ "corners count for every side; no jack on a corner", test_corners },
	{ "a protected chip cannot be removed", test_protected },
	{ "one-eyed jacks: not on own or partner chips", test_one_eyed_own_and_partner },
	{ "dead cards and drawn cards", test_dead_card },
	{ "why a play is illegal", test_reasons },
	{ "public records: a third copy", test_public_third_copy },
	{ "passes and the blocked end", test_blocked },
	{ "reshuffles follow the design", test_reshuffle },
	{ "lib/cards known-answer shuffle", test_cards_shuffle },
	{ "headers", test_header },
	{ "ruleset ids", test_ids },
	{ "review findings", test_review_findings },
};

int main(int argc, char **argv)
{
	int rc;

	ff_game_init(&game);
	ff_record_init(&rec);
	rc = ff_test_main("sequence", tests, sizeof tests / sizeof tests[0], argc, argv);
	ff_game_free(&game);
	ff_record_free(&rec);
	return rc;
}
