/* FGN writer: one game record in canonical FGN.

   Canonical form: each tag as [Name "value"] on its own line in stored
   order (" and \ escaped as \" and \\; a newline or \r in a value is
   written as a space), then an empty line, then the movetext, then the result token on its own line (* when
   there is none), then an empty line: every game ends in "\n\n".

   Movetext items in order: notes before the first ply, then each ply
   (token and suffix) followed by its notes. Brace notes are {text}, NAGs
   $n, line notes ;text and the line ends right after them. Items are
   separated by one space, or by a newline where the line would otherwise
   be longer than 79 bytes (counting bytes since the last newline written,
   newlines inside comments included); an item longer than that stands
   alone on its line. (ff_fgn_write_movetext, for CSV cells, has no
   width: one space always.)

   Texts that FGN cannot carry as they are (only from records made by
   other readers; the FGN reader never produces them):
   - a brace note whose text contains } is written as a line note when
     the text holds no newline or \r; otherwise each } becomes ).
   - in a brace note's text, a [ that is the first non-blank character of
     a line becomes ( (such a line would end the comment on reading).
   - newlines and \r in a line note's text become spaces. */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "formats/fgn.h"

#define WIDTH 79

struct writer {
	struct ff_buf *out;
	size_t col;   /* bytes since the last newline */
	int fail;
	size_t width; /* the longest line items are joined into */
};

/* Append n bytes that hold no newline. */
static void put_line(struct writer *w, const char *s, size_t n)
{
	if (ff_buf_add(w->out, s, n))
		w->fail = 1;
	w->col += n;
}

static void put(struct writer *w, const char *s, size_t n)
{
	size_t i = n;

	if (!memchr(s, '\n', n)) {
		put_line(w, s, n);
		return;
	}
	if (ff_buf_add(w->out, s, n))
		w->fail = 1;
	while (i > 0 && s[i - 1] != '\n')
		i--;
	w->col = n - i;
}

static void put1(struct writer *w, char c)
{
	if (ff_buf_addc(w->out, c))
		w->fail = 1;
	w->col = c == '\n' ? 0 : w->col + 1;
}

/* Start an item whose first line is first bytes long. */
static void sep(struct writer *w, size_t first)
{
	if (w->col == 0)
		return;
	if (w->col + 1 + first > w->width)
		put1(w, '\n');
	else
		put1(w, ' ');
}

/* A ply: its separator, its token (which holds no white space:
   ff_fgn_ply_token) and its suffix, written at once into the buffer (not
   built on the stack first: copying bytes just stored one by one stalls). */
static void put_ply(struct writer *w, const char *tok, size_t n, const char *suffix, size_t slen)
{
	size_t k = 1 + n + slen;
	char *q;
	int nl;

	if (w->col == 0) {
		put_line(w, tok, n);
		if (slen)
			put_line(w, suffix, slen);
		return;
	}
	if (ff_buf_room(w->out, k)) {
		w->fail = 1;
		return;
	}
	nl = w->col + k > w->width;
	q = w->out->p + w->out->len;
	q[0] = nl ? '\n' : ' ';
	ff_copy(q + 1, tok, n);
	ff_copy(q + 1 + n, suffix, slen);
	q[k] = '\0';
	w->out->len += k;
	w->col = nl ? k - 1 : w->col + k;
}

static void tag_value(struct writer *w, const char *v)
{
	for (; *v; v++) {
		if (*v == '"' || *v == '\\')
			put1(w, '\\');
		put1(w, *v == '\n' || *v == '\r' ? ' ' : *v);
	}
}

static void line_note(struct writer *w, const char *t, size_t n)
{
	size_t i;

	sep(w, n + 1);
	put1(w, ';');
	for (i = 0; i < n; i++)
		put1(w, t[i] == '\n' || t[i] == '\r' ? ' ' : t[i]);
	put1(w, '\n');
}

static void brace_note(struct writer *w, const char *t, size_t n)
{
	const char *nl = memchr(t, '\n', n);
	size_t i, first = nl ? (size_t)(nl - t) + 1 : n + 2;
	int bol = 0;
	char c;

	if (memchr(t, '}', n) && !nl && !memchr(t, '\r', n)) {
		line_note(w, t, n);
		return;
	}
	sep(w, first);
	put1(w, '{');
	for (i = 0; i < n; i++) {
		c = t[i];
		if (c == '}')
			c = ')';
		else if (c == '[' && bol)
			c = '(';
		if (c == '\n')
			bol = 1;
		else if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v')
			bol = 0;
		put1(w, c);
	}
	put1(w, '}');
}

static void note(struct writer *w, const struct ff_record *rec, const struct ff_note *nt)
{
	const char *t = ff_record_str(rec, nt->text);

	switch (nt->kind) {
	case FF_NOTE_LINE:
		line_note(w, t, nt->len);
		break;
	case FF_NOTE_NAG:
		sep(w, nt->len + 1);
		put1(w, '$');
		put(w, t, nt->len);
		break;
	default:
		brace_note(w, t, nt->len);
		break;
	}
}

/* The movetext: notes before the first ply, then each ply and its notes. */
static void movetext(struct writer *w, const struct ff_record *rec)
{
	size_t j = 0, k, slen;

	for (k = 0; k <= rec->nplies; k++) {
		if (k > 0) {
			const struct ff_rec_ply *p = &rec->plies[k - 1];

			slen = p->suffix[0] ? strnlen(p->suffix, sizeof p->suffix) : 0;
			put_ply(w, ff_record_str(rec, p->tok), p->len, p->suffix, slen);
		}
		while (j < rec->nnotes && (rec->notes[j].after <= k || k == rec->nplies))
			note(w, rec, &rec->notes[j++]);
	}
}

int ff_fgn_write(const struct ff_record *rec, struct ff_buf *out)
{
	struct writer w = { out, 0, 0, WIDTH };
	const char *res = ff_record_result(rec);
	size_t i;

	for (i = 0; i < rec->ntags; i++) {
		put(&w, "[", 1);
		put(&w, ff_record_str(rec, rec->tags[i].name),
		    strlen(ff_record_str(rec, rec->tags[i].name)));
		put(&w, " \"", 2);
		tag_value(&w, ff_record_str(rec, rec->tags[i].value));
		put(&w, "\"]\n", 3);
	}
	put(&w, "\n", 1);
	movetext(&w, rec);
	if (w.col > 0)
		put(&w, "\n", 1);
	if (!*res)
		res = "*";
	put(&w, res, strlen(res));
	put(&w, "\n\n", 2);
	return w.fail ? -1 : 0;
}

int ff_fgn_write_movetext(const struct ff_record *rec, struct ff_buf *out)
{
	struct writer w = { out, 0, 0, SIZE_MAX };
	size_t start = out->len;

	movetext(&w, rec);
	if (!w.fail && out->len > start && out->p[out->len - 1] == '\n')
		out->p[--out->len] = '\0';   /* a line note's */
	return w.fail ? -1 : 0;
}
