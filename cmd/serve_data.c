/* fivefold serve: what the pages read from the store, through db/store.h
   only (no SQL here): the pool of read-only connections the requests
   borrow, a page of games (keyset: the games after an id, in the order
   stored), the statistics groups and the quarantine. A failure of the
   store is said on standard error (secrets hidden) and answered with a
   503, the store's message not shown to the client. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/serve.h"
#include "formats/fgn.h"
#include "lib/record.h"
#include "lib/statmath.h"

struct ff_store *ff_serve_store_get(struct ff_serve *srv, struct ff_error *err)
{
	struct ff_store *s = NULL;

	pthread_mutex_lock(&srv->lock);
	if (srv->nidle)
		s = srv->idle[--srv->nidle];
	pthread_mutex_unlock(&srv->lock);
	if (s || ff_store_open_read(&s, srv->db, err) == 0)
		return s;
	return NULL;
}

void ff_serve_store_put(struct ff_serve *srv, struct ff_store *s, int bad)
{
	if (!s)
		return;
	pthread_mutex_lock(&srv->lock);
	if (!bad && srv->nidle == srv->cap) {
		size_t cap = srv->cap ? srv->cap * 2 : 8;
		struct ff_store **v = realloc(srv->idle, cap * sizeof *v);

		if (v) {
			srv->idle = v;
			srv->cap = cap;
		}
	}
	if (!bad && srv->nidle < srv->cap) {
		srv->idle[srv->nidle++] = s;
		s = NULL;
	}
	pthread_mutex_unlock(&srv->lock);
	ff_store_close(s);
}

/* Say on standard error why the store failed (its secrets hidden) and
   answer 503. Returns -1. */
static int store_failed(struct ff_serve *srv, const struct ff_error *err, int json,
			struct ff_serve_reply *r)
{
	struct ff_buf b = FF_BUF_INIT;

	ff_store_hide(srv->db, err->msg, &b);
	fprintf(stderr, "fivefold serve: %s\n", b.p ? b.p : "out of memory");
	ff_buf_free(&b);
	return ff_serve_fail(r, 503, json, "the store cannot be read now");
}

/* A page of games being read. */
struct rows {
	int (*fn)(void *ctx, const struct ff_serve_row *row);
	void *ctx;
	struct ff_record rec;
	long want, seen;
	long long last, next;
};

static int one_row(void *ctx, const struct ff_exported *g)
{
	struct rows *w = ctx;
	struct ff_serve_row row;

	if (w->seen == w->want) {   /* one past the page: another page follows */
		w->next = w->last;
		return 1;
	}
	w->seen++;
	w->last = g->id;
	row.g = g;
	row.rec = ff_fgn_read_text(g->fgn, g->fgn_len, &w->rec, NULL) == 1 ? &w->rec : NULL;
	return w->fn(w->ctx, &row) ? 2 : 0;
}

int ff_serve_each_row(struct ff_serve *srv, const struct ff_stats_filter *f, int json,
		      int (*fn)(void *ctx, const struct ff_serve_row *row), void *ctx,
		      long long *next, struct ff_serve_reply *r)
{
	struct ff_stats_filter page = *f;
	struct rows w;
	struct ff_error err;
	struct ff_store *s;
	int rc;

	memset(&w, 0, sizeof w);
	w.fn = fn;
	w.ctx = ctx;
	w.want = f->limit;
	page.limit = f->limit + 1;
	ff_error_clear(&err);
	if (ff_record_init(&w.rec))
		return ff_serve_fail(r, 503, json, "out of memory");
	if (!(s = ff_serve_store_get(srv, &err))) {
		ff_record_free(&w.rec);
		return store_failed(srv, &err, json, r);
	}
	rc = ff_store_export(s, &page, one_row, &w, &err);
	ff_serve_store_put(srv, s, rc < 0);
	ff_record_free(&w.rec);
	if (rc < 0)
		return store_failed(srv, &err, json, r);
	if (rc == 2)
		return ff_serve_fail(r, 503, json, "out of memory");
	*next = w.next;
	return 0;
}

int ff_serve_stats(struct ff_serve *srv, const struct ff_stats_filter *f, int json,
		   int (*cb)(void *ctx, const struct ff_stats_group *g), void *ctx,
		   struct ff_serve_reply *r)
{
	struct ff_stats_filter all = *f;
	struct ff_error err;
	struct ff_store *s;
	int rc;

