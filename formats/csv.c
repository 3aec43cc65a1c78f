/* CSV (RFC 4180; parsed with libcsv), in two shapes.

   "csv", a row per game. The header names a column per tag seen in the
   input (first-seen order), then "@order" (the game's tag names in its own
   order, space-separated: which tags it has and their order), "@movetext"
   (the FGN movetext: plies, suffixes, comments and NAGs, as the canonical
   FGN writer lays them out) and "@result". Column names starting with @
   cannot be tag names, so they never clash.

   "csvply", a row per ply: game, ply, seat, long, short, chance, comment,
   tags, result. Each game starts with a row for ply 0 whose comment holds
   the notes before the first ply, tags the FGN tag lines and result the
   result token; every ply's row has the ply in long and short form (from
   the engine; only `long` as written when the game cannot be replayed to
   that ply), the seat that played it, the chance outcome (the throw) and
   in comment the ply's suffix and notes in FGN syntax ("! $1 {text}").

   Both readers rebuild each game's FGN text from its row(s) and read it
   with the FGN reader, so CSV -> FGN is exact. Positions in diagnostics are
   the CSV record (row) number, counting the header as 1, and the column. */
#include "config.h"

#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/csvfmt.h"
#include "formats/fgn.h"
#include "lib/replay.h"

#define CHUNK 65536
enum { PLY_COLS = 9 };
static const char *const ply_header[PLY_COLS] = {
	"game", "ply", "seat", "long", "short", "chance", "comment", "tags", "result"
};

/* --- writing --- */

/* Append one field, quoted when it must be. */
static int field(struct ff_buf *out, const char *s, size_t n, int first)
{
	size_t i;
	int quote = n && (s[0] == ' ' || s[n - 1] == ' '), rc = 0;

	for (i = 0; i < n && !quote; i++)
		quote = s[i] == ',' || s[i] == '"' || s[i] == '\n' || s[i] == '\r';
	if (!first)
		rc |= ff_buf_addc(out, ',');
	if (!quote)
		return rc | ff_buf_add(out, s, n);
	rc |= ff_buf_addc(out, '"');
	for (i = 0; i < n; i++)
		rc |= s[i] == '"' ? ff_buf_add(out, "\"\"", 2) : ff_buf_addc(out, s[i]);
	return rc | ff_buf_addc(out, '"');
}

static int fields(struct ff_buf *out, const char *s, int first)
{
	return field(out, s, strlen(s), first);
}

/* The canonical FGN of rec split into its movetext (without the final
   newline). Uses tmp as scratch. */
static int movetext(const struct ff_record *rec, struct ff_buf *tmp, const char **p, size_t *n)
{
	const char *s, *end;
	size_t i;

	ff_buf_reset(tmp);
	if (ff_fgn_write(rec, tmp))
		return -1;
	s = tmp->p;
	end = tmp->p + tmp->len;
	for (i = 0; i < rec->ntags; i++)
		s = strchr(s, '\n') + 1;
	s++;                        /* the empty line */
	end -= 2;                   /* the final "\n\n" */
	while (end > s && end[-1] != '\n')
		end--;                  /* the result line */
	*p = s;
	*n = end > s ? (size_t)(end - s) - 1 : 0;
	return 0;
}

struct ff_csv_writer {
	char **tags;
	size_t ntags;
	int per_ply;
	int header_done;
	struct ff_buf tmp, tmp2;
	struct ff_game game;
	long games;
};

struct ff_csv_writer *ff_csv_writer_new(int per_ply, char **tags, size_t ntags)
{
	struct ff_csv_writer *w = calloc(1, sizeof *w);

	if (!w)
		return NULL;
	w->per_ply = per_ply;
	w->tags = tags;
	w->ntags = ntags;
	ff_game_init(&w->game);
	return w;
}

void ff_csv_writer_free(struct ff_csv_writer *w)
{
	if (!w)
		return;
	ff_buf_free(&w->tmp);
	ff_buf_free(&w->tmp2);
	ff_game_free(&w->game);
	free(w);
}

