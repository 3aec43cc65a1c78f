/* The tag names of many games in first-seen order: what a per-game CSV
   writer needs for its header (convert and export make a first pass for
   them). */
#ifndef FF_TAGSET_H
#define FF_TAGSET_H

#include <stddef.h>

#include "lib/record.h"

struct ff_tagset {
	char **names;    /* owned, each malloc'd */
	size_t n, cap;
};

/* Add every tag name of rec that is not in t yet. Returns 0 or -1 (no
   memory). */
int ff_tagset_add(struct ff_tagset *t, const struct ff_record *rec);
/* Free the names; t is empty afterwards. */
void ff_tagset_free(struct ff_tagset *t);

#endif
