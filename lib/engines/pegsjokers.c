/* The Pegs and Jokers rules engine (docs/rules.md "Pegs and Jokers",
   docs/sources.md).

   The ring: 18 track holes per seat, T0..T(18N-1) clockwise; seat k
   (0-based here) owns T[18k]..T[18k+17], comes out on T[18k+8] and turns
   into its five home holes H<k+1>.1..5 at its in-spot T[18k+3]. Pegs wait
   in the start area S<k+1>. Partners sit opposite (seat k with k + N/2);
   with players=2 (4 seats) each player holds two opposite seats, which is
   the same team structure. A peg moves forward (clockwise) or, with an 8
   or the backward part of a 9, backward; it may not pass or land on a peg
   of its own colour; landing on an opponent sends that peg to its start,
   on a partner to the partner's in-spot (recursively: whoever is there is
   landed on in turn; where that cannot resolve the ply is illegal). Home
   is entered only forward, exactly, and optionally. A seat whose five pegs
   are home plays its partner's pegs; the first side with every peg home
   wins.

   Plies: CARD:FROM-TO, a split as two moves joined by ',', executed in the
   written order; CARD:- discards when no card plays; +CARD is the card
   drawn (lib/hands.h keeps the cards). docs/rules.md lists the decisions
   the sources leave open. */
#include "config.h"

#define FF_RULES_DOOR 1   /* an engine defines its hooks (lib/ruleset.h, FF_HOOK) */

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/cards.h"
#include "lib/hands.h"
#include "lib/ruleset.h"
#include "lib/setup.h"
#include "lib/text.h"
#include "lib/svg.h"

enum { MAXS = 8, PEGS = 5, SIDE = 18, MAXT = SIDE * MAXS, COMEOUT = 8, INSPOT = 3 };
enum { ALL_PEGS = (1 << PEGS) - 1 };   /* a mask of every peg of a seat */
enum { K_PLAY = 1, K_DISCARD = 2 };   /* ply.w[0]; w[1] card; w[2..5] from1 to1 from2 to2 */
enum { LIFTBRIDGE, PAGAT };
enum { O_PLAYERS, O_COUNT };
/* Always inlined: the generator's parts run for each card or first part,
   so that each call's constant count and direction fold into its code
   (simulate runs 0.91x the instructions); and the writers of locations,
   run for every ply written. */
#define GEN_INLINE static inline __attribute__((always_inline))
#define NOWHERE (-1)
#define LOC_START 1000   /* + seat: the start area */
#define LOC_HOME 2000    /* + seat * 8 + (j - 1): home hole j */

/* The largest legal set, in a public record where every card is possible
   (each suit a card of its own): a 7 has 5 pegs x 2 destinations of its
   own and 20 ordered peg pairs x 6 first counts x 2 x 2 destinations of
   splits (490); a 9 the same 10 and 20 pairs x 8 counts x (2 x 1 forward
   first + 1 x 2 back first) (650); the joker 6 sources x 35 pegs of other
   colours + coming out (211); the other 11 ranks 5 pegs x 2 + coming out
   (11); and a discard of every card kind. Single moves and coming out
   write one ply past the last they keep (and room for the sampler's ply
   before the plies it lists). */
_Static_assert(4 * 490 + 4 * 650 + 211 + 44 * 11 + FF_CARD_KINDS + 2 <= FF_MAX_LEGAL,
	       "FF_MAX_LEGAL too small for pegsjokers");

static const struct ff_preset_desc pj_presets[] = {
	{ "liftbridge", "seed 003: J/Q/K 11/12/13, joker swaps a track peg or comes out, play then draw" },
	{ "pagat", "pagat.com: J/Q/K 10, joker from start or track, draw before playing, 3-4 decks" },
};

static const struct ff_option_desc pj_options[] = {
	[O_PLAYERS] = { "players", NULL, "0", 0,
			"2: two players with 4 seats, each holding two opposite seats and their "
			"hands (2 decks, no jokers); 0: a player per seat" },
};

/* Where the pegs are. Invariants: loc[s][i] is the location of seat s's
   peg i; track[t] is s * PEGS + i for the peg on hole t, or NOWHERE;
   home[s][j - 1] likewise for home hole j of seat s; start areas are read
   from loc. Kept beside them for the move generator, which reads them for
   every position: bit i of on_track[s] (at_home[s]) is set exactly when
   seat s's peg i is on the track (at home), and bit j - 1 of holes[s]
   exactly when seat s's home hole j holds a peg. */
struct board {
	int16_t loc[MAXS][PEGS];
	int8_t track[MAXT];
	int8_t home[MAXS][PEGS];
	uint8_t on_track[MAXS], at_home[MAXS], holes[MAXS];
	uint8_t seats;
	int16_t len;                 /* track length 18 * seats */
};

struct pj_state {
	struct board b;
	uint8_t seats, sides, preset, two, hsize;
	uint8_t turn, term;
	int8_t winner;
	uint32_t plies;
	struct ff_hands h;
};

/* --- places --- */

static int comeout(const struct board *b, int s) { return SIDE * s + COMEOUT; }
static int inspot(const struct board *b, int s) { return SIDE * s + INSPOT; }
static int is_track(int loc) { return loc >= 0 && loc < MAXT; }
static int is_home(int loc) { return loc >= LOC_HOME; }
static int home_of(int s, int j) { return LOC_HOME + s * 8 + (j - 1); }
static int home_seat(int loc) { return (loc - LOC_HOME) / 8; }
static int home_j(int loc) { return (loc - LOC_HOME) % 8 + 1; }

static int side_of(const struct pj_state *s, int seat)
{
	return seat % s->sides;
}

/* The peg (seat * PEGS + i) at loc, or NOWHERE (for a start area: any peg
   there of that seat). */
static int peg_at(const struct board *b, int loc)
{
	int s;
	unsigned w;

	if (is_track(loc))
		return loc < b->len ? b->track[loc] : NOWHERE;
	if (is_home(loc))
		return b->home[home_seat(loc)][home_j(loc) - 1];
	s = loc - LOC_START;   /* only seat s's pegs wait in its start area */
	if (s < 0 || s >= b->seats || !(w = ALL_PEGS & ~(b->on_track[s] | b->at_home[s])))
		return NOWHERE;
	return s * PEGS + __builtin_ctz(w);
}

/* Peg i of seat s leaves the board's track or home (its loc is set by
   the caller). */
static void lift(struct board *b, int s, int i)
{
	int old = b->loc[s][i];

	if (is_track(old)) {
		b->track[old] = NOWHERE;
		b->on_track[s] &= (uint8_t)~(1u << i);
	} else if (is_home(old)) {
		b->home[s][home_j(old) - 1] = NOWHERE;   /* a peg enters only its own home */
		b->at_home[s] &= (uint8_t)~(1u << i);
		b->holes[s] &= (uint8_t)~(1u << (home_j(old) - 1));
	}
}

static void place(struct board *b, int peg, int loc)
{
	int s = peg / PEGS, i = peg % PEGS;

	lift(b, s, i);
	b->loc[s][i] = (int16_t)loc;
	if (is_track(loc)) {
		b->track[loc] = (int8_t)peg;
		b->on_track[s] |= (uint8_t)(1u << i);
	} else if (is_home(loc)) {
		b->home[s][home_j(loc) - 1] = (int8_t)peg;
		b->at_home[s] |= (uint8_t)(1u << i);
		b->holes[s] |= (uint8_t)(1u << (home_j(loc) - 1));
	}
}

/* Append the decimal digits of v (0 <= v < 1000) at p; returns the end.
   Two digits at a time from the pairs 00..99. */
GEN_INLINE char *put_num(char *p, int v)
{
	static const char pairs[] = "00010203040506070809101112131415161718192021222324"
				    "25262728293031323334353637383940414243444546474849"
				    "50515253545556575859606162636465666768697071727374"
				    "75767778798081828384858687888990919293949596979899";

	if (v >= 100) {
		*p++ = (char)('0' + v / 100);
		v %= 100;
	} else if (v < 10) {
		*p++ = (char)('0' + v);
		return p;
	}
	p[0] = pairs[2 * v];
	p[1] = pairs[2 * v + 1];
	return p + 2;
}

/* The track holes' names "T0" .. "T149", whose first 4 bytes put_loc()
   copies (the NUL of a 4-character name left out). */
