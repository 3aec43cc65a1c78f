/* fivefold serve: a request's query parameters, the filters of `stats`
   and `export` under the names docs/serve.md lists, checked as the
   command line checks them (a game's name, dates, a result token,
   numbers in range) so that a bad value is a 400 that says why, never a
   query that fails; and the filters written back as a query string for
   the pages' links. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/serve.h"
#include "formats/fgn.h"
#include "lib/text.h"
#include "lib/ruleset.h"
#include "lib/tags.h"

/* The parameters, in the order a query string is written. */
enum qkind { Q_TEXT, Q_GAME, Q_ORIGIN, Q_DATE, Q_RESULT, Q_NUM, Q_ID, Q_ORDER, Q_SORT, Q_COMPARE };

/* The values of sort=, by FF_SORT_* (db/store.h). */
static const char *const sorts[] = { "id", "date", "plies" };
struct qparam {
	const char *name;
	enum qkind kind;
	size_t off;                 /* in struct ff_stats_filter */
	long long hi;               /* Q_NUM, Q_ID: the largest value */
};

#define F(field) offsetof(struct ff_stats_filter, field)
static const struct qparam params[] = {
	{ "game", Q_GAME, F(game), 0 },
	{ "rules", Q_TEXT, F(preset), 0 },
	{ "options", Q_TEXT, F(option), 0 },
	{ "ruleset", Q_TEXT, F(ruleset), 0 },
	{ "seats", Q_NUM, F(seats), FF_MAX_SEATS },
	{ "origin", Q_ORIGIN, F(origin), 0 },
	{ "player", Q_TEXT, F(player), 0 },
	{ "since", Q_DATE, F(since), 0 },
	{ "until", Q_DATE, F(until), 0 },
	{ "result", Q_RESULT, F(result), 0 },
	{ "seed", Q_TEXT, F(seed), 0 },
	{ "min_plies", Q_NUM, F(min_plies), 1000000000L },
	{ "max_plies", Q_NUM, F(max_plies), 1000000000L },
	{ "sort", Q_SORT, F(sort), 0 },
	{ "compare", Q_COMPARE, 0, 0 },   /* not a filter: q->compare */
	{ "order", Q_ORDER, F(desc), 0 },
	{ "after", Q_ID, F(after), LLONG_MAX },
	{ "limit", Q_NUM, F(limit), FF_SERVE_MAX_PAGE },
};
#undef F
#define NPARAMS (sizeof params / sizeof params[0])

int ff_serve_query_known(const char *name)
{
	size_t i;

	for (i = 0; i < NPARAMS; i++)
		if (strcmp(params[i].name, name) == 0)
			return 1;
	return 0;
}

/* Is s (len bytes) text a filter can take: no NUL or other control? */
static int plain(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return 0;
	return 1;
}

