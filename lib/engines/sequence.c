/* The Sequence rules engine (docs/rules.md "Sequence", docs/sources.md).

   The official 10x10 board (rules.md 4.1): cell index row * 10 + column,
   named column a-j then row 1-10 from the top (a1 is the top-left free
   corner, b1 is 2S). Two 52-card decks; 2, 3, 4, 6, 8, 9, 10 or 12 seats;
   up to 3 seats play alone, more in 2 or 3 teams with members alternating
   (side of seat k = k mod teams, 0-based).

   A turn: an optional dead-card exchange (a prelude ply, `dead:7C`), then
   one ply: a card placed on one of its two cells (`7C@b3`), a two-eyed
   jack (JD, JC) on any empty non-corner cell, a one-eyed jack (JS, JH)
   removing an unprotected opponent chip (`JSxe5`), or the pass `-` when
   nothing can be played. Every card played goes to the discard pile and
   one card is drawn (the draw is the ply's post-ply fact, `+QH`), except
   after a pass or the winning play.

   What is known of the cards: with a Seed the deck is shuffled from it and
   every reshuffle of the discards too, so every hand and draw is known;
   with a Deck tag and no Seed the pile's order is known until the first
   reshuffle, after which draws are taken from the record (`+CARD`) or are
   unknown; with neither, no hand is known and the record is checked as a
   public record: a hand is some known cards (drawn cards the record names)
   and some unknown ones, and a card may be played from the unknown part
   only while a copy of it is not accounted for (not in the discard pile,
   not known in a hand). docs/rules.md lists the decisions. */
#include "config.h"

#define FF_RULES_DOOR 1   /* an engine defines its hooks (lib/ruleset.h, FF_HOOK) */

#include <stdio.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/cards.h"
#include "lib/hands.h"
#include "lib/ruleset.h"
#include "lib/setup.h"
#include "lib/text.h"
#include "lib/svg.h"

enum { N = 10, CELLS = 100, MAX_SIDES = 3, LINES = 42 };
enum { K_PLACE = 1, K_REMOVE = 2, K_PASS = 3, K_DEAD = 4 };   /* ply.w[0]; w[1] card, w[2] cell */
enum { O_TEAMS, O_SEQUENCES, O_COUNT };
#define EMPTY (-1)

static const struct ff_preset_desc sq_presets[] = {
	{ "standard", "the Jax rules (seed 004; docs/sources.md): official board, two decks, jacks, dead cards" },
};

static const struct ff_option_desc sq_options[] = {
	[O_TEAMS] = { "teams", NULL, "0", 0,
		      "number of teams, 2 or 3, dividing the seats (0: 3 when the seats divide by 3 "
		      "and exceed 3, else 2; up to 3 seats play alone)" },
	[O_SEQUENCES] = { "sequences", NULL, "0", 0,
			  "sequences needed to win, 1 to 12 (0: 2 with two sides, 1 with three)" },
};

/* The board of rules.md 4.1, generated from its table: the card that
   names each cell (row * 10 + column; -1 for the free corners). */
static const int8_t cell_card[CELLS] = {
	 -1,   1,   2,   3,   4,   5,   6,   7,   8,  -1,
	 44,  43,  42,  41,  40,  13,  25,  24,  22,   9,
	 45,   0,  27,  28,  29,  30,  31,  32,  21,  11,
	 46,  12,  44,  43,  42,  41,  40,  33,  20,  12,
	 47,  11,  45,  18,  17,  16,  13,  34,  19,   0,
	 48,   9,  46,  19,  14,  15,  25,  35,  18,  27,
	 50,   8,  47,  20,  21,  22,  24,  37,  17,  28,
	 51,   7,  48,  50,  51,  39,  26,  38,  16,  29,
	 39,   6,   5,   4,   3,   2,   1,  14,  15,  30,
	 -1,  26,  38,  37,  35,  34,  33,  32,  31,  -1,
};

/* The two cells each card names, by card code (jacks: none). */
static const int8_t card_cells[FF_JOKER][2] = {
	{ 21, 49 }, {  1, 86 }, {  2, 85 }, {  3, 84 }, {  4, 83 }, {  5, 82 }, {  6, 81 }, {  7, 71 }, {  8, 61 }, { 19, 51 }, { -1, -1 }, { 29, 41 }, { 31, 39 },
	{ 15, 46 }, { 54, 87 }, { 55, 88 }, { 45, 78 }, { 44, 68 }, { 43, 58 }, { 48, 53 }, { 38, 63 }, { 28, 64 }, { 18, 65 }, { -1, -1 }, { 17, 66 }, { 16, 56 },
	{ 76, 91 }, { 22, 59 }, { 23, 69 }, { 24, 79 }, { 25, 89 }, { 26, 98 }, { 27, 97 }, { 37, 96 }, { 47, 95 }, { 57, 94 }, { -1, -1 }, { 67, 93 }, { 77, 92 },
	{ 75, 80 }, { 14, 36 }, { 13, 35 }, { 12, 34 }, { 11, 33 }, { 10, 32 }, { 20, 42 }, { 30, 52 }, { 40, 62 }, { 50, 72 }, { -1, -1 }, { 60, 73 }, { 70, 74 },
};

/* The largest legal set, with unknown hands: two two-eyed jacks on up to
   96 empty cells, two one-eyed jacks on up to 96 chips, 48 cards on two
   cells each, the pass and 48 exchanges. */
_Static_assert(2 * 96 + 2 * 96 + 48 * 2 + 1 + 48 <= FF_MAX_LEGAL, "FF_MAX_LEGAL too small for sequence");

static const int hand_sizes[13] = { 0, 0, 7, 6, 6, 0, 5, 0, 4, 4, 3, 0, 3 };

/* The state: plain data. Invariants: chip[c] is EMPTY or a side, never set
   on a corner; h is the cards (lib/hands.h); lseq[side][line] is the side's
   sequences on a line and seqs[side] their sum. */
struct sq_state {
	int8_t chip[CELLS];
	uint8_t seats, sides, teams, need, hsize;
	uint8_t turn, passes, exchanged, term;
	int8_t winner;
	uint8_t seqs[MAX_SIDES];
	uint8_t lseq[MAX_SIDES][LINES];
	uint32_t plies;
	struct ff_hands h;
};

/* --- cards and cells --- */

