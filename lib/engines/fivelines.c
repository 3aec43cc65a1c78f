/* The Five Lines (Pente Grammai) rules engine: Schaedler's, Kidd's and the
   two Locus Ludi readings, with every variant option of docs/rules.md.

   Board: a ring of 10 points 0-9 (docs/sources.md); both sides move
   p -> (p+d) mod 10. Side 0 (seat 1, "A") has its goal on 7, side 1 (seat 2,
   "B") on 2. A piece off the board ("in hand", written x) enters as if it
   stood on the point before its entry point: 9 for A, 4 for B, so a throw
   d enters on d-1 (A) or (5+d-1) mod 10 (B). In the Locus Ludi presets a
   piece that lands on its own goal leaves the ring for the central sacred
   line ("home") and never moves again.

   Decisions the sources leave open, made here and listed in docs/rules.md:
   - holy-hit=no: a lone enemy piece on point 2 or 7 cannot be hit; the
     mover's piece lands beside it (two or more still block, as anywhere).
   - Locus Ludi with start=opponent-line: a point holding two or more enemy
     pieces (only possible from that start) blocks, in knock-off too.
   - nonexact: the goal is an extra destination when it lies strictly
     between the piece and the point the throw reaches.
   - skip-last=strict (docs/rules.md): exactly one piece not on the
     goal, its plain move legal, and the throw larger than its distance to
     the (nearest) goal. */
#include "config.h"

#define FF_RULES_DOOR 1   /* an engine defines its hooks (lib/ruleset.h, FF_HOOK) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/dice.h"
#include "lib/ruleset.h"
#include "lib/setup.h"
#include "lib/svg.h"

enum { SCHAEDLER, KIDD, LL_RACE, LL_KNOCK };
enum { PIECES = 5, POINTS = 10, HAND = 10 };
/* Most moves one throw can give: 11 origins x (1 + 2 goal stops). */
#define MAXMV 40
enum { K_MOVE = 1, K_NONE = 2, K_SKIP = 3 };   /* ply.w[0] */
/* ply.w[1] = from (0-9 or HAND), w[2] = to, w[3] = 1 on a hit, w[4] = 1 when
   the record marks a hit ('*') that the move does not make (never legal) */

/* Option indexes: the order of fl_options below. */
enum { O_SKIP, O_FOUR, O_NONEXACT, O_EXTRA, O_START, O_DICE, O_GOAL, O_ENTRY,
       O_HOLYHIT, O_LEAVE, O_COUNT };

#define P_ALL 0u
#define P_KIDD (1u << KIDD)
#define P_LOCUS ((1u << LL_RACE) | (1u << LL_KNOCK))

static const struct ff_preset_desc fl_presets[] = {
	{ "schaedler", "Schaedler: pieces start on the board, one per point off the sacred line, no hitting" },
	{ "kidd", "Kidd: pieces enter from off the board, two or more block, a lone piece is hit" },
	{ "locusludi-race", "Locus Ludi race: enter from the hand, one piece per point, goal leads to the central line" },
	{ "locusludi-knockoff", "Locus Ludi knock-off: as race, landing on an enemy piece sends it to its hand" },
};

static const struct ff_option_desc fl_options[] = {
	[O_SKIP] = { "skip-last", "no|yes|strict", "no", P_ALL,
		     "with all pieces on the goal but one, the player may skip (strict: only when the throw would carry that piece past the goal)" },
	[O_FOUR] = { "four-stones", "no|yes", "no", P_ALL, "four pieces on the goal win" },
	[O_NONEXACT] = { "nonexact", "no|yes", "no", P_ALL,
			 "a piece may stop on its goal with a throw at least the distance" },
	[O_EXTRA] = { "extra-throw", "no|yes", "no", P_ALL,
		      "landing on point 2 or 7 gives the same side another throw" },
	[O_START] = { "start", "standard|opponent-line|board", "standard", P_ALL,
		      "opponent-line: all pieces start on the opponent's goal; board (kidd): Schaedler's start" },
	[O_DICE] = { "dice", "d6|knuckle|painted|d4", "d6", P_ALL,
		     "the die: d6, knucklebone (1-4 at 10/40/40/10%), painted d6 (5->3, 6->2), d4" },
	[O_GOAL] = { "goal", "own|either", "own", (1u << SCHAEDLER) | P_KIDD,
		     "either: all pieces anywhere on points 2 and 7 win" },
	[O_ENTRY] = { "entry", "priority|forced", "priority", P_KIDD | P_LOCUS,
		      "priority: entering is compulsory when possible; forced: while a piece is off the board only entering is allowed" },
	[O_HOLYHIT] = { "holy-hit", "no|yes", "yes", P_KIDD,
			"a lone piece on point 2 or 7 can be hit" },
	[O_LEAVE] = { "must-leave-holy", "no|yes", "yes", P_KIDD,
		      "no: a player all of whose legal moves start on the goal may pass" },
};

/* The position and the rules in force. Invariants: for each side s,
   hand[s] + home[s] + sum(n[s][p]) == PIECES; turn is 0 or 1; over != 0
   exactly when term != FF_TERM_NONE. */
struct fl_state {
	/* rules */
	uint8_t preset, skip, need, nonexact, extra, either, forced, holy_hit, leave;
	uint8_t may_block;     /* 0 when no position can be a deadlock */
	int8_t dice;           /* the die: its index in the dice table (ff_dice_at) */
	uint8_t faces;         /* bit v set when the die can show v (v < 8) */
	/* position */
	uint8_t n[2][POINTS];  /* pieces of side s on point p */
	uint8_t hand[2];       /* off the board */
	uint8_t home[2];       /* on the central sacred line (Locus Ludi) */
	uint8_t turn;          /* side to move */
	uint8_t term;          /* enum ff_termination */
	int8_t winner;         /* side that won, -1 otherwise */
	uint32_t plies;        /* plies played */
};

/* The die in use (the state holds its index: plain data, no pointers). */
static inline const struct ff_dice *die(const struct fl_state *s)
{
	return ff_dice_at(s->dice);
}

/* Can the die in use show d? */
static inline int shows(const struct fl_state *s, int d)
{
	return d > 0 && d < 8 && s->faces >> d & 1;
}

