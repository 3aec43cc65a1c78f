/* An index of strings kept elsewhere: maps a name to its position in the
   caller's array of names, in expected constant time whatever the names
   (a hash keyed per index, so that crafted names cannot all collide; see
   docs/formats.md, "Limits"). Readers and writers with many tag columns
   use it instead of linear searches. */
#ifndef FF_STRINDEX_H
#define FF_STRINDEX_H

#include <stddef.h>
#include <stdint.h>

struct ff_strindex {
	size_t *slot;     /* owned: position + 1 in the caller's names, 0 empty */
	size_t cap, n;    /* cap a power of two, or 0 */
	uint64_t key[2];  /* the hash key, drawn at init */
};

/* An empty index with a fresh key. */
void ff_strindex_init(struct ff_strindex *x);
/* Free the slots; x is empty afterwards (its key kept). */
void ff_strindex_free(struct ff_strindex *x);
/* The position i with strcmp(names[i], name) == 0 among those added, or
   -1. names is the array the positions were added from (it may have moved
   since, its strings the same). */
long ff_strindex_find(const struct ff_strindex *x, char *const *names, const char *name);
/* Add position i of names (names[i] not in the index yet). Returns 0 or
   -1 (no memory). */
int ff_strindex_add(struct ff_strindex *x, char *const *names, size_t i);

#endif
