/* Fitting rules to a record: the space of rulesets of its game from the
   engine's preset and option tables, each replayed through lib/replay.c,
   and the likelihood of the fits (lib/analysis/fit.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/analysis/fit.h"
#include "lib/replay.h"

#define DEFAULT_MAX_SPACE 100000
#define MAX_VALUES 32   /* values of one option tried (a choice's first 32) */
_Static_assert(FF_FIT_INT_MAX + 3 <= MAX_VALUES, "MAX_VALUES too small for the integer values");

/* An entry's place in the enumeration, kept for ranking ties. */
struct slot {
	struct ff_fit_entry e;
	size_t order;
};

const char *ff_fit_model_name(enum ff_fit_model m)
{
	return m == FF_FIT_GREEDY ? "greedy" : m == FF_FIT_PERFECT ? "perfect" : "random";
}

void ff_fit_init(struct ff_fit *f)
{
	memset(f, 0, sizeof *f);
}

void ff_fit_free(struct ff_fit *f)
{
	free(f->e);
	ff_buf_free(&f->text);
	memset(f, 0, sizeof *f);
}

/* Append s with its terminator to f's text; its offset in *off. */
static int add_str(struct ff_fit *f, const char *s, size_t n, size_t *off)
{
	*off = f->text.len;
	return ff_buf_add(&f->text, s, n) || ff_buf_addc(&f->text, '\0') ? -1 : 0;
}

/* --- the space --- */

/* The number of values in "a|b|c". */
static int count_values(const char *values)
{
	int n = 1;

	for (; *values; values++)
		n += *values == '|';
	return n;
}

/* The values option o of r may take, in vals[] (room for MAX_VALUES):
   every value of a choice (the first MAX_VALUES), or for an integer
   option 0..FF_FIT_INT_MAX, its default and the record's value own.
   Returns their number. */
static int option_values(const struct ff_option_desc *o, int dflt, int own, int *vals)
{
	int n = 0, i, v;

	if (o->values) {
		n = count_values(o->values);
		n = n < MAX_VALUES ? n : MAX_VALUES;
		for (i = 0; i < n; i++)
			vals[i] = i;
		return n;
	}
	for (v = 0; v <= FF_FIT_INT_MAX; v++)
		vals[n++] = v;
	if (dflt > FF_FIT_INT_MAX)
		vals[n++] = dflt;
	if (own > FF_FIT_INT_MAX && own != dflt)
		vals[n++] = own;
	return n;
}

static int applies(const struct ff_option_desc *o, int preset)
{
	return !o->presets || (o->presets & (1u << preset));
}

/* What the enumeration of one preset needs. */
struct space {
	const struct ff_config *base;   /* defaults, the record's seats and first */
	const struct ff_config *own;    /* the record's own ruleset, or NULL */
	int vals[FF_MAX_OPTIONS][MAX_VALUES];
	int nvals[FF_MAX_OPTIONS];
	void *scratch;                  /* a state for init() */
	struct ff_buf tmp;
};

/* Add the ruleset cfg to f, unless init() refuses it. Returns 0 or -1
   (no memory). */
static int add_ruleset(struct ff_fit *f, struct space *sp, struct ff_config *cfg)
{
	const struct ff_rules *r = f->rules;
	struct ff_fit_entry *e;
	struct ff_error err;
	size_t id;

	f->combos++;
	ff_rules_canon(r, cfg);
	if (ff_rules_init(r, sp->scratch, cfg, NULL, &err)) {
		f->refused++;
		return 0;
	}
	if (f->n == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 256;
		void *p = realloc(f->e, cap * sizeof *f->e);

		if (!p)
			return -1;
		f->e = p;
		f->cap = cap;
	}
	ff_buf_reset(&sp->tmp);
	if (ff_config_id(cfg, &sp->tmp) || add_str(f, sp->tmp.p, sp->tmp.len, &id))
		return -1;
	e = &f->e[f->n];
	memset(e, 0, sizeof *e);
	e->preset = cfg->preset;
	e->id = id;
	ff_buf_reset(&sp->tmp);
	if (ff_config_options(cfg, &sp->tmp) ||
	    add_str(f, sp->tmp.p ? sp->tmp.p : "", sp->tmp.len, &e->options))
		return -1;
	e->why = 0;
	f->n++;
	return 0;
}