/* x mod POINTS for x >= 0; cheap and without a branch on the data for
   the usual x < 2 * POINTS, still right for the odd throw of a malformed
   record. */
static inline int ring(int x)
{
	return x < 2 * POINTS ? x - POINTS * (x >= POINTS) : x % POINTS;
}

static const int goal_of[2] = { 7, 2 };
static const int virt_of[2] = { 9, 4 };   /* where a piece in hand "stands" */

static int locus(const struct fl_state *s)
{
	return s->preset == LL_RACE || s->preset == LL_KNOCK;
}

static int is_goal(const struct fl_state *s, int side, int p)
{
	return s->either ? (p == 2) | (p == 7) : p == goal_of[side];
}

static int on_goal(const struct fl_state *s, int side)
{
	if (locus(s))
		return s->home[side];
	if (s->either)
		return s->n[side][2] + s->n[side][7];
	return s->n[side][goal_of[side]];
}

/* Forward distance from point p (or HAND) to the nearest goal point. */
static int goal_dist(const struct fl_state *s, int side, int p)
{
	int from = p == HAND ? virt_of[side] : p, d;

	for (d = 1; d <= POINTS; d++)
		if (is_goal(s, side, ring(from + d)))
			return d;
	return POINTS;
}

/* Can side land on point to? Sets *hit when the landing sends an enemy
   piece off the board. */
static inline int can_land(const struct fl_state *s, int side, int to, int *hit)
{
	int e = s->n[1 - side][to], own = s->n[side][to];

	*hit = 0;
	switch (s->preset) {
	case SCHAEDLER:   /* | not ||: no branch on where a random game goes */
		return (to == 2) | (to == 7) | (own + e == 0);
	case KIDD:
		if (e >= 2)
			return 0;
		if (e == 1 && (s->holy_hit || (to != 2 && to != 7)))
			*hit = 1;
		return 1;
	default:
		if (to == goal_of[side] && e == 0)
			return 1;   /* straight on to the central line */
		if (own && to != goal_of[side])
			return 0;
		if (e == 0)
			return 1;
		if (s->preset == LL_RACE || e >= 2)
			return 0;
		*hit = 1;
		return 1;
	}
}

static inline void set_move(struct ff_ply *p, int roll, int from, int to, int hit)
{
	*p = (struct ff_ply){ .chance = roll, .post = { FF_NO_CARD, FF_NO_CARD } };
	p->w[0] = K_MOVE;
	p->w[1] = (int16_t)from;
	p->w[2] = (int16_t)to;
	p->w[3] = (int16_t)hit;
}

static void set_kind(struct ff_ply *p, int roll, int kind)
{
	*p = (struct ff_ply){ .chance = roll, .post = { FF_NO_CARD, FF_NO_CARD } };
	p->w[0] = (int16_t)kind;
}

/* A move as gen_moves finds it: from (a point or HAND), to, and whether
   it hits; set_move makes it a ply. */
struct mv {
	int8_t from, to, hit;
};

/* Append the moves of the piece(s) on from (or HAND) for throw d. The
   plain move is stored at out[0] whether or not it counts (the count
   says): no branch on the position, which a random game mispredicts. */
static inline int piece_moves(const struct fl_state *s, int side, int from, int d,
			      struct mv *out)
{
	int start = from == HAND ? virt_of[side] : from;
	int base = ring(start + d), n, hit, k;

	n = can_land(s, side, base, &hit);
	out[0] = (struct mv){ (int8_t)from, (int8_t)base, (int8_t)hit };
	if (s->nonexact) {
		for (k = 1; k < d; k++) {
			int to = ring(start + k);

			if (is_goal(s, side, to) && can_land(s, side, to, &hit))
				out[n++] = (struct mv){ (int8_t)from, (int8_t)to, (int8_t)hit };
		}
	}
	return n;
}

/* The moves (no pass plies) of side for throw d; returns the count. */
/* Are a side's moves found faster by trying every point, empty ones too,
   than by a branch on each point? Where a point's moves cost little and
   no branch (Schaedler's can_land; not with nonexact's loop) and the
   pieces stand on many points, which ones changes at random in a game and
   a branch on it is mispredicted: Schaedler. Where the pieces start in
   hand (Locus Ludi), most points are empty and the branch is cheaper
   (simulate Locus Ludi race, 50,000 games: 0.57 s against 0.42 s), and
   with Kidd's branching can_land too (20,000 games: 8.34 s, 8.02 s). */
static inline int dense(const struct fl_state *s)
{
	return s->preset == SCHAEDLER && !s->nonexact;
}

static int gen_moves(const struct fl_state *s, int side, int d, struct mv *out)
{
	int n = 0, p;

	/* (Schaedler's pieces never leave the board, so hand[] stays 0.) */
	if (s->hand[side]) {
		n = piece_moves(s, side, HAND, d, out);
		if (n || s->forced)
			return n;
	}
	/* every point: an empty one's moves are stored past the count and
	   not counted (out has room: MAXMV) where that is cheaper (dense) */
	if (!dense(s)) {
		for (p = 0; p < POINTS; p++)
			if (s->n[side][p])
				n += piece_moves(s, side, p, d, out + n);
		return n;
	}
	for (p = 0; p < POINTS; p++)
		n += piece_moves(s, side, p, d, out + n) & -(int)(s->n[side][p] != 0);
	return n;
}

/* May side pass voluntarily (written ROLL:skip) given its moves? */
static int may_skip(const struct fl_state *s, int side, int d, const struct mv *mv, int n)
{
	int i, last = -1;

	if (n == 0)
		return 0;
	if (!s->leave && s->preset == KIDD) {
		for (i = 0; i < n; i++)
			if (mv[i].from == HAND || !is_goal(s, side, mv[i].from))
				break;
		if (i == n)
			return 1;
	}
	if (!s->skip || PIECES - on_goal(s, side) != 1)
		return 0;
	if (s->skip == 1)
		return 1;
	/* strict: find the last piece, its plain move must be legal and the
	   throw must carry it past the goal */
	if (s->hand[side])
		last = HAND;
	else
		for (i = 0; i < POINTS; i++)
			if (s->n[side][i] && !is_goal(s, side, i))
				last = i;
	if (last < 0 || d <= goal_dist(s, side, last))
		return 0;
	for (i = 0; i < n; i++) {
		int start = last == HAND ? virt_of[side] : last;

		if (mv[i].from == last && mv[i].to == ring(start + d))
			return 1;
	}
	return 0;
}

