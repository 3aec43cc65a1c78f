/* Fiveplay rules on set-up positions (white-box: includes the engine with
   its exported table renamed). One test per rule of design.md "Fiveplay"
   and research/rules.md 1.1-1.2: the sharings, repositioning per type, the
   three patterns in every direction and at the edges, a line of six, a
   pattern through an enemy piece's hole, a winning reposition, threefold
   repetition, the move cap, and the greedy agent's win and block. */
#include "config.h"

#include <CUnit/Basic.h>
#include <string.h>

#define ff_fiveplay_rules test_fiveplay_rules
#include "lib/engines/fiveplay.c"
#undef ff_fiveplay_rules

#include "tests/test_main.h"
#include "tests/test_reason.h"

static struct fp_state st;

static void setup(const char *options)
{
	struct ff_config cfg;
	struct ff_error err;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fiveplay", NULL, options, NULL, NULL, NULL, &err), 0);
	CU_ASSERT_EQUAL_FATAL(fp_init(&st, &cfg, NULL, &err), 0);
}

/* Put side's piece of type t ('P', 'S', 'H') on hole name, taking it from
   the hand. */
static void set(int side, char t, const char *hole)
{
	int ty = type_of(t), h = parse_hole(hole);

	CU_ASSERT_FATAL(ty >= 0 && h >= 0 && st.hand[side][ty] > 0);
	st.hand[side][ty]--;
	put(&st.b, side, ty, h);
}

/* Parse, check legality and apply tok for the side to move. */
static enum ff_code play(const char *tok)
{
	static struct ff_ply mv[FF_MAX_LEGAL];
	struct ff_ply p;
	struct ff_error err;
	int n, i;

	ff_error_clear(&err);
	if (fp_parse(&st, tok, strlen(tok), &p, &err))
		return err.code;
	n = fp_legal(&st, FF_NO_CHANCE, mv);
	for (i = 0; i < n; i++)
		if (ff_ply_eq(&mv[i], &p))
			break;
	if (i == n)
		return FF_EILLEGAL;
	fp_apply(&st, &p, NULL, &err);
	return FF_OK;
}

static void test_sharing(void)
{
	setup(NULL);
	set(1, 'H', "d4");   /* an enemy hollow barrel: a peg may go in */
	set(1, 'P', "e4");   /* an enemy peg: a hollow barrel may go round */
	set(1, 'S', "f4");   /* a solid barrel: nothing shares */
	CU_ASSERT_EQUAL(play("P@d4"), FF_OK);
	st.turn = 0;
	CU_ASSERT_EQUAL(play("H@e4"), FF_OK);
	st.turn = 0;
	CU_ASSERT_EQUAL(play("P@f4"), FF_EILLEGAL);
	CU_ASSERT_EQUAL(play("H@f4"), FF_EILLEGAL);
	CU_ASSERT_EQUAL(play("S@f4"), FF_EILLEGAL);
	/* a solid barrel never goes round a peg or into a hollow barrel */
	CU_ASSERT_EQUAL(play("S@d4"), FF_EILLEGAL);
	set(1, 'P', "a1");
	CU_ASSERT_EQUAL(play("S@a1"), FF_EILLEGAL);
	/* a full hole (peg in a hollow barrel) takes nothing */
	CU_ASSERT_EQUAL(play("P@e4"), FF_EILLEGAL);
	/* own peg and own hollow barrel never share, either way round */
	set(0, 'P', "b2");
	set(0, 'H', "c2");
	CU_ASSERT_EQUAL(play("H@b2"), FF_EILLEGAL);
	CU_ASSERT_EQUAL(play("P@c2"), FF_EILLEGAL);
	/* a peg never goes into an enemy solid barrel */
	set(1, 'S', "g7");
	CU_ASSERT_EQUAL(play("P@g7"), FF_EILLEGAL);
}