/* Every combination of preset p's options. */
static int enumerate_all(struct ff_fit *f, struct space *sp, int p)
{
	const struct ff_rules *r = f->rules;
	int idx[FF_MAX_OPTIONS] = { 0 }, i;
	struct ff_config cfg;

	for (;;) {
		cfg = *sp->base;
		cfg.preset = p;
		for (i = 0; i < r->noptions; i++)
			if (applies(&r->options[i], p))
				cfg.opt[i] = sp->vals[i][idx[i]];
		if (add_ruleset(f, sp, &cfg))
			return -1;
		for (i = 0; i < r->noptions; i++) {   /* the next combination */
			if (!applies(&r->options[i], p))
				continue;
			if (++idx[i] < sp->nvals[i])
				break;
			idx[i] = 0;
		}
		if (i == r->noptions)
			return 0;
	}
}

/* Preset p's ruleset nearest the record's (its option values where
   they apply, else the defaults), and every ruleset one option away. */
static int enumerate_near(struct ff_fit *f, struct space *sp, int p)
{
	const struct ff_rules *r = f->rules;
	struct ff_config c0 = *sp->base, cfg;
	int i, j;

	c0.preset = p;
	for (i = 0; sp->own && i < r->noptions; i++)
		if (applies(&r->options[i], p) && applies(&r->options[i], sp->own->preset))
			c0.opt[i] = sp->own->opt[i];
	cfg = c0;
	if (add_ruleset(f, sp, &cfg))
		return -1;
	for (i = 0; i < r->noptions; i++)
		for (j = 0; applies(&r->options[i], p) && j < sp->nvals[i]; j++) {
			if (sp->vals[i][j] == c0.opt[i])
				continue;
			cfg = c0;
			cfg.opt[i] = sp->vals[i][j];
			if (add_ruleset(f, sp, &cfg))
				return -1;
		}
	return 0;
}

/* An entry's id and place, for finding duplicates. */
struct pair {
	const char *s;
	size_t i;
};

static int cmp_pair(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;
	int c = strcmp(x->s, y->s);

	return c ? c : x->i < y->i ? -1 : x->i > y->i;
}

/* Drop entries whose id came before (options that canon() maps to the
   same ruleset), keeping the first, in order. Returns 0 or -1. */
static int dedupe(struct ff_fit *f)
{
	struct pair *pr = malloc((f->n + 1) * sizeof *pr);
	char *drop = calloc(f->n + 1, 1);
	size_t i, k;

	if (!pr || !drop) {
		free(pr);
		free(drop);
		return -1;
	}
	for (i = 0; i < f->n; i++) {
		pr[i].s = ff_fit_str(f, f->e[i].id);
		pr[i].i = i;
	}
	qsort(pr, f->n, sizeof *pr, cmp_pair);
	for (i = 1; i < f->n; i++)
		if (strcmp(pr[i].s, pr[i - 1].s) == 0)
			drop[pr[i].i] = 1;
	for (i = k = 0; i < f->n; i++)
		if (!drop[i])
			f->e[k++] = f->e[i];
	f->duplicates = f->n - k;
	f->n = k;
	free(pr);
	free(drop);
	return 0;
}

/* The number of combinations of preset p's options. */
static double preset_size(const struct ff_rules *r, const struct space *sp, int p)
{
	double n = 1;
	int i;

	for (i = 0; i < r->noptions; i++)
		if (applies(&r->options[i], p))
			n *= sp->nvals[i];
	return n;
}

/* Build f's space for a record of ruleset base (own: the record's own
   ruleset where its header gives a valid one, else NULL). */
static int build_space(struct ff_fit *f, const struct ff_config *base, const struct ff_config *own,
		       size_t max_space)
{
	const struct ff_rules *r = f->rules;
	struct space *sp = calloc(1, sizeof *sp);
	double total = 0;
	int i, p, rc = 0;

	if (!sp || !(sp->scratch = ff_rules_state_alloc(r))) {
		free(sp);
		return -1;
	}
	sp->base = base;
	sp->own = own;
	for (i = 0; i < r->noptions; i++) {
		sp->nvals[i] = option_values(&r->options[i], base->opt[i], own ? own->opt[i] : base->opt[i],
					     sp->vals[i]);
		f->clipped |= r->options[i].values && count_values(r->options[i].values) > MAX_VALUES;
	}
	for (p = 0; p < r->npresets; p++)
		total += preset_size(r, sp, p);
	f->neighbourhood = total > (double)max_space;
	for (p = 0; p < r->npresets && !rc; p++)
		rc = f->neighbourhood ? enumerate_near(f, sp, p) : enumerate_all(f, sp, p);
	if (!rc)
		rc = dedupe(f);
	free(sp->scratch);
	ff_buf_free(&sp->tmp);
	free(sp);
	return rc;
}

