/* Search-based move analysis (lib/analysis/search.h): flat Monte Carlo
   rollouts with common random numbers, through the ruleset interface.

   A position's plies to value are all its legal plies, or, where there
   are more than the width, the width - 1 the engine's greedy agent ranks
   highest (ranked on a redeal of what the mover cannot see) and the ply
   played. Sample k of each of them: seed the sample's streams from the
   seed, the ply number and k; copy the position; redeal what the mover
   cannot see (the engine's determinize; not with hindsight); apply the ply;
   play on to the end with the playout policy (the engine's greedy agent,
   a uniformly random ply one time in EPSILON_DIV, so that playouts of
   a game without chance still differ; random where the engine has no
   greedy agent); the reward of the mover's side is 1 for a win, 0 for a
   loss, 1 / sides for a draw or a playout cut at PLAYOUT_CAP plies. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/agent.h"
#include "lib/analysis/search.h"

#define PLAYOUT_CAP 5000
#define EPSILON_DIV 10
#define MIN_SAMPLES 2

void ff_search_opts_default(struct ff_search_opts *o)
{
	memset(o, 0, sizeof *o);
	o->iterations = FF_SEARCH_ITERATIONS;
	o->width = FF_SEARCH_WIDTH;
	o->seed = 1;
	o->z = FF_SEARCH_Z;
}

/* The rewards of one thing valued (a ply, or a position): one a sample. */
struct series {
	double *r;
	long n, cap;
};

/* One evaluation's memory. */
struct work {
	const struct ff_rules *r;
	const struct ff_search_opts *o;
	const struct ff_agent *policy;   /* NULL: uniformly random playouts */
	uint64_t base;                   /* the position's streams */
	struct ff_rng chance, play;
	unsigned char *st;
	struct ff_ply *buf;
	long *score;
};

static uint64_t mix(uint64_t a, uint64_t b)
{
	uint64_t s = a ^ (b + 0x9E3779B97F4A7C15u) * 0xBF58476D1CE4E5B9u;

	return ff_splitmix64(&s);
}

static int uniform_pick(void *ctx, int n)
{
	return ff_agent_uniform_index(ctx, n);
}

static int is_over(const struct ff_rules *r, const void *st, struct ff_outcome *o)
{
	ff_rules_outcome(r, st, o);
	return o->term != FF_TERM_NONE;
}

/* Apply a copy of p (no claims of what it draws) to w's state; 0 or -1. */
static int play(struct work *w, const struct ff_ply *p)
{
	struct ff_ply q = *p;
	int i;

	for (i = 0; i < FF_POST_WORDS; i++)
		q.post[i] = FF_NO_CARD;
	return ff_rules_apply(w->r, w->st, &q, &w->chance, NULL);
}

/* Play w's state on to the end; the reward of side. */
static double playout(struct work *w, int side)
{
	const struct ff_rules *r = w->r;
	struct ff_outcome o;
	struct ff_ply one;
	int k, c, n, i;

	for (k = 0; k < PLAYOUT_CAP && !is_over(r, w->st, &o); k++) {
		c = ff_rules_roll(r, w->st, &w->chance);
		if (!w->policy || ff_rng_bounded(&w->play, EPSILON_DIV) == 0) {
			ff_rules_random_ply(r, w->st, c, uniform_pick, &w->play, w->buf, 0);
			one = w->buf[0];
		} else {
			n = ff_rules_legal(r, w->st, c, w->buf);
			i = n > 1 ? w->policy->choose(w->st, w->buf, n, &w->play) : 0;
			one = w->buf[i];
		}
		if (play(w, &one))
			break;   /* (an engine refusing its own ply: scored as cut off) */
	}
	if (o.term == FF_TERM_NONE || o.winner < 0)
		return 1.0 / ff_rules_sides(r, w->st);
	return o.winner == side;
}

/* Sample k from root (the mover seat's view of it, unless hindsight),
   after ply p (NULL: none); the reward of the side of seat. */