/* The moves for throw d (mv, *nmv of them) and legal()'s count: the
   moves, then a skip where one is allowed; a lone pass when none. */
static int moves_of(const struct fl_state *s, int d, struct mv *mv, int *nmv)
{
	int n = *nmv = gen_moves(s, s->turn, d, mv);

	return n == 0 ? 1 : n + may_skip(s, s->turn, d, mv, n);
}

/* legal()'s ply number k, of n, given the moves. */
static void ply_at(int d, const struct mv *mv, int nmv, int k, struct ff_ply *out)
{
	if (nmv == 0)
		set_kind(out, d, K_NONE);
	else if (k == nmv)
		set_kind(out, d, K_SKIP);
	else
		set_move(out, d, mv[k].from, mv[k].to, mv[k].hit);
}

static int fl_legal(const void *st, int d, struct ff_ply *out)
{
	struct mv mv[MAXMV];
	int nmv, n = moves_of(st, d, mv, &nmv), k;

	for (k = 0; k < n; k++)
		ply_at(d, mv, nmv, k, &out[k]);
	return n;
}

/* The same, building only the ply picked (an exact sample hook). */
static int fl_sample(const void *st, int d, int (*pick)(void *ctx, int n), void *ctx,
		     struct ff_ply *out)
{
	struct mv mv[MAXMV];
	int nmv, n = moves_of(st, d, mv, &nmv);

	ply_at(d, mv, nmv, pick(ctx, n), out);
	return 0;
}

/* Can the piece(s) on from (or HAND) move with throw d? */
static inline int piece_can_move(const struct fl_state *s, int side, int from, int d)
{
	int start = from == HAND ? virt_of[side] : from, hit, k;
	int ok = can_land(s, side, ring(start + d), &hit);

	for (k = 1; s->nonexact && k < d; k++)
		ok |= is_goal(s, side, ring(start + k)) & can_land(s, side, ring(start + k), &hit);
	return ok;
}

/* Has side a move for throw d? gen_moves' rules, stopping at the first
   move and building no plies (this runs after every ply). */
static int has_move(const struct fl_state *s, int side, int d)
{
	int p, any = 0;

	if (s->hand[side]) {
		if (piece_can_move(s, side, HAND, d))
			return 1;
		if (s->forced)
			return 0;
	}
	/* every point, with & and |, where dense, as gen_moves */
	if (!dense(s)) {
		for (p = 0; p < POINTS; p++)
			if (s->n[side][p] && piece_can_move(s, side, p, d))
				return 1;
		return 0;
	}
	for (p = 0; p < POINTS; p++)
		any |= (s->n[side][p] != 0) & piece_can_move(s, side, p, d);
	return any;
}

/* Is the move from (or HAND) to, with throw d, among gen_moves' moves?
   Sets *hit as that move would. No list is made. */
static int move_is_legal(const struct fl_state *s, int side, int d, int from, int to, int *hit)
{
	int start, k;

	if (from == HAND ? !s->hand[side] : from < 0 || from >= POINTS || !s->n[side][from])
		return 0;
	/* while a piece is in hand, the other pieces move only when no piece
	   can enter (priority) or never (forced) */
	if (from != HAND && s->hand[side] && (s->forced || piece_can_move(s, side, HAND, d)))
		return 0;
	start = from == HAND ? virt_of[side] : from;
	if (to == ring(start + d))
		return can_land(s, side, to, hit);
	for (k = 1; s->nonexact && k < d; k++)
		if (to == ring(start + k) && is_goal(s, side, to))
			return can_land(s, side, to, hit);
	return 0;
}

/* fl_legal's membership test without listing every move: a move is
   checked where it stands; a pass needs no move to exist; only a skip
   looks at the whole list (may_skip's conditions read it). */
/* Is skipping with throw d allowed? (out of line: its list of moves
   stays off the stack of the usual checks) */
static int __attribute__((noinline)) skip_is_legal(const struct fl_state *s, int side, int d)
{
	struct mv mv[MAXMV];

	return may_skip(s, side, d, mv, gen_moves(s, side, d, mv));
}

static int fl_is_legal(const void *st, const struct ff_ply *p)
{
	const struct fl_state *s = st;
	int d = p->chance, side = s->turn, hit = 0;
	uint32_t w45, wab;
	uint64_t w69;

	/* the words a ply of its kind leaves 0 (set_move, set_kind): w[4..11]
	   in three loads, and w[1..3] but for a move. The loads are 4, 8, 4
	   bytes at offsets 12, 16, 24: each inside one of the 8- or 16-byte
	   stores that just cleared the ply, so the store forwards to it (a
	   load across two stores waits until they are written) */
	memcpy(&w45, &p->w[4], sizeof w45);
	memcpy(&w69, &p->w[6], sizeof w69);
	memcpy(&wab, &p->w[10], sizeof wab);
	if (w45 | w69 | wab || (p->w[0] != K_MOVE && (p->w[1] | p->w[2] | p->w[3])))
		return 0;
	switch (p->w[0]) {
	case K_MOVE:
		return move_is_legal(s, side, d, p->w[1], p->w[2], &hit) && p->w[3] == hit;
	case K_NONE:
		return !has_move(s, side, d);
	case K_SKIP:
		return skip_is_legal(s, side, d);
	default:
		return 0;
	}
}

_Static_assert(FF_PLY_WORDS == 12 && offsetof(struct ff_ply, w) == 4,
	       "fl_is_legal reads w[4..11] at offsets 12, 16, 24");

/* Can side move with some face of the die? */
static int can_move(const struct fl_state *s, int side)
{
	int i;

	for (i = 0; i < die(s)->nfaces; i++)
		if (has_move(s, side, die(s)->faces[i]))
			return 1;
	return 0;
}

static int fl_init(void *st, const struct ff_config *cfg, struct ff_rng *chance,
		   struct ff_error *err)
{
	struct fl_state *s = st;
	int side, p, k, start = cfg->opt[O_START];

