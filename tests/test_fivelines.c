/* Five Lines rules on set-up positions. A white-box test: it includes the
   engine's source (its exported table renamed) so that positions can be
   set directly. Expected legal sets come from the published TabletopGames
   vectors (research/rules.md 2.6) and from the rule texts of design.md,
   one rule per test. */
#include "config.h"

#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#define ff_fivelines_rules test_fivelines_rules
#include "lib/engines/fivelines.c"
#undef ff_fivelines_rules

#include "lib/replay.h"

#include "tests/test_main.h"
#include "tests/test_reason.h"

static struct fl_state st;

/* Set up preset/options with the real registry's option table. */
static void setup(const char *preset, const char *options)
{
	struct ff_config cfg;
	struct ff_error err;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, "fivelines", preset, options, NULL, NULL, NULL, &err), 0);
	CU_ASSERT_EQUAL_FATAL(fl_init(&st, &cfg, NULL, &err), 0);
}

/* Empty the board: no pieces anywhere (tests then place them). */
static void clear(void)
{
	memset(st.n, 0, sizeof st.n);
	memset(st.hand, 0, sizeof st.hand);
	memset(st.home, 0, sizeof st.home);
}

/* The legal plies for throw d, sorted, space-separated (static buffer). */
static const char *legal(int d)
{
	static struct ff_buf out;
	static struct ff_ply mv[FF_MAX_LEGAL];
	struct ff_game g;

	memset(&g, 0, sizeof g);
	g.legal = mv;
	g.rules = &test_fivelines_rules;
	g.state = &st;
	g.nlegal = fl_legal(&st, d, g.legal);
	ff_buf_reset(&out);
	ff_game_legal_text(&g, &out, ' ');
	return out.p;
}

/* Parse and apply a ply token; returns the error code (FF_OK on success). */
static enum ff_code play(const char *tok)
{
	struct ff_ply p, mv[FF_MAX_LEGAL];
	struct ff_error err;
	int n, i;

	ff_error_clear(&err);
	if (fl_parse(&st, tok, strlen(tok), &p, &err))
		return err.code;
	n = fl_legal(&st, p.chance, mv);
	for (i = 0; i < n; i++)
		if (ff_ply_eq(&mv[i], &p))
			break;
	if (i == n)
		return FF_EILLEGAL;
	fl_apply(&st, &p, NULL, &err);
	return FF_OK;
}

static void test_schaedler_opening(void)
{
	/* TabletopGames PenteTests: from the start, A to move, one move per die */
	setup("schaedler", NULL);
	CU_ASSERT_STRING_EQUAL(legal(1), "1:1-2");
	CU_ASSERT_STRING_EQUAL(legal(2), "2:0-2");
	CU_ASSERT_STRING_EQUAL(legal(3), "3:4-7");
	CU_ASSERT_STRING_EQUAL(legal(4), "4:3-7");
	CU_ASSERT_STRING_EQUAL(legal(5), "5:2-7");
	CU_ASSERT_STRING_EQUAL(legal(6), "6:1-7");
	/* after A plays 1->2, B to move */
	CU_ASSERT_EQUAL(play("1:1-2"), FF_OK);
	CU_ASSERT_EQUAL(st.turn, 1);
	CU_ASSERT_STRING_EQUAL(legal(1), "1:6-7");
	CU_ASSERT_STRING_EQUAL(legal(2), "2:5-7 2:9-1");
	CU_ASSERT_STRING_EQUAL(legal(3), "3:8-1 3:9-2");
	CU_ASSERT_STRING_EQUAL(legal(4), "4:7-1 4:8-2");
	CU_ASSERT_STRING_EQUAL(legal(5), "5:6-1 5:7-2");
	CU_ASSERT_STRING_EQUAL(legal(6), "6:5-1 6:6-2");
}

static void test_schaedler_zugzwang(void)
{
	/* TabletopGames: A has four on 7 and one on 3; die 3: only 7->0 */
	setup("schaedler", NULL);
	clear();
	st.n[0][7] = 4;
	st.n[0][3] = 1;
	st.n[1][1] = st.n[1][4] = st.n[1][5] = st.n[1][6] = st.n[1][8] = 1;
	CU_ASSERT_STRING_EQUAL(legal(3), "3:7-0");
	/* nothing at all: the turn is lost, written ROLL:- */
	st.n[1][0] = 1;
	st.n[1][1] = 0;
	CU_ASSERT_STRING_EQUAL(legal(3), "3:-");
}

