/* The PostgreSQL backend's internals, shared by db/pg_*.c only. The
   files are layered, each calling only those below it (tests/layers.sh
   checks it with nm):
   1. db/pg_conn.c: messages, statements, queries, streamed rows;
   2. db/pg_plies.c (ply codes, a row's FGN), db/pg_filter.c (filters);
   3. db/pg_batch.c: a batch's commit (which the staging of the next
      waits for, ff_pg_settle);
   4. db/pg_schema.c, db/pg_import.c, db/pg_export.c, db/pg_stats.c,
      db/pg_results.c, db/pg_analysis.c: one job of the backend each;
   5. db/pg_store.c: open and close, the backend's table. */
#ifndef FF_PG_H
#define FF_PG_H

#include <libpq-fe.h>
#include <pthread.h>

#include "db/backend.h"
#include "db/compact.h"
#include "db/dict.h"
#include "lib/buf.h"

/* What a collision's quarantine entry needs of a game staged in the
   batch, kept here (the database gets the rest): offsets into the
   batch's keep buffer. */
struct ff_pg_staged {
	size_t file, raw, raw_len, fgn_line;   /* fgn_line: its line in games */
	size_t fgn, fgn_len;                   /* its canonical FGN */
	long source_game, source_line;
	long id;                               /* its games.id, once numbered */
	char key[FF_KEY_HEX + 1];
};

/* A batch's games as staged: the COPY text of their rows (games without
   their ids, a line each; seats by the game's number in the batch, seq),
   what a collision's quarantine entry would need of each (staged[0..n),
   offsets into keep), and once numbered the games' lines with their ids
   (ids); arr is scratch for the commit. */
struct ff_pg_batch {
	struct ff_buf games, seats, keep, ids, arr;
	struct ff_pg_staged *staged;
	size_t n, cap;
	int news;               /* a ruleset, source, template or player new to known */
};

/* A batch being committed on a thread of its own (ff_pg_commit_later):
   its outcome, read once the thread is joined. */
struct ff_pg_flight {
	pthread_t tid;
	int on;                 /* a thread is running or not yet joined */
	int rc;                 /* 0, or -1 with err */
	int committed;          /* COMMIT done: no key was taken */
	PGresult *stored;       /* the ids of the games the INSERT stored */
	PGresult *taken;        /* the stored games holding skipped games' keys */
	PGresult *ids;          /* ids_sql's rows, for a batch with new values */
	struct ff_error err;
};

/* Invariants: conn is open and in a good state; opened for writing, the
   schema is at FF_SCHEMA_VERSION and the staging tables exist; between
   begin and commit, in_batch is 1 (the batch's transaction is opened at
   its commit: until then the new ply codes a game needs are added each
   in a transaction of its own, so importers never wait on each other's
   batches for them); cur holds the games staged since; while fly.on, a
   thread commits the batch *flying and owns conn: nothing else may use
   conn until ff_pg_settle has joined it; plies holds the ply_codes rows
   known (all of them once opened for writing, and those added since). */
struct ff_pg {
	struct ff_store base;
	PGconn *conn;
	int in_batch;
	int analyses_tx;                    /* in a batch: the transaction of its analyses
					       (ff_pg_add_analysis) is open, committed
					       before its games are */
	int put_prepared;                   /* ff_put_analysis is prepared (db/pg_analysis.c) */
	int fast;                           /* the last batch's keys were all free */
	struct ff_pg_batch bt[2];           /* cur and flying point into it */
	struct ff_pg_batch *cur, *flying;
	struct ff_pg_flight fly;
	struct ff_compact cpt;              /* scratch: the game being staged */
	struct ff_buf moves, fgn;           /* scratch: its codes; a stored game's FGN */
	struct ff_dict plies;
	struct ff_dict known;               /* the rulesets, sources, templates and players of
					       the batches staged before cur, each with a
					       letter first (r, s, h, p): in the store
					       when cur's statements run */
	struct ff_dict ids;                 /* their ids, known once a batch committed them */
	int streaming;                      /* a query's rows are being read */
	char *url;                          /* the --db value as given (ff_store_hide's key) */
	struct ff_buf line, pl;             /* scratch */
	struct ff_buf filt;                 /* the ruleset ids a filter allows, as an array */
};

