/* The tag names of many games in first-seen order: what a per-game CSV
   writer needs for its header (convert and export make a first pass for
   them). */
#ifndef FF_TAGSET_H
#define FF_TAGSET_H

#include <stddef.h>

#include "cmd/input.h"
#include "lib/record.h"
#include "lib/strindex.h"

struct ff_tagset {
	char **names;    /* owned, each malloc'd */
	size_t n, cap;
	struct ff_strindex idx;  /* names by name; made at the first add */
	int indexed;
};

/* Add every tag name of rec that is not in t yet. Returns 0 or -1 (no
   memory). */
int ff_tagset_add(struct ff_tagset *t, const struct ff_record *rec);
/* Add every name of from that is not in t yet, in from's order. Returns
   0 or -1 (no memory). */
int ff_tagset_merge(struct ff_tagset *t, const struct ff_tagset *from);
/* The tag names of the games of files[0, n) (n == 0: standard input),
   read as io says, added to t in first-seen order; games that do not
   read are passed over (the real pass reports them). FGN files are read
   in chunks by `threads` workers. Returns 0 or -1 (no memory, or a
   thread that could not start). */
int ff_tagset_collect(struct ff_tagset *t, char **files, int n, const struct ff_input_opts *io,
		      int threads);
/* Free the names and the index; t is empty (all zero) afterwards. */
void ff_tagset_free(struct ff_tagset *t);

#endif
