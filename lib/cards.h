/* Playing cards: codes, names, the design's unshuffled deck, shuffling
   and dealing (docs/fgn.md, "The RNG ff1"), shared by the card games. */
#ifndef FF_CARDS_H
#define FF_CARDS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/rng.h"

/* A card code: suit * 13 + rank, suits S H D C (0-3), ranks A 2 ... 10 J Q
   K (0-12); FF_JOKER for a joker. Codes fit an int16_t. */
enum { FF_SUITS = 4, FF_RANKS = 13, FF_CARD_KINDS = 53, FF_JOKER = 52 };

static inline int ff_card_suit(int c) { return c / FF_RANKS; }
static inline int ff_card_rank(int c) { return c % FF_RANKS; }
static inline int ff_card_make(int suit, int rank) { return suit * FF_RANKS + rank; }

/* The card written in s[0..n): rank A 2-9 T J Q K ("10" for T) and suit
   S H D C, or JK, in either case. Returns the code, or -1 when it is not a
   card. */
int ff_card_parse(const char *s, size_t n);
/* Length of the card at the start of s (2, or 3 for "10x"), reading at
   most n bytes; 0 when none starts there. */
size_t ff_card_len(const char *s, size_t n);
/* Every code's canonical name, two letters each ("AS" .. "KC", then "JK"). */
extern const char ff_card_names[2 * FF_CARD_KINDS + 1];

/* The card's canonical name ("TH", "JK"; "??" for no card) written into
   buf (at least 3 bytes); returns buf. Inline: simulate names two cards
   a ply. */
static inline const char *ff_card_name(int code, char *buf)
{
	if (code >= 0 && code < FF_CARD_KINDS) {
		buf[0] = ff_card_names[2 * code];
		buf[1] = ff_card_names[2 * code + 1];
	} else {
		buf[0] = buf[1] = '?';
	}
	buf[2] = '\0';
	return buf;
}

/* Write the unshuffled cards of `decks` decks into out (room for
   decks * (52 + jokers)): for each deck, suits S H D C, ranks A 2 ... K,
   then that deck's jokers. Returns the number of cards. */
int ff_cards_unshuffled(int16_t *out, int decks, int jokers);
/* Shuffle n cards with the chance stream (Fisher-Yates, docs/fgn.md). */
void ff_cards_shuffle(struct ff_rng *chance, int16_t *cards, int n);
/* Deal `each` cards to each of `seats` seats from pile (top = index 0),
   one at a time, round-robin from seat `first`: seat s's j-th card goes to
   hands[s * stride + j]. Returns the number of cards dealt (seats * each). */
int ff_cards_deal(const int16_t *pile, int seats, int first, int each, int16_t *hands,
		  int stride);

#endif