#define TRACK_NAME(n) "T" #n
#define TRACK_NAMES(t) TRACK_NAME(t##0), TRACK_NAME(t##1), TRACK_NAME(t##2), TRACK_NAME(t##3), \
	TRACK_NAME(t##4), TRACK_NAME(t##5), TRACK_NAME(t##6), TRACK_NAME(t##7), TRACK_NAME(t##8), \
	TRACK_NAME(t##9)
static const char track_names[150][5] = {
	"T0", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", TRACK_NAMES(1), TRACK_NAMES(2),
	TRACK_NAMES(3), TRACK_NAMES(4), TRACK_NAMES(5), TRACK_NAMES(6), TRACK_NAMES(7),
	TRACK_NAMES(8), TRACK_NAMES(9), TRACK_NAMES(10), TRACK_NAMES(11), TRACK_NAMES(12),
	TRACK_NAMES(13), TRACK_NAMES(14)
};
_Static_assert(MAXT <= 150, "a name for every track hole");

/* Write the name of loc ("T12", "S1", "H3.2") at p, without a NUL (p has
   room for 4 bytes more than the name); returns the end. */
GEN_INLINE char *put_loc(char *p, int loc)
{
	if (is_track(loc)) {   /* from the table: no branch on the number of digits */
		memcpy(p, track_names[loc], 4);
		return p + 2 + (loc >= 10) + (loc >= 100);
	}
	if (is_home(loc)) {
		*p++ = 'H';
		p = put_num(p, home_seat(loc) + 1);
		*p++ = '.';
		return put_num(p, home_j(loc));
	}
	*p++ = 'S';
	return put_num(p, loc - LOC_START + 1);
}

/* Names: "T12", "S1", "H3.2", with a NUL, at buf (at least 12 bytes). */
static void loc_name(int loc, char *buf)
{
	*put_loc(buf, loc) = '\0';
}

/* The decimal number t[0..n) (1 to 3 digits, no leading zero) to *v.
   Returns 0 or -1. */
static int parse_num(const char *t, size_t n, int *v)
{
	size_t i;

	*v = 0;
	if (n == 0 || n > 3 || (n > 1 && t[0] == '0'))
		return -1;
	for (i = 0; i < n; i++) {
		if (t[i] < '0' || t[i] > '9')
			return -1;
		*v = *v * 10 + (t[i] - '0');
	}
	return 0;
}

/* The kind of place t[0..n) is written as: 'T' (track hole *v), 'S'
   (start area *v) or 'H' (home *v, hole *j); 0 for none. Whether the
   ring has it is parse_loc()'s to say. The letter is read in either
   case (t8 is T8). */
static int place_shape(const char *t, size_t n, int *v, int *j)
{
	const char *dot;
	char k;

	if (n < 2)
		return 0;
	k = (char)(t[0] & ~0x20);
	if ((k == 'T' || k == 'S') && parse_num(t + 1, n - 1, v) == 0)
		return k;
	if (k == 'H' && (dot = memchr(t, '.', n)) && parse_num(t + 1, (size_t)(dot - t - 1), v) == 0 &&
	    parse_num(dot + 1, n - (size_t)(dot - t) - 1, j) == 0)
		return 'H';
	return 0;
}

/* The location t[0..n) names on board b, or NOWHERE. */
static int parse_loc(const struct board *b, const char *t, size_t n)
{
	int v = 0, j = 0, k = place_shape(t, n, &v, &j);

	if (k == 'T')
		return v < b->len ? v : NOWHERE;
	if (k == 'S')
		return v >= 1 && v <= b->seats ? LOC_START + v - 1 : NOWHERE;
	if (k == 'H' && v >= 1 && v <= b->seats && j >= 1 && j <= 5)
		return home_of(v - 1, j);
	return NOWHERE;
}

/* --- moving pegs --- */

/* Forward destinations of the peg of seat c at loc moving n holes: the
   track hole, and the home hole where the in-spot is reached with 1 to 5
   holes to spare; none where a peg of colour c is passed or landed on.
   Writes up to 2 to out; returns how many. */
static int forward(const struct board *b, int c, int loc, int n, int *out)
{
	int k = 0, t, step, d, own, j;

	if (is_home(loc)) {
		j = home_j(loc);
		if (j + n > 5)
			return 0;
		for (step = 1; step <= n; step++)
			if (peg_at(b, home_of(c, j + step)) != NOWHERE)
				return 0;
		out[0] = home_of(c, j + n);
		return 1;
	}
	if (!is_track(loc))
		return 0;
	d = (inspot(b, c) - loc + b->len) % b->len;   /* holes to the in-spot */
	own = 0;
	for (step = 1, t = loc + 1; step <= n && !own; step++, t++) {
		if (t == b->len)
			t = 0;
		if (b->track[t] != NOWHERE && b->track[t] / PEGS == c)
			own = step;
	}
	if (!own)
		out[k++] = (loc + n) % b->len;
	/* into home: the track up to the in-spot, then H.1 .. H.(n - d) */
	if (n > d && n - d <= 5 && (!own || own > d)) {
		for (j = 1; j <= n - d; j++)
			if (peg_at(b, home_of(c, j)) != NOWHERE)
				break;
		if (j > n - d)
			out[k++] = home_of(c, n - d);
	}
	return k;
}

/* The track hole n holes behind loc for colour c, or NOWHERE where one of
   its pegs is passed or landed on (home and start never move back). */
static int backward(const struct board *b, int c, int loc, int n)
{
	int step, t;

	if (!is_track(loc))
		return NOWHERE;
	for (step = 1, t = loc - 1; step <= n; step++, t--) {
		if (t < 0)
			t = b->len - 1;
		if (b->track[t] != NOWHERE && b->track[t] / PEGS == c)
			return NOWHERE;
	}
	return (loc - n + b->len) % b->len;
}

/* The destinations of the peg of colour c at loc moving n holes in dir
   (+1 forward, -1 backward) on board b; writes them to dest, returns how
   many (at most 2). */
static int part_dests(const struct board *b, int c, int loc, int n, int dir, int *dest)
{
	if (dir > 0)
		return forward(b, c, loc, n, dest);
	dest[0] = backward(b, c, loc, n);
	return dest[0] != NOWHERE;
}

/* Peg q (not on the board's hole t any more) lands on track hole t:
   whoever is there is sent on, an opponent of q to its start, a partner of
   q to its own in-spot (landing there in turn). Returns 0, or -1 where the
   chain cannot resolve (a peg of q's colour, or depth past every peg). */
static int land(struct board *b, const struct pj_state *s, int q, int t, int depth)
{
	int o = b->track[t], oc, k;

	place(b, q, t);
	if (o == NOWHERE || o == q)
		return 0;
	oc = o / PEGS;
	if (oc == q / PEGS || depth > MAXS * PEGS)
		return -1;
	b->on_track[oc] &= (uint8_t)~(1u << o % PEGS);   /* o leaves hole t, now q's */
	if (side_of(s, oc) != side_of(s, q / PEGS)) {
		b->loc[oc][o % PEGS] = (int16_t)(LOC_START + oc);   /* to its start */
		return 0;
	}
	k = inspot(b, oc);
	if (k == t)
		return -1;   /* a partner on its own in-spot has nowhere to go */
	b->loc[oc][o % PEGS] = NOWHERE;
	return land(b, s, o, k, depth + 1);
}

/* Move peg q to loc (a track or home hole). Returns 0 or -1 (a bump chain
   that cannot resolve). */
static int move_peg(struct board *b, const struct pj_state *s, int q, int loc)
{
	if (is_track(loc))
		return land(b, s, q, loc, 0);
	place(b, q, loc);
	return 0;
}

/* --- cards --- */

/* A card's rank, 0 = A .. 12 = K, -1 the joker (and any code that is not
   a card's): from a table, as the generator asks it of every card listed
   (ff_card_rank's division instead costs simulate 1 % more instructions:
   739.0 M against 731.9 M for 300 games). */
#define SUIT_RANKS 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
static const int8_t card_rank[FF_CARD_KINDS] = {
	SUIT_RANKS, SUIT_RANKS, SUIT_RANKS, SUIT_RANKS, -1
};
_Static_assert(FF_CARD_KINDS == 4 * 13 + 1 && FF_JOKER == 52, "four suits of 13, then the joker");

static int rank_of(int card)
{
	return (unsigned)card < FF_CARD_KINDS ? card_rank[card] : -1;
}

static int comes_out(int card)
{
	int r = rank_of(card);

	return r < 0 || r == 0 || r >= 10;
}

/* What a card does, for the move generator, which asks it of every card
   held in every position: a single move of n holes in dir (+1 forward,
   -1 back), coming out or not, and a 7's or 9's splits or the joker's
   moves (X_*) besides (explain_play() reads it too; rank_of() and
   comes_out() say the same of ranks and coming out); one table and no
   switch, as the cards of a hand come in no order a processor's branch
   predictor could learn. */
enum { X_NONE, X_SEVEN, X_NINE, X_JOKER };
struct card_kind {
	int8_t n, dir;
	uint8_t out, extra;
};
#define CK_SUIT(j, q, k) { 1, 1, 1, X_NONE }, { 2, 1, 0, X_NONE }, { 3, 1, 0, X_NONE }, \
	{ 4, 1, 0, X_NONE }, { 5, 1, 0, X_NONE }, { 6, 1, 0, X_NONE }, { 7, 1, 0, X_SEVEN }, \
	{ 8, -1, 0, X_NONE }, { 9, 1, 0, X_NINE }, { 10, 1, 0, X_NONE }, { j, 1, 1, X_NONE }, \
	{ q, 1, 1, X_NONE }, { k, 1, 1, X_NONE }
static const struct card_kind card_kinds[2][FF_CARD_KINDS] = {
	[LIFTBRIDGE] = { CK_SUIT(11, 12, 13), CK_SUIT(11, 12, 13), CK_SUIT(11, 12, 13),
			 CK_SUIT(11, 12, 13), { 0, 1, 1, X_JOKER } },
	[PAGAT] = { CK_SUIT(10, 10, 10), CK_SUIT(10, 10, 10), CK_SUIT(10, 10, 10),
		    CK_SUIT(10, 10, 10), { 0, 1, 0, X_JOKER } },
};

/* --- legal plies --- */

/* The colour the seat to move plays: its own, or, once all its pegs are
   home, its partner's (every side is two seats, opposite). */
static int colour_moved(const struct pj_state *s)
{
	int me = s->turn;

	return s->b.at_home[me] != ALL_PEGS ? me : (me + s->sides) % s->seats;
}

/* One movable peg (on the track or home) as the generator sees it. For a
   peg on the track: fgap and bgap are the holes to the nearest track peg
   of its colour ahead and behind (b->len when there is none; 0 for a peg
   at home, which never moves along the track), nf and nb those pegs'
   indexes (-1: none; unset for a peg at home), and in the holes from it
   to its colour's in-spot. For a peg at home: in is its hole j.
   hbase + n is the home hole that n holes forward reach; fwd_home has bit
   n set when they may (0 for a peg more than 12 holes from the in-spot,
   which no card's count brings home). */
struct mover {
	int peg, loc, fgap, bgap, nf, nb, in, hbase;
	unsigned fwd_home;
	unsigned counts[2];   /* bit n: n holes along the track [0 back, 1 forward] pass no peg
				 of its colour (0 for a peg at home) */
};

/* The generator: the position, the colour moved and its pegs, made once
   per legal() and shared by every card; next collects the plies.
   Sets of movers are bit masks by peg index (0 to 4 within the colour);
   movers are listed in that order. */
struct gen {
	const struct pj_state *s;
	const struct board *b;
	struct ff_ply *next, *end;   /* where the next ply goes; the end of the room */
	uint64_t head;        /* the first 8 bytes of a play of the current card (emit) */
	int card;             /* the current card */
	int len;              /* the track's length */
	int c;                /* the colour moved */
	int pc;               /* its partner's colour */
	int cbase, pbase;     /* c * PEGS, pc * PEGS: their first pegs */
	int start;            /* its first peg in the start area, or NOWHERE */
	int out_to;           /* its come-out hole */
	int out_ok;           /* 1: start may come out now */
	unsigned home;        /* bit j - 1: its home hole j holds a peg */
	int free;             /* free home holes from H.1 */
	unsigned mv;          /* the movers: its pegs on the track or at home */
	unsigned near;        /* movers at home or within 12 holes of the in-spot */
	unsigned trk;         /* movers on the track */
	unsigned hcand;       /* movers that may go some count into or within home */
	uint64_t gaps[2];     /* [0 back, 1 forward]: byte i the gap of mover i, capped at 127 */
	uint8_t homes[16];    /* [n]: movers that may go n holes into or within home */
	unsigned hany;        /* bit n: some mover may go n holes into or within home */
	int nsplit[3];        /* the sampler's split slots of a 7, a 9 forward first and a
				 9 back first (split_slots()), or -1 before it asks */
	int nsingle[2];       /* its single-move slots of a card moving back, forward */
	int full;             /* gen_full() has been run */
	int xin;              /* the mover on the partner's in-spot (which a first part's
				 chain may send on to the colour's own), or -1 */
	struct mover m[PEGS]; /* by peg index; set for the movers */
};

/* The number of movers in the set m (m < 32), from a table (the
   baseline x86-64 has no population count instruction). */
static int nmovers(unsigned m)
{
	static const uint8_t pop[32] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
					 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5 };

	return pop[m & 31];
}

/* Bits lo..hi (1 <= lo; nothing when hi < lo; hi capped at 15). */
static unsigned bits(int lo, int hi)
{
	if (hi > 15)
		hi = 15;
	return hi < lo ? 0 : (2u << hi) - (1u << lo);
}

/* Free home holes after hole j (0: from H.1) given the occupied mask:
   up to its next set bit, bit 5 standing for the end of home. */
static int home_run(unsigned mask, int j)
{
	return __builtin_ctz((mask | 32u) >> j);
}

/* The counts a track peg with gap ahead, in holes to the in-spot, may
   move into home given the free holes from H.1. */
static unsigned home_counts(int gap, int in, int free)
{
	return gap > in ? bits(in + 1, in + free) : 0;
}

/* Holes from track hole x to track hole y in dir (+1 forward, -1 back). */
static int dist(int x, int y, int dir, int len)
{
	int d = dir > 0 ? y - x : x - y;

	return d < 0 ? d + len : d;
}

/* The gaps between the track movers trk (two or more): each one's
   nearest track mover ahead and behind, from the distance of each pair. */
static void set_gaps(struct gen *g, unsigned trk)
{
	unsigned x, y;
	int i, j, d, len = g->len;

	for (x = trk; x; x &= x - 1) {
		struct mover *mi = &g->m[i = __builtin_ctz(x)];

		for (y = x & (x - 1); y; y &= y - 1) {
			struct mover *mj = &g->m[j = __builtin_ctz(y)];

			d = dist(mi->loc, mj->loc, 1, len);   /* i to j; j to i is len - d */
			if (d < mi->fgap) {
				mi->fgap = d;
				mi->nf = j;
			}
			if (d < mj->bgap) {
				mj->bgap = d;
				mj->nb = i;
			}
			if (len - d < mj->fgap) {
				mj->fgap = len - d;
				mj->nf = i;
			}
			if (len - d < mi->bgap) {
				mi->bgap = len - d;
				mi->nb = j;
			}
		}
	}
}

static void come_out_init(struct gen *g);

/* The gap from track mover i to the nearest track mover ahead (dir 1) or
   behind (dir -1), g->len where it is alone: what set_gaps() finds for
   every mover, for one. */
static int gap_of(const struct gen *g, int i, int dir)
{
	unsigned x;
	int d, gap = g->len;

	for (x = g->trk & ~(1u << i); x; x &= x - 1)
		if ((d = dist(g->m[i].loc, g->m[__builtin_ctz(x)].loc, dir, g->len)) < gap)
			gap = d;
	return gap;
}

/* The movers of g's colour (set up by gen_light()): their places, and
   the counts that may take them into or within home. Returns the movers
   that may go some count there, adding to *near those at home or within
   12 holes of the in-spot and to *hany those counts. */
static unsigned light_movers(struct gen *g, unsigned *near, unsigned *hany)
{
	const struct board *b = g->b;
	int i, c = g->c, h1 = home_of(c, 1), isp = inspot(b, c);
	unsigned hcand = 0, all, f;

	for (all = g->mv & ~g->trk; all; all &= all - 1) {   /* at home hole in */
		struct mover *m = &g->m[i = __builtin_ctz(all)];

		m->peg = c * PEGS + i;
		m->hbase = m->loc = b->loc[c][i];
		m->in = m->loc - h1 + 1;
		m->fgap = m->bgap = 0;
		m->counts[0] = m->counts[1] = 0;
		m->fwd_home = f = bits(1, home_run(g->home, m->in));
		hcand |= (unsigned)(f != 0) << i;
		*hany |= f;
	}
	for (all = g->trk; all; all &= all - 1) {
		struct mover *m = &g->m[i = __builtin_ctz(all)];

		m->peg = c * PEGS + i;
		m->loc = b->loc[c][i];
		m->in = dist(m->loc, isp, 1, g->len);
		m->hbase = h1 - 1 - m->in;
		m->fwd_home = 0;
	}
	/* no card's count brings a peg home from further than 12 */
	for (all = g->trk; all; all &= all - 1) {
		struct mover *m = &g->m[i = __builtin_ctz(all)];

		if (m->in <= 12) {
			*near |= 1u << i;
			m->fwd_home = f = home_counts(gap_of(g, i, 1), m->in, g->free);
			hcand |= (unsigned)(f != 0) << i;
			*hany |= f;
		}
	}
	return hcand;
}

/* Set up g for the position s, plies to go to out: the colour moved, its
   movers, their places, where they may go into or within home, coming
   out. What only splits and the listing of single moves read (the gaps
   between the movers and the sets made from them) waits for gen_full()
   (g->full 0): most random plies are single moves, which the sampler
   decides from a mover's own gaps. */
static void gen_light(struct gen *g, const struct pj_state *s, struct ff_ply *out)
{
	const struct board *b = &s->b;
	int c = colour_moved(s), i;
	unsigned trk = b->on_track[c], hom = b->at_home[c], near = hom, hany = 0;
	unsigned waiting = ALL_PEGS & ~(trk | hom);

	g->s = s;
	g->b = b;
	g->next = out;
	g->end = out + FF_MAX_LEGAL;
	g->len = b->len;
	g->c = c;
	g->pc = (c + s->sides) % s->seats;
	g->cbase = c * PEGS;
	g->pbase = g->pc * PEGS;
	g->start = waiting ? c * PEGS + __builtin_ctz(waiting) : NOWHERE;
	g->home = b->holes[c];
	g->free = home_run(g->home, 0);
	g->mv = trk | hom;
	g->trk = trk;
	g->full = 0;
	g->hcand = light_movers(g, &near, &hany);
	g->near = near;
	g->hany = hany;
	g->nsplit[0] = g->nsplit[1] = g->nsplit[2] = -1;
	i = b->track[inspot(b, g->pc)] - c * PEGS;
	g->xin = (unsigned)i < PEGS ? i : -1;
	g->nsingle[0] = nmovers(trk);
	g->nsingle[1] = g->nsingle[0] + nmovers(g->hcand);
	come_out_init(g);
}

/* Complete g (gen_light()): each track mover's gaps and nearest movers,
   its counts, the reach bytes, and the movers by home count. */
static void gen_full(struct gen *g)
{
	unsigned all, f;
	uint64_t gf = 0, gb = 0;
	int i, len = g->len;

	g->full = 1;
	memset(g->homes, 0, sizeof g->homes);
	for (all = g->trk; all; all &= all - 1) {
		struct mover *m = &g->m[__builtin_ctz(all)];

		m->fgap = m->bgap = len;
		m->nf = m->nb = -1;
	}
	if (g->trk & (g->trk - 1))
		set_gaps(g, g->trk);
	for (all = g->trk; all; all &= all - 1) {
		struct mover *m = &g->m[i = __builtin_ctz(all)];

		gb |= (uint64_t)(m->bgap < 127 ? m->bgap : 127) << 8 * i;
		gf |= (uint64_t)(m->fgap < 127 ? m->fgap : 127) << 8 * i;
		m->counts[0] = bits(1, m->bgap - 1);
		m->counts[1] = bits(1, m->fgap - 1);
	}
	for (all = g->near & g->hcand; all; all &= all - 1)
		for (f = g->m[i = __builtin_ctz(all)].fwd_home; f; f &= f - 1)
			g->homes[__builtin_ctz(f)] |= (uint8_t)(1u << i);
	g->gaps[0] = gb;
	g->gaps[1] = gf;
}

/* Set up g whole for the position s (gen_light(), then gen_full()), plies
   to go to out: what legal() lists from. */
static void gen_init(struct gen *g, const struct pj_state *s, struct ff_ply *out)
{
	gen_light(g, s, out);
	gen_full(g);
}

/* The track movers whose gap in dir is over n (0 <= n < 127): the bytes
   of g->gaps over n, found all at once (each byte plus 128 minus n + 1
   keeps its top bit exactly when the byte is over n), gathered into bits. */
static unsigned reach(const struct gen *g, int n, int dir)
{
	const uint64_t ones = 0x0101010101010101u, tops = ones << 7;
	uint64_t m = ((g->gaps[dir > 0] | tops) - ones * (uint64_t)(n + 1)) & tops;

	return (unsigned)(((m >> 7) * 0x0102040810204080u) >> 56);
}

/* Where a machine keeps a ply's fields in order, low bytes first,
   write_play() writes a ply's 36 bytes (the last two padding) from values
   made in registers and one constant tail, not as a copy of a template
   and then its parts, which costs simulate twice the instructions a
   ply. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define PLY_WORDS_LE 1
_Static_assert(offsetof(struct ff_ply, w) == 4 && offsetof(struct ff_ply, post) == 28 &&
	       offsetof(struct ff_ply, flags) == 32 && sizeof(struct ff_ply) == 36 &&
	       FF_PLY_WORDS == 12 && FF_POST_WORDS == 2, "the ply's layout write_play() writes");
#else
#define PLY_WORDS_LE 0
#endif

/* The first 8 bytes of a play of card: no chance, K_PLAY, the card. */
static uint64_t play_head(int card)
{
	return (uint32_t)FF_NO_CHANCE | (uint64_t)K_PLAY << 32 | (uint64_t)(uint16_t)card << 48;
}

/* Write at p a play whose first 8 bytes are head (play_head()): a single
   move f1 to t1, or with split set, a first part f1 to t1 and a second
   f2 to t2. */
GEN_INLINE void write_play(struct ff_ply *p, uint64_t head, int f1, int t1, int f2, int t2,
			   int split)
{
	if (PLY_WORDS_LE) {
		/* bytes 16..35: w[6] (1: a split), w[7..11] 0, no cards drawn,
		   no flags (and 2 bytes of padding) */
		static const uint64_t tails[2][3] = {
			{ 0, (uint64_t)(uint16_t)FF_NO_CARD << 32 | (uint64_t)(uint16_t)FF_NO_CARD << 48, 0 },
			{ 1, (uint64_t)(uint16_t)FF_NO_CARD << 32 | (uint64_t)(uint16_t)FF_NO_CARD << 48, 0 },
		};
		uint64_t moves = (uint16_t)f1 | (uint64_t)(uint16_t)t1 << 16;

		if (split)
			moves |= (uint64_t)(uint16_t)f2 << 32 | (uint64_t)(uint16_t)t2 << 48;
		memcpy(p, &head, 8);
		memcpy((char *)p + 8, &moves, 8);   /* w[2..5] */
		memcpy((char *)p + 16, tails[split != 0], 20);
		return;
	}
	ff_ply_clear(p);
	p->w[0] = K_PLAY;
	p->w[1] = (int16_t)(uint16_t)(head >> 48);
	p->w[2] = (int16_t)f1;
	p->w[3] = (int16_t)t1;
	if (split) {
		p->w[4] = (int16_t)f2;
		p->w[5] = (int16_t)t2;
		p->w[6] = 1;
	}
}

/* Write at p a play of the current card (write_play()'s). */
GEN_INLINE void put_play(const struct gen *g, struct ff_ply *p, int f1, int t1, int f2, int t2,
			 int split)
{
	write_play(p, g->head, f1, t1, f2, t2, split);
}

/* Append a play of the current card (put_play's). */
GEN_INLINE void emit(struct gen *g, int f1, int t1, int f2, int t2, int split)
{
	if (g->next == g->end)
		return;
	put_play(g, g->next++, f1, t1, f2, t2, split);
}

/* Can peg q move to dest on board b? Only a landing on a partner's peg
   starts a chain that may not resolve; that is tried on a copy. */
static int can_land(const struct board *b, const struct pj_state *s, int q, int dest)
{
	struct board t;
	int o;

	if (!is_track(dest) || (o = b->track[dest]) == NOWHERE ||
	    side_of(s, o / PEGS) != side_of(s, q / PEGS))
		return 1;
	t = *b;
	return move_peg(&t, s, q, dest) == 0;
}

/* Is track hole t held by a peg of the partner's colour? (Only a landing
   there starts a chain that may not resolve.) */
static int partner_at(const struct gen *g, int t)
{
	return (unsigned)(g->b->track[t] - g->pbase) < PEGS;
}

/* can_land() for a peg of the colour moved on the generator's board. */
static int gen_can_land(const struct gen *g, int q, int dest)
{
	return !is_track(dest) || !partner_at(g, dest) || can_land(g->b, g->s, q, dest);
}

/* The track hole n holes from loc in dir. */
static int step(const struct gen *g, int loc, int n, int dir)
{
	int t = loc + dir * n;   /* dir is constant where inlined: one test */

	if (dir > 0)
		return t >= g->len ? t - g->len : t;
	return t < 0 ? t + g->len : t;
}

/* Write at p a single move of the current card from f to t. */
GEN_INLINE void put_move(const struct gen *g, struct ff_ply *p, int f, int t)
{
	put_play(g, p, f, t, 0, 0, 0);
}

/* Single moves of n holes in dir (+1 forward, -1 backward) for the
   movers (a set) at p: along the track, then into or within home. Each
   move that might be legal is written and kept by moving on past it only
   when it is: the same branches for every card of a position (the room,
   FF_MAX_LEGAL, is far more than any position's plies). Returns the end.
   A function of its own, called with what it needs, so that the
   compiler keeps the loop's values in registers (0.99x the time of the
   loop inlined where the cards are). */
static __attribute__((noinline)) struct ff_ply *singles(const struct gen *g, struct ff_ply *p,
							 unsigned movers, int n, int dir)
{
	const uint64_t head = g->head;
	const int len = g->len, step = dir * n, d = dir > 0, pbase = g->pbase;
	const unsigned home = d ? 1u << n : 0;   /* the count into home */
	const int8_t *track = g->b->track;
	int i, t, ok;

	for (; movers; movers &= movers - 1) {
		const struct mover *m = &g->m[i = __builtin_ctz(movers)];

		ok = (int)(m->counts[d] >> n & 1);
		t = m->loc + step;
		t += t < 0 ? len : t >= len ? -len : 0;
		t &= -ok;   /* a hole, where m is home */
		if ((unsigned)(track[t] - pbase) < PEGS && ok)   /* seldom: a chain to try */
			ok = can_land(g->b, g->s, m->peg, t);
		write_play(p, head, m->loc, t, 0, 0, 0);
		p += ok;
		if (m->fwd_home) {   /* the same movers for every card */
			write_play(p, head, m->loc, m->hbase + n, 0, 0, 0);
			p += (m->fwd_home & home) != 0;
		}
	}
	return p;
}

/* The single moves of n holes in dir of every movable peg (singles()). */
GEN_INLINE void single_moves(struct gen *g, int n, int dir)
{
	g->next = singles(g, g->next, g->trk | g->hcand, n, dir);
}

/* Where the colour moved may come out: g->out_to, and g->out_ok (a peg
   waits in the start and the come-out hole holds none of its colour nor
   a partner that cannot be sent on). */
static void come_out_init(struct gen *g)
{
	int t = comeout(g->b, g->c), o = g->b->track[t];

	g->out_to = t;
	g->out_ok = g->start != NOWHERE && (unsigned)(o - g->cbase) >= PEGS;
	if (g->out_ok && (unsigned)(o - g->pbase) < PEGS)
		g->out_ok = can_land(g->b, g->s, g->start, t);
}

/* Come out, where yes (1: the card brings a peg out): a peg from the
   start area to its come-out hole, written and kept as single_moves()
   does. */
GEN_INLINE void come_out(struct gen *g, int yes)
{
	if (!g->out_ok)   /* the same for every card of a position */
		return;
	put_move(g, g->next, LOC_START + g->c, g->out_to);
	g->next += yes;
}

/* Can mover b's second part land on the partner's peg at dest after the
   first part took mover a to da? Tried on a copy with both parts. */
static int split_lands(const struct gen *g, int a, int da, int b, int dest)
{
	struct board t = *g->b;

	move_peg(&t, g->s, g->m[a].peg, da);
	return move_peg(&t, g->s, g->m[b].peg, dest) == 0;
}

/* May mover b's second part, whose count and way pass no peg of its
   colour, end on track hole dest after mover a's first part to da (not
   onto a partner's peg)? Only a partner's peg there may not be sent on
   (a's old hole holds none now). */
static int second_lands(const struct gen *g, int a, int da, int b, int dest)
{
	return dest == g->m[a].loc || !partner_at(g, dest) || split_lands(g, a, da, b, dest);
}

/* The movers whose second part of n2 holes forward may enter or move
   within home after mover a's first part to da (mask: the home holes then
   held; bs, gbs: the mover whose gap changed and its new gap). */
static unsigned second_home(const struct gen *g, int a, unsigned mask, int n2, int bs, int gbs)
{
	unsigned r = 0, all;
	int k, free = mask == g->home ? g->free : home_run(mask, 0);

	for (all = g->near & ~(1u << a); all; all &= all - 1) {
		const struct mover *mb = &g->m[k = __builtin_ctz(all)];

		if (is_home(mb->loc))
			r |= (unsigned)(n2 <= home_run(mask, mb->in)) << k;
		else
			r |= (home_counts(k == bs ? gbs : mb->fgap, mb->in, free) >> n2 & 1) << k;
	}
	return r;
}

/* Emit the second parts of n2 holes in dir2 after mover a's first part
   to da: along the track for the movers in tm (unless the landing is on a
   partner whose chain cannot resolve), into or within home for those in
   hm, mover by mover. */
GEN_INLINE void emit_seconds(struct gen *g, int a, int da, int n2, int dir2, unsigned tm,
			     unsigned hm)
{
	int la = g->m[a].loc, k, t;
	unsigned all;

	for (all = tm | hm; all; all &= all - 1) {
		const struct mover *mb = &g->m[k = __builtin_ctz(all)];

		if (tm >> k & 1 && second_lands(g, a, da, k, t = step(g, mb->loc, n2, dir2)))
			emit(g, la, da, mb->loc, t, 1);
		if (hm >> k & 1)
			emit(g, la, da, mb->loc, mb->hbase + n2, 1);
	}
}

/* The second parts of a split after the first part took mover a from
   its place to da (not onto a partner): the movers that may go n2 holes
   in dir2 along the track (returned; a landing on a partner's peg not yet
   tried: emit_seconds() does) and into or within home (*home). A first
   part along the track
   keeps the movers' order around the ring, so only the mover whose
   nearest peg in dir2 was a (bs) sees a new gap: up to da, or past a's
   old place when a went home. */
static unsigned second_masks(const struct gen *g, int a, int da, int n2, int dir2, unsigned *home)
{
	const struct mover *ma = &g->m[a];
	int la = ma->loc, len = g->len, bs = -1, gbs = 0;
	unsigned tm = reach(g, n2, dir2) & ~(1u << a), hm = 0, mask = g->home;

	if (is_track(la) && (bs = dir2 > 0 ? ma->nb : ma->nf) >= 0) {
		const struct mover *mb = &g->m[bs];

		if (is_track(da))
			gbs = dist(mb->loc, da, dir2, len);
		else if ((gbs = dir2 > 0 ? mb->fgap + ma->fgap : mb->bgap + ma->bgap) > len)
			gbs = len;
		tm = (tm & ~(1u << bs)) | (unsigned)(n2 < gbs) << bs;
	}
	if (dir2 > 0 && (g->near & ~(1u << a))) {
		if (is_home(la))
			mask &= ~(1u << (home_j(la) - 1));
		if (is_home(da))
			mask |= 1u << (home_j(da) - 1);
		if (mask != g->home || (bs >= 0 && g->near >> bs & 1))
			hm = second_home(g, a, mask, n2, bs, gbs);
		else   /* nothing that decides home moves changed */
			hm = g->homes[n2] & ~(1u << a);
	}
	*home = hm;
	return tm;
}

/* Emit the second parts second_masks() finds. */
static void second_parts(struct gen *g, int a, int da, int n2, int dir2)
{
	unsigned hm, tm = second_masks(g, a, da, n2, dir2, &hm);

	emit_seconds(g, a, da, n2, dir2, tm, hm);
}

/* A split whose first part lands on a partner's peg: the chain may move
   a peg of the colour moved (one on the partner's in-spot goes on to its
   own in-spot), so the second part is judged on a copy of the board with
   forward() and backward(), each peg from where the first part left it
   (each part is legal at its moment). */
static void second_parts_slow(struct gen *g, int a, int da, int n2, int dir2)
{
	const struct board *b = g->b;
	int k, d, nd, dest[2], c = g->c;
	unsigned all;
	struct board t = *b;

	if (move_peg(&t, g->s, g->m[a].peg, da))
		return;
	for (all = g->mv & ~(1u << a); all; all &= all - 1) {
		int q = g->m[k = __builtin_ctz(all)].peg, lb = t.loc[c][k];

		nd = part_dests(&t, c, lb, n2, dir2, dest);
		for (d = 0; d < nd; d++)
			if (can_land(&t, g->s, q, dest[d]))
				emit(g, g->m[a].loc, da, lb, dest[d], 1);
	}
}

/* The second parts after mover a's first part along the track to da (not
   onto a partner): as second_masks(), with the home holes unchanged. bs is
   the mover whose nearest peg in dir2 was a, or -1. */
GEN_INLINE unsigned track_masks(const struct gen *g, int a, int da, int n2, int dir2, int bs,
			       unsigned *home)
{
	int gbs;
	unsigned tm = reach(g, n2, dir2) & ~(1u << a), hm = 0;

	if (dir2 > 0 && (g->near & ~(1u << a)))
		hm = g->homes[n2] & ~(1u << a);
	if (bs >= 0) {
		const struct mover *mb = &g->m[bs];

		gbs = dist(mb->loc, da, dir2, g->len);
		tm = (tm & ~(1u << bs)) | (unsigned)(n2 < gbs) << bs;
		if (dir2 > 0 && g->near >> bs & 1)
			hm = (hm & ~(1u << bs)) | (home_counts(gbs, mb->in, g->free) >> n2 & 1) << bs;
	}
	*home = hm;
	return tm;
}

/* Emit the second parts track_masks() finds. */
GEN_INLINE void track_seconds(struct gen *g, int a, int da, int n2, int dir2, int bs)
{
	unsigned hm, tm = track_masks(g, a, da, n2, dir2, bs, &hm);

	emit_seconds(g, a, da, n2, dir2, tm, hm);
}

/* The first counts (bits) that may leave a second part for a mover other
   than a: none back without another peg on the track (no first part,
   not even a bump chain, takes a peg from home to the track or back);
   with only pegs at home, at most 4 holes, forward within home. */
static unsigned first_counts(const struct gen *g, int a, int total, int dir2)
{
	unsigned others = g->mv & ~(1u << a);

	if (others & g->trk)
		return bits(1, total - 1);
	return dir2 > 0 ? bits(total - 4, total - 1) : 0;
}

/* The first counts n1 (bits) whose second count total - n1 is in the set
   m of counts. */
static unsigned mirror(unsigned m, int total)
{
	unsigned r = 0;
	int n2;

	for (; m; m &= m - 1)
		if ((n2 = __builtin_ctz(m)) < total)
			r |= 1u << (total - n2);
	return r;
}

/* The movers that may make the first part of a split of total holes in
   dir1: none with fewer than two movers, or with one on the track and
   none that may go into or within home (no first part along the track,
   the home holes as they were, lets another peg move); else those on the
   track and those that may go 1 to total - 1 holes into or within home. */
static unsigned split_firsts(const struct gen *g, int total, int dir1)
{
	unsigned first = g->trk, all;
	int a;

	if (!(g->mv & (g->mv - 1)) || (!(g->trk & (g->trk - 1)) && !g->hany))
		return 0;
	for (all = dir1 > 0 && (g->hany & bits(1, total - 1)) ? g->near : 0; all; all &= all - 1)
		if (g->m[a = __builtin_ctz(all)].fwd_home & bits(1, total - 1))
			first |= 1u << a;
	return first;
}

/* The first counts of mover a's first part of a split (total holes, in
   dir1 then dir2) that may leave a second part: along the track
   (returned) and into or within home (*home). */
static unsigned first_parts(const struct gen *g, int a, int total, int dir1, int dir2,
			    unsigned *home)
{
	const struct mover *ma = &g->m[a];
	unsigned tr, lim = first_counts(g, a, total, dir2);

	*home = dir1 > 0 ? ma->fwd_home & lim : 0;
	if (!lim)
		return 0;
	tr = bits(1, (dir1 > 0 ? ma->fgap : ma->bgap) - 1) & lim;
	if (!(g->trk & ~(1u << a)))   /* alone on the track: only home moves can follow */
		tr &= mirror(g->hany, total);
	return tr;
}

/* Splits of total holes between two movable pegs: the first part n1 holes
   in dir1, the second the rest in dir2, in the written order. Only a peg
   on the track, or one that may go 1 to total - 1 holes into or within
   home, makes a first part. */
GEN_INLINE void splits(struct gen *g, int total, int dir1, int dir2)
{
	int a, n1, n2, da, bs;
	unsigned tr, hm, any, all;

	for (all = split_firsts(g, total, dir1); all; all &= all - 1) {
		const struct mover *ma = &g->m[a = __builtin_ctz(all)];
		int la = ma->loc;

		if (!(tr = first_parts(g, a, total, dir1, dir2, &hm)) && !hm)
			continue;
		bs = is_track(la) ? (dir2 > 0 ? ma->nb : ma->nf) : -1;
		for (any = tr | hm; any; any &= any - 1) {
			n1 = __builtin_ctz(any);
			n2 = total - n1;
			if (tr >> n1 & 1) {
				da = step(g, la, n1, dir1);
				if (partner_at(g, da))
					second_parts_slow(g, a, da, n2, dir2);
				else
					track_seconds(g, a, da, n2, dir2, bs);
			}
			if (hm >> n1 & 1)
				second_parts(g, a, ma->hbase + n1, n2, dir2);
		}
	}
}

/* Joker: a movable peg on the track (pagat: or from its start) takes the
   place of any peg of another colour on the track; or (liftbridge) comes
   out. */
static void joker(struct gen *g)
{
	const struct board *b = g->b;
	int i, k, q, c = g->c, from, t, w, loc;
	uint64_t targets[MAXT / 64 + 1] = { 0 }, m;
	unsigned all;

	for (k = 0; k < b->seats; k++)   /* the track holes of other colours' pegs */
		for (all = k != c ? b->on_track[k] : 0; all; all &= all - 1) {
			loc = b->loc[k][__builtin_ctz(all)];
			targets[loc / 64] |= (uint64_t)1 << (loc % 64);
		}
	for (all = g->trk | 1u << PEGS; all; all &= all - 1) {
		if ((i = __builtin_ctz(all)) == PEGS) {   /* from the start area */
			if (g->s->preset != PAGAT || g->start == NOWHERE)
				continue;
			q = g->start;
			from = LOC_START + c;
		} else {
			q = g->m[i].peg;
			from = g->m[i].loc;
		}
		for (w = 0; w <= MAXT / 64; w++)
			for (m = targets[w]; m; m &= m - 1)
				if (gen_can_land(g, q, t = w * 64 + __builtin_ctzll(m)))
					emit(g, from, t, 0, 0, 0);
	}
	come_out(g, g->s->preset == LIFTBRIDGE);
}

/* Every play of card for the seat to move. */
GEN_INLINE void card_plies(struct gen *g, int card)
{
	const struct card_kind *k = &card_kinds[g->s->preset][card];

	g->card = card;
	g->head = play_head(card);
	if (k->extra == X_JOKER) {
		joker(g);
		return;
	}
	single_moves(g, k->n, k->dir);
	come_out(g, k->out);
	if (k->extra == X_SEVEN) {
		splits(g, 7, 1, 1);
	} else if (k->extra == X_NINE) {
		splits(g, 9, 1, -1);
		splits(g, 9, -1, 1);
	}
}

static void set_discard(struct ff_ply *p, int card)
{
	ff_ply_clear(p);
	p->w[0] = K_DISCARD;
	p->w[1] = (int16_t)card;
}

/* May the seat to move discard: no card it holds has a play (pagat: none
   but a joker, which is never forced); with unknown cards, its known cards
   have none and its unknown ones could all be cards without one (a
   necessary check). Bit i of plays: cards[i] has a play. */
static int may_discard(const struct pj_state *s, const int *cards, uint64_t plays, int nc)
{
	int i, spare = 0, a;

	if (s->preset == PAGAT)   /* a joker's play does not forbid it */
		for (i = 0; i < nc; i++)
			if (cards[i] == FF_JOKER)
				plays &= ~((uint64_t)1 << i);
	if (!s->h.unk[s->turn])   /* every candidate is a card held */
		return !plays;
	for (i = 0; i < nc; i++) {
		if (plays >> i & 1 && ff_hands_find(&s->h, s->turn, cards[i]) >= 0)
			return 0;
		if (!(plays >> i & 1) && (a = ff_hands_available(&s->h, cards[i])) > 0)
			spare += a;
	}
	return spare >= s->h.unk[s->turn];
}

static int pj_legal(const void *st, int chance, struct ff_ply *out)
{
	const struct pj_state *s = st;
	struct gen g;
	const struct ff_ply *from;
	int cards[FF_CARD_KINDS], i;
	int nc = ff_hands_candidates(&s->h, s->turn, cards);
	uint64_t plays = 0;

	_Static_assert(FF_CARD_KINDS <= 64, "a candidate per bit of plays");
	(void)chance;
	gen_init(&g, s, out);
	for (i = 0; i < nc; i++) {
		from = g.next;
		card_plies(&g, cards[i]);
		plays |= (uint64_t)(g.next > from) << i;
	}
	if (may_discard(s, cards, plays, nc))
		for (i = 0; i < nc && g.next < g.end; i++)
			set_discard(g.next++, cards[i]);
	return (int)(g.next - out);
}

/* --- a uniformly random legal ply, by rejection (random play) ---

   Each card held has slots, a set known without deciding a ply: a single
   move along the track for each mover on the track and into or within
   home for each that may go some count there, coming out where the
   position lets a peg out, for a 7 or a 9 each first part splits() tries
   with each mover that could make a second part, for the joker each
   source and peg of another colour. Every legal play of the card is
   exactly one slot. A slot drawn uniformly is decided alone, with the
   generator's own tests, and kept when it holds a legal play; else
   another is drawn. Every legal play is so as likely as any other; after
   SAMPLE_TRIES misses the plies are listed and one is drawn from them,
   which keeps the result uniform. */
enum { SAMPLE_TRIES = 16 };

/* The number of counts in the set m (bits 0..15). */
static int ncounts(unsigned m)
{
	return nmovers(m) + nmovers(m >> 5) + nmovers(m >> 10) + nmovers(m >> 15);
}

/* The k-th (0-based) set bit of m, which has more than k. */
static int nth_bit(unsigned m, int k)
{
	for (; k > 0; k--)
		m &= m - 1;
	return __builtin_ctz(m);
}

/* The movers that might make a second part after mover a's first part:
   along the track (*track), and, where dir2 is forward, into or within
   home (returned): after a first part along the track (home 0) those that
   may go home already, those on the track near enough for their gap to
   matter, and the one on the partner's in-spot (a first part onto a
   partner may send it on to its own in-spot); after one into or within
   home (home 1), any near mover. */
static unsigned second_cands(const struct gen *g, int a, int dir2, int home, unsigned *track)
{
	*track = g->trk & ~(1u << a);
	if (dir2 < 0)
		return 0;
	return (home ? g->near
		     : g->hcand | (g->near & g->trk) | (g->xin >= 0 ? 1u << g->xin : 0)) & ~(1u << a);
}

/* The slots of a split of total holes in dir1 then dir2: for each first
   mover, its first parts along the track times its second candidates
   then, its first parts into or within home times theirs. Counted once
   a position (g->nsplit). */
static int split_slots(struct gen *g, int total, int dir1, int dir2)
{
	unsigned all, tr, hm, ct, ch;
	int a, n = 0, *at = &g->nsplit[total == 7 ? 0 : dir1 > 0 ? 1 : 2];

	if (*at >= 0)
		return *at;
	if ((all = split_firsts(g, total, dir1)) && !g->full)
		gen_full(g);
	for (; all; all &= all - 1) {
		a = __builtin_ctz(all);
		tr = first_parts(g, a, total, dir1, dir2, &hm);
		ch = second_cands(g, a, dir2, 0, &ct);
		n += ncounts(tr) * (nmovers(ct) + nmovers(ch));
		ch = second_cands(g, a, dir2, 1, &ct);
		n += ncounts(hm) * (nmovers(ct) + nmovers(ch));
	}
	return *at = n;
}

/* Is the second part, mover b n2 holes in dir2 along the track (home 0)
   or into or within home (home 1), legal after mover a's first part to
   da? Where it is, the split is written at out. */
static int split_at(struct gen *g, int a, int da, int b, int home, int n2, int dir2,
		    struct ff_ply *out)
{
	const struct mover *ma = &g->m[a], *mb = &g->m[b];
	int bs = is_track(ma->loc) ? (dir2 > 0 ? ma->nb : ma->nf) : -1, dest, ok = 0;
	unsigned tm, hm;
	struct ff_ply *from = g->next, *p;

	if (is_track(da) && partner_at(g, da)) {   /* a chain that may move b: listed */
		struct board t = *g->b;

		if (move_peg(&t, g->s, ma->peg, da))
			return 0;
		second_parts_slow(g, a, da, n2, dir2);
		for (p = from; p < g->next && !ok; p++)
			if (p->w[4] == t.loc[g->c][b] && is_home(p->w[5]) == home) {
				*out = *p;
				ok = 1;
			}
		g->next = from;
		return ok;
	}
	dest = home ? mb->hbase + n2 : step(g, mb->loc, n2, dir2);
	tm = is_track(da) ? track_masks(g, a, da, n2, dir2, bs, &hm) : second_masks(g, a, da, n2, dir2, &hm);
	if ((ok = home ? hm >> b & 1 : tm >> b & 1 && second_lands(g, a, da, b, dest)))
		put_play(g, out, ma->loc, da, mb->loc, dest, 1);
	return ok;
}

/* Decide split slot r (split_slots()'s order) of a split of total holes
   in dir1 then dir2; where it holds a legal play, write it at out. */
static int split_slot(struct gen *g, int total, int dir1, int dir2, int r, struct ff_ply *out)
{
	unsigned all, tr, hm, ct, ch, f;
	int a, home, nc, n1;

	for (all = split_firsts(g, total, dir1); all; all &= all - 1) {
		a = __builtin_ctz(all);
		tr = first_parts(g, a, total, dir1, dir2, &hm);
		for (home = 0; home < 2; home++) {
			f = home ? hm : tr;
			ch = second_cands(g, a, dir2, home, &ct);
			nc = nmovers(ct) + nmovers(ch);
			if (r >= ncounts(f) * nc) {
				r -= ncounts(f) * nc;
				continue;
			}
			n1 = nth_bit(f, r / nc);
			r %= nc;
			return split_at(g, a, home ? g->m[a].hbase + n1 : step(g, g->m[a].loc, n1, dir1),
					r < nmovers(ct) ? nth_bit(ct, r) : nth_bit(ch, r - nmovers(ct)),
					r >= nmovers(ct), total - n1, dir2, out);
		}
	}
	return 0;
}

/* The joker's sources: the track movers, and (pagat) the start area as
   bit PEGS where a peg waits there. */
static unsigned joker_sources(const struct gen *g)
{
	return g->trk | (g->s->preset == PAGAT && g->start != NOWHERE ? 1u << PEGS : 0);
}

/* The number of sources in the set src (joker_sources()). */
static int joker_count(unsigned src)
{
	return nmovers(src & ALL_PEGS) + (int)(src >> PEGS);
}

/* The number of pegs of other colours on the track. */
static int joker_targets(const struct gen *g)
{
	int k, n = 0;

	for (k = 0; k < g->b->seats; k++)
		n += k != g->c ? nmovers(g->b->on_track[k]) : 0;
	return n;
}

/* The slots of card (the joker's: each source with each target, then
   coming out). */
static int card_slots(struct gen *g, int card)
{
	const struct card_kind *k = &card_kinds[g->s->preset][card];
	int n;

	if (k->extra == X_JOKER)
		return joker_count(joker_sources(g)) * joker_targets(g) +
		       (g->s->preset == LIFTBRIDGE && g->out_ok);
	n = g->nsingle[k->dir > 0] + (k->out & g->out_ok);
	if (k->extra == X_SEVEN)
		n += split_slots(g, 7, 1, 1);
	else if (k->extra == X_NINE)
		n += split_slots(g, 9, 1, -1) + split_slots(g, 9, -1, 1);
	return n;
}

/* Decide joker slot r: source r / targets (in joker_sources()'s order)
   onto target r % targets (the pegs of other colours, seat by seat, peg
   by peg), or past them coming out. */
static int joker_slot(struct gen *g, int r, struct ff_ply *out)
{
	const struct board *b = g->b;
	int nt = joker_targets(g), src, q, from, t, k;

	if (r >= joker_count(joker_sources(g)) * nt) {
		put_move(g, out, LOC_START + g->c, g->out_to);
		return 1;
	}
	src = nth_bit(joker_sources(g), r / nt);
	q = src == PEGS ? g->start : g->m[src].peg;
	from = src == PEGS ? LOC_START + g->c : g->m[src].loc;
	for (r %= nt, k = 0; k == g->c || r >= nmovers(b->on_track[k]); k++)
		r -= k == g->c ? 0 : nmovers(b->on_track[k]);
	t = b->loc[k][nth_bit(b->on_track[k], r)];
	if (!gen_can_land(g, q, t))
		return 0;
	put_move(g, out, from, t);
	return 1;
}

/* Decide slot r of card (card_slots()'s order: single moves along the
   track, into or within home, coming out, then the splits or the
   joker's); where it holds a legal play, write it at out. */
static int card_slot(struct gen *g, int card, int r, struct ff_ply *out)
{
	const struct card_kind *k = &card_kinds[g->s->preset][card];
	const struct mover *m;
	int n, t;

	g->card = card;
	g->head = play_head(card);
	if (k->extra == X_JOKER)
		return joker_slot(g, r, out);
	if (r < (n = nmovers(g->trk))) {
		m = &g->m[nth_bit(g->trk, r)];
		if (!((g->full ? m->counts[k->dir > 0] : bits(1, gap_of(g, (int)(m - g->m), k->dir) - 1)) >>
		      k->n & 1) ||
		    !gen_can_land(g, m->peg, t = step(g, m->loc, k->n, k->dir)))
			return 0;
		put_move(g, out, m->loc, t);
		return 1;
	}
	r -= n;
	if (k->dir > 0 && r < (n = nmovers(g->hcand))) {
		m = &g->m[nth_bit(g->hcand, r)];
		if (!(m->fwd_home >> k->n & 1))
			return 0;
		put_move(g, out, m->loc, m->hbase + k->n);
		return 1;
	}
	r -= k->dir > 0 ? n : 0;
	if (k->out & g->out_ok && r-- == 0) {
		put_move(g, out, LOC_START + g->c, g->out_to);
		return 1;
	}
	if (k->extra == X_SEVEN)
		return split_slot(g, 7, 1, 1, r, out);
	if (r < (n = split_slots(g, 9, 1, -1)))
		return split_slot(g, 9, 1, -1, r, out);
	return split_slot(g, 9, -1, 1, r - n, out);
}

/* A uniformly random legal ply at out[0], numbers drawn by pick(ctx,
   n): slots drawn over the cards held until one holds a legal play (see
   above); with no slot, a uniformly random discard (no card has a play);
   a public record or pagat (where a joker's play and discards may both
   be legal) from the list. out[1..FF_MAX_LEGAL) is scratch (a chain's
   second parts are listed there). Returns 0, or -1 with no legal ply. */
static int pj_sample(const void *st, int chance, int (*pick)(void *ctx, int n), void *ctx,
		     struct ff_ply *out)
{
	const struct pj_state *s = st;
	struct gen g;
	int cards[FF_CARD_KINDS], below[FF_CARD_KINDS + 1], i, j, r, n, tries;
	int nc = ff_hands_candidates(&s->h, s->turn, cards);

	if (!s->h.unk[s->turn] && s->preset == LIFTBRIDGE) {
		gen_light(&g, s, out + 1);
		for (below[0] = 0, i = 0; i < nc; i++)   /* the slots of the cards before i + 1 */
			below[i + 1] = below[i] + card_slots(&g, cards[i]);
		if ((n = below[nc]) == 0 && nc > 0) {
			set_discard(out, cards[pick(ctx, nc)]);
			return 0;
		}
		for (tries = 0; n > 0 && tries < SAMPLE_TRIES; tries++) {
			/* the card of slot r, counted without a branch on r */
			for (r = pick(ctx, n), i = 0, j = 1; j < nc; j++)
				i += r >= below[j];
			if (card_slot(&g, cards[i], r - below[i], out))
				return 0;
		}
	}
	if ((n = pj_legal(st, chance, out)) == 0)
		return -1;
	*out = out[pick(ctx, n)];
	return 0;
}

/* --- set-up --- */

static int decks_of(const struct pj_state *s)
{
	if (s->two)
		return 2;
	if (s->preset == PAGAT)
		return s->seats <= 6 ? 3 : 4;
	return s->seats / 2;
}

static int pj_init(void *st, const struct ff_config *cfg, struct ff_rng *chance,
		   struct ff_error *err)
{
	struct pj_state *s = st;
	int k, i;

	memset(s, 0, sizeof *s);
	if (cfg->seats != 4 && cfg->seats != 6 && cfg->seats != 8)
		return ff_error_set(err, FF_EBAD_TAG,
				    "game 'pegsjokers' takes 4, 6 or 8 seats, not %d", cfg->seats);
	if (cfg->opt[O_PLAYERS] && (cfg->opt[O_PLAYERS] != 2 || cfg->seats != 4))
		return ff_error_set(err, FF_EBAD_OPTION,
				    "option 'players=%d' does not fit %d seats (players=2 needs 4 seats)",
				    cfg->opt[O_PLAYERS], cfg->seats);
	s->seats = (uint8_t)cfg->seats;
	s->sides = (uint8_t)(cfg->seats / 2);
	s->two = cfg->opt[O_PLAYERS] == 2;
	s->preset = (uint8_t)cfg->preset;
	/* pagat draws before playing: the same cards reach the same hands
	   before the same decisions when a sixth card is dealt and each play
	   is followed by a draw (docs/rules.md) */
	s->hsize = s->preset == PAGAT ? 6 : 5;
	s->turn = (uint8_t)cfg->first;
	s->winner = -1;
	s->b.seats = s->seats;
	s->b.len = (int16_t)(SIDE * s->seats);
	memset(s->b.track, NOWHERE, sizeof s->b.track);
	memset(s->b.home, NOWHERE, sizeof s->b.home);
	for (k = 0; k < s->seats; k++)
		for (i = 0; i < PEGS; i++)
			s->b.loc[k][i] = (int16_t)(LOC_START + k);
	return ff_hands_init(&s->h, cfg, decks_of(s), s->two ? 0 : 2, s->hsize, chance, "pegsjokers",
			     err);
}

/* --- the interface --- */

static int pj_sides(const void *st)
{
	return ((const struct pj_state *)st)->sides;
}

static int pj_side_of(const void *st, int seat)
{
	return side_of(st, seat);
}

static int pj_to_move(const void *st)
{
	return ((const struct pj_state *)st)->turn;
}

static int syntax(const char *tok, size_t len, struct ff_error *err)
{
	return ff_error_set(err, FF_ESYNTAX,
			    "malformed ply '%.*s': expected CARD:FROM-TO (e.g. KH:S1-T8, 4C:T3-T7), "
			    "a split 7S:T8-T11,T40-T44, CARD:FROM (one destination), or CARD:- "
			    "(discard), each optionally with +CARD drawn", (int)ff_utf8_cut(tok, len, 40),
			    tok);
}

/* The diagnostic of a malformed ply whose moves (t[0..n), after the
   colon) could not be read: where one names a place of the right shape
   that this ring lacks, which; else the forms expected. */
static int bad_moves(const struct board *b, const char *tok, size_t len, const char *t, size_t n,
		     struct ff_error *err)
{
	const char *p = t, *e, *end = t + n;
	int v, j;

	for (; p < end; p = e + 1) {
		for (e = p; e < end && *e != ',' && *e != '-'; e++)
			;
		if (place_shape(p, (size_t)(e - p), &v, &j) && parse_loc(b, p, (size_t)(e - p)) == NOWHERE)
			return ff_error_set(err, FF_ESYNTAX,
					    "malformed ply '%.*s': %.*s is no place of this ring of %d "
					    "seats (T0-T%d, S1-S%d, H1.1-H%d.5)",
					    (int)ff_utf8_cut(tok, len, 40), tok, (int)(e - p), p, b->seats,
					    b->len - 1, b->seats, b->seats);
	}
	return syntax(tok, len, err);
}

/* Parse "FROM-TO" or "FROM" (to = NOWHERE) in t[0..n). */
static int parse_move(const struct board *b, const char *t, size_t n, int *from, int *to)
{
	const char *dash = memchr(t, '-', n);

	*from = parse_loc(b, t, dash ? (size_t)(dash - t) : n);
	*to = dash ? parse_loc(b, dash + 1, n - (size_t)(dash - t) - 1) : NOWHERE;
	return *from == NOWHERE || (dash && *to == NOWHERE) ? -1 : 0;
}

/* The legal single-part plays of card from `from` (a short ply): the
   first to *out, the destinations of the first two to dest; returns how
   many. */
static int short_dests(const struct pj_state *s, int card, int from, struct ff_ply *out, int *dest)
{
	static _Thread_local struct ff_ply legal[FF_MAX_LEGAL];
	int n = pj_legal(s, FF_NO_CHANCE, legal), i, found = 0;

	for (i = 0; i < n; i++)
		if (legal[i].w[0] == K_PLAY && legal[i].w[1] == card && legal[i].w[2] == from &&
		    !legal[i].w[6]) {
			if (found == 0)
				*out = legal[i];
			if (found < 2)
				dest[found] = legal[i].w[3];
			found++;
		}
	return found;
}

/* The diagnostic of short ply tok[0..len) (card from `from`), which has
   n legal destinations, not one (dest: the first two). */
static int short_error(const struct pj_state *s, const char *tok, size_t len, int card, int from,
		       int n, const int *dest, struct ff_error *err)
{
	int q = peg_at(&s->b, from), cut = (int)ff_utf8_cut(tok, len, 40);
	char f[12], a[12], b[12], cn[4];

	loc_name(from, f);
	ff_card_name(card, cn);
	if (n >= 2) {
		loc_name(dest[0], a);
		loc_name(dest[1], b);
		return ff_error_set(err, FF_EILLEGAL, "short ply '%.*s' is ambiguous: %s takes the peg "
				    "on %s to %s or %s: write CARD:FROM-TO", cut, tok, cn, f, a, b);
	}
	if (q == NOWHERE || q / PEGS != colour_moved(s))
		return ff_error_set(err, FF_EILLEGAL, "short ply '%.*s': %s holds no peg that seat %d "
				    "may move", cut, tok, f, s->turn + 1);
	return ff_error_set(err, FF_EILLEGAL, "short ply '%.*s': %s gives the peg on %s no legal "
			    "move", cut, tok, cn, f);
}

static int pj_parse(const void *st, const char *tok, size_t len, struct ff_ply *out,
		    struct ff_error *err)
{
	const struct pj_state *s = st;
	const char *colon = memchr(tok, ':', len), *plus, *comma;
	size_t cl, body;
	int card, f1, t1, f2 = NOWHERE, t2 = NOWHERE;
	int16_t claim = FF_NO_CARD;

	ff_ply_clear(out);
	if (!colon)
		return syntax(tok, len, err);
	cl = (size_t)(colon - tok);
	plus = memchr(colon, '+', len - cl);
	body = plus ? (size_t)(plus - tok) : len;
	if ((card = ff_card_parse(tok, cl)) < 0)
		return syntax(tok, len, err);
	if (plus && ((claim = (int16_t)ff_card_parse(plus + 1, len - body - 1)) < 0))
		return syntax(tok, len, err);
	if (body == cl + 2 && colon[1] == '-') {
		set_discard(out, card);
		out->post[0] = claim;
		return ff_hands_check(&s->h, s->turn, card, err);
	}
	comma = memchr(colon, ',', body - cl);
	if (parse_move(&s->b, colon + 1, comma ? (size_t)(comma - colon - 1) : body - cl - 1, &f1, &t1) ||
	    (comma && parse_move(&s->b, comma + 1, body - (size_t)(comma - tok) - 1, &f2, &t2)) ||
	    (comma && (t1 == NOWHERE || t2 == NOWHERE)))
		return bad_moves(&s->b, tok, len, colon + 1, body - cl - 1, err);
	if (t1 == NOWHERE) {
		int n, dest[2];

		if (ff_hands_check(&s->h, s->turn, card, err))
			return -1;
		if ((n = short_dests(s, card, f1, out, dest)) != 1)
			return short_error(s, tok, body, card, f1, n, dest, err);
	} else {
		ff_ply_clear(out);
		out->w[0] = K_PLAY;
		out->w[1] = (int16_t)card;
		out->w[2] = (int16_t)f1;
		out->w[3] = (int16_t)t1;
		out->w[4] = (int16_t)(comma ? f2 : 0);
		out->w[5] = (int16_t)(comma ? t2 : 0);
		out->w[6] = comma != NULL;
	}
	out->post[0] = claim;
	return ff_hands_check(&s->h, s->turn, card, err);
}

static int pj_format(const void *st, const struct ff_ply *p, enum ff_ply_form form,
		     struct ff_buf *out)
{
	const struct pj_state *s = st;
	char t[48], *e;
	struct ff_ply q;
	int dest[2];

	ff_card_name(p->w[1], t);
	t[2] = ':';
	e = t + 3;
	if (p->w[0] == K_DISCARD) {
		*e++ = '-';
		return ff_buf_add(out, t, (size_t)(e - t));
	}
	e = put_loc(e, p->w[2]);
	if (!p->w[6] && form == FF_FORM_SHORT && short_dests(s, p->w[1], p->w[2], &q, dest) == 1 &&
	    q.w[3] == p->w[3])
		return ff_buf_add(out, t, (size_t)(e - t));
	*e++ = '-';
	e = put_loc(e, p->w[3]);
	if (p->w[6]) {
		*e++ = ',';
		e = put_loc(e, p->w[4]);
		*e++ = '-';
		e = put_loc(e, p->w[5]);
	}
	return ff_buf_add(out, t, (size_t)(e - t));
}

static int pj_format_post(const struct ff_ply *p, struct ff_buf *out)
{
	char t[4];

	if (p->post[0] == FF_NO_CARD)
		return 0;
	t[0] = '+';
	ff_card_name(p->post[0], t + 1);
	return ff_buf_add(out, t, 3);
}

/* Why peg q (colour c) cannot go from `from` to `to` with n holes in dir
   on board b; nothing when it can. */
static int explain_part(const struct pj_state *s, const struct board *b, int from, int to, int n,
			int dir, const char *what, struct ff_buf *out)
{
	int dest[2], nd, k, c = peg_at(b, from) / PEGS, fwd, len = b->len;
	char f[12], t[12];

	loc_name(from, f);
	loc_name(to, t);
	nd = part_dests(b, c, from, n, dir, dest);
	for (k = 0; k < nd; k++)
		if (dest[k] == to) {
			struct board u = *b;

			if (move_peg(&u, s, peg_at(b, from), to) == 0)
				return 0;
			ff_buf_addf(out, "%s lands on a partner's peg that cannot be sent on: its "
				    "in-spot holds a peg of its colour, or a partner on its own in-spot", what);
			return -1;
		}
	if (dir < 0 && !is_track(from)) {
		ff_buf_addf(out, "%s: only a peg on the track moves back", what);
		return -1;
	}
	fwd = is_track(to) && is_track(from) ? (dir > 0 ? to - from + len : from - to + len) % len
	      : is_home(to) && is_track(from) ? (inspot(b, c) - from + len) % len + home_j(to)
	      : is_home(to) && is_home(from) ? home_j(to) - home_j(from) : -1;
	if (is_home(to) && home_seat(to) != c)
		ff_buf_addf(out, "%s: %s is not the home of the peg's colour", what, t);
	else if (is_home(to) && dir < 0)
		ff_buf_addf(out, "%s: a peg enters home only moving forward", what);
	else if (is_home(to) && is_home(from) && fwd <= 0)
		ff_buf_addf(out, "%s: a peg at home moves only forward", what);
	else if (fwd != n && fwd >= 0)
		ff_buf_addf(out, "%s: %s to %s is %d holes %s, not %d", what, f, t, fwd,
			    dir > 0 ? "forward" : "back", n);
	else if (fwd != n)
		ff_buf_addf(out, "%s: %s to %s is not a move of %d holes", what, f, t, n);
	else
		ff_buf_addf(out, "%s passes or lands on a peg of its own colour", what);
	return -1;
}

/* Why a play from the start area (peg q's colour c) is not legal. */
static void explain_come_out(const struct pj_state *s, int card, int c, int to, struct ff_buf *out)
{
	char cn[4];

	if (!comes_out(card))
		ff_buf_addf(out, "%s does not bring a peg out: an ace, a jack, a queen, a king "
			    "or a joker does", ff_card_name(card, cn));
	else if (card == FF_JOKER && s->preset == PAGAT)
		ff_buf_addf(out, "a joker takes the place of a peg of another colour on the track");
	else if (to != comeout(&s->b, c))
		ff_buf_addf(out, "a peg comes out only onto its come-out hole, T%d", comeout(&s->b, c));
	else if (s->b.track[to] != NOWHERE && s->b.track[to] / PEGS == c)
		ff_buf_adds(out, "the come-out hole holds a peg of its own colour");
	else
		ff_buf_adds(out, "the peg on the come-out hole is a partner's that cannot be sent "
			    "on to its in-spot");
}

/* Why a joker's play of a peg of colour c from the track or home is not
   legal. */
static void explain_joker(const struct board *b, int c, int from, int to, struct ff_buf *out)
{
	if (!is_track(to) || b->track[to] == NOWHERE)
		ff_buf_adds(out, "a joker's peg takes the place of a peg on the track, not an "
			    "empty hole");
	else if (b->track[to] / PEGS == c)
		ff_buf_adds(out, "a joker's peg may not take the place of a peg of its own colour");
	else if (!is_track(from))
		ff_buf_adds(out, "a joker's peg comes from the track");
	else
		ff_buf_adds(out, "the peg taken is a partner's that cannot be sent on: its "
			    "in-spot holds a peg of its colour, or a partner on its own in-spot");
}

/* Why split p's second part is not legal once its first part, n1 holes
   of the total, took peg q (colour c) to its end on board b (a copy,
   played on). */
static void explain_second(const struct pj_state *s, struct board *b, const struct ff_ply *p,
			   int q, int c, int total, int n1, int dir2, struct ff_buf *out)
{
	int o;
	char f[12];

	if (move_peg(b, s, q, p->w[3])) {
		ff_buf_adds(out, "the first part's bump cannot resolve");
		return;
	}
	if ((o = peg_at(b, p->w[4])) == q) {
		ff_buf_adds(out, "a split moves two different pegs");
		return;
	}
	if (o == NOWHERE || o / PEGS != c) {
		loc_name(p->w[4], f);
		ff_buf_addf(out, "the second part: %s holds no peg of the first part's colour", f);
		return;
	}
	if (explain_part(s, b, p->w[4], p->w[5], total - n1, dir2, "the second part", out) == 0)
		ff_buf_adds(out, "the ply is not allowed here");
}

/* Why split p of a card of rank r (6: a 7, 8: a 9) of peg q (colour c)
   is not legal: the first count whose part ends where p's first part
   does, then both parts; else the first part by its own distance. */
static void explain_split(const struct pj_state *s, const struct ff_ply *p, int r, int q, int c,
			  struct ff_buf *out)
{
	int from = p->w[2], to = p->w[3], total = r == 6 ? 7 : 9, n1, dir1, k;
	struct board b = s->b;
	char f[12];

	for (dir1 = 1; dir1 >= (r == 6 ? 1 : -1); dir1 -= 2)
		for (n1 = 1; n1 < total; n1++) {
			int dest[2], nd = part_dests(&b, c, from, n1, dir1, dest);

			for (k = 0; k < nd; k++)
				if (dest[k] == to) {
					explain_second(s, &b, p, q, c, total, n1, r == 6 ? 1 : -dir1, out);
					return;
				}
		}
	for (dir1 = 1; dir1 >= (r == 6 ? 1 : -1); dir1 -= 2) {
		n1 = is_track(to) && is_track(from) ? (dir1 > 0 ? to - from : from - to) + b.len : -1;
		if (n1 >= 0 && (n1 %= b.len) >= 1 && n1 < total) {
			explain_part(s, &b, from, to, n1, dir1, "the first part", out);
			return;
		}
	}
	loc_name(from, f);
	ff_buf_addf(out, "the first part, from %s, is no part of a %s %s", f, r == 6 ? "7" : "9",
		    r == 6 ? "(both parts forward, adding up to 7)"
			   : "(one part forward and one back, adding up to 9)");
}

/* Why a play is not legal (the card is held). */
static void explain_play(const struct pj_state *s, const struct ff_ply *p, struct ff_buf *out)
{
	int card = p->w[1], r = rank_of(card), q = peg_at(&s->b, p->w[2]);
	int c = q == NOWHERE ? -1 : q / PEGS;
	char f[12];

	if (c != colour_moved(s)) {
		loc_name(p->w[2], f);
		ff_buf_addf(out, "%s holds no peg that seat %d may move (its own, or its partner's "
			    "once its own are all home)", f, s->turn + 1);
	} else if (!is_track(p->w[2]) && !is_home(p->w[2])) {   /* from the start */
		explain_come_out(s, card, c, p->w[3], out);
	} else if (card == FF_JOKER) {
		explain_joker(&s->b, c, p->w[2], p->w[3], out);
	} else if (p->w[6] && r != 6 && r != 8) {
		ff_buf_adds(out, "only a 7 or a 9 splits between two pegs");
	} else if (!p->w[6]) {
		explain_part(s, &s->b, p->w[2], p->w[3], card_kinds[s->preset][card].n,
			     card_kinds[s->preset][card].dir, "the move", out);
	} else {
		explain_split(s, p, r, q, c, out);
	}
}

static void pj_explain(const void *st, const struct ff_ply *p, struct ff_buf *out)
{
	const struct pj_state *s = st;
	char b[4];

	if (!ff_hands_holds(&s->h, s->turn, p->w[1])) {
		ff_buf_addf(out, "seat %d does not hold %s (hand:", s->turn + 1, ff_card_name(p->w[1], b));
		ff_hands_render(&s->h, s->turn, out);
		ff_buf_addc(out, ')');
	} else if (p->w[0] == K_DISCARD) {
		ff_buf_addf(out, "seat %d has a play, so it may not discard", s->turn + 1);
	} else {
		explain_play(s, p, out);
	}
}

static int pj_is_legal(const void *st, const struct ff_ply *p)
{
	static _Thread_local struct ff_ply legal[FF_MAX_LEGAL];
	const struct pj_state *s = st;
	struct gen g;
	int n, i;

	if (p->chance != FF_NO_CHANCE || !ff_hands_holds(&s->h, s->turn, p->w[1]))
		return 0;
	if (p->w[0] == K_DISCARD) {
		n = pj_legal(st, FF_NO_CHANCE, legal);
	} else {
		gen_init(&g, s, legal);
		card_plies(&g, p->w[1]);   /* only the plays of the ply's card */
		n = (int)(g.next - legal);
	}
	for (i = 0; i < n; i++)
		if (ff_ply_eq(&legal[i], p))
			return 1;
	return 0;
}

/* Play the ply's moves on the board. */
static void do_moves(struct pj_state *s, const struct ff_ply *p)
{
	int q = peg_at(&s->b, p->w[2]);

	move_peg(&s->b, s, q, p->w[3]);
	if (p->w[6]) {
		q = peg_at(&s->b, p->w[4]);
		move_peg(&s->b, s, q, p->w[5]);
	}
}

/* Has side every peg home? */
static int side_home(const struct pj_state *s, int side)
{
	unsigned all = ALL_PEGS;
	int k;

	for (k = side; k < s->seats; k += s->sides)   /* the side's seats */
		all &= s->b.at_home[k];
	return all == ALL_PEGS;
}

static int pj_apply(void *st, struct ff_ply *p, struct ff_rng *chance, struct ff_error *err)
{
	struct pj_state *s = st;
	int seat = s->turn, side = side_of(s, seat);

	if (s->term != FF_TERM_NONE)
		return ff_error_set(err, FF_EAFTER_END, "the game is already over");
	if (p->w[0] == K_PLAY)
		do_moves(s, p);
	ff_hands_discard(&s->h, seat, p->w[1]);
	s->plies++;
	s->turn = (uint8_t)((seat + 1) % s->seats);
	/* only a move into home completes a side, and the side was not
	   complete before (the game would have ended): asked after every ply,
	   which costs less than a branch on what the ply did */
	if (side_home(s, side)) {
		s->term = FF_TERM_NORMAL;
		s->winner = (int8_t)side;
		if (p->post[0] != FF_NO_CARD)
			return ff_error_set(err, FF_EBAD_DRAW, "nothing is drawn after the winning play");
		return 0;
	}
	return ff_hands_draw(&s->h, seat, &p->post[0], chance, err);
}

/* --- set-up positions (docs/fgn.md, "Set-up positions") ---
   "PEGS HANDS PILE DISCARDS SEAT": each seat's five pegs, ',' between
   pegs and '/' between seats, each a place as plies write it (T12, S1,
   H1.3); the cards (lib/hands.h, ff_hands_setup_read); the seat to move. */

/* Read the pegs field f into s->b (every peg in its start area). Returns
   0 or -1 with err. */
static int setup_pegs(struct pj_state *s, const struct ff_setup_field *f, struct ff_error *err)
{
	size_t i = 0, end;
	int k, peg, loc;
	char name[12];

	for (k = 0; k < s->seats; k++)
		for (peg = 0; peg < PEGS; peg++) {
			char sep = peg + 1 < PEGS ? ',' : '/';

			for (end = i; end < f->len && f->p[end] != ',' && f->p[end] != '/'; end++)
				;
			if ((loc = parse_loc(&s->b, f->p + i, end - i)) == NOWHERE)
				return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: '%.*s' "
						    "is no place of the ring of %d seats (T0-T%d, S1-S%d, "
						    "H1.1-H%d.5)", f->at + i + 1, (int)(end - i), f->p + i,
						    s->seats, s->b.len - 1, s->seats, s->seats);
			loc_name(loc, name);
			if ((loc >= LOC_START && loc < LOC_HOME && loc != LOC_START + k) ||
			    (is_home(loc) && home_seat(loc) != k))
				return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: seat "
						    "%d's peg in %s, another seat's %s", f->at + i + 1,
						    k + 1, name, is_home(loc) ? "home" : "start area");
			if (loc < LOC_START && peg_at(&s->b, loc) != NOWHERE)
				return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: two "
						    "pegs on %s", f->at + i + 1, name);
			place(&s->b, k * PEGS + peg, loc);
			if (end == f->len ? k + 1 < s->seats || peg + 1 < PEGS : f->p[end] != sep ||
			    (k + 1 == s->seats && peg + 1 == PEGS))
				return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: "
						    "expected %d seats' five pegs, ',' between pegs and "
						    "'/' between seats", f->at + end + 1, s->seats);
			i = end + 1;
		}
	return 0;
}