static int corner(int c)
{
	return c == 0 || c == 9 || c == 90 || c == 99;
}

static int two_eyed(int card)
{
	return card == ff_card_make(2, 10) || card == ff_card_make(3, 10);   /* JD JC */
}

static int one_eyed(int card)
{
	return card == ff_card_make(0, 10) || card == ff_card_make(1, 10);   /* JS JH */
}

static int is_jack(int card)
{
	return card >= 0 && card < FF_JOKER && ff_card_rank(card) == 10;
}

/* The card that names cell c (-1 for a corner). */
static int card_at(int c)
{
	return cell_card[c];
}

/* The two cells card names (none for jacks): writes them to out, returns
   how many (0 or 2). */
static int cells_of(int card, int out[2])
{
	if (card < 0 || card >= FF_JOKER || card_cells[card][0] < 0)
		return 0;
	out[0] = card_cells[card][0];
	out[1] = card_cells[card][1];
	return 2;
}

/* A cell "b3" or "j10" (the column letter in either case), or -1. */
static int parse_cell(const char *t, size_t n)
{
	int col, row;

	if (n < 2 || n > 3 || t[1] < '1' || t[1] > '9')
		return -1;
	if (t[0] >= 'a' && t[0] <= 'j')
		col = t[0] - 'a';
	else if (t[0] >= 'A' && t[0] <= 'J')
		col = t[0] - 'A';
	else
		return -1;
	row = t[1] - '0';
	if (n == 3) {
		if (t[1] != '1' || t[2] != '0')
			return -1;
		row = 10;
	}
	return (row - 1) * N + col;
}

/* The cell's name ("b3", "j10") written into buf (at least 4 bytes). */
static void cell_name(int c, char *buf)
{
	int row = c / N + 1;

	*buf++ = (char)('a' + c % N);
	if (row == 10)
		*buf++ = '1';
	*buf++ = (char)('0' + row % 10);
	*buf = '\0';
}

/* --- sequences --- */

static const int dirs[4][2] = { { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, -1 } };   /* (drow, dcol) */

/* Does cell (r, col) of board chip count for side (its chip, or a corner)? */
static int counts(const int8_t *chip, int side, int r, int col)
{
	int c = r * N + col;

	return corner(c) || chip[c] == side;
}

/* The line through cell c in direction d: its index (-1 when shorter than
   five) and its first cell's row and column. */
static int line_of(int c, int d, int *r0, int *c0)
{
	int r = c / N, col = c % N, k;

	switch (d) {
	case 0: *r0 = r; *c0 = 0; return r;
	case 1: *r0 = 0; *c0 = col; return 10 + col;
	case 2:
		k = col - r;
		if (k < -5 || k > 5)
			return -1;
		*r0 = k < 0 ? -k : 0;
		*c0 = k < 0 ? 0 : k;
		return 25 + k;
	default:
		k = r + col;
		if (k < 4 || k > 14)
			return -1;
		*r0 = k > 9 ? k - 9 : 0;
		*c0 = k > 9 ? 9 : k;
		return 27 + k;
	}
}

/* The side's sequences on a line: the largest number of its fives there
   that pairwise share at most one cell. A run of L >= 5 cells holds
   (L - 1) / 4 of them (fives overlapping in one cell, end to end). Fives
   on different lines share at most one cell, so lines add up. */
static int line_sequences(const int8_t *chip, int side, int d, int r, int c)
{
	int run = 0, total = 0;

	for (; r >= 0 && r < N && c >= 0 && c < N; r += dirs[d][0], c += dirs[d][1]) {
		if (counts(chip, side, r, c)) {
			run++;
			continue;
		}
		if (run >= 5)
			total += (run - 1) / 4;
		run = 0;
	}
	return total + (run >= 5 ? (run - 1) / 4 : 0);
}

static int run_through(const struct sq_state *s, int side, int c, int d);

/* Recount side's sequences on the lines through cell c, where side's chip
   now stands (a line's count changes only where the run through c holds a
   five). */
static void recount(struct sq_state *s, int side, int c)
{
	int d, l, r0, c0, v;

	for (d = 0; d < 4; d++) {
		if ((l = line_of(c, d, &r0, &c0)) < 0 || run_through(s, side, c, d) < 5)
			continue;
		v = line_sequences(s->chip, side, d, r0, c0);
		s->seqs[side] = (uint8_t)(s->seqs[side] - s->lseq[side][l] + v);
		s->lseq[side][l] = (uint8_t)v;
	}
}

/* How many sequences side would gain with a chip on empty cell c. */
static int gain_at(const struct sq_state *s, int side, int c)
{
	int8_t chip[CELLS];
	int d, l, r0, c0, g = 0;

	memcpy(chip, s->chip, sizeof chip);
	chip[c] = (int8_t)side;
	for (d = 0; d < 4; d++)
		if ((l = line_of(c, d, &r0, &c0)) >= 0)
			g += line_sequences(chip, side, d, r0, c0) - s->lseq[side][l];
	return g;
}

/* The length of side's run through cell c in direction d (c counted as
   side's whatever it holds). */
static int run_through(const struct sq_state *s, int side, int c, int d)
{
	int r = c / N, col = c % N, n = 1, k;

	for (k = 1; k < 5 && r + k * dirs[d][0] < N && col + k * dirs[d][1] >= 0 &&
		    col + k * dirs[d][1] < N && counts(s->chip, side, r + k * dirs[d][0], col + k * dirs[d][1]);
	     k++)
		n++;
	for (k = 1; k < 5 && r - k * dirs[d][0] >= 0 && col - k * dirs[d][1] >= 0 &&
		    col - k * dirs[d][1] < N && counts(s->chip, side, r - k * dirs[d][0], col - k * dirs[d][1]);
	     k++)
		n++;
	return n;
}

/* Is the chip on cell c part of one of its side's fives? */
static int is_protected(const struct sq_state *s, int c)
{
	int d;

	for (d = 0; d < 4; d++)
		if (run_through(s, s->chip[c], c, d) >= 5)
			return 1;
	return 0;
}

/* --- hands and the pile --- */

static int side_of_seat(const struct sq_state *s, int seat)
{
	return seat % s->sides;
}

static int available(const struct sq_state *s, int card)
{
	return ff_hands_available(&s->h, card);
}

