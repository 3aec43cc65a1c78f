/* Reading a person's lines: libedit's own interface (histedit.h, whose
   EL_CLIENTDATA carries the caller's context to the prompt and the
   completion, so nothing is global) when configure found libedit and the
   input is a terminal; a plain prompt reading lines otherwise. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_LIBEDIT
#include <histedit.h>
#endif

#include "cmd/line.h"

struct ff_line {
	FILE *in, *out;
	ff_line_complete_fn complete;
	void *ctx;
	const char *prompt;
	char *plain;          /* the plain prompt's line (getline's) */
	size_t plain_cap;
	struct ff_buf line;   /* the line returned */
	struct ff_buf words;  /* completion's scratch */
#ifdef HAVE_LIBEDIT
	EditLine *el;
	History *hist;
#endif
};

/* The line s[0, n) without its newline and outer blanks, into l->line.
   Returns it, or NULL when memory runs out. */
static const char *keep(struct ff_line *l, const char *s, size_t n)
{
	while (n && strchr(" \t\r\n", s[n - 1]))
		n--;
	while (n && strchr(" \t", *s)) {
		s++;
		n--;
	}
	ff_buf_reset(&l->line);
	if (ff_buf_add(&l->line, s, n) || ff_buf_addc(&l->line, '\0'))
		return NULL;
	return l->line.p;
}

#ifdef HAVE_LIBEDIT
static char *prompt_of(EditLine *el)
{
	struct ff_line *l = NULL;

	el_get(el, EL_CLIENTDATA, &l);
	return (char *)(l && l->prompt ? l->prompt : "> ");
}

/* The length of the prefix the words[0, n) (NUL-separated in p) share. */
static size_t common_prefix(const char *p, int n)
{
	const char *first = p, *w = p;
	size_t len = strlen(first), k;
	int i;

	for (i = 1; i < n; i++) {
		w += strlen(w) + 1;
		for (k = 0; k < len && w[k] == first[k]; k++)
			;
		len = k;
	}
	return len;
}

/* Tab: complete the word before the cursor to the longest prefix its
   candidates share; when that adds nothing, list them. */
static unsigned char complete_key(EditLine *el, int ch)
{
	struct ff_line *l = NULL;
	const LineInfo *li = el_line(el);
	const char *start = li->cursor, *w;
	size_t len, common;
	char *add;
	int n, i;

	(void)ch;
	el_get(el, EL_CLIENTDATA, &l);
	if (!l || !l->complete)
		return CC_ERROR;
	while (start > li->buffer && start[-1] != ' ')
		start--;
	len = (size_t)(li->cursor - start);
	ff_buf_reset(&l->words);
	n = l->complete(l->ctx, start, len, &l->words);
	if (n <= 0)
		return CC_REFRESH_BEEP;
	common = common_prefix(l->words.p, n);
	if (common > len) {
		if (!(add = strndup(l->words.p + len, common - len)))
			return CC_ERROR;
		el_insertstr(el, add);
		free(add);
		return CC_REFRESH;
	}
	fputc('\n', l->out);
	for (i = 0, w = l->words.p; i < n; i++, w += strlen(w) + 1)
		fprintf(l->out, "%s%s", w, i + 1 < n ? " " : "\n");
	return CC_REDISPLAY;
}

static int edit_open(struct ff_line *l)
{
	HistEvent ev;

	if (!(l->el = el_init("fivefold", l->in, l->out, stderr)))
		return -1;
	if (!(l->hist = history_init())) {
		el_end(l->el);
		l->el = NULL;
		return -1;
	}
	history(l->hist, &ev, H_SETSIZE, 500);
	history(l->hist, &ev, H_SETUNIQUE, 1);
	el_set(l->el, EL_EDITOR, "emacs");
	el_set(l->el, EL_CLIENTDATA, l);
	el_set(l->el, EL_PROMPT, prompt_of);
	el_set(l->el, EL_HIST, history, l->hist);
	el_set(l->el, EL_ADDFN, "ff-complete", "complete a ply", complete_key);
	el_set(l->el, EL_BIND, "^I", "ff-complete", NULL);
	el_source(l->el, NULL);   /* the person's ~/.editrc, where there is one */
	return 0;
}

static const char *edit_read(struct ff_line *l)
{
	HistEvent ev;
	const char *s, *r;
	int count = 0;

	if (!(s = el_gets(l->el, &count)) || count <= 0)
		return NULL;
	r = keep(l, s, (size_t)count);
	if (r && *r)
		history(l->hist, &ev, H_ENTER, r);
	return r;
}
#endif

struct ff_line *ff_line_open(FILE *in, FILE *out, ff_line_complete_fn complete, void *ctx)
{
	struct ff_line *l = calloc(1, sizeof *l);

	if (!l)
		return NULL;
	l->in = in;
	l->out = out;
	l->complete = complete;
	l->ctx = ctx;
#ifdef HAVE_LIBEDIT
	if (isatty(fileno(in)) && isatty(fileno(out)) && edit_open(l))
		l->el = NULL;   /* the plain prompt then */
#endif
	return l;
}

int ff_line_editing(const struct ff_line *l)
{
#ifdef HAVE_LIBEDIT
	return l->el != NULL;
#else
	(void)l;
	return 0;
#endif
}

const char *ff_line_read(struct ff_line *l, const char *prompt)
{
	ssize_t n;

	l->prompt = prompt;
	fflush(l->out);
#ifdef HAVE_LIBEDIT
	if (l->el)
		return edit_read(l);
#endif
	fputs(prompt, l->out);
	fflush(l->out);
	if ((n = getline(&l->plain, &l->plain_cap, l->in)) < 0)
		return NULL;
	if (!isatty(fileno(l->in)))   /* echo what a script typed, so the transcript reads */
		fprintf(l->out, "%.*s%s", (int)n, l->plain, n && l->plain[n - 1] == '\n' ? "" : "\n");
	return keep(l, l->plain, (size_t)n);
}

void ff_line_close(struct ff_line *l)
{
	if (!l)
		return;
#ifdef HAVE_LIBEDIT
	if (l->el)
		el_end(l->el);
	if (l->hist)
		history_end(l->hist);
#endif
	free(l->plain);
	ff_buf_free(&l->line);
	ff_buf_free(&l->words);
	free(l);
}