	memset(s, 0, sizeof *s);
	if (cfg->seats != 2)
		return ff_error_set(err, FF_EBAD_TAG, "game 'fivelines' has 2 seats, not %d",
				    cfg->seats);
	s->preset = (uint8_t)cfg->preset;
	s->skip = (uint8_t)cfg->opt[O_SKIP];
	s->need = cfg->opt[O_FOUR] ? 4 : PIECES;
	s->nonexact = (uint8_t)cfg->opt[O_NONEXACT];
	s->extra = (uint8_t)cfg->opt[O_EXTRA];
	s->either = (uint8_t)cfg->opt[O_GOAL];
	s->forced = (uint8_t)cfg->opt[O_ENTRY];
	s->holy_hit = (uint8_t)cfg->opt[O_HOLYHIT];
	s->leave = (uint8_t)cfg->opt[O_LEAVE];
	s->dice = (int8_t)cfg->opt[O_DICE];
	for (k = 0; k < die(s)->nfaces; k++)   /* faces are 1..6 */
		s->faces |= (uint8_t)(1u << die(s)->faces[k]);
	/* Schaedler with a die showing 1-5: every piece has a sacred point
	   (open to all) 1-5 points ahead, so a side can always move and the
	   deadlock test after each ply can be skipped. */
	s->may_block = !(s->preset == SCHAEDLER && die(s)->nfaces >= 5);
	if (start == 2 && s->preset != KIDD)
		return ff_error_set(err, FF_EBAD_OPTION,
				    "option 'start=board' applies to preset 'kidd' only");
	/* every piece would start on a sacred point: both sides have won */
	if (start == 1 && s->either)
		return ff_error_set(err, FF_EBAD_OPTION,
				    "options 'goal=either' and 'start=opponent-line' cannot go together: "
				    "both sides would start with all pieces on the goal");
	for (side = 0; side < 2; side++) {
		if (start == 1) {
			s->n[side][goal_of[1 - side]] = PIECES;
		} else if (s->preset == SCHAEDLER || start == 2) {
			for (p = 0; p < PIECES; p++)
				s->n[side][side * 5 + p] = 1;
		} else {
			s->hand[side] = PIECES;
		}
	}
	s->turn = (uint8_t)cfg->first;
	s->winner = -1;
	(void)chance;
	return 0;
}

static int fl_sides(const void *st)
{
	return 2;
}

static int fl_side_of(const void *st, int seat)
{
	return seat;
}

static int fl_to_move(const void *st)
{
	return ((const struct fl_state *)st)->turn;
}

static int fl_roll(const void *st, struct ff_rng *chance)
{
	return die(st)->roll(chance);
}

/* The bad-roll error for a throw d the die cannot show: -1 with err. */
static int __attribute__((noinline)) bad_roll(const struct fl_state *s, int d,
					     struct ff_error *err)
{
	return ff_error_set(err, FF_EBAD_ROLL, "throw %d is not a face of the die '%s' (faces %d-%d)",
			    d, die(s)->name, die(s)->faces[0],
			    die(s)->faces[die(s)->nfaces - 1]);
}

static int fl_check_chance(const void *st, int d, struct ff_error *err)
{
	return shows(st, d) ? 0 : bad_roll(st, d, err);
}

/* The die's faces and their weights (ff_dice). */
static int fl_chances(const void *st, int *outcome, int *weight, int *total)
{
	const struct ff_dice *d = die(st);
	int i;

	for (i = 0; i < d->nfaces; i++) {
		outcome[i] = d->faces[i];
		weight[i] = d->weight[i];
	}
	*total = d->total;
	return d->nfaces;
}

/* The position: pieces per side and point, off the board and on the
   sacred line, the side to move and how the game ended (not the plies
   played, which no rule reads). */
static size_t fl_key(const void *st, uint8_t *out)
{
	const struct fl_state *s = st;
	uint8_t *q = out;

	memcpy(q, s->n, sizeof s->n);
	q += sizeof s->n;
	*q++ = s->hand[0];
	*q++ = s->hand[1];
	*q++ = s->home[0];
	*q++ = s->home[1];
	*q++ = s->turn;
	*q++ = s->term;
	*q++ = (uint8_t)s->winner;
	return (size_t)(q - out);
}

_Static_assert(2 * POINTS + 7 <= FF_MAX_KEY, "a Five Lines key fits FF_MAX_KEY");