static int pj_setup_read(void *st, const struct ff_config *cfg, const char *text, size_t len,
			 struct ff_error *err)
{
	struct pj_state *s = st;
	struct ff_setup_field f[6];
	uint64_t seat;
	int n = ff_setup_fields(text, len, f, 6), side, won = -1, last, k, held;

	(void)cfg;
	if (n != 5)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character 1: expected five "
				    "fields: the pegs, the hands, the pile, the discards, the seat "
				    "to move");
	if (setup_pegs(s, &f[0], err) || ff_hands_setup_read(&s->h, &f[1], &f[2], &f[3], err))
		return -1;
	if (ff_parse_uint(f[4].p, f[4].len, s->seats, &seat) || seat < 1)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: the seat to move "
				    "is 1 to %d", f[4].at + 1, s->seats);
	s->turn = (uint8_t)(seat - 1);
	s->term = FF_TERM_NONE;
	s->winner = -1;
	last = (s->turn + s->seats - 1) % s->seats;
	for (side = 0; side < s->sides; side++)
		if (side_home(s, side)) {
			if (won >= 0 || side != side_of(s, last))
				return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character 1: side %d "
						    "has every peg home, and the game would have ended "
						    "before seat %d's last play", side + 1, last + 1);
			won = side;
		}
	for (k = 0; k < s->seats; k++) {
		held = s->h.nhand[k] + s->h.unk[k];
		if (held != s->hsize && !(won >= 0 && k == last && held == s->hsize - 1))
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: seat %d "
					    "holds %d cards, a hand is %d", f[1].at + 1, k + 1, held,
					    s->hsize);
	}
	if (won >= 0) {
		s->term = FF_TERM_NORMAL;
		s->winner = (int8_t)won;
	}
	return 0;
}

