/* Helpers the card-game rule tests share: a Deck tag that deals chosen
   hands, replaying a game from FGN text, and checking a diagnostic. Each
   test program defines the game, record and error they work on before
   including this file:
     static struct ff_game game; static struct ff_record rec;
     static struct ff_error err; */
#ifndef FF_TEST_CARDS_H
#define FF_TEST_CARDS_H

#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

#include "formats/fgn.h"
#include "lib/cards.h"
#include "lib/replay.h"

#define TEST_DECK_MAX 256

/* Write into out a Deck tag value: hands[s] (space-separated cards) dealt
   to seat s of `seats`, round-robin from seat 1, `each` cards a seat;
   then `draws` (space-separated) on top of the pile; then the rest of
   `decks` decks with `jokers` jokers each, in the unshuffled order. */
static inline void test_make_deck(char *out, size_t cap, int seats, int each, int decks, int jokers,
				  const char *const *hands, const char *draws)
{
	int16_t all[TEST_DECK_MAX], order[TEST_DECK_MAX];
	int used[TEST_DECK_MAX] = { 0 }, total = ff_cards_unshuffled(all, decks, jokers), n = 0, i, s, j, k;
	const char *p;
	char b[4];

#define TEST_TAKE(txt)                                                           \
	do {                                                                     \
		int code_ = ff_card_parse((txt), strcspn((txt), " "));           \
		for (j = 0; j < total && (used[j] || all[j] != code_); j++)       \
			;                                                        \
		CU_ASSERT_FATAL(j < total);                                      \
		used[j] = 1;                                                     \
		order[n++] = all[j];                                             \
	} while (0)
	for (i = 0; i < each; i++)
		for (s = 0; s < seats; s++) {
			p = hands[s];
			for (k = 0; k < i; k++)
				p = strchr(p, ' ') + 1;
			TEST_TAKE(p);
		}
	for (p = draws; p && *p; p += strcspn(p, " "), p += *p == ' ')
		TEST_TAKE(p);
#undef TEST_TAKE
	for (j = 0; j < total; j++)
		if (!used[j])
			order[n++] = all[j];
	out[0] = '\0';
	for (i = 0; i < n; i++) {
		if (i)
			strncat(out, " ", cap - strlen(out) - 1);
		strncat(out, ff_card_name(order[i], b), cap - strlen(out) - 1);
	}
}

/* Replay the game of `game_name` whose tag lines are header and whose
   movetext is moves (" *" added when moves ends without a result) into g.
   Returns the verdict; e holds the problem. */
static inline enum ff_verdict test_replay_text(struct ff_game *g, struct ff_record *r,
					       struct ff_error *e, const char *game_name,
					       const char *header, const char *moves)
{
	static char text[32768];
	const char *last = strrchr(moves, ' ') ? strrchr(moves, ' ') + 1 : moves;
	int has_result = !strcmp(last, "1-0") || !strcmp(last, "0-1") || !strcmp(last, "1/2-1/2") ||
			 !strcmp(last, "*") || (last[0] == 'W' && last[1] >= '1' && last[1] <= '9') ||
			 !strcmp(last, "D");
	struct ff_fgn_reader *rd;
	FILE *fp;
	int rc;

	snprintf(text, sizeof text, "[Game \"%s\"]\n%s\n\n%s%s\n", game_name, header, moves,
		 has_result ? "" : " *");
	fp = fmemopen(text, strlen(text), "rb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	rd = ff_fgn_reader_new(fp);
	ff_error_clear(e);
	rc = ff_fgn_read(rd, r, e);
	ff_fgn_reader_free(rd);
	fclose(fp);
	CU_ASSERT_EQUAL_FATAL(rc, 1);
	ff_error_clear(e);
	return ff_game_replay(g, r, e);
}

/* Check that a replay failed with code at ply. */
static inline void test_expect(const struct ff_error *e, enum ff_verdict v, enum ff_code code, int ply)
{
	CU_ASSERT_EQUAL(v, ff_verdict_of(code));
	CU_ASSERT_EQUAL(e->code, code);
	CU_ASSERT_EQUAL(e->ply, ply);
	if (e->code != code || e->ply != ply)
		fprintf(stderr, "\n  got [%s] at ply %d: %s\n", ff_code_name(e->code), e->ply, e->msg);
}

#endif
