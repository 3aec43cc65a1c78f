/* The game record: storage for one game's tags, plies and notes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/record.h"

#define GROW(arr, n, cap)                                                   \
	((n) < (cap) ? 0 : grow((void **)&(arr), &(cap), sizeof *(arr)))

static int grow(void **arr, size_t *cap, size_t size)
{
	size_t ncap = *cap ? *cap * 2 : 16;
	void *p = realloc(*arr, ncap * size);

	if (!p)
		return -1;
	*arr = p;
	*cap = ncap;
	return 0;
}

int ff_record_init(struct ff_record *rec)
{
	memset(rec, 0, sizeof *rec);
	return ff_buf_addc(&rec->text, '\0');
}

void ff_record_reset(struct ff_record *rec)
{
	rec->text.len = 1;
	rec->ntags = rec->nplies = rec->nnotes = 0;
	rec->result = 0;
	rec->result_line = rec->result_col = 0;
	rec->number = rec->line = rec->col = 0;
}

void ff_record_free(struct ff_record *rec)
{
	ff_buf_free(&rec->text);
	free(rec->tags);
	free(rec->plies);
	free(rec->notes);
	memset(rec, 0, sizeof *rec);
}

uint32_t ff_record_intern(struct ff_record *rec, const char *s, size_t n)
{
	size_t off = rec->text.len;

	if (off > UINT32_MAX - n - 1 ||
	    (off + n + 2 > rec->text.cap && ff_buf_reserve(&rec->text, n + 1)))
		return 0;
	ff_copy(rec->text.p + off, s, n);
	rec->text.p[off + n] = '\0';
	rec->text.len = off + n + 1;
	rec->text.p[rec->text.len] = '\0';
	return (uint32_t)off;
}

int ff_record_add_tag(struct ff_record *rec, const char *name, const char *value,
		      size_t value_len, long line, long col)
{
	struct ff_tag *t;
	uint32_t n, v;

	if (GROW(rec->tags, rec->ntags, rec->tags_cap))
		return -1;
	n = ff_record_intern(rec, name, strlen(name));
	v = ff_record_intern(rec, value, value_len);
	if (!n || !v)
		return -1;
	t = &rec->tags[rec->ntags++];
	t->name = n;
	t->value = v;
	t->line = line;
	t->col = col;
	return 0;
}

int ff_record_set_tag(struct ff_record *rec, const char *name, const char *value)
{
	size_t i;
	uint32_t v;

	for (i = 0; i < rec->ntags; i++) {
		if (strcmp(ff_record_str(rec, rec->tags[i].name), name) == 0) {
			v = ff_record_intern(rec, value, strlen(value));
			if (!v)
				return -1;
			rec->tags[i].value = v;
			return 0;
		}
	}
	return ff_record_add_tag(rec, name, value, strlen(value), 0, 0);
}

const char *ff_record_tag(const struct ff_record *rec, const char *name)
{
	size_t i;

	for (i = 0; i < rec->ntags; i++)
		if (strcmp(ff_record_str(rec, rec->tags[i].name), name) == 0)
			return ff_record_str(rec, rec->tags[i].value);
	return NULL;
}

int ff_record_room(struct ff_record *rec, size_t bytes)
{
	return GROW(rec->plies, rec->nplies, rec->plies_cap) ||
	       ff_buf_reserve(&rec->text, bytes) ? -1 : 0;
}

int ff_record_add_note(struct ff_record *rec, char kind, const char *text, size_t len)
{
	struct ff_note *n;
	uint32_t off;

	if (GROW(rec->notes, rec->nnotes, rec->notes_cap))
		return -1;
	off = ff_record_intern(rec, text, len);
	if (!off)
		return -1;
	n = &rec->notes[rec->nnotes++];
	n->after = (uint32_t)rec->nplies;
	n->text = off;
	n->len = (uint32_t)len;
	n->kind = kind;
	return 0;
}

int ff_record_set_result(struct ff_record *rec, const char *tok, long line, long col)
{
	uint32_t off = ff_record_intern(rec, tok, strlen(tok));

	if (!off)
		return -1;
	rec->result = off;
	rec->result_line = line;
	rec->result_col = col;
	return 0;
}

const char *ff_record_result(const struct ff_record *rec)
{
	return ff_record_str(rec, rec->result);
}

int ff_record_copy_notes(const struct ff_record *rec, size_t *j, size_t after,
			 struct ff_record *out)
{
	for (; *j < rec->nnotes && rec->notes[*j].after == after; (*j)++) {
		const struct ff_note *n = &rec->notes[*j];

		if (ff_record_add_note(out, n->kind, ff_record_str(rec, n->text), n->len))
			return -1;
	}
	return 0;
}
