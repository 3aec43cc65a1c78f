/* Move analysis against a solution: each legal ply is valued through the
   solution (ff_solution_ply_value); the best is the first of the highest
   value, within FF_TIE. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/analysis/analyse.h"

int ff_ply_eval(const struct ff_solution *sol, const void *st, const struct ff_ply *legal,
		int n, const struct ff_ply *played, struct ff_ply_eval *out, struct ff_error *err)
{
	double v;
	int i;

	out->before = ff_solution_value(sol, st);
	out->played = ff_solution_ply_value(sol, st, played);
	out->best = -1;
	out->best_index = -1;
	if (out->before < 0 || out->played < 0)
		return ff_error_set(err, FF_EUNSOLVED, "the solution lacks this position");
	for (i = 0; i < n; i++) {
		if ((v = ff_solution_ply_value(sol, st, &legal[i])) < 0)
			return ff_error_set(err, FF_EUNSOLVED, "the solution lacks a position");
		if (v > out->best + FF_TIE) {
			out->best = v;
			out->best_index = i;
		}
	}
	/* the played ply is among the legal ones: only rounding can put it over */
	if (out->played > out->best)
		out->best = out->played;
	return 0;
}

void ff_seat_eval_add(struct ff_seat_eval *s, const struct ff_ply_eval *e, double threshold)
{
	double error = ff_ply_eval_error(e);

	s->plies++;
	s->error += error;
	s->luck += ff_ply_eval_luck(e);
	if (error > threshold)
		s->errors++;
}

void ff_analysis_init(struct ff_analysis *a, double threshold)
{
	memset(a, 0, sizeof *a);
	a->threshold = threshold;
}

void ff_analysis_free(struct ff_analysis *a)
{
	free(a->v);
	ff_buf_free(&a->text);
	a->v = NULL;
	a->n = a->cap = 0;
}

/* Append ply p of st in long form and its NUL to a's text; its offset in
   *off. Returns 0 or -1. */
static int add_text(struct ff_analysis *a, const struct ff_rules *r, const void *st,
		    const struct ff_ply *p, size_t *off)
{
	*off = a->text.len;
	return ff_rules_format(r, st, p, FF_FORM_LONG, &a->text) < 0 || ff_buf_addc(&a->text, '\0');
}

/* The replay's hook: value the ply about to be played (when legal). */
static void on_legal(void *ctx, const struct ff_game *g, int ply, const struct ff_ply *played,
		     int matched)
{
	struct ff_analysis *a = ctx;
	struct ff_analysed_ply *q;

	if (a->bad || !matched)
		return;
	if (a->n == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 256;
		void *v = realloc(a->v, cap * sizeof *a->v);

		if (!v) {
			a->bad = ff_error_set(&a->err, FF_ENOMEM, "out of memory");
			return;
		}
		a->v = v;
		a->cap = cap;
	}
	q = &a->v[a->n];
	q->ply = ply;
	q->token = g->played;
	q->seat = ff_rules_to_move(g->rules, g->state) + 1;
	q->chance = played->chance;
	if (ff_ply_eval(a->sol, g->state, g->legal, g->nlegal, played, &q->e, &a->err)) {
		a->bad = -1;
		return;
	}
	if (add_text(a, g->rules, g->state, played, &q->played) ||
	    add_text(a, g->rules, g->state, &g->legal[q->e.best_index], &q->best)) {
		a->bad = ff_error_set(&a->err, FF_ENOMEM, "out of memory");
		return;
	}
	ff_seat_eval_add(&a->seat[q->seat - 1], &q->e, a->threshold);
	a->n++;
}

/* Locate a's error at ply q of rec into err. */
static void locate(const struct ff_analysis *a, const struct ff_record *rec, size_t k,
		   int ply, int seat, struct ff_error *err)
{
	*err = a->err;
	err->game = rec->number;
	err->ply = ply;
	err->seat = seat;
	err->line = k < rec->nplies ? rec->plies[k].line : rec->line;
	err->col = k < rec->nplies ? rec->plies[k].col : rec->col;
}

int ff_analysis_run(struct ff_analysis *a, struct ff_game *g, const struct ff_solution *sol,
		    const struct ff_record *rec, struct ff_error *err)
{
	struct ff_ply p;
	size_t k;
	int rc = 0;

	a->n = 0;
	a->bad = 0;
	a->sol = sol;
	ff_buf_reset(&a->text);
	memset(a->seat, 0, sizeof a->seat);
	a->seats = g->cfg.seats;
	if ((a->start = ff_solution_value(sol, g->state)) < 0) {
		ff_error_set(&a->err, FF_EUNSOLVED, "the solution lacks the start of the game");
		locate(a, rec, rec->nplies, 0, 0, err);
		return -1;
	}
	g->on_legal = on_legal;
	g->on_legal_ctx = a;
	for (k = 0; k < rec->nplies && rc == 0; k++) {
		if ((rc = ff_game_step(g, rec, k, &p, err)) == 0 && a->bad) {
			locate(a, rec, k, ff_game_ply_number(g) - 1, g->last_seat, err);
			rc = -1;
		}
	}
	if (rc == 0)
		rc = ff_game_finish(g, rec, err);
	g->on_legal = NULL;
	g->on_legal_ctx = NULL;
	return rc;
}

int ff_analysis_solve(struct ff_solution *sol, const struct ff_game *g, double tolerance,
		      void (*progress)(void *ctx, const struct ff_solve_progress *p), void *ctx,
		      struct ff_error *err)
{
	struct ff_solve_opts o = { .tolerance = tolerance, .max_iterations = 1000000,
				   .progress = progress, .ctx = ctx };

	return ff_solve(sol, g->rules, g->state, &o, err);
}
