/* Search-based move analysis (docs/analyse.md): the value of each legal
   ply of a position for the side that moves, estimated by playouts run
   through the ruleset interface alone (no game is named here), each
   with its standard error; the played ply's error (best - played) with
   the standard error of that difference, and whether it is significant.

   For a game with hidden cards the values are taken from the mover's
   information set: every sample first redeals what the mover cannot see
   (the determinize hook, through ff_rules_determinize), so nothing the mover has not seen is read,
   unless hindsight is asked for. Every sample's streams come from the
   seed, the ply number and the sample's number alone, and sample k of
   every ply compared sees the same deal, throws and draws as far as
   play lets them agree (common random numbers), so differences between
   plies are measured on the same luck; the same seed and budget give
   the same figures. */
#ifndef FF_SEARCH_H
#define FF_SEARCH_H

#include <stdint.h>

#include "lib/error.h"
#include "lib/ruleset.h"

#define FF_SEARCH_ITERATIONS 400   /* playouts per position, by default */
#define FF_SEARCH_WIDTH 6          /* plies valued at most, by default */
#define FF_SEARCH_Z 2.0            /* standard errors a significant error exceeds */
#define FF_SEARCH_MAX_WIDTH 64

/* The budget and the rules of one analysis. */
struct ff_search_opts {
	long iterations;      /* playouts per position, shared by the plies valued (>= 1) */
	long time_ms;         /* > 0: per position, instead of iterations (not reproducible) */
	int width;            /* plies valued at most: the prior's best and the played one */
	uint64_t seed;        /* the samples' streams */
	int hindsight;        /* 1: every card seen (no redeal): labelled so */
	double z;             /* an error is significant over z standard errors */
};

/* The defaults: FF_SEARCH_ITERATIONS, FF_SEARCH_WIDTH, seed 1, z 2. */
void ff_search_opts_default(struct ff_search_opts *o);

/* One ply valued. */
struct ff_search_cand {
	int index;            /* in legal[] */
	double value, se;     /* mean reward of the mover's side, its standard error */
};

/* What the search says of one position and the ply played there. */
struct ff_search_eval {
	int nlegal;           /* the legal plies of the position (1: forced) */
	int ncand;            /* how many of them were valued (cand[0..ncand)) */
	struct ff_search_cand cand[FF_SEARCH_MAX_WIDTH];
	long samples;         /* playouts per ply valued */
	int best, played;     /* indexes in legal[] */
	double best_value, best_se, played_value, played_se;
	double error, error_se;   /* best - played (>= 0), and the standard error of
				     the paired difference */
	double before;        /* games with throws: the value before the throw
				 (playouts from the position with the throw
				 redrawn); else the played value */
	double after;         /* the ply drew a card: the value after it, seen by
				 the mover; else the played value */
	double luck;          /* (best - before) + (after - played) */
};

/* Is e's error significant: over threshold and over o->z standard errors
   of the difference? */
static inline int ff_search_significant(const struct ff_search_eval *e, double threshold,
					double z)
{
	return e->error > threshold && e->error > z * e->error_se;
}

/* Value the plies legal[0..n) (n >= 1, listed for st by rules r) of st
   for the side to move, and the ply legal[played] chosen there, the
   ply_no-th of its game; drawn is the ply as the record played it (with
   what it drew in post[], for the luck of the draw; NULL: not known).
   Returns 0 and fills out, or -1 with err (FF_ENOMEM). Allocates and
   frees its own memory. The hidden cards of st must be known to the
   engine (a Seed or a Deck): the caller checks. */
int ff_search_eval(const struct ff_rules *r, const void *st, const struct ff_ply *legal, int n,
		   int played, const struct ff_ply *drawn, int ply_no,
		   const struct ff_search_opts *o, struct ff_search_eval *out, struct ff_error *err);

/* Append the budget as analyse prints it: "search iterations=400
   width=6 seed=1" (time-ms=N in place of iterations; " hindsight" when
   set). Returns 0 or -1. */
int ff_search_describe(const struct ff_search_opts *o, struct ff_buf *out);

#endif
