/* CSV (RFC 4180; parsed with libcsv), in two shapes.

   "csv", a row per game. The header names a column per tag seen in the
   input (first-seen order), then "@order" (the game's tag names in its own
   order, space-separated: which tags it has and their order), "@movetext"
   (the FGN movetext: plies, suffixes, comments and NAGs, on one line),
   "@result", and the derived columns: "@ruleset", "@seats", "@plies",
   "@winner", "@termination", "@origin" and "@date" (struct ff_derived:
   what the store keeps beside the game, or what its replay says; empty
   where not known). Column names starting with @ cannot be tag names, so
   they never clash.

   Reading it back, only a movetext column ("@movetext", or "movetext")
   is required: without "@order" a game's tags are its non-empty cells in
   column order; with it, the tags @order names, in its order, then any
   other non-empty cell of a tag column (one added in a spreadsheet), in
   column order. Without "@result" the result is the movetext's own final
   token, else the Result tag's value, else "*". The derived columns are
   not read (they follow from the tags and plies); any other @ column is
   an error.

   "csvply", a row per ply: game, ply, seat, long, short, chance, comment,
   tags, result, ruleset. Each game starts with a row for ply 0 whose
   comment holds the notes before the first ply, tags the FGN tag lines and
   result the result token; every ply's row has the ply in long and short
   form (from the engine; only `long` as written when the game cannot be
   replayed to that ply), the seat that played it, the chance outcome (the
   throw) and in comment the ply's suffix and notes in FGN syntax ("! $1
   {text}"). Every row has the game's ruleset id (empty when its tags name
   no ruleset the engine can start). The reader takes the first nine
   columns alone too (files written before ruleset was added) and does not
   read ruleset.

   Both readers rebuild each game's FGN text from its row(s) and read it
   with the FGN reader, so CSV -> FGN is exact. Positions in diagnostics
   and in the records read are the CSV record (row) number, counting the
   header as 1, and the field (column) number: the reader notes where each
   line of the rebuilt text came from and maps positions back.

   The spreadsheet guard (docs/formats.md): a cell that starts with = + -
   @, a tab or a carriage return is written with a ' before it, and so is
   one that starts with ' followed by one of those or another '; the
   reader takes that ' off again, so round trips are exact. `raw` turns
   both off. The header row holds only fivefold's column names and tag
   names (letters, digits, _), nothing from a user's cells, and is written
   as it is. Cells are checked against the byte policy (UTF-8, no NUL), a
   tag value may not hold a line break, and a row may not pass
   FF_MAX_GAME_BYTES. */
#include "config.h"

#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/csvfmt.h"
#include "formats/fgn.h"
#include "formats/format.h"
#include "lib/replay.h"
#include "lib/strindex.h"
#include "lib/text.h"

#define CHUNK 65536
/* A per-ply row: the columns written; a file of the first OLD_PLY_COLS
   alone is read too. */
enum { PLY_COLS = 10, OLD_PLY_COLS = 9 };
static const char *const ply_header[PLY_COLS] = {
	"game", "ply", "seat", "long", "short", "chance", "comment", "tags", "result", "ruleset"
};
/* The derived columns of a per-game row (struct ff_derived), in order. */
enum { DERIVED_COLS = 7 };
static const char *const derived_header[DERIVED_COLS] = {
	"@ruleset", "@seats", "@plies", "@winner", "@termination", "@origin", "@date"
};

/* --- writing --- */

