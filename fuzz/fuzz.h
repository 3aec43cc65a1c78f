/* What the fuzz targets share (included by one .c file each, like
   tests/test_main.h): the libFuzzer entry point's prototype, failing with
   a message, switching checks off by name, reading input bytes through a
   FILE *, the record checks every reader target applies, and replaying a
   record through its engine.

   A failed check prints "fuzz: CHECK: what" to standard error and calls
   abort(), so libFuzzer keeps the input as a crash and the message names
   the bug class. FF_FUZZ_SKIP (a comma- or space-separated list of check
   names, read once) turns checks off while a known finding waits for its
   fix, so a long run can look past it; the CI run leaves it unset, and
   make check sets it only from fuzz/known. The checks on a record that a
   reader returned as a game (1):
   - "lengths": every ply token is non-empty and its stored length is its
     string length (no NUL inside, no length cut to 16 bits); so is every
     note's;
   - "arena": the strings of the record lie end to end in its text arena,
     so none was stored with bytes after a NUL (a value cut short: a
     reader that copied "a\0b" or "a\u0000b" as three bytes);
   - "result": its result token is one FGN has (1-0, 0-1, 1/2-1/2, *, D,
     W<k>);
   - "utf8": its canonical FGN is UTF-8 (RFC 3629), without NUL;
   - "nul": the raw text of the game has no NUL byte (a NUL would cut a
     value short without a word);
   - "fixpoint": its canonical FGN reads back as exactly one game whose
     canonical FGN is the same bytes (docs/fgn.md: canonical output is
     stable);
   - "selftrip": written in the format it was read from (fgn, jsonl, csv,
     csvply) and read back, it gives the same canonical FGN (with
     "csvply-tokens" off, for csvply only records whose plies are the
     engine's canonical long form already);
   - "verdict": replaying it and rewriting it through the engine agree on
     the verdict, and a valid game rewritten in short form is valid too;
   - "reader": the reader's own contract (error codes and messages, offset
     within the input and not going back, progress on every call);
   - "bytes": an input with a NUL byte or bytes that are not UTF-8 gets at
     least one error (docs/formats.md, "Bytes": every reader refuses them
     in every value it keeps, and every byte of an FGN game, a JSON line,
     a CSV cell or a trial is part of one). */
#ifndef FF_FUZZ_H
#define FF_FUZZ_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/fgn.h"
#include "formats/format.h"
#include "lib/replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Print "fuzz: CHECK: message" and abort. */
static inline void ff_fuzz_fail(const char *check, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));
static inline void ff_fuzz_fail(const char *check, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fuzz: %s: ", check);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
	abort();
}

/* Whether the check called name is on (not listed in FF_FUZZ_SKIP). */
static inline int ff_fuzz_on(const char *name)
{
	static const char *skip;
	static int loaded;
	const char *p;
	size_t n = strlen(name);

	if (!loaded) {
		skip = getenv("FF_FUZZ_SKIP");
		loaded = 1;
	}
	for (p = skip; p && *p; p += strcspn(p, ", ")) {
		p += strspn(p, ", ");
		if (strncmp(p, name, n) == 0 && (p[n] == '\0' || p[n] == ',' || p[n] == ' '))
			return 0;
	}
	return 1;
}

/* A stream reading data[0, size) (NULL when it cannot be had). */
static inline FILE *ff_fuzz_open(const uint8_t *data, size_t size)
{
	static char empty[1];

	/* glibc reads nothing from a stream of size 0 */
	return fmemopen(size ? (void *)(uintptr_t)data : empty, size, "r");
}

/* The offset of the first byte of s[0, n) that is not UTF-8 (RFC 3629:
   no overlong forms, no surrogates, nothing past U+10FFFF) or is NUL; n
   when there is none. Written apart from the library on purpose. */
