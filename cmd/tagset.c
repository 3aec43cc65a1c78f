/* Tag names in first-seen order. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/tagset.h"

static int add_name(struct ff_tagset *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (strcmp(t->names[i], name) == 0)
			return 0;
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		char **v = realloc(t->names, cap * sizeof *v);

		if (!v)
			return -1;
		t->names = v;
		t->cap = cap;
	}
	return (t->names[t->n++] = strdup(name)) ? 0 : -1;
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
	memset(t, 0, sizeof *t);
}