static void test_reposition(void)
{
	int i;
	static const char *const holes[] = { "a1", "b1", "c1", "d1", "e1", "f1", "g1", "a2", "b2", "c2" };

	setup(NULL);
	/* pegs: not before all 10 are played */
	for (i = 0; i < 9; i++)
		set(0, 'P', holes[i]);
	CU_ASSERT_EQUAL(play("Pa1-a7"), FF_EILLEGAL);
	set(0, 'P', holes[9]);
	CU_ASSERT_EQUAL(play("Pa1-a7"), FF_OK);
	CU_ASSERT_EQUAL(st.b.peg[parse_hole("a1")], NONE);
	CU_ASSERT_EQUAL(st.b.peg[parse_hole("a7")], 0);
	/* not to the hole it came from */
	st.turn = 0;
	CU_ASSERT_EQUAL(play("Pa7-a7"), FF_EILLEGAL);
	/* barrels: all 8 together, solid and hollow mixed */
	setup(NULL);
	set(0, 'S', "a4");
	set(0, 'S', "b4");
	set(0, 'S', "c4");
	set(0, 'S', "d4");
	set(0, 'H', "e4");
	set(0, 'H', "f4");
	set(0, 'H', "g4");
	CU_ASSERT_EQUAL(play("Sa4-a5"), FF_EILLEGAL);   /* all solid played, one hollow not */
	CU_ASSERT_EQUAL(play("He4-e5"), FF_EILLEGAL);
	set(0, 'H', "a6");
	CU_ASSERT_EQUAL(play("Sa4-a5"), FF_OK);
	st.turn = 0;
	CU_ASSERT_EQUAL(play("He4-e5"), FF_OK);
	/* pegs are still in hand, so a peg cannot be repositioned, but placed */
	st.turn = 0;
	CU_ASSERT_EQUAL(play("P@g7"), FF_OK);
	st.turn = 0;
	CU_ASSERT_EQUAL(play("Pg7-g6"), FF_EILLEGAL);
	/* a reposition obeys the placement rules: into an enemy hollow barrel */
	set(1, 'H', "d7");
	st.turn = 0;
	CU_ASSERT_EQUAL(play("Hf4-d7"), FF_EILLEGAL);
}

/* Lay pattern p for side along direction (df, dr) from (f, r); returns
   the hole of the last cell, left empty for the winning ply. */
static int lay(int side, const char *pat, int f, int r, int df, int dr, int skip)
{
	int i, h = -1;

	for (i = 0; i < 5; i++) {
		int c = at(f + i * df, r + i * dr);

		CU_ASSERT_FATAL(c >= 0);
		if (i == skip) {
			h = c;
			continue;
		}
		put(&st.b, side, pat[i] == 'P' ? PEG : HOLLOW, c);
	}
	return h;
}

static void test_patterns(void)
{
	/* every pattern, every direction, at the edges and the centre, completed
	   by each of its five cells in turn */
	static const int starts[][4] = {
		{ 0, 0, 1, 0 }, { 2, 6, 1, 0 }, { 0, 0, 0, 1 }, { 6, 2, 0, 1 },
		{ 0, 0, 1, 1 }, { 2, 2, 1, 1 }, { 0, 6, 1, -1 }, { 2, 4, 1, -1 },
	};
	int p, k, skip, wins = 0, cases = 0;

	for (p = 0; p < 3; p++)
		for (k = 0; k < 8; k++)
			for (skip = 0; skip < 5; skip++) {
				int h;
				char tok[8];
				char piece = patterns[p][skip] == 'P' ? 'P' : 'S';

				setup(NULL);
				h = lay(0, patterns[p], starts[k][0], starts[k][1], starts[k][2],
					starts[k][3], skip);
				CU_ASSERT_FALSE(wins_through(&st.b, 0, h));
				snprintf(tok, sizeof tok, "%c@%c%c", piece, 'a' + h % N, '1' + h / N);
				CU_ASSERT_EQUAL(play(tok), FF_OK);
				cases++;
				if (st.term == FF_TERM_NORMAL && st.winner == 0)
					wins++;
			}
	CU_ASSERT_EQUAL(wins, cases);
	CU_ASSERT_EQUAL(cases, 120);
	/* four in a row plus a wrong fifth is no win: P P B P B */
	setup(NULL);
	lay(0, "PPBPB", 0, 0, 1, 0, 4);
	CU_ASSERT_EQUAL(play("H@e1"), FF_OK);
	CU_ASSERT_EQUAL(st.term, FF_TERM_NONE);
	/* the opponent's pattern never makes the mover win, and is not checked */
	setup(NULL);
	lay(1, "PPBPP", 0, 3, 1, 0, 5 /* no skip */);
	CU_ASSERT_EQUAL(play("P@g7"), FF_OK);
	CU_ASSERT_EQUAL(st.term, FF_TERM_NONE);
}

