/* Playing cards: codes, names, the unshuffled deck, shuffle and deal. */
#include "config.h"

#include <string.h>

#include "lib/cards.h"

static const char ranks[] = "A23456789TJQK";
static const char suits[] = "SHDC";

/* Ranks and suits are read in either case (lenient input); names are
   written in capitals. */
static int rank_of(char c)
{
	const char *p = c ? strchr(ranks, c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c) : NULL;

	return p ? (int)(p - ranks) : -1;
}

static int suit_of(char c)
{
	const char *p = c ? strchr(suits, c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c) : NULL;

	return p ? (int)(p - suits) : -1;
}

int ff_card_parse(const char *s, size_t n)
{
	int r, su;

	if (n == 2 && (s[0] == 'J' || s[0] == 'j') && (s[1] == 'K' || s[1] == 'k'))
		return FF_JOKER;
	if (n == 3 && s[0] == '1' && s[1] == '0' && (su = suit_of(s[2])) >= 0)
		return ff_card_make(su, 9);
	if (n != 2 || (r = rank_of(s[0])) < 0 || (su = suit_of(s[1])) < 0)
		return -1;
	return ff_card_make(su, r);
}

size_t ff_card_len(const char *s, size_t n)
{
	if (n >= 3 && ff_card_parse(s, 3) >= 0)
		return 3;
	if (n >= 2 && ff_card_parse(s, 2) >= 0)
		return 2;
	return 0;
}

#define SUIT_NAMES(s) "A" s "2" s "3" s "4" s "5" s "6" s "7" s "8" s "9" s "T" s "J" s "Q" s "K" s
const char ff_card_names[2 * FF_CARD_KINDS + 1] =
	SUIT_NAMES("S") SUIT_NAMES("H") SUIT_NAMES("D") SUIT_NAMES("C") "JK";

int ff_cards_unshuffled(int16_t *out, int decks, int jokers)
{
	int d, c, j, n = 0;

	for (d = 0; d < decks; d++) {
		for (c = 0; c < FF_JOKER; c++)
			out[n++] = (int16_t)c;
		for (j = 0; j < jokers; j++)
			out[n++] = FF_JOKER;
	}
	return n;
}

void ff_cards_shuffle(struct ff_rng *chance, int16_t *cards, int n)
{
	if (n > 1)
		ff_rng_shuffle(chance, cards, (uint64_t)n, sizeof cards[0]);
}

int ff_cards_deal(const int16_t *pile, int seats, int first, int each, int16_t *hands,
		  int stride)
{
	int i, n = seats * each;

	for (i = 0; i < n; i++)
		hands[((first + i) % seats) * stride + i / seats] = pile[i];
	return n;
}