/* Does a cell starting with c start a formula in a spreadsheet? */
static int formula_char(char c)
{
	return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

/* Does the guard put a ' before the cell s[0, n)? */
static int guarded(const char *s, size_t n)
{
	return n && (formula_char(s[0]) || (s[0] == '\'' && n > 1 && (formula_char(s[1]) || s[1] == '\'')));
}

/* Append one field, quoted when it must be, with the spreadsheet guard
   unless raw. */
static int field_as(struct ff_buf *out, const char *s, size_t n, int first, int raw)
{
	size_t i, j;
	int quote = n && (s[0] == ' ' || s[n - 1] == ' '), rc = 0, guard = !raw && guarded(s, n);
	const char *dq;

	/* memchr's wide scans: a movetext cell is one long line */
	quote = quote || memchr(s, ',', n) || memchr(s, '"', n) || memchr(s, '\n', n) ||
		memchr(s, '\r', n);
	if (!first)
		rc |= ff_buf_addc(out, ',');
	if (!quote)
		return rc | (guard ? ff_buf_addc(out, '\'') : 0) | ff_buf_add(out, s, n);
	rc |= ff_buf_addc(out, '"') | (guard ? ff_buf_addc(out, '\'') : 0);
	for (i = 0; i < n; i = j + 1) {   /* the runs between quotes whole, each " doubled */
		dq = memchr(s + i, '"', n - i);
		j = dq ? (size_t)(dq - s) : n;
		rc |= ff_buf_add(out, s + i, j - i) | (dq ? ff_buf_add(out, "\"\"", 2) : 0);
	}
	return rc | ff_buf_addc(out, '"');
}

static int fields_as(struct ff_buf *out, const char *s, int first, int raw)
{
	return field_as(out, s, strlen(s), first, raw);
}

struct ff_csv_writer {
	char **tags;
	size_t ntags;
	struct ff_strindex idx;   /* the columns by name */
	size_t *at;               /* at[c]: 1 + the index of the row's tag in column c, or 0;
				     made with idx at the first row (convert makes a writer
				     per worker, not all of them used) */
	int per_ply;
	int raw;              /* no spreadsheet guard */
	int header_done;
	struct ff_buf tmp, tmp2, id;
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
	ff_strindex_init(&w->idx);
	return w;
}

void ff_csv_writer_free(void *writer)
{
	struct ff_csv_writer *w = writer;

	if (!w)
		return;
	ff_buf_free(&w->tmp);
	ff_buf_free(&w->tmp2);
	ff_buf_free(&w->id);
	ff_game_free(&w->game);
	ff_strindex_free(&w->idx);
	free(w->at);
	free(w);
}

/* Can rec be written as a row: every tag among the columns, none twice
   (a column holds one value)? Notes in w->at which tag goes in which
   column. Linear in the columns and tags (the index finds each).
   Returns 1, 0, or -1 (no memory). */
static int row_fits(struct ff_csv_writer *w, const struct ff_record *rec)
{
	size_t j;
	long c;

	if (!w->at) {
		if (!(w->at = calloc(w->ntags ? w->ntags : 1, sizeof *w->at)))
			return -1;
		for (j = 0; j < w->ntags; j++)
			if (ff_strindex_find(&w->idx, w->tags, w->tags[j]) < 0 &&
			    ff_strindex_add(&w->idx, w->tags, j)) {
				free(w->at);
				w->at = NULL;
				ff_strindex_free(&w->idx);
				return -1;
			}
	}
	memset(w->at, 0, w->ntags * sizeof *w->at);
	for (j = 0; j < rec->ntags; j++) {
		c = ff_strindex_find(&w->idx, w->tags, ff_record_str(rec, rec->tags[j].name));
		if (c < 0 || w->at[c])
			return 0;
		w->at[c] = j + 1;
	}
	return 1;
}

/* The header of the per-game shape, unless written (formats/format.h). */
static int game_header(void *writer, struct ff_buf *out)
{
	struct ff_csv_writer *w = writer;
	size_t i;
	int rc = 0;

	if (w->header_done)
		return 0;
	for (i = 0; i < w->ntags; i++)
		rc |= fields_as(out, w->tags[i], i == 0, 1);
	rc |= fields_as(out, "@order", w->ntags == 0, 1) | fields_as(out, "@movetext", 0, 1) |
	      fields_as(out, "@result", 0, 1);
	for (i = 0; i < DERIVED_COLS; i++)
		rc |= fields_as(out, derived_header[i], 0, 1);
	rc |= ff_buf_add(out, "\r\n", 2);
	w->header_done = 1;
	return rc;
}

/* The ruleset id of the game rec's tags start, into w->id ("" when they
   start none). Leaves w->game started (ok) or not. Returns 1 when
   started, 0 when not, -1 (no memory). */
static int ruleset_id(struct ff_csv_writer *w, const struct ff_record *rec)
{
	struct ff_error err;

	ff_buf_reset(&w->id);
	if (ff_game_start(&w->game, rec, &err) != 0)
		return 0;
	return ff_config_id(&w->game.cfg, &w->id) ? -1 : 1;
}

/* A number's cell, empty when v < 0. */
static int num_field(struct ff_buf *out, long v, int raw)
{
	char num[24] = "";

	if (v >= 0)
		snprintf(num, sizeof num, "%ld", v);
	return fields_as(out, num, 0, raw);
}

/* The derived cells of rec's row: d's facts; without d, the ruleset id
   and seats of the game the tags start, nothing else. */
static int derived_cells(struct ff_csv_writer *w, const struct ff_record *rec,
			 const struct ff_derived *d, struct ff_buf *out)
{
	static const struct ff_derived none = FF_DERIVED_NONE;
	struct ff_derived own = none;
	int rc = 0, started;

	if (!d) {
		if ((started = ruleset_id(w, rec)) < 0)
			return -1;
		own.ruleset = w->id.p ? w->id.p : "";
		own.seats = started ? w->game.cfg.seats : -1;
		d = &own;
	}
	rc |= fields_as(out, d->ruleset ? d->ruleset : "", 0, w->raw) | num_field(out, d->seats, w->raw) |
	      num_field(out, d->plies, w->raw) | num_field(out, d->winner, w->raw);
	rc |= fields_as(out, d->termination ? d->termination : "", 0, w->raw) |
	      fields_as(out, d->origin ? d->origin : "", 0, w->raw) |
	      fields_as(out, d->date ? d->date : "", 0, w->raw);
	return rc;
}

static int write_game_row(struct ff_csv_writer *w, const struct ff_record *rec,
			  const struct ff_derived *d, struct ff_buf *out)
{
	size_t i, j;
	int rc = 0;

	if (row_fits(w, rec) <= 0)
		return -1;
	rc |= game_header(w, out);
	for (i = 0; i < w->ntags; i++) {
		const char *v = w->at[i] ? ff_record_str(rec, rec->tags[w->at[i] - 1].value) : "";

		rc |= fields_as(out, v, i == 0, w->raw);
	}
	ff_buf_reset(&w->tmp2);
	for (j = 0; j < rec->ntags; j++)
		rc |= (j ? ff_buf_addc(&w->tmp2, ' ') : 0) |
		      ff_buf_adds(&w->tmp2, ff_record_str(rec, rec->tags[j].name));
	rc |= field_as(out, w->tmp2.p ? w->tmp2.p : "", w->tmp2.len, w->ntags == 0, w->raw);
	ff_buf_reset(&w->tmp);
	if (ff_fgn_write_movetext(rec, &w->tmp))
		return -1;
	rc |= field_as(out, w->tmp.p ? w->tmp.p : "", w->tmp.len, 0, w->raw);
	rc |= fields_as(out, rec->result ? ff_record_result(rec) : "*", 0, w->raw);
	if (derived_cells(w, rec, d, out))
		return -1;
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
			rc |= fields_as(out, ply_header[c], c == 0, 1);
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
	if ((ok = ruleset_id(w, rec)) < 0)   /* starts the game */
		return -1;
	snprintf(num, sizeof num, "%ld", w->games);
	rc |= fields_as(out, num, 1, w->raw) | fields_as(out, "0", 0, w->raw) | fields_as(out, "", 0, w->raw) | fields_as(out, "", 0, w->raw) |
	      fields_as(out, "", 0, w->raw) | fields_as(out, "", 0, w->raw) | field_as(out, w->tmp.p ? w->tmp.p : "", w->tmp.len, 0, w->raw) |
	      field_as(out, w->tmp2.p ? w->tmp2.p : "", w->tmp2.len, 0, w->raw) |
	      fields_as(out, rec->result ? ff_record_result(rec) : "*", 0, w->raw) |
	      fields_as(out, w->id.p ? w->id.p : "", 0, w->raw) | ff_buf_add(out, "\r\n", 2);
	for (k = 0; k < rec->nplies; k++) {
		const struct ff_rec_ply *rp = &rec->plies[k];
		char seat[24] = "", chance[24] = "";

		rc |= fields_as(out, num, 1, w->raw);
		snprintf(seat, sizeof seat, "%zu", k + 1);
		rc |= fields_as(out, seat, 0, w->raw);
		seat[0] = '\0';
		ff_buf_reset(&w->tmp);
		ff_buf_reset(&w->tmp2);
		if (ok && ff_rules_parse(g->rules, g->state, ff_record_str(rec, rp->tok), rp->len, &p, &err) == 0) {
			snprintf(seat, sizeof seat, "%d", ff_rules_to_move(g->rules, g->state) + 1);
			if (p.chance != FF_NO_CHANCE)
				snprintf(chance, sizeof chance, "%d", p.chance);
			rc |= ff_rules_format(g->rules, g->state, &p, FF_FORM_LONG, &w->tmp) |
			      ff_rules_format(g->rules, g->state, &p, FF_FORM_SHORT, &w->tmp2);
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
		} else if (w->tmp.len != rp->len || memcmp(w->tmp.p, ff_record_str(rec, rp->tok), rp->len)) {
			/* `long` keeps the token as written (convert rewrites a valid
			   game's plies in long form before they get here) */
			ff_buf_reset(&w->tmp);
			rc |= ff_buf_add(&w->tmp, ff_record_str(rec, rp->tok), rp->len);
		}
		rc |= fields_as(out, seat, 0, w->raw) | field_as(out, w->tmp.p, w->tmp.len, 0, w->raw) |
		      field_as(out, w->tmp2.p ? w->tmp2.p : "", w->tmp2.len, 0, w->raw) | fields_as(out, chance, 0, w->raw);
		ff_buf_reset(&w->tmp);
		rc |= ff_buf_adds(&w->tmp, rp->suffix);
		rc |= notes_text(rec, &j, k + 1, &w->tmp);
		rc |= field_as(out, w->tmp.p ? w->tmp.p : "", w->tmp.len, 0, w->raw) | fields_as(out, "", 0, w->raw) |
		      fields_as(out, "", 0, w->raw) | fields_as(out, w->id.p ? w->id.p : "", 0, w->raw) | ff_buf_add(out, "\r\n", 2);
	}
	return rc ? -1 : 0;
}

int ff_csv_writer_put(void *writer, const struct ff_record *rec, const struct ff_derived *d,
		      struct ff_buf *out)
{
	struct ff_csv_writer *w = writer;

	return w->per_ply ? write_ply_rows(w, rec, out) : write_game_row(w, rec, d, out);
}

/* --- reading --- */

/* A parsed row: fields stored back to back in text, NUL-separated. The
   first field that breaks the byte policy is noted (fault, 1-based
   bad_field; the byte's offset in the field in bad_at). */
struct row {
	struct ff_buf text;
	size_t *off;
	size_t n, cap;
	long number;          /* record number, the header being 1 */
	enum ff_text_fault fault;
	size_t bad_field, bad_at;
};

/* Where a line of the rebuilt FGN text came from: the CSV record and
   field; from character column split on (when not 0), field2. */
struct origin {
	long row, field, split, field2;
};

/* What a per-game CSV's column holds. */
enum col_kind {
	COL_TAG,       /* a tag: the column's name */
	COL_OWN,       /* @order, @movetext (or movetext), @result */
	COL_DERIVED,   /* a derived column: not read */
	COL_NONAME     /* no name: its cells must be empty */
};

struct ff_csv_reader {
	FILE *fp;
	struct csv_parser csv;
	int per_ply;
	int raw_cells;                 /* no spreadsheet guard to undo */
	int eof, failed, bom;
	int stopped;                   /* a bad header: nothing more is read */
	struct row cur;                /* the row being filled by libcsv */
	struct row *queue;             /* complete rows, in order */
	size_t qhead, qlen, qcap;
	long rows;                     /* records completed so far */
	char **header;                 /* column names */
	size_t ncols;
	struct ff_strindex idx;        /* csv: the first column of each name */
	size_t ply_cols;               /* csvply: the columns of the file (9 or 10) */
	unsigned char *kind;           /* csv: enum col_kind of each column */
	unsigned char *used;           /* csv: the columns @order named, in a row */
	long order, mt, res;           /* csv: those columns, -1 when absent */
	struct ff_buf fgn;             /* the game's FGN text being rebuilt */
	struct origin *orig;           /* orig[k]: where line k + 1 of fgn came from */
	size_t norig, corig;
	size_t fgn_line;               /* the line being written (0-based) ... */
	long fgn_col;                  /* ... and the character column at its end */
	struct ff_buf raw;             /* the game's CSV rows, for csv_raw */
	struct ff_buf name;            /* a tag name from @order */
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
	struct row *row = &rd->cur;
	const char *p = s ? s : "";
	enum ff_text_fault f;
	size_t at;

	if (!s)
		n = 0;
	if (!rd->raw_cells && n > 1 && p[0] == '\'' && guarded(p + 1, n - 1)) {
		p++;   /* the spreadsheet guard */
		n--;
	}
	if (!row->fault && (f = ff_text_check(p, n, &at)) != FF_TEXT_OK) {
		row->fault = f;
		row->bad_field = row->n + 1;
		row->bad_at = at;
	}
	if (row_add(row, p, n))
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
	ff_strindex_init(&r->idx);
	r->fp = fp;
	r->per_ply = per_ply;
	r->bom = 1;
	return r;
}

void ff_csv_reader_free(void *reader)
{
	struct ff_csv_reader *r = reader;
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
	ff_strindex_free(&r->idx);
	free(r->kind);
	free(r->used);
	ff_buf_free(&r->fgn);
	free(r->orig);
	ff_buf_free(&r->raw);
	ff_buf_free(&r->name);
	free(r);
}

/* The rows of the game last read, re-quoted (borrowed). */
static const char *csv_raw(const void *reader, size_t *len)
{
	const struct ff_csv_reader *r = reader;

	*len = r->raw.len;
	return r->raw.p ? r->raw.p : "";
}

static unsigned long long csv_offset(const void *reader)
{
	return ((const struct ff_csv_reader *)reader)->offset;
}

static int csv_fail_code(struct ff_error *err, enum ff_code code, long row, long col, long game,
			 const char *msg)
{
	if (err) {
		err->line = row;
		err->col = col;
		err->game = game;
		err->ply = 0;
		err->seat = 0;
	}
	return ff_error_set(err, code, "%s", msg);
}

static int csv_fail(struct ff_error *err, long row, long col, long game, const char *msg)
{
	return csv_fail_code(err, FF_ESYNTAX, row, col, game, msg);
}

/* The byte-policy fault of a row, as an error (game: the game's number). */
static int row_fault(const struct row *row, long game, struct ff_error *err)
{
	char msg[96];

	snprintf(msg, sizeof msg, "%s in field %zu (byte %zu of the field)",
		 ff_text_fault_name(row->fault), row->bad_field, row->bad_at + 1);
	return csv_fail_code(err, FF_EBAD_BYTE, row->number, (long)row->bad_field, game, msg);
}

/* Feed a chunk to libcsv. Returns 0, or -1 with err. */
static int parse_chunk(struct ff_csv_reader *r, const char *buf, size_t n, struct ff_error *err)
{
	if (r->bom) {   /* a BOM before the first record is skipped */
		char msg[240];
		int kind;

		if (n >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3)) {
			buf += 3;
			n -= 3;
		}
		r->bom = 0;
		if ((kind = ff_text_utf16((const unsigned char *)buf, n)) != 0) {
			r->eof = 1;   /* one error, and nothing more is read */
			return csv_fail_code(err, FF_EBAD_BYTE, 1, 1, 1,
					     ff_text_utf16_message(kind, (const unsigned char *)buf,
								   msg, sizeof msg));
		}
	}
	if (csv_parse(&r->csv, buf, n, on_field, on_row, r) != n) {
		r->eof = 1;
		return csv_fail(err, r->rows + 1, (long)r->cur.n + 1, r->games + 1,
				csv_error(&r->csv) == CSV_EPARSE
				? "malformed CSV: a quote inside an unquoted field, or text after a closing quote"
				: "cannot parse the CSV");
	}
	if (r->cur.text.len + r->csv.entry_pos > FF_MAX_GAME_BYTES) {
		r->eof = 1;
		return csv_fail_code(err, FF_ETOO_LONG, r->rows + 1, (long)r->cur.n + 1, r->games + 1,
				     "a record longer than 256 MiB (the most a game may take): "
				     "the rest of the input is not read");
	}
	return 0;
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
				return csv_fail(err, r->rows + 1, (long)r->cur.n + 1, r->games + 1,
						"malformed CSV at the end of the input: an unterminated quoted field");
		} else if (parse_chunk(r, buf, n, err)) {
			return -1;
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
		fields_as(&r->raw, row_field(row, i), i == 0, r->raw_cells);
	ff_buf_add(&r->raw, "\r\n", 2);
}

