/* Move analysis against a solution (docs/solve.md "Analysing games"):
   for a ply, the value of the position before the throw, of the best ply
   the throw allows and of the ply played, all for the side that moves;
   from them the ply's error (best - played) and the throw's luck (best -
   before). Per seat, the sums and the count of errors over a threshold.
   GNU Backgammon's analysis, with exact values in place of its neural
   network's estimates. */
#ifndef FF_ANALYSE_H
#define FF_ANALYSE_H

#include "lib/analysis/search.h"
#include "lib/analysis/solve.h"
#include "lib/buf.h"
#include "lib/record.h"
#include "lib/replay.h"
#include "lib/ruleset.h"

#define FF_TIE 1e-12   /* values closer than this are equal */

/* One ply, for the side that moves. */
struct ff_ply_eval {
	double before;   /* the position before the throw */
	double best;     /* the best ply for the throw: the position after the throw */
	double played;   /* the ply played */
	int best_index;  /* the first best ply in legal order (within FF_TIE) */
	double luck;     /* exact: best - before; search: ff_search_eval's */
	double error_se; /* the error's standard error (exact: 0) */
	int nlegal;      /* the legal plies of the position, preludes not counted (1: forced) */
};

/* The error: 0 for a ply within FF_TIE of the best, which is a best ply. */
static inline double ff_ply_eval_error(const struct ff_ply_eval *e)
{
	return e->best - e->played > FF_TIE ? e->best - e->played : 0;
}

static inline double ff_ply_eval_luck(const struct ff_ply_eval *e)
{
	return e->luck;
}

/* Is e's error over threshold and, for a search's estimate, over z of its
   standard errors (an exact error has none)? */
static inline int ff_ply_eval_flagged(const struct ff_ply_eval *e, double threshold, double z)
{
	double error = ff_ply_eval_error(e);

	return error > threshold && error > z * e->error_se;
}

/* Evaluate the ply played at st, chosen from legal[0..n) (the plies its
   throw allows; n >= 1). Returns 0, or -1 with err (FF_EUNSOLVED: the
   solution lacks st or a successor). */
int ff_ply_eval(const struct ff_solution *sol, const void *st, const struct ff_ply *legal,
		int n, const struct ff_ply *played, struct ff_ply_eval *out, struct ff_error *err);

/* A seat's sums over a game. */
struct ff_seat_eval {
	int plies;
	int decisions;   /* plies with more than one legal ply (the others are forced) */
	int errors;      /* plies whose error is flagged (ff_ply_eval_flagged) */
	double error;    /* total error */
	double luck;     /* total luck */
};

/* Add e to s; a flagged error (ff_ply_eval_flagged with threshold and z)
   counts as one. */
void ff_seat_eval_add(struct ff_seat_eval *s, const struct ff_ply_eval *e, double threshold,
		      double z);

/* One analysed ply of a game. */
struct ff_analysed_ply {
	int ply;          /* 1-based, preludes not counted */
	size_t token;     /* its token in the record (0-based) */
	int seat;         /* 1-based seat that moved */
	int chance;       /* the throw (FF_NO_CHANCE: none) */
	struct ff_ply_eval e;
	size_t played, best;   /* offsets in text: the plies in long form */
	size_t cands;          /* search: offset in text of the plies valued, each
				  "PLY VALUE SE" NUL-terminated, ncand of them */
	int ncand;             /* search: how many plies were valued (exact: 0) */
	long samples;          /* search: playouts per ply valued */
};

/* A game analysed. Invariant after ff_analysis_run: v[0..n) are its plies
   in order; seat[0..seats) the sums of each seat's; start the value of
   the start for the side to move there; text holds the plies' texts,
   each NUL-terminated. The struct owns v and text; reused game after
   game. */
struct ff_analysis {
	double threshold;      /* errors over it are counted */
	struct ff_analysed_ply *v;
	size_t n, cap;
	struct ff_buf text;
	struct ff_seat_eval seat[FF_MAX_SEATS];
	int seats;
	double start;
	/* the method: NULL for the exact one, else the search's budget */
	const struct ff_search_opts *search;
	/* while a game runs */
	const struct ff_solution *sol;
	struct ff_ply *legal;   /* search: the plies proper of a position */
	struct ff_error err;
	int bad;
};

void ff_analysis_init(struct ff_analysis *a, double threshold);
void ff_analysis_free(struct ff_analysis *a);

/* Replay rec through g (ff_game_start done: g holds its start) and value
   every ply against sol, a solution of its ruleset. Returns 0, or -1 with
   err: the replay's diagnostic (the game breaks the rules), FF_EUNSOLVED
   (sol lacks a position) or FF_ENOMEM. */
int ff_analysis_run(struct ff_analysis *a, struct ff_game *g, const struct ff_solution *sol,
		    const struct ff_record *rec, struct ff_error *err);

/* Replay rec through g (ff_game_start done) and value every ply by
   search (lib/analysis/search.h) with the budget o (kept: it must outlive
   a). A card game's hands must be known (a Seed or a Deck tag): else
   FF_EUNSOLVED. Returns 0, or -1 with err as ff_analysis_run. */
int ff_analysis_run_search(struct ff_analysis *a, struct ff_game *g,
			   const struct ff_search_opts *o, const struct ff_record *rec,
			   struct ff_error *err);

/* The z an error must exceed in standard errors: the search's (exact:
   0, errors have none). */
static inline double ff_analysis_z(const struct ff_analysis *a)
{
	return a->search ? a->search->z : 0;
}

/* The text at offset off of a's text. */
static inline const char *ff_analysis_str(const struct ff_analysis *a, size_t off)
{
	return a->text.p + off;
}

/* Solve g's ruleset from g's start (ff_game_start done) to tolerance,
   telling progress (NULL: nobody) with ctx how it goes (as ff_solve_opts).
   Returns 0, or -1 with err (as ff_solve). Free sol with
   ff_solution_free. */
int ff_analysis_solve(struct ff_solution *sol, const struct ff_game *g, double tolerance,
		      void (*progress)(void *ctx, const struct ff_solve_progress *p), void *ctx,
		      struct ff_error *err);

#endif
