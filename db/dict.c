/* The backends' in-memory dictionaries (db/dict.h): FNV-1a hashing into
   an open-addressed table, and an array by id. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "db/dict.h"

#define BYID_MAX (1u << 24)

static uint64_t hash(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ull;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

/* The slot where s is, or the empty one where it would go. */
static size_t slot_of(const struct ff_dict *d, const char *s, size_t n)
{
	size_t i = (size_t)hash(s, n) & (d->nslot - 1);
	const struct ff_dict_entry *e;

	while (d->slot[i]) {
		e = &d->e[d->slot[i] - 1];
		if (e->n == n && memcmp(e->s, s, n) == 0)
			break;
		i = (i + 1) & (d->nslot - 1);
	}
	return i;
}

static int grow_slots(struct ff_dict *d)
{
	size_t n = d->nslot ? d->nslot * 2 : 64, k;
	uint32_t *old = d->slot, *t = calloc(n, sizeof *t);

	if (!t)
		return -1;
	d->slot = t;
	d->nslot = n;
	for (k = 0; k < d->ne; k++)
		d->slot[slot_of(d, d->e[k].s, d->e[k].n)] = (uint32_t)k + 1;
	free(old);
	return 0;
}

static int set_byid(struct ff_dict *d, int64_t id, size_t k)
{
	size_t n;
	uint32_t *t;

	if (id < 1 || id >= BYID_MAX)
		return 0;
	if ((size_t)id >= d->nbyid) {
		for (n = d->nbyid ? d->nbyid : 256; n <= (size_t)id; n *= 2)
			;
		if (!(t = realloc(d->byid, n * sizeof *t)))
			return -1;
		memset(t + d->nbyid, 0, (n - d->nbyid) * sizeof *t);
		d->byid = t;
		d->nbyid = n;
	}
	d->byid[id] = (uint32_t)k + 1;
	return 0;
}

int ff_dict_put(struct ff_dict *d, const char *s, size_t n, int64_t id)
{
	struct ff_dict_entry *e;

	if ((d->ne + 1) * 2 > d->nslot && grow_slots(d))
		return -1;
	if (d->ne == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 64;

		if (!(e = realloc(d->e, cap * sizeof *e)))
			return -1;
		d->e = e;
		d->cap = cap;
	}
	e = &d->e[d->ne];
	if (!(e->s = malloc(n + 1)))
		return -1;
	memcpy(e->s, s, n);
	e->s[n] = '\0';
	e->n = n;
	e->id = id;
	if (set_byid(d, id, d->ne)) {
		free(e->s);
		return -1;
	}
	d->slot[slot_of(d, s, n)] = (uint32_t)++d->ne;
	return 0;
}

int ff_dict_find(const struct ff_dict *d, const char *s, size_t n, int64_t *id)
{
	size_t i;

	if (!d->nslot)
		return 0;
	i = slot_of(d, s, n);
	if (!d->slot[i])
		return 0;
	*id = d->e[d->slot[i] - 1].id;
	return 1;
}

const char *ff_dict_text(const struct ff_dict *d, int64_t id, size_t *n)
{
	const struct ff_dict_entry *e;

	if (id < 1 || (uint64_t)id >= d->nbyid || !d->byid[id])
		return NULL;
	e = &d->e[d->byid[id] - 1];
	*n = e->n;
	return e->s;
}

void ff_dict_clear(struct ff_dict *d)
{
	size_t k;

	for (k = 0; k < d->ne; k++)
		free(d->e[k].s);
	d->ne = 0;
	if (d->slot)
		memset(d->slot, 0, d->nslot * sizeof *d->slot);
	if (d->byid)
		memset(d->byid, 0, d->nbyid * sizeof *d->byid);
}

void ff_dict_free(struct ff_dict *d)
{
	ff_dict_clear(d);
	free(d->e);
	free(d->slot);
	free(d->byid);
	memset(d, 0, sizeof *d);
}