static int holds(const struct sq_state *s, int seat, int card)
{
	return card >= 0 && card < FF_JOKER && ff_hands_holds(&s->h, seat, card);
}

/* Is card dead (both its cells covered)? Jacks never are. */
static int dead(const struct sq_state *s, int card)
{
	int cl[2];

	return cells_of(card, cl) == 2 && s->chip[cl[0]] != EMPTY && s->chip[cl[1]] != EMPTY;
}

/* Does card have a play for side? */
static int playable(const struct sq_state *s, int side, int card)
{
	int c;

	if (one_eyed(card)) {
		for (c = 0; c < CELLS; c++)
			if (s->chip[c] != EMPTY && s->chip[c] != side && !is_protected(s, c))
				return 1;
		return 0;
	}
	if (two_eyed(card)) {
		for (c = 0; c < CELLS; c++)
			if (!corner(c) && s->chip[c] == EMPTY)
				return 1;
		return 0;
	}
	return !dead(s, card);
}

/* Unaccounted copies of cards that side cannot play. */
static int spare_for(const struct sq_state *s, int side)
{
	int card, a, spare = 0;

	for (card = 0; card < FF_JOKER; card++)
		if ((a = available(s, card)) > 0 && !playable(s, side, card))
			spare += a;
	return spare;
}

/* May the seat to move pass: no known card of its has a play, and its
   unknown cards can all be cards without one. The seats that passed since
   the last play still hold only such cards (the board has not changed
   since), so their unknown cards and the mover's must be such cards all at
   once: a necessary check, not a proof that a deal exists. */
static int may_pass(const struct sq_state *s)
{
	int seat = s->turn, side = side_of_seat(s, seat), i, k, need = 0, spare = 0, p;
	unsigned sides = 0;

	for (i = 0; i < s->h.nhand[seat]; i++)
		if (playable(s, side, s->h.hand[seat][i]))
			return 0;
	if (!s->h.unk[seat])
		return 1;
	if (spare_for(s, side) < s->h.unk[seat])
		return 0;
	for (k = 0; k <= s->passes && k < s->seats; k++) {
		p = (seat - k + s->seats) % s->seats;
		need += s->h.unk[p];
		sides |= 1u << side_of_seat(s, p);
	}
	/* a card counts as spare when some passing side cannot play it */
	for (i = 0; i < FF_JOKER; i++) {
		int a = available(s, i), j;

		if (a <= 0)
			continue;
		for (j = 0; j < s->sides; j++)
			if ((sides & (1u << j)) && !playable(s, j, i))
				break;
		if (j < s->sides)
			spare += a;
	}
	return spare >= need;
}

/* --- set-up --- */

static int default_teams(int seats)
{
	return seats <= 3 ? seats : seats % 3 == 0 ? 3 : 2;
}

static void sq_canon(struct ff_config *cfg)
{
	int teams = cfg->opt[O_TEAMS] ? cfg->opt[O_TEAMS] : default_teams(cfg->seats);

	if (cfg->opt[O_TEAMS] == default_teams(cfg->seats))
		cfg->opt[O_TEAMS] = 0;
	if (cfg->opt[O_SEQUENCES] == (teams == 3 ? 1 : 2))
		cfg->opt[O_SEQUENCES] = 0;
}

/* Check cfg's seats, teams and sequences; set them in s. */
static int setup_sides(struct sq_state *s, const struct ff_config *cfg, struct ff_error *err)
{
	int seats = cfg->seats, teams = cfg->opt[O_TEAMS];

	if (seats < 2 || seats > 12 || !hand_sizes[seats])
		return ff_error_set(err, FF_EBAD_TAG,
				    "game 'sequence' takes 2, 3, 4, 6, 8, 9, 10 or 12 seats, not %d", seats);
	if (!teams)
		teams = default_teams(seats);
	if (seats <= 3 ? teams != seats : (teams != 2 && teams != 3) || seats % teams)
		return ff_error_set(err, FF_EBAD_OPTION,
				    "option 'teams=%d' does not fit %d seats (up to 3 seats play alone; "
				    "more play in 2 or 3 teams that divide the seats)", teams, seats);
	if (cfg->opt[O_SEQUENCES] > 12)
		return ff_error_set(err, FF_EBAD_OPTION, "option 'sequences' takes 1 to 12, not %d",
				    cfg->opt[O_SEQUENCES]);
	s->seats = (uint8_t)seats;
	s->teams = (uint8_t)teams;
	s->sides = (uint8_t)teams;
	s->need = (uint8_t)(cfg->opt[O_SEQUENCES] ? cfg->opt[O_SEQUENCES] : teams == 3 ? 1 : 2);
	s->hsize = (uint8_t)hand_sizes[seats];
	return 0;
}

static int sq_init(void *st, const struct ff_config *cfg, struct ff_rng *chance,
		   struct ff_error *err)
{
	struct sq_state *s = st;

	memset(s, 0, sizeof *s);
	if (setup_sides(s, cfg, err) ||
	    ff_hands_init(&s->h, cfg, 2, 0, s->hsize, chance, "sequence", err))
		return -1;
	memset(s->chip, EMPTY, sizeof s->chip);
	s->turn = (uint8_t)cfg->first;
	s->winner = -1;
	return 0;
}

/* --- the interface --- */

static int sq_sides(const void *st)
{
	return ((const struct sq_state *)st)->sides;
}

static int sq_side_of(const void *st, int seat)
{
	return side_of_seat(st, seat);
}

static int sq_to_move(const void *st)
{
	return ((const struct sq_state *)st)->turn;
}

static void set_ply(struct ff_ply *p, int kind, int card, int cell)
{
	ff_ply_clear(p);
	p->w[0] = (int16_t)kind;
	p->w[1] = (int16_t)card;
	p->w[2] = (int16_t)cell;
	if (kind == K_DEAD)
		p->flags = FF_PLY_PRELUDE;
}

/* Append card's plays for side to out; returns the new count. */
static int card_plies(const struct sq_state *s, int side, int card, struct ff_ply *out, int n)
{
	int c, cl[2], k;

	if (one_eyed(card)) {
		for (c = 0; c < CELLS; c++)
			if (s->chip[c] != EMPTY && s->chip[c] != side && !is_protected(s, c))
				set_ply(&out[n++], K_REMOVE, card, c);
	} else if (two_eyed(card)) {
		for (c = 0; c < CELLS; c++)
			if (!corner(c) && s->chip[c] == EMPTY)
				set_ply(&out[n++], K_PLACE, card, c);
	} else {
		for (k = 0; k < cells_of(card, cl); k++)
			if (s->chip[cl[k]] == EMPTY)
				set_ply(&out[n++], K_PLACE, card, cl[k]);
	}
	return n;
}