static int write_game_row(struct ff_csv_writer *w, const struct ff_record *rec, struct ff_buf *out)
{
	const char *mt;
	size_t i, j, n;
	int rc = 0;

	if (!w->header_done) {
		for (i = 0; i < w->ntags; i++)
			rc |= fields(out, w->tags[i], i == 0);
		rc |= fields(out, "@order", w->ntags == 0) | fields(out, "@movetext", 0) |
		      fields(out, "@result", 0) | ff_buf_add(out, "\r\n", 2);
		w->header_done = 1;
	}
	for (i = 0; i < w->ntags; i++) {
		const char *v = ff_record_tag(rec, w->tags[i]);

		rc |= fields(out, v ? v : "", i == 0);
	}
	ff_buf_reset(&w->tmp2);
	for (j = 0; j < rec->ntags; j++) {
		const char *name = ff_record_str(rec, rec->tags[j].name);

		/* a tag the header lacks cannot be written in this shape */
		for (i = 0; i < w->ntags && strcmp(w->tags[i], name); i++)
			;
		if (i == w->ntags)
			return -1;
		rc |= (j ? ff_buf_addc(&w->tmp2, ' ') : 0) | ff_buf_adds(&w->tmp2, name);
	}
	rc |= field(out, w->tmp2.p ? w->tmp2.p : "", w->tmp2.len, w->ntags == 0);
	if (movetext(rec, &w->tmp, &mt, &n))
		return -1;
	rc |= field(out, mt, n, 0);
	rc |= fields(out, rec->result ? ff_record_result(rec) : "*", 0);
	return rc | ff_buf_add(out, "\r\n", 2);
}

/* The notes after ply k (from index *j) as FGN text into b (appended). */
static int notes_text(const struct ff_record *rec, size_t *j, size_t k, struct ff_buf *b)
{
	int rc = 0;

	for (; *j < rec->nnotes && rec->notes[*j].after == k; (*j)++) {
		const struct ff_note *n = &rec->notes[*j];

		if (b->len)
			rc |= ff_buf_addc(b, ' ');
		if (n->kind == FF_NOTE_NAG)
			rc |= ff_buf_addc(b, '$') | ff_buf_add(b, ff_record_str(rec, n->text), n->len);
		else if (n->kind == FF_NOTE_LINE)
			rc |= ff_buf_addc(b, ';') | ff_buf_add(b, ff_record_str(rec, n->text), n->len) |
			      ff_buf_addc(b, '\n');
		else
			rc |= ff_buf_addc(b, '{') | ff_buf_add(b, ff_record_str(rec, n->text), n->len) |
			      ff_buf_addc(b, '}');
	}
	return rc;
}