/* The first column called name, or -1 (the index, made by game_columns). */
static long column(const struct ff_csv_reader *r, const char *name)
{
	return ff_strindex_find(&r->idx, r->header, name);
}

/* The input cannot be read on (a bad header): drop what is queued and
   report the end from now on. Returns -1. */
static int stop(struct ff_csv_reader *r)
{
	while (r->qlen) {
		row_free(&r->queue[r->qhead]);
		r->qhead = (r->qhead + 1) % r->qcap;
		r->qlen--;
	}
	r->eof = 1;
	r->stopped = 1;
	return -1;
}

/* Can s name a tag (letters, digits, _)? */
static int tag_name_ok(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') ||
		      (*s >= '0' && *s <= '9') || *s == '_'))
			return 0;
	return 1;
}

/* A per-game header's columns: what each holds, and where @order,
   the movetext and @result are. Returns 0, or -1 with err. */
static int game_columns(struct ff_csv_reader *r, struct ff_error *err)
{
	char msg[320];
	size_t i, k;

	r->kind = calloc(r->ncols ? r->ncols : 1, 1);
	r->used = calloc(r->ncols ? r->ncols : 1, 1);
	if (!r->kind || !r->used)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	for (i = 0; i < r->ncols; i++)   /* the first column of each name */
		if (column(r, r->header[i]) < 0 && ff_strindex_add(&r->idx, r->header, i))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
	r->order = column(r, "@order");
	r->res = column(r, "@result");
	r->mt = column(r, "@movetext");
	if (r->mt < 0)
		r->mt = column(r, "movetext");
	for (i = 0; i < r->ncols; i++) {
		const char *h = r->header[i];

		for (k = 0; k < DERIVED_COLS && strcmp(h, derived_header[k]); k++)
			;
		if ((long)i == r->order || (long)i == r->mt || (long)i == r->res) {
			r->kind[i] = COL_OWN;
		} else if (k < DERIVED_COLS) {
			r->kind[i] = COL_DERIVED;
		} else if (!*h) {
			r->kind[i] = COL_NONAME;
		} else if (h[0] == '@' || !tag_name_ok(h)) {
			snprintf(msg, sizeof msg, "column '%.*s' is neither a tag name (letters, digits "
				 "and _) nor one of fivefold's @ columns (@order, @movetext, @result, "
				 "and the derived @ruleset, @seats, ...): the file is not read on",
				 (int)ff_utf8_cut(h, strlen(h), 80), h);
			return csv_fail(err, 1, (long)i + 1, 1, msg);
		}
		if (*h && column(r, h) != (long)i) {
			snprintf(msg, sizeof msg, "column '%.*s' is in the header twice: the file is "
				 "not read on", (int)ff_utf8_cut(h, strlen(h), 80), h);
			return csv_fail(err, 1, (long)i + 1, 1, msg);
		}
	}
	if (r->mt < 0)
		return csv_fail(err, 1, 1, 1, "a per-game CSV header needs a movetext column "
				"(@movetext, or movetext): the file is not read on");
	return 0;
}