static int pj_setup_write(const void *st, struct ff_buf *out)
{
	const struct pj_state *s = st;
	char name[12];
	int k, peg, rc = 0;

	for (k = 0; k < s->seats; k++)
		for (peg = 0; peg < PEGS; peg++) {
			loc_name(s->b.loc[k][peg], name);
			rc |= ff_buf_adds(out, name);
			rc |= ff_buf_addc(out, peg + 1 < PEGS ? ',' : k + 1 < s->seats ? '/' : ' ');
		}
	rc |= ff_hands_setup_write(&s->h, out);
	return rc | ff_buf_addf(out, " %d", s->turn + 1) ? -1 : 0;
}

static void pj_outcome(const void *st, struct ff_outcome *out)
{
	const struct pj_state *s = st;

	out->term = (enum ff_termination)s->term;
	out->winner = s->winner;
}

/* A line per seat: its start, its pegs on the track, its home. */
static void pj_render(const void *st, struct ff_buf *out)
{
	const struct pj_state *s = st;
	int k, i, j, start;
	char name[12];

	ff_buf_addf(out, "  track T0-T%d; seat k comes out on T[18(k-1)+8], turns home at "
		    "T[18(k-1)+3]\n", s->b.len - 1);
	for (k = 0; k < s->seats; k++) {
		start = 0;
		for (i = 0; i < PEGS; i++)
			start += s->b.loc[k][i] == LOC_START + k;
		ff_buf_addf(out, "  seat %d (side %d, out T%d, in T%d): start %d, track", k + 1,
			    side_of(s, k) + 1, comeout(&s->b, k), inspot(&s->b, k), start);
		for (i = 0; i < s->b.len; i++)
			if (s->b.track[i] != NOWHERE && s->b.track[i] / PEGS == k) {
				loc_name(i, name);
				ff_buf_addf(out, " %s", name);
			}
		ff_buf_adds(out, ", home ");
		for (j = 1; j <= 5; j++)
			ff_buf_addc(out, peg_at(&s->b, home_of(k, j)) != NOWHERE ? 'o' : '.');
		ff_buf_adds(out, ", hand");
		ff_hands_render(&s->h, k, out);
		ff_buf_addc(out, '\n');
	}
	ff_buf_adds(out, "  ");
	ff_hands_render_piles(&s->h, out);
	ff_buf_addc(out, '\n');
}

