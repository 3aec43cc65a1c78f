/* The Fiveplay rules engine (docs/rules.md "Fiveplay", docs/sources.md).

   7x7 holes a1-g7: files a-g, ranks 1-7 from seat 1's side; hole index
   (rank-1)*7 + file. Each seat has 10 pegs (P), 4 solid barrels (S) and 4
   hollow barrels (H). A hole holds nothing; one piece; or a peg inside a
   hollow barrel of the other seat. A turn places an unplayed piece, or
   repositions one of the mover's pieces once every piece of that type is
   played (pegs: all 10; barrels: all 8, solid and hollow together), to a
   different hole that obeys the same rules. A line of five consecutive
   holes reading P P B P P, P B P B P or P B B B P in the mover's pieces
   (B: either barrel) wins; only the mover's patterns are checked.

   Draws: draw=repetition (the default) ends the game at the third
   occurrence of the same position with the same side to move; draw=none
   never; movecap=N ends it drawn after N plies. Repetition is looked for
   among the positions since the last placement (a placement can never be
   undone, so no earlier position can recur); the engine keeps the last
   HIST of them, which bounds the state (docs/rules.md). */
#include "config.h"

#define FF_RULES_DOOR 1   /* an engine defines its hooks (lib/ruleset.h, FF_HOOK) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/bits.h"
#include "lib/ruleset.h"
#include "lib/setup.h"
#include "lib/text.h"
#include "lib/svg.h"

enum { N = 7, HOLES = 49, PEG = 0, SOLID = 1, HOLLOW = 2 };
enum { K_PLACE = 1, K_MOVE = 2 };   /* ply.w[0]; w[1] type, w[2] from, w[3] to */
enum { O_DRAW, O_MOVECAP, O_COUNT };
#define HIST 2048
#define NONE (-1)

static const struct ff_preset_desc fp_presets[] = {
	{ "standard", "University Games' rules (seeds 000 and 001); repositioning per type" },
};

static const struct ff_option_desc fp_options[] = {
	[O_DRAW] = { "draw", "repetition|none", "repetition", 0,
		     "repetition: the third occurrence of a position with the same side to move is a draw" },
	[O_MOVECAP] = { "movecap", NULL, "0", 0, "the game ends drawn after N plies (0: no cap)" },
};

static const char piece_char[3] = { 'P', 'S', 'H' };
static const int start_hand[3] = { 10, 4, 4 };

/* The board. Invariants: peg[h] and bar[h] are NONE or a side; hollow[h]
   says whether bar[h] is a hollow barrel; a hole with both a peg and a
   barrel holds a hollow barrel of the other side. */
struct board {
	int8_t peg[HOLES];
	int8_t bar[HOLES];
	uint8_t hollow[HOLES];   /* 0 where bar[h] is NONE */
	uint64_t zob;            /* the XOR of hole_key() over the holes */
	/* the same as bit sets (bit h: hole h), kept by put() and lift():
	   the empty holes; per side x, its pegs, solid and hollow barrels,
	   its hollow barrels with nothing inside, its pegs with no barrel */
	uint64_t empty, own[2][3], hollow_free[2], lone_peg[2];
};

/* The game. Invariants: hand[s][t] + pieces of type t of s on the board ==
   start_hand[t]; hist holds the hashes of the nhist (<= HIST, the latest
   ones when more) positions since the last placement, the current one
   last, at hist[(first + i) % HIST]. */
struct fp_state {
	struct board b;
	uint8_t hand[2][3];
	uint8_t turn;
	uint8_t term;
	int8_t winner;
	uint8_t rep;              /* draw=repetition */
	int movecap;              /* 0 = none */
	uint32_t plies;
	uint32_t nhist, first;
	uint64_t hist[HIST];
};

/* --- holes and pieces --- */

/* The piece letter c, in either case (no piece letter is a file a-g, so
   the case is never needed to tell them apart), or -1. */
static int type_of(char c)
{
	c = (char)(c & ~0x20);
	return c == 'P' ? PEG : c == 'S' ? SOLID : c == 'H' ? HOLLOW : -1;
}

/* The hole "d4" (its file in either case), or -1. */
static int parse_hole(const char *t)
{
	char f = (char)(t[0] | 0x20);

	if (f < 'a' || f > 'g' || t[1] < '1' || t[1] > '7')
		return -1;
	return (t[1] - '1') * N + (f - 'a');
}

/* Can side put a piece of type t into hole h of board b? */
static int can_place(const struct board *b, int side, int t, int h)
{
	int peg = b->peg[h], bar = b->bar[h];

	if (peg == NONE && bar == NONE)
		return 1;
	if (t == PEG)   /* into an enemy hollow barrel that holds nothing */
		return peg == NONE && bar == 1 - side && b->hollow[h];
	if (t == HOLLOW)   /* around an enemy peg that stands alone */
		return bar == NONE && peg == 1 - side;
	return 0;
}

static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* What hole h adds to the position's hash: 0 when empty, else a mix of
   the hole and what it holds. */