/* --- the likelihood --- */

/* What the --legal hook adds up while a fit replays. */
struct lk {
	const struct ff_fit_opts *o;
	const struct ff_agent *greedy;
	const struct ff_solution *sol;   /* the solution of this ruleset, or NULL */
	struct ff_ply *cand;             /* FF_MAX_LEGAL */
	long *score;
	double *val;
	int throws, t_ok, c_ok;
	double ll_t, ll_c;
	const char *why;
};

static void add_throw(struct lk *l, const struct ff_game *g, int chance)
{
	int out[FF_MAX_CHANCES], w[FF_MAX_CHANCES], tot = 0, m, i;

	l->throws++;
	if (!ff_rules_can(g->rules, FF_CAN_SOLVE)) {   /* chances() (and key()) */
		l->t_ok = 0;
		return;
	}
	m = ff_rules_chances(g->rules, g->state, out, w, &tot);
	for (i = 0; i < m && out[i] != chance; i++)
		;
	l->ll_t += i < m && tot > 0 ? log((double)w[i] / tot) : -INFINITY;
}

/* log P(cand[idx]) under the greedy model: the agent's best plies share
   1 - epsilon, every ply epsilon / n. */
static double greedy_ll(struct lk *l, const struct ff_game *g, int n, int idx)
{
	long best;
	int i, ties = 0;
	double p;

	l->greedy->rank(g->state, l->cand, n, l->score);
	best = l->score[0];
	for (i = 1; i < n; i++)
		if (l->score[i] > best)
			best = l->score[i];
	for (i = 0; i < n; i++)
		ties += l->score[i] == best;
	p = l->o->epsilon / n + (l->score[idx] == best ? (1 - l->o->epsilon) / ties : 0);
	return log(p);
}

/* log P(cand[idx]) under the perfect model: a softmax of the plies'
   exact values at the temperature; 1 (not a log) where the solution
   lacks a successor. */
static double perfect_ll(struct lk *l, const struct ff_game *g, int n, int idx)
{
	double m = -1, sum = 0;
	int i;

	for (i = 0; i < n; i++) {
		l->val[i] = ff_solution_ply_value(l->sol, g->state, &l->cand[i]);
		if (l->val[i] < 0)
			return 1;
		if (l->val[i] > m)
			m = l->val[i];
	}
	for (i = 0; i < n; i++)
		sum += exp((l->val[i] - m) / l->o->temperature);
	return (l->val[idx] - m) / l->o->temperature - log(sum);
}

static void on_legal(void *ctx, const struct ff_game *g, int ply, const struct ff_ply *played,
		     int matched)
{
	struct lk *l = ctx;
	int i, n = 0, idx = -1;
	double x;

	(void)ply;
	if (!matched)
		return;   /* the step fails: not a fit */
	if (played->chance != FF_NO_CHANCE)
		add_throw(l, g, played->chance);
	for (i = 0; i < g->nlegal; i++) {
		if (g->legal[i].flags & FF_PLY_PRELUDE)
			continue;
		if (idx < 0 && ff_ply_eq(&g->legal[i], played))
			idx = n;
		l->cand[n++] = g->legal[i];
	}
	if (!l->c_ok || idx < 0 || n == 0)
		return;
	switch (l->o->model) {
	case FF_FIT_RANDOM:
		l->ll_c -= log((double)n);
		break;
	case FF_FIT_GREEDY:
		l->ll_c += greedy_ll(l, g, n, idx);
		break;
	case FF_FIT_PERFECT:
		if ((x = perfect_ll(l, g, n, idx)) > 0) {
			l->c_ok = 0;
			l->why = "the solution lacks a position the record reaches";
		} else {
			l->ll_c += x;
		}
		break;
	}
}

/* Replay fit e again with the hook, filling its likelihood. Returns 0 or
   -1 (no memory). */