/* The PostgreSQL store behind s. */
static inline struct ff_pg *ff_pg_of(struct ff_store *s)
{
	return (struct ff_pg *)s;
}

/* A query with its text parameters, built up by ff_pg_param. */
struct ff_pg_query {
	struct ff_buf sql;
	const char *val[24];
	int n;
};

/* Append "$k" to q's SQL for the value v (a string that outlives q),
   reusing the number of a value already given. */
void ff_pg_param(struct ff_pg_query *q, const char *v);

/* --- db/pg_conn.c --- */

/* msg on one line in out (size bytes), every secret of url hidden
   (ff_store_hide) before it is cut to size: newlines and tabs as one
   space each run, none at the end; "error" for an empty msg. */
void ff_pg_one_line(char *out, size_t size, const char *url, const char *msg);
/* Fill err from the connection's last error (or res's); returns -1. */
int ff_pg_fail(struct ff_pg *s, const PGresult *res, struct ff_error *err, const char *what);
/* Run sql (no parameters, no rows wanted). Returns 0 or -1 with err. */
int ff_pg_exec(struct ff_pg *s, const char *sql, struct ff_error *err);
/* Run q (text parameters); *res holds its rows (PQclear it). Returns 0, or
   -1 with err (and *res NULL). */
int ff_pg_run(struct ff_pg *s, const struct ff_pg_query *q, PGresult **res,
	      struct ff_error *err);
/* Send q in one read-only snapshot (REPEATABLE READ), after before(s,
   err) when before is not NULL (in the snapshot: no query can be sent
   while the rows come), and call row(ctx2, res) for each row as it
   arrives (libpq's single-row mode: constant memory); what names the
   reading in messages. Returns 0, -1 with err, or row's non-zero return
   (the rest of the rows read and dropped). */
int ff_pg_stream(struct ff_pg *s, const struct ff_pg_query *q,
		 int (*before)(struct ff_pg *s, struct ff_error *err),
		 int (*row)(void *ctx2, const PGresult *res), void *ctx2, const char *what,
		 struct ff_error *err);
/* Decode a bytea column's text form ("\x" and hex digits) into out.
   Returns 0 or -1 (no memory, or not that form). */
int ff_pg_bytea(const char *text, struct ff_buf *out);

/* --- db/pg_filter.c --- */

/* The room ff_pg_filter_sql needs for the text of a filter's numbers. */
#define FF_PG_FILTER_NUM 120
/* Append the filter's conditions to q, each " AND cond" with parameters,
   as the SQLite backend's (db/sqlite_stats.c); num (numsize >=
   FF_PG_FILTER_NUM bytes)
   holds the text of its numbers, s->filt the ruleset ids it allows (read
   from rulesets here). Returns 0, or -1 with err. */
int ff_pg_filter_sql(struct ff_pg *s, struct ff_pg_query *q, const struct ff_stats_filter *f,
		     char *num, size_t numsize, struct ff_error *err);
/* --- db/pg_plies.c --- */

/* The token of ply code code, from s->plies or the store (for
   ff_compact_rebuild; ctx is s). Returns 0, or -1 with err. */
int ff_pg_ply(void *ctx, uint32_t code, const char **p, size_t *n, struct ff_error *err);
/* Read every row of ply_codes that s->plies lacks into it. Returns 0,
   or -1 with err. */
int ff_pg_load_plies(struct ff_pg *s, struct ff_error *err);
/* The columns a query selects for a game's canonical FGN (FF_PG_FGN_N of
   them, first in the row: template, moves, body, seed, event, site,
   date, round, result; of the table or alias t), and the FGN of row row of res into out (reset
   first). Returns 0, or -1 with err. */