static uint64_t hole_key(const struct board *b, int h)
{
	int code = (b->peg[h] + 1) * 9 + (b->bar[h] + 1) * 3 + b->hollow[h];

	return code ? mix((uint64_t)h * 64 + (uint64_t)code + UINT64_C(0x9E3779B97F4A7C15)) : 0;
}

/* Set hole h's bit in each of the board's bit sets from its arrays. */
static void refresh(struct board *b, int h)
{
	uint64_t bit = (uint64_t)1 << h;
	int peg = b->peg[h], bar = b->bar[h], x;

	b->empty = (b->empty & ~bit) | (peg == NONE && bar == NONE ? bit : 0);
	for (x = 0; x < 2; x++) {
		b->own[x][PEG] = (b->own[x][PEG] & ~bit) | (peg == x ? bit : 0);
		b->own[x][SOLID] = (b->own[x][SOLID] & ~bit) | (bar == x && !b->hollow[h] ? bit : 0);
		b->own[x][HOLLOW] = (b->own[x][HOLLOW] & ~bit) | (bar == x && b->hollow[h] ? bit : 0);
		b->hollow_free[x] = (b->hollow_free[x] & ~bit) |
				    (peg == NONE && bar == x && b->hollow[h] ? bit : 0);
		b->lone_peg[x] = (b->lone_peg[x] & ~bit) | (bar == NONE && peg == x ? bit : 0);
	}
}

/* Take side's piece of type t out of hole h. */
static void lift(struct board *b, int t, int h)
{
	b->zob ^= hole_key(b, h);
	if (t == PEG) {
		b->peg[h] = NONE;
	} else {
		b->bar[h] = NONE;
		b->hollow[h] = 0;
	}
	b->zob ^= hole_key(b, h);
	refresh(b, h);
}

static void put(struct board *b, int side, int t, int h)
{
	b->zob ^= hole_key(b, h);
	if (t == PEG) {
		b->peg[h] = (int8_t)side;
	} else {
		b->bar[h] = (int8_t)side;
		b->hollow[h] = t == HOLLOW;
	}
	b->zob ^= hole_key(b, h);
	refresh(b, h);
}

/* What side has in hole h: 'P', 'B' or 0. */
static int mine(const struct board *b, int side, int h)
{
	if (b->peg[h] == side)
		return 'P';
	if (b->bar[h] == side)
		return 'B';
	return 0;
}

static const char *const patterns[3] = { "PPBPP", "PBPBP", "PBBBP" };
static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };

/* The hole at (file, rank), or -1 off the board. */
static int at(int f, int r)
{
	return f < 0 || f >= N || r < 0 || r >= N ? -1 : r * N + f;
}

/* Does side have a winning line through hole h? Along each direction the
   nine holes centred on h are read as 2-bit codes (1: side's peg, 2: its
   barrel, 0: anything else or off the board); a window of five through h
   wins when its ten bits spell a pattern (all three read the same both
   ways, so the direction of reading does not matter). */
#define PAT(a, b, c, d, e) ((a) << 8 | (b) << 6 | (c) << 4 | (d) << 2 | (e))
static int wins_through(const struct board *b, int side, int h)
{
	enum { P = 1, B = 2 };
	int d, i, f0 = h % N, r0 = h / N;

	for (d = 0; d < 4; d++) {
		unsigned code = 0;

		for (i = -4; i <= 4; i++) {
			int c = at(f0 + i * dirs[d][0], r0 + i * dirs[d][1]);
			unsigned v = c < 0 ? 0 : b->peg[c] == side ? P : b->bar[c] == side ? B : 0;

			code = (code << 2 | v) & 0x3ff;
			if (i >= 0 && (code == PAT(P, P, B, P, P) || code == PAT(P, B, P, B, P) ||
				       code == PAT(P, B, B, B, P)))
				return 1;
		}
	}
	return 0;
}
#undef PAT

/* --- positions and repetition --- */

/* A hash of the board and the side to move (hands are equal for every
   position since the last placement, so they are left out); the board's
   part is kept up to date by put() and lift(). */
static uint64_t position_hash(const struct fp_state *s)
{
	return mix(s->turn + 1) ^ s->b.zob;
}

static void remember(struct fp_state *s, int placed)
{
	uint64_t h = position_hash(s);
	uint32_t i, n, count = 0;

	if (placed)
		s->nhist = s->first = 0;
	if (s->nhist < HIST) {
		s->hist[(s->first + s->nhist) % HIST] = h;
		s->nhist++;
	} else {
		s->hist[s->first] = h;
		s->first = (s->first + 1) % HIST;
	}
	if (!s->rep || s->term)
		return;
	n = s->nhist;
	for (i = 0; i < n; i++)
		count += s->hist[(s->first + i) % HIST] == h;
	if (count >= 3) {
		s->term = FF_TERM_REPETITION;
		s->winner = -1;
	}
}

/* --- the interface --- */

static int fp_init(void *st, const struct ff_config *cfg, struct ff_rng *chance,
		   struct ff_error *err)
{
	struct fp_state *s = st;
	int t;

