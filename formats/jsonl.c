/* JSON Lines: one game per line, one JSON object per game:

     {"tags":[["Game","fivelines"],["Result","1-0"]],
      "notes":[{"comment":"before the first ply"}],
      "plies":[{"ply":"4:3-7","suffix":"!","notes":[{"nag":1},{"line":"text"}]}],
      "result":"1-0"}

   (written on one line). Tags are [name, value] pairs, in order (JSON
   objects have no order). A note is {"comment": text} for {...},
   {"line": text} for ;..., {"nag": n} for $n. "notes" and "suffix" are left
   out when empty. The writer always writes the keys in that order; the
   reader takes them in any order, refuses a known key given twice and
   skips unknown keys (whose values must still be JSON).

   The reader is strict about JSON (RFC 8259) and about bytes (the policy
   of docs/formats.md): strings are UTF-8, no NUL (nor \u0000), no lone
   surrogate; a line may not be longer than FF_MAX_GAME_BYTES; a UTF-8 BOM
   before the first line is skipped. Positions are the line and the byte
   column (from 1) of the input. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/fgn.h"
#include "formats/format.h"
#include "formats/jsonl.h"
#include "lib/text.h"

struct ff_jsonl_reader {
	FILE *fp;
	char *buf;            /* buf[start, end): bytes read, not yet used */
	size_t cap, start, end;
	int eof;
	const char *line;     /* the current line (in buf) */
	size_t len;
	long lineno;
	long games;
	int bom;              /* the BOM check is still to do */
	unsigned long long offset;
};

struct ff_jsonl_reader *ff_jsonl_reader_new(FILE *fp)
{
	struct ff_jsonl_reader *r = calloc(1, sizeof *r);

	if (r) {
		r->fp = fp;
		r->bom = 1;
	}
	return r;
}

void ff_jsonl_reader_free(void *reader)
{
	struct ff_jsonl_reader *r = reader;

	if (r)
		free(r->buf);
	free(r);
}

/* The line of the game last read (borrowed). */
static const char *jsonl_raw(const void *reader, size_t *len)
{
	const struct ff_jsonl_reader *r = reader;

	*len = r->line ? r->len : 0;
	return r->line ? r->line : "";
}

static unsigned long long jsonl_offset(const void *reader)
{
	return ((const struct ff_jsonl_reader *)reader)->offset;
}

/* --- a small JSON parser over one line --- */

struct parser {
	const char *s, *p, *end;
	struct ff_buf str;     /* the last string parsed, unescaped */
	struct ff_error *err;
	long lineno, game;
	int ply;
	int failed;
};

/* Record the problem code at byte offset at of the line. */
static int perr_at(struct parser *ps, enum ff_code code, const char *at, const char *msg)
{
	if (ps->failed)
		return -1;
	ps->failed = 1;
	if (ps->err) {
		ps->err->line = ps->lineno;
		ps->err->col = (long)(at - ps->s) + 1;
		ps->err->game = ps->game;
		ps->err->ply = ps->ply;
		ps->err->seat = 0;
	}
	return ff_error_set(ps->err, code, "%s", msg);
}

/* A syntax error at ps->p, or bad-byte where the byte there is NUL or not
   UTF-8 (the byte policy wins over what the grammar expected). */
static int perr(struct parser *ps, const char *msg)
{
	size_t at, n = ps->end - ps->p < 4 ? (size_t)(ps->end - ps->p) : 4;
	enum ff_text_fault f = n ? ff_text_check(ps->p, n, &at) : FF_TEXT_OK;

	if (f != FF_TEXT_OK && at == 0)
		return perr_at(ps, FF_EBAD_BYTE, ps->p, ff_text_fault_name(f));
	return perr_at(ps, FF_ESYNTAX, ps->p, msg);
}

static void ws(struct parser *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r' || *ps->p == '\n'))
		ps->p++;
}

