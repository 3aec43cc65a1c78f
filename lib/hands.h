/* What a card game knows of its cards: the draw pile, the discard pile and
   every seat's hand, from a Seed (everything known), a Deck tag (known
   until a reshuffle without a Seed) or neither (a public record: hands are
   some known cards and some unknown ones). Shared by the card engines
   (docs/fgn.md, "Chance and hidden information"); plain data, so it lives
   inside an engine's state. */
#ifndef FF_HANDS_H
#define FF_HANDS_H

#include <stdint.h>

#include "lib/cards.h"
#include "lib/error.h"
#include "lib/rng.h"
#include "lib/ruleset.h"

#define FF_HANDS_CARDS FF_MAX_DECK   /* cards in play at most */
#define FF_HANDS_HAND 8               /* cards in one hand at most */

/* Invariants: copies[c] is how many cards of code c the game uses; a card
   is in exactly one of: the pile, the discard pile, a hand. Seat s holds
   nhand[s] known cards hand[s][0..nhand) and unk[s] unknown ones. When
   `known`, pile[top..top+npile) is the pile in order (top first), else only
   npile counts. disc[0..ndisc) is the discard pile in the order discarded
   and dcount counts it by code. */
struct ff_hands {
	int16_t pile[FF_HANDS_CARDS];
	int16_t disc[FF_HANDS_CARDS];
	int16_t hand[FF_MAX_SEATS][FF_HANDS_HAND];
	uint8_t copies[FF_CARD_KINDS];
	uint8_t dcount[FF_CARD_KINDS];
	uint8_t nhand[FF_MAX_SEATS], unk[FF_MAX_SEATS];
	uint16_t npile, top, ndisc;
	uint8_t seats, known, seeded;
};

/* Set up decks of 52 cards plus jokers each (the design's unshuffled
   order), seats hands of `each` dealt one at a time from seat `first`:
   from cfg's Deck tag when it has one (checked to be exactly these cards,
   and, with a Seed too, the Seed's order), else shuffled with chance when
   there is one, else unknown (a public record). game names the game in
   messages. Returns 0, or -1 with err (FF_EBAD_TAG, message starting "bad
   Deck"). */
int ff_hands_init(struct ff_hands *h, const struct ff_config *cfg, int decks, int jokers,
		  int each, struct ff_rng *chance, const char *game, struct ff_error *err);

/* Index of card in seat's known hand, or -1. */
int ff_hands_find(const struct ff_hands *h, int seat, int card);
/* Copies of card not accounted for: not discarded, not known in a hand,
   not known in the pile. */
int ff_hands_available(const struct ff_hands *h, int card);
/* Can seat hold card: known in its hand, or possible among its unknown
   cards? */
int ff_hands_holds(const struct ff_hands *h, int seat, int card);
/* The distinct cards seat may play (known ones first, in hand order; with
   unknown cards, every card still available), written to cards (room for
   FF_CARD_KINDS). Returns how many. */
int ff_hands_candidates(const struct ff_hands *h, int seat, int *cards);
/* 0, or -1 with err (FF_EBAD_DRAW) when seat has unknown cards and card,
   not known in its hand, has no copy left unaccounted for: a card the
   record plays that cannot have been drawn. */
int ff_hands_check(const struct ff_hands *h, int seat, int card, struct ff_error *err);
/* Seat plays or discards card onto the discard pile. */
void ff_hands_discard(struct ff_hands *h, int seat, int card);
/* Seat draws one card, reshuffling the discards (in discard order, with
   chance when the game has a Seed) when the pile is empty. *claim is the
   card the record says was drawn (FF_NO_CARD: not said) and receives the
   card drawn (FF_NO_CARD: not known). Returns 0, or -1 with err
   (FF_EBAD_DRAW) for a claim the pile contradicts or that cannot be. */
int ff_hands_draw(struct ff_hands *h, int seat, int16_t *claim, struct ff_rng *chance,
		  struct ff_error *err);
/* Redeal what a player cannot see: the hands of the seats not in
   `visible` (bit s: seat s's hand is seen) and the order of the draw
   pile, drawn from rng. The cards are gathered in a canonical
   order (sorted) before the shuffle, so the deal depends only on which
   cards the player cannot see, not on where they were. Each hand keeps
   its size; the hands seen and the discards are untouched. Only for a
   game whose cards are all known (else nothing changes). */
void ff_hands_determinize(struct ff_hands *h, unsigned visible, struct ff_rng *rng);
/* Append seat's hand ("7C QH + 2 unknown"). */
void ff_hands_render(const struct ff_hands *h, int seat, struct ff_buf *out);
/* Append the piles ("draw pile 68 (top 4C), discard pile 12 (top TC)"). */
void ff_hands_render_piles(const struct ff_hands *h, struct ff_buf *out);
/* Append seat's hand as JSON: {"cards":["7C","QH"],"unknown":2} (the
   cards known, in hand order, and how many more it holds unseen).
   Returns 0 or -1. */
int ff_hands_json(const struct ff_hands *h, int seat, struct ff_buf *out);
/* Append the piles as two JSON members: "draw_pile":{"count":68,"top":
   "4C"},"discard_pile":{"count":12,"top":"TC"} (top null when the pile
   is empty or its order not known). Returns 0 or -1. */
int ff_hands_json_piles(const struct ff_hands *h, struct ff_buf *out);

/* --- set-up positions (docs/fgn.md, "Set-up positions") --- */

struct ff_setup_field;

/* Read the cards of a SetUp value into h (made by ff_hands_init: the
   copies, seats and whether reshuffles follow the Seed are kept): the
   fields hands (each seat's, '/' between seats: its known cards, then
   "?N" for N unknown ones; "-" for none), pile (the draw pile top first,
   "?N" when only its size is known, "-" when empty) and disc (the discard
   pile in the order discarded, "-" when empty). Checks every card is one
   of the game's, no card has more copies in the hands, the pile and the
   discards than the game, and all of them hold every card of the game.
   Returns 0, or -1 with err (FF_EBAD_TAG, "bad SetUp at character N:
   ..."). */
int ff_hands_setup_read(struct ff_hands *h, const struct ff_setup_field *hands,
			const struct ff_setup_field *pile, const struct ff_setup_field *disc,
			struct ff_error *err);
/* Append h's cards as ff_hands_setup_read reads them: "HANDS PILE DISC".
   Returns 0 or -1. */
int ff_hands_setup_write(const struct ff_hands *h, struct ff_buf *out);

#endif
