/* The SQLite store: opening (with migrations), importing, querying. All of
   fivefold's SQL lives in db/. */
#ifndef FF_STORE_H
#define FF_STORE_H

#include <stdint.h>

#include "lib/error.h"
#include "lib/record.h"

/* The schema version this program writes (PRAGMA user_version). */
#define FF_SCHEMA_VERSION 2

struct ff_store;

/* Open (creating if needed) the store at path and bring its schema up to
   FF_SCHEMA_VERSION with the ordered migrations. A store whose version is
   newer than the program is refused. Returns 0, or -1 with err (FF_EIO).
   The caller owns *out and frees it with ff_store_close. */
int ff_store_open(struct ff_store **out, const char *path, struct ff_error *err);
/* Close the store (NULL is fine). */
void ff_store_close(struct ff_store *s);
/* The schema version found when the store was opened (0 for a new file). */
int ff_store_found_version(const struct ff_store *s);

/* --- import (db/import.c) --- */

/* A game ready to be stored: its validated record, canonical FGN and the
   facts the statistics need. Strings are borrowed. */
struct ff_store_game {
	const struct ff_record *rec;
	const char *fgn;            /* canonical FGN text */
	size_t fgn_len;
	const char *ruleset;        /* canonical ruleset id */
	const char *game, *preset, *options;
	int seats;
	int sides;                  /* sides that can win (seats or teams) */
	int first_seat;             /* 1-based */
	int first_side;             /* 1-based side of the first seat */
	const int *side_of_seat;    /* [seats], 1-based sides */
	const char *result;
	int winner_side;            /* 1-based; 0 for a draw or unfinished */
	const char *termination;    /* normal, blocked, ..., unfinished */
	int plies;
	const char *origin;         /* "imported" or "simulated" */
	const char *source_file;
	long source_game, source_line;
};

/* A game that could not be stored as valid. */
struct ff_store_reject {
	const char *source_file;
	long source_game, source_line;
	const char *raw;            /* the game's text as read */
	size_t raw_len;
	const char *code;           /* the stable diagnostic code */
	const char *verdict;        /* "malformed" or "illegal" */
	const char *diagnostics;    /* the diagnostic lines */
};

/* Begin / commit an import batch (BEGIN IMMEDIATE ... COMMIT). Return 0 or
   -1 with err. */
int ff_store_begin(struct ff_store *s, struct ff_error *err);
int ff_store_commit(struct ff_store *s, struct ff_error *err);

/* Store a game. Returns 1 when stored, 0 when a game with the same content
   hash is already there, -1 with err. */
int ff_store_add_game(struct ff_store *s, const struct ff_store_game *g, struct ff_error *err);
/* Quarantine a rejected game. Returns 1 when added, 0 when the same entry
   (same file, game number and raw text) is already there, -1 with err. */
int ff_store_add_reject(struct ff_store *s, const struct ff_store_reject *r,
			struct ff_error *err);

/* --- statistics (db/stats.c) --- */

/* Which games `stats` looks at; NULL members do not filter. */
struct ff_stats_filter {
	const char *game, *preset;
	const char *option;     /* rulesets with this option set (name or name=value) */
	const char *origin;     /* "imported" or "simulated" */
	const char *player;     /* a seat held by this player */
	const char *since, *until;  /* Date tag range, YYYY.MM.DD, inclusive */
};

/* The games of one ruleset id played by one number of seats. Invariants:
   finished = n - unfinished; draws + sum(side_wins) = finished; plies[]
   sorted, nplies == n. */
struct ff_stats_group {
	const char *ruleset;
	int seats;
	int sides;
	long n, unfinished, draws, first_wins;
	long side_wins[16];
	const int *plies;
	size_t nplies;
	double mean, var;       /* of plies (var: sample variance) */
};

/* Call cb once per ruleset id and seat count (ids in byte order, then
   seats ascending) with its aggregates; the group and its arrays are valid
   during the call only. Returns 0, -1 with err, or cb's non-zero return. */
int ff_store_stats(struct ff_store *s, const struct ff_stats_filter *f,
		   int (*cb)(void *ctx, const struct ff_stats_group *g), void *ctx,
		   struct ff_error *err);

/* --- export (db/export.c) --- */

/* Call cb with the canonical FGN of every stored game that passes f, in
   the order stored. Returns 0, -1 with err, or cb's non-zero return. */
int ff_store_export(struct ff_store *s, const struct ff_stats_filter *f,
		    int (*cb)(void *ctx, const char *fgn, size_t len), void *ctx, struct ff_error *err);

/* The 128-bit content hash of n bytes, as 32 hex digits plus a NUL in out. */
void ff_content_hash(const void *p, size_t n, char out[33]);

#endif
