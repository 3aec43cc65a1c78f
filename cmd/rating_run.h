/* The rating run of `fivefold ratings` (docs/ratings.md), shared by
   `ratings` and `serve`'s player pages: the stored games, read in date
   order by ff_store_each_result, rated one at a time (lib/rating.h) in
   one pool per game family or ruleset id, each game a Glicko-2 rating
   period or the games of a day, month, year or all of them one. */
#ifndef FF_RATING_RUN_H
#define FF_RATING_RUN_H

#include <stddef.h>

#include "db/store.h"
#include "lib/rating.h"

/* The pools (--by) and the rating periods (--period), in the order of
   their option's choices. */
#define FF_RATE_Z95 1.959964   /* the 95% interval: rating +- FF_RATE_Z95 * RD */

enum { FF_RATE_BY_GAME, FF_RATE_BY_RULESET };
enum { FF_PERIOD_GAME, FF_PERIOD_DAY, FF_PERIOD_MONTH, FF_PERIOD_YEAR, FF_PERIOD_ALL };

/* One rating pool: a game family or a ruleset id. Invariant: r[id] is a
   player's state once r[id].rd > 0 (0: not met in this pool). */
struct ff_rate_pool {
	char *name;
	struct ff_rating *r;
	size_t cap;
	long rated, unfinished, unnamed, two_sides, one_side, too_many;
};

/* A player of a pool (indices, not pointers: both arrays grow). */
struct seat_ref {
	size_t pool;
	long long id;
};

/* Invariants: with a period longer than a game, open[0, nopen) are the
   players who played in the open period (each once), whose games
   ff_rating_close has not yet counted; key[0, keylen) is the period's
   date prefix (keylen -1: no period open, or an undated game's). */
struct ff_rate_run {
	struct ff_rate_pool *v;
	size_t n, cap;
	size_t last;            /* the pool of the previous game */
	int by, period;
	struct ff_rating_params par;
	struct seat_ref *open;
	size_t nopen, capopen;
	char key[11];
	int keylen;
	long periods;           /* rating periods closed */
	/* called after each game rated (NULL: not), with the game and its
	   seats' states after it (pl[k] for seat k); non-zero stops the run */
	int (*rated)(void *ctx, const struct ff_rate_run *c, const struct ff_result_game *g,
		     struct ff_rating *const *pl);
	void *rated_ctx;
};

/* The players' names by id (players.id), read from the store first. */
struct ff_rate_names {
	char **v;
	size_t n;
};

/* Add player id's name (ff_store_each_player's callback; ctx the
   names). Returns 0, or -1 when out of memory. */
int ff_rate_name_add(void *ctx, long long id, const char *name);
/* Player id's name, "?" when not known (owned by nm). */
const char *ff_rate_name(const struct ff_rate_names *nm, long long id);
/* Free the names. */
void ff_rate_names_free(struct ff_rate_names *nm);

/* Start c: pools by `by`, periods of `period`, the default parameters
   (lib/rating.h), no hook. */
void ff_rate_run_init(struct ff_rate_run *c, int by, int period);
/* Rate one game into c (ff_store_each_result's callback; ctx is c).
   Returns 0, or -1 when memory ran out or the hook said stop. */
int ff_rate_game(void *ctx, const struct ff_result_game *g);
/* End the open rating period: every player who played in it updated. */
void ff_rate_close(struct ff_rate_run *c);
/* Free what c owns (its pools and their players). */
void ff_rate_run_free(struct ff_rate_run *c);
/* The name of pool p of ruleset id `id` under `by`: its length in id
   (the game, "fivelines", or the whole id). */
size_t ff_rate_pool_key(const char *id, int by);

#endif
