/* Fuzz target: round trips between formats. The input is read as FGN;
   every game that replays valid is rewritten through its engine in
   canonical long form (canon, whose canonical FGN is A), then:
   - written in every format of the formats table (formats/format.h) and
     read back: exactly one game must come back, and its canonical FGN
     must be A (docs/formats.md: round trips are exact). A writer other
     than FGN's may refuse a game its format cannot hold (the Ludii
     writer: not a Locus Ludi preset, extra throws); a refusal is said, so
     it is no finding. A trial read back carries its own tags and no
     notes, so there the plies, the First seat and the result must be
     canon's, and the game must replay valid;
   - rewritten in short form, written as FGN, read back and rewritten in
     long form: the canonical FGN must be A again (long -> short -> long).
   A mismatch aborts (a finding); the checks are named rt-FORMAT and
   rt-short (FF_FUZZ_SKIP, fuzz/fuzz.h). */
#include "config.h"

#include "fuzz/fuzz.h"

/* Abort unless the plies of b are a's, token for token. */
static void same_plies(const struct ff_record *a, const struct ff_record *b, const char *what)
{
	size_t i;

	if (a->nplies != b->nplies)
		ff_fuzz_fail("rt-ludii", "%s: %zu plies, expected %zu", what, b->nplies, a->nplies);
	for (i = 0; i < a->nplies; i++)
		if (strcmp(ff_record_str(a, a->plies[i].tok), ff_record_str(b, b->plies[i].tok)) != 0)
			ff_fuzz_fail("rt-ludii", "%s: ply %zu is '%s', expected '%s'", what, i + 1,
				     ff_record_str(b, b->plies[i].tok), ff_record_str(a, a->plies[i].tok));
}

/* The value of tag name, "" when absent. */
static const char *tag_or_empty(const struct ff_record *rec, const char *name)
{
	const char *v = ff_record_tag(rec, name);

	return v ? v : "";
}

/* A game read back from a Ludii trial: same plies, First and result, and
   valid. */
static void check_trial(const struct ff_record *canon, const struct ff_buf *text)
{
	const struct ff_format *fmt = ff_format_find("ludii");
	struct ff_record back, again;
	struct ff_error err;
	struct ff_game g;
	FILE *fp = ff_fuzz_open((const uint8_t *)text->p, text->len);
	void *r;
	int rc;

	if (!fp || ff_record_init(&back) || ff_record_init(&again) ||
	    !(r = fmt->reader_new(fp, 0)))
		ff_fuzz_fail("memory", "cannot set up a ludii reader");
	ff_error_clear(&err);
	if ((rc = fmt->read(r, &back, &err)) != 1)
		ff_fuzz_fail("rt-ludii", "a trial written from a valid game reads back as %d (%s: %s)",
			     rc, ff_code_name(err.code), err.msg);
	same_plies(canon, &back, "ludii");
	if (strcmp(tag_or_empty(canon, "First"), tag_or_empty(&back, "First")) != 0 &&
	    !(strcmp(tag_or_empty(canon, "First"), "1") == 0 && !ff_record_tag(&back, "First")))
		ff_fuzz_fail("rt-ludii", "ludii: First '%s', expected '%s'",
			     tag_or_empty(&back, "First"), tag_or_empty(canon, "First"));
	ff_game_init(&g);
	if (strcmp(ff_record_result(canon), ff_record_result(&back)) != 0) {
		/* (then the game read back cannot be valid either) */
		if (ff_fuzz_on("rt-ludii-result"))
			ff_fuzz_fail("rt-ludii-result", "ludii: result '%s', expected '%s'",
				     ff_record_result(&back), ff_record_result(canon));
	} else {
		if (ff_game_rewrite(&g, &back, FF_FORM_LONG, &again, &err) != FF_VALID)
			ff_fuzz_fail("rt-ludii", "ludii: the game read back is not valid (%s: %s)",
				     ff_code_name(err.code), err.msg);
		same_plies(canon, &again, "ludii, rewritten");
	}
	ff_game_free(&g);
	fmt->reader_free(r);
	fclose(fp);
	ff_record_free(&back);
	ff_record_free(&again);
}

/* The round trips of one valid game (canon, canonical long form; its
   canonical FGN is a). */
