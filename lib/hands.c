/* The cards of a card game: pile, discards and hands, known or not. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/hands.h"
#include "lib/setup.h"
#include "lib/text.h"

/* Check a Deck tag: exactly the game's cards. */
static int check_deck(const struct ff_hands *h, const struct ff_config *cfg, int n,
		      const char *game, struct ff_error *err)
{
	int count[FF_CARD_KINDS] = { 0 }, i;
	char b[4];

	if (cfg->ndeck != n)
		return ff_error_set(err, FF_EBAD_TAG, "bad Deck: %s uses %d cards, not %d", game, n,
				    cfg->ndeck);
	for (i = 0; i < n; i++)
		if (++count[cfg->deck[i]] > h->copies[cfg->deck[i]])
			return ff_error_set(err, FF_EBAD_TAG, "bad Deck: %s has %d '%s', not more",
					    game, h->copies[cfg->deck[i]],
					    ff_card_name(cfg->deck[i], b));
	return 0;
}

int ff_hands_init(struct ff_hands *h, const struct ff_config *cfg, int decks, int jokers,
		  int each, struct ff_rng *chance, const char *game, struct ff_error *err)
{
	int16_t dealt[FF_MAX_SEATS * FF_HANDS_HAND];
	int n, seat, c, dealt_n;

	memset(h, 0, sizeof *h);
	h->seats = (uint8_t)cfg->seats;
	for (c = 0; c < FF_JOKER; c++)
		h->copies[c] = (uint8_t)decks;
	h->copies[FF_JOKER] = (uint8_t)(decks * jokers);
	n = ff_cards_unshuffled(h->pile, decks, jokers);
	if (cfg->ndeck && check_deck(h, cfg, n, game, err))
		return -1;
	if (chance)
		ff_cards_shuffle(chance, h->pile, n);
	if (cfg->ndeck && chance && memcmp(h->pile, cfg->deck, (size_t)n * sizeof h->pile[0]))
		return ff_error_set(err, FF_EBAD_TAG, "bad Deck: it is not the order the Seed shuffles");
	if (cfg->ndeck)
		memcpy(h->pile, cfg->deck, (size_t)n * sizeof h->pile[0]);
	h->seeded = chance != NULL;
	h->known = cfg->ndeck || chance;
	dealt_n = h->seats * each;
	if (h->known) {
		ff_cards_deal(h->pile, h->seats, cfg->first, each, dealt, FF_HANDS_HAND);
		for (seat = 0; seat < h->seats; seat++) {
			memcpy(h->hand[seat], dealt + seat * FF_HANDS_HAND, (size_t)each * sizeof dealt[0]);
			h->nhand[seat] = (uint8_t)each;
		}
		h->top = (uint16_t)dealt_n;
	} else {
		for (seat = 0; seat < h->seats; seat++)
			h->unk[seat] = (uint8_t)each;
	}
	h->npile = (uint16_t)(n - dealt_n);
	return 0;
}

int ff_hands_find(const struct ff_hands *h, int seat, int card)
{
	const int16_t *hand = h->hand[seat];
	int i, at = -1;

	/* every card looked at, the first match kept without a branch: where
	   in a hand a card is follows no pattern a branch predictor learns */
	for (i = h->nhand[seat] - 1; i >= 0; i--)
		at = hand[i] == card ? i : at;
	return at;
}

int ff_hands_available(const struct ff_hands *h, int card)
{
	int n = h->copies[card] - h->dcount[card], seat, i;

	for (seat = 0; seat < h->seats; seat++)
		for (i = 0; i < h->nhand[seat]; i++)
			n -= h->hand[seat][i] == card;
	if (h->known)
		for (i = 0; i < h->npile; i++)
			n -= h->pile[h->top + i] == card;
	return n;
}

int ff_hands_holds(const struct ff_hands *h, int seat, int card)
{
	if (card < 0 || card >= FF_CARD_KINDS)
		return 0;
	return ff_hands_find(h, seat, card) >= 0 || (h->unk[seat] > 0 && ff_hands_available(h, card) > 0);
}

int ff_hands_candidates(const struct ff_hands *h, int seat, int *cards)
{
	const int16_t *hand = h->hand[seat];
	uint64_t seen = 0;   /* bit card: listed */
	int n = 0, i, card, held = h->nhand[seat];   /* read once: cards[] may alias it */

	_Static_assert(FF_CARD_KINDS <= 64, "a card kind per bit of seen");
	for (i = 0; i < held; i++) {   /* written always, kept when new */
		card = hand[i];
		cards[n] = card;
		n += !(seen >> card & 1);
		seen |= (uint64_t)1 << card;
	}
	if (h->unk[seat])
		for (card = 0; card < FF_CARD_KINDS; card++)
			if (h->copies[card] && !(seen >> card & 1) && ff_hands_available(h, card) > 0)
				cards[n++] = card;
	return n;
}

