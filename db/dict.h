/* A dictionary of byte strings and their ids, as a backend keeps in
   memory what it has looked up in the store's small tables (ply codes,
   header templates, rulesets, source files): both ways, text to id and
   id to text. Shared by the files of db/ only. */
#ifndef FF_DICT_H
#define FF_DICT_H

#include <stddef.h>
#include <stdint.h>

/* Invariants: every entry's text is owned and NUL-terminated; slot[] is
   an open-addressed table of entry numbers + 1 (0: empty), at most half
   full; byid[k] is 0 or entry number + 1 of the entry whose id is k. */
struct ff_dict {
	struct ff_dict_entry {
		char *s;
		size_t n;
		int64_t id;
	} *e;
	size_t ne, cap;
	uint32_t *slot;
	size_t nslot;
	uint32_t *byid;
	size_t nbyid;
};

#define FF_DICT_INIT { NULL, 0, 0, NULL, 0, NULL, 0 }

/* Add text s (n bytes) with id (ids from 1 up to 2^24 can be found back
   by id). Returns 0, or -1 when memory runs out. */
int ff_dict_put(struct ff_dict *d, const char *s, size_t n, int64_t id);
/* 1 and *id when s is in d, else 0. */
int ff_dict_find(const struct ff_dict *d, const char *s, size_t n, int64_t *id);
/* The text of id (borrowed, NUL-terminated; *n its length), or NULL. */
const char *ff_dict_text(const struct ff_dict *d, int64_t id, size_t *n);
/* How many entries d holds. */
static inline size_t ff_dict_count(const struct ff_dict *d)
{
	return d->ne;
}
/* Forget every entry (d stays usable); free releases the memory too. */
void ff_dict_clear(struct ff_dict *d);
void ff_dict_free(struct ff_dict *d);

#endif