static int likelihood(struct ff_fit *f, struct ff_game *g, const struct ff_record *rec,
		      struct ff_fit_entry *e, struct lk *l)
{
	const struct ff_fit_opts *o = l->o;
	struct ff_error err;
	struct ff_ply p;
	size_t k;

	l->throws = 0;
	l->t_ok = l->c_ok = 1;
	l->ll_t = l->ll_c = 0;
	l->why = NULL;
	l->sol = NULL;
	if (o->model == FF_FIT_GREEDY && (!l->greedy || !l->greedy->rank)) {
		l->c_ok = 0;
		l->why = "the game has no greedy agent that ranks its plies";
	}
	g->on_legal = on_legal;
	g->on_legal_ctx = l;
	if (ff_game_start(g, rec, &err)) {
		g->on_legal = NULL;
		return add_str(f, "", 0, &e->why);   /* it started before: cannot be */
	}
	if (o->model == FF_FIT_PERFECT) {
		l->why = "no solution of this ruleset";
		if (o->solution)
			l->sol = o->solution(o->ctx, &g->cfg, ff_fit_str(f, e->id), &l->why);
		if (!l->sol)
			l->c_ok = 0;
		else
			l->why = NULL;
	}
	for (k = 0; k < rec->nplies; k++)
		if (ff_game_step(g, rec, k, &p, &err))
			break;
	g->on_legal = NULL;
	e->throws = l->throws;
	e->nthrows_ok = l->t_ok;
	e->nchoices_ok = l->c_ok;
	e->ll_throws = l->ll_t;
	e->ll_choices = l->ll_c;
	if (!l->t_ok && !l->why)
		l->why = "the engine does not list its chances";
	return add_str(f, l->why ? l->why : "", l->why ? strlen(l->why) : 0, &e->why);
}

/* --- replaying and ranking --- */

/* Replay rec under e (g->as[] set to it); fill its verdict. Returns 0
   or -1 (no memory). */
static int try_one(struct ff_fit *f, struct ff_game *g, const struct ff_record *rec,
		   struct ff_fit_entry *e)
{
	struct ff_error err;
	enum ff_verdict v;

	ff_error_clear(&err);
	v = ff_game_replay(g, rec, &err);
	e->fit = v == FF_VALID;
	e->reached = g->turns;
	if (e->fit)
		return 0;
	if (err.code == FF_ENOMEM)
		return -1;
	e->code = err.code;
	e->ply = err.ply;
	e->line = err.line;
	e->col = err.col;
	e->seat = err.seat;
	return add_str(f, err.msg, strlen(err.msg), &e->msg);
}