/* "both" or "all N", for messages about a card's copies. */
static const char *copies_word(int n)
{
	static const char *const words[] = { "no", "its one", "both", "all 3", "all 4", "all 5",
					     "all 6", "all 7", "all 8" };

	return n >= 0 && n <= 8 ? words[n] : "all";
}

int ff_hands_check(const struct ff_hands *h, int seat, int card, struct ff_error *err)
{
	char b[4];

	if (card < 0 || card >= FF_CARD_KINDS || h->unk[seat] == 0 ||
	    ff_hands_find(h, seat, card) >= 0 || ff_hands_available(h, card) > 0)
		return 0;
	if (!h->copies[card])
		return 0;   /* a card the game does not use: the engine's rules say why */
	return ff_error_set(err, FF_EBAD_DRAW,
			    "card '%s' cannot be in seat %d's hand: %s copies are accounted for "
			    "(discarded or known in a hand)", ff_card_name(card, b), seat + 1,
			    copies_word(h->copies[card]));
}

void ff_hands_discard(struct ff_hands *h, int seat, int card)
{
	int i = ff_hands_find(h, seat, card), held = h->nhand[seat];

	if (i >= 0) {
		h->hand[seat][i] = h->hand[seat][held - 1];
		h->nhand[seat] = (uint8_t)(held - 1);
	} else if (h->unk[seat])
		h->unk[seat]--;
	h->disc[h->ndisc++] = (int16_t)card;
	h->dcount[card]++;
}

/* The pile is empty: the discards, in the order discarded, become the new
   pile, shuffled with the chance stream when the game has a Seed (else its
   order is unknown from now on). Out of line: rare, and inlined it costs
   every draw the registers it saves. */
static __attribute__((noinline)) void reshuffle(struct ff_hands *h, struct ff_rng *chance)
{
	memcpy(h->pile, h->disc, h->ndisc * sizeof h->disc[0]);
	h->npile = h->ndisc;
	h->top = 0;
	h->ndisc = 0;
	memset(h->dcount, 0, sizeof h->dcount);
	if (h->seeded && chance) {
		ff_cards_shuffle(chance, h->pile, h->npile);
		h->known = 1;
	} else {
		h->known = 0;
	}
}

/* The diagnostic of a drawn card the record claims that cannot be: one
   the pile (known) contradicts, or one with no copy left. Out of the
   draw's way (its buffers would cost every draw a stack check). */
static __attribute__((noinline)) int bad_draw(const struct ff_hands *h, int claim, int card,
					       struct ff_error *err)
{
	char a[4], b[4];

	if (h->known)
		return ff_error_set(err, FF_EBAD_DRAW,
				    "drawn card '%s' contradicts the %s, which deals '%s' here",
				    ff_card_name(claim, a), h->seeded ? "Seed" : "Deck",
				    ff_card_name(card, b));
	return ff_error_set(err, FF_EBAD_DRAW, "drawn card '%s' cannot be drawn: %s copies are "
			    "accounted for", ff_card_name(claim, a),
			    copies_word(claim < FF_CARD_KINDS ? h->copies[claim] : 0));
}

int ff_hands_draw(struct ff_hands *h, int seat, int16_t *claim, struct ff_rng *chance,
		  struct ff_error *err)
{
	int card = *claim;

	if (h->npile == 0)
		reshuffle(h, chance);
	if (h->known) {
		card = h->pile[h->top];
		if (*claim != FF_NO_CARD && *claim != card)
			return bad_draw(h, *claim, card, err);
	} else if (card != FF_NO_CARD && (card >= FF_CARD_KINDS || ff_hands_available(h, card) <= 0)) {
		return bad_draw(h, card, card, err);
	}
	h->top++;
	h->npile--;
	if (card == FF_NO_CARD)
		h->unk[seat]++;
	else
		h->hand[seat][h->nhand[seat]++] = (int16_t)card;
	*claim = (int16_t)card;
	return 0;
}

static int by_code(const void *a, const void *b)
{
	return *(const int16_t *)a - *(const int16_t *)b;
}