static void test_schaedler_sacred_shared(void)
{
	/* points 2 and 7 hold any number of both sides; no hitting */
	setup("schaedler", NULL);
	clear();
	st.n[0][5] = 1;
	st.n[1][7] = 3;
	st.n[1][6] = 1;
	CU_ASSERT_STRING_EQUAL(legal(2), "2:5-7");
	CU_ASSERT_STRING_EQUAL(legal(1), "1:-");  /* 6 occupied by B */
	CU_ASSERT_EQUAL(play("2:5-7"), FF_OK);
	CU_ASSERT_EQUAL(st.n[0][7], 1);
	CU_ASSERT_EQUAL(st.n[1][7], 3);
}

static void test_schaedler_win(void)
{
	setup("schaedler", NULL);
	clear();
	st.n[0][7] = 4;
	st.n[0][5] = 1;
	st.n[1][0] = 5;
	CU_ASSERT_EQUAL(play("2:5-7"), FF_OK);
	CU_ASSERT_EQUAL(st.term, FF_TERM_NORMAL);
	CU_ASSERT_EQUAL(st.winner, 0);
	{
		/* the engine refuses any ply once the game is over */
		struct ff_ply p;
		struct ff_error err;

		ff_error_clear(&err);
		set_move(&p, 3, 0, 3, 0);
		CU_ASSERT_EQUAL(fl_apply(&st, &p, NULL, &err), -1);
		CU_ASSERT_EQUAL(err.code, FF_EAFTER_END);
	}
}

static void test_goal_either(void)
{
	setup("schaedler", "goal=either");
	clear();
	st.n[0][7] = 2;
	st.n[0][2] = 2;
	st.n[0][0] = 1;
	st.n[1][5] = st.n[1][6] = st.n[1][8] = st.n[1][9] = st.n[1][4] = 1;
	CU_ASSERT_EQUAL(play("2:0-2"), FF_OK);
	CU_ASSERT_EQUAL(st.term, FF_TERM_NORMAL);
	CU_ASSERT_EQUAL(st.winner, 0);
}

static void test_kidd_entry(void)
{
	int d;
	char want[24];

	/* a throw d enters on point d-1 (A) or (5+d-1) mod 10 (B) */
	for (d = 1; d <= 6; d++) {
		setup("kidd", NULL);
		snprintf(want, sizeof want, "%d:x-%d", d, d - 1);
		CU_ASSERT_STRING_EQUAL(legal(d), want);
		st.turn = 1;
		snprintf(want, sizeof want, "%d:x-%d", d, (5 + d - 1) % 10);
		CU_ASSERT_STRING_EQUAL(legal(d), want);
	}
}

static void test_kidd_hit_and_block(void)
{
	setup("kidd", NULL);
	clear();
	st.n[0][3] = 2;
	st.n[0][7] = 3;
	st.n[1][5] = 1;  /* a blot */
	st.n[1][8] = 2;  /* yoked */
	st.n[1][2] = 2;
	CU_ASSERT_STRING_EQUAL(legal(2), "2:3-5* 2:7-9");
	CU_ASSERT_EQUAL(play("2:3-5*"), FF_OK);
	CU_ASSERT_EQUAL(st.hand[1], 1);
	CU_ASSERT_EQUAL(st.n[0][5], 1);
	st.turn = 0;
	/* 3+5 = 8 is yoked by two B pieces: blocked */
	CU_ASSERT_EQUAL(play("5:3-8"), FF_EILLEGAL);
	/* a '*' on a move that hits nothing is refused */
	CU_ASSERT_EQUAL(play("1:3-4*"), FF_EILLEGAL);
	/* and so is an option set that starts with both sides on the goal */
	{
		struct ff_config cfg;
		struct ff_error err;

		ff_error_clear(&err);
		CU_ASSERT_EQUAL(ff_config_parse(&cfg, "fivelines", "schaedler",
						"goal=either start=opponent-line", NULL, NULL, NULL, &err), 0);
		CU_ASSERT_EQUAL(fl_init(&st, &cfg, NULL, &err), -1);
		CU_ASSERT_EQUAL(err.code, FF_EBAD_OPTION);
	}
}