static void round_trips(struct ff_game *g, const struct ff_record *canon, const struct ff_buf *a)
{
	const struct ff_format *fmt;
	struct ff_buf text = FF_BUF_INIT, b = FF_BUF_INIT;
	struct ff_record shortf, longf;
	struct ff_error err;
	char what[64], check[32];
	int i;

	for (i = 0; (fmt = ff_format_at(i)) != NULL; i++) {
		snprintf(check, sizeof check, "rt-%s", fmt->name);
		if (!ff_fuzz_on(check))
			continue;
		ff_buf_reset(&text);
		if (ff_fuzz_write(fmt, canon, &text)) {
			/* a writer may refuse what its format cannot hold (a
			   trial: only Locus Ludi games; a per-game CSV: a tag
			   twice), as long as it says so; FGN holds every game */
			if (strcmp(fmt->name, "fgn") != 0)
				continue;
			ff_fuzz_fail(check, "the %s writer refused a valid game", fmt->name);
		}
		if (strcmp(fmt->name, "ludii") == 0) {
			check_trial(canon, &text);
			continue;
		}
		snprintf(what, sizeof what, "a valid game written as %s", fmt->name);
		ff_fuzz_read_one(fmt, text.p, text.len, &b, check, what);
		if (a->len != b.len || memcmp(a->p, b.p, a->len) != 0) {
			snprintf(what, sizeof what, "FGN -> %s -> FGN differs", fmt->name);
			ff_fuzz_differ(check, what, a, &b);
		}
	}
	if (!ff_fuzz_on("rt-short"))
		goto done;
	/* long -> short (through FGN text) -> long */
	if (ff_record_init(&shortf) || ff_record_init(&longf))
		ff_fuzz_fail("memory", "out of memory");
	if (ff_game_rewrite(g, canon, FF_FORM_SHORT, &shortf, &err) != FF_VALID)
		ff_fuzz_fail("rt-short", "a valid game rewritten in short form is not (%s: %s)",
			     ff_code_name(err.code), err.msg);
	ff_fuzz_fgn(&shortf, &text);
	{
		const struct ff_format *fgn = ff_format_find("fgn");
		FILE *fp = ff_fuzz_open((const uint8_t *)text.p, text.len);
		void *r;

		if (!fp || !(r = fgn->reader_new(fp, 0)))
			ff_fuzz_fail("memory", "cannot set up an FGN reader");
		if (fgn->read(r, &shortf, &err) != 1)
			ff_fuzz_fail("rt-short", "the short form of a valid game does not read back "
				     "(%s: %s)", ff_code_name(err.code), err.msg);
		fgn->reader_free(r);
		fclose(fp);
	}
	if (ff_game_rewrite(g, &shortf, FF_FORM_LONG, &longf, &err) != FF_VALID)
		ff_fuzz_fail("rt-short", "the short form of a valid game is not valid (%s: %s)",
			     ff_code_name(err.code), err.msg);
	ff_fuzz_fgn(&longf, &b);
	if (a->len != b.len || memcmp(a->p, b.p, a->len) != 0)
		ff_fuzz_differ("rt-short", "long -> short -> long differs", a, &b);
	ff_record_free(&shortf);
	ff_record_free(&longf);
done:
	ff_buf_free(&text);
	ff_buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct ff_format *fgn = ff_format_find("fgn");
	struct ff_record rec, canon;
	struct ff_buf a = FF_BUF_INIT;
	struct ff_error err;
	struct ff_game g;
	FILE *fp = ff_fuzz_open(data, size);
	void *r;
	int rc;

	if (!fp)
		return 0;
	if (ff_record_init(&rec) || ff_record_init(&canon) || !(r = fgn->reader_new(fp, 0)))
		ff_fuzz_fail("memory", "cannot set up an FGN reader");
	ff_game_init(&g);
	while ((rc = fgn->read(r, &rec, &err)) != 0) {
		if (rc < 0)
			continue;
		if (ff_game_rewrite(&g, &rec, FF_FORM_LONG, &canon, &err) != FF_VALID)
			continue;
		ff_fuzz_fgn(&canon, &a);
		round_trips(&g, &canon, &a);
	}
	ff_game_free(&g);
	fgn->reader_free(r);
	fclose(fp);
	ff_record_free(&rec);
	ff_record_free(&canon);
	ff_buf_free(&a);
	return 0;
}
