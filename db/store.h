/* The store: opening (with migrations), importing, querying, copying. The
   --db value picks the database: a path is a SQLite file (the embedded
   default), a postgresql:// or postgres:// URL a PostgreSQL database
   (db/backend.h). Both keep the same schema and give the same answers.
   All of fivefold's SQL lives in db/. */
#ifndef FF_STORE_H
#define FF_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "lib/record.h"

/* The schema version this program writes (PRAGMA user_version). */
#define FF_SCHEMA_VERSION 8

struct ff_buf;
struct ff_store;

/* Open the store db for writing (import), creating it if needed (a
   PostgreSQL database must exist; its tables are made). A SQLite file
   that PRAGMA quick_check finds damaged is refused before anything is
   written; a read-only one is refused; a newer one is refused. Then the
   schema is brought up to FF_SCHEMA_VERSION with the ordered migrations,
   in one transaction. A database that has tables but no fivefold schema
   (another program's) is refused, nothing written; a new file that
   cannot be made says why (a read-only directory or file system).
   Returns 0, or -1 with err (FF_EIO). The caller owns *out and frees it
   with ff_store_close. */
int ff_store_open(struct ff_store **out, const char *db, struct ff_error *err);
/* ff_store_open, but a database with tables of its own and no fivefold
   schema gets fivefold's tables beside them (import --init). */
int ff_store_open_init(struct ff_store **out, const char *db, struct ff_error *err);
/* Open the store db for reading only (stats, export): never creates,
   migrates or writes it. Reads schema versions 1 to FF_SCHEMA_VERSION; a
   missing store, one that is no store and a newer store are refused.
   Returns 0, or -1 with err (FF_EIO). */
int ff_store_open_read(struct ff_store **out, const char *db, struct ff_error *err);
/* The i-th store backend compiled into this fivefold (0: SQLite, always
   there): its name into *name and the --db values it takes into *db,
   static strings. Returns 0, or -1 past the last one. */
int ff_store_backend_at(size_t i, const char **name, const char **db);
/* 0 when db surely names no store (a SQLite path with no file), else 1. */
int ff_store_exists(const char *db);
/* Close the store (NULL is fine); a batch not committed is rolled back. */
void ff_store_close(struct ff_store *s);
/* The schema version found when the store was opened (0 for a new one). */
int ff_store_found_version(const struct ff_store *s);
/* Append to out the text with every secret of the store name db (NULL:
   none) shown as ***: the password of a URL's user info ("user:***@"),
   the value of a password= or sslpassword= parameter, each as written
   and %XX-decoded, wherever it occurs in text (text may be db itself, or
   libpq's or the server's message, which can repeat the URL). Every
   message fivefold prints about a store goes through it. Returns 0, or
   -1 when out of memory; out stays the caller's (ff_buf_free). */
int ff_store_hide(const char *db, const char *text, struct ff_buf *out);

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
	const char *date;           /* the Date tag as YYYY.MM.DD (?? for a part not
				       known; lib/tags.h), NULL for none or no date */
	const char *source_file;
	long source_game, source_line;
	const char *raw;            /* the game's text as read (NULL: fgn) */
	size_t raw_len;
};

/* A game that could not be stored as valid. */
struct ff_store_reject {
	const char *source_file;
	long source_game, source_line;
	const char *raw;            /* the game's text as read */
	size_t raw_len;
	const char *code;           /* the stable diagnostic code */
	const char *verdict;        /* "malformed", "illegal" or "collision" */
	const char *diagnostics;    /* the diagnostic lines */
};

/* Begin / commit an import batch (one transaction). A backend may store
   the batch's games only at the commit. Return 0 or -1 with err (then
   nothing of the batch is stored). */
int ff_store_begin(struct ff_store *s, struct ff_error *err);
int ff_store_commit(struct ff_store *s, struct ff_error *err);
/* Commit the open batch in the background where the backend can
   (PostgreSQL: a thread of its own sends it while the caller reads and
   stages the next batch), else as ff_store_commit. Its games are
   reported (ff_store_on_added) by ff_store_settle, or at the latest by
   the next call that needs the database (a commit, a quarantine entry, a
   game with a ply new to the store); an error of the commit is returned
   there. Until then the batch may be lost, as an open one, when the
   process dies. Returns 0 or -1 with err. */