/* The distinct cards the seat to move may play: its known cards, and
   with unknown cards every card still available. */
static int candidate_cards(const struct sq_state *s, int *cards)
{
	return ff_hands_candidates(&s->h, s->turn, cards);
}

/* Does the seat to move have any play (with some card it may hold)? */
static int has_play(const struct sq_state *s)
{
	int cards[FF_JOKER], nc = candidate_cards(s, cards), i, side = side_of_seat(s, s->turn);

	for (i = 0; i < nc; i++)
		if (playable(s, side, cards[i]))
			return 1;
	return 0;
}

static int sq_legal(const void *st, int chance, struct ff_ply *out)
{
	const struct sq_state *s = st;
	int side = side_of_seat(s, s->turn), cards[FF_JOKER], nc, n = 0, i;

	(void)chance;
	nc = candidate_cards(s, cards);
	for (i = 0; i < nc; i++)
		n = card_plies(s, side, cards[i], out, n);
	if (n == 0 || (s->h.unk[s->turn] && may_pass(s)))   /* known hands: exactly when n == 0 */
		set_ply(&out[n++], K_PASS, 0, 0);
	if (!s->exchanged)
		for (i = 0; i < nc; i++)
			if (dead(s, cards[i]))
				set_ply(&out[n++], K_DEAD, cards[i], 0);
	return n;
}

static int sq_is_legal(const void *st, const struct ff_ply *p)
{
	const struct sq_state *s = st;
	int seat = s->turn, side = side_of_seat(s, seat), card = p->w[1], c = p->w[2], cl[2];

	if (p->chance != FF_NO_CHANCE || s->term)
		return 0;
	switch (p->w[0]) {
	case K_PASS:
		return may_pass(s) || !has_play(s);
	case K_DEAD:
		return !s->exchanged && holds(s, seat, card) && dead(s, card);
	case K_REMOVE:
		return holds(s, seat, card) && one_eyed(card) && c >= 0 && c < CELLS &&
		       s->chip[c] != EMPTY && s->chip[c] != side && !is_protected(s, c);
	case K_PLACE:
		if (!holds(s, seat, card) || one_eyed(card) || c < 0 || c >= CELLS ||
		    s->chip[c] != EMPTY || corner(c))
			return 0;
		if (two_eyed(card))
			return 1;
		return cells_of(card, cl) == 2 && (cl[0] == c || cl[1] == c);
	default:
		return 0;
	}
}

/* Parse "+CARD" at t[0..n) into *claim. */
static int parse_claim(const char *t, size_t n, int16_t *claim)
{
	int card;

	if (n == 0)
		return 0;
	if (t[0] != '+' || (card = ff_card_parse(t + 1, n - 1)) < 0 || card == FF_JOKER)
		return -1;
	*claim = (int16_t)card;
	return 0;
}

static int syntax(const char *tok, size_t len, struct ff_error *err)
{
	return ff_error_set(err, FF_ESYNTAX,
			    "malformed ply '%.*s': expected 7C@b3 (place), @b3 (the card the cell "
			    "names), JD@e5 (two-eyed jack), JSxe5 (one-eyed jack removes), - (pass) "
			    "or dead:7C, each optionally with +CARD drawn", (int)ff_utf8_cut(tok, len, 40), tok);
}

/* Does t begin "dead:", in any letter case? */
static int is_dead(const char *t)
{
	static const char dead[] = "dead:";
	int i;

	for (i = 0; i < 5; i++)
		if ((t[i] | (i < 4 ? 0x20 : 0)) != dead[i])
			return 0;
	return 1;
}

static int sq_parse(const void *st, const char *tok, size_t len, struct ff_ply *out,
		    struct ff_error *err)
{
	const struct sq_state *s = st;
	const char *plus = memchr(tok, '+', len);
	size_t body = plus ? (size_t)(plus - tok) : len, cl;
	int card = -1, cell, kind;
	int16_t claim = FF_NO_CARD;

	if (parse_claim(tok + body, len - body, &claim))
		return syntax(tok, len, err);
	if (body == 1 && tok[0] == '-') {
		set_ply(out, K_PASS, 0, 0);
	} else if (body > 5 && is_dead(tok)) {
		card = ff_card_parse(tok + 5, body - 5);
		if (card < 0 || card == FF_JOKER)
			return syntax(tok, len, err);
		set_ply(out, K_DEAD, card, 0);
	} else if (body > 1 && tok[0] == '@') {
		if ((cell = parse_cell(tok + 1, body - 1)) < 0)
			return syntax(tok, len, err);
		if ((card = card_at(cell)) < 0)
			return ff_error_set(err, FF_EILLEGAL,
					    "ply '%.*s' names a free corner, which no card names and "
					    "no chip may cover", (int)body, tok);
		set_ply(out, K_PLACE, card, cell);
	} else {
		cl = ff_card_len(tok, body);
		if (cl == 0 || cl + 1 >= body || (tok[cl] != '@' && (tok[cl] | 0x20) != 'x'))
			return syntax(tok, len, err);
		card = ff_card_parse(tok, cl);
		kind = tok[cl] == '@' ? K_PLACE : K_REMOVE;
		if (card == FF_JOKER)
			return ff_error_set(err, FF_ESYNTAX, "malformed ply '%.*s': sequence is played "
					    "without jokers", (int)ff_utf8_cut(tok, len, 40), tok);
		if ((cell = parse_cell(tok + cl + 1, body - cl - 1)) < 0)
			return syntax(tok, len, err);
		set_ply(out, kind, card, cell);
	}
	out->post[0] = claim;
	/* with unknown hands, a card no copy of which can be held is a draw that
	   cannot have happened */
	return card >= 0 ? ff_hands_check(&s->h, s->turn, card, err) : 0;
}

static int sq_format(const void *st, const struct ff_ply *p, enum ff_ply_form form,
		     struct ff_buf *out)
{
	char t[16];
	size_t n = 0;