void ff_hands_determinize(struct ff_hands *h, unsigned visible, struct ff_rng *rng)
{
	int16_t unseen[FF_HANDS_CARDS];
	int n = 0, s, i;

	if (!h->known)
		return;
	for (s = 0; s < h->seats; s++)
		if (!(visible >> s & 1) && h->unk[s])
			return;
	for (s = 0; s < h->seats; s++)
		for (i = 0; !(visible >> s & 1) && i < h->nhand[s]; i++)
			unseen[n++] = h->hand[s][i];
	memcpy(unseen + n, h->pile + h->top, h->npile * sizeof h->pile[0]);
	n += h->npile;
	qsort(unseen, (size_t)n, sizeof unseen[0], by_code);
	ff_cards_shuffle(rng, unseen, n);
	n = 0;
	for (s = 0; s < h->seats; s++)
		for (i = 0; !(visible >> s & 1) && i < h->nhand[s]; i++)
			h->hand[s][i] = unseen[n++];
	memcpy(h->pile + h->top, unseen + n, h->npile * sizeof h->pile[0]);
}

void ff_hands_render(const struct ff_hands *h, int seat, struct ff_buf *out)
{
	char b[4];
	int i;

	for (i = 0; i < h->nhand[seat]; i++)
		ff_buf_addf(out, " %s", ff_card_name(h->hand[seat][i], b));
	if (h->unk[seat])
		ff_buf_addf(out, " %s%d unknown", h->nhand[seat] ? "+ " : "", h->unk[seat]);
}

void ff_hands_render_piles(const struct ff_hands *h, struct ff_buf *out)
{
	char b[4];

	ff_buf_addf(out, "draw pile %d", h->npile);
	if (h->known && h->npile)
		ff_buf_addf(out, " (top %s)", ff_card_name(h->pile[h->top], b));
	ff_buf_addf(out, ", discard pile %d", h->ndisc);
	if (h->ndisc)
		ff_buf_addf(out, " (top %s)", ff_card_name(h->disc[h->ndisc - 1], b));
}

int ff_hands_json(const struct ff_hands *h, int seat, struct ff_buf *out)
{
	char b[4];
	int i, rc = ff_buf_adds(out, "{\"cards\":[");

	for (i = 0; i < h->nhand[seat]; i++)
		rc |= ff_buf_addf(out, "%s\"%s\"", i ? "," : "", ff_card_name(h->hand[seat][i], b));
	rc |= ff_buf_addf(out, "],\"unknown\":%d}", h->unk[seat]);
	return rc ? -1 : 0;
}

int ff_hands_json_piles(const struct ff_hands *h, struct ff_buf *out)
{
	char b[4];
	int rc = ff_buf_addf(out, "\"draw_pile\":{\"count\":%d,\"top\":", h->npile);

	if (h->known && h->npile)
		rc |= ff_buf_addf(out, "\"%s\"", ff_card_name(h->pile[h->top], b));
	else
		rc |= ff_buf_adds(out, "null");
	rc |= ff_buf_addf(out, "},\"discard_pile\":{\"count\":%d,\"top\":", h->ndisc);
	if (h->ndisc)
		rc |= ff_buf_addf(out, "\"%s\"", ff_card_name(h->disc[h->ndisc - 1], b));
	else
		rc |= ff_buf_adds(out, "null");
	rc |= ff_buf_addc(out, '}');
	return rc ? -1 : 0;
}

/* --- set-up positions --- */

/* Read the card list f[from, to) into out (room for max), "?N" at its end
   counted in *unknown (NULL: not allowed). Returns the number of cards,
   or -1 with err. */
static int setup_cards(const struct ff_setup_field *f, size_t from, size_t to, int16_t *out,
		       int max, int *unknown, const struct ff_hands *h, struct ff_error *err)
{
	size_t i = from;
	uint64_t v;
	int n = 0, c;

	if (unknown)
		*unknown = 0;
	if (to - from == 1 && f->p[from] == '-')
		return 0;
	while (i < to) {
		if (f->p[i] == '?' && unknown) {
			if (ff_parse_uint(f->p + i + 1, to - i - 1, FF_HANDS_CARDS, &v) || i + 1 == to)
				return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: "
						    "expected ?N, N the unknown cards, at the end",
						    f->at + i + 1);
			*unknown = (int)v;
			return n;
		}
		if (i + 2 > to || (c = ff_card_parse(f->p + i, 2)) < 0 || !h->copies[c])
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: '%.*s' "
					    "is no card of the game", f->at + i + 1,
					    (int)(to - i < 2 ? to - i : 2), f->p + i);
		if (n == max)
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: more than "
					    "%d cards", f->at + i + 1, max);
		out[n++] = (int16_t)c;
		i += 2;
	}
	return n;
}