static int read_header(struct ff_csv_reader *r, struct ff_error *err)
{
	struct row h;
	size_t i;
	int rc = next_row(r, &h, err);

	if (rc <= 0)
		return rc;
	if (h.fault) {
		row_fault(&h, 1, err);
		row_free(&h);
		return stop(r);
	}
	r->header = calloc(h.n ? h.n : 1, sizeof *r->header);
	if (!r->header) {
		row_free(&h);
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	for (i = 0; i < h.n; i++)
		r->header[i] = strdup(row_field(&h, i));
	r->ncols = h.n;
	row_free(&h);
	for (i = 0; i < r->ncols; i++)
		if (!r->header[i])
			return ff_error_set(err, FF_ENOMEM, "out of memory");
	if (r->per_ply) {
		for (i = 0; i < PLY_COLS && i < r->ncols && !strcmp(r->header[i], ply_header[i]); i++)
			;
		if (i < OLD_PLY_COLS || (r->ncols != OLD_PLY_COLS && r->ncols != PLY_COLS) ||
		    i < r->ncols) {
			csv_fail(err, 1, (long)i + 1, 1, "a per-ply CSV header has the 10 columns game,ply,"
				 "seat,long,short,chance,comment,tags,result,ruleset (or the first 9): "
				 "the file is not read on");
			return stop(r);
		}
		r->ply_cols = r->ncols;
		return 1;
	}
	return game_columns(r, err) ? stop(r) : 1;
}

/* --- the rebuilt FGN text and where its lines came from --- */

static void fgn_reset(struct ff_csv_reader *r)
{
	ff_buf_reset(&r->fgn);
	r->norig = 0;
	r->fgn_line = 0;
	r->fgn_col = 1;
}

/* Note that the line being written (r->fgn_line) takes text from row's
   field (1-based) from the current column on. Returns 0 or -1. */
static int fgn_origin(struct ff_csv_reader *r, long row, long field)
{
	struct origin *o;

	if (r->norig <= r->fgn_line) {   /* the line's first text */
		if (r->norig == r->corig) {
			size_t cap = r->corig ? r->corig * 2 : 64;

			if (!(o = realloc(r->orig, cap * sizeof *o)))
				return -1;
			r->orig = o;
			r->corig = cap;
		}
		o = &r->orig[r->norig++];
		o->row = row;
		o->field = field;
		o->split = 0;
		o->field2 = 0;
		return 0;
	}
	o = &r->orig[r->norig - 1];
	if (o->field != field && !o->split) {
		o->split = r->fgn_col;
		o->field2 = field;
	}
	return 0;
}

/* Append s[0, n) from row's field to the rebuilt text. Returns 0 or -1. */
static int fgn_put(struct ff_csv_reader *r, const char *s, size_t n, long row, long field)
{
	size_t i, start = 0;

	for (i = 0; i <= n; i++) {
		if (i < n && s[i] != '\n')
			continue;
		if (fgn_origin(r, row, field) || ff_buf_add(&r->fgn, s + start, i - start))
			return -1;
		for (; start < i; start++)
			r->fgn_col += ((unsigned char)s[start] & 0xC0) != 0x80;
		if (i < n) {
			if (ff_buf_addc(&r->fgn, '\n'))
				return -1;
			r->fgn_col = 1;
			r->fgn_line++;
			start = i + 1;
		}
	}
	return 0;
}

static int fgn_puts(struct ff_csv_reader *r, const char *s, long row, long field)
{
	return fgn_put(r, s, strlen(s), row, field);
}

/* Map a position of the rebuilt text to the CSV record and field (first
   the game's first record, field 1, where the line is not known). */
static void map_pos(const struct ff_csv_reader *r, long first_row, long *line, long *col)
{
	const struct origin *o;

	if (*line < 1 || (size_t)*line > r->norig) {
		*line = first_row;
		*col = 1;
		return;
	}
	o = &r->orig[*line - 1];
	*line = o->row;
	*col = o->split && *col >= o->split ? o->field2 : o->field;
}

/* Every position in rec, and err's, from the rebuilt text to the CSV. */
static void map_record(const struct ff_csv_reader *r, long first_row, struct ff_record *rec,
		       struct ff_error *err)
{
	size_t i;

	for (i = 0; i < rec->ntags; i++)
		map_pos(r, first_row, &rec->tags[i].line, &rec->tags[i].col);
	for (i = 0; i < rec->nplies; i++) {
		long line = rec->plies[i].line, col = rec->plies[i].col;

		map_pos(r, first_row, &line, &col);
		rec->plies[i].line = ff_rec_pos(line);
		rec->plies[i].col = ff_rec_pos(col);
	}
	if (rec->result_line)
		map_pos(r, first_row, &rec->result_line, &rec->result_col);
	if (err && err->code != FF_OK && err->line)
		map_pos(r, first_row, &err->line, &err->col);
}

/* Read r->fgn as one FGN game into rec, positions mapped to the CSV. */
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
	if (rc < 0 && err)
		err->game = r->games;   /* the game is this CSV's game */
	map_record(r, row, rec, rc < 0 ? err : NULL);
	rec->number = r->games;
	rec->line = row;
	rec->col = 1;
	return rc;
}