/* The position as JSON (docs/json.md, "fivefold show --format json"): the track's
   length; per seat its side, come-out hole and in-spot, its pegs in the
   start area (a count), on the track and in its home (hole names, in
   order), and its hand; then the piles. */
static int pj_render_json(const void *st, struct ff_buf *out)
{
	const struct pj_state *s = st;
	int k, i, j, n, start, rc = ff_buf_addf(out, "{\"track_length\":%d,\"seats\":[", s->b.len);
	char name[12];

	for (k = 0; k < s->seats; k++) {
		start = 0;
		for (i = 0; i < PEGS; i++)
			start += s->b.loc[k][i] == LOC_START + k;
		rc |= ff_buf_addf(out, "%s{\"seat\":%d,\"side\":%d,\"come_out\":\"T%d\","
				  "\"in_spot\":\"T%d\",\"start\":%d,\"track\":[", k ? "," : "", k + 1,
				  side_of(s, k) + 1, comeout(&s->b, k), inspot(&s->b, k), start);
		for (i = 0, n = 0; i < s->b.len; i++)
			if (s->b.track[i] != NOWHERE && s->b.track[i] / PEGS == k) {
				loc_name(i, name);
				rc |= ff_buf_addf(out, "%s\"%s\"", n++ ? "," : "", name);
			}
		rc |= ff_buf_adds(out, "],\"home\":[");
		for (j = 1, n = 0; j <= 5; j++)
			if (peg_at(&s->b, home_of(k, j)) != NOWHERE) {
				loc_name(home_of(k, j), name);
				rc |= ff_buf_addf(out, "%s\"%s\"", n++ ? "," : "", name);
			}
		rc |= ff_buf_adds(out, "],\"hand\":");
		rc |= ff_hands_json(&s->h, k, out);
		rc |= ff_buf_addc(out, '}');
	}
	rc |= ff_buf_adds(out, "],");
	rc |= ff_hands_json_piles(&s->h, out);
	rc |= ff_buf_addc(out, '}');
	return rc ? -1 : 0;
}

