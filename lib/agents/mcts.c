/* Monte Carlo tree search over the ruleset interface (lib/agents/mcts.h).

   The tree: each node is a point where some side chooses; its edges are
   (chance, ply) pairs, each with its visits, the rewards it earned for
   the side that chose it, and its availability (how often the pair was
   legal when the node was reached: the throw drawn there, or the deal
   of the iteration, allowed it). An iteration copies the root, lets the
   engine redeal what the seat to move cannot see (determinize), then
   walks down: at each node it draws the throw (ff_rules_roll), lists the
   legal plies, expands one not yet tried or else takes the edge of the
   highest UCB1 score, mean + c * sqrt(ln(availability) / visits) (the
   information-set form of UCT, Cowling et al. 2012), and applies it
   with its own stream for whatever the ply draws. From the new edge a
   playout (random or the engine's greedy agent) runs to the end (or,
   with cut=N, N plies, the engine's evaluate() then giving each side
   its share), and every edge on the path is credited with its side's
   reward: 1 for a win, 0 for a loss, a share for a draw or a playout
   cut off. All draws
   come from the agents' stream given, so a game is the same bytes
   whatever the threads. */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/agent.h"
#include "lib/agents/mcts.h"
#include "lib/text.h"

#define NO_CHILD UINT32_MAX
#define PLAYOUT_CAP 5000      /* plies; a playout cut off is scored as a draw */
#define MAX_DEPTH 4096
#define ITERATIONS 1000       /* without iterations=N or time-ms=N */
#define MAX_THREADS 64

struct mcts_opts {
	long iterations;      /* 0: none set */
	long time_ms;         /* 0: none set */
	double c;
	const struct ff_agent *playout;   /* NULL: uniformly random */
	const struct ff_agent *prior;     /* the baseline kept unless beaten clearly; NULL: none */
	double z;                         /* how clearly: standard errors */
	int width;                        /* > 0: only the prior's best width plies searched */
	int cut;                          /* >= 0: playouts cut after cut plies, scored by
					     the engine's evaluate; -1: played to the end */
	int threads;                      /* trees searched at once (root parallel) */
};

struct edge {
	uint64_t fp;          /* fingerprint of the chance and the ply's words */
	struct ff_ply ply;
	uint32_t child;       /* its node, NO_CHILD until visited twice */
	uint32_t visits, avail;
	int side;             /* the side that plays it */
	double reward;        /* the sum of that side's rewards */
	float *sample;        /* at the root: the reward of each visit, in order */
	uint32_t nsample, capsample;
};

struct node {
	struct edge *e;
	int ne, cap;
};

/* One search's memory. */
struct search {
	const struct mcts_opts *o;
	const struct ff_rules *r;
	struct ff_rng *rng;     /* the agents' stream: the tree's own choices */
	uint64_t base;          /* drawn from it: the samples' streams */
	struct ff_rng chance;   /* sample k's throws, draws and deal */
	struct ff_rng play;     /* sample k's playout choices */
	struct node *node;
	size_t nnode, capnode;
	unsigned char *st, *scratch;
	struct ff_ply *buf, *top;
	int *match, *topix;
	long *score;
	char *keep;
	struct { uint32_t node; int edge; } path[MAX_DEPTH];
	int depth;
	double reward[FF_MAX_SEATS];
	int failed;
	long budget;            /* iterations to run (LONG_MAX: until the deadline) */
	double end;             /* the deadline (ms, CLOCK_MONOTONIC), 0: none */
	long done;              /* iterations run */
	int rc;                 /* run()'s, for a tree on a thread */
};

static uint64_t fingerprint(const struct ff_ply *p)
{
	uint64_t h = (uint64_t)(uint32_t)p->chance * 0x9E3779B97F4A7C15u;
	int i;

	for (i = 0; i < FF_PLY_WORDS; i++)
		h = (h ^ (uint16_t)p->w[i]) * 0xff51afd7ed558ccdu;
	return h ^ h >> 31;
}

/* A new node; its index, or NO_CHILD when memory ran out. */
static uint32_t new_node(struct search *s)
{
	if (s->nnode == s->capnode) {
		size_t cap = s->capnode ? s->capnode * 2 : 1024;
		void *v = realloc(s->node, cap * sizeof *s->node);

		if (!v)
			return NO_CHILD;
		s->node = v;
		s->capnode = cap;
	}
	memset(&s->node[s->nnode], 0, sizeof s->node[0]);
	return (uint32_t)s->nnode++;
}

