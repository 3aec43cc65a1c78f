/* Tag names in first-seen order, with an index so that adding is
   constant time whatever the number of names. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/tagset.h"

static int add_name(struct ff_tagset *t, const char *name)
{
	if (!t->indexed) {
		ff_strindex_init(&t->idx);
		t->indexed = 1;
	}
	if (ff_strindex_find(&t->idx, t->names, name) >= 0)
		return 0;
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		char **v = realloc(t->names, cap * sizeof *v);

		if (!v)
			return -1;
		t->names = v;
		t->cap = cap;
	}
	if (!(t->names[t->n] = strdup(name)))
		return -1;
	if (ff_strindex_add(&t->idx, t->names, t->n)) {
		free(t->names[t->n]);
		return -1;
	}
	t->n++;
	return 0;
}

int ff_tagset_add(struct ff_tagset *t, const struct ff_record *rec)
{
	size_t i;

	for (i = 0; i < rec->ntags; i++)
		if (add_name(t, ff_record_str(rec, rec->tags[i].name)))
			return -1;
	return 0;
}

int ff_tagset_merge(struct ff_tagset *t, const struct ff_tagset *from)
{
	size_t i;

	for (i = 0; i < from->n; i++)
		if (add_name(t, from->names[i]))
			return -1;
	return 0;
}

void ff_tagset_free(struct ff_tagset *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->names[i]);
	free(t->names);
	ff_strindex_free(&t->idx);
	memset(t, 0, sizeof *t);
}