static void test_line_of_six(void)
{
	/* P P B P P P: the first five read P P B P P */
	setup(NULL);
	lay(0, "PPBPP", 0, 0, 0, 1, 1);
	put(&st.b, 0, PEG, parse_hole("a6"));
	CU_ASSERT_EQUAL(play("P@a2"), FF_OK);
	CU_ASSERT_EQUAL(st.term, FF_TERM_NORMAL);
}

static void test_through_enemy_hole(void)
{
	/* seat 1's P B B B P where two of the barrels stand round seat 2's pegs
	   and the last peg goes into seat 2's hollow barrel */
	setup(NULL);
	set(0, 'P', "c5");
	set(0, 'S', "d5");
	set(1, 'P', "e5");
	set(1, 'P', "f5");
	put(&st.b, 0, HOLLOW, parse_hole("e5"));
	st.hand[0][HOLLOW]--;
	put(&st.b, 0, HOLLOW, parse_hole("f5"));
	st.hand[0][HOLLOW]--;
	set(1, 'H', "g5");
	CU_ASSERT_EQUAL(play("P@g5"), FF_OK);
	CU_ASSERT_EQUAL(st.term, FF_TERM_NORMAL);
	CU_ASSERT_EQUAL(st.winner, 0);
	/* and it counts for both owners: seat 2 has pegs on e5 and f5 */
	CU_ASSERT_EQUAL(mine(&st.b, 1, parse_hole("e5")), 'P');
	CU_ASSERT_EQUAL(mine(&st.b, 0, parse_hole("e5")), 'B');
}

static void test_reposition_wins(void)
{
	static const char *const holes[] = { "a1", "b1", "d1", "e1", "a3", "b3", "c3", "d3", "e3", "f3" };
	int i;

	setup(NULL);
	for (i = 0; i < 10; i++)
		set(0, 'P', holes[i]);
	set(0, 'S', "c1");
	/* row 1: a1 P, b1 P, c1 S, d1 P, e1 P is already P P B P P: move it
	   away and back instead. Take d1's peg to g7, then move a3's peg in. */
	lift(&st.b, PEG, parse_hole("d1"));
	put(&st.b, 0, PEG, parse_hole("g7"));
	CU_ASSERT_FALSE(wins_through(&st.b, 0, parse_hole("d1")));
	CU_ASSERT_EQUAL(play("Pa3-d1"), FF_OK);
	CU_ASSERT_EQUAL(st.term, FF_TERM_NORMAL);
	CU_ASSERT_EQUAL(st.winner, 0);
}

static void test_repetition(void)
{
	static const char *const h0[] = { "a1", "b1", "c1", "d1", "e1", "f1", "g1", "a2", "b2", "c2" };
	static const char *const h1[] = { "a7", "b7", "c7", "d7", "e7", "f7", "g7", "a6", "b6", "c6" };
	int i, k;

	for (k = 0; k < 2; k++) {
		setup(k ? "draw=none" : NULL);
		for (i = 0; i < 10; i++) {
			set(0, 'P', h0[i]);
			set(1, 'P', h1[i]);
		}
		remember(&st, 1);   /* the position after the last placement */
		/* back and forth: the start position recurs after 4 and 8 plies */
		CU_ASSERT_EQUAL(play("Pa1-a4"), FF_OK);
		CU_ASSERT_EQUAL(play("Pa7-a5"), FF_OK);
		CU_ASSERT_EQUAL(play("Pa4-a1"), FF_OK);
		CU_ASSERT_EQUAL(play("Pa5-a7"), FF_OK);   /* second occurrence */
		CU_ASSERT_EQUAL(st.term, FF_TERM_NONE);
		CU_ASSERT_EQUAL(play("Pa1-a4"), FF_OK);
		CU_ASSERT_EQUAL(play("Pa7-a5"), FF_OK);
		CU_ASSERT_EQUAL(play("Pa4-a1"), FF_OK);
		CU_ASSERT_EQUAL(play("Pa5-a7"), FF_OK);   /* third occurrence */
		if (k == 0) {
			CU_ASSERT_EQUAL(st.term, FF_TERM_REPETITION);
			CU_ASSERT_EQUAL(st.winner, -1);
		} else {
			CU_ASSERT_EQUAL(st.term, FF_TERM_NONE);
		}
	}
}