/* Where a hole of the picture is: the centre (cx, cy), the ring's radius
   R, the angle of track hole t (clockwise from the top) and a radius. */
struct ring_geo {
	double cx, cy, R;
	int len;
};

static void at(const struct ring_geo *g, double t, double radius, double *x, double *y)
{
	ff_svg_polar(g->cx, g->cy, radius, t / g->len, x, y);
}

/* A hole at (x, y), with the marker of the peg in it (its seat's shape,
   colour and number), if any. */
static void svg_hole(struct ff_buf *out, double x, double y, int peg)
{
	char n[12];

	if (peg == NOWHERE) {
		ff_svg_circle(out, x, y, 5, "#BBBBBB", "#777777", 1);
		return;
	}
	snprintf(n, sizeof n, "%d", peg / PEGS + 1);
	ff_svg_marker(out, x, y, 9, peg / PEGS, 0, n);
}

/* Seat k's places: its start area (inside the ring by its come-out hole,
   ringed in its colour), its five home holes (inward from its in-spot),
   and its name outside the ring. */
static void svg_seat(const struct pj_state *s, const struct ring_geo *g, int k, struct ff_buf *out)
{
	double x, y;
	int i, in = 0;

	at(g, comeout(&s->b, k), g->R, &x, &y);
	ff_svg_circle(out, x, y, 12, "none", ff_svg_colour(k), 3);
	at(g, inspot(&s->b, k), g->R, &x, &y);
	ff_svg_circle(out, x, y, 12, "none", ff_svg_colour(k), 1.5);
	for (i = 0; i < PEGS; i++)
		in += s->b.loc[k][i] == LOC_START + k;
	for (i = 0; i < PEGS; i++) {
		at(g, comeout(&s->b, k) + (i - 2) * 1.4, g->R - 56, &x, &y);
		svg_hole(out, x, y, i < in ? k * PEGS : NOWHERE);
		at(g, inspot(&s->b, k), g->R - 24 * (i + 1), &x, &y);
		svg_hole(out, x, y, peg_at(&s->b, home_of(k, i + 1)));
	}
	at(g, comeout(&s->b, k), g->R - 80, &x, &y);
	ff_svg_text(out, x, y + 4, 11, "middle", "#000000", "start %d", k + 1);
	at(g, inspot(&s->b, k), g->R - 24 * 6 - 8, &x, &y);
	ff_svg_text(out, x, y + 4, 11, "middle", "#000000", "home %d", k + 1);
	at(g, SIDE * k + 13, g->R + 60, &x, &y);
	ff_svg_text(out, x, y + 5, 14, "middle", ff_svg_colour(k), "seat %d (side %d)", k + 1,
		    side_of(s, k) + 1);
}