static int write_ply_rows(struct ff_csv_writer *w, const struct ff_record *rec, struct ff_buf *out)
{
	struct ff_game *g = &w->game;
	struct ff_error err;
	struct ff_ply p;
	char num[32];
	size_t k, j = 0, i;
	int rc = 0, ok, c;

	if (!w->header_done) {
		for (c = 0; c < PLY_COLS; c++)
			rc |= fields(out, ply_header[c], c == 0);
		rc |= ff_buf_add(out, "\r\n", 2);
		w->header_done = 1;
	}
	w->games++;
	/* ply 0: tags, notes before the first ply, result */
	ff_buf_reset(&w->tmp);
	ff_buf_reset(&w->tmp2);
	for (i = 0; i < rec->ntags; i++) {
		const char *v = ff_record_str(rec, rec->tags[i].value);

		rc |= ff_buf_addf(&w->tmp2, "[%s \"", ff_record_str(rec, rec->tags[i].name));
		for (; *v; v++)
			rc |= (*v == '"' || *v == '\\' ? ff_buf_addc(&w->tmp2, '\\') : 0) |
			      ff_buf_addc(&w->tmp2, *v == '\n' || *v == '\r' ? ' ' : *v);
		rc |= ff_buf_adds(&w->tmp2, "\"]\n");
	}
	rc |= notes_text(rec, &j, 0, &w->tmp);
	snprintf(num, sizeof num, "%ld", w->games);
	rc |= fields(out, num, 1) | fields(out, "0", 0) | fields(out, "", 0) | fields(out, "", 0) |
	      fields(out, "", 0) | fields(out, "", 0) | field(out, w->tmp.p ? w->tmp.p : "", w->tmp.len, 0) |
	      field(out, w->tmp2.p ? w->tmp2.p : "", w->tmp2.len, 0) |
	      fields(out, rec->result ? ff_record_result(rec) : "*", 0) | ff_buf_add(out, "\r\n", 2);
	ok = ff_game_start(g, rec, &err) == 0;
	for (k = 0; k < rec->nplies; k++) {
		const struct ff_rec_ply *rp = &rec->plies[k];
		char seat[24] = "", chance[24] = "";

		rc |= fields(out, num, 1);
		snprintf(seat, sizeof seat, "%zu", k + 1);
		rc |= fields(out, seat, 0);
		seat[0] = '\0';
		ff_buf_reset(&w->tmp);
		ff_buf_reset(&w->tmp2);
		if (ok && g->rules->parse(g->state, ff_record_str(rec, rp->tok), rp->len, &p, &err) == 0) {
			snprintf(seat, sizeof seat, "%d", g->rules->to_move(g->state) + 1);
			if (p.chance != FF_NO_CHANCE)
				snprintf(chance, sizeof chance, "%d", p.chance);
			rc |= g->rules->format(g->state, &p, FF_FORM_LONG, &w->tmp) |
			      g->rules->format(g->state, &p, FF_FORM_SHORT, &w->tmp2);
			ok = ff_game_step(g, rec, k, &p, &err) == 0;
			if (ok)   /* what the ply drew, known once it is applied */
				rc |= ff_rules_format_post(g->rules, &p, &w->tmp) |
				      ff_rules_format_post(g->rules, &p, &w->tmp2);
		} else {
			ok = 0;
		}
		if (!ok) {   /* as written, nothing derived */
			seat[0] = chance[0] = '\0';
			ff_buf_reset(&w->tmp);
			ff_buf_reset(&w->tmp2);
			rc |= ff_buf_add(&w->tmp, ff_record_str(rec, rp->tok), rp->len);
		}
		rc |= fields(out, seat, 0) | field(out, w->tmp.p, w->tmp.len, 0) |
		      field(out, w->tmp2.p ? w->tmp2.p : "", w->tmp2.len, 0) | fields(out, chance, 0);
		ff_buf_reset(&w->tmp);
		rc |= ff_buf_adds(&w->tmp, rp->suffix);
		rc |= notes_text(rec, &j, k + 1, &w->tmp);
		rc |= field(out, w->tmp.p ? w->tmp.p : "", w->tmp.len, 0) | fields(out, "", 0) |
		      fields(out, "", 0) | ff_buf_add(out, "\r\n", 2);
	}
	return rc ? -1 : 0;
}

int ff_csv_writer_put(struct ff_csv_writer *w, const struct ff_record *rec, struct ff_buf *out)
{
	return w->per_ply ? write_ply_rows(w, rec, out) : write_game_row(w, rec, out);
}

/* --- reading --- */

/* A parsed row: fields stored back to back in text, NUL-separated. */
struct row {
	struct ff_buf text;
	size_t *off;
	size_t n, cap;
	long number;          /* record number, the header being 1 */
};

struct ff_csv_reader {
	FILE *fp;
	struct csv_parser csv;
	int per_ply;
	int eof, failed;
	struct row cur;                /* the row being filled by libcsv */
	struct row *queue;             /* complete rows, in order */
	size_t qhead, qlen, qcap;
	long rows;                     /* records completed so far */
	char **header;                 /* column names */
	size_t ncols;
	struct ff_buf fgn;             /* the game's FGN text being rebuilt */
	struct ff_buf raw;             /* the game's CSV rows, for ff_csv_raw */
	struct ff_fgn_reader *fr;
	long games;
	unsigned long long offset;
	struct row pending;            /* csvply: the first row of the next game */
	int have_pending;
};

static int no_space(unsigned char c)
{
	(void)c;
	return 0;
}

static void row_free(struct row *r)
{
	ff_buf_free(&r->text);
	free(r->off);
	memset(r, 0, sizeof *r);
}

