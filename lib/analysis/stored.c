/* A stored analysis read back (lib/analysis/stored.h): a small strict JSON
   reader for the one object the store keeps a game's analysis as. The
   text comes from a store, which anybody may have edited: every fault is
   an error naming the byte, never a crash, and numbers that are not
   finite, seats out of range and nesting deeper than a few levels are
   refused. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/analysis/stored.h"
#include "lib/text.h"

#define MAX_DEPTH 16   /* the object nests 3 deep; candidates' objects 4 */

struct rd {
	const char *s, *p, *end;
	struct ff_error *err;
	struct ff_analysis *a;
	struct ff_buf *budget;
	int depth;
};

static int fail(struct rd *r, const char *what)
{
	return ff_error_set(r->err, FF_ESYNTAX, "stored analysis, byte %zu: %s",
			    (size_t)(r->p - r->s) + 1, what);
}

static void ws(struct rd *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

/* Is the next byte (after blanks) c? Then it is taken. */
static int take(struct rd *r, char c)
{
	ws(r);
	if (r->p < r->end && *r->p == c) {
		r->p++;
		return 1;
	}
	return 0;
}

static int expect(struct rd *r, char c)
{
	if (take(r, c))
		return 0;
	return ff_error_set(r->err, FF_ESYNTAX, "stored analysis, byte %zu: expected '%c'",
			    (size_t)(r->p - r->s) + 1, c);
}

/* One escape after its backslash, into out (NULL: passed over). */
static int escape(struct rd *r, struct ff_buf *out)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *k;
	unsigned cp;

	if (r->p >= r->end)
		return fail(r, "a string ends inside an escape");
	if ((k = memchr(from, *r->p, sizeof from - 1))) {
		r->p++;
		return out ? ff_buf_addc(out, to[k - from]) : 0;
	}
	if (*r->p != 'u' || r->end - r->p < 5 || ff_text_hex4(r->p + 1, &cp) ||
	    (cp >= 0xD800 && cp < 0xE000))   /* one code point, not a surrogate */
		return fail(r, "a bad escape in a string");
	r->p += 5;
	return out ? ff_buf_add_utf8(out, cp) : 0;
}

/* A string into out (NULL: passed over), NUL-terminated there. */
static int string(struct rd *r, struct ff_buf *out)
{
	if (expect(r, '"'))
		return -1;
	while (r->p < r->end && *r->p != '"') {
		if ((unsigned char)*r->p < 0x20)
			return fail(r, "a control character in a string");
		if (*r->p == '\\') {
			r->p++;
			if (escape(r, out))
				return -1;
			continue;
		}
		if (out && ff_buf_addc(out, *r->p))
			return ff_error_set(r->err, FF_ENOMEM, "out of memory");
		r->p++;
	}
	if (r->p >= r->end)
		return fail(r, "a string without its closing quote");
	r->p++;
	return out && ff_buf_addc(out, '\0') ? ff_error_set(r->err, FF_ENOMEM, "out of memory") : 0;
}

/* A finite number into *v. */
static int number(struct rd *r, double *v)
{
	char t[64], *e;
	size_t n = 0;

	ws(r);
	while (r->p + n < r->end && n < sizeof t - 1 && strchr("+-.0123456789eE", r->p[n]) &&
	       r->p[n])
		n++;
	memcpy(t, r->p, n);
	t[n] = '\0';
	if (n == 0 || !(t[0] == '-' || (t[0] >= '0' && t[0] <= '9')))
		return fail(r, "expected a number");
	*v = strtod(t, &e);
	if (e != t + n || !isfinite(*v))
		return fail(r, "not a finite number");
	r->p += n;
	return 0;
}

/* A whole number in [lo, hi] into *v. */
static int integer(struct rd *r, long lo, long hi, long *v)
{
	double d;

	if (number(r, &d))
		return -1;
	if (d != floor(d) || d < (double)lo || d > (double)hi)
		return fail(r, "a count out of range");
	*v = (long)d;
	return 0;
}