/* A barrel that leaves a hole and comes back leaves the position as it
   was: the third occurrence is a draw (a hole once held a hollow barrel
   used to keep that mark, so the repeat went unseen). */
static void test_repetition_barrels(void)
{
	static const char *const s0[] = { "b1", "c1", "d1", "e1" }, *const h0[] = { "a1", "f1", "g1", "a2" };
	static const char *const s1[] = { "b7", "c7", "d7", "e7" }, *const h1[] = { "a7", "f7", "g7", "a6" };
	int i, k;

	setup(NULL);
	for (i = 0; i < 4; i++) {
		set(0, 'S', s0[i]);
		set(0, 'H', h0[i]);
		set(1, 'S', s1[i]);
		set(1, 'H', h1[i]);
	}
	remember(&st, 1);   /* the position after the last placement */
	for (k = 0; k < 2; k++) {
		CU_ASSERT_EQUAL(st.term, FF_TERM_NONE);
		CU_ASSERT_EQUAL(play("Ha1-d4"), FF_OK);
		CU_ASSERT_EQUAL(play("Ha7-d5"), FF_OK);
		CU_ASSERT_EQUAL(play("Hd4-a1"), FF_OK);
		CU_ASSERT_EQUAL(play("Hd5-a7"), FF_OK);
	}
	CU_ASSERT_EQUAL(st.term, FF_TERM_REPETITION);
	CU_ASSERT_EQUAL(st.winner, -1);
}

static void test_movecap(void)
{
	setup("movecap=3");
	CU_ASSERT_EQUAL(play("P@a1"), FF_OK);
	CU_ASSERT_EQUAL(play("P@a7"), FF_OK);
	CU_ASSERT_EQUAL(st.term, FF_TERM_NONE);
	CU_ASSERT_EQUAL(play("P@b1"), FF_OK);
	CU_ASSERT_EQUAL(st.term, FF_TERM_MOVECAP);
	CU_ASSERT_EQUAL(st.winner, -1);
}

static void test_parse(void)
{
	struct ff_ply p;
	struct ff_error err;
	static const char *const bad[] = { "P@h1", "P@a8", "X@a1", "P-a1", "Pa1a2", "Pa1-a", "P@a10",
					   "P@H1", "x@a1", "Q@a1", "P@`1" };
	/* either letter case reads as the canonical ply (docs/fgn.md) */
	static const char *const same[][2] = { { "p@a1", "P@a1" }, { "P@A1", "P@a1" },
					       { "h@G7", "H@g7" }, { "sA1-b2", "Sa1-b2" },
					       { "SA1-B2", "Sa1-b2" } };
	struct ff_ply q;
	size_t i;

	setup(NULL);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ff_error_clear(&err);
		CU_ASSERT_EQUAL(fp_parse(&st, bad[i], strlen(bad[i]), &p, &err), -1);
		CU_ASSERT_EQUAL(err.code, FF_ESYNTAX);
	}
	for (i = 0; i < sizeof same / sizeof same[0]; i++) {
		CU_ASSERT_EQUAL(fp_parse(&st, same[i][0], strlen(same[i][0]), &p, &err), 0);
		CU_ASSERT_EQUAL(fp_parse(&st, same[i][1], strlen(same[i][1]), &q, &err), 0);
		CU_ASSERT_TRUE(ff_ply_eq(&p, &q));
	}
}