/* The tag line of column c's cell in row into the rebuilt text. Returns
   0 or -1 with err. */
static int tag_line(struct ff_csv_reader *r, const struct row *row, long c, struct ff_error *err)
{
	const char *v = row_field(row, (size_t)c), *name = r->header[c];
	size_t i;

	if (strpbrk(v, "\r\n"))
		return csv_fail_code(err, FF_EBAD_BYTE, row->number, c + 1, r->games,
				     "a line break in a tag value (tags are one line)");
	if (fgn_puts(r, "[", row->number, c + 1) || fgn_puts(r, name, row->number, c + 1) ||
	    fgn_puts(r, " \"", row->number, c + 1))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	for (i = 0; v[i]; i++)
		if (((v[i] == '"' || v[i] == '\\') && fgn_put(r, "\\", 1, row->number, c + 1)) ||
		    fgn_put(r, v + i, 1, row->number, c + 1))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
	return fgn_puts(r, "\"]\n", row->number, c + 1) ? ff_error_set(err, FF_ENOMEM, "out of memory")
							 : 0;
}

/* The tag lines of the row into the rebuilt text: those @order names, in
   its order (when there is an @order column), then every other tag
   column whose cell is not empty, in column order. A cell in a column
   with no name must be empty. Returns 0 or -1 with err. */
