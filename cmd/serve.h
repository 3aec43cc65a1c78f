/* fivefold serve's parts (cmd/cmd_serve.c and cmd/serve_*.c): the
   server's shared state, a request as the pages see it, and the pages.
   The HTTP side is libmicrohttpd's; every query goes through db/store.h,
   each request borrowing one store connection from the server's pool. */
#ifndef FF_SERVE_H
#define FF_SERVE_H

#include <pthread.h>
#include <stddef.h>

#include "cmd/rating_run.h"
#include "db/store.h"
#include "lib/buf.h"

/* Limits (docs/serve.md). */
#define FF_SERVE_MAX_URI 4096      /* bytes of a request's path and query */
#define FF_SERVE_MAX_VALUE 256     /* bytes of one query parameter's value */
#define FF_SERVE_PAGE 50           /* games on a page when limit= is not given */
#define FF_SERVE_MAX_PAGE 500      /* games on a page at most */
#define FF_SERVE_MAX_REJECTS 1000  /* quarantine entries on its page at most */
#define FF_SERVE_MAX_PLAYERS 10000 /* players on their page at most */

/* The server: the store's name and a pool of its open connections, each
   used by one request at a time. Shared by the threads; the pool under
   lock. */
struct ff_serve {
	const char *db;             /* the --db value */
	char *title;                /* db with its secrets hidden, for pages (owned) */
	pthread_mutex_t lock;
	struct ff_store **idle;     /* open stores not in use (owned) */
	size_t nidle, cap;
	unsigned long long requests;   /* answered, under lock */
	char csp[512];              /* the game page's Content-Security-Policy */
	int exports;                /* export threads running, under lock */
	pthread_cond_t exports_done;   /* signalled when exports falls to 0 */
};

/* A store of srv's pool, or a new one (opened read-only). Returns it, or
   NULL with err. Give it back with ff_serve_store_put. */
struct ff_store *ff_serve_store_get(struct ff_serve *srv, struct ff_error *err);
/* Give s back to the pool (closed when bad or the pool cannot grow). */
void ff_serve_store_put(struct ff_serve *srv, struct ff_store *s, int bad);

/* An answer being built: its status, type and body. */
struct ff_serve_reply {
	int status;                 /* HTTP status */
	const char *type;           /* Content-Type */
	const char *location;       /* a redirect's target (static or in body) */
	int script;                 /* the page runs its own inline script */
	const char *csp;            /* then its Content-Security-Policy */
	int fd;                     /* >= 0: the body is read from this pipe (an export) */
	const char *filename;       /* a download's name (Content-Disposition) */
	struct ff_buf body;
};

/* A request's query parameters, checked (serve_query.c). */
struct ff_serve_query {
	struct ff_stats_filter f;   /* the filters; f.limit the page size */
	char since[11], until[11];  /* the dates in the store's form */
	const char *compare;        /* compare=: the option whose arms /stats sets side by
				       side (stats --compare), or NULL */
	int has_filter;             /* some filter but after= and limit= given */
	char bad[160];              /* why the query is refused ("" when fine) */
};

/* Parse the query parameters of a request (value(ctx, name, &len) gives
   one: NULL when absent) into q; names are the known ones. Returns 0, or
   -1 with q->bad set (a 400). Values are borrowed from the request. */
int ff_serve_query_parse(struct ff_serve_query *q,
			 const char *(*value)(void *ctx, const char *name, size_t *len), void *ctx);
/* Is name a query parameter some page takes? */
int ff_serve_query_known(const char *name);
/* Append the filters of q (not after= or limit=) as a query string,
   "&name=value..." with values percent-encoded, to out. */
int ff_serve_query_string(const struct ff_serve_query *q, struct ff_buf *out);
/* Append s percent-encoded for a URL's query to out. */
int ff_serve_urlenc(struct ff_buf *out, const char *s);

/* The pages: each fills r (status, type, body) for the request. id is the
   number after /games/ (or -1 when the path has none). serve_api.c and
   serve_html.c. Return 0, or -1 when r holds an error page already. */
int ff_serve_api_games(struct ff_serve *srv, const struct ff_serve_query *q,
		       struct ff_serve_reply *r);
int ff_serve_api_game(struct ff_serve *srv, long long id, struct ff_serve_reply *r);
int ff_serve_api_stats(struct ff_serve *srv, const struct ff_serve_query *q,
		       struct ff_serve_reply *r);
int ff_serve_api_quarantine(struct ff_serve *srv, struct ff_serve_reply *r);
/* /games/ID.fgn: the game's canonical FGN as text. */
int ff_serve_fgn_game(struct ff_serve *srv, long long id, struct ff_serve_reply *r);
int ff_serve_html_games(struct ff_serve *srv, const struct ff_serve_query *q,
			struct ff_serve_reply *r);
int ff_serve_html_game(struct ff_serve *srv, long long id, struct ff_serve_reply *r);
int ff_serve_html_stats(struct ff_serve *srv, const struct ff_serve_query *q,
			struct ff_serve_reply *r);
int ff_serve_html_quarantine(struct ff_serve *srv, struct ff_serve_reply *r);