/* Parse "R:" and return the offset after the colon, or -1. */
static int parse_roll(const char *t, size_t len, int *roll)
{
	size_t i = 0;
	int v = 0;

	while (i < len && t[i] >= '0' && t[i] <= '9' && i < 4)
		v = v * 10 + (t[i++] - '0');
	if (i == 0 || i >= len || t[i] != ':')
		return -1;
	*roll = v;
	return (int)i + 1;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A point 0-9, or x (or X) for off the board, or -1. */
static int parse_point(char c)
{
	if (c == 'x' || c == 'X')
		return HAND;
	if (is_digit(c))
		return c - '0';
	return -1;
}

/* Is t[0, 4) "skip", in any letter case? */
static int is_skip(const char *t)
{
	static const char skip[] = "skip";
	int i;

	for (i = 0; i < 4; i++)
		if ((t[i] | 0x20) != skip[i])
			return 0;
	return 1;
}

/* fl_parse for any token (out of line: the usual one needs none of it). */
static int __attribute__((noinline)) parse_any(const struct fl_state *s, const char *t,
					       size_t len, struct ff_ply *out,
					       struct ff_error *err)
{
	struct mv mv[MAXMV];
	const char *tok = t;   /* the whole token, for messages */
	int tlen = (int)len;
	int roll, i, from, to, star = 0, hit, n, k, found;

	i = parse_roll(t, len, &roll);
	if (i < 0)
		goto bad;
	if (fl_check_chance(s, roll, err))   /* before any list is made for it */
		return -1;
	t += i;
	len -= (size_t)i;
	if (len == 1 && t[0] == '-') {
		set_kind(out, roll, K_NONE);
		return 0;
	}
	if (len == 4 && is_skip(t)) {
		set_kind(out, roll, K_SKIP);
		return 0;
	}
	if (len && t[len - 1] == '*') {
		star = 1;
		len--;
	}
	if (len == 0 || (from = parse_point(t[0])) < 0)
		goto bad;
	if (len == 1) {
		/* short form: the one destination a throw gives this piece */
		n = gen_moves(s, s->turn, roll, mv);
		for (k = 0, found = -1; k < n; k++) {
			if (mv[k].from != from)
				continue;
			if (found >= 0)
				return ff_error_set(err, FF_ESYNTAX,
						    "ambiguous short ply '%.*s': write it in long form",
						    tlen, tok);
			found = k;
		}
		if (found >= 0) {
			set_move(out, roll, mv[found].from, mv[found].to, mv[found].hit);
		} else {
			int start = from == HAND ? virt_of[s->turn] : from;

			to = ring(start + roll);
			set_move(out, roll, from, to, 0);
		}
	} else {
		if (len != 3 || t[1] != '-' || (to = parse_point(t[2])) < 0 || to == HAND)
			goto bad;
		can_land(s, s->turn, to, &hit);
		set_move(out, roll, from, to, hit);
	}
	if (star && !out->w[3])
		out->w[4] = 1;
	return 0;
bad:
	return ff_error_set(err, FF_ESYNTAX,
			    "malformed ply '%.*s': expected ROLL:FROM-TO, ROLL:FROM, ROLL:- or ROLL:skip",
			    tlen, tok);
}

static int fl_parse(const void *st, const char *t, size_t len, struct ff_ply *out,
		    struct ff_error *err)
{
	const struct fl_state *s = st;
	int hit;

	/* the usual long form, R:F-T with three digits, at once (what
	   parse_any makes of it) */
	if (len == 5 && t[1] == ':' && t[3] == '-' && is_digit(t[0]) && is_digit(t[2]) &&
	    is_digit(t[4]) && shows(s, t[0] - '0')) {
		can_land(s, s->turn, t[4] - '0', &hit);
		set_move(out, t[0] - '0', t[2] - '0', t[4] - '0', hit);
		return 0;
	}
	return parse_any(s, t, len, out, err);
}

/* How many moves for throw d start on from (short form: one means the
   destination goes without saying)? Out of line: fl_format's usual long
   form needs no list on its stack. */
static int __attribute__((noinline)) moves_from(const struct fl_state *s, int d, int from)
{
	struct mv mv[MAXMV];
	int n = gen_moves(s, s->turn, d, mv), k, same = 0;

	for (k = 0; k < n; k++)
		same += mv[k].from == from;
	return same;
}

static int fl_format(const void *st, const struct ff_ply *ply, enum ff_ply_form form,
		     struct ff_buf *out)
{
	const struct fl_state *s = st;
	char *q;
	int same = 0, d = ply->chance;

	/* written in place: bytes stored one by one and loaded again as a
	   word at once (a copy) would stall the load */
	if (ff_buf_room(out, 16))
		return -1;
	q = out->p + out->len;
	if (d >= 10)
		*q++ = (char)('0' + d / 10 % 10);
	*q++ = (char)('0' + d % 10);
	*q++ = ':';
	if (ply->w[0] == K_NONE) {
		*q++ = '-';
	} else if (ply->w[0] == K_SKIP) {
		memcpy(q, "skip", 4);
		q += 4;
	} else {
		*q++ = ply->w[1] == HAND ? 'x' : (char)('0' + ply->w[1]);
		if (form == FF_FORM_SHORT)
			same = moves_from(s, d, ply->w[1]);
		if (same != 1) {
			*q++ = '-';
			*q++ = (char)('0' + ply->w[2]);
		}
		if (ply->w[3] || ply->w[4])
			*q++ = '*';
	}
	*q = '\0';
	out->len = (size_t)(q - out->p);
	return 0;
}

static void fl_explain(const void *st, const struct ff_ply *ply, struct ff_buf *out)
{
	const struct fl_state *s = st;
	struct mv mv[MAXMV];
	struct ff_ply first;
	int side = s->turn, d = ply->chance, from = ply->w[1], to = ply->w[2];
	int n, start, hit, k;

	if (!shows(s, d)) {
		ff_buf_addf(out, "throw %d is not a face of the die '%s'", d, die(s)->name);
		return;
	}
	n = gen_moves(s, side, d, mv);

	if (ply->w[0] == K_NONE) {
		ff_buf_addf(out, "a move is possible with throw %d (", d);
		set_move(&first, d, mv[0].from, mv[0].to, mv[0].hit);
		fl_format(st, &first, FF_FORM_LONG, out);
		ff_buf_adds(out, ")");
		return;
	}
	if (ply->w[0] == K_SKIP) {
		ff_buf_adds(out, n == 0 ? "no move is possible, write ROLL:- instead of skipping"
				       : "skipping is not allowed here");
		return;
	}
	if (from == HAND && !s->hand[side]) {
		ff_buf_addf(out, "seat %d has no piece off the board", side + 1);
		return;
	}
	if (from != HAND && !s->n[side][from]) {
		if (s->n[1 - side][from])
			ff_buf_addf(out, "point %d holds no piece of seat %d, only of seat %d",
				    from, side + 1, 2 - side);
		else
			ff_buf_addf(out, "point %d holds no piece of seat %d", from, side + 1);
		return;
	}
	start = from == HAND ? virt_of[side] : from;
	if (to != ring(start + d) &&
	    !(s->nonexact && is_goal(s, side, to) && ring(to - start + POINTS) < d)) {
		ff_buf_addf(out, "a throw of %d takes the piece %s%d to point %d, not %d", d,
			    from == HAND ? "entering from " : "on ", from == HAND ? virt_of[side] : from,
			    ring(start + d), to);
		if (from == HAND)
			ff_buf_addf(out, " (entering counts from point %d)", virt_of[side]);
		return;
	}
	if (!can_land(s, side, to, &hit)) {
		if (s->n[1 - side][to] >= 2 && s->preset == KIDD)
			ff_buf_addf(out, "point %d is blocked by %d pieces of seat %d", to,
				    s->n[1 - side][to], 2 - side);
		else
			ff_buf_addf(out, "point %d is occupied", to);
		return;
	}
	if (ply->w[4]) {
		if (s->n[1 - side][to] == 1 && s->preset == KIDD && !s->holy_hit && (to == 2 || to == 7))
			ff_buf_addf(out, "the ply marks a hit '*' but the lone piece on point %d cannot "
				    "be hit (holy-hit=no)", to);
		else
			ff_buf_addf(out, "the ply marks a hit '*' but the move hits nothing on point %d", to);
		return;
	}
	for (k = 0; k < n; k++)
		if (mv[k].from == HAND)
			break;
	if (from != HAND && s->hand[side] && (k < n || s->forced)) {
		ff_buf_adds(out, s->forced ? "while a piece is off the board only entering is allowed"
					   : "entering is compulsory when possible");
		return;
	}
	ff_buf_adds(out, "the move is not allowed here");
}

/* Play side's move from (or HAND) to, hitting (hit) or not, or with
   from < 0 no move (a pass or a skip); then the game may end, and the
   turn passes unless the move earns another. */
static void play_move(struct fl_state *s, int from, int to, int hit)
{
	int side = s->turn, again = 0;

	if (from >= 0) {
		if (from == HAND)
			s->hand[side]--;
		else
			s->n[side][from]--;
		if (hit) {
			s->n[1 - side][to]--;
			s->hand[1 - side]++;
		}
		if (locus(s) && to == goal_of[side])
			s->home[side]++;
		else
			s->n[side][to]++;
		again = s->extra && (to == 2 || to == 7);
	}
	s->plies++;
	if (on_goal(s, side) >= s->need) {
		s->term = FF_TERM_NORMAL;
		s->winner = (int8_t)side;
	} else if (s->may_block && !can_move(s, 0) && !can_move(s, 1)) {
		s->term = FF_TERM_BLOCKED;
	}
	if (!again)
		s->turn = (uint8_t)(1 - side);
}

static int fl_apply(void *st, struct ff_ply *ply, struct ff_rng *chance,
		    struct ff_error *err)
{
	struct fl_state *s = st;

	(void)chance;
	if (s->term != FF_TERM_NONE)
		return ff_error_set(err, FF_EAFTER_END, "the game is already over");
	if (ply->w[0] == K_MOVE)
		play_move(s, ply->w[1], ply->w[2], ply->w[3]);
	else
		play_move(s, -1, 0, 0);
	return 0;
}

/* --- set-up positions (docs/fgn.md, "Set-up positions") ---
   "PTS/HAND/HOME PTS/HAND/HOME SEAT": side A's then side B's ten points
   0-9 (one digit each: its pieces there), pieces in hand and on the
   central sacred line; then the seat to move, 1 or 2. */

/* Read one side's field f into s. Returns 0 or -1 with err. */
static int setup_side(struct fl_state *s, int side, const struct ff_setup_field *f,
		      struct ff_error *err)
{
	const char *t = f->p;
	int p, total = 0;

	if (f->len != 14 || t[10] != '/' || t[12] != '/')
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: side %c: "
				    "expected ten digits (points 0-9), '/', the pieces in hand, '/', "
				    "those on the central line, as in 1111100000/0/0", f->at + 1,
				    "AB"[side]);
	for (p = 0; p < 14; p++) {
		if (p == 10 || p == 12)
			continue;
		if (t[p] < '0' || t[p] > '0' + PIECES)
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: '%c' is "
					    "no count of pieces (0 to %d)", f->at + (size_t)p + 1, t[p],
					    PIECES);
		total += t[p] - '0';
		if (p < 10)
			s->n[side][p] = (uint8_t)(t[p] - '0');
	}
	s->hand[side] = (uint8_t)(t[11] - '0');
	s->home[side] = (uint8_t)(t[13] - '0');
	if (total != PIECES)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: side %c has %d "
				    "pieces, the game has %d", f->at + 1, "AB"[side], total, PIECES);
	if (s->home[side] && !locus(s))
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: side %c has "
				    "pieces on the central sacred line, which only the Locus Ludi "
				    "presets have", f->at + 14, "AB"[side]);
	if (s->hand[side] && s->preset == SCHAEDLER)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: side %c has "
				    "pieces in hand, which never leave the board in preset "
				    "'schaedler'", f->at + 12, "AB"[side]);
	if (locus(s) && s->n[side][goal_of[side]])
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: side %c has "
				    "pieces on its goal, point %d, which go on to the central line in "
				    "the Locus Ludi presets", f->at + (size_t)goal_of[side] + 1,
				    "AB"[side], goal_of[side]);
	return 0;
}