static int row_add(struct row *r, const char *s, size_t n)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 16;
		size_t *o = realloc(r->off, cap * sizeof *o);

		if (!o)
			return -1;
		r->off = o;
		r->cap = cap;
	}
	r->off[r->n++] = r->text.len;
	return ff_buf_add(&r->text, s, n) || ff_buf_addc(&r->text, '\0');
}

static const char *row_field(const struct row *r, size_t i)
{
	return i < r->n ? r->text.p + r->off[i] : NULL;
}

static void on_field(void *s, size_t n, void *data)
{
	struct ff_csv_reader *rd = data;

	if (row_add(&rd->cur, s ? s : "", s ? n : 0))
		rd->failed = 1;
}

static void on_row(int c, void *data)
{
	struct ff_csv_reader *rd = data;
	struct row *q;

	(void)c;
	rd->rows++;
	if (rd->qlen == rd->qcap) {
		size_t cap = rd->qcap ? rd->qcap * 2 : 64, i;
		struct row *nq = calloc(cap, sizeof *nq);

		if (!nq) {
			rd->failed = 1;
			return;
		}
		for (i = 0; i < rd->qlen; i++)
			nq[i] = rd->queue[(rd->qhead + i) % rd->qcap];
		free(rd->queue);
		rd->queue = nq;
		rd->qhead = 0;
		rd->qcap = cap;
	}
	q = &rd->queue[(rd->qhead + rd->qlen++) % rd->qcap];
	*q = rd->cur;
	q->number = rd->rows;
	memset(&rd->cur, 0, sizeof rd->cur);
}

struct ff_csv_reader *ff_csv_reader_new(FILE *fp, int per_ply)
{
	struct ff_csv_reader *r = calloc(1, sizeof *r);

	if (!r)
		return NULL;
	if (csv_init(&r->csv, CSV_STRICT | CSV_STRICT_FINI) != 0) {
		free(r);
		return NULL;
	}
	csv_set_space_func(&r->csv, no_space);
	r->fp = fp;
	r->per_ply = per_ply;
	return r;
}

void ff_csv_reader_free(struct ff_csv_reader *r)
{
	size_t i;

	if (!r)
		return;
	csv_free(&r->csv);
	row_free(&r->cur);
	row_free(&r->pending);
	for (i = 0; i < r->qlen; i++)
		row_free(&r->queue[(r->qhead + i) % r->qcap]);
	free(r->queue);
	for (i = 0; i < r->ncols; i++)
		free(r->header[i]);
	free(r->header);
	ff_buf_free(&r->fgn);
	ff_buf_free(&r->raw);
	ff_fgn_reader_free(r->fr);
	free(r);
}

const char *ff_csv_raw(const struct ff_csv_reader *r, size_t *len)
{
	*len = r->raw.len;
	return r->raw.p ? r->raw.p : "";
}

unsigned long long ff_csv_offset(const struct ff_csv_reader *r)
{
	return r->offset;
}

static int csv_fail(struct ff_error *err, long row, long col, long game, const char *msg)
{
	if (err) {
		err->line = row;
		err->col = col;
		err->game = game;
		err->ply = 0;
		err->seat = 0;
	}
	return ff_error_set(err, FF_ESYNTAX, "%s", msg);
}

/* The next complete row into *out (ownership passes). 1, 0 at the end, -1
   with err. */