	all.limit = 0;   /* the page size: not a filter of the statistics */
	all.after = 0;
	ff_error_clear(&err);
	if (!(s = ff_serve_store_get(srv, &err)))
		return store_failed(srv, &err, json, r);
	rc = ff_store_stats(s, &all, cb, ctx, &err);
	ff_serve_store_put(srv, s, rc < 0);
	if (rc < 0)
		return store_failed(srv, &err, json, r);
	return rc ? ff_serve_fail(r, 503, json, "out of memory") : 0;
}

/* The quarantine, cut at FF_SERVE_MAX_REJECTS. */
struct rejects {
	int (*cb)(void *ctx, const struct ff_store_reject *e);
	void *ctx;
	long n;
};

static int one_reject(void *ctx, const struct ff_store_reject *e)
{
	struct rejects *w = ctx;

	if (w->n++ == FF_SERVE_MAX_REJECTS)
		return 1;
	return w->cb(w->ctx, e) ? 2 : 0;
}

int ff_serve_rejects(struct ff_serve *srv, int json,
		     int (*cb)(void *ctx, const struct ff_store_reject *e), void *ctx,
		     struct ff_serve_reply *r)
{
	struct rejects w = { cb, ctx, 0 };
	struct ff_error err;
	struct ff_store *s;
	int rc;

	ff_error_clear(&err);
	if (!(s = ff_serve_store_get(srv, &err)))
		return store_failed(srv, &err, json, r);
	rc = ff_store_each_reject(s, one_reject, &w, &err);
	ff_serve_store_put(srv, s, rc < 0);
	if (rc < 0)
		return store_failed(srv, &err, json, r);
	return rc == 2 ? ff_serve_fail(r, 503, json, "out of memory") : rc;
}

void ff_serve_quantiles(const struct ff_stats_group *g, double *med, double *p90)
{
	size_t n = g->nlengths ? g->nlengths : 1, j;
	int *value = malloc(n * sizeof *value);
	long *count = malloc(n * sizeof *count);

	*med = *p90 = 0;
	if (value && count) {
		for (j = 0; j < g->nlengths; j++) {
			value[j] = g->lengths[j].value;
			count[j] = g->lengths[j].count;
		}
		*med = ff_quantile_counts(value, count, g->nlengths, g->n, 0.5);
		*p90 = ff_quantile_counts(value, count, g->nlengths, g->n, 0.9);
	}
	free(value);
	free(count);
}

/* The players, cut at FF_SERVE_MAX_PLAYERS. */
struct players {
	int (*cb)(void *ctx, long long id, const char *name);
	void *ctx;
	long n;
};

static int one_player(void *ctx, long long id, const char *name)
{
	struct players *w = ctx;

	if (w->n++ == FF_SERVE_MAX_PLAYERS)
		return 1;
	return w->cb(w->ctx, id, name) ? 2 : 0;
}

int ff_serve_players(struct ff_serve *srv, int json,
		     int (*cb)(void *ctx, long long id, const char *name), void *ctx,
		     struct ff_serve_reply *r)
{
	struct players w = { cb, ctx, 0 };
	struct ff_error err;
	struct ff_store *s;
	int rc;

	ff_error_clear(&err);
	if (!(s = ff_serve_store_get(srv, &err)))
		return store_failed(srv, &err, json, r);
	rc = ff_store_each_player(s, one_player, &w, &err);
	ff_serve_store_put(srv, s, rc < 0);
	if (rc < 0)
		return store_failed(srv, &err, json, r);
	return rc == 2 ? ff_serve_fail(r, 503, json, "out of memory") : rc;
}

int ff_serve_rate(struct ff_serve *srv, long long id, int json, struct ff_rate_names *nm,
		  struct ff_rate_run *run, struct ff_serve_reply *r)
{
	struct ff_stats_filter f;
	struct ff_result_filter q = { &f, NULL, NULL };
	struct ff_error err;
	struct ff_store *s;
	int rc;

	memset(&f, 0, sizeof f);
	ff_error_clear(&err);
	if (!(s = ff_serve_store_get(srv, &err)))
		return store_failed(srv, &err, json, r);
	rc = ff_store_each_player(s, ff_rate_name_add, nm, &err);
	if (rc == 0 && (id < 1 || (size_t)id >= nm->n || !nm->v[id])) {
		ff_serve_store_put(srv, s, 0);
		return ff_serve_fail(r, 404, json, "no such player");
	}
	if (rc == 0)
		rc = ff_store_each_result(s, &q, ff_rate_game, run, &err);
	ff_rate_close(run);
	ff_serve_store_put(srv, s, rc < 0 && err.msg[0]);
	if (rc && err.msg[0])
		return store_failed(srv, &err, json, r);
	return rc ? ff_serve_fail(r, 503, json, "out of memory") : 0;
}
