/* fivefold serve: /export.fgn, /export.jsonl and /export.csv, the games
   that pass the filters as `fivefold export` writes them, streamed: a
   thread of its own reads the store (its own connection of the pool) and
   writes each game into a pipe that libmicrohttpd sends from as the
   client reads, so memory does not grow with the games. A client that
   goes away ends the thread at its next write. The status is sent before
   the games: a store that fails midway ends the answer early (said in the
   log). A CSV makes a first pass for the tag names, as export does. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/serve.h"
#include "cmd/tagset.h"
#include "formats/fgn.h"
#include "formats/format.h"

/* One export: what it writes and where. Owned by its thread. */
struct streaming {
	struct ff_serve *srv;
	struct ff_stats_filter f;    /* its strings owned (copies) */
	const struct ff_format *fmt;
	void *writer;
	struct ff_tagset *tags;      /* the first pass: collect tag names only */
	struct ff_record rec;
	struct ff_buf out;
	FILE *fp;
	int failed;                  /* a write failed: the client went away */
};

/* Copy the strings of f (the request's, gone when it is answered) into
   x->f. Returns 0 or -1. */
static int copy_filter(struct streaming *x, const struct ff_stats_filter *f)
{
	const char **s[] = { &x->f.game, &x->f.preset, &x->f.option, &x->f.origin, &x->f.player,
			     &x->f.since, &x->f.until, &x->f.result, &x->f.seed, &x->f.ruleset };
	size_t i;
	int rc = 0;

	x->f = *f;
	x->f.limit = 0;   /* a page's size: the export has every game that passes */
	x->f.after = 0;
	for (i = 0; i < sizeof s / sizeof s[0]; i++)
		if (*s[i] && !(*s[i] = strdup(*s[i])))
			rc = -1;
	return rc;
}

static void free_filter(struct ff_stats_filter *f)
{
	const char *s[] = { f->game, f->preset, f->option, f->origin, f->player, f->since,
			    f->until, f->result, f->seed, f->ruleset };
	size_t i;

	for (i = 0; i < sizeof s / sizeof s[0]; i++)
		free((char *)s[i]);
}

static int put_game(void *ctx, const struct ff_exported *g)
{
	struct streaming *x = ctx;
	struct ff_derived d;

	if (ff_cmd_interrupted())   /* the server stops */
		return x->failed = 1;
	if (x->tags)
		return ff_fgn_read_text(g->fgn, g->fgn_len, &x->rec, NULL) == 1 &&
		       ff_tagset_add(x->tags, &x->rec) == 0 ? 0 : 1;
	if (x->fmt->write == ff_fgn_write)   /* the store's FGN is the canonical FGN */
		return fwrite(g->fgn, 1, g->fgn_len, x->fp) == g->fgn_len ? 0 : (x->failed = 1);
	d.ruleset = g->ruleset;
	d.seats = g->seats;
	d.plies = g->plies;
	d.winner = g->winner_side;
	d.termination = g->termination;
	d.origin = g->origin;
	d.date = g->date;
	ff_buf_reset(&x->out);
	if (ff_fgn_read_text(g->fgn, g->fgn_len, &x->rec, NULL) != 1 ||
	    (x->fmt->write ? x->fmt->write(&x->rec, &x->out)
			   : x->fmt->writer_put(x->writer, &x->rec, &d, &x->out)))
		return 0;   /* as export: a game the format cannot hold is left out */
	return fwrite(x->out.p, 1, x->out.len, x->fp) == x->out.len ? 0 : (x->failed = 1);
}

/* The export on its own store connection. Returns 0, or -1 after a line
   in the log. */
static int stream(struct streaming *x)
{
	struct ff_tagset tags;
	struct ff_error err;
	struct ff_store *s;
	int rc = 0;

	memset(&tags, 0, sizeof tags);
	ff_error_clear(&err);
	if (!(s = ff_serve_store_get(x->srv, &err)))
		rc = -1;
	if (rc == 0 && x->fmt->needs_tags) {
		x->tags = &tags;
		rc = ff_store_export(s, &x->f, put_game, x, &err);
		x->tags = NULL;
	}
	if (rc == 0 && !x->fmt->write &&
	    !(x->writer = x->fmt->writer_new(tags.names, tags.n, 0)))
		rc = ff_error_set(&err, FF_ENOMEM, "out of memory");
	if (rc == 0)
		rc = ff_store_export(s, &x->f, put_game, x, &err);
	if (x->writer)
		x->fmt->writer_free(x->writer);
	ff_tagset_free(&tags);
	ff_serve_store_put(x->srv, s, rc < 0);
	if (rc < 0) {
		struct ff_buf b = FF_BUF_INIT;

		ff_store_hide(x->srv->db, err.msg, &b);
		fprintf(stderr, "fivefold serve: an export ended early: %s\n", b.p ? b.p : "");
		ff_buf_free(&b);
	}
	return rc;
}

/* One export thread fewer. */
static void ended(struct ff_serve *srv)
{
	pthread_mutex_lock(&srv->lock);
	if (--srv->exports == 0)
		pthread_cond_broadcast(&srv->exports_done);
	pthread_mutex_unlock(&srv->lock);
}

static void *run(void *arg)
{
	struct streaming *x = arg;
	struct ff_serve *srv = x->srv;

	stream(x);
	fclose(x->fp);   /* the end of the answer */
	free_filter(&x->f);
	ff_record_free(&x->rec);
	ff_buf_free(&x->out);
	free(x);
	ended(srv);
	return NULL;
}

int ff_serve_export(struct ff_serve *srv, const struct ff_serve_query *q, const char *format,
		    struct ff_serve_reply *r)
{
	struct streaming *x = calloc(1, sizeof *x);
	pthread_attr_t attr;
	pthread_t t;
	int p[2] = { -1, -1 };

	if (!x || copy_filter(x, &q->f) || ff_record_init(&x->rec)) {
		if (x) {
			free_filter(&x->f);
			ff_record_free(&x->rec);
		}
		free(x);
		return ff_serve_fail(r, 503, 0, "out of memory");
	}
	x->srv = srv;
	x->fmt = ff_format_find(format);
	if (!x->fmt || pipe(p) || !(x->fp = fdopen(p[1], "w"))) {
		if (p[0] >= 0) {
			close(p[0]);
			close(p[1]);
		}
		free_filter(&x->f);
		ff_record_free(&x->rec);
		free(x);
		return ff_serve_fail(r, 503, 0, "the export cannot start");
	}
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_mutex_lock(&srv->lock);
	srv->exports++;
	pthread_mutex_unlock(&srv->lock);
	if (pthread_create(&t, &attr, run, x)) {
		pthread_attr_destroy(&attr);
		ended(srv);
		fclose(x->fp);
		close(p[0]);
		free_filter(&x->f);
		ff_record_free(&x->rec);
		free(x);
		return ff_serve_fail(r, 503, 0, "the export cannot start");
	}
	pthread_attr_destroy(&attr);
	r->fd = p[0];
	r->type = strcmp(format, "csv") == 0 ? "text/csv; charset=utf-8" :
		  strcmp(format, "jsonl") == 0 ? "application/jsonl" : "text/plain; charset=utf-8";
	r->filename = strcmp(format, "csv") == 0 ? "games.csv" :
		      strcmp(format, "jsonl") == 0 ? "games.jsonl" : "games.fgn";
	return 0;
}

void ff_serve_export_wait(struct ff_serve *srv)
{
	pthread_mutex_lock(&srv->lock);
	while (srv->exports)
		pthread_cond_wait(&srv->exports_done, &srv->lock);
	pthread_mutex_unlock(&srv->lock);
}