	(void)chance;
	if (cfg->seats != 2)
		return ff_error_set(err, FF_EBAD_TAG, "game 'fiveplay' has 2 seats, not %d", cfg->seats);
	memset(s->b.peg, NONE, sizeof s->b.peg);
	memset(s->b.bar, NONE, sizeof s->b.bar);
	memset(s->b.hollow, 0, sizeof s->b.hollow);
	s->b.zob = 0;   /* every hole empty */
	memset(s->b.own, 0, sizeof s->b.own);
	memset(s->b.hollow_free, 0, sizeof s->b.hollow_free);
	memset(s->b.lone_peg, 0, sizeof s->b.lone_peg);
	s->b.empty = ((uint64_t)1 << HOLES) - 1;
	for (t = 0; t < 3; t++)
		s->hand[0][t] = s->hand[1][t] = (uint8_t)start_hand[t];
	s->turn = (uint8_t)cfg->first;
	s->term = FF_TERM_NONE;
	s->winner = -1;
	s->rep = cfg->opt[O_DRAW] == 0;
	s->movecap = cfg->opt[O_MOVECAP];
	s->plies = 0;
	s->nhist = s->first = 0;
	remember(s, 1);
	return 0;
}

static int fp_sides(const void *st)
{
	return 2;
}

static int fp_side_of(const void *st, int seat)
{
	return seat;
}

static int fp_to_move(const void *st)
{
	return ((const struct fp_state *)st)->turn;
}

static void set_ply(struct ff_ply *p, int kind, int t, int from, int to)
{
	*p = (struct ff_ply){ .chance = FF_NO_CHANCE, .post = { FF_NO_CARD, FF_NO_CARD } };
	p->w[0] = (int16_t)kind;
	p->w[1] = (int16_t)t;
	p->w[2] = (int16_t)from;
	p->w[3] = (int16_t)to;
}

/* May side reposition pieces of type t? */
static int may_reposition(const struct fp_state *s, int side, int t)
{
	return t == PEG ? s->hand[side][PEG] == 0
			: s->hand[side][SOLID] + s->hand[side][HOLLOW] == 0;
}

/* Does hole h hold side's piece of type t? */
static int holds(const struct board *b, int side, int t, int h)
{
	return t == PEG ? b->peg[h] == side : b->bar[h] == side && b->hollow[h] == (t == HOLLOW);
}

static int fp_legal(const void *st, int chance, struct ff_ply *out)
{
	const struct fp_state *s = st;
	int side = s->turn, n = 0, t, h, h0;

	for (t = 0; t < 3; t++)
		if (s->hand[side][t])
			for (h = 0; h < HOLES; h++)
				if (can_place(&s->b, side, t, h))
					set_ply(&out[n++], K_PLACE, t, 0, h);
	for (h0 = 0; h0 < HOLES; h0++) {
		for (t = 0; t < 3; t++) {
			if (!holds(&s->b, side, t, h0) || !may_reposition(s, side, t))
				continue;
			for (h = 0; h < HOLES && n < FF_MAX_LEGAL; h++)
				if (h != h0 && can_place(&s->b, side, t, h))
					set_ply(&out[n++], K_MOVE, t, h0, h);
		}
	}
	return n;
}

/* Where side may put a piece of type t now (can_place), as a bit set. A
   hole holding side's own piece of type t is never in it, so repositioning
   that piece may go to any hole of it. */
static uint64_t dest(const struct board *b, int side, int t)
{
	return t == PEG ? b->empty | b->hollow_free[1 - side]
	       : t == SOLID ? b->empty : b->empty | b->lone_peg[1 - side];
}

/* The hole of the k-th set bit of m (k < popcount(m)). */
static int nth_hole(uint64_t m, int k)
{
	while (k--)
		m &= m - 1;
	return __builtin_ctzll(m);
}

/* fp_legal's count without the list (fp_sample's first step): each placement group is its type's
   destination set, and so is each piece that may reposition. (At most
   3 x 49 + 18 x 48 plies: always under FF_MAX_LEGAL.) */
static int fp_legal_count(const void *st, int chance)
{
	const struct fp_state *s = st;
	int side = s->turn, n = 0, t, c;

	(void)chance;
	for (t = 0; t < 3; t++) {
		c = ff_popcount64(dest(&s->b, side, t));
		if (s->hand[side][t])
			n += c;
		if (may_reposition(s, side, t))
			n += ff_popcount64(s->b.own[side][t]) * c;
	}
	return n;
}

/* fp_legal's k-th ply (fp_sample's second step), found by skipping whole groups in its order: the
   placements by type, then the pieces that may reposition by hole (a hole
   holds at most one piece of the side to move). */