static void test_kidd_holy_hit(void)
{
	/* default: a lone piece on a goal point can be hit */
	setup("kidd", NULL);
	clear();
	st.n[0][5] = 1;
	st.n[0][0] = 4;
	st.n[1][7] = 1;
	st.n[1][2] = 4;
	CU_ASSERT_EQUAL(play("2:5-7*"), FF_OK);
	CU_ASSERT_EQUAL(st.hand[1], 1);
	/* holy-hit=no: the lone piece is safe, the mover lands beside it */
	setup("kidd", "holy-hit=no");
	clear();
	st.n[0][5] = 1;
	st.n[0][0] = 4;
	st.n[1][7] = 1;
	st.n[1][2] = 4;
	CU_ASSERT_STRING_EQUAL(legal(2), "2:5-7");   /* 0->2 is yoked by four */
	CU_ASSERT_EQUAL(play("2:5-7"), FF_OK);
	CU_ASSERT_EQUAL(st.n[1][7], 1);
	CU_ASSERT_EQUAL(st.n[0][7], 1);
	CU_ASSERT_EQUAL(st.hand[1], 0);
}

static void test_kidd_entry_rules(void)
{
	/* priority: entering is compulsory when possible */
	setup("kidd", NULL);
	clear();
	st.hand[0] = 1;
	st.n[0][3] = 4;
	st.n[1][9] = 5;
	CU_ASSERT_STRING_EQUAL(legal(2), "2:x-1");
	/* entry blocked (two B pieces on 1): other moves are allowed */
	st.n[1][9] = 3;
	st.n[1][1] = 2;
	CU_ASSERT_STRING_EQUAL(legal(2), "2:3-5");
	/* forced: while a piece is off the board only entering is allowed */
	setup("kidd", "entry=forced");
	clear();
	st.hand[0] = 1;
	st.n[0][3] = 4;
	st.n[1][9] = 3;
	st.n[1][1] = 2;
	CU_ASSERT_STRING_EQUAL(legal(2), "2:-");
}

static void test_must_leave_holy(void)
{
	/* default: zugzwang, the only move leaves the goal */
	setup("kidd", NULL);
	clear();
	st.n[0][7] = 4;
	st.n[0][3] = 1;
	st.n[1][6] = 2;
	st.n[1][9] = 3;
	CU_ASSERT_STRING_EQUAL(legal(3), "3:7-0");
	/* must-leave-holy=no: every legal move starts on the goal, so skip too */
	setup("kidd", "must-leave-holy=no");
	clear();
	st.n[0][7] = 4;
	st.n[0][3] = 1;
	st.n[1][6] = 2;
	st.n[1][9] = 3;
	CU_ASSERT_STRING_EQUAL(legal(3), "3:7-0 3:skip");
	/* but not when another move exists */
	CU_ASSERT_STRING_EQUAL(legal(1), "1:3-4 1:7-8");
}

static void test_skip_last(void)
{
	setup("schaedler", "skip-last");
	clear();
	st.n[0][7] = 4;
	st.n[0][3] = 1;
	st.n[1][5] = st.n[1][6] = st.n[1][8] = st.n[1][9] = st.n[1][0] = 1;
	/* any throw: the last piece's owner may skip */
	CU_ASSERT_STRING_EQUAL(legal(1), "1:3-4 1:skip");  /* 7->8 taken */
	CU_ASSERT_EQUAL(play("1:skip"), FF_OK);
	CU_ASSERT_EQUAL(st.turn, 1);
	/* not with two pieces off the goal */
	setup("schaedler", "skip-last");
	clear();
	st.n[0][7] = 3;
	st.n[0][3] = 1;
	st.n[0][4] = 1;
	st.n[1][5] = st.n[1][6] = st.n[1][8] = st.n[1][9] = st.n[1][0] = 1;
	CU_ASSERT_STRING_EQUAL(legal(3), "3:4-7");
}