static int skip(struct rd *r);

/* The members of an object: member(r, key, ctx) reads each value. */
static int object(struct rd *r, int (*member)(struct rd *r, const char *key, void *ctx),
		  void *ctx)
{
	char key[32];
	struct ff_buf kb = FF_BUF_INIT;
	int rc = 0, first = 1;

	if (++r->depth > MAX_DEPTH)
		return fail(r, "nested too deep");
	if (expect(r, '{'))
		return -1;
	while (rc == 0 && !take(r, '}')) {
		if ((!first && expect(r, ',')) || (ff_buf_reset(&kb), string(r, &kb)) ||
		    expect(r, ':')) {
			rc = -1;
			break;
		}
		first = 0;
		snprintf(key, sizeof key, "%s", kb.p);
		rc = member(r, key, ctx);
	}
	ff_buf_free(&kb);
	r->depth--;
	return rc;
}

/* The elements of an array, each read by elem(r, k, ctx). */
static int array(struct rd *r, int (*elem)(struct rd *r, size_t k, void *ctx), void *ctx)
{
	size_t k = 0;

	if (++r->depth > MAX_DEPTH)
		return fail(r, "nested too deep");
	if (expect(r, '['))
		return -1;
	while (!take(r, ']')) {
		if ((k && expect(r, ',')) || elem(r, k, ctx))
			return -1;
		k++;
	}
	r->depth--;
	return 0;
}

static int skip_member(struct rd *r, const char *key, void *ctx)
{
	(void)key;
	(void)ctx;
	return skip(r);
}

static int skip_elem(struct rd *r, size_t k, void *ctx)
{
	(void)k;
	(void)ctx;
	return skip(r);
}

/* Any value, passed over. */
static int skip(struct rd *r)
{
	static const char *const words[] = { "true", "false", "null" };
	double v;
	size_t i;

	ws(r);
	if (r->p >= r->end)
		return fail(r, "the text ends where a value should be");
	if (*r->p == '{')
		return object(r, skip_member, NULL);
	if (*r->p == '[')
		return array(r, skip_elem, NULL);
	if (*r->p == '"')
		return string(r, NULL);
	for (i = 0; i < 3; i++)
		if ((size_t)(r->end - r->p) >= strlen(words[i]) &&
		    !memcmp(r->p, words[i], strlen(words[i]))) {
			r->p += strlen(words[i]);
			return 0;
		}
	return number(r, &v);
}

/* A string into the analysis's text; its offset in *off. */
static int text(struct rd *r, size_t *off)
{
	*off = r->a->text.len;
	return string(r, &r->a->text);
}

static int seat_member(struct rd *r, const char *key, void *ctx)
{
	struct ff_seat_eval *e = ctx;
	long v;

	if (!strcmp(key, "plies") || !strcmp(key, "decisions") || !strcmp(key, "errors")) {
		if (integer(r, 0, 1L << 30, &v))
			return -1;
		*(!strcmp(key, "plies") ? &e->plies : key[0] == 'd' ? &e->decisions
								    : &e->errors) = (int)v;
		return 0;
	}
	if (!strcmp(key, "error"))
		return number(r, &e->error);
	if (!strcmp(key, "luck"))
		return number(r, &e->luck);
	return skip(r);   /* "seat": the element's place says it */
}

static int seat_elem(struct rd *r, size_t k, void *ctx)
{
	(void)ctx;
	if (k >= FF_MAX_SEATS)
		return fail(r, "more seats than a game has");
	memset(&r->a->seat[k], 0, sizeof r->a->seat[k]);
	r->a->seats = (int)k + 1;
	return object(r, seat_member, &r->a->seat[k]);
}

