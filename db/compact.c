/* The compact form of a stored game: encoding (with the check that it
   rebuilds the canonical FGN) and rebuilding (db/compact.h). The rules of
   canonical FGN used here are formats/fgn_write.c's: tag values escape "
   and \ and write newlines as spaces; plies are separated by a space, or
   by a newline where the line would pass 79 bytes; the result token
   stands on its own line and the game ends in an empty line. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "db/compact.h"

#define WIDTH 79

void ff_compact_cols_of(const struct ff_store_game *g, struct ff_compact_cols *c)
{
	c->seed = ff_record_tag(g->rec, "Seed");
	c->event = ff_record_tag(g->rec, "Event");
	c->site = ff_record_tag(g->rec, "Site");
	c->date = g->date;   /* the normal form: a template keeps a Date written otherwise */
	c->round = ff_record_tag(g->rec, "Round");
	c->result = g->result;
}

/* The column tag name stands for, and its placeholder letter (0: none). */
static const char *column(const struct ff_compact_cols *c, const char *name, char *ph)
{
	static const struct {
		const char *tag;
		char ph;
	} map[] = { { "Seed", FF_PH_SEED }, { "Event", FF_PH_EVENT }, { "Site", FF_PH_SITE },
		    { "Date", FF_PH_DATE }, { "Round", FF_PH_ROUND }, { "Result", FF_PH_RESULT } };
	const char *v[] = { c->seed, c->event, c->site, c->date, c->round, c->result };
	size_t i;

	for (i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strcmp(name, map[i].tag) == 0) {
			*ph = map[i].ph;
			return v[i];
		}
	*ph = 0;
	return NULL;
}

static const char *column_of(const struct ff_compact_cols *c, char ph)
{
	switch (ph) {
	case FF_PH_SEED: return c->seed;
	case FF_PH_EVENT: return c->event;
	case FF_PH_SITE: return c->site;
	case FF_PH_DATE: return c->date;
	case FF_PH_ROUND: return c->round;
	case FF_PH_RESULT: return c->result;
	default: return NULL;
	}
}

/* Append tag value v as canonical FGN writes it. */
static int add_value(struct ff_buf *out, const char *v)
{
	int rc = 0;

	for (; *v && !rc; v++) {
		if (*v == '"' || *v == '\\')
			rc = ff_buf_addc(out, '\\');
		if (!rc)
			rc = ff_buf_addc(out, *v == '\n' || *v == '\r' ? ' ' : *v);
	}
	return rc;
}

int ff_compact_header(struct ff_buf *out, const char *tmpl, const struct ff_compact_cols *c)
{
	const char *p, *v;
	int rc = 0;

	while (!rc && (p = strchr(tmpl, FF_PH_MARK)) != NULL && p[1]) {
		rc = ff_buf_add(out, tmpl, (size_t)(p - tmpl));
		v = column_of(c, p[1]);
		if (!rc)
			rc = v ? add_value(out, v) : ff_buf_add(out, p, 2);
		tmpl = p + 2;
	}
	return rc || ff_buf_adds(out, tmpl) ? -1 : 0;
}

int ff_compact_ply(struct ff_buf *out, size_t *col, const char *tok, size_t n)
{
	if (*col > 0 && ff_buf_addc(out, *col + 1 + n > WIDTH ? '\n' : ' '))
		return -1;
	*col = *col == 0 || *col + 1 + n > WIDTH ? n : *col + 1 + n;
	return ff_buf_add(out, tok, n);
}

int ff_compact_end(struct ff_buf *out, size_t col, const char *result)
{
	if (col > 0 && ff_buf_addc(out, '\n'))
		return -1;
	return ff_buf_adds(out, result) || ff_buf_add(out, "\n\n", 2) ? -1 : 0;
}

/* The template of g's tags into c->tmpl; 0 when the tags cannot have one
   (a \001 in a name or value, which would read as a placeholder). */
static int make_template(struct ff_compact *c, const struct ff_record *rec,
			 const struct ff_compact_cols *cols, int *fail)
{
	const char *name, *value, *col;
	size_t i;
	char ph;

	ff_buf_reset(&c->tmpl);
	for (i = 0; i < rec->ntags; i++) {
		name = ff_record_str(rec, rec->tags[i].name);
		value = ff_record_str(rec, rec->tags[i].value);
		if (strchr(name, FF_PH_MARK) || strchr(value, FF_PH_MARK))
			return 0;
		col = column(cols, name, &ph);
		if (col && strchr(col, FF_PH_MARK))
			return 0;
		*fail |= ff_buf_addc(&c->tmpl, '[') || ff_buf_adds(&c->tmpl, name) ||
			 ff_buf_add(&c->tmpl, " \"", 2);
		if (col && strcmp(col, value) == 0)
			*fail |= ff_buf_addc(&c->tmpl, FF_PH_MARK) || ff_buf_addc(&c->tmpl, ph);
		else
			*fail |= add_value(&c->tmpl, value);
		*fail |= ff_buf_add(&c->tmpl, "\"]\n", 3);
	}
	*fail |= ff_buf_addc(&c->tmpl, '\n') || ff_buf_addc(&c->tmpl, '\0');
	c->tmpl.len--;
	return 1;
}