static void fp_legal_nth(const void *st, int chance, int k, struct ff_ply *out)
{
	const struct fp_state *s = st;
	const struct board *b = &s->b;
	int side = s->turn, t, h0, c;
	uint64_t d[3], movers = 0;

	(void)chance;
	for (t = 0; t < 3; t++) {
		d[t] = dest(b, side, t);
		if (may_reposition(s, side, t))
			movers |= b->own[side][t];
		if (!s->hand[side][t])
			continue;
		if (k < (c = ff_popcount64(d[t]))) {
			set_ply(out, K_PLACE, t, 0, nth_hole(d[t], k));
			return;
		}
		k -= c;
	}
	for (; movers; movers &= movers - 1) {
		h0 = __builtin_ctzll(movers);
		t = b->own[side][PEG] >> h0 & 1 ? PEG : b->own[side][SOLID] >> h0 & 1 ? SOLID : HOLLOW;
		if (k < (c = ff_popcount64(d[t]))) {
			set_ply(out, K_MOVE, t, h0, nth_hole(d[t], k));
			return;
		}
		k -= c;
	}
}

/* fp_legal's ply number pick(ctx, n) of its n, built alone (an exact
   sample hook). */
static int fp_sample(const void *st, int chance, int (*pick)(void *ctx, int n), void *ctx,
		     struct ff_ply *out)
{
	int n = fp_legal_count(st, chance);

	fp_legal_nth(st, chance, pick(ctx, n), out);
	return 0;
}

static int fp_is_legal(const void *st, const struct ff_ply *p)
{
	const struct fp_state *s = st;
	int side = s->turn, t = p->w[1], from = p->w[2], to = p->w[3];

	if (p->chance != FF_NO_CHANCE || t < 0 || t > 2 || to < 0 || to >= HOLES)
		return 0;
	if (p->w[0] == K_PLACE)
		return from == 0 && s->hand[side][t] > 0 && can_place(&s->b, side, t, to);
	return p->w[0] == K_MOVE && from >= 0 && from < HOLES && from != to &&
	       holds(&s->b, side, t, from) && may_reposition(s, side, t) &&
	       can_place(&s->b, side, t, to);
}

static int fp_parse(const void *st, const char *tok, size_t len, struct ff_ply *out,
		    struct ff_error *err)
{
	int t, from, to;

	if (len == 4 && tok[1] == '@' && (t = type_of(tok[0])) >= 0 && (to = parse_hole(tok + 2)) >= 0) {
		set_ply(out, K_PLACE, t, 0, to);
		return 0;
	}
	if (len == 6 && tok[3] == '-' && (t = type_of(tok[0])) >= 0 &&
	    (from = parse_hole(tok + 1)) >= 0 && (to = parse_hole(tok + 4)) >= 0) {
		set_ply(out, K_MOVE, t, from, to);
		return 0;
	}
	return ff_error_set(err, FF_ESYNTAX,
			    "malformed ply '%.*s': expected P@d4, S@d4, H@d4 (placement) or Pd4-e5 "
			    "(reposition)", (int)len, tok);
}

static int fp_format(const void *st, const struct ff_ply *p, enum ff_ply_form form,
		     struct ff_buf *out)
{
	char t[8];
	int to = p->w[3], from = p->w[2];

	if (p->w[0] == K_PLACE)
		snprintf(t, sizeof t, "%c@%c%c", piece_char[p->w[1]], 'a' + to % N, '1' + to / N);
	else
		snprintf(t, sizeof t, "%c%c%c-%c%c", piece_char[p->w[1]], 'a' + from % N,
			 '1' + from / N, 'a' + to % N, '1' + to / N);
	return ff_buf_adds(out, t);
}

static void hole_name(int h, char *buf)
{
	buf[0] = (char)('a' + h % N);
	buf[1] = (char)('1' + h / N);
	buf[2] = '\0';
}

static void fp_explain(const void *st, const struct ff_ply *p, struct ff_buf *out)
{
	const struct fp_state *s = st;
	int side = s->turn, t = p->w[1], to = p->w[3], from = p->w[2];
	const struct board *b = &s->b;
	static const char *const names[3] = { "peg", "solid barrel", "hollow barrel" };
	char hn[3], fn[3];

	hole_name(to, hn);
	hole_name(from, fn);
	if (p->w[0] == K_PLACE && !s->hand[side][t]) {
		ff_buf_addf(out, "seat %d has no unplayed %s left", side + 1, names[t]);
		return;
	}
	if (p->w[0] == K_MOVE) {
		if (!holds(b, side, t, from)) {
			ff_buf_addf(out, "hole %s holds no %s of seat %d", fn, names[t], side + 1);
			return;
		}
		if (!may_reposition(s, side, t)) {
			ff_buf_addf(out, t == PEG ? "a peg may be repositioned only once all 10 pegs are played"
						  : "a barrel may be repositioned only once all 8 barrels are played");
			return;
		}
		if (from == to) {
			ff_buf_adds(out, "a reposition must go to another hole");
			return;
		}
	}
	if (b->bar[to] != NONE && !b->hollow[to])
		ff_buf_addf(out, "hole %s holds a solid barrel, which shares with nothing", hn);
	else if (t == SOLID)
		ff_buf_addf(out, "a solid barrel needs a vacant hole, and %s is not vacant", hn);
	else if (t == PEG && b->peg[to] != NONE)
		ff_buf_addf(out, "hole %s already holds a peg", hn);
	else if (t == PEG && b->bar[to] == side)
		ff_buf_addf(out, "your own peg and your own hollow barrel never share a hole (%s)", hn);
	else if (t == HOLLOW && b->bar[to] != NONE)
		ff_buf_addf(out, "hole %s already holds a barrel", hn);
	else if (t == HOLLOW && b->peg[to] == side)
		ff_buf_addf(out, "your own peg and your own hollow barrel never share a hole (%s)", hn);
	else
		ff_buf_addf(out, "the ply is not allowed here");
}