static int row_tags(struct ff_csv_reader *r, const struct row *row, struct ff_error *err)
{
	const char *p;
	size_t n, i;
	long c;

	memset(r->used, 0, r->ncols);
	for (p = r->order >= 0 ? row_field(row, (size_t)r->order) : ""; *p;) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		n = strcspn(p, " ");
		ff_buf_reset(&r->name);
		if (ff_buf_add(&r->name, p, n))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		p += n;
		c = column(r, r->name.p);
		if (c < 0 || r->kind[c] != COL_TAG)
			return csv_fail(err, row->number, r->order + 1, r->games,
					"@order names a tag that has no column");
		r->used[c] = 1;
		if (tag_line(r, row, c, err))
			return -1;
	}
	for (i = 0; i < r->ncols; i++) {
		if (!row_field(row, i)[0] || r->used[i])
			continue;
		if (r->kind[i] == COL_NONAME)
			return csv_fail(err, row->number, (long)i + 1, r->games,
					"a value in a column with no name in the header");
		if (r->kind[i] == COL_TAG && tag_line(r, row, (long)i, err))
			return -1;
	}
	return 0;
}

/* Does the movetext s end in a result token? */
static int ends_in_result(const char *s)
{
	size_t n = strlen(s), e;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
		n--;
	e = n;
	while (n && s[n - 1] != ' ' && s[n - 1] != '\t' && s[n - 1] != '\n' && s[n - 1] != '\r')
		n--;
	return e > n && ff_fgn_result_token(s + n, e - n);
}

/* The result of the rebuilt text, after its movetext: the @result cell;
   without that column, nothing when the movetext ends in one, else the
   Result tag's cell, else "*". Returns 0 or -1 (no memory). */
static int row_result(struct ff_csv_reader *r, const struct row *row)
{
	long c = r->res >= 0 ? r->res : column(r, "Result");
	const char *v;

	if (r->res < 0 && ends_in_result(row_field(row, (size_t)r->mt)))
		return 0;
	v = c >= 0 && (r->res >= 0 || r->kind[c] == COL_TAG) ? row_field(row, (size_t)c) : "";
	if (r->res < 0 && !v[0]) {
		v = "*";
		c = r->mt;
	}
	return fgn_puts(r, v, row->number, c + 1) || fgn_puts(r, "\n", row->number, c + 1);
}