int ff_store_commit_later(struct ff_store *s, struct ff_error *err);
/* Wait for a batch committing in the background, report its games and
   see it committed. Call it before printing anything about the next
   batch's games, so that reports come a batch at a time, in order; 0 at
   once when no batch is committing. Returns 0 or -1 with err. */
int ff_store_settle(struct ff_store *s, struct ff_error *err);

/* What ff_store_add_game did with a game. */
enum ff_store_added {
	FF_ADD_DUPLICATE = 0,     /* the same canonical FGN is stored already */
	FF_ADD_STORED = 1,        /* stored */
	FF_ADD_COLLISION = 2,     /* another game holds its key: quarantined */
	FF_ADD_COLLISION_AGAIN = 3  /* the same, and that entry was in quarantine already */
};

/* Who hears what became of each game given to ff_store_add_game: fn is
   called once per game, in the order given, during ff_store_add_game or,
   where the backend stores a batch at once (PostgreSQL), during the
   ff_store_commit of its batch (or the ff_store_settle after its
   ff_store_commit_later). diag is the diagnostic line of a
   collision, else NULL; valid during the call. */
void ff_store_on_added(struct ff_store *s,
		       void (*fn)(void *ctx, enum ff_store_added what, const char *diag), void *ctx);

/* Store a game under its key, the SHA-256 of its canonical FGN (g and
   what it points to are read during the call only). Where the key is taken
   already, the stored game's FGN is compared: the same text is a
   duplicate; a different one is a hash collision, and the game goes to
   quarantine (verdict "collision", code "hash-collision", its raw text)
   with a diagnostic line. What happened is reported (ff_store_on_added).
   Must be inside a batch. Returns 0, or -1 with err. */
int ff_store_add_game(struct ff_store *s, const struct ff_store_game *g, struct ff_error *err);
/* Quarantine a rejected game. Returns 1 when added, 0 when the same entry
   (same file, game number and raw text, compared, not only keyed) is
   already there, -1 with err. */
int ff_store_add_reject(struct ff_store *s, const struct ff_store_reject *r,
			struct ff_error *err);

/* --- statistics (db/stats.c) --- */

/* Which games `stats` looks at; NULL members do not filter. */
struct ff_stats_filter {
	const char *game, *preset;
	const char *option;     /* rulesets with every one of these options set
				   (blank-separated, each name or name=value) */
	const char *origin;     /* "imported" or "simulated" */
	const char *player;     /* a seat held by this player */
	const char *since, *until;  /* Date tag range, YYYY.MM.DD, inclusive */
	/* export only (NULL, or 0 where a number is not set): */
	const char *result;     /* the result token, e.g. "1-0" */
	const char *seed;       /* the Seed tag's value */
	long min_plies, max_plies;  /* plies in [min, max]; max 0: no bound */
	long seats;             /* games of this many seats; 0: any */
	long limit;             /* at most this many games (the first stored) */
	/* serve (0 or NULL: not set): */
	const char *ruleset;    /* games of this canonical ruleset id */
	long long after;        /* games stored after the game of this id (keyset pages) */
	long long id;           /* the game of this id only */
	int analysis;           /* export: each game's analysis kept last too */
	int desc;               /* export newest first (id descending); after then
				   means the games stored before that id */
	int sort;               /* export ordered by FF_SORT_*, then by id (desc:
				   both descending); after then means the games
				   after that game in this order */
};

/* The orders of an export (ff_stats_filter.sort). A date's order puts the
   games without one first (as the empty text), then by the Date's bytes;
   from schema 7 each order has an index (key, id), so a page seeks. */
enum { FF_SORT_ID, FF_SORT_DATE, FF_SORT_PLIES };