static int fp_apply(void *st, struct ff_ply *p, struct ff_rng *chance, struct ff_error *err)
{
	struct fp_state *s = st;
	int side = s->turn, t = p->w[1], to = p->w[3];

	(void)chance;
	if (s->term != FF_TERM_NONE)
		return ff_error_set(err, FF_EAFTER_END, "the game is already over");
	if (p->w[0] == K_PLACE)
		s->hand[side][t]--;
	else
		lift(&s->b, t, p->w[2]);
	put(&s->b, side, t, to);
	s->plies++;
	s->turn = (uint8_t)(1 - side);
	if (wins_through(&s->b, side, to)) {
		s->term = FF_TERM_NORMAL;
		s->winner = (int8_t)side;
	}
	remember(s, p->w[0] == K_PLACE);
	if (!s->term && s->movecap && s->plies >= (uint32_t)s->movecap) {
		s->term = FF_TERM_MOVECAP;
		s->winner = -1;
	}
	return 0;
}

/* --- set-up positions (docs/fgn.md, "Set-up positions") ---
   "BOARD P10S4H4 p10s4h4 SEAT PLIES": the holes rank 7 to rank 1, '/'
   between ranks, files a-g in each: P S H seat 1's peg, solid and hollow
   barrel, p s h seat 2's, X seat 1's peg inside seat 2's hollow barrel, x
   seat 2's inside seat 1's, a digit that many empty holes; each seat's
   unplayed pieces; the seat to move; the plies played (movecap counts
   them). The positions before the set-up are not known: a repetition
   counts from it. */

/* Put what character c stands for into hole h. Returns 0, or -1 when c
   is none of the hole characters. */
static int setup_hole(struct board *b, char c, int h)
{
	const char *p = strchr("PSHpshXx", c);
	int k;

	if (!p || !c)
		return -1;
	k = (int)(p - "PSHpshXx");
	if (k < 6) {
		put(b, k / 3, k % 3, h);
	} else {   /* a peg in the other seat's hollow barrel */
		put(b, 1 - (k - 6), HOLLOW, h);
		put(b, k - 6, PEG, h);
	}
	return 0;
}

/* Read the board field f into b (empty). Returns 0 or -1 with err. */
static int setup_board(struct board *b, const struct ff_setup_field *f, struct ff_error *err)
{
	int r = N - 1, file = 0;
	size_t i;

	for (i = 0; i < f->len; i++) {
		char c = f->p[i];

		if (c == '/') {
			if (file != N)
				break;
			if (--r < 0)
				return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: "
						    "more than 7 ranks", f->at + i + 1);
			file = 0;
		} else if (c >= '1' && c <= '7') {
			file += c - '0';
			if (file > N)
				break;
		} else if (file < N && setup_hole(b, c, r * N + file) == 0) {
			file++;
		} else if (file < N) {
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: '%c' is "
					    "no hole (P S H, p s h, X x or a count of empty holes)",
					    f->at + i + 1, c);
		} else {
			break;
		}
	}
	if (i < f->len || file != N || r != 0)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: rank %d does "
				    "not have 7 holes (or the board not 7 ranks, rank 7 first)",
				    f->at + (i < f->len ? i : f->len) + 1, r + 1);
	return 0;
}

/* Read seat side's unplayed pieces, "P10S4H4" ("p10s4h4" for seat 2),
   into s->hand[side] and check them with the board. */
static int setup_hand(struct fp_state *s, int side, const struct ff_setup_field *f,
		      struct ff_error *err)
{
	static const char *const tname[3] = { "pegs", "solid barrels", "hollow barrels" };
	size_t i = 0;
	int t, v, on;

	for (t = 0; t < 3; t++) {
		if (i >= f->len || f->p[i] != (side ? piece_char[t] | 0x20 : piece_char[t]))
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: expected "
					    "seat %d's unplayed pieces as %s", f->at + i + 1, side + 1,
					    side ? "p10s4h4" : "P10S4H4");
		for (i++, v = 0; i < f->len && f->p[i] >= '0' && f->p[i] <= '9' && v < 100; i++)
			v = v * 10 + f->p[i] - '0';
		on = ff_popcount64(s->b.own[side][t]);
		if (on + v != start_hand[t])
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: seat %d "
					    "has %d %s (%d on the board, %d unplayed), the game has %d",
					    f->at + 1, side + 1, on + v, tname[t], on, v, start_hand[t]);
		s->hand[side][t] = (uint8_t)v;
	}
	if (i != f->len)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: expected a "
				    "space after seat %d's unplayed pieces", f->at + i + 1, side + 1);
	return 0;
}