static int expect(struct parser *ps, char c)
{
	char msg[32];

	ws(ps);
	if (ps->p < ps->end && *ps->p == c) {
		ps->p++;
		return 0;
	}
	snprintf(msg, sizeof msg, "expected '%c'", c);
	return perr(ps, msg);
}

static int peek(struct parser *ps, char c)
{
	ws(ps);
	return ps->p < ps->end && *ps->p == c;
}

/* A run of unescaped string bytes from ps->p into ps->str: UTF-8, no
   control characters. */
static int plain(struct parser *ps)
{
	const char *q = ps->p;
	enum ff_text_fault f;
	size_t at;

	while (q < ps->end && *q != '"' && *q != '\\' && (unsigned char)*q >= 0x20)
		q++;
	if ((f = ff_text_check(ps->p, (size_t)(q - ps->p), &at)) != FF_TEXT_OK) {
		char msg[64];

		snprintf(msg, sizeof msg, "%s in a string", ff_text_fault_name(f));
		return perr_at(ps, FF_EBAD_BYTE, ps->p + at, msg);
	}
	if (ff_buf_add(&ps->str, ps->p, (size_t)(q - ps->p)))
		return perr_at(ps, FF_ENOMEM, ps->p, "out of memory");
	ps->p = q;
	if (q < ps->end && (unsigned char)*q < 0x20)
		return perr_at(ps, *q ? FF_ESYNTAX : FF_EBAD_BYTE, q,
			       *q ? "control character in a string" : "a NUL byte in a string");
	return 0;
}

/* A string into ps->str. */
static int string(struct parser *ps)
{
	unsigned cp, lo;

	ff_buf_reset(&ps->str);
	ff_buf_add(&ps->str, "", 0);
	if (expect(ps, '"'))
		return -1;
	while (ps->p < ps->end && *ps->p != '"') {
		char c;

		if (*ps->p != '\\') {
			if (plain(ps))
				return -1;
			continue;
		}
		ps->p++;
		if (ps->p >= ps->end)
			break;
		c = *ps->p++;
		switch (c) {
		case '"': case '\\': case '/': ff_buf_addc(&ps->str, c); break;
		case 'b': ff_buf_addc(&ps->str, '\b'); break;
		case 'f': ff_buf_addc(&ps->str, '\f'); break;
		case 'n': ff_buf_addc(&ps->str, '\n'); break;
		case 'r': ff_buf_addc(&ps->str, '\r'); break;
		case 't': ff_buf_addc(&ps->str, '\t'); break;
		case 'u':
			if (ps->end - ps->p < 4 || ff_text_hex4(ps->p, &cp))
				return perr(ps, "bad \\u escape");
			if (cp == 0)
				return perr_at(ps, FF_EBAD_BYTE, ps->p - 2, "a NUL byte (\\u0000) in a string");
			ps->p += 4;
			if (cp >= 0xD800 && cp < 0xDC00) {
				if (ps->end - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u' ||
				    ff_text_hex4(ps->p + 2, &lo) || lo < 0xDC00 || lo > 0xDFFF)
					return perr_at(ps, FF_EBAD_BYTE, ps->p - 6,
						       "unpaired surrogate in a \\u escape: not UTF-8 text");
				ps->p += 6;
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
			} else if (cp >= 0xDC00 && cp < 0xE000) {
				return perr_at(ps, FF_EBAD_BYTE, ps->p - 6,
					       "unpaired surrogate in a \\u escape: not UTF-8 text");
			}
			ff_buf_add_utf8(&ps->str, cp);
			break;
		default:
			ps->p--;
			return perr(ps, "bad escape in a string");
		}
	}
	if (ps->p >= ps->end)
		return perr(ps, "unterminated string");
	ps->p++;
	return 0;
}

/* The end of the JSON number at p (RFC 8259: -?int frac? exp?), or NULL
   when there is none. */