	(void)st;
	switch (p->w[0]) {
	case K_PASS:
		return ff_buf_addc(out, '-');
	case K_DEAD:
		memcpy(t, "dead:", 5);
		ff_card_name(p->w[1], t + 5);
		return ff_buf_add(out, t, 7);
	case K_REMOVE:
		ff_card_name(p->w[1], t);
		t[2] = 'x';
		n = 3;
		break;
	default:
		if (!(form == FF_FORM_SHORT && card_at(p->w[2]) == p->w[1])) {
			ff_card_name(p->w[1], t);
			n = 2;
		}
		t[n++] = '@';
	}
	cell_name(p->w[2], t + n);
	return ff_buf_add(out, t, n + strlen(t + n));
}

static int sq_format_post(const struct ff_ply *p, struct ff_buf *out)
{
	char t[4];

	if (p->post[0] == FF_NO_CARD)
		return 0;
	t[0] = '+';
	ff_card_name(p->post[0], t + 1);
	return ff_buf_add(out, t, 3);
}

static void explain_place(const struct sq_state *s, int card, int c, struct ff_buf *out)
{
	char cn[4], cc[4], a[4], b[4];
	int cl[2];

	ff_card_name(card, cn);
	cell_name(c, cc);
	if (one_eyed(card))
		ff_buf_addf(out, "a one-eyed jack (%s) removes an opponent chip and places nothing; "
			    "write %sx<cell>", cn, cn);
	else if (corner(c))
		ff_buf_addf(out, "%s is a free corner: it counts for every side and takes no chip", cc);
	else if (s->chip[c] != EMPTY)
		ff_buf_addf(out, "cell %s already holds a chip of side %d", cc, s->chip[c] + 1);
	else if (!two_eyed(card) && cells_of(card, cl) == 2)
		ff_buf_addf(out, "card %s names cells %s and %s, not %s", cn,
			    (cell_name(cl[0], a), a), (cell_name(cl[1], b), b), cc);
	else
		ff_buf_adds(out, "the ply is not allowed here");
}

static void explain_hand(const struct sq_state *s, int card, struct ff_buf *out)
{
	char b[4];

	ff_buf_addf(out, "seat %d does not hold %s (hand:", s->turn + 1, ff_card_name(card, b));
	ff_hands_render(&s->h, s->turn, out);
	ff_buf_addc(out, ')');
}

static void sq_explain(const void *st, const struct ff_ply *p, struct ff_buf *out)
{
	const struct sq_state *s = st;
	int card = p->w[1], c = p->w[2], side = side_of_seat(s, s->turn);
	char cn[4], cc[4];

	ff_card_name(card, cn);
	cell_name(c, cc);
	if (p->w[0] == K_PASS && s->h.unk[s->turn] && s->passes) {
		ff_buf_addf(out, "seat %d may not pass: its %d unknown cards and those of the %d "
			    "seats that passed since the last play cannot all be cards without a play",
			    s->turn + 1, s->h.unk[s->turn], s->passes);
	} else if (p->w[0] == K_PASS && s->h.unk[s->turn]) {
		ff_buf_addf(out, "seat %d may not pass: its %d unknown cards cannot all be cards "
			    "without a play", s->turn + 1, s->h.unk[s->turn]);
	} else if (p->w[0] == K_PASS) {
		ff_buf_addf(out, "seat %d has a legal play, so it may not pass", s->turn + 1);
	} else if (!holds(s, s->turn, card)) {
		explain_hand(s, card, out);
	} else if (p->w[0] == K_DEAD) {
		if (s->exchanged)
			ff_buf_adds(out, "only one dead card may be exchanged per turn");
		else if (is_jack(card))
			ff_buf_addf(out, "a jack (%s) is never a dead card", cn);
		else
			ff_buf_addf(out, "%s is not dead: one of its cells is still empty", cn);
	} else if (p->w[0] == K_REMOVE) {
		if (!one_eyed(card))
			ff_buf_addf(out, "only a one-eyed jack (JS, JH) removes a chip, not %s", cn);
		else if (s->chip[c] == EMPTY)
			ff_buf_addf(out, "cell %s holds no chip to remove", cc);
		else if (s->chip[c] == side)
			ff_buf_addf(out, "the chip on %s is your own side's; a one-eyed jack removes "
				    "an opponent's", cc);
		else
			ff_buf_addf(out, "the chip on %s is part of a completed sequence and cannot "
				    "be removed", cc);
	} else {
		explain_place(s, card, c, out);
	}
}

/* Place or remove, discard, and see whether the side has won. */
static void play(struct sq_state *s, const struct ff_ply *p)
{
	int seat = s->turn, side = side_of_seat(s, seat), c = p->w[2];

	ff_hands_discard(&s->h, seat, p->w[1]);
	if (p->w[0] == K_REMOVE) {
		s->chip[c] = EMPTY;   /* unprotected: no five of its side changes */
		return;
	}
	s->chip[c] = (int8_t)side;
	recount(s, side, c);
	if (s->seqs[side] >= s->need) {
		s->term = FF_TERM_NORMAL;
		s->winner = (int8_t)side;
	}
}

static int sq_apply(void *st, struct ff_ply *p, struct ff_rng *chance, struct ff_error *err)
{
	struct sq_state *s = st;
	int seat = s->turn;

	if (s->term != FF_TERM_NONE)
		return ff_error_set(err, FF_EAFTER_END, "the game is already over");
	if (p->w[0] == K_DEAD) {
		ff_hands_discard(&s->h, seat, p->w[1]);
		s->exchanged = 1;
		return ff_hands_draw(&s->h, seat, &p->post[0], chance, err);
	}
	s->plies++;
	s->exchanged = 0;
	if (p->w[0] == K_PASS) {
		if (++s->passes >= s->seats) {
			s->term = FF_TERM_BLOCKED;
			s->winner = -1;
		}
	} else {
		s->passes = 0;
		play(s, p);
	}
	s->turn = (uint8_t)((seat + 1) % s->seats);
	if (p->w[0] == K_PASS || s->term) {
		if (p->post[0] != FF_NO_CARD)
			return ff_error_set(err, FF_EBAD_DRAW, "nothing is drawn after %s",
					    p->w[0] == K_PASS ? "a pass" : "the winning play");
		return 0;
	}
	return ff_hands_draw(&s->h, seat, &p->post[0], chance, err);
}