/* How many games (count) had a value (plies). */
struct ff_count {
	int value;
	long count;
};

/* The games of one ruleset id played by one number of seats. Invariants:
   finished = n - unfinished; draws + sum(side_wins) = finished; lengths[]
   ascending by value, its counts summing to n. */
struct ff_stats_group {
	const char *ruleset;
	int seats;
	int sides;
	long n, unfinished, draws, first_wins;
	long side_wins[16];
	const struct ff_count *lengths;   /* game lengths in plies */
	size_t nlengths;
	double mean, var;       /* of plies (var: sample variance) */
};

/* Call cb once per ruleset id and seat count (ids in byte order, then
   seats ascending) with its aggregates, computed in the database (it
   sends one row per distinct length and outcome, not one per game); the
   group and its arrays are valid during the call only. Returns 0, -1
   with err, or cb's non-zero return. */
int ff_store_stats(struct ff_store *s, const struct ff_stats_filter *f,
		   int (*cb)(void *ctx, const struct ff_stats_group *g), void *ctx,
		   struct ff_error *err);

/* Append to plan the query plan the database makes for ff_store_stats
   with f, one line a step (SQLite: the detail of each row of EXPLAIN
   QUERY PLAN; PostgreSQL: EXPLAIN's lines), for tests and for people
   tuning the store. Returns 0, or -1 with err. */
int ff_store_stats_plan(struct ff_store *s, const struct ff_stats_filter *f, struct ff_buf *plan,
			struct ff_error *err);

/* --- export (db/export.c) --- */

/* A stored game as export reads it: its canonical FGN and the facts the
   store keeps beside it (strings valid during the callback only). */
struct ff_exported {
	const char *fgn;
	size_t fgn_len;
	const char *ruleset;       /* canonical ruleset id */
	int seats, plies;
	int winner_side;           /* 1-based; 0 for a draw or unfinished */
	const char *termination;   /* normal, blocked, ..., unfinished */
	const char *origin;        /* "imported" or "simulated" */
	const char *date;          /* the date column; NULL when the game has none */
	long long id;              /* games.id: the order stored */
	const char *analysis;      /* with ff_stats_filter.analysis: the game's analysis
				      kept last (analyse --db) as a JSON object
				      (docs/store.md); NULL: none, or not asked */
};

/* Call cb with every stored game that passes f, in the order stored.
   Returns 0, -1 with err, or cb's non-zero return. */
int ff_store_export(struct ff_store *s, const struct ff_stats_filter *f,
		    int (*cb)(void *ctx, const struct ff_exported *g), void *ctx,
		    struct ff_error *err);

/* --- ratings and standings (db/results.c) --- */

/* A stored game's outcome and who held its seats, as `ratings` and
   `standings` read it (valid during the callback only). */
struct ff_result_game {
	long long id;              /* games.id: the order of games of one date */
	const char *ruleset;       /* canonical ruleset id */
	const char *date;          /* YYYY.MM.DD (?? for a part not known); NULL: none */
	int winner_side;           /* 1-based; 0 for a draw or unfinished */
	int unfinished;            /* result "*" */
	int seats;                 /* seats of the game; player[] and side[] have
				      min(seats, FF_RESULT_MAX_SEATS) */
	const long long *player;   /* players.id of each seat's player; 0: no Seat tag */
	const int *side;           /* each seat's side, 1-based */
};
#define FF_RESULT_MAX_SEATS 32

/* Which games ff_store_each_result reads: f (NULL members do not filter),
   and also only the games of Event event (NULL: any), and only those
   dated on or before as_of or not dated (NULL: all). */
struct ff_result_filter {
	const struct ff_stats_filter *f;
	const char *event;
	const char *as_of;
};

/* Call cb once per stored game that passes q, in date order: games
   without a date first, then by the date column (bytes, so a date with ??
   comes after the known dates of its year or month), games of one date by
   their id (the order stored). Rows are streamed: memory does not grow
   with the store. Returns 0, -1 with err, or cb's non-zero return. */
