/* The store's backends: one const table of functions per database, as the
   rules engines are one table per game. db/store.c picks the backend from
   the --db value and calls it; nothing outside db/ knows which backend it
   talks to. Shared by the files of db/ only. */
#ifndef FF_BACKEND_H
#define FF_BACKEND_H

#include "db/store.h"
#include "lib/buf.h"

struct ff_stats_acc;
struct ff_result_acc;

/* A backend. Every function returns 0 (or what db/store.h says the public
   function returns), or -1 with err; s is a store this backend opened. */
/* How a backend opens a store. */
enum ff_open_mode {
	FF_OPEN_WRITE = 0,   /* create, check, migrate; refuse another program's database */
	FF_OPEN_READ = 1,    /* read only: never create, migrate or write */
	FF_OPEN_INIT = 2     /* FF_OPEN_WRITE, adding fivefold's tables to another program's */
};

struct ff_store_backend {
	const char *name;   /* "sqlite", "postgresql" */
	const char *db;     /* the --db values it takes, for `fivefold store backends` */
	/* Open db as mode says (enum ff_open_mode); *out is the backend's
	   store, freed by close. */
	int (*open)(struct ff_store **out, const char *db, int mode, struct ff_error *err);
	/* 0 when db surely names no store (a missing file); 1 otherwise */
	int (*exists)(const char *db);
	void (*close)(struct ff_store *s);
	int (*begin)(struct ff_store *s, struct ff_error *err);
	/* store what the batch holds, report each game (ff_store_added), commit */
	int (*commit)(struct ff_store *s, struct ff_error *err);
	/* optional: commit in the background, the games reported by settle
	   (NULL: commit does it all) */
	int (*commit_later)(struct ff_store *s, struct ff_error *err);
	/* optional: wait for a background commit and report its games */
	int (*settle)(struct ff_store *s, struct ff_error *err);
	int (*add_game)(struct ff_store *s, const struct ff_store_game *g, struct ff_error *err);
	/* insert r under key into the quarantine: 1 inserted, 0 the key is
	   taken, -1 with err */
	int (*reject_insert)(struct ff_store *s, const struct ff_store_reject *r, const char *key,
			     struct ff_error *err);
	/* 1 when the entry under key is r's (same file, game number and raw
	   text), 0 when it is another, -1 with err */
	int (*reject_same)(struct ff_store *s, const struct ff_store_reject *r, const char *key,
			   struct ff_error *err);
	/* feed the games that pass f to acc (ff_stats_acc_add), in the order
	   ruleset id (bytes), seats, plies; returns 0, -1, or acc's non-zero */
	int (*stats)(struct ff_store *s, const struct ff_stats_filter *f, struct ff_stats_acc *acc,
		     struct ff_error *err);
	int (*stats_plan)(struct ff_store *s, const struct ff_stats_filter *f, struct ff_buf *plan,
			  struct ff_error *err);
	int (*export)(struct ff_store *s, const struct ff_stats_filter *f,
		      int (*cb)(void *ctx, const struct ff_exported *g), void *ctx,
		      struct ff_error *err);
	int (*each_game)(struct ff_store *s, int (*cb)(void *ctx, const struct ff_stored_game *g),
			 void *ctx, struct ff_error *err);
	int (*each_reject)(struct ff_store *s,
			   int (*cb)(void *ctx, const struct ff_store_reject *r), void *ctx,
			   struct ff_error *err);
	/* feed the rows of the games that pass q, one per seat, to acc
	   (ff_result_acc_add), in ff_store_each_result's order, seats ascending
	   within a game; returns 0, -1, or acc's non-zero */
	int (*results)(struct ff_store *s, const struct ff_result_filter *q,
		       struct ff_result_acc *acc, struct ff_error *err);
	int (*players)(struct ff_store *s, int (*cb)(void *ctx, long long id, const char *name),
		       void *ctx, struct ff_error *err);
	/* ff_store_add_analysis, the game's key (hex) given: 1 kept, 0 no such
	   game, -1 with err */
	int (*add_analysis)(struct ff_store *s, const struct ff_store_analysis *a, const char *key,
			    struct ff_error *err);
	/* ff_store_each_analysis, the store at schema 8 or later */
	int (*each_analysis)(struct ff_store *s,
			     int (*cb)(void *ctx, const struct ff_store_analysis *a), void *ctx,
			     struct ff_error *err);
	int (*player_analysis)(struct ff_store *s, const struct ff_stats_filter *f,
			       int (*cb)(void *ctx, const struct ff_player_analysis *p),
			       void *ctx, struct ff_error *err);
};