static int fp_setup_read(void *st, const struct ff_config *cfg, const char *text, size_t len,
			 struct ff_error *err)
{
	struct fp_state *s = st;
	struct ff_setup_field f[6];
	int n = ff_setup_fields(text, len, f, 6), side, t, placed = 0, won[2] = { 0, 0 }, h;
	uint64_t plies = 0;

	(void)cfg;
	if (n != 5)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character 1: expected five "
				    "fields, the board, each seat's unplayed pieces, the seat to "
				    "move, the plies played, as in '7/7/7/7/7/7/7 P10S4H4 p10s4h4 1 0'");
	if (setup_board(&s->b, &f[0], err) || setup_hand(s, 0, &f[1], err) ||
	    setup_hand(s, 1, &f[2], err))
		return -1;
	if (f[3].len != 1 || (f[3].p[0] != '1' && f[3].p[0] != '2'))
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: the seat to "
				    "move is 1 or 2", f[3].at + 1);
	if (ff_parse_uint(f[4].p, f[4].len, UINT32_MAX, &plies))
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: the plies "
				    "played are a number", f[4].at + 1);
	for (side = 0; side < 2; side++)
		for (t = 0; t < 3; t++)
			placed += start_hand[t] - s->hand[side][t];
	if (plies < (uint64_t)placed)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: %d pieces on "
				    "the board after %llu %s: a ply places one at most",
				    f[4].at + 1, placed, (unsigned long long)plies,
				    plies == 1 ? "ply" : "plies");
	s->turn = (uint8_t)(f[3].p[0] - '1');
	s->plies = (uint32_t)plies;
	s->term = FF_TERM_NONE;
	s->winner = -1;
	for (h = 0; h < HOLES; h++)
		for (side = 0; side < 2; side++)
			won[side] |= wins_through(&s->b, side, h);
	if (won[s->turn])
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: seat %d is to "
				    "move but has a winning line, which would have ended the game",
				    f[3].at + 1, s->turn + 1);
	remember(s, 1);   /* the repetitions count from here */
	if (won[1 - s->turn]) {
		s->term = FF_TERM_NORMAL;
		s->winner = (int8_t)(1 - s->turn);
	} else if (s->movecap && s->plies >= (uint32_t)s->movecap) {
		s->term = FF_TERM_MOVECAP;
	}
	return 0;
}

static int fp_setup_write(const void *st, struct ff_buf *out)
{
	const struct fp_state *s = st;
	int r, f, run, side, rc = 0;

	for (r = N - 1; r >= 0; r--) {
		for (f = 0, run = 0; f < N; f++) {
			int h = r * N + f, peg = s->b.peg[h], bar = s->b.bar[h];
			char c;

			if (peg == NONE && bar == NONE) {
				run++;
				continue;
			}
			if (run)
				rc |= ff_buf_addc(out, (char)('0' + run));
			run = 0;
			if (peg != NONE && bar != NONE)
				c = peg ? 'x' : 'X';
			else if (peg != NONE)
				c = 'P';
			else
				c = s->b.hollow[h] ? 'H' : 'S';
			if ((peg != NONE ? peg : bar) == 1 && c != 'x')
				c = (char)(c | 0x20);
			rc |= ff_buf_addc(out, c);
		}
		if (run)
			rc |= ff_buf_addc(out, (char)('0' + run));
		if (r)
			rc |= ff_buf_addc(out, '/');
	}
	for (side = 0; side < 2; side++)
		rc |= ff_buf_addf(out, side ? " p%ds%dh%d" : " P%dS%dH%d", s->hand[side][0],
				  s->hand[side][1], s->hand[side][2]);
	return rc | ff_buf_addf(out, " %d %lu", s->turn + 1, (unsigned long)s->plies) ? -1 : 0;
}

static void fp_outcome(const void *st, struct ff_outcome *out)
{
	const struct fp_state *s = st;

	out->term = (enum ff_termination)s->term;
	out->winner = s->winner;
}

/* A hole as 4 characters: "." vacant, "1P" seat 1's peg, "2S", "1H", and a
   shared hole as "2P1H" (seat 2's peg inside seat 1's hollow barrel). */
static void fp_render(const void *st, struct ff_buf *out)
{
	const struct fp_state *s = st;
	int r, f;

	for (r = N - 1; r >= 0; r--) {
		ff_buf_addf(out, "  %d ", r + 1);
		for (f = 0; f < N; f++) {
			int h = r * N + f, peg = s->b.peg[h], bar = s->b.bar[h];
			char cell[8] = "";

			if (peg != NONE)
				snprintf(cell, sizeof cell, "%dP", peg + 1);
			if (bar != NONE)
				snprintf(cell + strlen(cell), sizeof cell - strlen(cell), "%d%c", bar + 1,
					 s->b.hollow[h] ? 'H' : 'S');
			ff_buf_addf(out, " %-4s", cell[0] ? cell : ".");
		}
		ff_buf_addc(out, '\n');
	}
	ff_buf_adds(out, "     a    b    c    d    e    f    g\n");
	ff_buf_addf(out, "  unplayed: seat 1 %dP %dS %dH, seat 2 %dP %dS %dH\n", s->hand[0][0],
		    s->hand[0][1], s->hand[0][2], s->hand[1][0], s->hand[1][1], s->hand[1][2]);
}

