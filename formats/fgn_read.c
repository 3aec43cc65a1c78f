/* FGN reader: a streaming, lenient reader that returns one game at a time.

   Input is UTF-8; a BOM at the very start is skipped; \r is white space;
   the last line need not end in a newline. Positions: lines from 1,
   columns from 1 in characters (bytes that are not UTF-8 continuation
   bytes; a tab counts 1).

   A game is an optional tag section, `[Name "value"]` one per line, then
   movetext ending in a result token (1-0 0-1 1/2-1/2 * D W<k>). In
   movetext: `{...}` and `;...` comments, `$n` NAGs, move numbers `12.`
   and `12...` (ignored, also glued to a ply), suffixes ! ? !! ?? !? ?!
   taken off the end of a ply token. `(` `)` (no variations) and `[` `]`
   (tag syntax; no ply notation uses them) are errors there, except for a
   `[` that starts a line (see below). Every other run of non-blank bytes
   up to white space or one of { ; ( ) [ ] is a ply token. Also errors:
   `$` not followed by digits only, a suffix with no ply before it, a ply
   token longer than 65535 bytes.

   Where a game ends:
   - after its result token, at the end of that line. Comments that follow
     the result token on its line belong to the game (notes after its last
     ply); anything else there starts the next game.
   - at a line whose first non-blank character is `[` once movetext has
     begun: the next game starts there; without a result token so far this
     is the error "missing result token".
   - at the end of the input ("missing result token" unless it had one).
   A brace comment ends at `}`. It also ends, as an "unterminated comment"
   error, at a line whose first non-blank character is `[` or at the end of
   the input, so that a missing `}` never swallows the games after it and
   memory stays bounded by the largest game.

   Error recovery: after the first syntax error of a game the reader keeps
   scanning that game by the same rules without storing anything more (a
   bad tag line is skipped to its end), so the game ends exactly where the
   rules above say, and the next call goes on with the next game. The
   error reported is the first one.

   Raw text (ff_fgn_raw): from the game's first token through the end of
   its result line; a game that ends elsewhere (next game, end of input)
   ends after its last non-blank byte and the newline that follows it.

   Buffering: fread into a buffer (256 KiB to start) that keeps the bytes
   from the start of the current game; it grows when one game fills more
   than half of it. A game longer than FF_MAX_GAME_BYTES is too-long and
   ends the input (as a read error does).

   An input that starts as UTF-16 does (a byte order mark FF FE or FE
   FF, or NULs between ASCII characters) is one bad-byte error saying so
   and how to convert it, and nothing more is read.

   Bytes (docs/formats.md): tag values, comments and ply tokens must be
   UTF-8 without NUL (bad-byte, at the first wrong byte). Tokens cut by the end of the buffer are rescanned
   from their start after a refill. */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/fgn.h"
#include "formats/format.h"
#include "lib/bits.h"
#include "lib/tags.h"
#include "lib/text.h"

#define BUF_SIZE ((size_t)256 * 1024)

/* Character classes. */
enum {
	C_WS = 1,     /* white space */
	C_DELIM = 2,  /* ends a ply token: white space { ; ( ) [ ] */
	C_BLANK = 4   /* white space other than \n */
};

static const unsigned char cls[256] = {
	[' '] = C_WS | C_DELIM | C_BLANK,
	['\t'] = C_WS | C_DELIM | C_BLANK,
	['\r'] = C_WS | C_DELIM | C_BLANK,
	['\f'] = C_WS | C_DELIM | C_BLANK,
	['\v'] = C_WS | C_DELIM | C_BLANK,
	['\n'] = C_WS | C_DELIM,
	['{'] = C_DELIM,
	[';'] = C_DELIM,
	['('] = C_DELIM,
	[')'] = C_DELIM,
	['['] = C_DELIM,
	[']'] = C_DELIM,
};

/* The bytes a ply token mostly consists of: 0x01-0x7f but C_DELIM (a
   NUL or a byte over 0x7f is a token byte too, but one that needs the
   byte check). */
static const unsigned char plain[256] = {
	0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1,   /* 0x00 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 0x10 */
	0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1,   /* 0x20 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1,   /* 0x30 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 0x40 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1,   /* 0x50 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 0x60 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1,   /* 0x70 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 0x80 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 0x90 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 0xa0 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 0xb0 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 0xc0 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 0xd0 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 0xe0 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 0xf0 */
};

