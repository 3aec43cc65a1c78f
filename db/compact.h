/* The compact form of a stored game (schema 6, both backends): its
   canonical FGN kept as three parts that rebuild it byte for byte.

   - The header template: the tag lines and the empty line after them as
     the FGN writer writes them, but where a tag's value is the game's own
     column (Seed, Event, Site, Date, Round, Result) it stands as a
     placeholder, \001 and a letter (FF_PH_SEED...). Templates are shared
     by every game whose tags differ only in those columns: simulated
     games of one kind share one.
   - The moves: one character per ply, the code of its token in the ply
     dictionary (ff_compact_cp: code n is code point n, or n + 0x800 from
     0xD800 on, so no surrogate is ever written), in UTF-8.
   - The body: the canonical FGN's text after the header, kept as it is
     when the movetext is not plies alone (notes, NAGs, suffixes) or
     rebuilding it does not give the same bytes; or the whole FGN when
     the header has no template.

   The rebuilt text is checked against the canonical FGN when a game is
   encoded (ff_compact_encode), so a game is never stored in a form that
   gives other bytes back. docs/store.md gives the same rules in SQL (the
   games_fgn view). */
#ifndef FF_COMPACT_H
#define FF_COMPACT_H

#include <stddef.h>
#include <stdint.h>

#include "db/store.h"
#include "lib/buf.h"

/* The placeholder letters of the header template. */
#define FF_PH_MARK '\001'
enum { FF_PH_SEED = 'S', FF_PH_EVENT = 'E', FF_PH_SITE = 'I', FF_PH_DATE = 'D',
       FF_PH_ROUND = 'N', FF_PH_RESULT = 'R' };

/* The columns a template's placeholders stand for (NULL: none). */
struct ff_compact_cols {
	const char *seed, *event, *site, *date, *round, *result;
};

/* A game in compact form. tmpl holds the template (NUL-terminated) when
   has_tmpl, and the header it rebuilds is g->fgn's first hdr_len bytes;
   plies[] the borrowed tokens (of g->rec) when has_moves. body (borrowed
   from g->fgn) is the rest: the text after the header (has_tmpl), or the
   whole FGN; with moves it is not stored (a backend that cannot code
   every ply stores it instead). */
struct ff_compact {
	struct ff_buf tmpl;
	int has_tmpl, has_moves;
	size_t hdr_len;
	const char *body;
	size_t body_len;
	struct ff_compact_ply {
		const char *p;
		size_t n;
	} *plies;
	size_t nplies, cap;
	struct ff_buf check;   /* scratch: the rebuilt text */
};

/* The columns of g that templates refer to. */
void ff_compact_cols_of(const struct ff_store_game *g, struct ff_compact_cols *c);

/* Encode g (its record and canonical FGN) into c, whose memory is reused
   from game to game; the rebuilt text is compared with g->fgn. Returns 0,
   or -1 with err (no memory). Free c with ff_compact_free. */
int ff_compact_encode(struct ff_compact *c, const struct ff_store_game *g, struct ff_error *err);
void ff_compact_free(struct ff_compact *c);

/* Rebuilding, in three steps: the header from its template and columns;
   then each ply token in order (col: the bytes since the last newline,
   0 before the first ply); then the end after the last ply. Each returns
   0, or -1 when memory runs out. */
int ff_compact_header(struct ff_buf *out, const char *tmpl, const struct ff_compact_cols *c);
int ff_compact_ply(struct ff_buf *out, size_t *col, const char *tok, size_t n);
int ff_compact_end(struct ff_buf *out, size_t col, const char *result);

/* A stored game in compact form, as read back: tmpl NULL (body is the
   whole FGN) or the template; moves NULL (body is the rest) or the codes. */
struct ff_compact_stored {
	const char *tmpl;
	const char *moves;
	size_t moves_len;
	const char *body;
	size_t body_len;
	struct ff_compact_cols cols;
};

/* Append to out the canonical FGN st stands for; ply(ctx, code, &p, &n)
   gives a code's token (0, or -1 with err). Returns 0, or -1 with err
   (no memory; a code that stands for no ply: a damaged store). */
int ff_compact_rebuild(struct ff_buf *out, const struct ff_compact_stored *st,
		       int (*ply)(void *ctx, uint32_t code, const char **p, size_t *n,
				  struct ff_error *err),
		       void *ctx, struct ff_error *err);

/* The code point that stands for ply code n (1 <= n <= FF_CODE_MAX), and
   back (0 for a code point that stands for none). */
#define FF_CODE_MAX (0x10FFFF - 0x800)
static inline uint32_t ff_compact_cp(uint32_t n)
{
	return n < 0xD800 ? n : n + 0x800;
}
static inline uint32_t ff_compact_code(uint32_t cp)
{
	return cp >= 0xE000 ? cp - 0x800 : cp >= 0xD800 ? 0 : cp;
}
/* Append code n in UTF-8. Returns 0 or -1 (no memory). */
int ff_compact_add_code(struct ff_buf *out, uint32_t n);
/* The next code of moves (UTF-8 as ff_compact_add_code writes it) at *i,
   advancing *i; 0 when the text ends or is not such UTF-8. */
uint32_t ff_compact_next_code(const char *moves, size_t len, size_t *i);

#endif