/* The position as JSON (docs/json.md, "fivefold show --format json"): each hole
   that holds something, by name, with the seat of its peg and of its
   barrel and the barrel's kind; each seat's unplayed pieces (seat 1
   first). */
static int fp_render_json(const void *st, struct ff_buf *out)
{
	const struct fp_state *s = st;
	int h, n = 0, x, rc = ff_buf_adds(out, "{\"holes\":{");

	for (h = 0; h < HOLES; h++) {
		int peg = s->b.peg[h], bar = s->b.bar[h];

		if (peg == NONE && bar == NONE)
			continue;
		rc |= ff_buf_addf(out, "%s\"%c%d\":{", n++ ? "," : "", 'a' + h % N, h / N + 1);
		if (peg != NONE)
			rc |= ff_buf_addf(out, "\"peg\":%d%s", peg + 1, bar != NONE ? "," : "");
		if (bar != NONE)
			rc |= ff_buf_addf(out, "\"barrel\":%d,\"barrel_kind\":\"%s\"", bar + 1,
					  s->b.hollow[h] ? "hollow" : "solid");
		rc |= ff_buf_addc(out, '}');
	}
	rc |= ff_buf_adds(out, "},\"unplayed\":[");
	for (x = 0; x < 2; x++)
		rc |= ff_buf_addf(out, "%s{\"peg\":%d,\"solid\":%d,\"hollow\":%d}", x ? "," : "",
				  s->hand[x][PEG], s->hand[x][SOLID], s->hand[x][HOLLOW]);
	rc |= ff_buf_adds(out, "]}");
	return rc ? -1 : 0;
}

/* The 7x7 board: a peg is a small marker (seat 1 a circle, seat 2 a
   square), a barrel a large one around it, solid (filled, an "S") or
   hollow (a thick outline, an "H"); a peg inside a hollow barrel shows
   within it. */
static void fp_render_svg(const void *st, const char *caption, struct ff_buf *out)
{
	const struct fp_state *s = st;
	const double cell = 60, x0 = 50, y0 = 50;
	int r, f, k;

	ff_svg_begin(out, x0 + N * cell + 30, y0 + N * cell + 110, "Fiveplay");
	if (caption)
		ff_svg_text(out, x0 + N * cell / 2, 24, 13, "middle", "#000000", "%s", caption);
	ff_svg_rect(out, x0, y0, N * cell, N * cell, "#F3E9D2", "#444444", 2);
	for (r = 0; r < N; r++) {
		double y = y0 + (N - 1 - r) * cell + cell / 2;

		ff_svg_text(out, x0 - 18, y + 5, 14, "middle", "#000000", "%d", r + 1);
		ff_svg_text(out, x0 + r * cell + cell / 2, y0 + N * cell + 22, 14, "middle",
			    "#000000", "%c", 'a' + r);
		for (f = 0; f < N; f++) {
			double x = x0 + f * cell + cell / 2;
			int h = r * N + f, peg = s->b.peg[h], bar = s->b.bar[h];

			if (bar == NONE && peg == NONE)
				ff_svg_circle(out, x, y, 4, "#777777", "none", 0);
			if (bar != NONE)
				ff_svg_marker(out, x, y, 24, bar, s->b.hollow[h],
					      peg == NONE ? s->b.hollow[h] ? "H" : "S" : NULL);
			if (peg != NONE)
				ff_svg_marker(out, x, y, 10, peg, 0, "P");
		}
	}
	for (k = 0; k < 2; k++)
		ff_svg_text(out, x0, y0 + N * cell + 55 + 22 * k, 14, "start", "#000000",
			    "seat %d (%s): unplayed %d pegs, %d solid and %d hollow barrels", k + 1,
			    k ? "squares" : "circles", s->hand[k][0], s->hand[k][1], s->hand[k][2]);
	ff_svg_end(out);
}

/* --- the greedy agent ---

   Takes a win when it has one; otherwise, when the opponent threatens to
   win next turn, prefers plies after which no such threat is left; then
   builds toward its own patterns: each ply is scored by the windows of five
   through its destination that can still become a pattern, weighted by
   how many of their cells the mover already holds, less what leaving the
   origin of a reposition gives up. Ties are broken at random. */

/* Can side get a piece that fits `want` ('P' or 'B') into hole c? */
static int fits(const struct board *b, int side, int want, int c)
{
	int m = mine(b, side, c);

	if (m)
		return m == want;
	if (want == 'P')
		return b->peg[c] == NONE && (b->bar[c] == NONE || (b->bar[c] != side && b->hollow[c]));
	return b->bar[c] == NONE && (b->peg[c] == NONE || b->peg[c] != side);
}