/* Whether g's movetext is plies alone, and if so its tokens in c. */
static int plies_alone(struct ff_compact *c, const struct ff_record *rec, int *fail)
{
	size_t i;

	if (rec->nnotes > 0)
		return 0;
	for (i = 0; i < rec->nplies; i++)
		if (rec->plies[i].suffix[0])
			return 0;
	if (rec->nplies > c->cap) {
		struct ff_compact_ply *p = realloc(c->plies, rec->nplies * sizeof *p);

		if (!p) {
			*fail = 1;
			return 0;
		}
		c->plies = p;
		c->cap = rec->nplies;
	}
	for (i = 0; i < rec->nplies; i++) {
		c->plies[i].p = ff_record_str(rec, rec->plies[i].tok);
		c->plies[i].n = rec->plies[i].len;
	}
	c->nplies = rec->nplies;
	return 1;
}

/* Rebuild c's header (and with moves, the plies and the end) into
   c->check: 0 when that is fgn's first bytes (with moves, all of fgn), 1
   when not, -1 when memory runs out. */
static int differs(struct ff_compact *c, const struct ff_compact_cols *cols, int moves,
		   const char *fgn, size_t len)
{
	size_t i, col = 0;

	ff_buf_reset(&c->check);
	if (ff_compact_header(&c->check, c->tmpl.p, cols))
		return -1;
	if (moves && !cols->result)
		return 1;
	for (i = 0; moves && i < c->nplies; i++)
		if (ff_compact_ply(&c->check, &col, c->plies[i].p, c->plies[i].n))
			return -1;
	if (moves && ff_compact_end(&c->check, col, cols->result))
		return -1;
	if (moves ? c->check.len != len : c->check.len > len)
		return 1;
	return c->check.len && memcmp(c->check.p, fgn, c->check.len) != 0;
}

int ff_compact_encode(struct ff_compact *c, const struct ff_store_game *g, struct ff_error *err)
{
	struct ff_compact_cols cols;
	int fail = 0, rc;

	ff_compact_cols_of(g, &cols);
	c->has_moves = 0;
	c->body = g->fgn;
	c->body_len = g->fgn_len;
	c->has_tmpl = make_template(c, g->rec, &cols, &fail);
	if (c->has_tmpl && !fail) {
		rc = differs(c, &cols, 0, g->fgn, g->fgn_len);
		c->has_tmpl = rc == 0;
		fail = rc < 0;
	}
	if (c->has_tmpl && !fail) {
		c->body = g->fgn + c->check.len;
		c->body_len = g->fgn_len - c->check.len;
		c->hdr_len = c->check.len;
		if (plies_alone(c, g->rec, &fail) && !fail) {
			rc = differs(c, &cols, 1, g->fgn, g->fgn_len);
			c->has_moves = rc == 0;
			fail = rc < 0;
		}
	}
	return fail ? ff_error_set(err, FF_ENOMEM, "out of memory") : 0;
}

void ff_compact_free(struct ff_compact *c)
{
	ff_buf_free(&c->tmpl);
	ff_buf_free(&c->check);
	free(c->plies);
	c->plies = NULL;
	c->nplies = c->cap = 0;
}

int ff_compact_add_code(struct ff_buf *out, uint32_t n)
{
	uint32_t cp = ff_compact_cp(n);
	unsigned char b[4];
	size_t k;

	if (cp < 0x80) {
		b[0] = (unsigned char)cp;
		k = 1;
	} else if (cp < 0x800) {
		b[0] = (unsigned char)(0xC0 | cp >> 6);
		b[1] = (unsigned char)(0x80 | (cp & 0x3F));
		k = 2;
	} else if (cp < 0x10000) {
		b[0] = (unsigned char)(0xE0 | cp >> 12);
		b[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
		b[2] = (unsigned char)(0x80 | (cp & 0x3F));
		k = 3;
	} else {
		b[0] = (unsigned char)(0xF0 | cp >> 18);
		b[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
		b[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
		b[3] = (unsigned char)(0x80 | (cp & 0x3F));
		k = 4;
	}
	return ff_buf_add(out, b, k);
}

uint32_t ff_compact_next_code(const char *moves, size_t len, size_t *i)
{
	const unsigned char *s = (const unsigned char *)moves + *i;
	size_t left = len - *i, k, j;
	uint32_t cp;

	if (*i >= len)
		return 0;
	k = s[0] < 0x80 ? 1 : s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC0 ? 2 : 0;
	if (k == 0 || k > left)
		return 0;
	cp = k == 1 ? s[0] : s[0] & (0x7F >> k);
	for (j = 1; j < k; j++) {
		if ((s[j] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[j] & 0x3F);
	}
	*i += k;
	return ff_compact_code(cp);
}

int ff_compact_rebuild(struct ff_buf *out, const struct ff_compact_stored *st,
		       int (*ply)(void *ctx, uint32_t code, const char **p, size_t *n,
				  struct ff_error *err),
		       void *ctx, struct ff_error *err)
{
	size_t i = 0, col = 0, n = 0;   /* ply() sets p, n; LTO warned */
	const char *p = NULL;
	uint32_t code;

	if (st->tmpl && ff_compact_header(out, st->tmpl, &st->cols))
		goto nomem;
	if (!st->moves || !st->tmpl)
		return ff_buf_add(out, st->body ? st->body : "", st->body ? st->body_len : 0) ?
		       ff_error_set(err, FF_ENOMEM, "out of memory") : 0;
	while (i < st->moves_len) {
		if (!(code = ff_compact_next_code(st->moves, st->moves_len, &i)))
			return ff_error_set(err, FF_EIO, "a stored game's moves are not ply codes "
					    "(the store is damaged)");
		if (ply(ctx, code, &p, &n, err))
			return -1;
		if (ff_compact_ply(out, &col, p, n))
			goto nomem;
	}
	if (ff_compact_end(out, col, st->cols.result ? st->cols.result : "*"))
		goto nomem;
	return 0;
nomem:
	return ff_error_set(err, FF_ENOMEM, "out of memory");
}