/* --- set-up positions (docs/fgn.md, "Set-up positions") ---
   "ROWS SEQUENCES HANDS PILE DISCARDS SEAT PASSES": the rows 1 to 10, '/'
   between them, each its cells a-j: '*' a corner, '.' an empty cell, A B
   C a chip of side 1, 2, 3; each side's sequences made, ',' between
   them; the cards (lib/hands.h, ff_hands_setup_read); the seat to move;
   the passes in a row before its turn. */

/* Read the rows field f into s->chip. Returns 0 or -1 with err. */
static int setup_rows(struct sq_state *s, const struct ff_setup_field *f, struct ff_error *err)
{
	char name[4];
	size_t i;
	int c, k;

	if (f->len != CELLS + N - 1)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: expected 10 rows "
				    "of 10 cells, '/' between them", f->at + 1);
	for (c = 0; c < CELLS; c++) {
		i = (size_t)(c + c / N);
		if (c % N == 0 && c && f->p[i - 1] != '/')
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: expected "
					    "'/' after row %d", f->at + i, c / N);
		cell_name(c, name);
		k = f->p[i] - 'A';
		if (f->p[i] == '*' || f->p[i] == '.') {
			if ((f->p[i] == '*') != corner(c))
				return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: '%c' "
						    "on %s, which is %sa corner", f->at + i + 1, f->p[i],
						    name, corner(c) ? "" : "not ");
			s->chip[c] = EMPTY;
		} else if (k >= 0 && k < s->sides) {
			if (corner(c))
				return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: a chip "
						    "on the corner %s, which is free to every side",
						    f->at + i + 1, name);
			s->chip[c] = (int8_t)k;
		} else {
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: '%c' is no "
					    "cell ('*', '.', or a chip A to %c)", f->at + i + 1, f->p[i],
					    'A' + s->sides - 1);
		}
	}
	return 0;
}

/* Count every side's sequences from the board and check them against the
   field f. Returns 0 or -1 with err. */
static int setup_sequences(struct sq_state *s, const struct ff_setup_field *f,
			   struct ff_error *err)
{
	uint8_t done[LINES] = { 0 };
	size_t i = 0;
	uint64_t v;
	int side, c, d, l, r0, c0, n;

	memset(s->seqs, 0, sizeof s->seqs);
	memset(s->lseq, 0, sizeof s->lseq);
	for (c = 0; c < CELLS; c++)
		for (d = 0; d < 4; d++)
			if ((l = line_of(c, d, &r0, &c0)) >= 0 && !done[l]) {
				done[l] = 1;
				for (side = 0; side < s->sides; side++) {
					s->lseq[side][l] = (uint8_t)line_sequences(s->chip, side, d, r0, c0);
					s->seqs[side] = (uint8_t)(s->seqs[side] + s->lseq[side][l]);
				}
			}
	for (side = 0; side < s->sides; side++) {
		for (n = 0; i + (size_t)n < f->len && f->p[i + (size_t)n] != ','; n++)
			;
		if (ff_parse_uint(f->p + i, (size_t)n, 99, &v) ||
		    (side + 1 < s->sides) != (i + (size_t)n < f->len))
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: expected "
					    "the sequences of each of the %d sides, ',' between them",
					    f->at + i + 1, s->sides);
		if (v != s->seqs[side])
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: side %d has "
					    "made %d sequences on the board, not %d", f->at + i + 1,
					    side + 1, s->seqs[side], (int)v);
		i += (size_t)n + 1;
	}
	return 0;
}

static int sq_setup_read(void *st, const struct ff_config *cfg, const char *text, size_t len,
			 struct ff_error *err)
{
	struct sq_state *s = st;
	struct ff_setup_field f[8];
	uint64_t seat, passes;
	int n = ff_setup_fields(text, len, f, 8), side, won = -1, last, k;

	(void)cfg;
	if (n != 7)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character 1: expected seven "
				    "fields: the rows, the sequences, the hands, the pile, the "
				    "discards, the seat to move, the passes before its turn");
	if (setup_rows(s, &f[0], err) || setup_sequences(s, &f[1], err) ||
	    ff_hands_setup_read(&s->h, &f[2], &f[3], &f[4], err))
		return -1;
	if (ff_parse_uint(f[5].p, f[5].len, s->seats, &seat) || seat < 1)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: the seat to move "
				    "is 1 to %d", f[5].at + 1, s->seats);
	if (ff_parse_uint(f[6].p, f[6].len, s->seats, &passes))
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: the passes in a "
				    "row are 0 to %d", f[6].at + 1, s->seats);
	s->turn = (uint8_t)(seat - 1);
	s->passes = (uint8_t)passes;
	s->exchanged = 0;
	s->term = FF_TERM_NONE;
	s->winner = -1;
	last = (s->turn + s->seats - 1) % s->seats;
	for (side = 0; side < s->sides; side++)
		if (s->seqs[side] >= s->need) {
			if (won >= 0 || side != side_of_seat(s, last) || passes)
				return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: side "
						    "%d has the %d sequences that win, and the game "
						    "would have ended before seat %d's last play",
						    f[1].at + 1, side + 1, s->need, last + 1);
			won = side;
		}
	for (k = 0; k < s->seats; k++) {
		int held = s->h.nhand[k] + s->h.unk[k];

		if (held != s->hsize && !(won >= 0 && k == last && held == s->hsize - 1))
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: seat %d "
					    "holds %d cards, a hand is %d with %d seats",
					    f[2].at + 1, k + 1, held, s->hsize, s->seats);
	}
	if (won >= 0) {
		s->term = FF_TERM_NORMAL;
		s->winner = (int8_t)won;
	} else if (s->passes >= s->seats) {
		s->term = FF_TERM_BLOCKED;
	}
	return 0;
}

static int sq_setup_write(const void *st, struct ff_buf *out)
{
	const struct sq_state *s = st;
	int c, side, rc = 0;

	for (c = 0; c < CELLS; c++) {
		if (c && c % N == 0)
			rc |= ff_buf_addc(out, '/');
		rc |= ff_buf_addc(out, corner(c) ? '*' : s->chip[c] == EMPTY ? '.' :
				  (char)('A' + s->chip[c]));
	}
	for (side = 0; side < s->sides; side++)
		rc |= ff_buf_addf(out, "%c%d", side ? ',' : ' ', s->seqs[side]);
	rc |= ff_buf_addc(out, ' ');
	rc |= ff_hands_setup_write(&s->h, out);
	return rc | ff_buf_addf(out, " %d %d", s->turn + 1, s->passes) ? -1 : 0;
}