/* Is s the name of a game? */
static int known_game(const char *s)
{
	const char *names[64];
	size_t i, n = ff_cmd_engine_names(0, names, 64);

	for (i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return 1;
	return 0;
}

/* A number of decimal digits only, in [1, hi]. Returns 0 or -1. */
static int number(const char *s, size_t len, long long hi, long long *out)
{
	long long v = 0;
	size_t i;

	if (len == 0 || len > 19)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' || v > (hi - (s[i] - '0')) / 10)
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	if (v < 1)
		return -1;
	*out = v;
	return 0;
}

/* Check and store the value v (len bytes) of p. Returns 0, or -1 with
   q->bad. */
static int take(struct ff_serve_query *q, const struct qparam *p, const char *v, size_t len)
{
	char *at = (char *)&q->f + p->off;
	long long n;

	if (len > FF_SERVE_MAX_VALUE || !plain(v, len) || strlen(v) != len) {
		snprintf(q->bad, sizeof q->bad, "%s: a value of at most %d bytes, no control "
			 "characters", p->name, FF_SERVE_MAX_VALUE);
		return -1;
	}
	switch (p->kind) {
	case Q_COMPARE:
		q->compare = v;
		return 0;
	case Q_GAME:
		if (!known_game(v))
			goto bad;
		break;
	case Q_ORIGIN:
		if (strcmp(v, "imported") != 0 && strcmp(v, "simulated") != 0)
			goto bad;
		break;
	case Q_DATE: {
		char *d = p->off == offsetof(struct ff_stats_filter, since) ? q->since : q->until;

		if (len != 10 || ff_date_normal(v, d) <= 0 || strchr(d, '?'))
			goto bad;
		*(const char **)at = d;
		return 0;
	}
	case Q_RESULT:
		if (!ff_fgn_result_token(v, len))
			goto bad;
		break;
	case Q_NUM:
		if (number(v, len, p->hi, &n))
			goto bad;
		*(long *)at = (long)n;
		return 0;
	case Q_ID:
		if (number(v, len, p->hi, &n))
			goto bad;
		*(long long *)at = n;
		return 0;
	case Q_ORDER:
		if (strcmp(v, "asc") != 0 && strcmp(v, "desc") != 0)
			goto bad;
		*(int *)at = v[0] == 'd';
		return 0;
	case Q_SORT:
		for (n = 0; n < (long long)(sizeof sorts / sizeof sorts[0]); n++)
			if (strcmp(v, sorts[n]) == 0)
				return *(int *)at = (int)n, 0;
		goto bad;
	default:
		break;
	}
	*(const char **)at = v;
	return 0;
bad:
	switch (p->kind) {
	case Q_GAME: snprintf(q->bad, sizeof q->bad, "game: no such game"); break;
	case Q_ORIGIN: snprintf(q->bad, sizeof q->bad, "origin: imported or simulated"); break;
	case Q_ORDER: snprintf(q->bad, sizeof q->bad, "order: asc or desc"); break;
	case Q_SORT: snprintf(q->bad, sizeof q->bad, "sort: id, date or plies"); break;
	case Q_DATE: snprintf(q->bad, sizeof q->bad, "%s: a date YYYY.MM.DD", p->name); break;
	case Q_RESULT:
		snprintf(q->bad, sizeof q->bad, "result: 1-0, 0-1, 1/2-1/2, D, W<k> or *");
		break;
	default:
		snprintf(q->bad, sizeof q->bad, "%s: a number from 1 to %lld", p->name, p->hi);
		break;
	}
	return -1;
}

int ff_serve_query_parse(struct ff_serve_query *q,
			 const char *(*value)(void *ctx, const char *name, size_t *len), void *ctx)
{
	size_t i, len;
	const char *v;

	memset(q, 0, sizeof *q);
	for (i = 0; i < NPARAMS; i++) {
		if (!(v = value(ctx, params[i].name, &len)))
			continue;
		if (len == 0)   /* an empty field of the form: not given */
			continue;
		if (take(q, &params[i], v, len))
			return -1;
		if (params[i].kind != Q_ID && params[i].kind != Q_ORDER && params[i].kind != Q_SORT &&
		    params[i].kind != Q_COMPARE &&
		    strcmp(params[i].name, "limit") != 0)
			q->has_filter = 1;
	}
	if (!q->f.limit)
		q->f.limit = FF_SERVE_PAGE;
	return 0;
}

int ff_serve_urlenc(struct ff_buf *out, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	int rc = 0;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    c == '-' || c == '.' || c == '_' || c == '~')
			rc |= ff_buf_addc(out, (char)c);
		else
			rc |= ff_buf_addf(out, "%%%c%c", hex[c >> 4], hex[c & 15]);
	}
	return rc;
}

int ff_serve_query_string(const struct ff_serve_query *q, struct ff_buf *out)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < NPARAMS; i++) {
		const struct qparam *p = &params[i];
		const char *at = (const char *)&q->f + p->off;

		if (p->kind == Q_ID || p->kind == Q_COMPARE || strcmp(p->name, "limit") == 0)
			continue;
		if (p->kind == Q_ORDER) {
			if (*(const int *)at)
				rc |= ff_buf_adds(out, "&order=desc");
		} else if (p->kind == Q_SORT) {
			if (*(const int *)at)
				rc |= ff_buf_addf(out, "&sort=%s", sorts[*(const int *)at]);
		} else if (p->kind == Q_NUM) {
			if (*(const long *)at)
				rc |= ff_buf_addf(out, "&%s=%ld", p->name, *(const long *)at);
		} else if (*(const char *const *)at) {
			rc |= ff_buf_addf(out, "&%s=", p->name);
			rc |= ff_serve_urlenc(out, *(const char *const *)at);
		}
	}
	return rc;
}
