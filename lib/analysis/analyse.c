/* Move analysis against a solution: each legal ply is valued through the
   solution (ff_solution_ply_value); the best is the first of the highest
   value, within FF_TIE. Or by search (lib/analysis/search.c): the same
   figures, estimated, each with its standard error. */
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
	out->luck = out->best - out->before;
	out->error_se = 0;
	out->nlegal = n;
	return 0;
}

void ff_seat_eval_add(struct ff_seat_eval *s, const struct ff_ply_eval *e, double threshold,
		      double z)
{
	s->plies++;
	s->decisions += e->nlegal > 1;
	s->error += ff_ply_eval_error(e);
	s->luck += ff_ply_eval_luck(e);
	if (ff_ply_eval_flagged(e, threshold, z))
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
	free(a->legal);
	ff_buf_free(&a->text);
	a->v = NULL;
	a->legal = NULL;
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

/* The plies proper of g's last position (preludes left out) into out;
   their number, the index of played among them in *played (-1: none). */
static int plies_proper(const struct ff_game *g, const struct ff_ply *played, struct ff_ply *out,
			int *at)
{
	int i, n = 0;

	*at = -1;
	for (i = 0; i < g->nlegal; i++)
		if (!(g->legal[i].flags & FF_PLY_PRELUDE)) {
			if (*at < 0 && ff_ply_eq(&g->legal[i], played))
				*at = n;
			out[n++] = g->legal[i];
		}
	return n;
}

/* The next ply of a, room made; NULL when memory ran out. */
static struct ff_analysed_ply *next_ply(struct ff_analysis *a)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 256;
		void *v = realloc(a->v, cap * sizeof *a->v);

		if (!v) {
			a->bad = ff_error_set(&a->err, FF_ENOMEM, "out of memory");
			return NULL;
		}
		a->v = v;
		a->cap = cap;
	}
	memset(&a->v[a->n], 0, sizeof a->v[0]);
	return &a->v[a->n];
}

/* Value q, the ply played at g's position, by search; 0 or -1. */
static int search_ply(struct ff_analysis *a, const struct ff_game *g, const struct ff_ply *played,
		      struct ff_analysed_ply *q)
{
	const struct ff_rules *r = g->rules;
	struct ff_search_eval s;
	int n, at, i, rc = 0;

	n = plies_proper(g, played, a->legal, &at);
	if (at < 0)
		return ff_error_set(&a->err, FF_EILLEGAL, "the ply played is not among the legal ones");
	if (ff_search_eval(r, g->state, a->legal, n, at, played, q->ply, a->search, &s, &a->err))
		return -1;
	q->e.before = s.before;
	q->e.best = s.best_value;
	q->e.played = s.played_value;
	q->e.best_index = s.best;
	q->e.luck = s.luck;
	q->e.error_se = s.error_se;
	q->e.nlegal = n;
	q->ncand = s.ncand;
	q->samples = s.samples;
	rc |= add_text(a, r, g->state, played, &q->played);
	rc |= add_text(a, r, g->state, &a->legal[s.best], &q->best);
	q->cands = a->text.len;
	for (i = 0; i < s.ncand; i++) {
		size_t off;

		rc |= add_text(a, r, g->state, &a->legal[s.cand[i].index], &off);
		a->text.len--;   /* the NUL: the figures follow */
		rc |= ff_buf_addf(&a->text, " %.6f %.6f", s.cand[i].value, s.cand[i].se);
		rc |= ff_buf_addc(&a->text, '\0');
	}
	return rc ? ff_error_set(&a->err, FF_ENOMEM, "out of memory") : 0;
}

/* The replay's hook: value the ply about to be played (when legal). */
static void on_legal(void *ctx, const struct ff_game *g, int ply, const struct ff_ply *played,
		     int matched)
{
	struct ff_analysis *a = ctx;
	struct ff_analysed_ply *q;
	int at;

	if (a->bad || !matched || !(q = next_ply(a)))
		return;
	q->ply = ply;
	q->token = g->played;
	q->seat = ff_rules_to_move(g->rules, g->state) + 1;
	q->chance = played->chance;
	if (a->search) {
		if (search_ply(a, g, played, q)) {
			a->bad = -1;
			return;
		}
	} else {
		if (ff_ply_eval(a->sol, g->state, g->legal, g->nlegal, played, &q->e, &a->err)) {
			a->bad = -1;
			return;
		}
		if (!a->legal && !(a->legal = malloc(FF_MAX_LEGAL * sizeof *a->legal))) {
			a->bad = ff_error_set(&a->err, FF_ENOMEM, "out of memory");
			return;
		}
		q->e.nlegal = plies_proper(g, played, a->legal, &at);
		if (add_text(a, g->rules, g->state, played, &q->played) ||
		    add_text(a, g->rules, g->state, &g->legal[q->e.best_index], &q->best)) {
			a->bad = ff_error_set(&a->err, FF_ENOMEM, "out of memory");
			return;
		}
	}
	ff_seat_eval_add(&a->seat[q->seat - 1], &q->e, a->threshold, ff_analysis_z(a));
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

/* Start a's analysis of g. */
static void begin(struct ff_analysis *a, const struct ff_game *g)
{
	a->n = 0;
	a->bad = 0;
	ff_buf_reset(&a->text);
	memset(a->seat, 0, sizeof a->seat);
	a->seats = g->cfg.seats;
}

/* Replay rec through g, on_legal valuing every ply. */
static int replay(struct ff_analysis *a, struct ff_game *g, const struct ff_record *rec,
		  struct ff_error *err)
{
	struct ff_ply p;
	size_t k;
	int rc = 0;

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

int ff_analysis_run(struct ff_analysis *a, struct ff_game *g, const struct ff_solution *sol,
		    const struct ff_record *rec, struct ff_error *err)
{
	begin(a, g);
	a->sol = sol;
	a->search = NULL;
	if ((a->start = ff_solution_value(sol, g->state)) < 0) {
		ff_error_set(&a->err, FF_EUNSOLVED, "the solution lacks the start of the game");
		locate(a, rec, rec->nplies, 0, 0, err);
		return -1;
	}
	return replay(a, g, rec, err);
}

int ff_analysis_run_search(struct ff_analysis *a, struct ff_game *g,
			   const struct ff_search_opts *o, const struct ff_record *rec,
			   struct ff_error *err)
{
	int rc;

	begin(a, g);
	a->sol = NULL;
	a->search = o;
	a->start = 0;
	if (!a->legal && !(a->legal = malloc(FF_MAX_LEGAL * sizeof *a->legal))) {
		ff_error_set(&a->err, FF_ENOMEM, "out of memory");
		locate(a, rec, rec->nplies, 0, 0, err);
		return -1;
	}
	if (ff_rules_can(g->rules, FF_CAN_HIDE) && !g->seeded && g->cfg.ndeck == 0) {
		ff_error_set(&a->err, FF_EUNSOLVED, "search needs the cards dealt: a Seed or a Deck "
			     "tag (the hands of a public record are not known)");
		locate(a, rec, rec->nplies, 0, 0, err);
		return -1;
	}
	rc = replay(a, g, rec, err);
	if (rc == 0 && a->n)   /* the first mover's value: before the throw, or its best ply */
		a->start = ff_rules_can(g->rules, FF_CAN_CHANCE) ? a->v[0].e.before : a->v[0].e.best;
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