static int read_game_row(struct ff_csv_reader *r, struct ff_record *rec, struct ff_error *err)
{
	struct row row;
	long mt = r->mt;
	int rc;

	rc = next_row(r, &row, err);
	if (rc <= 0)
		return rc;
	r->games++;
	ff_buf_reset(&r->raw);
	add_raw(r, &row);
	fgn_reset(r);
	if (row.n != r->ncols)
		rc = csv_fail(err, row.number, (long)row.n, r->games,
			      "the row's number of fields differs from the header's");
	else if (row.fault)
		rc = row_fault(&row, r->games, err);
	else if (row_tags(r, &row, err))
		rc = -1;
	else if (fgn_puts(r, "\n", row.number, mt + 1) ||
		 fgn_puts(r, row_field(&row, (size_t)mt), row.number, mt + 1) ||
		 fgn_puts(r, "\n", row.number, mt + 1) || row_result(r, &row))
		rc = ff_error_set(err, FF_ENOMEM, "out of memory");
	else
		rc = parse_fgn(r, rec, row.number, err);
	row_free(&row);
	return rc;
}

/* csvply: skip the rest of a game after an error at its first row. */
static void skip_game(struct ff_csv_reader *r)
{
	struct row row;
	int rc;

	while ((rc = next_row(r, &row, NULL)) > 0 &&
	       !(row.n == r->ply_cols && !strcmp(row_field(&row, 1), "0")))
		row_free(&row);
	if (rc > 0) {
		r->pending = row;
		r->have_pending = 1;
	}
}

/* csvply: is the row's ply (long, else short) one FGN ply token? */
static int ply_token_ok(const struct row *row)
{
	const char *tok = row_field(row, 3)[0] ? row_field(row, 3) : row_field(row, 4);

	return ff_fgn_ply_token(tok, strlen(tok));
}

/* csvply: is s what a ply's comment cell holds: a suffix (! ? !! ?? !?
   ?!), then NAGs ($N), {comments} and ;comments, separated by blanks?
   Nothing else (a ply, a result) may hide there. */
static int notes_ok(const char *s)
{
	int k;

	for (k = 0; k < 2 && (*s == '!' || *s == '?'); k++)
		s++;
	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
			s++;
		if (!*s)
			return 1;
		if (*s == '{' && strchr(s, '}')) {
			s = strchr(s, '}') + 1;
		} else if (*s == ';') {   /* a comment to the end of the line */
			s += strcspn(s, "\n");
		} else if (*s == '$' && s[1] >= '0' && s[1] <= '9') {
			for (s++; *s >= '0' && *s <= '9'; s++)
				;
		} else {
			return 0;
		}
	}
}

/* csvply: a ply row into the rebuilt text (token from long, else short;
   then the comment). Returns 0 or -1. */
static int ply_row(struct ff_csv_reader *r, const struct row *row)
{
	int longf = row_field(row, 3)[0] != '\0';
	const char *tok = row_field(row, longf ? 3 : 4), *comment = row_field(row, 6);

	return fgn_puts(r, "\n", row->number, longf ? 4 : 5) ||
	       fgn_puts(r, tok, row->number, longf ? 4 : 5) ||
	       (comment[0] && comment[0] != '!' && comment[0] != '?' &&
		fgn_puts(r, " ", row->number, 7)) ||
	       fgn_puts(r, comment, row->number, 7);
}