static void test_greedy(void)
{
	struct ff_ply mv[FF_MAX_LEGAL];
	struct ff_rng rng;
	struct ff_buf b = FF_BUF_INIT;
	int n, i;

	/* a win on offer is taken */
	setup(NULL);
	lay(0, "PPBPP", 1, 1, 1, 1, 2);   /* b2 c3 _ e5 f6: the barrel on d4 wins */
	n = fp_legal(&st, FF_NO_CHANCE, mv);
	ff_rng_seed(&rng, 1);
	i = greedy_choose(&st, mv, n, &rng);
	fp_format(&st, &mv[i], FF_FORM_LONG, &b);
	CU_ASSERT_TRUE(strcmp(b.p, "S@d4") == 0 || strcmp(b.p, "H@d4") == 0);
	/* the opponent's threat (the same line, for seat 2) is blocked: with a
	   solid barrel on d4, the one piece that stops any barrel there */
	setup(NULL);
	lay(1, "PPBPP", 1, 1, 1, 1, 2);
	n = fp_legal(&st, FF_NO_CHANCE, mv);
	i = greedy_choose(&st, mv, n, &rng);
	ff_buf_reset(&b);
	fp_format(&st, &mv[i], FF_FORM_LONG, &b);
	CU_ASSERT_STRING_EQUAL(b.p, "S@d4");
	ff_buf_free(&b);
}

/* From the opening, play the space-separated plies of moves, each legal,
   then the illegal last; the engine's reason for it must be want. */
static void why(const char *moves, const char *want)
{
	char tok[16];
	const char *m = moves;
	size_t n;

	setup(NULL);
	while (m[n = strcspn(m, " ")] == ' ') {   /* every ply but the last */
		CU_ASSERT_FATAL(n < sizeof tok);
		memcpy(tok, m, n);
		tok[n] = '\0';
		CU_ASSERT_EQUAL_FATAL(play(tok), FF_OK);
		m += n + 1;
	}
	test_reason(&test_fiveplay_rules, &st, m, want);
}

/* Why a ply is illegal, for each reason the engine gives that the
   sharing and repositioning tests do not ask for. */
static void test_reasons(void)
{
	why("S@a1 P@g7 S@b1 P@g6 S@c1 P@g5 S@d1 P@g4 S@e1", "seat 1 has no unplayed solid barrel left");
	why("S@d4 P@d4", "hole d4 holds a solid barrel, which shares with nothing");
	why("P@d4 P@d4", "hole d4 already holds a peg");
	why("H@d4 H@d4", "hole d4 already holds a barrel");
	why("H@d4 P@a1 P@d4", "your own peg and your own hollow barrel never share a hole (d4)");
	why("P@d4 P@a1 H@d4", "your own peg and your own hollow barrel never share a hole (d4)");
	why("P@a1 P@g7 P@b1 P@g6 P@c2 P@g5 P@d1 P@f4 P@e2 P@f5 P@a3 P@f6 P@b4 P@e7 P@c3 P@e6 "
	    "P@d4 P@e5 P@a6 P@d6 Pa6-a6", "a reposition must go to another hole");
}

static const struct ff_test tests[] = {
	{ "sharing: the two forbidden sharings and the allowed ones", test_sharing },
	{ "repositioning per type (barrels: solid and hollow together)", test_reposition },
	{ "three patterns x four directions x edges", test_patterns },
	{ "a line of six", test_line_of_six },
	{ "a pattern through enemy pieces' holes", test_through_enemy_hole },
	{ "a reposition that wins", test_reposition_wins },
	{ "threefold repetition (and draw=none)", test_repetition },
	{ "threefold repetition after barrels come back", test_repetition_barrels },
	{ "movecap", test_movecap },
	{ "ply syntax", test_parse },
	{ "why a ply is illegal", test_reasons },
	{ "greedy takes a win and blocks a threat", test_greedy },
};

FF_TEST_MAIN("fiveplay", tests)