static double sample(struct work *w, const void *root, int seat, const struct ff_ply *p, long k)
{
	const struct ff_rules *r = w->r;
	int side = ff_rules_side_of(r, root, seat);

	ff_rng_seed(&w->chance, mix(w->base, (uint64_t)k * 2));
	ff_rng_seed(&w->play, mix(w->base, (uint64_t)k * 2 + 1));
	memcpy(w->st, root, r->state_size);
	if (!w->o->hindsight)
		ff_rules_determinize(r, w->st, seat, &w->chance);
	if (p && play(w, p))
		return 1.0 / ff_rules_sides(r, root);
	return playout(w, side);
}

static int series_add(struct series *s, double v)
{
	if (s->n == s->cap) {
		long cap = s->cap ? s->cap * 2 : 64;
		double *r = realloc(s->r, (size_t)cap * sizeof *r);

		if (!r)
			return -1;
		s->r = r;
		s->cap = cap;
	}
	s->r[s->n++] = v;
	return 0;
}

/* Mean and standard error of the mean of a's samples less b's (b NULL:
   a's alone), over the first n. */
static void stats(const struct series *a, const struct series *b, long n, double *mean,
		  double *se)
{
	double sum = 0, sq = 0, d;
	long k;

	for (k = 0; k < n; k++) {
		d = a->r[k] - (b ? b->r[k] : 0);
		sum += d;
		sq += d * d;
	}
	*mean = sum / n;
	d = sq / n - *mean * *mean;
	*se = n > 1 && d > 0 ? sqrt(d / (n - 1)) : 0;
}

/* The plies to value: all, or the width - 1 the policy ranks highest on
   the mover's view and the played one, in legal order, into ix. Returns
   how many. */