/* Add an edge for ply p, played by side, to node k; its index or -1. */
static int add_edge(struct search *s, uint32_t k, const struct ff_ply *p, uint64_t fp, int side)
{
	struct node *nd = &s->node[k];
	struct edge *e;

	if (nd->ne == nd->cap) {
		int cap = nd->cap ? nd->cap * 2 : 8;
		void *v = realloc(nd->e, (size_t)cap * sizeof *nd->e);

		if (!v)
			return -1;
		nd->e = v;
		nd->cap = cap;
	}
	e = &nd->e[nd->ne];
	memset(e, 0, sizeof *e);
	e->fp = fp;
	e->ply = *p;
	e->child = NO_CHILD;
	e->side = side;
	e->avail = 1;
	return nd->ne++;
}

/* The edge of node k to play among cand[0..n): a legal ply never tried
   there (drawn uniformly), else the highest UCB1 score; -1 when memory
   ran out. Every edge of a legal ply counts one more availability. */
static int pick(struct search *s, uint32_t k, const struct ff_ply *cand, int n, int side)
{
	struct node *nd = &s->node[k];
	int i, j, fresh = 0, best = -1;
	double score, top = -1;

	for (i = 0; i < n; i++) {
		uint64_t fp = fingerprint(&cand[i]);

		s->match[i] = -1;
		for (j = 0; j < nd->ne; j++)
			if (nd->e[j].fp == fp && ff_ply_eq(&nd->e[j].ply, &cand[i])) {
				s->match[i] = j;
				nd->e[j].avail++;
				break;
			}
		fresh += s->match[i] < 0;
	}
	if (fresh) {
		int want = ff_agent_uniform_index(s->rng, fresh);

		for (i = 0; i < n; i++)
			if (s->match[i] < 0 && want-- == 0)
				return add_edge(s, k, &cand[i], fingerprint(&cand[i]), side);
	}
	for (i = 0; i < n; i++) {
		const struct edge *e = &nd->e[s->match[i]];

		score = e->reward / e->visits +
			s->o->c * sqrt(log((double)e->avail) / e->visits);
		if (score > top) {
			top = score;
			best = s->match[i];
		}
	}
	return best;
}

/* Apply a copy of ply p to the search state (its draws from the
   search's stream); 0 or -1. */
static int play(struct search *s, const struct ff_ply *p)
{
	struct ff_ply q = *p;
	int i;

	for (i = 0; i < FF_POST_WORDS; i++)
		q.post[i] = FF_NO_CARD;
	return ff_rules_apply(s->r, s->st, &q, &s->chance, NULL);
}

static int is_over(const struct ff_rules *r, const void *st)
{
	struct ff_outcome o;

	ff_rules_outcome(r, st, &o);
	return o.term != FF_TERM_NONE;
}

static int uniform_pick(void *ctx, int n)
{
	return ff_agent_uniform_index(ctx, n);
}

/* Play on from the search state to the end (or the cap). */
static int playout(struct search *s)
{
	const struct ff_rules *r = s->r;
	struct ff_ply one;
	int k, c, n, i;

	int cap = s->o->cut >= 0 ? s->o->cut : PLAYOUT_CAP;

	for (k = 0; k < cap && !is_over(r, s->st); k++) {
		c = ff_rules_roll(r, s->st, &s->chance);
		if (!s->o->playout) {
			ff_rules_random_ply(r, s->st, c, uniform_pick, &s->play, s->buf, 0);
			one = s->buf[0];
			if (play(s, &one))
				return -1;
			continue;
		}
		n = ff_rules_legal(r, s->st, c, s->buf);
		i = s->o->playout->choose(s->st, s->buf, n, &s->play);
		if (play(s, &s->buf[i]))
			return -1;
	}
	return 0;
}