static inline size_t ff_fuzz_utf8_bad(const unsigned char *s, size_t n)
{
	size_t i = 0, k, len;
	unsigned c, cp, min;

	while (i < n) {
		c = s[i];
		if (c == 0)
			return i;
		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xC2 && c <= 0xDF) {
			len = 2; cp = c & 0x1F; min = 0x80;
		} else if (c >= 0xE0 && c <= 0xEF) {
			len = 3; cp = c & 0x0F; min = 0x800;
		} else if (c >= 0xF0 && c <= 0xF4) {
			len = 4; cp = c & 0x07; min = 0x10000;
		} else {
			return i;
		}
		if (n - i < len)
			return i;
		for (k = 1; k < len; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return i;
			cp = cp << 6 | (s[i + k] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return i;
		i += len;
	}
	return n;
}

/* Write rec as canonical FGN into out (reset first); abort when that
   fails (only memory can make it). */
static inline void ff_fuzz_fgn(const struct ff_record *rec, struct ff_buf *out)
{
	ff_buf_reset(out);
	if (ff_fgn_write(rec, out))
		ff_fuzz_fail("memory", "ff_fgn_write failed");
}

/* Print a and b (canonical texts that should be equal) and abort. */
static inline void ff_fuzz_differ(const char *check, const char *what, const struct ff_buf *a,
			   const struct ff_buf *b)
{
	fprintf(stderr, "fuzz: %s: %s\n--- expected (%zu bytes):\n%.*s\n--- got (%zu bytes):\n%.*s\n",
		check, what, a->len, (int)(a->len > 4000 ? 4000 : a->len), a->p ? a->p : "",
		b->len, (int)(b->len > 4000 ? 4000 : b->len), b->p ? b->p : "");
	ff_fuzz_fail(check, "%s", what);
}

/* Read every game of text[0, n) in format fmt; exactly one game must come
   back (else fail check with what). Its canonical FGN goes to out. */
static inline void ff_fuzz_read_one(const struct ff_format *fmt, const char *text, size_t n,
			     struct ff_buf *out, const char *check, const char *what)
{
	struct ff_record rec;
	struct ff_error err;
	FILE *fp = ff_fuzz_open((const uint8_t *)text, n);
	void *r;
	int rc;

	if (!fp || ff_record_init(&rec) || !(r = fmt->reader_new(fp, 0)))
		ff_fuzz_fail("memory", "cannot set up a %s reader", fmt->name);
	ff_error_clear(&err);
	rc = fmt->read(r, &rec, &err);
	if (rc != 1) {
		fprintf(stderr, "--- %s text (%zu bytes):\n%.*s\n", fmt->name, n,
			(int)(n > 4000 ? 4000 : n), text);
		ff_fuzz_fail(check, "%s: reading it back gave %d (%s: %s at line %ld col %ld)", what,
			     rc, ff_code_name(err.code), err.msg, err.line, err.col);
	}
	ff_fuzz_fgn(&rec, out);
	rc = fmt->read(r, &rec, &err);
	if (rc != 0)
		ff_fuzz_fail(check, "%s: reading it back gave a second game (%d)", what, rc);
	fmt->reader_free(r);
	fclose(fp);
	ff_record_free(&rec);
}

/* The tag names of rec, for a CSV writer's columns (pointers into rec). */
static inline char **ff_fuzz_tag_names(const struct ff_record *rec)
{
	char **names = malloc((rec->ntags + 1) * sizeof *names);
	size_t i;

	if (!names)
		ff_fuzz_fail("memory", "out of memory");
	for (i = 0; i < rec->ntags; i++)
		names[i] = (char *)(uintptr_t)ff_record_str(rec, rec->tags[i].name);
	return names;
}

/* Append rec in format fmt to out. Returns 0 or -1 (the writer refused). */
static inline int ff_fuzz_write(const struct ff_format *fmt, const struct ff_record *rec,
			 struct ff_buf *out)
{
	char **names;
	void *w;
	int rc;

	if (fmt->write)
		return fmt->write(rec, out);
	names = ff_fuzz_tag_names(rec);
	if (!(w = fmt->writer_new(names, rec->ntags, 0)))
		ff_fuzz_fail("memory", "cannot make a %s writer", fmt->name);
	rc = fmt->writer_put(w, rec, NULL, out);
	fmt->writer_free(w);
	free(names);
	return rc;
}

static inline int ff_fuzz_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* The "arena" check: the record's strings, sorted by offset, lie end to
   end from offset 1 to the end of the arena. */
static inline void ff_fuzz_check_arena(const struct ff_record *rec)
{
	size_t n = 0, i, cap = 2 * rec->ntags + rec->nplies + rec->nnotes + 1, end = 1;
	uint32_t *off = malloc((cap ? cap : 1) * sizeof *off);

	if (!off)
		ff_fuzz_fail("memory", "out of memory");
	for (i = 0; i < rec->ntags; i++) {
		off[n++] = rec->tags[i].name;
		off[n++] = rec->tags[i].value;
	}
	for (i = 0; i < rec->nplies; i++)
		off[n++] = rec->plies[i].tok;
	for (i = 0; i < rec->nnotes; i++)
		off[n++] = rec->notes[i].text;
	if (rec->result)
		off[n++] = rec->result;
	qsort(off, n, sizeof *off, ff_fuzz_cmp_u32);
	for (i = 0; i < n; i++) {
		if (i && off[i] == off[i - 1])
			continue;
		if (off[i] != end)
			ff_fuzz_fail("arena", "a string at offset %u of the record, expected %zu: bytes "
				     "after a NUL in the value before it ('%s')", (unsigned)off[i], end,
				     i ? ff_record_str(rec, off[i - 1]) : "");
		end = off[i] + strlen(ff_record_str(rec, off[i])) + 1;
	}
	if (n && end != rec->text.len)
		ff_fuzz_fail("arena", "the last string ends at %zu, the arena at %zu: bytes after a "
			     "NUL in '%s'", end, rec->text.len, ff_record_str(rec, off[n - 1]));
	free(off);
}

/* Whether every ply of rec that its engine replays is already written as
   the engine writes it (canonical long form with drawn cards). */
static inline int ff_fuzz_canonical_plies(const struct ff_record *rec)
{
	struct ff_game g;
	struct ff_buf b = FF_BUF_INIT;
	struct ff_error err;
	struct ff_ply p;
	size_t k;
	int same = 1;

	ff_game_init(&g);
	if (ff_game_start(&g, rec, &err) == 0)
		for (k = 0; k < rec->nplies && same; k++) {
			ff_buf_reset(&b);
			if (ff_game_step_text(&g, rec, k, FF_FORM_LONG, &b, &p, &err))
				break;
			same = strcmp(b.p ? b.p : "", ff_record_str(rec, rec->plies[k].tok)) == 0;
		}
	ff_game_free(&g);
	ff_buf_free(&b);
	return same;
}

/* The checks on a record a reader returned (see the top of this file).
   raw[0, rawlen) is the reader's raw text of the game. */
static inline void ff_fuzz_check_record(const struct ff_format *fmt, const struct ff_record *rec,
				 const char *raw, size_t rawlen)
{
	struct ff_buf a = FF_BUF_INIT, b = FF_BUF_INIT, t = FF_BUF_INIT;
	size_t i, at;

	for (i = 0; i < rec->nplies && ff_fuzz_on("lengths"); i++) {
		const char *tok = ff_record_str(rec, rec->plies[i].tok);
		size_t n = strnlen(tok, (size_t)rec->plies[i].len + 1);

		if (rec->plies[i].len == 0 || n != rec->plies[i].len)
			ff_fuzz_fail("lengths", "ply %zu: stored length %u, string length %zu", i + 1,
				     (unsigned)rec->plies[i].len, n);
	}
	for (i = 0; i < rec->nnotes && ff_fuzz_on("lengths"); i++) {
		size_t n = strnlen(ff_record_str(rec, rec->notes[i].text), (size_t)rec->notes[i].len + 1);

		if (n != rec->notes[i].len)
			ff_fuzz_fail("lengths", "note %zu: stored length %u, string length %zu", i + 1,
				     (unsigned)rec->notes[i].len, n);
	}
	if (ff_fuzz_on("arena"))
		ff_fuzz_check_arena(rec);
	if (ff_fuzz_on("result")) {
		const char *res = ff_record_result(rec);

		if (strcmp(res, "1-0") && strcmp(res, "0-1") && strcmp(res, "1/2-1/2") &&
		    strcmp(res, "*") && strcmp(res, "D") &&
		    !(res[0] == 'W' && res[1] >= '1' && res[1] <= '9' &&
		      strspn(res + 1, "0123456789") == strlen(res + 1)))
			ff_fuzz_fail("result", "a %s game was read with the result '%s', which is not "
				     "an FGN result token", fmt->name, res);
	}
	if (ff_fuzz_on("nul") && raw && memchr(raw, '\0', rawlen))
		ff_fuzz_fail("nul", "a %s game was read whose raw text has a NUL byte at offset %zu",
			     fmt->name, (size_t)((const char *)memchr(raw, '\0', rawlen) - raw));
	ff_fuzz_fgn(rec, &a);
	if (ff_fuzz_on("utf8") && (at = ff_fuzz_utf8_bad((const unsigned char *)a.p, a.len)) < a.len)
		ff_fuzz_fail("utf8", "a %s game was read whose canonical FGN has a byte that is not "
			     "UTF-8 (or NUL) at offset %zu: 0x%02x", fmt->name, at,
			     (unsigned char)a.p[at]);
	if (ff_fuzz_on("fixpoint")) {
		ff_fuzz_read_one(ff_format_find("fgn"), a.p, a.len, &b, "fixpoint",
				 "canonical FGN of a game read");
		if (a.len != b.len || memcmp(a.p, b.p, a.len) != 0)
			ff_fuzz_differ("fixpoint", "canonical FGN read and written again differs", &a, &b);
	}
	if (ff_fuzz_on("selftrip") && strcmp(fmt->name, "ludii") != 0 &&
	    (strcmp(fmt->name, "csvply") != 0 || ff_fuzz_on("csvply-tokens") ||
	     ff_fuzz_canonical_plies(rec))) {
		if (ff_fuzz_write(fmt, rec, &t) == 0) {
			ff_fuzz_read_one(fmt, t.p, t.len, &b, "selftrip", "a game written as it was read");
			if (a.len != b.len || memcmp(a.p, b.p, a.len) != 0)
				ff_fuzz_differ("selftrip", "a game written in its own format and read back "
					       "differs", &a, &b);
		}
	}
	ff_buf_free(&a);
	ff_buf_free(&b);
	ff_buf_free(&t);
}

/* validate --legal's listing (exercises ff_game_legal_text), for the first
   64 plies of a game (later ones cost time and find little new). */
static inline void ff_fuzz_on_legal(void *ctx, const struct ff_game *g, int ply,
				    const struct ff_ply *played, int matched)
{
	struct ff_buf *b = ctx;

	(void)played;
	(void)matched;
	if (ply > 64)
		return;
	ff_buf_reset(b);
	if (ff_game_legal_text(g, b, ' '))
		ff_fuzz_fail("memory", "ff_game_legal_text failed");
}

/* Replay rec, list its legal plies, rewrite it in both forms; the
   verdicts must agree. Returns the verdict. */
static inline enum ff_verdict ff_fuzz_replay(const struct ff_record *rec)
{
	struct ff_game g;
	struct ff_record out;
	struct ff_error e1, e2;
	struct ff_buf legal = FF_BUF_INIT;
	enum ff_verdict v1, v2, v3;

	if (ff_record_init(&out))
		ff_fuzz_fail("memory", "out of memory");
	ff_game_init(&g);
	ff_error_clear(&e1);
	v1 = ff_game_replay(&g, rec, &e1);
	g.on_legal = ff_fuzz_on_legal;
	g.on_legal_ctx = &legal;
	ff_error_clear(&e2);
	v2 = ff_game_rewrite(&g, rec, FF_FORM_LONG, &out, &e2);
	g.on_legal = NULL;
	if (ff_fuzz_on("verdict")) {
		if (v1 != v2 || (v1 != FF_VALID && e1.code != e2.code))
			ff_fuzz_fail("verdict", "replay says %d (%s: %s), rewrite says %d (%s: %s)", v1,
				     ff_code_name(e1.code), e1.msg, v2, ff_code_name(e2.code), e2.msg);
		if (v1 != FF_VALID && (e1.code == FF_OK || !e1.msg[0]))
			ff_fuzz_fail("verdict", "verdict %d without an error code and message", v1);
	}
	if (v1 == FF_VALID) {
		v3 = ff_game_rewrite(&g, rec, FF_FORM_SHORT, &out, &e2);
		if (ff_fuzz_on("verdict") && v3 != FF_VALID)
			ff_fuzz_fail("verdict", "a valid game rewritten in short form is not (%s: %s)",
				     ff_code_name(e2.code), e2.msg);
	}
	ff_game_free(&g);
	ff_record_free(&out);
	ff_buf_free(&legal);
	return v1;
}

/* The body of a reader target: read every game of data[0, size) in the
   format called name, check each record and replay it. */
static inline int ff_fuzz_reader(const char *name, const uint8_t *data, size_t size)
{
	const struct ff_format *fmt = ff_format_find(name);
	struct ff_record rec;
	struct ff_error err;
	unsigned long long off = 0, o;
	const char *raw;
	size_t calls = 0, rawlen, errors = 0, bad;
	FILE *fp;
	void *r;
	int rc;

	if (!fmt)
		ff_fuzz_fail("setup", "no format '%s'", name);
	if (!(fp = ff_fuzz_open(data, size)))
		return 0;
	if (ff_record_init(&rec) || !(r = fmt->reader_new(fp, 0)))
		ff_fuzz_fail("memory", "cannot set up a %s reader", name);
	for (;;) {
		ff_error_clear(&err);
		rc = fmt->read(r, &rec, &err);
		if (rc == 0)
			break;
		/* every call that returns a game or an error consumes input */
		if (++calls > size + 2) {
			if (ff_fuzz_on("reader"))
				ff_fuzz_fail("reader", "%s reader: %zu calls returned games or errors on "
					     "%zu bytes (no progress)", name, calls, size);
			break;
		}
		o = fmt->offset(r);
		if (ff_fuzz_on("reader") && (o < off || o > size))
			ff_fuzz_fail("reader", "%s reader: offset %llu after %llu, input %zu bytes", name,
				     o, off, size);
		off = o;
		raw = fmt->raw(r, &rawlen);
		if (rc < 0) {
			errors++;
			if (ff_fuzz_on("reader") && (rc != -1 || err.code <= FF_OK ||
						     err.code >= FF_ECODE_MAX || !err.msg[0]))
				ff_fuzz_fail("reader", "%s reader returned %d with code %d, message '%s'",
					     name, rc, (int)err.code, err.msg);
			continue;
		}
		if (rc != 1)
			ff_fuzz_fail("reader", "%s reader returned %d", name, rc);
		ff_fuzz_check_record(fmt, &rec, raw, rawlen);
		ff_fuzz_replay(&rec);
	}
	if (ff_fuzz_on("bytes") && errors == 0 && (bad = ff_fuzz_utf8_bad(data, size)) < size)
		ff_fuzz_fail("bytes", "the %s reader took every game of an input with a NUL or a byte "
			     "that is not UTF-8 (offset %zu: 0x%02x)", name, bad, data[bad]);
	fmt->reader_free(r);
	fclose(fp);
	ff_record_free(&rec);
	return 0;
}

#endif