static void sq_outcome(const void *st, struct ff_outcome *out)
{
	const struct sq_state *s = st;

	out->term = (enum ff_termination)s->term;
	out->winner = s->winner;
}

/* A cell as 4 characters: a chip "[2]", a corner "**", else the card. */
static void render_board(const struct sq_state *s, struct ff_buf *out)
{
	int r, c;
	char b[4];

	ff_buf_adds(out, "      a   b   c   d   e   f   g   h   i   j\n");
	for (r = 0; r < N; r++) {
		ff_buf_addf(out, "  %2d ", r + 1);
		for (c = 0; c < N; c++) {
			int cell = r * N + c;

			if (s->chip[cell] != EMPTY)
				ff_buf_addf(out, "[%d]", s->chip[cell] + 1);
			else if (corner(cell))
				ff_buf_adds(out, " **");
			else
				ff_buf_addf(out, " %s", ff_card_name(card_at(cell), b));
			ff_buf_addc(out, c + 1 < N ? ' ' : '\n');
		}
	}
}

static void sq_render(const void *st, struct ff_buf *out)
{
	const struct sq_state *s = st;
	int seat, side;

	render_board(s, out);
	for (seat = 0; seat < s->seats; seat++) {
		ff_buf_addf(out, "  seat %d (side %d):", seat + 1, side_of_seat(s, seat) + 1);
		ff_hands_render(&s->h, seat, out);
		ff_buf_addc(out, '\n');
	}
	ff_buf_adds(out, "  ");
	ff_hands_render_piles(&s->h, out);
	ff_buf_adds(out, "\n  sequences:");
	for (side = 0; side < s->sides; side++)
		ff_buf_addf(out, " side %d %d,", side + 1, s->seqs[side]);
	ff_buf_addf(out, " %d to win\n", s->need);
}

/* The position as JSON (docs/json.md, "fivefold show --format json"): each cell
   with a chip, by name, with the chip's side; each seat with its side
   and hand (the cards the state knows, and how many more unseen); the
   piles; each side's sequences and how many win. */
static int sq_render_json(const void *st, struct ff_buf *out)
{
	const struct sq_state *s = st;
	int c, n = 0, seat, side, rc = ff_buf_adds(out, "{\"chips\":{");

	for (c = 0; c < CELLS; c++)
		if (s->chip[c] != EMPTY)
			rc |= ff_buf_addf(out, "%s\"%c%d\":%d", n++ ? "," : "", 'a' + c % N, c / N + 1,
					  s->chip[c] + 1);
	rc |= ff_buf_adds(out, "},\"seats\":[");
	for (seat = 0; seat < s->seats; seat++) {
		rc |= ff_buf_addf(out, "%s{\"seat\":%d,\"side\":%d,\"hand\":", seat ? "," : "",
				  seat + 1, side_of_seat(s, seat) + 1);
		rc |= ff_hands_json(&s->h, seat, out);
		rc |= ff_buf_addc(out, '}');
	}
	rc |= ff_buf_adds(out, "],");
	rc |= ff_hands_json_piles(&s->h, out);
	rc |= ff_buf_adds(out, ",\"sequences\":[");
	for (side = 0; side < s->sides; side++)
		rc |= ff_buf_addf(out, "%s%d", side ? "," : "", s->seqs[side]);
	rc |= ff_buf_addf(out, "],\"to_win\":%d}", s->need);
	return rc ? -1 : 0;
}

/* The card of cell c as its face: rank and suit sign (UTF-8). */
static void card_face(int card, char *buf, size_t n)
{
	static const char *const suit[FF_SUITS] = { "\u2660", "\u2665", "\u2666", "\u2663" };
	static const char *const rank[FF_RANKS] = { "A", "2", "3", "4", "5", "6", "7", "8", "9",
						    "10", "J", "Q", "K" };

	snprintf(buf, n, "%s%s", rank[ff_card_rank(card)], suit[ff_card_suit(card)]);
}

/* The board's cells with their card faces (hearts and diamonds red), the
   corners free, and each chip as its side's marker with the side's
   number; then the hands, piles and sequences as text. */
static void sq_render_svg(const void *st, const char *caption, struct ff_buf *out)
{
	const struct sq_state *s = st;
	const double cell = 52, x0 = 40, y0 = 50;
	struct ff_buf line = FF_BUF_INIT;
	double y = y0 + N * cell + 30;
	char face[16];
	int r, c, seat, side;

	ff_svg_begin(out, x0 + N * cell + 20, y + 22 * (s->seats + 2) + 20, "Sequence");
	if (caption)
		ff_svg_text(out, x0 + N * cell / 2, 24, 13, "middle", "#000000", "%s", caption);
	for (r = 0; r < N; r++) {
		ff_svg_text(out, x0 - 16, y0 + r * cell + cell / 2 + 5, 13, "middle", "#000000", "%d",
			    r + 1);
		ff_svg_text(out, x0 + r * cell + cell / 2, y0 - 6, 13, "middle", "#000000", "%c",
			    'a' + r);
		for (c = 0; c < N; c++) {
			int k = r * N + c, card = card_at(k);
			double x = x0 + c * cell, yy = y0 + r * cell;

			ff_svg_rect(out, x, yy, cell, cell, corner(k) ? "#DDDDDD" : "#FFFDF5", "#888888", 1);
			if (corner(k)) {
				ff_svg_text(out, x + cell / 2, yy + 20, 11, "middle", "#000000", "free");
			} else {
				card_face(card, face, sizeof face);
				ff_svg_text(out, x + 4, yy + 14, 12, "start",
					    ff_card_suit(card) == 1 || ff_card_suit(card) == 2 ? "#C00000"
											      : "#000000",
					    "%s", face);
			}
			if (s->chip[k] != EMPTY) {
				snprintf(face, sizeof face, "%d", s->chip[k] + 1);
				ff_svg_marker(out, x + cell / 2, yy + cell / 2 + 6, 14, s->chip[k], 0, face);
			}
		}
	}
	for (seat = 0; seat < s->seats; seat++, y += 22) {
		ff_buf_reset(&line);
		ff_hands_render(&s->h, seat, &line);
		ff_svg_text(out, x0, y, 13, "start", "#000000", "seat %d (side %d):%s", seat + 1,
			    side_of_seat(s, seat) + 1, line.p ? line.p : "");
	}
	ff_buf_reset(&line);
	ff_hands_render_piles(&s->h, &line);
	ff_svg_text(out, x0, y, 13, "start", "#000000", "%s", line.p);
	y += 22;
	ff_buf_reset(&line);
	for (side = 0; side < s->sides; side++)
		ff_buf_addf(&line, "%s side %d %d", side ? "," : "sequences:", side + 1,
			    s->seqs[side]);
	ff_buf_addf(&line, ", %d to win", s->need);
	ff_svg_text(out, x0, y, 13, "start", "#000000", "%s", line.p);
	ff_buf_free(&line);
	ff_svg_end(out);
}