static const char *number_end(const char *p, const char *end)
{
	const char *q = p + (p < end && *p == '-');

	if (q >= end || *q < '0' || *q > '9')
		return NULL;
	if (*q == '0')
		q++;
	else
		while (q < end && *q >= '0' && *q <= '9')
			q++;
	if (q < end && *q == '.') {
		if (++q >= end || *q < '0' || *q > '9')
			return NULL;
		while (q < end && *q >= '0' && *q <= '9')
			q++;
	}
	if (q < end && (*q == 'e' || *q == 'E')) {
		q += q + 1 < end && (q[1] == '+' || q[1] == '-');
		if (++q >= end || *q < '0' || *q > '9')
			return NULL;
		while (q < end && *q >= '0' && *q <= '9')
			q++;
	}
	return q;
}

/* A whole number 0..999999999 (a NAG). */
static int integer(struct parser *ps, long *v)
{
	const char *e;
	uint64_t x;

	ws(ps);
	e = number_end(ps->p, ps->end);
	if (!e || ff_parse_uint(ps->p, (size_t)(e - ps->p), 999999999, &x))
		return perr(ps, "expected a whole number from 0 to 999999999");
	ps->p = e;
	*v = (long)x;
	return 0;
}

/* Skip any JSON value (for unknown keys). */
static int skip_value(struct parser *ps, int depth)
{
	ws(ps);
	if (depth > 64)
		return perr(ps, "nested too deeply");
	if (ps->p >= ps->end)
		return perr(ps, "expected a value");
	if (*ps->p == '"')
		return string(ps);
	if (*ps->p == '{' || *ps->p == '[') {
		char close = *ps->p == '{' ? '}' : ']';

		ps->p++;
		if (peek(ps, close)) {
			ps->p++;
			return 0;
		}
		for (;;) {
			if (close == '}' && (string(ps) || expect(ps, ':')))
				return -1;
			if (skip_value(ps, depth + 1))
				return -1;
			if (peek(ps, ',')) {
				ps->p++;
				continue;
			}
			return expect(ps, close);
		}
	}
	{
		static const char *const words[] = { "true", "false", "null" };
		const char *e = number_end(ps->p, ps->end);
		size_t i, n;

		if (e) {
			ps->p = e;
			return 0;
		}
		for (i = 0; i < 3; i++) {
			n = strlen(words[i]);
			if ((size_t)(ps->end - ps->p) >= n && !memcmp(ps->p, words[i], n)) {
				ps->p += n;
				return 0;
			}
		}
	}
	return perr(ps, "expected a JSON value");
}

/* [ {"comment": s} | {"line": s} | {"nag": n} , ... ] into rec */
static int notes(struct parser *ps, struct ff_record *rec)
{
	if (expect(ps, '['))
		return -1;
	if (peek(ps, ']')) {
		ps->p++;
		return 0;
	}
	for (;;) {
		char kind;
		long n = 0;

		if (expect(ps, '{') || string(ps) || expect(ps, ':'))
			return -1;
		if (!strcmp(ps->str.p, "comment") || !strcmp(ps->str.p, "line")) {
			const char *at;

			kind = ps->str.p[0] == 'c' ? FF_NOTE_BRACE : FF_NOTE_LINE;
			ws(ps);
			at = ps->p;
			if (string(ps))
				return -1;
			if (kind == FF_NOTE_LINE && strpbrk(ps->str.p, "\r\n"))
				return perr_at(ps, FF_EBAD_BYTE, at, "a line break in a \"line\" note "
					       "(it runs to the end of its line; use \"comment\")");
			if (kind == FF_NOTE_BRACE && !ff_fgn_comment_ok(ps->str.p, ps->str.len))
				return perr_at(ps, FF_ESYNTAX, at, "a \"comment\" that FGN cannot hold: "
					       "a '}', or a line starting with '['");
			if (ff_record_add_note(rec, kind, ps->str.p, ps->str.len))
				return perr(ps, "out of memory");
		} else if (!strcmp(ps->str.p, "nag")) {
			char digits[24];

			if (integer(ps, &n))
				return -1;
			snprintf(digits, sizeof digits, "%ld", n);
			if (ff_record_add_note(rec, FF_NOTE_NAG, digits, strlen(digits)))
				return perr(ps, "out of memory");
		} else {
			return perr(ps, "a note is {\"comment\": ...}, {\"line\": ...} or {\"nag\": n}");
		}
		if (expect(ps, '}'))
			return -1;
		if (peek(ps, ',')) {
			ps->p++;
			continue;
		}
		return expect(ps, ']');
	}
}

