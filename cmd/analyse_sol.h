/* The solutions fivefold analyse holds: each ruleset it meets loaded from
   --solution or solved on the spot, kept while a game uses it and the
   oldest unused forgotten past a few; shared by analyse's threads under
   one lock (a ruleset is loaded or solved outside it by the first thread
   that needs it, and the threads that need the same one wait for it). */
#ifndef FF_ANALYSE_SOL_H
#define FF_ANALYSE_SOL_H

#include <pthread.h>
#include <stdio.h>

#include "lib/analysis/solve.h"
#include "lib/error.h"
#include "lib/replay.h"

struct ff_solved;

struct ff_solved_set {
	pthread_mutex_t lock;
	pthread_cond_t filled;     /* a ruleset is loaded or solved */
	struct ff_solved **v;      /* the rulesets met, oldest first */
	int n, cap;
	char **noted;              /* the rulesets whose note was written */
	int nnoted;
	const char *path;          /* --solution, or NULL: solve */
	const char *cmd;           /* the command's name, for progress */
};

/* Start an empty set reading solutions from path (NULL: solve each
   ruleset on the spot, telling progress as cmd). Returns 0 or -1 (the
   lock could not be made). */
int ff_solved_init(struct ff_solved_set *set, const char *path, const char *cmd);

/* The solution of ruleset id, the game g's (ff_game_start done), held for
   the caller until ff_solved_put; NULL with err when there is none
   (FF_EUNSOLVED, FF_EIO, FF_ENOMEM: the same answer for every game of
   that ruleset, while it is held). *which is the ruleset's entry (for
   ff_solved_note), NULL with NULL. The set owns the solution. */
const struct ff_solution *ff_solved_get(struct ff_solved_set *set, const struct ff_game *g,
					const char *id, struct ff_solved **which,
					struct ff_error *err);

/* Write to fp, once for the run and ruleset, that which's ruleset was
   solved on the spot (nothing when it was loaded): called in input
   order, before the solution is given back, the note comes before the
   first game that used it, whichever thread solved it. */
void ff_solved_note(struct ff_solved_set *set, struct ff_solved *which, FILE *fp);

/* Give back a solution ff_solved_get gave. */
void ff_solved_put(struct ff_solved_set *set, const struct ff_solution *sol);

/* Free every solution (none held) and the set. */
void ff_solved_free(struct ff_solved_set *set);

#endif