/* Potential of putting a piece that reads `kind` into hole h for side. */
static int potential(const struct board *b, int side, int kind, int h)
{
	static const int weight[6] = { 0, 1, 4, 16, 64, 1000 };
	int d, o, i, p, f0 = h % N, r0 = h / N, score = 0;

	for (d = 0; d < 4; d++) {
		for (o = -4; o <= 0; o++) {
			int cells[5];

			for (i = 0; i < 5; i++) {
				cells[i] = at(f0 + (o + i) * dirs[d][0], r0 + (o + i) * dirs[d][1]);
				if (cells[i] < 0)
					break;
			}
			if (i < 5)
				continue;
			for (p = 0; p < 3; p++) {
				int have = 0;

				if (patterns[p][-o] != kind)
					continue;
				for (i = 0; i < 5; i++) {
					if (cells[i] == h)
						continue;
					if (!fits(b, side, patterns[p][i], cells[i]))
						break;
					have += mine(b, side, cells[i]) == patterns[p][i];
				}
				if (i == 5)
					score += weight[have + 1];
			}
		}
	}
	return score;
}

/* The opponent's winning plies (placements or repositions to a hole) in
   board b: up to max (type, hole) pairs. */
static int threats(const struct fp_state *s, const struct board *b, int side, int *tt, int *th, int max)
{
	struct board c;
	int n = 0, t, h;

	for (t = 0; t < 3 && n < max; t++) {
		int can = s->hand[side][t] > 0 || may_reposition(s, side, t);

		for (h = 0; can && h < HOLES && n < max; h++) {
			if (!can_place(b, side, t, h))
				continue;
			c = *b;
			put(&c, side, t, h);
			if (wins_through(&c, side, h)) {
				tt[n] = t;
				th[n++] = h;
			}
		}
	}
	return n;
}

/* The opponent's threats, found once per decision. */
struct threat_list {
	int n, t[8], h[8];
};

/* A ply's score (see above); ctx is the struct threat_list. */
static long greedy_score(const void *st, const struct ff_ply *p, void *ctx)
{
	const struct fp_state *s = st;
	const struct threat_list *tl = ctx;
	int side = s->turn, enemy = 1 - side, t = p->w[1], to = p->w[3], k;
	int kind = t == PEG ? 'P' : 'B';
	struct board c = s->b;
	long v;

	if (p->w[0] == K_MOVE)
		lift(&c, t, p->w[2]);
	v = potential(&c, side, kind, to);
	if (p->w[0] == K_MOVE)
		v -= potential(&c, side, kind, p->w[2]);
	put(&c, side, t, to);
	if (wins_through(&c, side, to))
		return v + 10000000;
	if (!tl->n)
		return v;
	for (k = 0; k < tl->n; k++) {
		struct board d = c;

		if (can_place(&d, enemy, tl->t[k], tl->h[k])) {
			put(&d, enemy, tl->t[k], tl->h[k]);
			if (wins_through(&d, enemy, tl->h[k]))
				return v;
		}
	}
	return v + 1000000;   /* no threat left */
}

static int greedy_choose(const void *st, const struct ff_ply *legal, int n, struct ff_rng *rng)
{
	const struct fp_state *s = st;
	struct threat_list tl;

	tl.n = threats(s, &s->b, 1 - s->turn, tl.t, tl.h, 8);
	return ff_agent_argmax(st, legal, n, rng, greedy_score, &tl);
}

static void greedy_rank(const void *st, const struct ff_ply *legal, int n, long *score)
{
	const struct fp_state *s = st;
	struct threat_list tl;

	tl.n = threats(s, &s->b, 1 - s->turn, tl.t, tl.h, 8);
	ff_agent_scores(st, legal, n, score, greedy_score, &tl);
}

static const struct ff_agent fp_agents[] = {
	{ .name = "greedy", .help = "wins when it can, blocks a threatened win, else builds toward "
		"its patterns", .choose = greedy_choose,
	  .rank = greedy_rank },
};

/* mcts where the user gives no options (measured: docs/agents.md) */
static const struct ff_agent_defaults fp_agent_defaults[] = {
	{ "mcts", 0, "playout=greedy" },
};

const struct ff_rules ff_fiveplay_rules = {
	.name = "fiveplay",
	.title = "Fiveplay",
	.presets = fp_presets,
	.npresets = 1,
	.options = fp_options,
	.noptions = O_COUNT,
	.seats_min = 2,
	.seats_max = 2,
	.seats_default = 2,
	.state_size = sizeof(struct fp_state),
	.init = fp_init,
	.sides = fp_sides,
	.side_of = fp_side_of,
	.to_move = fp_to_move,
	.legal = fp_legal,
	.is_legal = fp_is_legal,
	.sample = fp_sample,
	.sample_exact = 1,
	.parse = fp_parse,
	.format = fp_format,
	.explain = fp_explain,
	.apply = fp_apply,
	.outcome = fp_outcome,
	.render = fp_render,
	.render_svg = fp_render_svg,
	.render_json = fp_render_json,
	.setup_read = fp_setup_read,
	.setup_write = fp_setup_write,
	.agents = fp_agents,
	.nagents = 1,
	.agent_defaults = fp_agent_defaults,
	.nagent_defaults = 1,
};
