/* Exact values of a dice game under optimal play (docs/solve.md,
   issue 13): every position reachable from a start is found through the
   ruleset interface (chances, legal, apply, key), and value iteration
   gives each the probability that its side to move wins when both sides
   play to win (a draw counts one half). Two sides only. */
#ifndef FF_SOLVE_H
#define FF_SOLVE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/error.h"
#include "lib/ruleset.h"

/* How far a solve has gone, for a progress line (the library never
   prints). Phase 0: finding the positions (found so far, expanded of
   them); phase 1: all found (sweep 0), then after each sweep its largest
   change. bytes: the memory held so far. */
struct ff_solve_progress {
	int phase;
	size_t found, expanded, edges, bytes;
	int sweep;
	double change;
};

struct ff_solve_opts {
	double tolerance;     /* stop when the change still to come is estimated within it */
	int max_iterations;   /* and in any case after this many sweeps */
	int reverse;          /* sweep the positions first found first (the result must not change) */
	size_t max_states;    /* refuse a game of more positions (0: up to 2^31 - 1) */
	int plain;            /* sweeps only, no extrapolation (the result must not change) */
	/* called every 16,384 positions expanded, once all are found, and
	   after each sweep, with ctx; NULL: not */
	void (*progress)(void *ctx, const struct ff_solve_progress *p);
	void *ctx;
	/* NULL, or a flag (a signal handler's: the caller's) read where
	   progress is told: non-zero stops the solve (ff_solve returns 1) */
	const volatile sig_atomic_t *stop;
};

/* A solved game. Invariants after ff_solve: keys holds nstates keys of
   key_len bytes each, position 0 the start; value[i] is position i's
   value for its side to move; slot is a hash of the keys (nslot a power
   of two, entries index + 1, 0 empty). */
struct ff_solution {
	const struct ff_rules *rules;
	size_t nstates, key_len;
	uint8_t *keys;
	double *value;
	uint32_t *slot;
	size_t nslot;
	uint64_t hkey[2];     /* the hash's key: 0 for a solve, random for a load */
	/* how the solve went */
	size_t nedges;        /* successors over every position, throw and ply */
	int iterations;       /* sweeps made */
	int jumps;            /* extrapolations made between sweeps */
	double residual;      /* the last sweep's largest change */
	size_t bytes;         /* memory held at the peak */
};

/* Solve from start, a state of r (copied, not changed). Returns 0; 1
   when o->stop was seen set (nothing solved, sol empty); or -1
   with err (FF_ENOMEM; FF_ETOO_LONG past o->max_states; FF_EBAD_OPTION
   when r cannot be solved: no chances/key, or not two sides). The
   solution owns its memory:
   ff_solution_free. */
int ff_solve(struct ff_solution *sol, const struct ff_rules *r, const void *start,
	     const struct ff_solve_opts *o, struct ff_error *err);
/* The index of the position of st, or -1 when the solution lacks it. */
long ff_solution_find(const struct ff_solution *sol, const void *st);
/* The value of st for its side to move, or -1 when the solution lacks
   it. */
double ff_solution_value(const struct ff_solution *sol, const void *st);
/* The value, for the side to move of st, of playing p there: the
   successor's own value when that side moves again, one minus it when
   the other side moves; -1 when p does not apply or the solution lacks
   the successor. */
double ff_solution_ply_value(const struct ff_solution *sol, const void *st,
			     const struct ff_ply *p);
void ff_solution_free(struct ff_solution *sol);

/* A solution file (docs/solve.md "Solution files"), format 2: "FFSOLVE2",
   the ruleset id, the position count and key length, the keys, the
   values, a CRC-32 of all of it; little-endian.
   ff_solution_save writes sol, solved for the ruleset id, to fp; returns
   0, or -1 with err (FF_EIO, FF_ENOMEM). */
int ff_solution_save(const struct ff_solution *sol, const char *id, FILE *fp,
		     struct ff_error *err);
/* Read a solution of r from fp, which must be for the ruleset id and
   seekable (its size is checked against the header's counts before
   anything is allocated). The checksum is verified, every value must lie
   in [0, 1] and no position come twice; the keys are hashed under a
   random key, so loading takes time linear in the file whatever its keys.
   Returns 0, or -1 with err (FF_EIO: unreadable, damaged, of another
   format or not a solution file; FF_EBAD_OPTION: solved for another
   ruleset; FF_ENOMEM). Free it with ff_solution_free. */
int ff_solution_load(struct ff_solution *sol, const struct ff_rules *r, const char *id,
		     FILE *fp, struct ff_error *err);
/* ff_solution_load from the file path, which must be a regular file: a
   directory, FIFO, socket or device is refused at once, saying what it
   is (a FIFO is opened without waiting for a writer). The messages name
   path, except FF_EBAD_OPTION's. */
int ff_solution_load_path(struct ff_solution *sol, const struct ff_rules *r, const char *id,
			  const char *path, struct ff_error *err);

#endif