static int cmp_slot(const void *a, const void *b)
{
	const struct slot *x = a, *y = b;
	double lx = 0, ly = 0;
	int kx, ky;

	if (x->e.fit != y->e.fit)
		return x->e.fit ? -1 : 1;
	if (x->e.fit) {
		kx = ff_fit_loglik(&x->e, &lx);
		ky = ff_fit_loglik(&y->e, &ly);
		if (kx != ky)
			return kx ? -1 : 1;
		if (kx && lx != ly)
			return lx > ly ? -1 : 1;
	} else if (x->e.reached != y->e.reached) {
		return x->e.reached > y->e.reached ? -1 : 1;
	}
	if (x->e.header != y->e.header)   /* the record's own first among equals */
		return x->e.header ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static int rank(struct ff_fit *f)
{
	struct slot *s = malloc((f->n + 1) * sizeof *s);
	size_t i;

	if (!s)
		return -1;
	for (i = 0; i < f->n; i++) {
		s[i].e = f->e[i];
		s[i].order = i;
	}
	qsort(s, f->n, sizeof *s, cmp_slot);
	for (i = 0; i < f->n; i++)
		f->e[i] = s[i].e;
	free(s);
	return 0;
}

/* The record's header as a configuration: *own its whole ruleset (1
   when valid), base its game, seats and first with default options.
   Returns 0, or -1 with err when even that fails. */
static int header_config(const struct ff_record *rec, struct ff_config *base,
			 struct ff_config *own, int *has_own, struct ff_error *err)
{
	const char *game = ff_record_tag(rec, "Game"), *seats = ff_record_tag(rec, "Seats"),
		   *first = ff_record_tag(rec, "First");
	int at;

	*has_own = ff_config_parse(own, game, ff_record_tag(rec, "Rules"),
				   ff_record_tag(rec, "Options"), seats, first, &at, NULL) == 0;
	if (ff_config_parse(base, game, NULL, NULL, seats, first, &at, err)) {
		if (err) {
			err->line = rec->line;
			err->col = rec->col;
			err->game = rec->number;
		}
		return -1;
	}
	return 0;
}

int ff_fit_run(struct ff_fit *f, const struct ff_record *rec, const struct ff_fit_opts *o,
	       struct ff_error *err)
{
	struct ff_config *base = malloc(2 * sizeof *base), *own = base + 1;
	struct ff_game g;
	struct lk l;
	size_t i;
	int has_own = 0, rc = -1;
	char *ownid = NULL;
	struct ff_buf tmp = FF_BUF_INIT, optbuf = FF_BUF_INIT;

	ff_fit_free(f);
	memset(&l, 0, sizeof l);
	ff_game_init(&g);
	if (!base)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	if (header_config(rec, base, own, &has_own, err)) {
		free(base);
		return -1;
	}
	f->rules = base->rules;
	if (has_own && !ff_config_id(own, &tmp))
		ownid = tmp.p;
	l.o = o;
	l.greedy = ff_agent_find(f->rules, "greedy");
	l.cand = malloc(FF_MAX_LEGAL * sizeof *l.cand);
	l.score = malloc(FF_MAX_LEGAL * sizeof *l.score);
	l.val = malloc(FF_MAX_LEGAL * sizeof *l.val);
	if (!l.cand || !l.score || !l.val ||
	    build_space(f, base, has_own ? own : NULL, o->max_space ? o->max_space : DEFAULT_MAX_SPACE))
		goto nomem;
	for (i = 0; i < f->n; i++) {
		struct ff_fit_entry *e = &f->e[i];

		e->header = ownid && strcmp(ownid, ff_fit_str(f, e->id)) == 0;
		ff_buf_reset(&optbuf);   /* a copy: f->text may move meanwhile */
		if (ff_buf_adds(&optbuf, ff_fit_str(f, e->options)) || ff_buf_addc(&optbuf, '\0'))
			goto nomem;
		g.as[1] = f->rules->presets[e->preset].name;
		g.as[2] = optbuf.p;
		if (try_one(f, &g, rec, e))
			goto nomem;
		if (e->fit) {
			f->nfit++;
			f->plies = e->reached;
			if (likelihood(f, &g, rec, e, &l))
				goto nomem;
		}
	}
	if (!f->nfit)   /* the plies of the record, as far as its own rules read them */
		f->plies = (int)rec->nplies;
	if (rank(f))
		goto nomem;
	rc = 0;
	goto done;
nomem:
	ff_error_set(err, FF_ENOMEM, "out of memory");
done:
	g.as[1] = g.as[2] = NULL;
	ff_game_free(&g);
	free(l.cand);
	free(l.score);
	free(l.val);
	free(base);
	ff_buf_free(&tmp);
	ff_buf_free(&optbuf);
	return rc;
}

int ff_fit_describe(const struct ff_fit *f, struct ff_buf *out)
{
	const struct ff_rules *r = f->rules;
	int i, ints = 0;

	for (i = 0; i < r->noptions; i++)
		ints += !r->options[i].values;
	if (f->neighbourhood)
		ff_buf_addf(out, "the space of %s is too large to try whole: in each of its %d "
			    "presets, the record's own options (else the defaults) and every "
			    "ruleset one option away from them", r->name, r->npresets);
	else
		ff_buf_addf(out, "every combination of %s's %d preset%s and the options each takes",
			    r->name, r->npresets, r->npresets == 1 ? "" : "s");
	if (ints)
		ff_buf_addf(out, " (whole-number options at 0 to %d, their default and the "
			    "record's own value)", FF_FIT_INT_MAX);
	if (f->clipped)
		ff_buf_addf(out, " (of an option with more than %d values, the first %d)", MAX_VALUES,
			    MAX_VALUES);
	ff_buf_addf(out, ": %zu combinations", f->combos);
	if (f->refused)
		ff_buf_addf(out, ", %zu of them refused by the rules", f->refused);
	if (f->duplicates)
		ff_buf_addf(out, ", %zu the same ruleset as another", f->duplicates);
	return ff_buf_addf(out, "; %zu rulesets tried", f->n);
}