/* Results of the token scanners. */
enum { T_OK, T_NEED, T_NOMEM };

/* Results of fill. */
enum { F_EIO = -1, F_ENOMEM = -2, F_TOOLONG = -3 };

struct ff_fgn_reader {
	FILE *fp;
	unsigned char *buf;   /* cap bytes and a NUL after the end (buf[end]) */
	size_t cap;
	size_t start;      /* first byte of the current game (kept on refill) */
	size_t pos;        /* scan position */
	size_t end;        /* bytes in buf */
	size_t raw_end;    /* end of the last game's raw text */
	unsigned long long base;  /* stream offset of buf[0] */
	long line;         /* line of pos */
	size_t cpos;       /* a position on the line of pos ... */
	long ccol;         /* ... and its column */
	int hi;            /* a byte over 0x7f may stand on the line before pos */
	long number;       /* games started so far */
	int bol;           /* only blanks since the start of the line */
	int bom;           /* BOM check still to do */
	int eof;
	int failed;
	int tags_only;     /* FF_FMT_TAGS_ONLY: no plies, notes or result stored */
	int mem;           /* buf is the caller's (ff_fgn_reader_mem): not freed */
	struct ff_buf tmp; /* tag name and value */
};

/* One call of ff_fgn_read. */
struct game {
	struct ff_fgn_reader *r;
	struct ff_record *rec;
	struct ff_error *err;
	int bad;    /* a syntax error has been recorded */
	int moves;  /* in movetext */
	int after;  /* the result token has been read */
};

struct ff_fgn_reader *ff_fgn_reader_new(FILE *fp)
{
	struct ff_fgn_reader *r = calloc(1, sizeof *r);

	if (!r)
		return NULL;
	r->buf = malloc(BUF_SIZE + 1);
	if (!r->buf) {
		free(r);
		return NULL;
	}
	r->buf[0] = '\0';
	r->fp = fp;
	r->cap = BUF_SIZE;
	r->line = 1;
	r->ccol = 1;
	r->bol = 1;
	r->bom = 1;
	return r;
}

struct ff_fgn_reader *ff_fgn_reader_mem(const char *p, size_t len, long line, long number,
				       unsigned long long offset, unsigned flags)
{
	struct ff_fgn_reader *r = calloc(1, sizeof *r);

	if (!r)
		return NULL;
	r->buf = (unsigned char *)p;   /* only read: fill() stops at eof before writing */
	r->mem = 1;
	r->cap = r->end = len;
	r->eof = 1;
	r->base = offset;
	r->line = line;
	r->ccol = 1;
	r->bol = 1;
	r->bom = offset == 0;
	r->number = number;
	r->tags_only = (flags & FF_FMT_TAGS_ONLY) != 0;
	return r;
}

void ff_fgn_reader_start(void *reader, long line, long number, unsigned long long offset)
{
	struct ff_fgn_reader *r = reader;

	r->line = line;
	r->number = number;
	r->base = offset;
	r->bom = offset == 0;
}

void ff_fgn_reader_free(void *reader)
{
	struct ff_fgn_reader *r = reader;

	if (!r)
		return;
	ff_buf_free(&r->tmp);
	if (!r->mem)
		free(r->buf);
	free(r);
}

const char *ff_fgn_raw(const void *reader, size_t *len)
{
	const struct ff_fgn_reader *r = reader;

	*len = r->raw_end - r->start;
	return (const char *)r->buf + r->start;
}

size_t ff_fgn_game_start(const void *reader)
{
	const struct ff_fgn_reader *r = reader;

	return r->start;
}

unsigned long long ff_fgn_offset(const void *reader)
{
	const struct ff_fgn_reader *r = reader;

	return r->base + r->pos;
}

/* colat on a line that may hold bytes over 0x7f, out of line: the
   characters counted a word at a time: w & ~(w << 1) keeps bit 7 of each
   byte whose bit 6 is clear (the span between two plies fits in one word). */