static void test_skip_last_strict(void)
{
	setup("schaedler", "skip-last=strict");
	clear();
	st.n[0][7] = 4;
	st.n[0][4] = 1;
	st.n[1][5] = st.n[1][6] = st.n[1][8] = st.n[1][9] = st.n[1][2] = 1;
	/* the last piece is 3 short of the goal: a throw of 3 or less is played */
	CU_ASSERT_STRING_EQUAL(legal(1), "1:-");
	CU_ASSERT_STRING_EQUAL(legal(3), "3:4-7 3:7-0");
	/* a throw of 6 would carry it past the goal (4->0, free): skip allowed */
	CU_ASSERT_STRING_EQUAL(legal(6), "6:4-0 6:7-3 6:skip");
	/* past the goal but that piece is blocked (0 taken): a piece must leave
	   the goal instead, no skip */
	st.n[1][2] = 0;
	st.n[1][0] = 1;
	CU_ASSERT_STRING_EQUAL(legal(6), "6:7-3");
}

static void test_nonexact(void)
{
	struct ff_ply p;
	struct ff_error err;

	setup("schaedler", "nonexact");
	clear();
	st.n[0][5] = 1;
	st.n[0][0] = st.n[0][1] = st.n[0][2] = st.n[0][3] = 1;
	st.n[1][4] = st.n[1][6] = st.n[1][8] = st.n[1][7] = 1;
	st.n[1][2] = 1;
	/* from 5 the goal 7 is 2 away: a throw of 4 may stop there or go to 9 */
	CU_ASSERT_STRING_EQUAL(legal(4), "4:3-7 4:5-7 4:5-9");
	/* so the short form 4:5 is ambiguous */
	ff_error_clear(&err);
	CU_ASSERT_EQUAL(fl_parse(&st, "4:5", 3, &p, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_ESYNTAX);
	/* and a throw of exactly 2 gives one move, as usual */
	CU_ASSERT_STRING_EQUAL(legal(2), "2:0-2 2:5-7");
}

static void test_extra_throw(void)
{
	setup("schaedler", "extra-throw");
	CU_ASSERT_EQUAL(play("1:1-2"), FF_OK);   /* lands on 2: A throws again */
	CU_ASSERT_EQUAL(st.turn, 0);
	CU_ASSERT_EQUAL(play("3:4-7"), FF_OK);   /* lands on 7: again */
	CU_ASSERT_EQUAL(st.turn, 0);
	CU_ASSERT_EQUAL(play("4:7-1"), FF_OK);   /* lands on 1: B's turn */
	CU_ASSERT_EQUAL(st.turn, 1);
}

static void test_four_stones(void)
{
	setup("kidd", "four-stones");
	clear();
	st.n[0][7] = 3;
	st.n[0][5] = 1;
	st.n[0][0] = 1;
	st.n[1][2] = 5;
	CU_ASSERT_EQUAL(play("2:5-7"), FF_OK);
	CU_ASSERT_EQUAL(st.term, FF_TERM_NORMAL);
	CU_ASSERT_EQUAL(st.winner, 0);
}

static void test_locus_goal_and_block(void)
{
	/* landing exactly on the goal sends the piece to the central line */
	setup("locusludi-race", NULL);
	clear();
	st.n[0][5] = 1;
	st.home[0] = 4;
	st.n[1][3] = 1;
	st.home[1] = 4;
	CU_ASSERT_EQUAL(play("2:5-7"), FF_OK);
	CU_ASSERT_EQUAL(st.home[0], 5);
	CU_ASSERT_EQUAL(st.n[0][7], 0);
	CU_ASSERT_EQUAL(st.term, FF_TERM_NORMAL);
	CU_ASSERT_EQUAL(st.winner, 0);
	/* entering has priority; an enemy piece blocks (race) */
	setup("locusludi-race", NULL);
	clear();
	st.n[0][0] = 1;
	st.hand[0] = 4;
	st.n[1][3] = 1;
	st.hand[1] = 4;
	CU_ASSERT_STRING_EQUAL(legal(3), "3:x-2");
	st.n[1][2] = 1;
	st.hand[1] = 3;
	CU_ASSERT_STRING_EQUAL(legal(3), "3:-");   /* x->2 and 0->3 both blocked */
	/* one piece per point: an own piece blocks too */
	clear();
	st.n[0][0] = st.n[0][1] = 1;
	st.hand[0] = 3;
	st.hand[1] = 5;
	CU_ASSERT_STRING_EQUAL(legal(1), "1:1-2");
}

static void test_locus_knockoff(void)
{
	/* an enemy piece on your goal point is captured back to its hand */
	setup("locusludi-knockoff", NULL);
	clear();
	st.n[0][4] = 1;
	st.home[0] = 4;
	st.n[1][7] = 1;
	st.hand[1] = 4;
	CU_ASSERT_STRING_EQUAL(legal(3), "3:4-7*");
	CU_ASSERT_EQUAL(play("3:4-7*"), FF_OK);
	CU_ASSERT_EQUAL(st.home[0], 5);
	CU_ASSERT_EQUAL(st.hand[1], 5);
	CU_ASSERT_EQUAL(st.n[1][7], 0);
}

static void test_locus_race_blocks_goal(void)
{
	setup("locusludi-race", NULL);
	clear();
	st.n[0][4] = 1;
	st.hand[0] = 0;
	st.home[0] = 4;
	st.n[1][7] = 1;
	st.hand[1] = 4;
	CU_ASSERT_STRING_EQUAL(legal(3), "3:-");
}

static void test_blocked_draw(void)
{
	/* Locus Ludi race with a d4: A's last piece on 3, B's last on 8; every
	   point A could reach (4-7 with 7 its goal) ... made unreachable by B
	   pieces; likewise for B. Then neither side can ever move: drawn. */
	setup("locusludi-race", "dice=d4 entry=forced");
	clear();
	st.home[0] = 1;
	st.n[0][0] = st.n[0][1] = st.n[0][2] = st.n[0][3] = 1;
	st.home[1] = 1;
	st.n[1][4] = st.n[1][5] = st.n[1][6] = 1;
	st.n[1][8] = 1;
	/* A: 3->4,5,6 taken by B, 3+4 = 7 is A's goal and free: A can move */
	CU_ASSERT_TRUE(can_move(&st, 0));
	st.n[1][8] = 0;
	st.n[1][7] = 1;   /* B on A's goal blocks it (race) */
	/* A: 0..3 each +1..4 lands on own pieces or B's 4-7: no move */
	CU_ASSERT_FALSE(can_move(&st, 0));
	/* B: 4..7 +1..4 reach 5-9, 0, 1: 8 and 9 are free, so B can move */
	CU_ASSERT_TRUE(can_move(&st, 1));
}

static void test_parse_errors(void)
{
	struct ff_ply p;
	struct ff_error err;
	static const char *const bad[] = { "4-3-7", ":3-7", "4:", "4:3-", "4:3-x", "4:y-7",
					   "4:37", "4:3-7-8", "4:skipp", "x:3-7", "44444:3-7", "4:3-X",
					   "4:SKIPP", "X:3-7", "4:Y-7" };
	/* either letter case reads as the canonical ply (docs/fgn.md) */
	static const char *const same[][2] = { { "3:X-7", "3:x-7" }, { "4:SKIP", "4:skip" },
					       { "4:Skip", "4:skip" }, { "6:X", "6:x" } };
	struct ff_ply q;
	size_t i;

	setup("kidd", NULL);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ff_error_clear(&err);
		CU_ASSERT_EQUAL(fl_parse(&st, bad[i], strlen(bad[i]), &p, &err), -1);
		CU_ASSERT_EQUAL(err.code, FF_ESYNTAX);
	}
	for (i = 0; i < sizeof same / sizeof same[0]; i++) {
		CU_ASSERT_EQUAL(fl_parse(&st, same[i][0], strlen(same[i][0]), &p, &err), 0);
		CU_ASSERT_EQUAL(fl_parse(&st, same[i][1], strlen(same[i][1]), &q, &err), 0);
		CU_ASSERT_TRUE(ff_ply_eq(&p, &q));
	}
	ff_error_clear(&err);
	CU_ASSERT_EQUAL(fl_check_chance(&st, 7, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_ROLL);
	CU_ASSERT_EQUAL(fl_check_chance(&st, 6, &err), 0);
	setup("kidd", "dice=knuckle");
	CU_ASSERT_EQUAL(fl_check_chance(&st, 5, &err), -1);
}

static void test_short_form(void)
{
	struct ff_buf b = FF_BUF_INIT;
	struct ff_ply mv[FF_MAX_LEGAL];
	int n;

	setup("schaedler", NULL);
	CU_ASSERT_EQUAL(play("1:1"), FF_OK);   /* short for 1:1-2 */
	CU_ASSERT_EQUAL(st.n[0][2], 2);
	n = fl_legal(&st, 2, mv);
	CU_ASSERT_EQUAL(n, 2);
	fl_format(&st, &mv[0], FF_FORM_SHORT, &b);
	CU_ASSERT_STRING_EQUAL(b.p, "2:5");
	ff_buf_free(&b);
}

/* Does fl_is_legal agree with membership in fl_legal for every ply a
   record could hold (every kind; every origin, destination and hit mark)
   with every face of the die, in the current position? Returns the
   number of candidates where they disagree (the first is printed). */
static long disagreements(void)
{
	struct ff_ply list[MAXMV + 1], c;
	long bad = 0;
	int f, n, i, from, to, w3, w4, kind;

	for (f = 0; f < die(&st)->nfaces; f++) {
		int d = die(&st)->faces[f];

		n = fl_legal(&st, d, list);
		for (kind = 0; kind <= K_SKIP + 1; kind++)
			for (from = 0; from <= HAND; from++)
				for (to = 0; to < POINTS; to++)
					for (w3 = 0; w3 < 4; w3++) {
						if (kind != K_MOVE && (from || to || w3))
							continue;
						ff_ply_clear(&c);
						c.chance = d;
						c.w[0] = (int16_t)kind;
						c.w[1] = (int16_t)(kind == K_MOVE ? from : 0);
						c.w[2] = (int16_t)(kind == K_MOVE ? to : 0);
						c.w[3] = (int16_t)(w3 & 1);
						c.w[4] = (int16_t)(w3 >> 1);
						for (i = 0; i < n && !ff_ply_eq(&list[i], &c); i++)
							;
						w4 = fl_is_legal(&st, &c);
						if (w4 != (i < n) && bad++ == 0)
							fprintf(stderr, "\nis_legal %d, in legal() %d: kind %d %d-%d "
								"hit %d/%d throw %d\n", w4, i < n, kind, from, to,
								w3 & 1, w3 >> 1, d);
					}
	}
	return bad;
}

/* fl_is_legal (validation's fast path, which lists no moves) agrees with
   fl_legal on every candidate ply in every position of simulated games of
   every preset, with each option value, under random and greedy play. */
static void test_is_legal_agrees(void)
{
	static const char *const configs[][2] = {
		{ "schaedler", "" }, { "schaedler", "goal=either four-stones" },
		{ "schaedler", "nonexact extra-throw dice=knuckle" }, { "schaedler", "skip-last=strict" },
		{ "kidd", "" }, { "kidd", "skip-last nonexact" }, { "kidd", "skip-last=strict dice=d4" },
		{ "kidd", "entry=forced holy-hit=no must-leave-holy=no" },
		{ "kidd", "start=board goal=either dice=painted" }, { "kidd", "start=opponent-line extra-throw" },
		{ "locusludi-race", "" }, { "locusludi-race", "skip-last nonexact entry=forced" },
		{ "locusludi-knockoff", "" }, { "locusludi-knockoff", "four-stones dice=knuckle" },
	};
	struct ff_ply list[MAXMV + 1];
	struct ff_outcome out;
	struct ff_rng rng;
	struct ff_error err;
	long bad = 0, positions = 0;
	size_t k;
	int g, n, i, ply;

	for (k = 0; k < sizeof configs / sizeof configs[0]; k++)
		for (g = 0; g < 8; g++) {
			setup(configs[k][0], configs[k][1]);
			ff_rng_seed(&rng, 1000u * k + (unsigned)g);
			for (ply = 0; ply < 400; ply++) {
				fl_outcome(&st, &out);
				if (out.term != FF_TERM_NONE)
					break;
				bad += disagreements();
				positions++;
				n = fl_legal(&st, fl_roll(&st, &rng), list);
				i = g % 2 ? greedy_choose(&st, list, n, &rng)
					  : (int)ff_rng_bounded(&rng, (uint64_t)n);
				CU_ASSERT_EQUAL_FATAL(fl_apply(&st, &list[i], &rng, &err), 0);
			}
		}
	CU_ASSERT(positions > 10000);
	CU_ASSERT_EQUAL(bad, 0);
}

/* tok is illegal in the position set up, for the reason want. */
static void why(const char *tok, const char *want)
{
	test_reason(&test_fivelines_rules, &st, tok, want);
}

/* Kidd: A has 5 pieces on 3, B 3 on 8 (yoked) and a blot on 5. */
static void kidd_board(const char *options)
{
	setup("kidd", options);
	clear();
	st.n[0][3] = 5;
	st.n[1][8] = 3;
	st.n[1][5] = 1;
	st.n[1][9] = 1;
}

/* Why a ply is illegal, for each reason the engine gives that no other
   test asks for. */
static void test_reasons(void)
{
	setup("kidd", NULL);   /* the opening: a 3 enters on 2 */
	why("3:-", "a move is possible with throw 3 (3:x-2)");
	why("3:skip", "skipping is not allowed here");
	why("4:x-5", "a throw of 4 takes the piece entering from 9 to point 3, not 5 "
		     "(entering counts from point 9)");
	kidd_board(NULL);
	why("1:9-0", "point 9 holds no piece of seat 1, only of seat 2");
	why("1:6-7", "point 6 holds no piece of seat 1");
	why("1:3-4*", "the ply marks a hit '*' but the move hits nothing on point 4");
	why("4:3-8", "a throw of 4 takes the piece on 3 to point 7, not 8");
	why("5:3-8", "point 8 is blocked by 3 pieces of seat 2");
	/* a '*' on a move that fails for another reason: that reason */
	why("5:3-8*", "point 8 is blocked by 3 pieces of seat 2");
	why("4:3-8*", "a throw of 4 takes the piece on 3 to point 7, not 8");
	kidd_board("holy-hit=no");
	st.n[1][7] = 1;
	st.n[1][9] = 0;
	why("4:3-7*", "the ply marks a hit '*' but the lone piece on point 7 cannot be hit "
		      "(holy-hit=no)");
	setup("schaedler", NULL);
	clear();
	st.n[0][1] = 5;
	st.n[1][3] = 5;
	why("2:1-3", "point 3 is occupied");
	setup("kidd", "entry=forced");   /* a piece off the board, its entry yoked */
	clear();
	st.hand[0] = 1;
	st.n[0][3] = 4;
	st.n[1][9] = 3;
	st.n[1][1] = 2;
	why("2:skip", "no move is possible, write ROLL:- instead of skipping");
}

static const struct ff_test tests[] = {
	{ "schaedler opening (TabletopGames vectors)", test_schaedler_opening },
	{ "schaedler zugzwang (TabletopGames vector)", test_schaedler_zugzwang },
	{ "schaedler sacred points shared", test_schaedler_sacred_shared },
	{ "schaedler win", test_schaedler_win },
	{ "goal=either", test_goal_either },
	{ "kidd entry points", test_kidd_entry },
	{ "kidd hit and block", test_kidd_hit_and_block },
	{ "kidd holy-hit", test_kidd_holy_hit },
	{ "kidd entry priority and forced", test_kidd_entry_rules },
	{ "must-leave-holy", test_must_leave_holy },
	{ "skip-last", test_skip_last },
	{ "skip-last=strict", test_skip_last_strict },
	{ "nonexact", test_nonexact },
	{ "extra-throw", test_extra_throw },
	{ "four-stones", test_four_stones },
	{ "locus ludi goal and blocking", test_locus_goal_and_block },
	{ "locus ludi knock-off capture on the goal", test_locus_knockoff },
	{ "locus ludi race: enemy on the goal blocks", test_locus_race_blocks_goal },
	{ "deadlock detection", test_blocked_draw },
	{ "parse errors and dice faces", test_parse_errors },
	{ "short form", test_short_form },
	{ "why a ply is illegal", test_reasons },
	{ "is_legal agrees with legal() (simulated games, every preset and option)",
	  test_is_legal_agrees },
};

FF_TEST_MAIN("fivelines", tests)
