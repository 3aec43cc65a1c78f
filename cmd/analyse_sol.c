/* The solutions fivefold analyse holds (cmd/analyse_sol.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/analyse_sol.h"
#include "cmd/progress.h"
#include "lib/analysis/analyse.h"

#define KEEP 8                /* rulesets held at once, unless more are in use */
#define TOLERANCE 1e-12

/* A ruleset met: its solution, or why there is none. */
struct ff_solved {
	char *id;
	struct ff_solution sol;
	int ok;
	int users;                /* games using sol now, or waiting for it */
	int filling;              /* being loaded or solved (outside the lock) */
	int solved;               /* solved here (not loaded): a note to write */
	struct ff_error err;
};

int ff_solved_init(struct ff_solved_set *set, const char *path, const char *cmd)
{
	memset(set, 0, sizeof *set);
	set->path = path;
	set->cmd = cmd;
	if (pthread_mutex_init(&set->lock, NULL))
		return -1;
	if (pthread_cond_init(&set->filled, NULL)) {
		pthread_mutex_destroy(&set->lock);
		return -1;
	}
	return 0;
}

static void solved_free(struct ff_solved *s)
{
	free(s->id);
	ff_solution_free(&s->sol);
	free(s);
}

/* Forget the oldest ruleset no game uses, when KEEP are held. */
static void forget(struct ff_solved_set *set)
{
	int i;

	if (set->n < KEEP)
		return;
	for (i = 0; i < set->n && (set->v[i]->users || set->v[i]->filling); i++)
		;
	if (i == set->n)
		return;   /* all in use: hold one more */
	solved_free(set->v[i]);
	memmove(set->v + i, set->v + i + 1, (size_t)(set->n - i - 1) * sizeof *set->v);
	set->n--;
}

/* Load or solve s, the ruleset of g. */
static void fill(struct ff_solved_set *set, struct ff_solved *s, const struct ff_game *g)
{
	struct ff_solve_watch watch;

	if (set->path) {
		s->ok = ff_solution_load_path(&s->sol, g->rules, s->id, set->path, &s->err) == 0;
	} else {
		ff_progress_solve_start(&watch, set->cmd, s->id);
		s->ok = ff_analysis_solve(&s->sol, g, TOLERANCE, ff_progress_solve, &watch,
					  &s->err) == 0;
		if (s->ok)
			ff_progress_solve_end(&watch);
		s->solved = s->ok;
	}
	if (!s->ok && s->err.code != FF_ENOMEM && s->err.code != FF_EIO)
		s->err.code = FF_EUNSOLVED;
}

/* The entry of id, made when new (filling set: the caller fills it);
   NULL with no memory. Called with the lock held. */
static struct ff_solved *entry(struct ff_solved_set *set, const char *id, int *made)
{
	struct ff_solved *s, **v;
	int i;

	*made = 0;
	for (i = 0; i < set->n; i++)
		if (strcmp(set->v[i]->id, id) == 0)
			return set->v[i];
	forget(set);
	if (set->n == set->cap) {
		if (!(v = realloc(set->v, (size_t)(set->cap * 2 + 4) * sizeof *v)))
			return NULL;
		set->v = v;
		set->cap = set->cap * 2 + 4;
	}
	if (!(s = calloc(1, sizeof *s)) || !(s->id = strdup(id))) {
		free(s);
		return NULL;
	}
	s->filling = 1;
	set->v[set->n++] = s;
	*made = 1;
	return s;
}

const struct ff_solution *ff_solved_get(struct ff_solved_set *set, const struct ff_game *g,
					const char *id, struct ff_solved **which,
					struct ff_error *err)
{
	struct ff_solved *s;
	const struct ff_solution *sol = NULL;
	int made;

	pthread_mutex_lock(&set->lock);
	if (!(*which = s = entry(set, id, &made))) {
		pthread_mutex_unlock(&set->lock);
		ff_error_set(err, FF_ENOMEM, "out of memory");
		return NULL;
	}
	s->users++;   /* not forgotten while filled or waited for */
	if (made) {   /* filled outside the lock: the other rulesets stay at hand */
		pthread_mutex_unlock(&set->lock);
		fill(set, s, g);
		pthread_mutex_lock(&set->lock);
		s->filling = 0;
		pthread_cond_broadcast(&set->filled);
	}
	while (s->filling)
		pthread_cond_wait(&set->filled, &set->lock);
	if (s->ok)
		sol = &s->sol;
	else {
		*err = s->err;
		s->users--;
		*which = NULL;
	}
	pthread_mutex_unlock(&set->lock);
	return sol;
}

void ff_solved_note(struct ff_solved_set *set, struct ff_solved *which, FILE *fp)
{
	char **v;
	int i;

	pthread_mutex_lock(&set->lock);
	for (i = 0; i < set->nnoted && strcmp(set->noted[i], which->id); i++)
		;
	if (which->solved && i == set->nnoted &&
	    (v = realloc(set->noted, (size_t)(i + 1) * sizeof *v)) &&
	    (set->noted = v, v[i] = strdup(which->id)) != NULL) {
		set->nnoted++;
		fprintf(fp, "fivefold %s: solved '%s' (%zu positions; fivefold solve -o FILE keeps "
			"a solution for --solution)\n", set->cmd, which->id, which->sol.nstates);
	}
	pthread_mutex_unlock(&set->lock);
}

void ff_solved_put(struct ff_solved_set *set, const struct ff_solution *sol)
{
	int i;

	pthread_mutex_lock(&set->lock);
	for (i = 0; i < set->n; i++)
		if (&set->v[i]->sol == sol)
			set->v[i]->users--;
	pthread_mutex_unlock(&set->lock);
}

void ff_solved_free(struct ff_solved_set *set)
{
	int i;

	for (i = 0; i < set->n; i++)
		solved_free(set->v[i]);
	free(set->v);
	for (i = 0; i < set->nnoted; i++)
		free(set->noted[i]);
	free(set->noted);
	pthread_cond_destroy(&set->filled);
	pthread_mutex_destroy(&set->lock);
	memset(set, 0, sizeof *set);
}