static long __attribute__((noinline)) count_col(struct ff_fgn_reader *r, size_t i)
{
	const uint64_t tops = 0x8080808080808080u;
	const unsigned char *p = r->buf + r->cpos, *e = r->buf + i;
	long c = r->ccol;
	uint64_t w;

	for (; e - p >= 8; p += 8) {
		memcpy(&w, p, sizeof w);
		c += 8 - (w & tops ? ff_popcount64(w & ~(w << 1) & tops) : 0);
	}
	if (p < e && r->cap - (size_t)(p - r->buf) >= 8) {   /* the rest, in one word */
		memcpy(&w, p, sizeof w);
		w &= ~(uint64_t)0 >> (64 - 8 * (e - p));
		c += (e - p) - (w & tops ? ff_popcount64(w & ~(w << 1) & tops) : 0);
	} else
		for (; p < e; p++)
			c += (*p & 0xC0) != 0x80;
	r->cpos = i;
	r->ccol = c;
	return c;
}

/* The column of buf[i], i on the line of pos and not before cpos: a
   character is a byte that is not a UTF-8 continuation byte (10xxxxxx).
   On a line of ASCII so far (!hi, i <= pos) a byte is a character. */
static inline long colat(struct ff_fgn_reader *r, size_t i)
{
	if (r->hi)
		return count_col(r, i);
	r->ccol += (long)(i - r->cpos);
	r->cpos = i;
	return r->ccol;
}

/* Count the newlines in buf[a, z) into the line position. */
static void lines(struct ff_fgn_reader *r, size_t a, size_t z)
{
	const unsigned char *p;

	while (a < z && (p = memchr(r->buf + a, '\n', z - a))) {
		a = (size_t)(p - r->buf) + 1;
		r->line++;
		r->cpos = a;
		r->ccol = 1;
	}
}

/* Read more input, keeping buf[start, end). Returns 1 when bytes were
   added, 0 at the end of the input, F_EIO or F_ENOMEM. */
static int fill(struct ff_fgn_reader *r)
{
	size_t n, keep;

	if (r->eof)
		return 0;
	if (r->cpos < r->start)
		colat(r, r->start);
	if (r->start > 0) {
		keep = r->end - r->start;
		memmove(r->buf, r->buf + r->start, keep);
		r->base += r->start;
		r->pos -= r->start;
		r->cpos -= r->start;
		r->end = keep;
		r->buf[keep] = '\0';
		r->start = 0;
	}
	if (r->end - r->start > FF_MAX_GAME_BYTES)
		return F_TOOLONG;
	if (r->cap - r->end < r->cap / 2) {
		unsigned char *p;

		if (r->cap > (size_t)-1 / 2)
			return F_ENOMEM;
		p = realloc(r->buf, r->cap * 2 + 1);
		if (!p)
			return F_ENOMEM;
		r->buf = p;
		r->cap *= 2;
	}
	n = r->cap - r->end;   /* never more than one byte past the longest game */
	if (n > FF_MAX_GAME_BYTES + 1 - (r->end - r->start))
		n = FF_MAX_GAME_BYTES + 1 - (r->end - r->start);
	n = fread(r->buf + r->end, 1, n, r->fp);
	r->end += n;
	r->buf[r->end] = '\0';
	if (n == 0) {
		if (ferror(r->fp))
			return F_EIO;
		r->eof = 1;
		return 0;
	}
	return 1;
}

/* Is the game's movetext still stored (no error so far, and wanted)? */
static int keep(const struct game *g)
{
	return !g->bad && !g->r->tags_only;
}

/* Record the first problem of the game. */
static void vproblem(struct game *g, enum ff_code code, long line, long col, size_t ply,
		     const char *fmt, va_list ap) __attribute__((format(printf, 6, 0)));

static void vproblem(struct game *g, enum ff_code code, long line, long col, size_t ply,
		     const char *fmt, va_list ap)
{
	if (g->bad)
		return;
	g->bad = 1;
	g->err->code = code;
	g->err->line = line;
	g->err->col = col;
	g->err->game = g->rec->number;
	g->err->ply = ply > 0x7fffffff ? 0x7fffffff : (int)ply;
	g->err->seat = 0;
	vsnprintf(g->err->msg, sizeof g->err->msg, fmt, ap);
	ff_text_clean(g->err->msg, sizeof g->err->msg);
}