static int fl_setup_read(void *st, const struct ff_config *cfg, const char *text, size_t len,
			 struct ff_error *err)
{
	struct fl_state *s = st;
	struct ff_setup_field f[4];
	int n = ff_setup_fields(text, len, f, 4), side, won[2];

	(void)cfg;
	if (n != 3)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character 1: expected three "
				    "fields, side A, side B, the seat to move, as in "
				    "'1111100000/0/0 0000011111/0/0 1'");
	for (side = 0; side < 2; side++)
		if (setup_side(s, side, &f[side], err))
			return -1;
	if (f[2].len != 1 || (f[2].p[0] != '1' && f[2].p[0] != '2'))
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: the seat to "
				    "move is 1 or 2", f[2].at + 1);
	s->turn = (uint8_t)(f[2].p[0] - '1');
	s->term = FF_TERM_NONE;
	s->winner = -1;
	for (side = 0; side < 2; side++)
		won[side] = on_goal(s, side) >= s->need;
	if (won[0] && won[1])
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character 1: both sides have "
				    "%d pieces on the goal: both would have won", s->need);
	if (won[0] || won[1]) {
		s->term = FF_TERM_NORMAL;
		s->winner = (int8_t)(won[1]);
	} else if (s->may_block && !can_move(s, 0) && !can_move(s, 1)) {
		s->term = FF_TERM_BLOCKED;
	}
	return 0;
}

static int fl_setup_write(const void *st, struct ff_buf *out)
{
	const struct fl_state *s = st;
	int side, p, rc = 0;

	for (side = 0; side < 2; side++) {
		for (p = 0; p < POINTS; p++)
			rc |= ff_buf_addc(out, (char)('0' + s->n[side][p]));
		rc |= ff_buf_addf(out, "/%d/%d ", s->hand[side], s->home[side]);
	}
	return rc | ff_buf_addc(out, (char)('1' + s->turn)) ? -1 : 0;
}