/* The ring of track holes T0.. clockwise from the top, each seat's start
   area, come-out hole (thick ring), in-spot (thin ring) and home, every
   peg as its seat's marker; then the hands and piles as text. */
static void pj_render_svg(const void *st, const char *caption, struct ff_buf *out)
{
	const struct pj_state *s = st;
	struct ring_geo g;
	struct ff_buf line = FF_BUF_INIT;
	double x, y, size;
	int t, k;

	g.len = s->b.len;
	g.R = 22.0 * g.len / (2 * 3.14159265358979323846);   /* 22 units between holes */
	size = 2 * g.R + 220;
	g.cx = size / 2;
	g.cy = size / 2 + 30;
	ff_svg_begin(out, size, size + 40 + 20 * (s->seats + 1), "Pegs and Jokers");
	if (caption)
		ff_svg_text(out, size / 2, 22, 13, "middle", "#000000", "%s", caption);
	for (t = 0; t < g.len; t++) {
		at(&g, t, g.R, &x, &y);
		svg_hole(out, x, y, s->b.track[t]);
		if (t % SIDE == 0) {
			at(&g, t, g.R + 16, &x, &y);
			ff_svg_text(out, x, y + 4, 9, "middle", "#666666", "T%d", t);
		}
	}
	for (k = 0; k < s->seats; k++)
		svg_seat(s, &g, k, out);
	for (k = 0, y = size + 50; k < s->seats; k++, y += 20) {
		ff_buf_reset(&line);
		ff_hands_render(&s->h, k, &line);
		ff_svg_text(out, 20, y, 13, "start", "#000000", "seat %d hand:%s", k + 1,
			    line.p ? line.p : "");
	}
	ff_buf_reset(&line);
	ff_hands_render_piles(&s->h, &line);
	ff_svg_text(out, 20, y, 13, "start", "#000000", "%s", line.p ? line.p : "");
	ff_buf_free(&line);
	ff_svg_end(out);
}

