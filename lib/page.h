/* The replay page of one game (fivefold replay): a self-contained HTML
   page with the game's tags, the ply list and the board after every ply,
   stepped through by the page's one script. The board is not written once
   per ply: the first position's picture (the engine's render_svg) is
   written whole and every later one as the lines that changed from the one
   before (a line diff of the two pictures), so that a page grows with what
   moves, not with plies x board. The script rebuilds the picture of the
   ply shown from these edits (docs/formats.md, "The replay page"). */
#ifndef FF_PAGE_H
#define FF_PAGE_H

#include "lib/buf.h"
#include "lib/error.h"
#include "lib/record.h"
#include "lib/replay.h"

/* A page being built. Owns its buffers. */
struct ff_page {
	struct ff_buf steps;    /* the positions, as edits, escaped for HTML text */
	struct ff_buf plies;    /* the <li> of each ply */
	struct ff_buf prev;     /* the picture of the last position added */
	struct ff_buf cur;      /* scratch: the picture being added, its caption */
	struct ff_buf caption;
	struct ff_buf graph;    /* NULL or the value graph (lib/analysis/graph.h), whose
				   points (data-ply) the page's script steps to */
	long *work;             /* the diff's */
	int npos;               /* positions added (0: the record could not start) */
};

/* An empty page; ff_page_free releases it. */
void ff_page_init(struct ff_page *pg);
void ff_page_free(struct ff_page *pg);

/* Replay rec with g, adding its start and the position after every ply;
   the ply that breaks the rules goes into the list, marked. Returns 0 (the
   whole record played), 1 (it cannot be started or breaks the rules: err
   says where, the positions before are kept), or -1 when memory ran out. */
int ff_page_walk(struct ff_page *pg, struct ff_game *g, const struct ff_record *rec,
		 struct ff_error *err);

/* Append the whole page to out: file names the input (title and heading),
   the value graph in pg->graph (when not empty) stands above the board, a
   click on one of its points shows the position after that ply;
   diag (NULL or empty for none) is the diagnostic shown on the page. Text
   from the record is escaped. Returns 0 or -1 (no memory). */
int ff_page_write(const struct ff_page *pg, const struct ff_record *rec, const char *file,
		  const char *diag, struct ff_buf *out);

/* The page's script, whole "<script>...</script>\n" (the only script a
   page has: for checks). Static; not to be freed. */
const char *ff_page_script(void);

/* Apply the edits of one position in steps text (unescaped, as the page's
   script reads it) at *at to the picture prev, into out; *at is moved past
   them. For checks of the encoding (the fuzz target). Returns 0, or -1 when
   the edits are malformed or memory ran out. */
int ff_page_apply(const char *steps, size_t len, size_t *at, const struct ff_buf *prev,
		  struct ff_buf *out);

#endif