/* The reward of every side at the end of the search state. */
static void score_end(struct search *s)
{
	const struct ff_rules *r = s->r;
	struct ff_outcome o;
	int sides = ff_rules_sides(r, s->st), i;

	ff_rules_outcome(r, s->st, &o);
	if (o.term == FF_TERM_NONE && s->o->cut >= 0 && sides <= FF_MAX_SEATS) {
		ff_rules_evaluate(r, s->st, s->reward);   /* (mcts_create checks it is there) */
		return;
	}
	for (i = 0; i < sides && i < FF_MAX_SEATS; i++)
		s->reward[i] = o.term == FF_TERM_NONE || o.winner < 0 ? 1.0 / sides
			     : o.winner == i;
}

/* The index in cand[0..n) of a ply that wins the game at once for the
   side that moves (the first in the engine's order), or -1: in the tree
   a side takes its win, whatever UCB would try (decisive moves, Teytaud
   and Teytaud 2010). Uses the search's scratch state. */
static int winning(struct search *s, const struct ff_ply *cand, int n, int side)
{
	const struct ff_rules *r = s->r;
	struct ff_outcome o;
	struct ff_rng tmp;
	struct ff_ply q;
	int i, j;

	for (i = 0; i < n; i++) {
		memcpy(s->scratch, s->st, r->state_size);
		q = cand[i];
		for (j = 0; j < FF_POST_WORDS; j++)
			q.post[j] = FF_NO_CARD;
		tmp = s->chance;   /* what it draws is not drawn */
		if (ff_rules_apply(r, s->scratch, &q, &tmp, NULL))
			continue;
		ff_rules_outcome(r, s->scratch, &o);
		if (o.term != FF_TERM_NONE && o.winner == side)
			return i;
	}
	return -1;
}

/* Start sample k of the search: its streams, then the deal of what the
   seat to move at root cannot see. Sample k of every root ply sees the
   same throws, draws and deal as far as play lets them agree (common
   random numbers: the root's plies are compared on the same luck). */
static void start_sample(struct search *s, const void *root, uint32_t k)
{
	const struct ff_rules *r = s->r;

	ff_rng_seed(&s->chance, s->base + (uint64_t)k * 0x9E3779B97F4A7C15u);
	ff_rng_seed(&s->play, ~(s->base + (uint64_t)k * 0xC2B2AE3D27D4EB4Fu));
	memcpy(s->st, root, r->state_size);
	if (ff_rules_can(r, FF_CAN_HIDE))
		ff_rules_determinize(r, s->st, ff_rules_to_move(r, root), &s->chance);
}

/* Keep in cand[0..n) the plies the prior ranks highest, width of them
   (equal scores: the earlier), in their order; first (-1: none) is kept
   whatever its rank. The index of each kept ply goes in ix (may be NULL).
   Returns the count kept. Ranks on state st, which the search may read. */
static int narrow(struct search *s, const void *st, struct ff_ply *cand, int n, int first, int *ix)
{
	int i, j, m = 0, w = s->o->width;
	char *keep = s->keep;

	if (w <= 0 || n <= w) {   /* (mcts_create checks the prior ranks) */
		for (i = 0; ix && i < n; i++)
			ix[i] = i;
		return n;
	}
	s->o->prior->rank(st, cand, n, s->score);
	memset(keep, 0, (size_t)n);
	if (first >= 0) {
		keep[first] = 1;
		m++;
	}
	for (; m < w; m++) {
		for (j = -1, i = 0; i < n; i++)
			if (!keep[i] && (j < 0 || s->score[i] > s->score[j]))
				j = i;
		keep[j] = 1;
	}
	for (i = j = 0; i < n; i++)
		if (keep[i]) {
			if (ix)
				ix[j] = i;
			cand[j++] = cand[i];
		}
	return j;
}

/* One iteration: a root ply (legal[0..n)) by UCB, its sample, then down
   the tree to a new edge or the end of the game, and a playout; 0 or
   -1. */