/* The usual long form R:F-T with three digits, checked and played at
   once (rules->step): what fl_parse makes of it, fl_check_chance,
   fl_roll, fl_is_legal, fl_apply and fl_format's long form, without a
   ply in between. */
static int fl_step(void *st, const char *t, size_t len, struct ff_rng *chance,
		   struct ff_buf *out)
{
	struct fl_state *s = st;
	struct ff_rng was;
	int d, from, to, hit = 0, seat = s->turn;

	if (s->term != FF_TERM_NONE || len != 5 || t[1] != ':' || t[3] != '-' || !is_digit(t[0]) ||
	    !is_digit(t[2]) || !is_digit(t[4]))
		return 0;
	d = t[0] - '0';
	from = t[2] - '0';
	to = t[4] - '0';
	if (!shows(s, d))
		return 0;
	if (chance) {   /* rolled in place, put back when the ply is not taken */
		was = *chance;
		if (die(s)->roll(chance) != d)
			goto back;
	}
	if (!move_is_legal(s, s->turn, d, from, to, &hit) || (out && ff_buf_room(out, 8)))
		goto back;
	if (out) {   /* the token itself, with '*' on a hit */
		memcpy(out->p + out->len, t, 5);
		out->len += 5;
		if (hit)
			out->p[out->len++] = '*';
		out->p[out->len] = '\0';
	}
	play_move(s, from, to, hit);
	return seat + 1;
back:
	if (chance)
		*chance = was;
	return 0;
}

static void fl_outcome(const void *st, struct ff_outcome *out)
{
	const struct fl_state *s = st;

	out->term = (enum ff_termination)s->term;
	out->winner = s->winner;
}

/* One end of a line: the pieces on point p as letters, e.g. "AA" or "-". */
static void cell(const struct fl_state *s, int p, char *buf)
{
	int i, k = 0;

	for (i = 0; i < s->n[0][p] && k < 6; i++)
		buf[k++] = 'A';
	for (i = 0; i < s->n[1][p] && k < 6; i++)
		buf[k++] = 'B';
	if (k == 0)
		buf[k++] = '.';
	buf[k] = '\0';
}

static void fl_render(const void *st, struct ff_buf *out)
{
	const struct fl_state *s = st;
	char l[8], r[8];
	int line;

	ff_buf_adds(out, "            seat 2 (B, goal 2) sits here\n");
	for (line = 5; line >= 1; line--) {
		int left = 10 - line, right = line - 1;

		cell(s, left, l);
		cell(s, right, r);
		ff_buf_addf(out, "  line %d  %d %-5s %s %5s %d\n", line, left, l,
			    line == 3 ? "=== sacred ===" : "--------------", r, right);
	}
	ff_buf_adds(out, "            seat 1 (A, goal 7) sits here\n");
	ff_buf_addf(out, "  off the board: A %d, B %d", s->hand[0], s->hand[1]);
	if (locus(s))
		ff_buf_addf(out, "; central sacred line: A %d, B %d", s->home[0], s->home[1]);
	ff_buf_addf(out, "\n  on the goal: A %d, B %d of %d needed\n", on_goal(s, 0),
		    on_goal(s, 1), s->need);
}

/* The position as JSON (docs/json.md, "fivefold show --format json"): each
   point with its line and the pieces of each seat on it (seat 1 first),
   then per seat the pieces off the board, on the central sacred line
   (Locus Ludi; 0 elsewhere) and on its goal, its goal points (2 and 7
   for both with goal=either) and how many pieces on the goal win. */
static int fl_render_json(const void *st, struct ff_buf *out)
{
	const struct fl_state *s = st;
	int p, rc = ff_buf_adds(out, "{\"points\":[");

	for (p = 0; p < POINTS; p++)
		rc |= ff_buf_addf(out, "%s{\"point\":%d,\"line\":%d,\"pieces\":[%d,%d]}",
				  p ? "," : "", p, p < 5 ? p + 1 : 10 - p, s->n[0][p], s->n[1][p]);
	rc |= ff_buf_addf(out, "],\"marks\":[\"A\",\"B\"],\"off_board\":[%d,%d],"
			  "\"central_line\":[%d,%d],\"on_goal\":[%d,%d],", s->hand[0], s->hand[1],
			  s->home[0], s->home[1], on_goal(s, 0), on_goal(s, 1));
	if (s->either)
		rc |= ff_buf_adds(out, "\"goals\":[[2,7],[2,7]]");
	else
		rc |= ff_buf_addf(out, "\"goals\":[[%d],[%d]]", goal_of[0], goal_of[1]);
	rc |= ff_buf_addf(out, ",\"needed\":%d}", s->need);
	return rc ? -1 : 0;
}

/* The pieces of both sides on point p, drawn at (x, y): a marker per
   side present (A a circle, B a square) with its count in it; a goal
   point is ringed and named. */
static void svg_point(const struct fl_state *s, int p, double x, double y, struct ff_buf *out)
{
	char count[12];
	int side, k = 0;

	ff_svg_circle(out, x, y, 5, "#444444", "none", 0);
	for (side = 0; side < 2; side++)
		if (is_goal(s, side, p)) {
			ff_svg_circle(out, x, y, 30 + 5 * k, "none", ff_svg_colour(side), 2);
			ff_svg_text(out, x, y + 46 + 12 * k++, 11, "middle", "#000000", "goal %c",
				    'A' + side);
		}
	for (side = 0, k = 0; side < 2; side++)
		if (s->n[side][p]) {
			snprintf(count, sizeof count, "%d", s->n[side][p]);
			ff_svg_marker(out, x + (k++ ? 24 : 0) - (s->n[0][p] && s->n[1][p] ? 12 : 0),
				      y, 12, side, 0, count);
		}
}

/* The board as the text diagram lays it out: line 5 at the top (seat 2's
   side), line 1 at the bottom; each line's two points at its ends. */