extern const struct ff_store_backend ff_store_sqlite;
#ifdef HAVE_LIBPQ
extern const struct ff_store_backend ff_store_postgresql;
#endif

/* What every backend's store starts with (a backend's own struct has it
   as its first member). Invariant: be is the backend that opened it. */
struct ff_store {
	const struct ff_store_backend *be;
	char *name;          /* the --db value: a path or a URL */
	int found_version;   /* the schema version the store had when opened */
	int version;         /* its version now: FF_SCHEMA_VERSION once migrated */
	void (*added)(void *ctx, enum ff_store_added what, const char *diag);
	void *added_ctx;
};

/* Report what became of a game given to add_game (s->added). */
void ff_store_report(struct ff_store *s, enum ff_store_added what, const char *diag);

/* The length of a key in hex digits: SHA-256. */
#define FF_KEY_HEX 64

/* The length of a game's key as stored: the SHA-256's bytes. */
#define FF_KEY_BYTES 32
/* The n bytes (n / 2 of them) that the n hex digits hex stand for, into
   out. Returns 0, or -1 when a byte is no hex digit. */
int ff_store_unhex(const char *hex, size_t n, unsigned char *out);
/* One part of what a key hashes. */
struct ff_key_part {
	const void *p;
	size_t n;
};

/* The store's key: SHA-256 of the n parts joined by '\n', as FF_KEY_HEX
   lowercase hex digits and a NUL. Games are keyed by their canonical FGN;
   quarantine entries by file name, game number and raw text. */
void ff_store_key(const struct ff_key_part *parts, size_t n, char out[FF_KEY_HEX + 1]);
/* A game's key (of its canonical FGN). */
void ff_store_game_key(const struct ff_store_game *g, char out[FF_KEY_HEX + 1]);
/* A quarantine entry's first key (of file name, game number and raw text);
   a key taken by another entry goes on with "+1", "+2"... (out has room
   for FF_KEY_HEX + 16 bytes). */
void ff_store_reject_key(const struct ff_store_reject *r, char out[FF_KEY_HEX + 16]);
/* Fill r with the quarantine entry of a game whose key stored game id
   (where: "FILE, game N") holds with other content, its diagnostic in
   line (which r->diagnostics then points into). Returns 0, or -1 with err
   (no memory). */
int ff_store_collision(const struct ff_store_game *g, const char *key, long long id,
		       const char *where, struct ff_buf *line, struct ff_store_reject *r,
		       struct ff_error *err);

/* The seat tag's player name for seat k (1-based) of g, or NULL. */
const char *ff_store_seat_player(const struct ff_store_game *g, int k);

/* Feed one row of aggregated games to acc: count games of this ruleset
   id and seat count with these plies, first side, winner side (0: none)
   and finished or not. Rows come in ruleset id, seats order. Returns 0,
   the callback's non-zero return, or -1 (no memory). */
int ff_stats_acc_add(struct ff_stats_acc *acc, const char *ruleset, int seats, int sides,
		     int plies, int first_side, int winner_side, int unfinished, long count);

/* Feed one seat of a game to acc (rows of a game come together, seats
   ascending): game id, its ruleset id, date (NULL: none), winner side (0:
   none), unfinished or not, seat count, and the seat's side and player
   (0: none). Returns 0, the callback's non-zero return, or -1 (no
   memory). db/results.c. */
int ff_result_acc_add(struct ff_result_acc *acc, long long id, const char *ruleset,
		      const char *date, int winner_side, int unfinished, int seats, int seat,
		      int side, long long player);

#endif