static int descend(struct search *s, const void *root, const struct ff_ply *legal, int n)
{
	const struct ff_rules *r = s->r;
	const struct ff_ply *cand = legal;
	uint32_t k = 0;
	int e, side, w;

	for (s->depth = 0; s->depth < MAX_DEPTH; s->depth++) {
		if (s->depth == 0) {
			side = ff_rules_side_of(r, root, ff_rules_to_move(r, root));
		} else {
			if (is_over(r, s->st))
				return 0;
			n = ff_rules_legal(r, s->st, ff_rules_roll(r, s->st, &s->chance), s->buf);
			cand = s->buf;
			side = ff_rules_side_of(r, s->st, ff_rules_to_move(r, s->st));
			if ((w = winning(s, cand, n, side)) >= 0) {
				cand += w;
				n = 1;
			} else {
				n = narrow(s, s->st, s->buf, n, -1, NULL);
			}
		}
		if ((e = pick(s, k, cand, n, side)) < 0)
			return -1;
		if (s->depth == 0)
			start_sample(s, root, s->node[0].e[e].visits);
		s->path[s->depth].node = k;
		s->path[s->depth].edge = e;
		if (play(s, &s->node[k].e[e].ply))
			return -1;
		if (s->node[k].e[e].visits == 0) {
			s->depth++;
			return playout(s);
		}
		if (s->node[k].e[e].child == NO_CHILD) {
			uint32_t c = new_node(s);

			if (c == NO_CHILD)
				return -1;
			s->node[k].e[e].child = c;
		}
		k = s->node[k].e[e].child;
	}
	return 0;
}