#define FF_PG_FGN_N 9
#define FF_PG_FGN_COLS(t) "(SELECT template FROM headers WHERE id = " t ".header), " t ".moves, " \
	t ".body, " t ".seed, " t ".event, " t ".site, " t ".date, " t ".round, " t ".result"
/* The same for a store at schema version v (before 6: its whole FGN as
   the body), of the table games. */
#define FF_PG_FGN_COLS_5 "NULL, NULL, fgn, NULL, NULL, NULL, NULL, NULL, NULL"
static inline const char *ff_pg_fgn_cols(int v)
{
	return v >= 6 ? FF_PG_FGN_COLS("games") : FF_PG_FGN_COLS_5;
}
int ff_pg_row_fgn(struct ff_pg *s, const PGresult *res, int row, struct ff_buf *out,
		  struct ff_error *err);

/* --- the backend's jobs: db/pg_schema.c and the rest --- */

/* The schema: create or migrate a store opened for writing (a new
   store's tables beside another program's only when init is 1). */
int ff_pg_migrate(struct ff_pg *s, int init, struct ff_error *err);
/* The schema version of a store, or 0 when it has none. */
int ff_pg_version(struct ff_pg *s, int *v, struct ff_error *err);

/* The backend's functions (struct ff_store_backend), by file. */
int ff_pg_add_game(struct ff_store *s, const struct ff_store_game *g, struct ff_error *err);
int ff_pg_reject_insert(struct ff_store *s, const struct ff_store_reject *r, const char *key,
			struct ff_error *err);
int ff_pg_reject_same(struct ff_store *s, const struct ff_store_reject *r, const char *key,
		      struct ff_error *err);
/* The batch's commit (db/pg_batch.c): ff_pg_commit stores s->cur, reports
   each game and commits, after settling a batch committing on its thread;
   ff_pg_commit_later settles, then commits s->cur on a thread of its own;
   ff_pg_settle joins that thread, reports the batch's games and commits
   it where the thread left that to it (0 when none flies). ff_pg_commit
   and ff_pg_commit_later commit the batch's analyses first (analyses_tx).
   Each returns 0, or -1 with err (the batch rolled back). */
int ff_pg_commit(struct ff_pg *s, struct ff_error *err);
int ff_pg_commit_later(struct ff_pg *s, struct ff_error *err);
int ff_pg_settle(struct ff_pg *s, struct ff_error *err);
/* Free a batch's buffers. */
void ff_pg_batch_free(struct ff_pg_batch *b);
int ff_pg_stats(struct ff_store *s, const struct ff_stats_filter *f, struct ff_stats_acc *acc,
		struct ff_error *err);
int ff_pg_stats_plan(struct ff_store *s, const struct ff_stats_filter *f, struct ff_buf *plan,
		     struct ff_error *err);
int ff_pg_export(struct ff_store *s, const struct ff_stats_filter *f,
		 int (*cb)(void *ctx, const struct ff_exported *g), void *ctx, struct ff_error *err);
int ff_pg_each_game(struct ff_store *s, int (*cb)(void *ctx, const struct ff_stored_game *g),
		    void *ctx, struct ff_error *err);
int ff_pg_each_reject(struct ff_store *s, int (*cb)(void *ctx, const struct ff_store_reject *r),
		      void *ctx, struct ff_error *err);
int ff_pg_results(struct ff_store *s, const struct ff_result_filter *q,
		  struct ff_result_acc *acc, struct ff_error *err);
int ff_pg_add_analysis(struct ff_store *s, const struct ff_store_analysis *a, const char *key,
		       struct ff_error *err);
int ff_pg_each_analysis(struct ff_store *s,
			int (*cb)(void *ctx, const struct ff_store_analysis *a), void *ctx,
			struct ff_error *err);
int ff_pg_player_analysis(struct ff_store *s, const struct ff_stats_filter *f,
			  int (*cb)(void *ctx, const struct ff_player_analysis *p), void *ctx,
			  struct ff_error *err);
int ff_pg_players(struct ff_store *s, int (*cb)(void *ctx, long long id, const char *name),
		  void *ctx, struct ff_error *err);

#endif