static void fl_render_svg(const void *st, const char *caption, struct ff_buf *out)
{
	const struct fl_state *s = st;
	double y;
	int line;

	ff_svg_begin(out, 560, 470, "Five Lines");
	if (caption)
		ff_svg_text(out, 280, 22, 13, "middle", "#000000", "%s", caption);
	ff_svg_text(out, 280, 50, 14, "middle", "#000000", "seat 2 (B, a square) sits here");
	for (line = 5; line >= 1; line--) {
		y = 90 + (5 - line) * 60;
		ff_svg_line(out, 130, y, 430, y, line == 3 ? "#D55E00" : "#444444",
			    line == 3 ? 5 : 2);
		ff_svg_text(out, 280, y - 8, 11, "middle", "#000000", "line %d%s", line,
			    line == 3 ? ", the sacred line" : "");
		ff_svg_text(out, 40, y + 4, 12, "middle", "#666666", "%d", 10 - line);
		ff_svg_text(out, 520, y + 4, 12, "middle", "#666666", "%d", line - 1);
		svg_point(s, 10 - line, 90, y, out);
		svg_point(s, line - 1, 470, y, out);
	}
	ff_svg_text(out, 280, 380, 14, "middle", "#000000", "seat 1 (A, a circle) sits here");
	ff_svg_text(out, 280, 410, 12, "middle", "#000000", "off the board: A %d, B %d",
		    s->hand[0], s->hand[1]);
	if (locus(s))
		ff_svg_text(out, 280, 428, 12, "middle", "#000000",
			    "on the central sacred line: A %d, B %d", s->home[0], s->home[1]);
	ff_svg_text(out, 280, 446, 12, "middle", "#000000", "on the goal: A %d, B %d of %d needed",
		    on_goal(s, 0), on_goal(s, 1), s->need);
	ff_svg_end(out);
}

/* --- the greedy agent --- */

/* Pieces of side that the enemy could hit with one throw. */
static int blots_at_risk(const struct fl_state *s, int side)
{
	int p, q, d, risk = 0, enemy = 1 - side;

	if (s->preset == SCHAEDLER || s->preset == LL_RACE)
		return 0;
	for (p = 0; p < POINTS; p++) {
		if (s->n[side][p] != 1)
			continue;
		if (s->preset == KIDD && !s->holy_hit && (p == 2 || p == 7))
			continue;
		for (d = 1; d <= 6 && !risk; d++) {
			if (!shows(s, d))
				continue;
			q = ring(p - d + POINTS);
			if (s->n[enemy][q] || (s->hand[enemy] && q == virt_of[enemy])) {
				risk++;
				break;
			}
		}
	}
	return risk;
}

static int evaluate(const struct fl_state *s, int side)
{
	int score = 0, p, enemy = 1 - side;

	if (s->term == FF_TERM_NORMAL)
		return s->winner == side ? 1000000 : -1000000;
	score += 1000 * on_goal(s, side) - 600 * on_goal(s, enemy);
	for (p = 0; p < POINTS; p++) {
		if (s->n[side][p] && !is_goal(s, side, p))
			score -= 10 * s->n[side][p] * goal_dist(s, side, p);
		if (s->n[enemy][p] && !is_goal(s, enemy, p))
			score += 4 * s->n[enemy][p] * goal_dist(s, enemy, p);
	}
	score -= 110 * s->hand[side];
	score += 60 * s->hand[enemy];
	score -= 80 * blots_at_risk(s, side);
	return score;
}

/* A ply's score: the position after it, for the side that plays it. */
static long greedy_score(const void *st, const struct ff_ply *p, void *ctx)
{
	const struct fl_state *s = st;
	struct fl_state t = *s;
	struct ff_ply q = *p;

	(void)ctx;
	fl_apply(&t, &q, NULL, NULL);
	return evaluate(&t, s->turn);
}

static int greedy_choose(const void *st, const struct ff_ply *legal, int n, struct ff_rng *rng)
{
	return ff_agent_argmax(st, legal, n, rng, greedy_score, NULL);
}

static void greedy_rank(const void *st, const struct ff_ply *legal, int n, long *score)
{
	ff_agent_scores(st, legal, n, score, greedy_score, NULL);
}

static const struct ff_agent fl_agents[] = {
	{ .name = "greedy", .help = "one-ply: reach the goal, hit, avoid blots, keep pieces near "
		"the goal, skip when it helps", .choose = greedy_choose,
	  .rank = greedy_rank },
};

/* mcts where the user gives no options, by preset (measured:
   docs/agents.md) */
static const struct ff_agent_defaults fl_agent_defaults[] = {
	/* Kidd: random games last 5,700 plies and say little; Schaedler:
	   random playouts with z=0 lost to greedy (66 of 200) */
	{ "mcts", 1u << 0 | 1u << 1, "playout=greedy" },
	/* the race and knock-off games: random playouts, the search's
	   choice whenever it is better by any margin */
	{ "mcts", 0, "z=0" },
};

const struct ff_rules ff_fivelines_rules = {
	.name = "fivelines",
	.title = "Five Lines (Pente Grammai)",
	.presets = fl_presets,
	.npresets = (int)(sizeof fl_presets / sizeof fl_presets[0]),
	.options = fl_options,
	.noptions = O_COUNT,
	.seats_min = 2,
	.seats_max = 2,
	.seats_default = 2,
	.state_size = sizeof(struct fl_state),
	.init = fl_init,
	.sides = fl_sides,
	.side_of = fl_side_of,
	.to_move = fl_to_move,
	.roll = fl_roll,
	.check_chance = fl_check_chance,
	.chances = fl_chances,
	.key = fl_key,
	.legal = fl_legal,
	.is_legal = fl_is_legal,
	.step = fl_step,
	.sample = fl_sample,
	.sample_exact = 1,
	.parse = fl_parse,
	.format = fl_format,
	.explain = fl_explain,
	.apply = fl_apply,
	.outcome = fl_outcome,
	.render = fl_render,
	.render_svg = fl_render_svg,
	.render_json = fl_render_json,
	.setup_read = fl_setup_read,
	.setup_write = fl_setup_write,
	.agents = fl_agents,
	.nagents = (int)(sizeof fl_agents / sizeof fl_agents[0]),
	.agent_defaults = fl_agent_defaults,
	.nagent_defaults = (int)(sizeof fl_agent_defaults / sizeof fl_agent_defaults[0]),
};
