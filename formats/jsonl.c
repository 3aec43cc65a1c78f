/* JSON Lines: one game per line, one JSON object per game:

     {"tags":[["Game","fivelines"],["Result","1-0"]],
      "notes":[{"comment":"before the first ply"}],
      "plies":[{"ply":"4:3-7","suffix":"!","notes":[{"nag":1},{"line":"text"}]}],
      "result":"1-0"}

   (written on one line). Tags are [name, value] pairs, in order (JSON
   objects have no order). A note is {"comment": text} for {...},
   {"line": text} for ;..., {"nag": n} for $n. "notes" and "suffix" are left
   out when empty. The writer always writes the keys in that order; the
   reader takes them in any order and ignores unknown keys. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/jsonl.h"

struct ff_jsonl_reader {
	FILE *fp;
	char *line;           /* the current line (getline's buffer) */
	size_t cap;
	size_t len;
	long lineno;
	long games;
	unsigned long long offset;
};

struct ff_jsonl_reader *ff_jsonl_reader_new(FILE *fp)
{
	struct ff_jsonl_reader *r = calloc(1, sizeof *r);

	if (r)
		r->fp = fp;
	return r;
}

void ff_jsonl_reader_free(struct ff_jsonl_reader *r)
{
	if (r)
		free(r->line);
	free(r);
}

const char *ff_jsonl_raw(const struct ff_jsonl_reader *r, size_t *len)
{
	*len = r->len;
	return r->line ? r->line : "";
}

unsigned long long ff_jsonl_offset(const struct ff_jsonl_reader *r)
{
	return r->offset;
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

static int perr(struct parser *ps, const char *msg)
{
	const char *q;
	long col = 1;

	if (ps->failed)
		return -1;
	ps->failed = 1;
	for (q = ps->s; q < ps->p; q++)
		col += ((unsigned char)*q & 0xC0) != 0x80;
	if (ps->err) {
		ps->err->line = ps->lineno;
		ps->err->col = col;
		ps->err->game = ps->game;
		ps->err->ply = ps->ply;
		ps->err->seat = 0;
	}
	return ff_error_set(ps->err, FF_ESYNTAX, "%s", msg);
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

static int hex4(const char *p, unsigned *v)
{
	int i;

	*v = 0;
	for (i = 0; i < 4; i++) {
		char c = p[i];

		*v <<= 4;
		if (c >= '0' && c <= '9')
			*v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	return 0;
}

static void put_utf8(struct ff_buf *b, unsigned cp)
{
	char u[4];
	size_t n;

	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xC0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xE0 | cp >> 12);
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		u[0] = (char)(0xF0 | cp >> 18);
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	ff_buf_add(b, u, n);
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
		char c = *ps->p++;

		if ((unsigned char)c < 0x20)
			return perr(ps, "control character in a string");
		if (c != '\\') {
			ff_buf_addc(&ps->str, c);
			continue;
		}
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
			if (ps->end - ps->p < 4 || hex4(ps->p, &cp))
				return perr(ps, "bad \\u escape");
			ps->p += 4;
			if (cp >= 0xD800 && cp < 0xDC00) {
				if (ps->end - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u' ||
				    hex4(ps->p + 2, &lo) || lo < 0xDC00 || lo > 0xDFFF)
					return perr(ps, "unpaired surrogate in a \\u escape");
				ps->p += 6;
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
			} else if (cp >= 0xDC00 && cp < 0xE000) {
				return perr(ps, "unpaired surrogate in a \\u escape");
			}
			put_utf8(&ps->str, cp);
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

static int integer(struct parser *ps, long *v)
{
	long x = 0;
	int any = 0;

	ws(ps);
	while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9' && x < 100000000) {
		x = x * 10 + (*ps->p++ - '0');
		any = 1;
	}
	if (!any)
		return perr(ps, "expected a whole number");
	*v = x;
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
	while (ps->p < ps->end && strchr("-+.eE0123456789truefalsn", *ps->p))
		ps->p++;
	return 0;
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
			kind = ps->str.p[0] == 'c' ? FF_NOTE_BRACE : FF_NOTE_LINE;
			if (string(ps))
				return -1;
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

static const char *const suffixes[] = { "!", "?", "!!", "??", "!?", "?!" };

static int ply(struct parser *ps, struct ff_record *rec)
{
	struct ff_buf tok = FF_BUF_INIT;
	char suffix[3] = "";
	long col = 0;
	int have = 0, rc = -1;
	size_t i;
	const char *notes_at = NULL;

	if (expect(ps, '{'))
		return -1;
	while (!peek(ps, '}')) {
		if (string(ps) || expect(ps, ':'))
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
	if (!have || tok.len == 0 || strcspn(tok.p, " \t\r\n{};()[]") != tok.len) {
		perr(ps, "a ply needs a \"ply\" string without blanks or any of {};()[]");
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
	int have_plies = 0, have_result = 0;

	if (expect(ps, '{'))
		return -1;
	while (!peek(ps, '}')) {
		if (string(ps) || expect(ps, ':'))
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
			ws(ps);
			if (string(ps))
				return -1;
			if (!ps->str.len || ff_record_set_result(rec, ps->str.p, ps->lineno,
								 (long)(ps->p - ps->s)))
				return perr(ps, "an empty result");
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

int ff_jsonl_read(struct ff_jsonl_reader *r, struct ff_record *rec, struct ff_error *err)
{
	struct parser ps;
	ssize_t n;
	int rc;

	ff_record_reset(rec);
	for (;;) {
		n = getline(&r->line, &r->cap, r->fp);
		if (n < 0)
			return ferror(r->fp) ? ff_error_set(err, FF_EIO, "cannot read") : 0;
		r->lineno++;
		r->offset += (unsigned long long)n;
		r->len = (size_t)n;
		if (strspn(r->line, " \t\r\n") != (size_t)n)
			break;   /* blank lines are skipped */
	}
	memset(&ps, 0, sizeof ps);
	ps.s = ps.p = r->line;
	ps.end = r->line + n;
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

static int str(struct ff_buf *out, const char *s, size_t n)
{
	static const char hexd[] = "0123456789abcdef";
	size_t i;
	int rc = ff_buf_addc(out, '"');

	for (i = 0; i < n && !rc; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\') {
			rc = ff_buf_addc(out, '\\') || ff_buf_addc(out, (char)c);
		} else if (c < 0x20) {
			char e[7] = { '\\', 'u', '0', '0', hexd[c >> 4], hexd[c & 15], 0 };

			rc = c == '\n' ? ff_buf_adds(out, "\\n") : c == '\t' ? ff_buf_adds(out, "\\t")
				       : c == '\r' ? ff_buf_adds(out, "\\r") : ff_buf_adds(out, e);
		} else {
			rc = ff_buf_addc(out, (char)c);
		}
	}
	return rc || ff_buf_addc(out, '"');
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

		rc |= ff_buf_adds(out, i ? ",{\"ply\":" : "{\"ply\":") ||
		      str(out, ff_record_str(rec, p->tok), p->len);
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
