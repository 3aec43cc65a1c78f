/* Fuzz target: the set-up position readers (the SetUp tag, lib/setup.h,
   docs/fgn.md "Set-up positions"), one target for every engine that has
   them. Byte 0 picks the engine (among those that can FF_CAN_SETUP, in
   registry order), byte 1 its preset, byte 2 the seat count (its low
   bits, among the engine's counts) and whether the game has a Seed (bit
   7); the rest, up to a NUL, is the SetUp tag's value, read through
   ff_setup_read over the initial position as replay reads it.

   Checks (abort on a violation, with "fuzz: CHECK: ..."):
   - "refuse": a refused set-up comes with bad-tag and a message that
     starts "bad SetUp";
   - "trip": an accepted one written by ff_setup_write reads back; written
     again it is the same text; the two states draw the same picture, have
     the same seat to move and the same outcome;
   - "play": from an accepted position the game goes on: legal() gives
     1..FF_MAX_LEGAL plies and apply() takes them, for up to PLIES plies
     (the first, middle or last legal ply by turns), and every position
     reached writes a set-up that reads back. */
#include "config.h"

#include "fuzz/fuzz.h"
#include "lib/setup.h"

#define PLIES 40

/* The i-th engine that has set-up positions, or NULL. */
static const struct ff_rules *setup_engine(int i)
{
	const struct ff_rules *r;
	int k, n = 0;

	for (k = 0; (r = ff_rules_at(k)); k++)
		if (ff_rules_can(r, FF_CAN_SETUP) && n++ == i)
			return r;
	return NULL;
}

static int setup_engines(void)
{
	int n = 0;

	while (setup_engine(n))
		n++;
	return n;
}

/* Write st's set-up into out (reset), read it into st2 over a fresh
   initial position of cfg, and check the two states agree. */
static void trip(const struct ff_config *cfg, const void *st, void *st2, struct ff_buf *out,
		 struct ff_buf *again)
{
	const struct ff_rules *r = cfg->rules;
	struct ff_buf ra = FF_BUF_INIT, rb = FF_BUF_INIT;
	struct ff_outcome oa, ob;
	struct ff_error err;

	ff_buf_reset(out);
	ff_buf_reset(again);
	if (ff_setup_write(r, st, NULL, 0, out) || !out->p)
		ff_fuzz_fail("trip", "%s: setup_write failed", r->name);
	ff_error_clear(&err);
	if (ff_rules_init(r, st2, cfg, NULL, &err) || ff_setup_read(r, st2, cfg, out->p, NULL, 0, &err))
		ff_fuzz_fail("trip", "%s: '%s' written, then refused: %s", r->name, out->p, err.msg);
	if (ff_setup_write(r, st2, NULL, 0, again) || strcmp(out->p, again->p) != 0)
		ff_fuzz_fail("trip", "%s: '%s' reads back as '%s'", r->name, out->p,
			     again->p ? again->p : "");
	ff_rules_render(r, st, &ra);
	ff_rules_render(r, st2, &rb);
	ff_rules_outcome(r, st, &oa);
	ff_rules_outcome(r, st2, &ob);
	if (!ra.p || !rb.p || strcmp(ra.p, rb.p) != 0 || oa.term != ob.term ||
	    oa.winner != ob.winner || ff_rules_to_move(r, st) != ff_rules_to_move(r, st2))
		ff_fuzz_fail("trip", "%s: '%s' read back is another position", r->name, out->p);
	ff_buf_free(&ra);
	ff_buf_free(&rb);
}

/* Play on from st (accepted) for up to PLIES plies, checking each. */
static void play(const struct ff_config *cfg, void *st, void *st2, struct ff_rng *chance,
		 struct ff_ply *legal, struct ff_buf *a, struct ff_buf *b)
{
	const struct ff_rules *r = cfg->rules;
	struct ff_outcome o;
	struct ff_error err;
	int i, n, roll;

	for (i = 0; i < PLIES; i++) {
		if (ff_fuzz_on("trip"))
			trip(cfg, st, st2, a, b);
		ff_rules_outcome(r, st, &o);
		if (o.term != FF_TERM_NONE || !ff_fuzz_on("play"))
			return;
		roll = ff_rules_roll(r, st, chance);
		n = ff_rules_legal(r, st, roll, legal);
		if (n < 1 || n > FF_MAX_LEGAL)
			ff_fuzz_fail("play", "%s: legal() gave %d plies", r->name, n);
		n = i % 3 == 0 ? 0 : i % 3 == 1 ? n / 2 : n - 1;
		ff_error_clear(&err);
		if (ff_rules_apply(r, st, &legal[n], chance, &err))
			ff_fuzz_fail("play", "%s: apply() of a legal ply failed: %s", r->name, err.msg);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct ff_rules *r;
	struct ff_config cfg;
	struct ff_error err;
	struct ff_rng chance;
	struct ff_buf a = FF_BUF_INIT, b = FF_BUF_INIT;
	int counts[FF_MAX_SEATS], ncounts, n = setup_engines();
	char seats[8], *text;
	void *st, *st2;
	struct ff_ply *legal;

	if (size < 3 || n == 0)
		return 0;
	r = setup_engine(data[0] % n);
	ncounts = ff_rules_seat_counts(r, counts);
	snprintf(seats, sizeof seats, "%d", counts[(data[2] & 0x7f) % ncounts]);
	ff_error_clear(&err);
	if (ff_config_parse(&cfg, r->name, r->presets[data[1] % r->npresets].name, NULL, seats,
			    NULL, NULL, &err))
		return 0;
	text = malloc(size - 2);
	st = ff_rules_state_alloc(r);
	st2 = ff_rules_state_alloc(r);
	legal = malloc(FF_MAX_LEGAL * sizeof *legal);
	if (!text || !st || !st2 || !legal)
		abort();
	memcpy(text, data + 3, size - 3);
	text[size - 3] = '\0';   /* up to the first NUL */
	ff_rng_seed(&chance, 37);
	if (ff_rules_init(r, st, &cfg, data[2] & 0x80 ? &chance : NULL, &err) == 0) {
		ff_error_clear(&err);
		if (ff_setup_read(r, st, &cfg, text, data[2] & 0x80 ? &chance : NULL, 37, &err) == 0)
			play(&cfg, st, st2, &chance, legal, &a, &b);
		else if (ff_fuzz_on("refuse") &&
			 (err.code != FF_EBAD_TAG || strncmp(err.msg, "bad SetUp", 9) != 0))
			ff_fuzz_fail("refuse", "%s: refused with [%s] '%s'", r->name,
				     ff_code_name(err.code), err.msg);
	}
	ff_buf_free(&a);
	ff_buf_free(&b);
	free(text);
	free(st);
	free(st2);
	free(legal);
	return 0;
}