/* Which of keys (NULL-terminated) the key just read is, in *k (-1: none).
   Returns 0, or 1 after recording an error for a known key seen before
   (its bit in *seen). */
static int known_key(struct parser *ps, const char *const *keys, unsigned *seen, const char *at,
		     int *k)
{
	for (*k = 0; keys[*k]; (*k)++)
		if (!strcmp(ps->str.p, keys[*k])) {
			if (*seen >> *k & 1) {
				perr_at(ps, FF_ESYNTAX, at, "a key given twice");
				return 1;
			}
			*seen |= 1u << *k;
			return 0;
		}
	*k = -1;
	return 0;
}

static const char *const suffixes[] = { "!", "?", "!!", "??", "!?", "?!" };

static int ply(struct parser *ps, struct ff_record *rec)
{
	static const char *const keys[] = { "ply", "suffix", "notes", NULL };
	unsigned seen = 0;
	struct ff_buf tok = FF_BUF_INIT;
	char suffix[3] = "";
	long col = 0;
	int have = 0, rc = -1;
	size_t i;
	const char *notes_at = NULL;

	if (expect(ps, '{'))
		return -1;
	while (!peek(ps, '}')) {
		const char *at = ps->p;
		int k;

		if (string(ps) || expect(ps, ':') || known_key(ps, keys, &seen, at, &k))
			goto out;
		if (!strcmp(ps->str.p, "ply")) {
			ws(ps);
			col = (long)(ps->p - ps->s) + 1;
			if (string(ps))
				goto out;
			ff_buf_reset(&tok);
			ff_buf_add(&tok, ps->str.p, ps->str.len);
			have = 1;
		} else if (!strcmp(ps->str.p, "suffix")) {
			if (string(ps))
				goto out;
			for (i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
				if (!strcmp(ps->str.p, suffixes[i]))
					break;
			if (i == sizeof suffixes / sizeof suffixes[0]) {
				perr(ps, "a suffix is one of ! ? !! ?? !? ?!");
				goto out;
			}
			strcpy(suffix, suffixes[i]);
		} else if (!strcmp(ps->str.p, "notes")) {
			ws(ps);
			notes_at = ps->p;   /* after the ply is added */
			if (skip_value(ps, 0))
				goto out;
		} else if (skip_value(ps, 0)) {
			goto out;
		}
		if (!peek(ps, ','))
			break;
		ps->p++;
	}
	if (expect(ps, '}'))
		goto out;
	if (!have || !ff_fgn_ply_token(tok.p, tok.len)) {
		perr_at(ps, FF_ESYNTAX, have ? ps->s + col - 1 : ps->p,
			"a ply needs a \"ply\" string that FGN reads as one ply: no blanks or "
			"{};()[], not a NAG, move number or result, not ending in ! or ?");
		goto out;
	}
	if (tok.len > FF_MAX_TOKEN) {
		char msg[80];

		snprintf(msg, sizeof msg, "ply token too long (%zu bytes, at most %d)", tok.len,
			 FF_MAX_TOKEN);
		perr_at(ps, FF_ETOO_LONG, ps->s + col - 1, msg);
		goto out;
	}
	if (ff_record_add_ply(rec, tok.p, tok.len, suffix, ps->lineno, col)) {
		perr(ps, "out of memory");
		goto out;
	}
	if (notes_at) {
		const char *save = ps->p;

		ps->p = notes_at;
		if (notes(ps, rec))
			goto out;
		ps->p = save;
	}
	rc = 0;
out:
	ff_buf_free(&tok);
	return rc;
}

static int game(struct parser *ps, struct ff_record *rec)
{
	static const char *const keys[] = { "tags", "notes", "plies", "result", NULL };
	int have_plies = 0, have_result = 0, k;
	unsigned seen = 0;
	const char *at;

	if (expect(ps, '{'))
		return -1;
	while (!peek(ps, '}')) {
		at = ps->p;
		if (string(ps) || expect(ps, ':') || known_key(ps, keys, &seen, at, &k))
			return -1;
		if (!strcmp(ps->str.p, "tags")) {
			if (expect(ps, '['))
				return -1;
			while (!peek(ps, ']')) {
				struct ff_buf name = FF_BUF_INIT;
				long col;

				if (expect(ps, '['))
					return -1;
				ws(ps);
				col = (long)(ps->p - ps->s) + 1;
				if (string(ps) || ff_buf_add(&name, ps->str.p, ps->str.len) ||
				    expect(ps, ',') || string(ps) || expect(ps, ']')) {
					ff_buf_free(&name);
					return -1;
				}
				if (!name.len || strspn(name.p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
								 "qrstuvwxyz0123456789_") != name.len ||
				    ff_record_add_tag(rec, name.p, ps->str.p, ps->str.len, ps->lineno, col)) {
					ff_buf_free(&name);
					return perr(ps, "a tag is a [name, value] pair, the name of letters, "
						    "digits and _");
				}
				ff_buf_free(&name);
				if (strpbrk(ps->str.p, "\r\n"))
					return perr_at(ps, FF_EBAD_BYTE, ps->s + col - 1,
						       "a line break in a tag value (tags are one line)");
				if (!peek(ps, ','))
					break;
				ps->p++;
			}
			if (expect(ps, ']'))
				return -1;
		} else if (!strcmp(ps->str.p, "notes")) {
			if (rec->nplies)
				return perr(ps, "\"notes\" must come before \"plies\"");
			if (notes(ps, rec))
				return -1;
		} else if (!strcmp(ps->str.p, "plies")) {
			if (expect(ps, '['))
				return -1;
			while (!peek(ps, ']')) {
				ps->ply = (int)rec->nplies + 1;
				if (ply(ps, rec))
					return -1;
				if (!peek(ps, ','))
					break;
				ps->p++;
			}
			ps->ply = 0;
			if (expect(ps, ']'))
				return -1;
			have_plies = 1;
		} else if (!strcmp(ps->str.p, "result")) {
			long col;

			ws(ps);
			col = (long)(ps->p - ps->s) + 1;
			if (string(ps))
				return -1;
			if (!ff_fgn_result_token(ps->str.p, ps->str.len))
				return perr_at(ps, FF_ESYNTAX, ps->s + col - 1, "a result is 1-0, 0-1, "
					       "1/2-1/2, *, D or W<k>");
			if (ff_record_set_result(rec, ps->str.p, ps->lineno, col))
				return perr(ps, "out of memory");
			have_result = 1;
		} else if (skip_value(ps, 0)) {
			return -1;
		}
		if (!peek(ps, ','))
			break;
		ps->p++;
	}
	if (expect(ps, '}'))
		return -1;
	ws(ps);
	if (ps->p != ps->end)
		return perr(ps, "text after the game's object");
	if (!have_plies || !have_result)
		return perr(ps, "a game needs \"plies\" and \"result\"");
	return 0;
}

/* Read more input into buf (keeping buf[start, end), moved to the front).
   Returns 1, 0 at the end, -1 on a read error or no memory. */
static int more(struct ff_jsonl_reader *r)
{
	size_t n;

	if (r->eof)
		return 0;
	if (r->start) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	if (r->cap - r->end < 65536) {
		size_t cap = r->cap ? r->cap * 2 : 262144;
		char *b = realloc(r->buf, cap);

		if (!b)
			return -1;
		r->buf = b;
		r->cap = cap;
	}
	n = fread(r->buf + r->end, 1, r->cap - r->end, r->fp);
	r->end += n;
	if (n == 0) {
		r->eof = 1;
		return ferror(r->fp) ? -1 : 0;
	}
	return 1;
}

/* The next line (with its newline, if any) into r->line and r->len.
   Returns 1, 0 at the end of the input, -1 with err (io, no-memory, or
   too-long: the line is skipped to its end and reading goes on after it). */
static int next_line(struct ff_jsonl_reader *r, struct ff_error *err)
{
	size_t scanned = 0, skipped = 0, have;
	const char *nl = NULL;
	int rc;

	for (;;) {
		have = r->end - r->start;
		if (have > scanned && (nl = memchr(r->buf + r->start + scanned, '\n', have - scanned)))
			break;
		scanned = have;
		if (skipped + scanned > FF_MAX_GAME_BYTES) {   /* drop what is held of the line */
			skipped += scanned;
			r->start = r->end;
			scanned = 0;
		}
		if ((rc = more(r)) < 0)
			return ff_error_set(err, r->eof ? FF_EIO : FF_ENOMEM,
					    r->eof ? "cannot read" : "out of memory");
		if (rc == 0) {
			if (r->end > r->start || skipped)
				break;
			return 0;
		}
	}
	r->line = r->buf + r->start;
	r->len = nl ? (size_t)(nl - r->line) + 1 : r->end - r->start;
	r->start += r->len;
	r->offset += skipped + r->len;
	r->lineno++;
	if (r->bom && r->lineno == 1 && r->len >= 3 && !memcmp(r->line, "\xEF\xBB\xBF", 3)) {
		r->line += 3;   /* a BOM before the first line is skipped */
		r->len -= 3;
	}
	if (r->bom && (rc = ff_text_utf16((const unsigned char *)r->line, r->len)) != 0) {
		char msg[240];

		r->bom = 0;
		r->eof = 1;            /* one error, and nothing more is read */
		r->start = r->end;
		r->len = 0;
		if (err) {
			err->line = 1;
			err->col = 1;
			err->game = ++r->games;
		}
		return ff_error_set(err, FF_EBAD_BYTE, "%s",
				    ff_text_utf16_message(rc, (const unsigned char *)r->line, msg,
							  sizeof msg));
	}
	r->bom = 0;
	if (skipped + r->len > FF_MAX_GAME_BYTES) {
		r->len = 0;
		if (err) {
			err->line = r->lineno;
			err->col = 1;
			err->game = ++r->games;
		}
		return ff_error_set(err, FF_ETOO_LONG, "a line longer than %zu MiB (the most a game "
				    "may take)", FF_MAX_GAME_BYTES >> 20);
	}
	return 1;
}

/* Whether line[0, n) holds only white space. */
static int blank(const char *line, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r' && line[i] != '\n')
			return 0;
	return 1;
}

int ff_jsonl_read(void *reader, struct ff_record *rec, struct ff_error *err)
{
	struct ff_jsonl_reader *r = reader;
	struct parser ps;
	int rc;

	ff_record_reset(rec);
	for (;;) {
		rc = next_line(r, err);
		if (rc <= 0)
			return rc;
		if (!blank(r->line, r->len))
			break;   /* blank lines are skipped */
	}
	memset(&ps, 0, sizeof ps);
	ps.s = ps.p = r->line;
	ps.end = r->line + r->len;
	ps.err = err;
	ps.lineno = r->lineno;
	ps.game = rec->number = ++r->games;
	rec->line = r->lineno;
	rec->col = 1;
	rc = game(&ps, rec);
	ff_buf_free(&ps.str);
	return rc ? -1 : 1;
}

/* --- writing --- */

/* Does a JSON string escape c (a control, " or \\)? With | not ||: one
   branch a byte. */
static inline int escaped(unsigned char c)
{
	return (c < 0x20) | (c == '"') | (c == '\\');
}

/* Has any byte of w an escape? Word-wide (bit 7 of a byte marked below
   0x20, equal to " or to \\): a test marks bytes only at or after one it
   is true for, so w has none exactly when nothing is marked. */
static inline int escape_in(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101u, tops = 0x8080808080808080u;
	uint64_t q = w ^ 0x22 * ones, b = w ^ 0x5c * ones;

	return ((((w - 0x20 * ones) & ~w) | ((q - ones) & ~q) | ((b - ones) & ~b)) & tops) != 0;
}

/* Does s[0, n) need no escape? A short string in two overlapping loads
   (a ply token: no loop, no branch on its bytes). */
static inline int plain_str(const char *s, size_t n)
{
	uint64_t a8, b8;
	uint32_t a4, b4;
	size_t j;

	if (n >= 8 && n <= 16) {
		memcpy(&a8, s, 8);
		memcpy(&b8, s + n - 8, 8);
		return !escape_in(a8) && !escape_in(b8);
	}
	if (n >= 4 && n < 8) {
		memcpy(&a4, s, 4);
		memcpy(&b4, s + n - 4, 4);
		return !escape_in(a4 | (uint64_t)b4 << 32);
	}
	for (j = 0; j < n && !escaped((unsigned char)s[j]); j++)
		;
	return j == n;
}

/* s[0, n) as a JSON string with escapes (str's; out of line). */
static int __attribute__((noinline)) str_escaped(struct ff_buf *out, const char *s, size_t n)
{
	static const char hexd[] = "0123456789abcdef";
	size_t i = 0, j;
	unsigned char c;
	int rc = ff_buf_addc(out, '"');

	while (i < n && !rc) {
		for (j = i; j < n && !escaped((unsigned char)s[j]); j++)
			;
		if (j > i) {   /* a run that needs no escape, copied whole */
			rc = ff_buf_add(out, s + i, j - i);
			i = j;
			continue;
		}
		c = (unsigned char)s[i++];
		if (c == '"' || c == '\\') {
			rc = ff_buf_addc(out, '\\') || ff_buf_addc(out, (char)c);
		} else {
			char e[7] = { '\\', 'u', '0', '0', hexd[c >> 4], hexd[c & 15], 0 };

			rc = c == '\n' ? ff_buf_adds(out, "\\n") : c == '\t' ? ff_buf_adds(out, "\\t")
				       : c == '\r' ? ff_buf_adds(out, "\\r") : ff_buf_adds(out, e);
		}
	}
	return rc || ff_buf_addc(out, '"');
}

/* s[0, n) as a JSON string. */
static inline int str(struct ff_buf *out, const char *s, size_t n)
{
	char *q;

	if (!plain_str(s, n))
		return str_escaped(out, s, n);
	if (ff_buf_room(out, n + 2))   /* the usual string: at once */
		return -1;
	q = out->p + out->len;
	q[0] = '"';
	ff_copy(q + 1, s, n);
	q[n + 1] = '"';
	q[n + 2] = '\0';
	out->len += n + 2;
	return 0;
}

/* ,{"ply":"tok"} for a token with nothing to escape, in one piece.
   Returns 0 or -1. */
static int plain_ply(struct ff_buf *out, const char *tok, size_t n)
{
	char *q;

	if (ff_buf_room(out, n + 11))
		return -1;
	q = out->p + out->len;
	memcpy(q, ",{\"ply\":\"", 9);
	ff_copy(q + 9, tok, n);
	memcpy(q + 9 + n, "\"}", 3);   /* and the NUL */
	out->len += n + 11;
	return 0;
}

/* Notes with after == k, from index *j on, as a JSON array (the key
   included), or nothing when there are none. */
static int put_notes(const struct ff_record *rec, size_t *j, size_t k, struct ff_buf *out)
{
	int rc = 0, first = 1;

	if (*j >= rec->nnotes || rec->notes[*j].after != k)
		return 0;
	rc |= ff_buf_adds(out, ",\"notes\":[");
	for (; *j < rec->nnotes && rec->notes[*j].after == k; (*j)++) {
		const struct ff_note *n = &rec->notes[*j];
		const char *t = ff_record_str(rec, n->text);

		rc |= ff_buf_adds(out, first ? "{" : ",{");
		first = 0;
		if (n->kind == FF_NOTE_NAG)
			rc |= ff_buf_adds(out, "\"nag\":") || ff_buf_add(out, t, n->len);
		else
			rc |= ff_buf_adds(out, n->kind == FF_NOTE_LINE ? "\"line\":" : "\"comment\":") ||
			      str(out, t, n->len);
		rc |= ff_buf_addc(out, '}');
	}
	return rc | ff_buf_addc(out, ']');
}

int ff_jsonl_write(const struct ff_record *rec, struct ff_buf *out)
{
	size_t i, j = 0;
	int rc = ff_buf_adds(out, "{\"tags\":[");

	for (i = 0; i < rec->ntags; i++) {
		const char *name = ff_record_str(rec, rec->tags[i].name);
		const char *value = ff_record_str(rec, rec->tags[i].value);

		rc |= ff_buf_adds(out, i ? ",[" : "[") || str(out, name, strlen(name)) ||
		      ff_buf_addc(out, ',') || str(out, value, strlen(value)) || ff_buf_addc(out, ']');
	}
	rc |= ff_buf_addc(out, ']');
	rc |= put_notes(rec, &j, 0, out);
	rc |= ff_buf_adds(out, ",\"plies\":[");
	for (i = 0; i < rec->nplies; i++) {
		const struct ff_rec_ply *p = &rec->plies[i];
		const char *tok = ff_record_str(rec, p->tok);

		if (i && !p->suffix[0] && (j >= rec->nnotes || rec->notes[j].after != i + 1) &&
		    plain_str(tok, p->len)) {   /* the usual ply, whole: ,{"ply":"TOK"} */
			rc |= plain_ply(out, tok, p->len);
			continue;
		}
		rc |= ff_buf_adds(out, i ? ",{\"ply\":" : "{\"ply\":") || str(out, tok, p->len);
		if (p->suffix[0])
			rc |= ff_buf_adds(out, ",\"suffix\":") || str(out, p->suffix, strlen(p->suffix));
		rc |= put_notes(rec, &j, i + 1, out);
		rc |= ff_buf_addc(out, '}');
	}
	rc |= ff_buf_adds(out, "],\"result\":");
	rc |= str(out, rec->result ? ff_record_result(rec) : "*",
		  strlen(rec->result ? ff_record_result(rec) : "*"));
	rc |= ff_buf_adds(out, "}\n");
	return rc ? -1 : 0;
}

/* --- the formats table entry (formats/format.h) --- */

/* A JSON Lines input starts with an object. */
static int jsonl_sniff(const char *head, size_t n)
{
	return n && head[0] == '{' ? FF_SNIFF_SIGNATURE : FF_SNIFF_NO;
}

static void *jsonl_new(FILE *fp, unsigned flags)
{
	(void)flags;
	return ff_jsonl_reader_new(fp);
}

const struct ff_format ff_format_jsonl = {
	.name = "jsonl", .ext = "jsonl",
	.help = "JSON Lines: one object per game (tags in order, plies, notes, result)",
	.sniff = jsonl_sniff, .reader_new = jsonl_new, .read = ff_jsonl_read, .raw = jsonl_raw,
	.offset = jsonl_offset, .reader_free = ff_jsonl_reader_free, .write = ff_jsonl_write,
};