/* Count the cards of list[0, n) in seen[], and check none has more
   copies than the game: 0, or -1 with err naming the card. */
static int setup_count(const struct ff_hands *h, const int16_t *list, int n, uint8_t *seen,
		       size_t at, struct ff_error *err)
{
	char b[4];
	int i;

	for (i = 0; i < n; i++)
		if (++seen[list[i]] > h->copies[list[i]])
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: %d copies "
					    "of %s in the hands, the pile and the discards, the game "
					    "has %d", at + 1, seen[list[i]], ff_card_name(list[i], b),
					    h->copies[list[i]]);
	return 0;
}

int ff_hands_setup_read(struct ff_hands *h, const struct ff_setup_field *hands,
			const struct ff_setup_field *pile, const struct ff_setup_field *disc,
			struct ff_error *err)
{
	uint8_t seen[FF_CARD_KINDS] = { 0 };
	size_t i = 0, end;
	int seat = 0, n, unk, total = 0, want = 0, c;

	for (seat = 0; seat < h->seats; seat++) {
		if (i > hands->len || (seat && hands->p[i - 1] != '/'))
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: expected "
					    "%d hands, '/' between them", hands->at + 1, h->seats);
		for (end = i; end < hands->len && hands->p[end] != '/'; end++)
			;
		if ((n = setup_cards(hands, i, end, h->hand[seat], FF_HANDS_HAND, &unk, h, err)) < 0 ||
		    setup_count(h, h->hand[seat], n, seen, hands->at + i, err))
			return -1;
		h->nhand[seat] = (uint8_t)n;
		h->unk[seat] = (uint8_t)(unk > FF_HANDS_HAND ? FF_HANDS_HAND + 1 : unk);
		if (n + unk > FF_HANDS_HAND)
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: seat %d "
					    "holds %d cards, more than a hand can", hands->at + i + 1,
					    seat + 1, n + unk);
		total += n + unk;
		i = end + 1;
	}
	if (i <= hands->len)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: more than %d "
				    "hands", hands->at + i, h->seats);
	h->top = 0;
	if ((n = setup_cards(pile, 0, pile->len, h->pile, FF_HANDS_CARDS, &unk, h, err)) < 0)
		return -1;
	if (n && unk)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: the pile is its "
				    "cards or ?N, not both", pile->at + 1);
	h->known = unk == 0;   /* the order of an empty pile is known */
	h->npile = (uint16_t)(n + unk);
	if (setup_count(h, h->pile, n, seen, pile->at, err))
		return -1;
	if ((n = setup_cards(disc, 0, disc->len, h->disc, FF_HANDS_CARDS, NULL, h, err)) < 0 ||
	    setup_count(h, h->disc, n, seen, disc->at, err))
		return -1;
	h->ndisc = (uint16_t)n;
	memset(h->dcount, 0, sizeof h->dcount);
	for (i = 0; i < (size_t)n; i++)
		h->dcount[h->disc[i]]++;
	total += h->npile + h->ndisc;
	for (c = 0; c < FF_CARD_KINDS; c++)
		want += h->copies[c];
	if (total != want)
		return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: the hands, the "
				    "pile and the discards hold %d cards, the game has %d",
				    hands->at + 1, total, want);
	return 0;
}

/* Append cards[0, n), "-" for none when unk is 0 too, and "?unk". */
static int write_cards(const int16_t *cards, int n, int unk, struct ff_buf *out)
{
	char b[4];
	int i, rc = 0;

	for (i = 0; i < n; i++)
		rc |= ff_buf_adds(out, ff_card_name(cards[i], b));
	if (unk)
		rc |= ff_buf_addf(out, "?%d", unk);
	else if (!n)
		rc |= ff_buf_addc(out, '-');
	return rc;
}

int ff_hands_setup_write(const struct ff_hands *h, struct ff_buf *out)
{
	int seat, rc = 0;

	for (seat = 0; seat < h->seats; seat++) {
		if (seat)
			rc |= ff_buf_addc(out, '/');
		rc |= write_cards(h->hand[seat], h->nhand[seat], h->unk[seat], out);
	}
	rc |= ff_buf_addc(out, ' ');
	if (h->known)
		rc |= write_cards(h->pile + h->top, h->npile, 0, out);
	else
		rc |= write_cards(NULL, 0, h->npile, out);
	rc |= ff_buf_addc(out, ' ');
	rc |= write_cards(h->disc, h->ndisc, 0, out);
	return rc ? -1 : 0;
}