static int next_row(struct ff_csv_reader *r, struct row *out, struct ff_error *err)
{
	char buf[CHUNK];
	size_t n;

	while (r->qlen == 0) {
		if (r->eof)
			return 0;
		n = fread(buf, 1, sizeof buf, r->fp);
		r->offset += n;
		if (n == 0) {
			r->eof = 1;
			if (ferror(r->fp))
				return ff_error_set(err, FF_EIO, "cannot read");
			if (csv_fini(&r->csv, on_field, on_row, r) != 0)
				return csv_fail(err, r->rows + 1, r->cur.n + 1, r->games + 1,
						"malformed CSV at the end of the input: an unterminated quoted field");
		} else if (csv_parse(&r->csv, buf, n, on_field, on_row, r) != n) {
			r->eof = 1;
			return csv_fail(err, r->rows + 1, r->cur.n + 1, r->games + 1,
					csv_error(&r->csv) == CSV_EPARSE
					? "malformed CSV: a quote inside an unquoted field, or text after a closing quote"
					: "cannot parse the CSV");
		}
		if (r->failed)
			return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	*out = r->queue[r->qhead];
	memset(&r->queue[r->qhead], 0, sizeof r->queue[r->qhead]);
	r->qhead = (r->qhead + 1) % r->qcap;
	r->qlen--;
	return 1;
}

/* Append a row to the raw text (fields joined by commas, re-quoted). */
static void add_raw(struct ff_csv_reader *r, const struct row *row)
{
	size_t i;

	for (i = 0; i < row->n; i++)
		fields(&r->raw, row_field(row, i), i == 0);
	ff_buf_add(&r->raw, "\r\n", 2);
}

static int read_header(struct ff_csv_reader *r, struct ff_error *err)
{
	struct row h;
	size_t i;
	int rc = next_row(r, &h, err);

	if (rc <= 0)
		return rc;
	r->header = calloc(h.n ? h.n : 1, sizeof *r->header);
	if (!r->header) {
		row_free(&h);
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	for (i = 0; i < h.n; i++)
		r->header[i] = strdup(row_field(&h, i));
	r->ncols = h.n;
	row_free(&h);
	if (r->per_ply) {
		if (r->ncols != PLY_COLS)
			return csv_fail(err, 1, 1, 0, "a per-ply CSV header has the 9 columns game,ply,seat,"
				       "long,short,chance,comment,tags,result");
		for (i = 0; i < PLY_COLS; i++)
			if (strcmp(r->header[i], ply_header[i]))
				return csv_fail(err, 1, (long)i + 1, 0, "a per-ply CSV header has the 9 columns "
					       "game,ply,seat,long,short,chance,comment,tags,result");
	}
	return 1;
}

static long column(const struct ff_csv_reader *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->ncols; i++)
		if (strcmp(r->header[i], name) == 0)
			return (long)i;
	return -1;
}

/* Read r->fgn as one FGN game into rec. */
static int parse_fgn(struct ff_csv_reader *r, struct ff_record *rec, long row, struct ff_error *err)
{
	FILE *fp = fmemopen(r->fgn.p, r->fgn.len, "rb");
	struct ff_fgn_reader *fr;
	int rc;

	if (!fp)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	fr = ff_fgn_reader_new(fp);
	if (!fr) {
		fclose(fp);
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	rc = ff_fgn_read(fr, rec, err);
	ff_fgn_reader_free(fr);
	fclose(fp);
	if (rc == 0)
		rc = csv_fail(err, row, 1, r->games, "an empty game");
	if (rc < 0 && err) {
		/* positions inside the rebuilt text mean nothing to the user:
		   point at the game's row; the game is this CSV's game */
		err->game = r->games;
		if (err->code == FF_ESYNTAX) {
			err->line = row;
			err->col = 1;
		}
	}
	rec->number = r->games;
	rec->line = row;
	rec->col = 1;
	return rc;
}

static int read_game_row(struct ff_csv_reader *r, struct ff_record *rec, struct ff_error *err)
{
	struct row row;
	long order = column(r, "@order"), mt = column(r, "@movetext"), res = column(r, "@result");
	const char *p;
	int rc;

	if (order < 0 || mt < 0 || res < 0)
		return csv_fail(err, 1, 1, 0, "a per-game CSV header needs the columns @order, "
			       "@movetext and @result");
	rc = next_row(r, &row, err);
	if (rc <= 0)
		return rc;
	r->games++;
	ff_buf_reset(&r->raw);
	add_raw(r, &row);
	if (row.n != r->ncols) {
		rc = csv_fail(err, row.number, (long)row.n, r->games,
			      "the row's number of fields differs from the header's");
		row_free(&row);
		return rc;
	}
	ff_buf_reset(&r->fgn);
	for (p = row_field(&row, (size_t)order); *p;) {
		size_t n, i;
		const char *v;
		char name[64];
		long c;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		n = strcspn(p, " ");
		if (n >= sizeof name) {
			rc = csv_fail(err, row.number, order + 1, r->games, "a bad tag name in @order");
			goto out;
		}
		memcpy(name, p, n);
		name[n] = '\0';
		p += n;
		c = column(r, name);
		if (c < 0 || name[0] == '@') {
			rc = csv_fail(err, row.number, order + 1, r->games,
				      "@order names a tag that has no column");
			goto out;
		}
		ff_buf_addf(&r->fgn, "[%s \"", name);
		for (v = row_field(&row, (size_t)c), i = 0; v[i]; i++) {
			if (v[i] == '"' || v[i] == '\\')
				ff_buf_addc(&r->fgn, '\\');
			ff_buf_addc(&r->fgn, v[i] == '\n' || v[i] == '\r' ? ' ' : v[i]);
		}
		ff_buf_adds(&r->fgn, "\"]\n");
	}
	ff_buf_addf(&r->fgn, "\n%s\n%s\n", row_field(&row, (size_t)mt), row_field(&row, (size_t)res));
	rc = parse_fgn(r, rec, row.number, err);
out:
	row_free(&row);
	return rc;
}

static int read_ply_rows(struct ff_csv_reader *r, struct ff_record *rec, struct ff_error *err)
{
	struct row row;
	const char *game;
	long first_row;
	int rc;

	if (r->have_pending) {
		row = r->pending;
		memset(&r->pending, 0, sizeof r->pending);
		r->have_pending = 0;
	} else {
		rc = next_row(r, &row, err);
		if (rc <= 0)
			return rc;
	}
	r->games++;
	ff_buf_reset(&r->raw);
	ff_buf_reset(&r->fgn);
	first_row = row.number;
	if (row.n != PLY_COLS || strcmp(row_field(&row, 1), "0") != 0) {
		rc = csv_fail(err, row.number, row.n != PLY_COLS ? (long)row.n : 2, r->games,
			      row.n != PLY_COLS ? "a per-ply row has 9 fields"
					       : "a game starts with its ply 0 row (tags and result)");
		row_free(&row);
		/* skip the rest of this game's rows */
		while ((rc = next_row(r, &row, NULL)) > 0 && !(row.n == PLY_COLS && !strcmp(row_field(&row, 1), "0")))
			row_free(&row);
		if (rc > 0) {
			r->pending = row;
			r->have_pending = 1;
		}
		return -1;
	}
	game = strdup(row_field(&row, 0));
	add_raw(r, &row);
	ff_buf_adds(&r->fgn, row_field(&row, 7));
	ff_buf_addf(&r->fgn, "\n%s", row_field(&row, 6));
	{
		char *result = strdup(row_field(&row, 8));

		row_free(&row);
		for (;;) {
			const char *tok, *comment;

			rc = next_row(r, &row, err);
			if (rc < 0) {
				free(result);
				free((void *)game);
				return -1;
			}
			if (rc == 0)
				break;
			if (row.n == PLY_COLS && strcmp(row_field(&row, 0), game) != 0) {
				r->pending = row;   /* the next game's first row */
				r->have_pending = 1;
				break;
			}
			add_raw(r, &row);
			if (row.n != PLY_COLS) {
				rc = csv_fail(err, row.number, (long)row.n, r->games, "a per-ply row has 9 fields");
				row_free(&row);
				free(result);
				free((void *)game);
				return rc;
			}
			tok = row_field(&row, 3)[0] ? row_field(&row, 3) : row_field(&row, 4);
			comment = row_field(&row, 6);
			ff_buf_addf(&r->fgn, "\n%s%s%s", tok,
				    comment[0] && comment[0] != '!' && comment[0] != '?' ? " " : "", comment);
			row_free(&row);
		}
		ff_buf_addf(&r->fgn, "\n%s\n", result[0] ? result : "*");
		free(result);
	}
	free((void *)game);
	return parse_fgn(r, rec, first_row, err);
}

int ff_csv_read(struct ff_csv_reader *r, struct ff_record *rec, struct ff_error *err)
{
	int rc;

	ff_record_reset(rec);
	if (!r->header) {
		rc = read_header(r, err);
		if (rc <= 0)
			return rc;
	}
	return r->per_ply ? read_ply_rows(r, rec, err) : read_game_row(r, rec, err);
}