int ff_store_each_result(struct ff_store *s, const struct ff_result_filter *q,
			 int (*cb)(void *ctx, const struct ff_result_game *g), void *ctx,
			 struct ff_error *err);
/* Call cb with the id and name of every player of the store, by id.
   Returns 0, -1 with err, or cb's non-zero return. */
int ff_store_each_player(struct ff_store *s, int (*cb)(void *ctx, long long id, const char *name),
			 void *ctx, struct ff_error *err);

/* --- copying a store (store copy) --- */

/* A stored game as it was read: its canonical FGN and where it came
   from (strings valid during the callback only). */
struct ff_stored_game {
	const char *fgn;
	size_t fgn_len;
	const char *source_file;
	long source_game, source_line;
};

/* Call cb with every stored game, in the order stored, one at a time.
   Returns 0, -1 with err, or cb's non-zero return. */
int ff_store_each_game(struct ff_store *s, int (*cb)(void *ctx, const struct ff_stored_game *g),
		       void *ctx, struct ff_error *err);
/* Call cb with every quarantine entry, in the order kept. Returns 0, -1
   with err, or cb's non-zero return. */
int ff_store_each_reject(struct ff_store *s,
			 int (*cb)(void *ctx, const struct ff_store_reject *r), void *ctx,
			 struct ff_error *err);

/* --- analyses (db/analysis.c; analyse --db, stats --by player) --- */

/* One seat's sums over an analysed game. */
struct ff_store_seat_analysis {
	int seat;            /* 1-based */
	int plies, decisions, errors;
	double error, luck;  /* totals over the seat's plies */
};

/* A game's analysis as the store keeps it (strings borrowed). */
struct ff_store_analysis {
	const char *fgn;        /* the game's canonical FGN, as import stored it */
	size_t fgn_len;
	const char *game;       /* its game (the rules engine's name) */
	const char *method;     /* "exact" or "search" */
	const char *budget;     /* the search's budget as the text says it
				   ("iterations=400 width=6 seed=1"); "" for exact */
	double threshold;
	double start;           /* the start's value for the side to move there */
	const char *plies;      /* every ply's figures, a JSON array (docs/store.md) */
	int seats;
	const struct ff_store_seat_analysis *seat;   /* [seats] */
};

/* Keep a's analysis of the stored game of canonical FGN a->fgn (found by
   its key), in one transaction, or inside a batch (between ff_store_begin
   and ff_store_commit, which commits it; the batch's games given before
   are stored first) as a part of the batch's that is whole or not there:
   an analysis of the same game by the same method and budget is
   replaced. Returns 1 when kept, 0 when the store holds no game of that
   key (nothing written), -1 with err. */
int ff_store_add_analysis(struct ff_store *s, const struct ff_store_analysis *a,
			  struct ff_error *err);

/* Call cb with every analysis the store keeps, in analyses.id order (the
   order kept), one at a time: its game's canonical FGN (rebuilt as
   export does), game name, method, budget, threshold, start, plies JSON
   and its seats' sums by seat, the numbers exactly as stored (store
   copy). a and what it points to are valid during the call only. A
   store older than schema 8 has none: no call. Returns 0, -1 with err,
   or cb's non-zero return. */
int ff_store_each_analysis(struct ff_store *s,
			   int (*cb)(void *ctx, const struct ff_store_analysis *a), void *ctx,
			   struct ff_error *err);

/* One player's figures in one analysed game (valid during the callback
   only): the sums over the seats the player held there. */
struct ff_player_analysis {
	const char *player;
	const char *method, *budget;
	long long game_id;
	int decisions, errors;
	double error, luck;
};

/* Call cb once per player, method and budget, and analysed game of the
   games that pass f, in the order player name (bytes), method, budget,
   game id; seats without a player are left out. Returns 0, -1 with err,
   or cb's non-zero return. */
int ff_store_each_player_analysis(struct ff_store *s, const struct ff_stats_filter *f,
				  int (*cb)(void *ctx, const struct ff_player_analysis *p),
				  void *ctx, struct ff_error *err);

#endif