/* The game page's analysis (serve_analysis.c): the stored analysis json
   (export's object) of the game g has replayed to its end (rec its
   record) appended to out as its value graph, titled title, and a table
   of the seats' sums; an analysis that cannot be read is said so there
   instead. Returns 0, or -1 when memory ran out. */
struct ff_game;
int ff_serve_analysis(struct ff_buf *out, const char *json, const struct ff_game *g,
		      const struct ff_record *rec, const char *title);

/* /export.FORMAT: start a thread that writes the games that pass q in
   format ("fgn", "jsonl", "csv") into a pipe; r->fd is its end to read
   (the caller's; libmicrohttpd closes it). Returns 0, or -1 after
   ff_serve_fail. serve_export.c. */
int ff_serve_export(struct ff_serve *srv, const struct ff_serve_query *q, const char *format,
		    struct ff_serve_reply *r);
/* Wait until every export thread of srv has ended (at the stop: the
   daemon closed their pipes, so they end at their next write). */
void ff_serve_export_wait(struct ff_serve *srv);

/* Fill r with an error answer: status and message, as JSON
   ({"error":"..."}) when json, else as a small HTML page. Returns -1. */
int ff_serve_fail(struct ff_serve_reply *r, int status, int json, const char *msg);

/* A stored game as the pages list it (serve_api.c): the facts of g and
   the tags of its record (players, result). */
struct ff_record;
struct ff_serve_row {
	const struct ff_exported *g;
	const struct ff_record *rec;   /* NULL when its FGN could not be read */
};
/* Append row's JSON object (docs/serve.md, "A game") to out; with fgn,
   its canonical FGN and the analysis the store kept last (null: none;
   f.analysis asked for it) too. Returns 0 or -1 (no memory). */
int ff_serve_row_json(struct ff_buf *out, const struct ff_serve_row *row, int fgn);

/* Read a page of the stored games that pass f (f->limit of them; one
   more is read to learn whether another page follows: then *next is the
   id of the page's last game, the after= of the next page, else 0) and
   call fn on each with its record. Returns 0, or -1 after ff_serve_fail
   (json: the error as JSON). */
int ff_serve_each_row(struct ff_serve *srv, const struct ff_stats_filter *f, int json,
		      int (*fn)(void *ctx, const struct ff_serve_row *row), void *ctx,
		      long long *next, struct ff_serve_reply *r);
/* The stats groups of f (cb as ff_store_stats's). Returns 0, or -1
   after ff_serve_fail. */
int ff_serve_stats(struct ff_serve *srv, const struct ff_stats_filter *f, int json,
		   int (*cb)(void *ctx, const struct ff_stats_group *g), void *ctx,
		   struct ff_serve_reply *r);
/* The quarantine, at most FF_SERVE_MAX_REJECTS entries, to cb. Returns 0,
   1 when entries were left out, or -1 after ff_serve_fail. */
int ff_serve_rejects(struct ff_serve *srv, int json,
		     int (*cb)(void *ctx, const struct ff_store_reject *e), void *ctx,
		     struct ff_serve_reply *r);
/* The players of the store (by id), at most FF_SERVE_MAX_PLAYERS, to cb.
   Returns 0, 1 when players were left out, or -1 after ff_serve_fail. */
int ff_serve_players(struct ff_serve *srv, int json,
		     int (*cb)(void *ctx, long long id, const char *name), void *ctx,
		     struct ff_serve_reply *r);
int ff_serve_api_players(struct ff_serve *srv, struct ff_serve_reply *r);
int ff_serve_html_players(struct ff_serve *srv, struct ff_serve_reply *r);

/* The ratings of `fivefold ratings` (its defaults: a pool per game, a
   rating period per game) over every stored game, into run (made by the
   caller, run->rated its hook), and the players' names into nm, for the
   page of player id. Returns 0, or -1 after ff_serve_fail (404 when the
   store has no player id). */
int ff_serve_rate(struct ff_serve *srv, long long id, int json, struct ff_rate_names *nm,
		  struct ff_rate_run *run, struct ff_serve_reply *r);
/* /players/ID and /api/players/ID (serve_player.c). */
int ff_serve_html_player(struct ff_serve *srv, long long id, struct ff_serve_reply *r);
int ff_serve_api_player(struct ff_serve *srv, long long id, struct ff_serve_reply *r);
/* serve_html.c's page head (title escaped, the navigation) and foot, and
   an href="path?query" (query's & escaped). Return 0 or -1 (no memory). */
int ff_serve_head(struct ff_buf *out, const struct ff_serve *srv, const char *title);
int ff_serve_foot(struct ff_buf *out);
int ff_serve_href(struct ff_buf *out, const char *path, const struct ff_buf *query);

/* Keep group g (its median and 90th percentile of lengths med, p90) in
   rs as `stats` keeps it, for the chart and --compare (serve_html.c).
   Returns 0 or -1 (no memory); ff_serve_rows_free frees rs's rows. */
struct rows;
int ff_serve_keep_row(struct rows *rs, const struct ff_stats_group *g, double med, double p90);
void ff_serve_rows_free(struct rows *rs);

/* The median and 90th percentile of g's lengths, into med and p90. */
void ff_serve_quantiles(const struct ff_stats_group *g, double *med, double *p90);

#endif
