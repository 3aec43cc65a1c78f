/* Move analysis against a solution (docs/solve.md "Analysing games"):
   for a ply, the value of the position before the throw, of the best ply
   the throw allows and of the ply played, all for the side that moves;
   from them the ply's error (best - played) and the throw's luck (best -
   before). Per seat, the sums and the count of errors over a threshold.
   GNU Backgammon's analysis, with exact values in place of its neural
   network's estimates. */
#ifndef FF_ANALYSE_H
#define FF_ANALYSE_H

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
};

/* The error: 0 for a ply within FF_TIE of the best, which is a best ply. */
static inline double ff_ply_eval_error(const struct ff_ply_eval *e)
{
	return e->best - e->played > FF_TIE ? e->best - e->played : 0;
}

static inline double ff_ply_eval_luck(const struct ff_ply_eval *e)
{
	return e->best - e->before;
}

/* Evaluate the ply played at st, chosen from legal[0..n) (the plies its
   throw allows; n >= 1). Returns 0, or -1 with err (FF_EUNSOLVED: the
   solution lacks st or a successor). */
int ff_ply_eval(const struct ff_solution *sol, const void *st, const struct ff_ply *legal,
		int n, const struct ff_ply *played, struct ff_ply_eval *out, struct ff_error *err);

/* A seat's sums over a game. */
struct ff_seat_eval {
	int plies;
	int errors;      /* plies whose error is over the threshold */
	double error;    /* total error */
	double luck;     /* total luck */
};

/* Add e to s; an error over threshold counts as one. */
void ff_seat_eval_add(struct ff_seat_eval *s, const struct ff_ply_eval *e, double threshold);

/* One analysed ply of a game. */
struct ff_analysed_ply {
	int ply;          /* 1-based, preludes not counted */
	size_t token;     /* its token in the record (0-based) */
	int seat;         /* 1-based seat that moved */
	int chance;       /* the throw (FF_NO_CHANCE: none) */
	struct ff_ply_eval e;
	size_t played, best;   /* offsets in text: the plies in long form */
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
	/* while a game runs */
	const struct ff_solution *sol;
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