/* --- the greedy agent ---

   Scores the position after each ply from the board alone: the team's
   progress (holes travelled from the start, home counting most) less the
   opponents', so that bumping pays; pegs home count extra and a peg within
   one card of its in-spot a little; a joker or a 7 played without entering
   home or bumping someone is held back by a penalty. */

/* Holes travelled by seat c's peg at loc (0 in the start). */
static int progress(const struct board *b, int c, int loc)
{
	if (is_home(loc))
		return b->len + home_j(loc) * 4;
	if (!is_track(loc))
		return 0;
	return 1 + (loc - comeout(b, c) + b->len) % b->len;
}

static long board_value(const struct pj_state *s, const struct board *b, int side)
{
	long v = 0;
	int k, i;

	for (k = 0; k < s->seats; k++)
		for (i = 0; i < PEGS; i++) {
			int pr = progress(b, k, b->loc[k][i]);

			v += side_of(s, k) == side ? 10L * pr : -6L * pr;
		}
	return v;
}

/* Each side's share of the win, guessed from the board: a softmax over
   the sides of their pegs' mean progress in laps, at EVAL_SCALE a lap
   (a side a tenth of a lap a peg ahead is e times as likely to win as
   one level with it). For search agents that cut playouts short. */
#define EVAL_SCALE 10.0
static void pj_evaluate(const void *st, double *share)
{
	const struct pj_state *s = st;
	double v[FF_MAX_SEATS] = { 0 }, n[FF_MAX_SEATS] = { 0 }, top = -1e300, sum = 0;
	int k, i;

	for (k = 0; k < s->seats; k++)
		for (i = 0; i < PEGS; i++) {
			v[side_of(s, k)] += progress(&s->b, k, s->b.loc[k][i]);
			n[side_of(s, k)] += s->b.len;
		}
	for (k = 0; k < s->sides; k++) {
		v[k] = EVAL_SCALE * v[k] / n[k];
		if (v[k] > top)
			top = v[k];
	}
	for (k = 0; k < s->sides; k++)
		sum += share[k] = exp(v[k] - top);
	for (k = 0; k < s->sides; k++)
		share[k] /= sum;
}

static long greedy_score(const void *st, const struct ff_ply *p, void *ctx)
{
	const struct pj_state *s = st;
	int side = side_of(s, s->turn), r = rank_of(p->w[1]);
	long before, after;
	struct board b = s->b;

	(void)ctx;
	if (p->w[0] == K_DISCARD)   /* keep jokers, 7s and face cards */
		return -1000000L - (p->w[1] == FF_JOKER ? 500 : r == 6 ? 300 : r >= 10 || r == 0 ? 100 : 0);
	before = board_value(s, &b, side);
	move_peg(&b, s, peg_at(&b, p->w[2]), p->w[3]);
	if (p->w[6])
		move_peg(&b, s, peg_at(&b, p->w[4]), p->w[5]);
	after = board_value(s, &b, side);
	if ((p->w[1] == FF_JOKER || r == 6) && after - before < 400)
		after -= 2000;
	return after - before;
}

static int greedy_choose(const void *st, const struct ff_ply *legal, int n, struct ff_rng *rng)
{
	return ff_agent_argmax(st, legal, n, rng, greedy_score, NULL);
}

static void greedy_rank(const void *st, const struct ff_ply *legal, int n, long *score)
{
	ff_agent_scores(st, legal, n, score, greedy_score, NULL);
}

/* The hands seat's player does not hold, and the pile's order, redealt
   (ff_hands). In the two-player form a player holds both hands of its
   side; partners in teams do not see each other's. */
static void pj_determinize(void *st, int seat, struct ff_rng *rng)
{
	struct pj_state *s = st;
	unsigned visible = 1u << seat;
	int t;

	for (t = 0; s->two && t < s->seats; t++)
		if (side_of(s, t) == side_of(s, seat))
			visible |= 1u << t;
	ff_hands_determinize(&s->h, visible, rng);
}

static const struct ff_agent pj_agents[] = {
	{ .name = "greedy", .help = "progress home, bump opponents, keep jokers and 7s for plays "
		"that gain much", .choose = greedy_choose,
	  .rank = greedy_rank },
};

/* mcts where the user gives no options (measured: docs/agents.md) */
static const struct ff_agent_defaults pj_agent_defaults[] = {
	/* playouts of hundreds of plies cost too much: the tree's leaves
	   are scored by pj_evaluate at once */
	{ "mcts", 0, "cut=0" },
};

const struct ff_rules ff_pegsjokers_rules = {
	.name = "pegsjokers",
	.title = "Pegs and Jokers",
	.presets = pj_presets,
	.npresets = 2,
	.options = pj_options,
	.noptions = O_COUNT,
	.seats_min = 4,
	.seats_max = 8,
	.seats_default = 4,
	.seat_counts = 1u << 4 | 1u << 6 | 1u << 8,
	.state_size = sizeof(struct pj_state),
	.init = pj_init,
	.sides = pj_sides,
	.side_of = pj_side_of,
	.to_move = pj_to_move,
	.legal = pj_legal,
	.sample = pj_sample,
	.is_legal = pj_is_legal,
	.parse = pj_parse,
	.format = pj_format,
	.format_post = pj_format_post,
	.explain = pj_explain,
	.apply = pj_apply,
	.outcome = pj_outcome,
	.render = pj_render,
	.render_svg = pj_render_svg,
	.render_json = pj_render_json,
	.setup_read = pj_setup_read,
	.setup_write = pj_setup_write,
	.determinize = pj_determinize,
	.evaluate = pj_evaluate,
	.agents = pj_agents,
	.nagents = 1,
	.agent_defaults = pj_agent_defaults,
	.nagent_defaults = 1,
};
