/* The store's internals, shared by the files of db/ only. */
#ifndef FF_STORE_INT_H
#define FF_STORE_INT_H

#include <sqlite3.h>

#include "db/store.h"
#include "lib/buf.h"

enum {
	ST_GAME, ST_GAME_SAME, ST_TAG, ST_PLAYER, ST_PLAYER_ID, ST_SEAT, ST_REJECT,
	ST_REJECT_SAME,
	ST_COUNT
};

/* The length of a key in hex digits: SHA-256. */
#define FF_KEY_HEX 64

/* One part of what a key hashes. */
struct ff_key_part {
	const void *p;
	size_t n;
};

/* Invariants: db is open; opened for writing, it is at FF_SCHEMA_VERSION
   (for reading, at 1 to FF_SCHEMA_VERSION); stmt[i] is NULL or a
   statement prepared on db; cache holds ncache (name, players.id) pairs of
   rows that exist (committed or in the open transaction). */
struct ff_store {
	sqlite3 *db;
	char *path;
	int found_version;   /* the schema version the store had when opened */
	int version;         /* its version now: FF_SCHEMA_VERSION once migrated */
	struct ff_buf ids;   /* scratch: a game's games.players while it is added */
	sqlite3_stmt *stmt[ST_COUNT];
	struct {
		char *name;
		sqlite3_int64 id;
	} cache[32];
	size_t ncache;
};

/* The store's key: SHA-256 of the n parts joined by '\n', as FF_KEY_HEX
   lowercase hex digits and a NUL. Games are keyed by their canonical FGN;
   quarantine entries by file name, game number and raw text. */
void ff_store_key(const struct ff_key_part *parts, size_t n, char out[FF_KEY_HEX + 1]);
/* Prepare *st once (persistent). Returns 0 or -1 with err. */
int ff_store_prepare(struct ff_store *s, sqlite3_stmt **st, const char *sql, struct ff_error *err);
/* Append the filter's conditions, each as " AND cond" with named
   parameters (:game, :preset, ...), to a query of s whose WHERE clause is
   open (a store read at an older schema version gets the conditions its
   columns allow). */
void ff_store_filter_sql(const struct ff_store *s, struct ff_buf *sql,
			 const struct ff_stats_filter *f);
/* Bind the filter's values to the named parameters of st that use them. */
void ff_store_bind_filter(sqlite3_stmt *st, const struct ff_stats_filter *f);
/* Fill err from the database's last error; returns -1. */
int ff_store_fail(struct ff_store *s, struct ff_error *err, const char *what);

#endif