/* Credit every edge on the path with its side's reward. */
static int backup(struct search *s)
{
	int d;

	for (d = 0; d < s->depth; d++) {
		struct edge *e = &s->node[s->path[d].node].e[s->path[d].edge];
		double v = e->side < FF_MAX_SEATS ? s->reward[e->side] : 0;

		if (d == 0 && e->nsample == e->capsample) {
			uint32_t cap = e->capsample ? e->capsample * 2 : 64;
			void *p = realloc(e->sample, cap * sizeof *e->sample);

			if (!p)
				return -1;
			e->sample = p;
			e->capsample = cap;
		}
		if (d == 0)
			e->sample[e->nsample++] = (float)v;
		e->visits++;
		e->reward += v;
	}
	return 0;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Run s->budget iterations from root, or until s->end; 0 or -1
   (memory). s->done counts them. */
static int run(struct search *s, const void *root, const struct ff_ply *legal, int n)
{
	long it;

	if (new_node(s) != 0)
		return -1;
	for (it = 0; it < s->budget; it++) {
		if (s->end && it % 16 == 0 && now_ms() >= s->end)
			break;
		if (descend(s, root, legal, n))
			return -1;
		score_end(s);
		if (backup(s))
			return -1;
		s->done++;
	}
	return 0;
}

/* The root edge of legal[k], or NULL. */
static const struct edge *root_edge(const struct search *s, const struct ff_ply *p)
{
	const struct node *root = &s->node[0];
	int j;

	for (j = 0; j < root->ne; j++)
		if (ff_ply_eq(&root->e[j].ply, p))
			return &root->e[j];
	return NULL;
}

static double mean(const struct edge *e)
{
	return e && e->visits ? e->reward / e->visits : 0;
}

/* The index in legal[0..n) of the root edge visited most (then the best
   mean, then the first); but the prior's choice, base, unless that edge
   beats it clearly: the mean of their paired differences (sample k of
   one against sample k of the other, which saw the same luck) over z
   standard errors. */
static int decide(const struct search *s, const struct ff_ply *legal, int n, int base)
{
	const struct edge *e, *b;
	uint32_t k, m;
	int i, best = 0;
	double bv = -1, bm = -1, d, sum = 0, sq = 0, se;

	for (i = 0; i < n; i++) {
		if (!(e = root_edge(s, &legal[i])))
			continue;
		if (e->visits > bv || (e->visits == bv && mean(e) > bm)) {
			bv = e->visits;
			bm = mean(e);
			best = i;
		}
	}
	if (base < 0 || base == best)
		return best;
	e = root_edge(s, &legal[best]);
	b = root_edge(s, &legal[base]);
	if (!b || b->nsample < 2)
		return best;
	m = e->nsample < b->nsample ? e->nsample : b->nsample;
	for (k = 0; k < m; k++) {
		d = (double)e->sample[k] - b->sample[k];
		sum += d;
		sq += d * d;
	}
	d = sum / m;
	se = sqrt((sq / m - d * d) / (m - 1));
	return d > 0 && d > s->o->z * se ? best : base;
}

static void search_free(struct search *s)
{
	size_t i;

	int j;

	for (i = 0; i < s->nnode; i++) {
		for (j = 0; j < s->node[i].ne; j++)
			free(s->node[i].e[j].sample);
		free(s->node[i].e);
	}
	free(s->node);
	free(s->st);
	free(s->scratch);
	free(s->buf);
	free(s->match);
	free(s->top);
	free(s->topix);
	free(s->score);
	free(s->keep);
}

/* Set up s's memory for searches of o in games of r, with rng as the
   agents' stream. Returns 0, or -1 when memory ran out (free s with
   search_free all the same). */
static int search_alloc(struct search *s, const struct mcts_opts *o, const struct ff_rules *r,
			struct ff_rng *rng)
{
	memset(s, 0, sizeof *s);
	s->o = o;
	s->r = r;
	s->rng = rng;
	s->st = ff_rules_state_alloc(r);
	s->scratch = ff_rules_state_alloc(r);
	s->buf = malloc(FF_MAX_LEGAL * sizeof *s->buf);
	s->match = malloc(FF_MAX_LEGAL * sizeof *s->match);
	s->top = malloc(FF_MAX_LEGAL * sizeof *s->top);
	s->topix = malloc(FF_MAX_LEGAL * sizeof *s->topix);
	s->score = malloc(FF_MAX_LEGAL * sizeof *s->score);
	s->keep = malloc(FF_MAX_LEGAL);
	return s->st && s->scratch && s->buf && s->match && s->top && s->topix && s->score &&
	       s->keep ? 0 : -1;
}

/* One tree searched on a thread of its own. */
struct tree {
	struct search *s;
	const void *root;
	const struct ff_ply *legal;
	int n;
};

static void *tree_main(void *p)
{
	struct tree *t = p;

	t->s->rc = run(t->s, t->root, t->legal, t->n);
	return NULL;
}

/* Add tree h's root edges into s's: their visits, availability, rewards
   and samples (h's after s's). Returns 0 or -1 (memory). */
static int merge_root(struct search *s, const struct search *h)
{
	const struct node *hr = &h->node[0];
	int j, k;

	for (j = 0; j < hr->ne; j++) {
		const struct edge *he = &hr->e[j];
		struct edge *e;
		uint32_t cap;

		for (k = 0; k < s->node[0].ne && !ff_ply_eq(&s->node[0].e[k].ply, &he->ply); k++)
			;
		if (k == s->node[0].ne) {
			if ((k = add_edge(s, 0, &he->ply, he->fp, he->side)) < 0)
				return -1;
			s->node[0].e[k].avail = 0;
		}
		e = &s->node[0].e[k];
		e->visits += he->visits;
		e->avail += he->avail;
		e->reward += he->reward;
		if (e->nsample + he->nsample > e->capsample) {
			void *v;

			cap = e->nsample + he->nsample;
			if (!(v = realloc(e->sample, cap * sizeof *e->sample)))
				return -1;
			e->sample = v;
			e->capsample = cap;
		}
		if (he->nsample)
			memcpy(e->sample + e->nsample, he->sample, he->nsample * sizeof *e->sample);
		e->nsample += he->nsample;
	}
	return 0;
}

/* Iteration budget of tree t of nt: total split as evenly as it goes
   (the first trees one more), or no budget but the deadline. */
static long share(long total, int t, int nt)
{
	return total == LONG_MAX ? total : total / nt + (t < total % nt);
}

/* The search proper on o->threads trees at once (root parallel): s and
   threads - 1 more, each with its own streams drawn from the agents'
   stream (so an iteration budget gives the same choice on any machine),
   each its share of the iterations or all of them until the deadline,
   their root edges added into s's. One tree draws nothing more. Returns
   0 or -1 (memory). */
static int run_all(struct search *s, const void *root, const struct ff_ply *legal, int n)
{
	int t, nt = s->o->threads > 1 ? s->o->threads : 1, rc = 0;
	long total = s->o->iterations ? s->o->iterations : s->o->time_ms ? LONG_MAX : ITERATIONS;
	struct search *h = NULL;
	struct ff_rng *rng = NULL;
	struct tree *tr = NULL;
	pthread_t *tid = NULL;
	char *up = NULL;

	s->end = s->o->time_ms ? now_ms() + (double)s->o->time_ms : 0;
	s->budget = share(total, 0, nt);
	if (nt == 1)
		return run(s, root, legal, n);
	if (!(h = calloc((size_t)nt, sizeof *h)) || !(rng = calloc((size_t)nt, sizeof *rng)) ||
	    !(tr = calloc((size_t)nt, sizeof *tr)) || !(tid = calloc((size_t)nt, sizeof *tid)) ||
	    !(up = calloc((size_t)nt, 1)))
		rc = -1;
	for (t = 1; t < nt && rc == 0; t++) {
		ff_rng_seed(&rng[t], ff_rng_next(s->rng));
		if (search_alloc(&h[t], s->o, s->r, &rng[t])) {
			rc = -1;
			break;
		}
		h[t].base = ff_rng_next(s->rng);
		h[t].end = s->end;
		h[t].budget = share(total, t, nt);
		tr[t] = (struct tree){ &h[t], root, legal, n };
		up[t] = pthread_create(&tid[t], NULL, tree_main, &tr[t]) == 0;
		if (!up[t])   /* no thread: this tree after the others, here */
			h[t].rc = -2;
	}
	if (rc == 0)
		rc = run(s, root, legal, n);
	for (t = 1; t < nt && h; t++) {
		if (up && up[t])
			pthread_join(tid[t], NULL);
		else if (rc == 0 && h[t].rc == -2)
			h[t].rc = run(&h[t], root, legal, n);
		if (rc == 0 && (h[t].rc || merge_root(s, &h[t])))
			rc = -1;
		s->done += h[t].done;
		search_free(&h[t]);
	}
	free(h);
	free(rng);
	free(tr);
	free(tid);
	free(up);
	return rc;
}

/* The choice, given the search's memory: a ply that wins at once, else
   the search's (below the prior's choice, made on a deal of what the
   seat cannot see, like everything the search reads). */
static int choose_in(struct search *s, const void *st, const struct ff_ply *legal, int n)
{
	const struct ff_rules *r = s->r;
	int base = -1, w, m, i, j;

	memcpy(s->st, st, r->state_size);
	if (ff_rules_can(r, FF_CAN_HIDE))
		ff_rules_determinize(r, s->st, ff_rules_to_move(r, st), s->rng);
	s->chance = *s->rng;
	if ((w = winning(s, legal, n, ff_rules_side_of(r, st, ff_rules_to_move(r, st)))) >= 0)
		return w;
	if (s->o->prior)
		base = s->o->prior->choose(s->st, legal, n, s->rng);
	s->base = ff_rng_next(s->rng);
	memcpy(s->top, legal, (size_t)n * sizeof *legal);
	m = narrow(s, s->st, s->top, n, base, s->topix);
	for (i = 0, j = base, base = -1; i < m; i++)   /* the prior's choice among those kept */
		if (s->topix[i] == j)
			base = i;
	if (run_all(s, st, s->top, m)) {
		s->failed = 1;
		return s->topix[base >= 0 ? base : 0];
	}
	return s->topix[decide(s, s->top, m, base)];
}

long ff_mcts_search(const void *ctx, const struct ff_rules *r, const void *st,
		    const struct ff_ply *legal, int n, struct ff_rng *rng, int *choice)
{
	struct search *s = malloc(sizeof *s);
	long done = -1;

	*choice = 0;
	if (n == 1 || !s) {
		free(s);
		return n == 1 ? 0 : -1;
	}
	/* out of memory: the first legal ply, still a legal game */
	if (search_alloc(s, ctx, r, rng) == 0) {
		*choice = choose_in(s, st, legal, n);
		done = s->failed ? -1 : s->done;
	}
	search_free(s);
	free(s);
	return done;
}

static int mcts_choose(const void *ctx, const struct ff_rules *r, const void *st,
		       const struct ff_ply *legal, int n, struct ff_rng *rng)
{
	int best;

	ff_mcts_search(ctx, r, st, legal, n, rng, &best);
	return best;
}

/* The engine's greedy agent when it chooses alone (without a context),
   else NULL. */
static const struct ff_agent *greedy_of(const struct ff_rules *r)
{
	const struct ff_agent *a = ff_agent_find(r, "greedy");

	return a && a->choose ? a : NULL;
}

/* Option name=value naming an agent: `plain` (none) or "greedy" (the
   engine's); 0, or -1 with err. */
static int set_agent(const struct ff_agent **slot, const struct ff_rules *r, const char *name,
		     const char *plain, const char *value, struct ff_error *err)
{
	if (strcmp(value, plain) == 0)
		*slot = NULL;
	else if (strcmp(value, "greedy") != 0 || !(*slot = greedy_of(r)))
		return ff_error_set(err, FF_EBAD_OPTION, "mcts: %s '%s': %s or greedy (an agent "
				    "of '%s' that chooses alone)", name, value, plain, r->name);
	return 0;
}

/* The options set_option() takes, with the defaults mcts_create() sets
   where the engine gives none (docs/agents.md; tests/test_mcts.c checks
   that each is taken): the list in messages and in `fivefold rules`. */
static const struct ff_agent_option mcts_options[] = {
	{ "iterations", "N", "1000", "iterations a decision" },
	{ "time-ms", "N", NULL, "search for N milliseconds instead (not reproducible)" },
	{ "c", "X", "0.7", "the exploration constant" },
	{ "z", "X", "0.5", "how many standard errors the search must beat the prior by" },
	{ "width", "N", "0", "search only the prior's best N plies at each node (0: all)" },
	{ "cut", "N|none", "none", "end playouts after N plies, scored by the engine's evaluation "
	  "(none: play to the end)" },
	{ "threads", "N", "1", "search N trees at once on N threads, their root counts added "
	  "(iterations shared among them)" },
	{ "playout", "random|greedy", "random", "the playout policy" },
	{ "prior", "greedy|none", "greedy", "the baseline kept unless the search beats it "
	  "(none where the game has no greedy agent)" },
};
#define NOPTIONS ((int)(sizeof mcts_options / sizeof mcts_options[0]))

/* Is name one of mcts's options? 0, or -1 with err naming the nearest
   and listing them all. */
static int known_option(const char *name, struct ff_error *err)
{
	const char *names[NOPTIONS];
	char hint[200], list[300], *cut;
	size_t len = 0;
	int i;

	for (i = 0; i < NOPTIONS; i++) {
		if (strcmp(name, mcts_options[i].name) == 0)
			return 0;
		names[i] = mcts_options[i].name;
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s=%s", i ? ", " : "",
					names[i], mcts_options[i].values);
		if (len >= sizeof list)
			len = sizeof list - 1;
	}
	ff_text_suggest(hint, sizeof hint, name, "options", names, NOPTIONS);
	if ((cut = strstr(hint, " (")))
		*cut = '\0';
	return ff_error_set(err, FF_EBAD_OPTION, "mcts: no option '%s'%s (options: %s)", name, hint,
			    list);
}