static int candidates(struct work *w, const void *st, const struct ff_ply *legal, int n,
		      int played, int *ix)
{
	const struct ff_rules *r = w->r;
	int width = w->o->width < FF_SEARCH_MAX_WIDTH ? w->o->width : FF_SEARCH_MAX_WIDTH;
	char keep[FF_MAX_LEGAL];
	int i, j, m = 1;

	if (width < 1)
		width = 1;
	if (n <= width) {
		for (i = 0; i < n; i++)
			ix[i] = i;
		return n;
	}
	memset(keep, 0, (size_t)n);
	keep[played] = 1;
	if (w->policy && w->policy->rank) {
		ff_rng_seed(&w->chance, mix(w->base, UINT64_MAX));
		memcpy(w->st, st, r->state_size);
		if (!w->o->hindsight)
			ff_rules_determinize(r, w->st, ff_rules_to_move(r, st), &w->chance);
		w->policy->rank(w->st, legal, n, w->score);
		for (; m < width; m++) {
			for (j = -1, i = 0; i < n; i++)
				if (!keep[i] && (j < 0 || w->score[i] > w->score[j]))
					j = i;
			keep[j] = 1;
		}
	} else {
		for (i = 0; i < n && m < width; i++)
			if (!keep[i]) {
				keep[i] = 1;
				m++;
			}
	}
	for (i = j = 0; i < n; i++)
		if (keep[i])
			ix[j++] = i;
	return j;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The state after the played ply as the record has it (what it drew
   included), into after; 1 when the ply drew a card, 0 when not, -1 when
   it does not apply. */
static int after_draw(const struct ff_rules *r, const void *st, const struct ff_ply *drawn,
		      void *after)
{
	struct ff_ply q = *drawn;
	int i;

	memcpy(after, st, r->state_size);
	if (ff_rules_apply(r, after, &q, NULL, NULL))
		return -1;
	for (i = 0; i < FF_POST_WORDS; i++)
		if (q.post[i] != FF_NO_CARD)
			return 1;
	return 0;
}

/* The samples: the candidates ix[0..m), then the position before the
   throw (roll games), then the position after the draw; into s[]. */
static int run(struct work *w, const void *st, const struct ff_ply *legal, const int *ix, int m,
	       int roll, const void *after, struct series *s)
{
	const struct ff_rules *r = w->r;
	int seat = ff_rules_to_move(r, st), extra = roll + (after != NULL), i;
	long k, total = w->o->iterations / (m + extra);
	double end = w->o->time_ms > 0 ? now_ms() + (double)w->o->time_ms : 0;

	if (total < MIN_SAMPLES)
		total = MIN_SAMPLES;
	for (k = 0; end ? k < MIN_SAMPLES || now_ms() < end : k < total; k++) {
		for (i = 0; i < m; i++)
			if (series_add(&s[i], sample(w, st, seat, &legal[ix[i]], k)))
				return -1;
		if (roll && series_add(&s[m], sample(w, st, seat, NULL, k)))
			return -1;
		if (after && series_add(&s[m + roll], sample(w, after, seat, NULL, k)))
			return -1;
	}
	return 0;
}

/* The figures of out from the samples s[] of the candidates ix[0..m). */
static void figures(struct ff_search_eval *out, const int *ix, int m, int roll, int drew,
		    const struct series *s)
{
	long n = s[0].n;
	int i, b = 0, p = 0;
	double se;

	out->ncand = m;
	out->samples = n;
	for (i = 0; i < m; i++) {
		out->cand[i].index = ix[i];
		stats(&s[i], NULL, n, &out->cand[i].value, &out->cand[i].se);
		if (out->cand[i].value > out->cand[b].value)
			b = i;
		if (ix[i] == out->played)
			p = i;
	}
	out->best = ix[b];
	out->best_value = out->cand[b].value;
	out->best_se = out->cand[b].se;
	out->played_value = out->cand[p].value;
	out->played_se = out->cand[p].se;
	stats(&s[b], &s[p], n, &out->error, &out->error_se);
	out->before = out->played_value;
	out->after = out->played_value;
	if (roll)
		stats(&s[m], NULL, n, &out->before, &se);
	if (drew)
		stats(&s[m + roll], NULL, n, &out->after, &se);
	out->luck = (roll ? out->best_value - out->before : 0) + out->after - out->played_value;
}

int ff_search_eval(const struct ff_rules *r, const void *st, const struct ff_ply *legal, int n,
		   int played, const struct ff_ply *drawn, int ply_no,
		   const struct ff_search_opts *o, struct ff_search_eval *out, struct ff_error *err)
{
	struct work w = { .r = r, .o = o };
	struct series s[FF_SEARCH_MAX_WIDTH + 2];
	int ix[FF_SEARCH_MAX_WIDTH], m, i, roll = ff_rules_can(r, FF_CAN_CHANCE), drew = 0, rc = -1;
	void *after = ff_rules_state_alloc(r);

	memset(s, 0, sizeof s);
	memset(out, 0, sizeof *out);
	out->nlegal = n;
	out->played = played;
	w.policy = ff_agent_find(r, "greedy");
	if (w.policy && !w.policy->choose)
		w.policy = NULL;
	w.base = mix(o->seed, (uint64_t)ply_no);
	w.st = ff_rules_state_alloc(r);
	w.buf = malloc(FF_MAX_LEGAL * sizeof *w.buf);
	w.score = malloc(FF_MAX_LEGAL * sizeof *w.score);
	if (!after || !w.st || !w.buf || !w.score)
		goto out;
	if (drawn && (drew = after_draw(r, st, drawn, after)) < 0)
		drew = 0;
	m = candidates(&w, st, legal, n, played, ix);
	if (run(&w, st, legal, ix, m, roll, drew ? after : NULL, s))
		goto out;
	figures(out, ix, m, roll, drew, s);
	rc = 0;
out:
	if (rc)
		ff_error_set(err, FF_ENOMEM, "out of memory");
	for (i = 0; i < FF_SEARCH_MAX_WIDTH + 2; i++)
		free(s[i].r);
	free(after);
	free(w.st);
	free(w.buf);
	free(w.score);
	return rc;
}

int ff_search_describe(const struct ff_search_opts *o, struct ff_buf *out)
{
	int rc = ff_buf_adds(out, "search ");

	if (o->time_ms > 0)
		rc |= ff_buf_addf(out, "time-ms=%ld", o->time_ms);
	else
		rc |= ff_buf_addf(out, "iterations=%ld", o->iterations);
	rc |= ff_buf_addf(out, " width=%d seed=%llu", o->width, (unsigned long long)o->seed);
	if (o->hindsight)
		rc |= ff_buf_adds(out, " hindsight");
	return rc ? -1 : 0;
}
