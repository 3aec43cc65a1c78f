/* Where an FGN input can be cut into chunks that workers read apart
   (formats/format.h, struct ff_chunking): at the start of a line whose
   first non-blank byte is '[' when the last non-blank line before it
   holds no '[' (or there is none). The FGN reader always starts a game
   there (formats/fgn_read.c): a game in progress has begun its movetext
   then (its tag lines hold a '[', and a game that starts mid-line, after
   a result, starts with one), so it ends at that line, and a brace
   comment unterminated so far ends there too; between games the '['
   starts one. Blank is the reader's white space (\n excepted): space \t
   \r \f \v. Only the '[' bytes are looked at (memchr), and the bytes
   around them. */
#include "config.h"

#include <string.h>

#include "formats/fgn.h"

/* Invariant: the '[' bytes of p[0, scan) have been looked at: they hold
   `pieces` game starts, and the last '[' is at p[lastbr - 1] (lastbr 0:
   none); lines start at p[lo] (after a BOM); bom: the BOM check is done;
   any: a game start was found in the input. Zeroed: the input's start. */
struct cutter {
	size_t scan, lo, lastbr;
	long pieces;
	int any, bom;
};

static int is_blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Whether the '[' at p[x] starts a game; *ls receives its line's start. */
static int starts_game(const struct cutter *c, const unsigned char *p, size_t x, size_t *ls)
{
	size_t l, z;

	for (l = x; l > c->lo && is_blank(p[l - 1]); l--)
		;
	*ls = l;
	if (l != c->lo && p[l - 1] != '\n')
		return 0;   /* not the first non-blank byte of its line */
	/* the last non-blank line before it (ending at p[z - 1]) holds no '[' */
	for (z = l; z > c->lo && (is_blank(p[z - 1]) || p[z - 1] == '\n'); z--)
		;
	if (!c->lastbr)
		return 1;
	return z - 1 > c->lastbr - 1 && memrchr(p + c->lastbr, '\n', z - 1 - c->lastbr);
}

/* The games before p[ls] that its start adds: one, and a game without
   tags before the first start when bytes that are not blank precede it. */
static long added(const struct cutter *c, const unsigned char *p, size_t ls)
{
	size_t z;

	if (c->any)
		return 1;
	for (z = ls; z > c->lo && (is_blank(p[z - 1]) || p[z - 1] == '\n'); z--)
		;
	return 1 + (z > c->lo);
}

static size_t fgn_cut(void *state, const unsigned char *p, size_t n, size_t min, int eof,
		      size_t *look, long *pieces)
{
	struct cutter *c = state;
	const unsigned char *x;
	size_t ls;

	if (!c->bom) {
		if (n < 3 && !eof)
			return 0;
		if (n >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
			c->scan = c->lo = 3;
		c->bom = 1;
	}
	while (c->scan < n && (x = memchr(p + c->scan, '[', n - c->scan))) {
		if (starts_game(c, p, (size_t)(x - p), &ls)) {
			if (ls >= min && ls > 0) {
				*look = (size_t)(x - p) + 1 - ls;
				*pieces = c->pieces;
				c->scan = c->lo = c->lastbr = 0;
				c->pieces = 0;
				return ls;
			}
			c->pieces += added(c, p, ls);
			c->any = 1;
		}
		c->lastbr = (size_t)(x - p) + 1;
		c->scan = c->lastbr;
	}
	if (c->scan < n)
		c->scan = n;
	if (!eof || n == 0)
		return 0;
	*look = 0;
	*pieces = c->pieces + !c->any;   /* a game without tags, perhaps */
	return n;
}

static void *fgn_reader_mem(const char *p, size_t len, long line, long number,
			    unsigned long long offset, unsigned flags)
{
	return ff_fgn_reader_mem(p, len, line, number, offset, flags);
}

const struct ff_chunking ff_fgn_chunking = {
	.size = sizeof(struct cutter), .cut = fgn_cut, .reader_mem = fgn_reader_mem,
	.reader_start = ff_fgn_reader_start, .game_start = ff_fgn_game_start,
};