/* Parse "name=value" into o; 0, or -1 with err. */
static int set_option(struct mcts_opts *o, const struct ff_rules *r, const char *name,
		      const char *value, struct ff_error *err)
{
	char *end;
	double d;

	if (known_option(name, err))
		return -1;
	if (strcmp(name, "prior") == 0)
		return set_agent(&o->prior, r, name, "none", value, err);
	if (strcmp(name, "playout") == 0)
		return set_agent(&o->playout, r, name, "random", value, err);
	if (strcmp(name, "cut") == 0 && strcmp(value, "none") == 0) {
		o->cut = -1;
		return 0;
	}
	d = strtod(value, &end);
	if (!*value || *end || !(d >= 0) || d > 1e9)
		return ff_error_set(err, FF_EBAD_OPTION, "mcts: option '%s' takes a number, not '%s'",
				    name, value);
	if (strcmp(name, "iterations") == 0 && d >= 1 && d == (long)d)
		o->iterations = (long)d;
	else if (strcmp(name, "time-ms") == 0 && d >= 1 && d == (long)d)
		o->time_ms = (long)d;
	else if (strcmp(name, "c") == 0)
		o->c = d;
	else if (strcmp(name, "z") == 0)
		o->z = d;
	else if (strcmp(name, "width") == 0 && d == (int)d)
		o->width = (int)d;
	else if (strcmp(name, "cut") == 0 && d == (int)d && d <= PLAYOUT_CAP)
		o->cut = (int)d;
	else if (strcmp(name, "threads") == 0 && d >= 1 && d <= MAX_THREADS && d == (int)d)
		o->threads = (int)d;
	else
		return ff_error_set(err, FF_EBAD_OPTION, "mcts: option '%s' takes a whole number%s, "
				    "not '%s'", name, strcmp(name, "width") && strcmp(name, "cut") ?
				    strcmp(name, "threads") ? " from 1" : " from 1 to 64" : "", value);
	return 0;
}

