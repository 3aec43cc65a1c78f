/* The SQLite backend's internals, shared by db/sqlite_*.c only. */
#ifndef FF_SQLITE_H
#define FF_SQLITE_H

#include <sqlite3.h>

#include "db/backend.h"
#include "db/compact.h"
#include "db/dict.h"
#include "lib/buf.h"

enum {
	ST_GAME, ST_GAME_SAME, ST_PLAYER, ST_PLAYER_ID, ST_SEAT, ST_REJECT, ST_REJECT_SAME,
	ST_TMPL_ADD, ST_TMPL_ID, ST_PLY_ADD, ST_PLY_ID, ST_PLY_TEXT, ST_RULESET, ST_SOURCE_ADD,
	ST_SOURCE_ID, ST_AN_GAME, ST_AN_DEL, ST_AN_INS, ST_AN_SEAT,
	ST_COUNT
};

/* Invariants: db is open; opened for writing, it is at FF_SCHEMA_VERSION
   (for reading, at 1 to FF_SCHEMA_VERSION); stmt[i] is NULL or a
   statement prepared on db; cache holds ncache (name, players.id) pairs of
   rows that exist (committed or in the open transaction). */
struct ff_sqlite {
	struct ff_store base;
	sqlite3 *db;
	struct ff_buf ids;   /* scratch: a game's games.players while it is added */
	struct ff_buf line;  /* scratch: a collision's diagnostic */
	sqlite3_stmt *stmt[ST_COUNT];
	struct {
		char *name;
		sqlite3_int64 id;
	} cache[32];
	size_t ncache;
	struct ff_compact cpt;   /* scratch: the game being added, compact */
	struct ff_buf moves;     /* scratch: its ply codes */
	struct ff_buf fgn;       /* scratch: a stored game's FGN, rebuilt */
	struct ff_dict plies;    /* ply_codes rows looked up: ply, code */
	struct ff_dict tmpls;    /* headers rows: template, id (a bounded cache) */
	struct ff_dict rulesets; /* rulesets rows there are (id 1) */
	struct ff_dict sources;  /* sources rows: path, id (a bounded cache) */
};

/* The SQLite store behind s (a store the SQLite backend opened). */
static inline struct ff_sqlite *ff_sqlite_of(struct ff_store *s)
{
	return (struct ff_sqlite *)s;
}

/* Prepare *st once (persistent). Returns 0 or -1 with err. */
int ff_sqlite_prepare(struct ff_sqlite *s, sqlite3_stmt **st, const char *sql,
		      struct ff_error *err);
/* Fill err from the database's last error; returns -1. */
int ff_sqlite_fail(struct ff_sqlite *s, struct ff_error *err, const char *what);
/* Append the filter's conditions, each as " AND cond" with named
   parameters (:game, :preset, ...), to a query of s whose WHERE clause is
   open (a store read at an older schema version gets the conditions its
   columns allow). */
void ff_sqlite_filter_sql(const struct ff_sqlite *s, struct ff_buf *sql,
			  const struct ff_stats_filter *f);
/* Bind the filter's values to the named parameters of st that use them. */
void ff_sqlite_bind_filter(sqlite3_stmt *st, const struct ff_stats_filter *f);

/* The token of ply code code, from s->plies or the store (for
   ff_compact_rebuild; ctx is s). Returns 0, or -1 with err. */
int ff_sqlite_ply(void *ctx, uint32_t code, const char **p, size_t *n, struct ff_error *err);
/* The columns a query selects for a game's canonical FGN (FF_SQLITE_FGN_N
   of them, first in the row), for a store at schema version v, and the
   FGN of the row st stands on into out (reset first). Returns 0, or -1
   with err. */
#define FF_SQLITE_FGN_N 9
const char *ff_sqlite_fgn_cols(int v);
int ff_sqlite_row_fgn(struct ff_sqlite *s, sqlite3_stmt *st, struct ff_buf *out,
		      struct ff_error *err);

/* The backend's functions (struct ff_store_backend), by file. */
int ff_sqlite_add_game(struct ff_store *s, const struct ff_store_game *g, struct ff_error *err);
int ff_sqlite_reject_insert(struct ff_store *s, const struct ff_store_reject *r, const char *key,
			    struct ff_error *err);
int ff_sqlite_reject_same(struct ff_store *s, const struct ff_store_reject *r, const char *key,
			  struct ff_error *err);
int ff_sqlite_stats(struct ff_store *s, const struct ff_stats_filter *f, struct ff_stats_acc *acc,
		    struct ff_error *err);
int ff_sqlite_stats_plan(struct ff_store *s, const struct ff_stats_filter *f, struct ff_buf *plan,
			 struct ff_error *err);
int ff_sqlite_export(struct ff_store *s, const struct ff_stats_filter *f,
		     int (*cb)(void *ctx, const struct ff_exported *g), void *ctx,
		     struct ff_error *err);
int ff_sqlite_each_game(struct ff_store *s, int (*cb)(void *ctx, const struct ff_stored_game *g),
			void *ctx, struct ff_error *err);
int ff_sqlite_each_reject(struct ff_store *s,
			  int (*cb)(void *ctx, const struct ff_store_reject *r), void *ctx,
			  struct ff_error *err);
int ff_sqlite_results(struct ff_store *s, const struct ff_result_filter *q,
		      struct ff_result_acc *acc, struct ff_error *err);
int ff_sqlite_add_analysis(struct ff_store *s, const struct ff_store_analysis *a, const char *key,
			   struct ff_error *err);
int ff_sqlite_each_analysis(struct ff_store *s,
			    int (*cb)(void *ctx, const struct ff_store_analysis *a), void *ctx,
			    struct ff_error *err);
int ff_sqlite_player_analysis(struct ff_store *s, const struct ff_stats_filter *f,
			      int (*cb)(void *ctx, const struct ff_player_analysis *p), void *ctx,
			      struct ff_error *err);
int ff_sqlite_players(struct ff_store *s, int (*cb)(void *ctx, long long id, const char *name),
		      void *ctx, struct ff_error *err);

#endif