/* --- the greedy agent ---

   Scores each ply from the board and its own hand only: a win first, then
   a completed sequence, then blocking (or, with a one-eyed jack, breaking)
   an opponent's four; otherwise building toward fives that no opponent
   chip spoils. A dead card is exchanged at once. A jack is kept unless
   playing it decides something: a win, a sequence or a block. Ties are
   broken at random. */

/* Side's chips and corners in the five starting at (r, c) going d, or -1
   when another side's chip spoils it. c0 counts as side's when it is
   cell x. */
static int five_value(const struct sq_state *s, int side, int r, int c, int d, int x)
{
	int k, have = 0, cell;

	for (k = 0; k < 5; k++, r += dirs[d][0], c += dirs[d][1]) {
		if (r < 0 || r >= N || c < 0 || c >= N)
			return -1;
		cell = r * N + c;
		if (cell == x || corner(cell) || s->chip[cell] == side)
			have++;
		else if (s->chip[cell] != EMPTY)
			return -1;
	}
	return have;
}

/* Over the fives through cell x: the largest count side would have with x
   its own (4: x completes it... 5: x finishes a five), and a building
   score. */
static int fives_through(const struct sq_state *s, int side, int x, long *build)
{
	static const long weight[6] = { 0, 1, 3, 10, 40, 200 };
	int d, k, v, best = 0, r = x / N, c = x % N;

	for (d = 0; d < 4; d++)
		for (k = 0; k < 5; k++) {
			v = five_value(s, side, r - k * dirs[d][0], c - k * dirs[d][1], d, x);
			if (v < 0)
				continue;
			if (v > best)
				best = v;
			if (build)
				*build += weight[v];
		}
	return best;
}

static long greedy_score(const void *st, const struct ff_ply *p, void *ctx)
{
	const struct sq_state *s = st;
	int side = side_of_seat(s, s->turn), card = p->w[1], x = p->w[2], o;
	long v = 0, build = 0;
	int decides = 0, g;

	(void)ctx;
	if (p->w[0] == K_DEAD)
		return 100000000;
	if (p->w[0] == K_PASS)
		return 0;
	if (p->w[0] == K_REMOVE)   /* breaking an opponent's four (x in it, its gap empty) decides */
		return fives_through(s, s->chip[x], x, NULL) >= 4 ? 5000000 : -10000000;
	g = gain_at(s, side, x);
	if (s->seqs[side] + g >= s->need)
		return 1000000000;
	if (g > 0) {
		v += 10000000L * g;
		decides = 1;
	}
	for (o = 0; o < s->sides; o++) {
		if (o == side)
			continue;
		if (fives_through(s, o, x, NULL) >= 5) {   /* x is the gap in their four */
			v += 1000000;
			decides = 1;
		}
	}
	fives_through(s, side, x, &build);
	v += build;
	if (is_jack(card) && !decides)
		v -= 20000000;
	return v;
}

static int greedy_choose(const void *st, const struct ff_ply *legal, int n, struct ff_rng *rng)
{
	return ff_agent_argmax(st, legal, n, rng, greedy_score, NULL);
}

static void greedy_rank(const void *st, const struct ff_ply *legal, int n, long *score)
{
	ff_agent_scores(st, legal, n, score, greedy_score, NULL);
}

/* Every hand but seat's, and the pile's order, redealt (ff_hands). */
static void sq_determinize(void *st, int seat, struct ff_rng *rng)
{
	struct sq_state *s = st;

	ff_hands_determinize(&s->h, 1u << seat, rng);
}

static const struct ff_agent sq_agents[] = {
	{ .name = "greedy", .help = "wins or completes a sequence when it can, blocks a four, "
		"builds; keeps its jacks for plays that decide something", .choose = greedy_choose,
	  .rank = greedy_rank },
};

/* mcts where the user gives no options (measured: docs/agents.md) */
static const struct ff_agent_defaults sq_agent_defaults[] = {
	{ "mcts", 0, "width=3;z=0;playout=greedy" },
};

const struct ff_rules ff_sequence_rules = {
	.name = "sequence",
	.title = "Sequence",
	.presets = sq_presets,
	.npresets = 1,
	.options = sq_options,
	.noptions = O_COUNT,
	.seats_min = 2,
	.seats_max = 12,
	.seats_default = 2,
	.seat_counts = 1u << 2 | 1u << 3 | 1u << 4 | 1u << 6 | 1u << 8 | 1u << 9 | 1u << 10 | 1u << 12,
	.state_size = sizeof(struct sq_state),
	.canon = sq_canon,
	.init = sq_init,
	.sides = sq_sides,
	.side_of = sq_side_of,
	.to_move = sq_to_move,
	.legal = sq_legal,
	.is_legal = sq_is_legal,
	.parse = sq_parse,
	.format = sq_format,
	.format_post = sq_format_post,
	.explain = sq_explain,
	.apply = sq_apply,
	.outcome = sq_outcome,
	.render = sq_render,
	.render_svg = sq_render_svg,
	.render_json = sq_render_json,
	.setup_read = sq_setup_read,
	.setup_write = sq_setup_write,
	.determinize = sq_determinize,
	.agents = sq_agents,
	.nagents = 1,
	.agent_defaults = sq_agent_defaults,
	.nagent_defaults = 1,
};