static void problem(struct game *g, enum ff_code code, long line, long col, size_t ply,
		    const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static void problem(struct game *g, enum ff_code code, long line, long col, size_t ply,
		    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vproblem(g, code, line, col, ply, fmt, ap);
	va_end(ap);
}

/* Record the first syntax error of the game. */
static void syntax(struct game *g, long line, long col, size_t ply, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void syntax(struct game *g, long line, long col, size_t ply, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vproblem(g, FF_ESYNTAX, line, col, ply, fmt, ap);
	va_end(ap);
}

/* Check the bytes buf[a, z) of a value that starts at line, col (the
   byte policy: UTF-8 without NUL). Returns 0, or 1 after recording a
   bad-byte problem at the first wrong byte. */
static int bad_bytes(struct game *g, size_t a, size_t z, long line, long col, size_t ply,
		     const char *what)
{
	const unsigned char *b = g->r->buf, *p;
	enum ff_text_fault f;
	size_t at;

	if (g->bad || (f = ff_text_check((const char *)b + a, z - a, &at)) == FF_TEXT_OK)
		return 0;
	for (p = b + a; p < b + a + at; p++) {   /* where the bad byte stands */
		if (*p == '\n') {
			line++;
			col = 1;
		} else {
			col += (*p & 0xC0) != 0x80;
		}
	}
	problem(g, FF_EBAD_BYTE, line, col, ply, "%s in %s (byte 0x%02x)", ff_text_fault_name(f),
		what, b[a + at]);
	return 1;
}

/* The character at p for a message: printable ASCII as is, a UTF-8
   sequence as is, anything else as \xNN. */
static void charname(char out[8], const unsigned char *p, const unsigned char *e)
{
	size_t n = 1;

	if (*p >= 0x21 && *p <= 0x7e) {
		out[0] = (char)*p;
		out[1] = '\0';
	} else if (*p >= 0xc0 && *p <= 0xf7) {
		while (n < 4 && p + n < e && (p[n] & 0xC0) == 0x80)
			n++;
		memcpy(out, p, n);
		out[n] = '\0';
	} else {
		snprintf(out, 8, "\\x%02x", *p);
	}
}

/* Where the raw text of a game that ends before buf[x] ends: after its
   last non-blank byte and the newline that follows it, if any. */
static size_t trim(const struct ff_fgn_reader *r, size_t x)
{
	size_t z = x;
	const unsigned char *nl;

	while (z > r->start && (cls[r->buf[z - 1]] & C_WS))
		z--;
	nl = memchr(r->buf + z, '\n', x - z);
	return nl ? (size_t)(nl - r->buf) + 1 : z;
}

static int is_blank(unsigned char c)
{
	return (cls[c] & C_BLANK) != 0;
}

static int is_namechar(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* A tag line starting at buf[p] == '['. */
static int tag_line(struct game *g, size_t p, long line, long col)
{
	struct ff_fgn_reader *r = g->r;
	const unsigned char *b = r->buf, *nl, *cr;
	size_t le, i, ns, vq, vs, run;
	long vcol;
	char what[8];

	r->hi = 1;   /* the line's bytes are not checked to be ASCII: count columns */
	nl = memchr(b + p, '\n', r->end - p);
	if (!nl && !r->eof)
		return T_NEED;
	le = nl ? (size_t)(nl - b) : r->end;
	r->pos = le;
	if (g->bad)
		return T_OK;
	i = p + 1;
	while (i < le && is_blank(b[i]))
		i++;
	ns = i;
	while (i < le && is_namechar(b[i]))
		i++;
	if (i == ns)
		goto unexpected;
	ff_buf_reset(&r->tmp);
	if (ff_buf_add(&r->tmp, b + ns, i - ns) || ff_buf_addc(&r->tmp, '\0'))
		return T_NOMEM;
	vs = r->tmp.len;
	while (i < le && is_blank(b[i]))
		i++;
	if (i >= le || b[i] != '"')
		goto unexpected;
	vq = i++;
	vcol = colat(r, vq);
	for (run = i; run < le && b[run] != '"'; run += 1 + (b[run] == '\\'))
		;
	if (bad_bytes(g, i, run < le ? run : le, line, vcol + 1, 0, "a tag value"))
		return T_OK;
	cr = memchr(b + i, '\r', (run < le ? run : le) - i);
	if (cr) {   /* a CR is a line break: a tag is one line */
		problem(g, FF_EBAD_BYTE, line, colat(r, (size_t)(cr - b)), 0,
			"a line break (CR) in a tag value (tags are one line)");
		return T_OK;
	}
	for (;;) {
		run = i;
		while (i < le && b[i] != '"' && b[i] != '\\')
			i++;
		if (ff_buf_add(&r->tmp, b + run, i - run))
			return T_NOMEM;
		if (i >= le) {
			syntax(g, line, vcol, 0, "unterminated tag value");
			return T_OK;
		}
		if (b[i] == '"')
			break;
		/* a backslash: \" and \\ are escapes, others stay */
		if (i + 1 < le && (b[i + 1] == '"' || b[i + 1] == '\\'))
			i++;
		if (ff_buf_addc(&r->tmp, (char)b[i]))
			return T_NOMEM;
		i++;
	}
	i++;
	while (i < le && is_blank(b[i]))
		i++;
	if (i >= le || b[i] != ']')
		goto unexpected;
	i++;
	while (i < le && is_blank(b[i]))
		i++;
	if (i < le)
		goto unexpected;
	if (ff_record_add_tag(g->rec, r->tmp.p, r->tmp.p + vs, r->tmp.len - vs, line, col))
		return T_NOMEM;
	return T_OK;

unexpected:
	if (i >= le) {
		syntax(g, line, col, 0, "unterminated tag");
	} else if (bad_bytes(g, i, le, line, colat(r, i), 0, "a tag line")) {
		return T_OK;
	} else {
		charname(what, b + i, b + le);
		syntax(g, line, colat(r, i), 0, "unexpected character '%s'", what);
	}
	return T_OK;
}

/* A brace comment starting at buf[p] == '{'. */
static int brace(struct game *g, size_t p, long line, long col)
{
	struct ff_fgn_reader *r = g->r;
	const unsigned char *b = r->buf;
	size_t e = r->end, q = p + 1, k;

	r->hi = 1;   /* as in tag_line */
	for (;;) {
		while (q < e && b[q] != '}' && b[q] != '\n')
			q++;
		if (q == e) {
			if (!r->eof)
				return T_NEED;
			break;
		}
		if (b[q] == '}') {
			if (!bad_bytes(g, p + 1, q, line, col + 1, g->rec->nplies, "a comment") &&
			    keep(g) && ff_record_add_note(g->rec, FF_NOTE_BRACE,
							  (const char *)b + p + 1, q - p - 1))
				return T_NOMEM;
			lines(r, p + 1, q);
			r->pos = q + 1;
			return T_OK;
		}
		/* a newline: a line starting with '[' ends the comment */
		k = q + 1;
		while (k < e && is_blank(b[k]))
			k++;
		if (k == e && !r->eof)
			return T_NEED;
		if (k < e && b[k] == '[')
			break;
		q = k;
	}
	syntax(g, line, col, g->rec->nplies, "unterminated comment");
	lines(r, p + 1, q);
	r->pos = q;
	return T_OK;
}

/* A line comment starting at buf[p] == ';'. */
static int semi(struct game *g, size_t p, long line, long col)
{
	struct ff_fgn_reader *r = g->r;
	const unsigned char *b = r->buf, *nl;
	size_t le, te;

	r->hi = 1;   /* as in tag_line */
	nl = memchr(b + p + 1, '\n', r->end - p - 1);
	if (!nl && !r->eof)
		return T_NEED;
	le = nl ? (size_t)(nl - b) : r->end;
	te = le;
	while (te > p + 1 && b[te - 1] == '\r')   /* CRs before the line end are white space */
		te--;
	if (!bad_bytes(g, p + 1, te, line, col + 1, g->rec->nplies, "a comment") && keep(g) &&
	    ff_record_add_note(g->rec, FF_NOTE_LINE, (const char *)b + p + 1, te - p - 1))
		return T_NOMEM;
	r->pos = le;
	return T_OK;
}

static int is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* Whether s[0, n) is a result token. */
static int is_result(const unsigned char *s, size_t n)
{
	size_t i;

	switch (n) {
	case 1:
		return s[0] == '*' || s[0] == 'D';
	case 3:
		if (memcmp(s, "1-0", 3) == 0 || memcmp(s, "0-1", 3) == 0)
			return 1;
		break;
	case 7:
		return memcmp(s, "1/2-1/2", 7) == 0;
	}
	if (s[0] != 'W' || n < 2 || n > 20 || s[1] < '1' || s[1] > '9')
		return 0;
	for (i = 2; i < n; i++)
		if (!is_digit(s[i]))
			return 0;
	return 1;
}

int ff_fgn_result_token(const char *s, size_t n)
{
	return n > 0 && is_result((const unsigned char *)s, n);
}

int ff_fgn_ply_token(const char *s, size_t n)
{
	const unsigned char *b = (const unsigned char *)s;
	size_t i = 0;

	if (n == 0 || b[0] == '$' || b[n - 1] == '!' || b[n - 1] == '?' || is_result(b, n))
		return 0;
	while (i < n && is_digit(b[i]))
		i++;
	if (i > 0 && i < n && b[i] == '.')
		return 0;   /* a move number */
	for (i = 0; i < n; i++)
		if (cls[b[i]] & C_DELIM)
			return 0;
	return 1;
}

int ff_fgn_comment_ok(const char *s, size_t n)
{
	size_t i;
	int bol = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '}' || (bol && s[i] == '['))
			return 0;
		if (s[i] == '\n')
			bol = 1;
		else if (!is_blank((unsigned char)s[i]))
			bol = 0;
	}
	return 1;
}

/* Any other movetext token, starting at buf[p]. */
static int word(struct game *g, size_t p, long line, long col)
{
	struct ff_fgn_reader *r = g->r;
	struct ff_record *rec = g->rec;
	const unsigned char *b = r->buf;
	size_t e = r->end, q = p, s = p, len, i, k;
	unsigned char c = b[p], odd = 0;
	char suffix[3];

	if (c == '(' || c == ')' || c == '[' || c == ']') {
		syntax(g, line, col, rec->nplies, "unexpected character '%c'", c);
		r->pos = p + 1;
		return T_OK;
	}
	while (plain[b[q]])   /* buf[end] is a NUL: the scan stops there */
		q++;
	while (q < e && !(cls[b[q]] & C_DELIM))   /* odd: a NUL or a byte over 0x7f seen */
		odd |= (unsigned char)(b[q++] - 1) >= 0x7f;
	r->hi |= odd;
	if (q == e && !r->eof)
		return T_NEED;
	r->pos = q;
	/* move numbers, perhaps glued to what follows */
	while (is_digit(c)) {
		i = s + 1;
		while (i < q && is_digit(b[i]))
			i++;
		if (i == q || b[i] != '.')
			break;
		while (i < q && b[i] == '.')
			i++;
		if (i == q)
			return T_OK;
		s = i;
		c = b[s];
	}
	if (s > p)
		col = colat(r, s);
	len = q - s;
	if (is_result(b + s, len)) {
		char tok[24];

		g->after = 1;
		if (!keep(g))
			return T_OK;
		memcpy(tok, b + s, len);
		tok[len] = '\0';
		return ff_record_set_result(rec, tok, line, col) ? T_NOMEM : T_OK;
	}
	if (c == '$') {   /* a number up to 999999999, kept without leading zeros */
		uint64_t v;
		char digits[24];

		if (ff_parse_uint((const char *)b + s + 1, len - 1, 999999999, &v)) {
			syntax(g, line, col, rec->nplies, "bad nag '%.*s': $ and a number up to 999999999",
			       (int)ff_utf8_cut((const char *)b + s, len, 40), (const char *)b + s);
			return T_OK;
		}
		snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
		if (keep(g) && ff_record_add_note(rec, FF_NOTE_NAG, digits, strlen(digits)))
			return T_NOMEM;
		return T_OK;
	}
	suffix[0] = '\0';
	if (b[q - 1] == '!' || b[q - 1] == '?') {
		k = len >= 2 && (b[q - 2] == '!' || b[q - 2] == '?') ? 2 : 1;
		memcpy(suffix, b + q - k, k);
		suffix[k] = '\0';
		len -= k;
		if (len == 0) {
			syntax(g, line, col, rec->nplies, "annotation '%s' without a ply", suffix);
			return T_OK;
		}
		if (is_result(b + s, len)) {
			syntax(g, line, col, rec->nplies, "a result takes no '%s'", suffix);
			return T_OK;
		}
		if (b[s + len - 1] == '!' || b[s + len - 1] == '?') {
			syntax(g, line, col, rec->nplies + 1, "more than two of ! and ? after a ply: "
			       "a suffix is ! ? !! ?? !? or ?!");
			return T_OK;
		}
	}
	if (len > FF_MAX_TOKEN) {
		problem(g, FF_ETOO_LONG, line, col, rec->nplies + 1,
			"ply token too long (%zu bytes, at most %d)", len, FF_MAX_TOKEN);
		return T_OK;
	}
	if (odd && bad_bytes(g, s, s + len, line, col, rec->nplies + 1, "a ply token"))
		return T_OK;
	if (!keep(g))
		return T_OK;
	if (ff_record_add_ply(rec, (const char *)b + s, len, suffix, line, col))
		return T_NOMEM;
	return T_OK;
}

/* The usual movetext, plain plies one space apart ("2:0-2 6:9-5 4:-"),
   from buf[p] on (a token's start on the line of pos), taken as word()
   would take them one by one, without going back to the main loop in
   between: a token of plain bytes (no byte check to do) whose first is a
   digit and second a colon (so no move number, result or NAG), without
   a suffix, ended by a space or a newline. Stops before the first token
   that is not such (word() then reads it) and at a newline (the main
   loop's). Returns how many it took (pos after the last; stored unless
   the reader is tags_only), or -1 when memory runs out. */
static long plain_plies(struct game *g, size_t p)
{
	struct ff_fgn_reader *r = g->r;
	const unsigned char *b = r->buf;
	size_t q;
	long n = 0;

	while (is_digit(b[p]) && b[p + 1] == ':') {   /* buf[end] is a NUL */
		for (q = p + 2; plain[b[q]]; q++)
			;
		if ((b[q] != ' ' && b[q] != '\n') || q - p > FF_MAX_TOKEN || b[q - 1] == '!' ||
		    b[q - 1] == '?')
			break;
		if (!r->tags_only &&
		    ff_record_add_ply(g->rec, (const char *)b + p, q - p, NULL, r->line, colat(r, p)))
			return -1;
		r->pos = q;
		n++;
		if (b[q] != ' ')
			break;
		p = q + 1;
	}
	return n;
}

/* The game has no result token: say so at line, col, or, when its last
   ply token looks like a mistyped result (1-O, 1:0, an en dash), there,
   saying what it likely means. */
static void no_result(struct game *g, long line, long col)
{
	const struct ff_record *rec = g->rec;
	const struct ff_rec_ply *last = rec->nplies ? &rec->plies[rec->nplies - 1] : NULL;
	char why[320];

	if (last && !last->suffix[0] && ff_result_near(ff_record_str(rec, last->tok))) {
		syntax(g, last->line, last->col, rec->nplies, "missing result token: %s",
		       ff_result_typo(ff_record_str(rec, last->tok), 0, why, sizeof why));
		return;
	}
	syntax(g, line, col, rec->nplies, "missing result token");
}

/* Reading failed: report it and return 0 from now on. */
static int failure(struct game *g, int code)
{
	struct ff_fgn_reader *r = g->r;
	struct ff_error *err = g->err;

	r->failed = 1;
	r->raw_end = r->end;
	ff_error_clear(err);
	err->code = code == F_EIO ? FF_EIO : code == F_TOOLONG ? FF_ETOO_LONG : FF_ENOMEM;
	err->line = code != F_EIO ? g->rec->line : r->line;   /* where the game starts */
	err->col = code != F_EIO ? g->rec->col : 0;
	err->game = g->rec->number;
	snprintf(err->msg, sizeof err->msg, "%s",
		 code == F_EIO ? "read error" : code == F_TOOLONG
		 ? "a game longer than 256 MiB (the most a game may take): the rest of the input is not read"
		 : "out of memory");
	return -1;
}

/* The input is UTF-16 (kind as ff_text_utf16 gives): one bad-byte error
   for its first game, which takes the input read so far as its raw
   text, and nothing more is read. Returns -1. */
static int utf16(struct game *g, int kind)
{
	struct ff_fgn_reader *r = g->r;
	char msg[240];

	r->failed = 1;
	r->raw_end = r->end;
	g->rec->number = ++r->number;
	g->rec->line = r->line;
	g->rec->col = 1;
	problem(g, FF_EBAD_BYTE, r->line, 1, 0, "%s",
		ff_text_utf16_message(kind, r->buf + r->pos, msg, sizeof msg));
	return -1;
}

/* The game ends; its raw text ends before buf[raw_end]. */
static int finish(struct game *g, size_t raw_end)
{
	g->r->raw_end = raw_end;
	return g->bad ? -1 : 1;
}

int ff_fgn_read(void *reader, struct ff_record *rec, struct ff_error *err)
{
	struct ff_fgn_reader *r = reader;
	struct ff_error dummy;
	struct game g;
	int started = 0, rc = 0;
	long line, col, n;

	if (!err)
		err = &dummy;
	ff_error_clear(err);
	ff_record_reset(rec);
	memset(&g, 0, sizeof g);
	g.r = r;
	g.rec = rec;
	g.err = err;
	r->start = r->raw_end = r->pos;
	if (r->failed)
		return 0;
	if (r->bom) {
		while (r->end - r->pos < 4 && (rc = fill(r)) > 0)
			;
		if (rc < 0)
			return failure(&g, rc);
		if (r->end - r->pos >= 3 && memcmp(r->buf + r->pos, "\xEF\xBB\xBF", 3) == 0) {
			r->pos += 3;
			r->start = r->cpos = r->pos;
		}
		r->bom = 0;
		if ((rc = ff_text_utf16(r->buf + r->pos, r->end - r->pos)) != 0)
			return utf16(&g, rc);
	}
	for (;;) {
		const unsigned char *b = r->buf;
		size_t p = r->pos, e = r->end;
		unsigned char c = 0;

		/* white space */
		while (p < e) {
			c = b[p];
			if (!(cls[c] & C_WS))
				break;
			if (c == '\n') {
				r->line++;
				r->cpos = p + 1;
				r->ccol = 1;
				r->hi = 0;
				r->bol = 1;
				if (g.after) {
					r->pos = p + 1;
					return finish(&g, trim(r, p + 1));
				}
			}
			p++;
		}
		r->pos = p;
		if (p == e) {
			if (!started)
				r->start = p;
			rc = fill(r);
			if (rc > 0)
				continue;
			if (rc < 0)
				return failure(&g, rc);
			if (!started)
				return 0;
			p = r->pos;   /* fill() moved the buffer */
			if (!g.after)
				no_result(&g, r->line, colat(r, p));
			return finish(&g, trim(r, p));
		}

		if (!started) {
			started = 1;
			r->start = p;
			rec->number = ++r->number;
			rec->line = r->line;
			rec->col = colat(r, p);
		}
		line = r->line;
		col = colat(r, p);
		if (!g.moves && c == '[') {
			rc = tag_line(&g, p, line, col);
		} else {
			g.moves = 1;
			if (g.after) {
				if (c != '{' && c != ';')
					return finish(&g, trim(r, p));
			} else if (c == '[' && r->bol) {
				no_result(&g, line, col);
				return finish(&g, trim(r, p));
			}
			if (c == '{')
				rc = brace(&g, p, line, col);
			else if (c == ';')
				rc = semi(&g, p, line, col);
			else if (!g.bad && (n = plain_plies(&g, p)) != 0)
				rc = n > 0 ? T_OK : T_NOMEM;
			else
				rc = word(&g, p, line, col);
		}
		if (rc == T_NEED) {
			rc = fill(r);
			if (rc < 0)
				return failure(&g, rc);
			continue;
		}
		if (rc == T_NOMEM)
			return failure(&g, F_ENOMEM);
		r->bol = 0;
	}
}

/* --- the formats table entry (formats/format.h) --- */

static void *fgn_new(FILE *fp, unsigned flags)
{
	struct ff_fgn_reader *r = ff_fgn_reader_new(fp);

	if (r)
		r->tags_only = (flags & FF_FMT_TAGS_ONLY) != 0;
	return r;
}

/* No sniff: FGN is what an input is read as when no format claims it. */
const struct ff_format ff_format_fgn = {
	.name = "fgn", .ext = "fgn", .help = "fivefold game notation (docs/fgn.md)",
	.reader_new = fgn_new, .read = ff_fgn_read, .raw = ff_fgn_raw, .offset = ff_fgn_offset,
	.reader_free = ff_fgn_reader_free, .chunking = &ff_fgn_chunking, .write = ff_fgn_write,
};

int ff_fgn_read_text(const char *text, size_t len, struct ff_record *rec, struct ff_error *err)
{
	FILE *fp = fmemopen((void *)text, len, "rb");
	struct ff_fgn_reader *r = fp ? ff_fgn_reader_new(fp) : NULL;
	int rc = r ? ff_fgn_read(r, rec, err) : -1;

	if (!r && err)
		ff_error_set(err, FF_ENOMEM, "out of memory");
	ff_fgn_reader_free(r);
	if (fp)
		fclose(fp);
	return rc;
}