static int read_ply_rows(struct ff_csv_reader *r, struct ff_record *rec, struct ff_error *err)
{
	struct row row, first;
	int rc;

	if (r->have_pending) {
		first = r->pending;
		memset(&r->pending, 0, sizeof r->pending);
		r->have_pending = 0;
	} else {
		rc = next_row(r, &first, err);
		if (rc <= 0)
			return rc;
	}
	r->games++;
	ff_buf_reset(&r->raw);
	fgn_reset(r);
	if (first.n != r->ply_cols || strcmp(row_field(&first, 1), "0") != 0) {
		rc = csv_fail(err, first.number, first.n != r->ply_cols ? (long)first.n : 2, r->games,
			      first.n != r->ply_cols ? "a per-ply row has as many fields as the header"
						  : "a game starts with its ply 0 row (tags and result)");
		row_free(&first);
		skip_game(r);
		return rc;
	}
	add_raw(r, &first);
	if (first.fault) {
		rc = row_fault(&first, r->games, err);
		row_free(&first);
		skip_game(r);
		return rc;
	}
	if (fgn_puts(r, row_field(&first, 7), first.number, 8) ||
	    fgn_puts(r, "\n", first.number, 7) || fgn_puts(r, row_field(&first, 6), first.number, 7)) {
		row_free(&first);
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	for (;;) {
		rc = next_row(r, &row, err);
		if (rc < 0)
			break;
		if (rc == 0)
			break;
		if (row.n == r->ply_cols && strcmp(row_field(&row, 0), row_field(&first, 0)) != 0) {
			r->pending = row;   /* the next game's first row */
			r->have_pending = 1;
			break;
		}
		add_raw(r, &row);
		if (row.n != r->ply_cols)
			rc = csv_fail(err, row.number, (long)row.n, r->games,
				      "a per-ply row has as many fields as the header");
		else if (row.fault)
			rc = row_fault(&row, r->games, err);
		else if (!ply_token_ok(&row))
			rc = csv_fail(err, row.number, row_field(&row, 3)[0] ? 4 : 5, r->games,
				      "a ply FGN would not read back as one ply: blanks or {};()[], "
				      "a NAG, move number or result, or a ! or ? at its end");
		else if (!notes_ok(row_field(&row, 6)))
			rc = csv_fail(err, row.number, 7, r->games,
				      "a ply's comment cell holds its suffix, NAGs and comments only");
		else if (ply_row(r, &row))
			rc = ff_error_set(err, FF_ENOMEM, "out of memory");
		row_free(&row);
		if (rc < 0)
			break;
	}
	if (rc >= 0 && (fgn_puts(r, "\n", first.number, 9) ||
			fgn_puts(r, row_field(&first, 8)[0] ? row_field(&first, 8) : "*", first.number, 9) ||
			fgn_puts(r, "\n", first.number, 9)))
		rc = ff_error_set(err, FF_ENOMEM, "out of memory");
	if (rc >= 0)
		rc = parse_fgn(r, rec, first.number, err);
	row_free(&first);
	return rc;
}

int ff_csv_read(void *reader, struct ff_record *rec, struct ff_error *err)
{
	struct ff_csv_reader *r = reader;
	int rc;

	ff_record_reset(rec);
	if (r->stopped)
		return 0;
	if (!r->header) {
		rc = read_header(r, err);
		if (rc <= 0)
			return rc;
	}
	return r->per_ply ? read_ply_rows(r, rec, err) : read_game_row(r, rec, err);
}

/* --- the formats table entries (formats/format.h) --- */

/* The length of the first line of head[0, n). */
static size_t first_line(const char *head, size_t n)
{
	const char *nl = memchr(head, '\n', n);

	return nl ? (size_t)(nl - head) : n;
}

/* A per-game CSV's header, not a tag line, has a movetext column
   (@movetext, or movetext): a sign. */
static int csv_sniff(const char *head, size_t n)
{
	size_t line = first_line(head, n), at = 0, k;

	if (head[0] == '[')
		return FF_SNIFF_NO;
	while (at < line) {
		k = at;
		while (k < line && head[k] != ',')
			k++;
		if ((k - at == 9 && !memcmp(head + at, "@movetext", 9)) ||
		    (k - at >= 8 && !memcmp(head + at, "movetext", 8) &&
		     (k - at == 8 || (k - at == 9 && head[at + 8] == '\r'))))
			return FF_SNIFF_SIGN;
		at = k + 1;
	}
	return FF_SNIFF_NO;
}

/* A per-ply CSV starts with its header: a signature. */
static int csvply_sniff(const char *head, size_t n)
{
	size_t line = first_line(head, n), at = 0, k;
	int c;

	for (c = 0; c < OLD_PLY_COLS; c++) {   /* the first nine: old files too */
		k = strlen(ply_header[c]);
		if ((c && (at >= line || head[at++] != ',')) || line - at < k ||
		    memcmp(head + at, ply_header[c], k) != 0)
			return FF_SNIFF_NO;
		at += k;
	}
	return FF_SNIFF_SIGNATURE;
}

/* A reader of one shape, with FF_FMT_RAW_CSV from flags. */
static void *csv_reader(FILE *fp, int per_ply, unsigned flags)
{
	struct ff_csv_reader *r = ff_csv_reader_new(fp, per_ply);

	if (r)
		r->raw_cells = (flags & FF_FMT_RAW_CSV) != 0;
	return r;
}

static void *csv_new(FILE *fp, unsigned flags)
{
	return csv_reader(fp, 0, flags);
}

static void *csvply_new(FILE *fp, unsigned flags)
{
	return csv_reader(fp, 1, flags);
}

/* A writer of one shape, with FF_FMT_RAW_CSV from flags. */
static void *csv_writer(int per_ply, char **tags, size_t ntags, unsigned flags)
{
	struct ff_csv_writer *w = ff_csv_writer_new(per_ply, tags, ntags);

	if (w)
		w->raw = (flags & FF_FMT_RAW_CSV) != 0;
	return w;
}

static void *csv_writer_new(char **tags, size_t ntags, unsigned flags)
{
	return csv_writer(0, tags, ntags, flags);
}

static void *csvply_writer_new(char **tags, size_t ntags, unsigned flags)
{
	return csv_writer(1, tags, ntags, flags);
}

const struct ff_format ff_format_csv = {
	.name = "csv", .ext = "csv",
	.help = "CSV, a row per game: a column per tag, @order, @movetext, @result, @ruleset, ...",
	.sniff = csv_sniff, .reader_new = csv_new, .read = ff_csv_read, .raw = csv_raw,
	.offset = csv_offset, .reader_free = ff_csv_reader_free, .needs_tags = 1,
	.writer_new = csv_writer_new, .writer_put = ff_csv_writer_put,
	.writer_free = ff_csv_writer_free, .writer_header = game_header,
};

const struct ff_format ff_format_csvply = {
	.name = "csvply", .ext = "plies.csv",
	.help = "CSV, a row per ply: game,ply,seat,long,short,chance,comment,tags,result,ruleset",
	.sniff = csvply_sniff, .reader_new = csvply_new, .read = ff_csv_read, .raw = csv_raw,
	.offset = csv_offset, .reader_free = ff_csv_reader_free, .writer_new = csvply_writer_new,
	.writer_put = ff_csv_writer_put, .writer_free = ff_csv_writer_free,
};