static void *mcts_create(const struct ff_rules *r, const char *options, struct ff_error *err)
{
	struct mcts_opts *o = calloc(1, sizeof *o);
	char *buf = strdup(options ? options : ""), *p, *save = NULL, *eq;

	if (!o || !buf) {
		ff_error_set(err, FF_ENOMEM, "out of memory");
		free(o);
		free(buf);
		return NULL;
	}
	o->c = 0.7;
	o->z = 0.5;
	o->cut = -1;
	o->threads = 1;
	o->prior = greedy_of(r);
	for (p = strtok_r(buf, ";", &save); p; p = strtok_r(NULL, ";", &save)) {
		if (!(eq = strchr(p, '='))) {
			if (!known_option(p, err))
				ff_error_set(err, FF_EBAD_OPTION,
					     "mcts: option '%s' needs a value (name=value)", p);
			free(o);
			free(buf);
			return NULL;
		}
		*eq = '\0';
		if (set_option(o, r, p, eq + 1, err)) {
			free(o);
			free(buf);
			return NULL;
		}
	}
	free(buf);
	if (o->width > 0 && !(o->prior && o->prior->rank)) {
		ff_error_set(err, FF_EBAD_OPTION, "mcts: width=%d needs a prior that ranks the plies "
			     "(prior=greedy, where '%s' has one)", o->width, r->name);
		free(o);
		return NULL;
	}
	if (o->cut >= 0 && !ff_rules_can(r, FF_CAN_EVALUATE)) {
		ff_error_set(err, FF_EBAD_OPTION, "mcts: cut=%d needs an evaluation of the position "
			     "from the engine, and '%s' has none", o->cut, r->name);
		free(o);
		return NULL;
	}
	return o;
}