static int ply_member(struct rd *r, const char *key, void *ctx)
{
	struct ff_analysed_ply *q = ctx;
	long v;

	if (!strcmp(key, "ply") || !strcmp(key, "seat") || !strcmp(key, "legal")) {
		if (integer(r, 0, 1L << 30, &v))
			return -1;
		*(key[0] == 'p' ? &q->ply : key[0] == 's' ? &q->seat : &q->e.nlegal) = (int)v;
		return 0;
	}
	if (!strcmp(key, "throw")) {
		if (integer(r, -1, 1L << 30, &v))
			return -1;
		q->chance = (int)v;
		return 0;
	}
	if (!strcmp(key, "played") || !strcmp(key, "best"))
		return text(r, key[0] == 'p' ? &q->played : &q->best);
	if (!strcmp(key, "value") || !strcmp(key, "best_value") || !strcmp(key, "before") ||
	    !strcmp(key, "error_se") || !strcmp(key, "luck"))
		return number(r, key[0] == 'v' ? &q->e.played : key[1] == 'e' && key[2] == 's'
			      ? &q->e.best : key[0] == 'b' ? &q->e.before : key[0] == 'e'
			      ? &q->e.error_se : &q->e.luck);
	if (!strcmp(key, "samples")) {
		if (integer(r, 0, 1L << 40, &v))
			return -1;
		q->samples = v;
		return 0;
	}
	return skip(r);   /* error (best - value), flagged, candidates */
}

static int ply_elem(struct rd *r, size_t k, void *ctx)
{
	struct ff_analysis *a = r->a;
	struct ff_analysed_ply *q;

	(void)k;
	(void)ctx;
	if (a->n == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 256;
		void *v = realloc(a->v, cap * sizeof *a->v);

		if (!v)
			return ff_error_set(r->err, FF_ENOMEM, "out of memory");
		a->v = v;
		a->cap = cap;
	}
	q = memset(&a->v[a->n], 0, sizeof a->v[0]);
	q->e.best_index = -1;
	if (object(r, ply_member, q))
		return -1;
	if (q->seat < 1 || q->seat > a->seats)
		return fail(r, "a ply's seat is not among the seats");
	a->n++;
	return 0;
}

static int top_member(struct rd *r, const char *key, void *ctx)
{
	struct ff_buf method = FF_BUF_INIT;
	int rc;

	(void)ctx;
	if (!strcmp(key, "threshold"))
		return number(r, &r->a->threshold);
	if (!strcmp(key, "start"))
		return number(r, &r->a->start);
	if (!strcmp(key, "seats"))
		return array(r, seat_elem, NULL);
	if (!strcmp(key, "plies"))
		return r->a->seats ? array(r, ply_elem, NULL) : fail(r, "plies before the seats");
	if (!strcmp(key, "budget") && r->budget && (ws(r), r->p < r->end && *r->p == '"'))
		return string(r, r->budget);
	if (strcmp(key, "method"))
		return skip(r);
	rc = string(r, &method);
	if (rc == 0 && strcmp(method.p, "exact") && strcmp(method.p, "search"))
		rc = fail(r, "the method is neither exact nor search");
	if (rc == 0 && !strcmp(method.p, "search")) {
		static const struct ff_search_opts search = {
			.iterations = FF_SEARCH_ITERATIONS, .width = FF_SEARCH_WIDTH, .seed = 1,
			.z = FF_SEARCH_Z
		};
		r->a->search = &search;
	}
	ff_buf_free(&method);
	return rc;
}

int ff_analysis_read_json(struct ff_analysis *a, const char *json, size_t len,
			  struct ff_buf *budget, struct ff_error *err)
{
	struct rd r = { json, json, json + len, err, a, budget, 0 };

	a->n = 0;
	a->seats = 0;
	a->search = NULL;
	a->start = 0;
	ff_buf_reset(&a->text);
	if (budget)
		ff_buf_reset(budget);
	if (object(&r, top_member, NULL))
		return -1;
	ws(&r);
	if (r.p != r.end)
		return fail(&r, "text after the object");
	if (!a->seats)
		return fail(&r, "no seats");
	return 0;
}