static void mcts_destroy(void *ctx)
{
	free(ctx);
}

/* Append "name=X;" with the shortest digits that read back as x. */
static int add_number(struct ff_buf *out, const char *name, double x)
{
	char t[40];
	int prec;

	for (prec = 6; prec < 17; prec++) {
		snprintf(t, sizeof t, "%.*g", prec, x);
		if (strtod(t, NULL) == x)
			break;
	}
	snprintf(t, sizeof t, "%.*g", prec, x);
	return ff_buf_addf(out, "%s=%s;", name, t);
}

/* Every option of ctx, in the form mcts_create reads: the Seat tag. */
static int mcts_describe(const void *ctx, struct ff_buf *out)
{
	const struct mcts_opts *o = ctx;

	if ((o->iterations || !o->time_ms) &&
	    ff_buf_addf(out, "iterations=%ld;", o->iterations ? o->iterations : ITERATIONS))
		return -1;
	if (o->time_ms && ff_buf_addf(out, "time-ms=%ld;", o->time_ms))
		return -1;
	if (add_number(out, "c", o->c) || add_number(out, "z", o->z))
		return -1;
	if (o->cut >= 0 && ff_buf_addf(out, "cut=%d;", o->cut))
		return -1;
	if (o->threads > 1 && ff_buf_addf(out, "threads=%d;", o->threads))
		return -1;
	return ff_buf_addf(out, "width=%d;playout=%s;prior=%s", o->width,
			   o->playout ? "greedy" : "random", o->prior ? "greedy" : "none");
}

const struct ff_agent ff_agent_mcts = {
	.name = "mcts",
	.help = "Monte Carlo tree search (every game): mcts:iterations=N;time-ms=N;c=X;z=X;"
		"width=N;cut=N|none;threads=N;playout=random|greedy;prior=greedy|none "
		"(docs/agents.md)",
	.choose_with = mcts_choose,
	.create = mcts_create,
	.destroy = mcts_destroy,
	.options = mcts_options,
	.noptions = NOPTIONS,
	.describe = mcts_describe,
};
