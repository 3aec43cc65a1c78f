/* The exact solver: a breadth-first search over positions by their keys,
   then value iteration (Gauss-Seidel sweeps) over the graph it found.
   Each position has one group of successors per throw, weighted by the
   throw's probability; its value is the sum over throws of the best
   successor's value for the side that moves, which is a successor's own
   value when the same side moves there again and one minus it when the
   other side does (two sides; a draw is worth one half to both). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/analysis/solve.h"

#define SAME 0x80000000u      /* an edge's flag: the same side moves there */
#define MAX_STATES 0x7fffffffu
#define STATE_MAX 4096    /* the state of a game that can be solved fits */
#define NOISE (8 * DBL_EPSILON)  /* changes this small are rounding: converged */
#define SETTLED 1e-3       /* ratios this close (times 1 - rho) have settled: jump */

/* The graph being built, held compactly (docs/solve.md "Memory"): a
   position's throws are a profile (its throws' probabilities, shared by
   every position with the same ones: Five Lines has one), each of its
   throws a group of successors stored as its length only, and the
   successors one after another; a sweep walks them in order, forward or
   backward, so no position needs to know where its groups start.
   Invariants: prof[i] is 0 for an ended position, else 1 + its profile's
   index, for positions below `done`; the groups of positions 0..done-1
   are glen[0..ngroups-1] in order (a profile's n groups each), their
   distinct successors edge[0..nedge-1] in order (a successor reached by
   two plies of one throw is stored once: the best of a group is the
   same). raw holds the states of positions base..nstates-1 only (ssize
   bytes apart), those not yet expanded and the one being expanded. */
struct profile {
	int n;
	double p[FF_MAX_CHANCES];
};

struct build {
	const struct ff_rules *r;
	struct ff_solution *sol;
	size_t ssize, cap, done, max;
	unsigned char *raw;
	size_t base, rawcap;
	uint16_t *prof;
	struct profile *profiles;
	size_t nprof, profcap, lastprof;
	uint16_t *glen;
	uint32_t *edge;
	size_t ngroups, gcap, nedge, ecap;
	struct ff_ply *legal;
};

#define ROTL(x, b) ((x) << (b) | (x) >> (64 - (b)))
#define SIPROUND do { \
		v0 += v1; v1 = ROTL(v1, 13); v1 ^= v0; v0 = ROTL(v0, 32); \
		v2 += v3; v3 = ROTL(v3, 16); v3 ^= v2; \
		v0 += v3; v3 = ROTL(v3, 21); v3 ^= v0; \
		v2 += v1; v1 = ROTL(v1, 17); v1 ^= v2; v2 = ROTL(v2, 32); \
	} while (0)

/* Key k's hash: SipHash-1-3 under sol's hash key (zero for a solve, whose
   keys come from the engine; random for a loaded solution, so that a
   crafted file cannot put its keys on one slot). Host byte order: the
   hash never leaves the process. */
static uint64_t hash_key(const struct ff_solution *sol, const uint8_t *k)
{
	uint64_t v0 = 0x736f6d6570736575u ^ sol->hkey[0], v1 = 0x646f72616e646f6du ^ sol->hkey[1];
	uint64_t v2 = 0x6c7967656e657261u ^ sol->hkey[0], v3 = 0x7465646279746573u ^ sol->hkey[1];
	uint64_t m, last = (uint64_t)sol->key_len << 56;
	size_t i, n = sol->key_len;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&m, k + i, 8);
		v3 ^= m;
		SIPROUND;
		v0 ^= m;
	}
	m = 0;
	memcpy(&m, k + i, n - i);
	last |= m;
	v3 ^= last;
	SIPROUND;
	v0 ^= last;
	v2 ^= 0xff;
	SIPROUND;
	SIPROUND;
	SIPROUND;
	return v0 ^ v1 ^ v2 ^ v3;
}

/* Resize *p to n elements of size; 0 or -1 (then *p is unchanged). */
static int resize(void *p, size_t n, size_t size)
{
	void *q = realloc(*(void **)p, n * size);

	if (!q)
		return -1;
	*(void **)p = q;
	return 0;
}

/* The next capacity after cap that holds want (doubling). */
static size_t next_cap(size_t cap, size_t want)
{
	size_t n = cap ? cap : 4096;

	while (n < want)
		n *= 2;
	return n;
}

/* Room for want positions in every per-position array. */
static int room_states(struct build *b, size_t want)
{
	struct ff_solution *sol = b->sol;
	size_t n;

	if (want <= b->cap)
		return 0;
	n = next_cap(b->cap, want);
	if (resize(&sol->keys, n, sol->key_len) || resize(&sol->value, n, sizeof *sol->value) ||
	    resize(&b->prof, n, sizeof *b->prof))
		return -1;
	b->cap = n;
	return 0;
}

/* Room in raw for the states of positions base..want-1: the states of
   positions expanded already are dropped first, and raw grows only when
   the rest fill more than half of it. */
static int room_raw(struct build *b, size_t want)
{
	size_t keep;

	if (want - b->base <= b->rawcap)
		return 0;
	keep = b->sol->nstates - b->done;
	if (keep && b->done > b->base)
		memmove(b->raw, b->raw + (b->done - b->base) * b->ssize, keep * b->ssize);
	b->base = b->done;
	if (keep * 2 > b->rawcap || want - b->base > b->rawcap) {
		size_t n = next_cap(b->rawcap, 2 * (want - b->base));

		if (resize(&b->raw, n, b->ssize))
			return -1;
		b->rawcap = n;
	}
	return 0;
}

/* Room for want groups and wante edges. */
static int room_edges(struct build *b, size_t want, size_t wante)
{
	size_t n;

	if (want > b->gcap) {
		n = next_cap(b->gcap, want);
		if (resize(&b->glen, n, sizeof *b->glen))
			return -1;
		b->gcap = n;
	}
	if (wante > b->ecap) {
		n = next_cap(b->ecap, wante);
		if (resize(&b->edge, n, sizeof *b->edge))
			return -1;
		b->ecap = n;
	}
	return 0;
}

/* Hash the keys into a table of n slots (a power of two). */
static int rehash_to(struct ff_solution *sol, size_t n)
{
	size_t i, h;
	uint32_t *s = calloc(n, sizeof *s);

	if (!s)
		return -1;
	for (i = 0; i < sol->nstates; i++) {
		h = hash_key(sol, sol->keys + i * sol->key_len) & (n - 1);
		while (s[h])
			h = (h + 1) & (n - 1);
		s[h] = (uint32_t)(i + 1);
	}
	free(sol->slot);
	sol->slot = s;
	sol->nslot = n;
	return 0;
}

/* Rehash into a table twice as large. */
static int rehash(struct ff_solution *sol)
{
	return rehash_to(sol, sol->nslot ? sol->nslot * 2 : (size_t)1 << 16);
}

/* The slot of key: where it is, or the empty slot where it would go. */
static size_t slot_of(const struct ff_solution *sol, const uint8_t *key)
{
	size_t h = hash_key(sol, key) & (sol->nslot - 1);
	uint32_t e;

	while ((e = sol->slot[h]) != 0 &&
	       memcmp(sol->keys + (size_t)(e - 1) * sol->key_len, key, sol->key_len) != 0)
		h = (h + 1) & (sol->nslot - 1);
	return h;
}

/* The index of the position of state st, whose key is key, added when
   new. Returns it, or -1 when memory or the index space ran out. */
static long find_or_add(struct build *b, const void *st, const uint8_t *key)
{
	struct ff_solution *sol = b->sol;
	size_t h = slot_of(sol, key), n = sol->nstates;

	if (sol->slot[h])
		return (long)sol->slot[h] - 1;
	if (n >= b->max || room_states(b, n + 1) || room_raw(b, n + 1))
		return -1;
	memcpy(b->raw + (n - b->base) * b->ssize, st, b->r->state_size);
	memcpy(sol->keys + n * sol->key_len, key, sol->key_len);
	sol->slot[h] = (uint32_t)(n + 1);
	sol->nstates = n + 1;
	if (sol->nstates * 2 > sol->nslot && rehash(sol))
		return -1;
	return (long)n;
}

/* The value of an ended position for its side to move. */
static double end_value(const struct ff_rules *r, const void *st, const struct ff_outcome *o)
{
	if (o->winner < 0)
		return 0.5;
	return o->winner == ff_rules_side_of(r, st, ff_rules_to_move(r, st)) ? 1.0 : 0.0;
}

/* Position j's key from state st into key: 0, or -1 with err when the
   engine gives a key of another length. */
static int key_of(const struct build *b, const void *st, uint8_t *key, struct ff_error *err)
{
	if (ff_rules_key(b->r, st, key) != b->sol->key_len)
		return ff_error_set(err, FF_EBAD_OPTION, "'%s' gives keys of different lengths",
				    b->r->name);
	return 0;
}

/* Add successor e to the group that starts at edge g0, unless it is
   there already (a short group is searched; a long one, past 64, takes
   it again: the best is the same either way). */
static void add_edge(struct build *b, size_t g0, uint32_t e)
{
	size_t k;

	if (b->nedge - g0 <= 64)
		for (k = g0; k < b->nedge; k++)
			if (b->edge[k] == e)
				return;
	b->edge[b->nedge++] = e;
}

/* One throw's successors of position cur (its side to move: side), as
   the next group. */
static int expand_throw(struct build *b, const unsigned char *cur, unsigned char *next,
			int side, int outcome, struct ff_error *err)
{
	const struct ff_rules *r = b->r;
	struct ff_solution *sol = b->sol;
	uint8_t key[FF_MAX_KEY];
	int n = ff_rules_legal(r, cur, outcome, b->legal), k;
	size_t g0 = b->nedge;
	long j;

	if (b->ngroups >= UINT32_MAX || b->nedge + (size_t)n > UINT32_MAX)
		return ff_error_set(err, FF_ETOO_LONG, "more than %u successor lists or distinct "
				    "successors", UINT32_MAX);
	if (room_edges(b, b->ngroups + 1, b->nedge + (size_t)n))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	for (k = 0; k < n; k++) {
		memcpy(next, cur, r->state_size);
		if (ff_rules_apply(r, next, &b->legal[k], NULL, err) || key_of(b, next, key, err))
			return -1;
		if ((j = find_or_add(b, next, key)) < 0)
			return sol->nstates >= b->max
				? ff_error_set(err, FF_ETOO_LONG, "more than %zu positions", b->max)
				: ff_error_set(err, FF_ENOMEM, "out of memory");
		sol->nedges++;
		add_edge(b, g0, (uint32_t)j |
			 (ff_rules_side_of(r, next, ff_rules_to_move(r, next)) == side ? SAME : 0));
	}
	b->glen[b->ngroups++] = (uint16_t)(b->nedge - g0);
	return 0;
}

/* The profile of the throws' probabilities p (n of them): 1 + its index
   among the profiles, added when new; 0 when there are too many. */
static size_t profile_of(struct build *b, const double *p, int n)
{
	size_t k;

	for (k = 0; k <= b->nprof; k++) {
		/* the last one found first, then all in order */
		size_t i = k == 0 ? b->lastprof : k - 1;

		if (i < b->nprof && b->profiles[i].n == n &&
		    memcmp(b->profiles[i].p, p, (size_t)n * sizeof *p) == 0)
			return (b->lastprof = i) + 1;
	}
	if (b->nprof >= UINT16_MAX - 1)
		return 0;
	if (b->nprof == b->profcap) {
		size_t c = b->profcap ? 2 * b->profcap : 4;

		if (resize(&b->profiles, c, sizeof *b->profiles))
			return 0;
		b->profcap = c;
	}
	memset(&b->profiles[b->nprof], 0, sizeof *b->profiles);
	b->profiles[b->nprof].n = n;
	memcpy(b->profiles[b->nprof].p, p, (size_t)n * sizeof *p);
	b->lastprof = b->nprof;
	return ++b->nprof;
}

/* Find position i's groups and successors, adding new positions. */
static int expand(struct build *b, size_t i, unsigned char *cur, unsigned char *next,
		  struct ff_error *err)
{
	const struct ff_rules *r = b->r;
	int outcome[FF_MAX_CHANCES], weight[FF_MAX_CHANCES], total, nc, c, side;
	double p[FF_MAX_CHANCES];
	struct ff_outcome o;
	size_t pr;

	memcpy(cur, b->raw + (i - b->base) * b->ssize, r->state_size);
	ff_rules_outcome(r, cur, &o);
	if (o.term != FF_TERM_NONE) {
		b->prof[i] = 0;
		b->sol->value[i] = end_value(r, cur, &o);
		return 0;
	}
	b->sol->value[i] = 0.5;
	side = ff_rules_side_of(r, cur, ff_rules_to_move(r, cur));
	nc = ff_rules_chances(r, cur, outcome, weight, &total);
	for (c = 0; c < nc; c++)
		p[c] = (double)weight[c] / total;
	if (!(pr = profile_of(b, p, nc)))
		return ff_error_set(err, FF_ENOMEM, "out of memory (or more than %d kinds of "
				    "throw)", UINT16_MAX - 2);
	b->prof[i] = (uint16_t)pr;
	for (c = 0; c < nc; c++)
		if (expand_throw(b, cur, next, side, outcome[c], err))
			return -1;
	return 0;
}

/* The value of the position whose profile is pf and whose groups start
   at glen[g] and edges at edge[e], from its successors' current values;
   *ne: the edges it has. */
static double backup(const struct build *b, const struct profile *pf, size_t g, size_t e,
		     size_t *ne)
{
	const double *v = b->sol->value;
	const uint32_t *ed = b->edge + e;
	double sum = 0, best, x;
	int c;

	for (c = 0; c < pf->n; c++) {
		const uint32_t *end = ed + b->glen[g + (size_t)c];

		for (best = 0; ed < end; ed++) {
			uint32_t to = *ed;

			x = to & SAME ? v[to & ~SAME] : 1.0 - v[to];
			if (x > best)
				best = x;
		}
		sum += pf->p[c] * best;
	}
	*ne = (size_t)(ed - (b->edge + e));
	return sum;
}

static size_t build_bytes(const struct build *b);

/* Tell o's progress callback, if any, where b has got. */
static void tell(const struct build *b, const struct ff_solve_opts *o, int phase, double change)
{
	struct ff_solve_progress p;

	if (!o->progress)
		return;
	p.phase = phase;
	p.found = b->sol->nstates;
	p.expanded = b->done;
	p.edges = b->sol->nedges;
	p.bytes = b->sol->bytes ? b->sol->bytes : build_bytes(b);
	p.sweep = b->sol->iterations;
	p.change = change;
	o->progress(o->ctx, &p);
}

/* Position i's new value v: returns its change. */
static double set_value(struct ff_solution *sol, size_t i, double v)
{
	double d = v > sol->value[i] ? v - sol->value[i] : sol->value[i] - v;

	sol->value[i] = v;
	return d;
}

/* The components (docs/solve.md "Order"): the positions split into
   strongly connected components of the successor graph, by Tarjan's
   algorithm (iterative), which finds a component only after every
   component its positions lead to. ord receives the positions component
   by component in that order, cstart[c] where component c starts in it
   (cstart[ncomp] = nstates); goff and eoff (nstates + 1 each) where each
   position's groups and edges start. Returns 0, or -1 (memory). */
struct order {
	uint32_t *goff, *eoff;
	uint32_t *ord, *cstart;
	size_t ncomp, maxcomp;
};

#define DONE 0xffffffffu      /* a position placed in its component */

/* goff and eoff from the profiles and group lengths. */
static void offsets(const struct build *b, struct order *od)
{
	size_t i, n = b->sol->nstates;
	uint32_t g = 0, e = 0;
	int c;

	for (i = 0; i < n; i++) {
		od->goff[i] = g;
		od->eoff[i] = e;
		if (b->prof[i])
			for (c = 0; c < b->profiles[b->prof[i] - 1].n; c++)
				e += b->glen[g++];
	}
	od->goff[n] = g;
	od->eoff[n] = e;
}

/* Pop the component whose root is v off stk (depth *sp) into ord. */
static void pop_component(struct order *od, uint32_t *idx, uint32_t *stk, size_t *sp,
			  size_t *no, uint32_t v)
{
	size_t at = *no;
	uint32_t w;

	od->cstart[od->ncomp++] = (uint32_t)at;
	do {
		w = stk[--*sp];
		idx[w] = DONE;
		od->ord[(*no)++] = w;
	} while (w != v);
	if (*no - at > od->maxcomp)
		od->maxcomp = *no - at;
}

static int components(const struct build *b, struct order *od)
{
	size_t n = b->sol->nstates, sp = 0, d, no = 0, r;
	uint32_t *idx = calloc(n, sizeof *idx), *low = malloc(n * sizeof *low);
	uint32_t *stk = malloc(n * sizeof *stk), *cv = malloc(n * sizeof *cv), cnt = 0, v, w, e;
	uint32_t *ce = malloc(n * sizeof *ce);
	int rc = -1;

	if (!idx || !low || !stk || !cv || !ce)
		goto out;
	for (r = 0; r < n; r++) {
		if (idx[r])
			continue;
		idx[r] = low[r] = ++cnt;
		stk[sp++] = (uint32_t)r;
		cv[0] = (uint32_t)r;
		ce[0] = od->eoff[r];
		for (d = 1; d > 0;) {
			v = cv[d - 1];
			if ((e = ce[d - 1]) < od->eoff[v + 1]) {
				ce[d - 1]++;
				w = b->edge[e] & ~SAME;
				if (!idx[w]) {
					idx[w] = low[w] = ++cnt;
					stk[sp++] = w;
					cv[d] = w;
					ce[d++] = od->eoff[w];
				} else if (idx[w] != DONE && idx[w] < low[v])
					low[v] = idx[w];
				continue;
			}
			if (low[v] == idx[v])
				pop_component(od, idx, stk, &sp, &no, v);
			if (--d > 0 && low[v] < low[cv[d - 1]])
				low[cv[d - 1]] = low[v];
		}
	}
	od->cstart[od->ncomp] = (uint32_t)n;
	rc = 0;
out:
	free(idx);
	free(low);
	free(stk);
	free(cv);
	free(ce);
	return rc;
}

static void order_free(struct order *od)
{
	free(od->goff);
	free(od->eoff);
	free(od->ord);
	free(od->cstart);
}

/* The order of the sweeps: 0, or -1 (memory). */
static int order_make(const struct build *b, struct order *od)
{
	size_t n = b->sol->nstates;

	memset(od, 0, sizeof *od);
	od->goff = malloc((n + 1) * sizeof *od->goff);
	od->eoff = malloc((n + 1) * sizeof *od->eoff);
	od->ord = malloc(n * sizeof *od->ord);
	od->cstart = malloc((n + 1) * sizeof *od->cstart);
	if (!od->goff || !od->eoff || !od->ord || !od->cstart)
		return -1;
	offsets(b, od);
	return components(b, od);
}

/* Position i's value from its successors' current values. */
static double value_of(const struct build *b, const struct order *od, uint32_t i)
{
	size_t ne;

	return backup(b, &b->profiles[b->prof[i] - 1], od->goff[i], od->eoff[i], &ne);
}

/* Ask for the values position i's successors have (they lie anywhere in
   memory: a sweep waits on them more than it computes), some positions
   before they are needed. */
#define AHEAD 4
#define FAR 1000000   /* components this large: their values do not fit a cache */
static void prefetch(const struct build *b, const struct order *od, uint32_t i)
{
	uint32_t e;

	for (e = od->eoff[i]; e < od->eoff[i + 1]; e++)
		__builtin_prefetch(&b->sol->value[b->edge[e] & ~SAME]);
}

/* One Gauss-Seidel sweep over the m positions at seg; returns the
   largest change. */
static double sweep(struct build *b, const struct order *od, const uint32_t *seg, size_t m)
{
	double delta = 0, d;
	size_t k;

	for (k = 0; k < m; k++) {
		if (m >= FAR && k + AHEAD < m)
			prefetch(b, od, seg[k + AHEAD]);
		if (!b->prof[seg[k]])
			continue;
		d = set_value(b->sol, seg[k], value_of(b, od, seg[k]));
		delta = d > delta ? d : delta;
	}
	return delta;
}

/* Move every value of seg on along its last change (prev: the values
   before it) as far as a geometric series of ratio rho would take it:
   v + (v - prev) rho / (1 - rho), kept in [0, 1]. */
static void extrapolate(struct ff_solution *sol, const uint32_t *seg, size_t m,
			const double *prev, double rho)
{
	double f = rho / (1 - rho), x, *v = sol->value;
	size_t k;

	for (k = 0; k < m; k++) {
		x = v[seg[k]] + f * (v[seg[k]] - prev[k]);
		v[seg[k]] = x < 0 ? 0 : x > 1 ? 1 : x;
	}
}

/* Sweep the component seg (m positions) until the change still to come,
   estimated from the ratio of the last sweeps' largest changes (the
   largest of the last three), is within the tolerance, or the changes
   are down to rounding. (A longer window is no safer: near the end the
   ratios of changes of a few ulp are noise, and one over 1 among eight
   held Kidd's solve to the rounding floor, 3,062 sweeps instead of 373,
   for the same value.) When the ratio has settled (one slow mode, e.g.
   a blockade both sides keep up), jump to where its series ends; sweeps
   then correct whatever the jump got wrong, and the test to stop is
   always made on a plain sweep. prev (m values) is scratch. Returns 0,
   or 1 when o->stop was seen. */
static int iterate(struct build *b, const struct ff_solve_opts *o, const struct order *od,
		   const uint32_t *seg, size_t m, double *prev)
{
	struct ff_solution *sol = b->sol;
	double delta = 0, last = 0, r[3] = { 0, 0, 0 }, rho;
	int since = 0, it = 0;
	size_t k;

	while (it < o->max_iterations) {
		it++;
		for (k = 0; k < m; k++)
			prev[k] = sol->value[seg[k]];
		delta = sweep(b, od, seg, m);
		if (it > sol->iterations)
			sol->iterations = it;
		tell(b, o, 1, delta);
		if (o->stop && *o->stop)
			return 1;
		r[2] = r[1];
		r[1] = r[0];
		r[0] = last > 0 ? delta / last : 0;
		last = delta;
		rho = r[0] > r[1] ? r[0] : r[1];
		rho = rho > r[2] ? rho : r[2];
		if (delta <= NOISE || (++since > 3 && rho < 1 && delta <= o->tolerance * (1 - rho)))
			break;
		if (!o->plain && since > 3 && r[0] > 0.5 && r[0] < 1 &&
		    fabs(r[0] - r[1]) < SETTLED * (1 - r[0]) && fabs(r[1] - r[2]) < SETTLED * (1 - r[0])) {
			extrapolate(sol, seg, m, prev, r[0]);
			sol->jumps++;
			since = 0;
		}
	}
	if (delta > sol->residual)
		sol->residual = delta;
	return 0;
}

/* Does position i lead to itself? */
static int loops(const struct build *b, const struct order *od, uint32_t i)
{
	size_t e;

	for (e = od->eoff[i]; e < od->eoff[i + 1]; e++)
		if ((b->edge[e] & ~SAME) == i)
			return 1;
	return 0;
}

static int cmp_down(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x < y) - (x > y);
}

static int cmp_up(const void *a, const void *b)
{
	return cmp_down(b, a);
}

/* Solve the components one after another, each after every one it
   leads to: a position on no cycle is valued once; a component's
   positions are swept in the order of o (last found first unless
   o->reverse). Returns 0, 1 when o->stop was seen, -1 (memory). */
static int solve_components(struct build *b, const struct ff_solve_opts *o, struct order *od)
{
	double *prev = malloc((od->maxcomp ? od->maxcomp : 1) * sizeof *prev);
	size_t c;
	int rc = 0;

	if (!prev)
		return -1;
	for (c = 0; c < od->ncomp && !rc; c++) {
		uint32_t *seg = od->ord + od->cstart[c];
		size_t m = od->cstart[c + 1] - od->cstart[c];

		if (m == 1 && !loops(b, od, seg[0])) {
			if (b->prof[seg[0]])
				b->sol->value[seg[0]] = value_of(b, od, seg[0]);
			if ((c & 16383) == 16383 && o->stop && *o->stop)
				rc = 1;
			continue;
		}
		qsort(seg, m, sizeof *seg, o->reverse ? cmp_up : cmp_down);
		rc = iterate(b, o, od, seg, m, prev);
	}
	free(prev);
	return rc;
}

static void build_free(struct build *b)
{
	free(b->raw);
	free(b->prof);
	free(b->profiles);
	free(b->glen);
	free(b->edge);
	free(b->legal);
	b->raw = NULL;
	b->legal = NULL;
}

/* Bytes the build holds. */
static size_t build_bytes(const struct build *b)
{
	const struct ff_solution *sol = b->sol;

	return b->cap * (sol->key_len + sizeof *sol->value + sizeof *b->prof) +
	       b->rawcap * b->ssize + b->profcap * sizeof *b->profiles +
	       b->gcap * sizeof *b->glen + b->ecap * sizeof *b->edge +
	       sol->nslot * sizeof *sol->slot + (b->legal ? FF_MAX_LEGAL * sizeof *b->legal : 0);
}

/* Once every position is expanded: the states and plies are dropped and
   the successor lists cut to their size, before the sweeps. */
static void build_trim(struct build *b)
{
	free(b->raw);
	free(b->legal);
	b->raw = NULL;
	b->legal = NULL;
	b->rawcap = 0;
	if (b->nedge && !resize(&b->edge, b->nedge, sizeof *b->edge))
		b->ecap = b->nedge;
	if (b->ngroups && !resize(&b->glen, b->ngroups, sizeof *b->glen))
		b->gcap = b->ngroups;
}

int ff_solve(struct ff_solution *sol, const struct ff_rules *r, const void *start,
	     const struct ff_solve_opts *o, struct ff_error *err)
{
	struct build b = { .r = r, .sol = sol };
	unsigned char *cur = NULL, *next = NULL;
	uint8_t key[FF_MAX_KEY];
	struct order od = { 0 };
	size_t peak, nslot;
	int rc = -1;

	memset(sol, 0, sizeof *sol);
	sol->rules = r;
	if (!ff_rules_can(r, FF_CAN_SOLVE) || ff_rules_sides(r, start) != 2)
		return ff_error_set(err, FF_EBAD_OPTION,
				    "'%s' cannot be solved: only two-sided games with known chances",
				    r->name);
	b.ssize = (r->state_size + 15) / 16 * 16;
	b.max = o->max_states && o->max_states < MAX_STATES ? o->max_states : MAX_STATES;
	sol->key_len = ff_rules_key(r, start, key);
	cur = malloc(b.ssize);
	next = malloc(b.ssize);
	b.legal = malloc(FF_MAX_LEGAL * sizeof *b.legal);
	if (!cur || !next || !b.legal || rehash(sol) || find_or_add(&b, start, key) < 0) {
		ff_error_set(err, FF_ENOMEM, "out of memory");
		goto out;
	}
	for (b.done = 0; b.done < sol->nstates; b.done++) {
		if (expand(&b, b.done, cur, next, err))
			goto out;
		if ((b.done & 16383) == 16383) {
			tell(&b, o, 0, 0);
			if (o->stop && *o->stop) {
				rc = 1;
				goto out;
			}
		}
	}
	peak = build_bytes(&b);
	build_trim(&b);
	/* the hash is not needed while the values are found: made again
	   after (33 MB for Kidd) */
	nslot = sol->nslot;
	free(sol->slot);
	sol->slot = NULL;
	sol->nslot = 0;
	/* then the order (offsets, components: 24 bytes a position) and,
	   while the components are found, Tarjan's arrays (24 more) */
	sol->bytes = build_bytes(&b) + sol->nstates * 48;
	if (peak > sol->bytes)
		sol->bytes = peak;
	tell(&b, o, 1, 0);
	if (order_make(&b, &od)) {
		ff_error_set(err, FF_ENOMEM, "out of memory");
		goto out;
	}
	if ((rc = solve_components(&b, o, &od)) == 0 && rehash_to(sol, nslot))
		rc = -1;
	if (rc < 0)
		ff_error_set(err, FF_ENOMEM, "out of memory");
out:
	build_free(&b);
	order_free(&od);
	free(cur);
	free(next);
	if (rc)
		ff_solution_free(sol);
	return rc;
}

long ff_solution_find(const struct ff_solution *sol, const void *st)
{
	uint8_t key[FF_MAX_KEY];
	size_t h;

	if (ff_rules_key(sol->rules, st, key) != sol->key_len)
		return -1;
	h = slot_of(sol, key);
	return sol->slot[h] ? (long)sol->slot[h] - 1 : -1;
}

double ff_solution_value(const struct ff_solution *sol, const void *st)
{
	long j = ff_solution_find(sol, st);

	return j < 0 ? -1 : sol->value[j];
}

double ff_solution_ply_value(const struct ff_solution *sol, const void *st,
			     const struct ff_ply *p)
{
	const struct ff_rules *r = sol->rules;
	_Alignas(16) unsigned char next[STATE_MAX];
	struct ff_ply q = *p;
	long j;

	if (r->state_size > sizeof next)
		return -1;
	memcpy(next, st, r->state_size);
	if (ff_rules_apply(r, next, &q, NULL, NULL) || (j = ff_solution_find(sol, next)) < 0)
		return -1;
	return ff_rules_side_of(r, next, ff_rules_to_move(r, next)) == ff_rules_side_of(r, st, ff_rules_to_move(r, st))
		? sol->value[j] : 1 - sol->value[j];
}

void ff_solution_free(struct ff_solution *sol)
{
	free(sol->keys);
	free(sol->value);
	free(sol->slot);
	sol->keys = NULL;
	sol->value = NULL;
	sol->slot = NULL;
	sol->nstates = sol->nslot = 0;
}


/* Solution files (docs/solve.md "Solution files"), format 2: the line
   MAGIC, the ruleset id on a line, the count and the key length (64-bit),
   the keys, the values (IEEE-754 doubles), then the CRC-32 of every byte
   before it (32-bit); every integer and double little-endian. */
#define MAGIC "FFSOLVE2\n"
#define MAGIC_LEN 9
#define HEAD_LEN 16
#define CRC_LEN 4

/* CRC-32 (ISO-HDLC: zlib's, gzip's, PNG's), eight bytes a step: t[k][b]
   is the CRC of byte b followed by k zero bytes. */
struct crc {
	uint32_t t[8][256];
	uint32_t v;
};

static void crc_init(struct crc *c)
{
	uint32_t x;
	int b, k;

	for (b = 0; b < 256; b++) {
		x = (uint32_t)b;
		for (k = 0; k < 8; k++)
			x = x & 1 ? x >> 1 ^ 0xedb88320u : x >> 1;
		c->t[0][b] = x;
	}
	for (b = 0; b < 256; b++)
		for (k = 1; k < 8; k++)
			c->t[k][b] = c->t[k - 1][b] >> 8 ^ c->t[0][c->t[k - 1][b] & 0xff];
	c->v = 0xffffffffu;
}

static void crc_add(struct crc *c, const void *data, size_t n)
{
	const uint8_t *p = data;
	uint32_t v = c->v, lo, hi;

	for (; n >= 8; n -= 8, p += 8) {
		lo = v ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
			  (uint32_t)p[3] << 24);
		hi = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 |
		     (uint32_t)p[7] << 24;
		v = c->t[7][lo & 0xff] ^ c->t[6][lo >> 8 & 0xff] ^ c->t[5][lo >> 16 & 0xff] ^
		    c->t[4][lo >> 24] ^ c->t[3][hi & 0xff] ^ c->t[2][hi >> 8 & 0xff] ^
		    c->t[1][hi >> 16 & 0xff] ^ c->t[0][hi >> 24];
	}
	for (; n; n--, p++)
		v = v >> 8 ^ c->t[0][(v ^ *p) & 0xff];
	c->v = v;
}

/* n bytes of the little-endian value of x into p. */
static void put_le(uint8_t *p, uint64_t x, int n)
{
	int i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(x >> 8 * i);
}

static uint64_t get_le(const uint8_t *p, int n)
{
	uint64_t x = 0;
	int i;

	for (i = n - 1; i >= 0; i--)
		x = x << 8 | p[i];
	return x;
}

/* Write n bytes to fp and add them to the CRC; 0 or -1. */
static int put(FILE *fp, struct crc *c, const void *p, size_t n)
{
	crc_add(c, p, n);
	return fwrite(p, 1, n, fp) == n ? 0 : -1;
}

/* The values, little-endian, in blocks through buf. */
static int put_values(FILE *fp, struct crc *c, const double *v, size_t n)
{
	uint8_t buf[8 * 512];
	uint64_t x;
	size_t i, k;

	for (i = 0; i < n; i += k) {
		for (k = 0; k < 512 && i + k < n; k++) {
			memcpy(&x, &v[i + k], 8);
			put_le(buf + 8 * k, x, 8);
		}
		if (put(fp, c, buf, 8 * k))
			return -1;
	}
	return 0;
}

int ff_solution_save(const struct ff_solution *sol, const char *id, FILE *fp,
		     struct ff_error *err)
{
	struct crc *c = malloc(sizeof *c);
	uint8_t head[HEAD_LEN], sum[CRC_LEN];
	int rc;

	if (!c)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	crc_init(c);
	put_le(head, sol->nstates, 8);
	put_le(head + 8, sol->key_len, 8);
	rc = put(fp, c, MAGIC, MAGIC_LEN) || put(fp, c, id, strlen(id)) || put(fp, c, "\n", 1) ||
	     put(fp, c, head, sizeof head) || put(fp, c, sol->keys, sol->nstates * sol->key_len) ||
	     put_values(fp, c, sol->value, sol->nstates);
	put_le(sum, ~c->v, CRC_LEN);
	free(c);
	if (rc || fwrite(sum, 1, CRC_LEN, fp) != CRC_LEN || fflush(fp))
		return ff_error_set(err, FF_EIO, "cannot write the solution");
	return 0;
}

/* Read n bytes from fp into p and add them to the CRC; 0 or -1 (short). */
static int get(FILE *fp, struct crc *c, void *p, size_t n)
{
	if (fread(p, 1, n, fp) != n)
		return -1;
	crc_add(c, p, n);
	return 0;
}

/* The bytes from fp's position to its end into *left, the position kept.
   Returns 0, or -1 with err when fp cannot seek (not a regular file). */
static int bytes_left(FILE *fp, uint64_t *left, struct ff_error *err)
{
	off_t at = ftello(fp), end;

	if (at < 0 || fseeko(fp, 0, SEEK_END) || (end = ftello(fp)) < 0 || fseeko(fp, at, SEEK_SET))
		return ff_error_set(err, FF_EIO, "a solution file must be a regular file "
				    "(its size is checked before it is read)");
	*left = (uint64_t)(end - at);
	return 0;
}

/* The magic line: 0, or -1 with err naming what the file is. */
static int read_magic(FILE *fp, struct crc *c, struct ff_error *err)
{
	char m[MAGIC_LEN + 1] = "";
	size_t n = fread(m, 1, MAGIC_LEN, fp);

	crc_add(c, m, n);
	if (n == MAGIC_LEN && memcmp(m, MAGIC, MAGIC_LEN) == 0)
		return 0;
	if (n == 0)
		return ff_error_set(err, FF_EIO, "an empty file, not a fivefold solution file");
	if (n == MAGIC_LEN && memcmp(m, "FFSOLVE1\n", MAGIC_LEN) == 0)
		return ff_error_set(err, FF_EIO, "a solution file of format 1 (no checksum), which "
				    "this fivefold no longer reads: make it again with 'fivefold "
				    "solve -o FILE'");
	if (n == MAGIC_LEN && memcmp(m, "FFSOLVE", 7) == 0 && m[8] == '\n')
		return ff_error_set(err, FF_EIO, "a solution file of format %c, which this "
				    "fivefold does not read (it reads format 2)", m[7]);
	return ff_error_set(err, FF_EIO, "not a fivefold solution file (no '%.8s' line)", MAGIC);
}

/* The ruleset line into line (512 bytes), its length with the newline
   into *len. */
static int read_id(FILE *fp, struct crc *c, char *line, size_t *len, struct ff_error *err)
{
	size_t n;

	if (!fgets(line, 512, fp) || (n = strlen(line)) == 0 || line[n - 1] != '\n')
		return ff_error_set(err, FF_EIO, "a solution file with no ruleset line");
	crc_add(c, line, n);
	*len = n;
	line[n - 1] = '\0';
	return 0;
}

/* The count and key length, checked against the left bytes of the file
   before anything is allocated: 0, or -1 with err. */
static int read_counts(FILE *fp, struct crc *c, uint64_t left, uint64_t *count,
		       uint64_t *key_len, struct ff_error *err)
{
	uint8_t head[HEAD_LEN];

	if (left < sizeof head || get(fp, c, head, sizeof head))
		return ff_error_set(err, FF_EIO, "a solution file cut short in its header");
	*count = get_le(head, 8);
	*key_len = get_le(head + 8, 8);
	left -= sizeof head;
	if (*key_len == 0 || *key_len > FF_MAX_KEY)
		return ff_error_set(err, FF_EIO, "a solution file whose keys are %llu bytes "
				    "(1 to %d)", (unsigned long long)*key_len, FF_MAX_KEY);
	if (*count == 0 || *count > MAX_STATES)
		return ff_error_set(err, FF_EIO, "a solution file of %llu positions (1 to %u)",
				    (unsigned long long)*count, MAX_STATES);
	if (left < CRC_LEN || (left - CRC_LEN) / (*key_len + 8) != *count ||
	    (left - CRC_LEN) % (*key_len + 8) != 0)
		return ff_error_set(err, FF_EIO, "a solution file whose header claims %llu "
				    "positions (%llu bytes after it) but %llu bytes follow",
				    (unsigned long long)*count,
				    (unsigned long long)(*count * (*key_len + 8) + CRC_LEN),
				    (unsigned long long)left);
	if (*count > SIZE_MAX / (*key_len + 8))
		return ff_error_set(err, FF_ENOMEM, "a solution file too large for this machine");
	return 0;
}

/* The values (little-endian in the file) into place, each checked. */
static int values_in_place(struct ff_solution *sol, struct ff_error *err)
{
	uint64_t x;
	size_t i;

	for (i = 0; i < sol->nstates; i++) {
		x = get_le((const uint8_t *)&sol->value[i], 8);
		memcpy(&sol->value[i], &x, 8);
		if (!(sol->value[i] >= 0 && sol->value[i] <= 1))
			return ff_error_set(err, FF_EIO, "a solution file with a value outside "
					    "[0, 1] (position %zu)", i + 1);
	}
	return 0;
}

/* A random hash key, so that no file can choose where its keys go: the
   kernel's, or the clock and an address when it has none. */
static void random_hash_key(struct ff_solution *sol)
{
	struct timespec ts;

	if (getrandom(sol->hkey, sizeof sol->hkey, GRND_NONBLOCK) == (ssize_t)sizeof sol->hkey)
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	sol->hkey[0] = (uint64_t)ts.tv_nsec * 0x9E3779B97F4A7C15u ^ (uint64_t)ts.tv_sec;
	sol->hkey[1] = (uint64_t)(uintptr_t)sol * 0xff51afd7ed558ccdu ^ (uint64_t)getpid();
}

/* Hash the n keys read into sol. Returns 0, or -1 with err (a key twice:
   not a solution fivefold wrote). */
static int index_keys(struct ff_solution *sol, size_t n, struct ff_error *err)
{
	size_t h, i;

	random_hash_key(sol);
	sol->nstates = n;
	sol->nslot = 1;
	while (sol->nslot < 2 * n)
		sol->nslot *= 2;
	if (!(sol->slot = calloc(sol->nslot, sizeof *sol->slot)))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	for (i = 0; i < n; i++) {
		h = slot_of(sol, sol->keys + i * sol->key_len);
		if (sol->slot[h])
			return ff_error_set(err, FF_EIO, "a solution file with a position twice "
					    "(positions %u and %zu)", sol->slot[h], i + 1);
		sol->slot[h] = (uint32_t)(i + 1);
	}
	return 0;
}

/* The body after the header: keys, values, checksum; then the values and
   keys checked. */
static int read_body(struct ff_solution *sol, FILE *fp, struct crc *c, size_t n,
		     struct ff_error *err)
{
	uint8_t sum[CRC_LEN];
	uint32_t want;

	sol->keys = malloc(n * sol->key_len);
	sol->value = malloc(n * sizeof *sol->value);
	if (!sol->keys || !sol->value)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	if (get(fp, c, sol->keys, n * sol->key_len) || get(fp, c, sol->value, n * 8) ||
	    fread(sum, 1, CRC_LEN, fp) != CRC_LEN)
		return ff_error_set(err, FF_EIO, "a solution file cut short (%s)",
				    ferror(fp) ? strerror(errno) : "it changed while read");
	if (fgetc(fp) != EOF)
		return ff_error_set(err, FF_EIO, "a solution file that grew while read");
	want = (uint32_t)get_le(sum, CRC_LEN);
	if (~c->v != want)
		return ff_error_set(err, FF_EIO, "a damaged solution file: its checksum is %08x, "
				    "its bytes give %08x", want, ~c->v);
	sol->nstates = n;
	if (values_in_place(sol, err))
		return -1;
	return index_keys(sol, n, err);
}

int ff_solution_load(struct ff_solution *sol, const struct ff_rules *r, const char *id,
		     FILE *fp, struct ff_error *err)
{
	struct crc *c = malloc(sizeof *c);
	uint64_t left = 0, count = 0, key_len = 0;
	size_t idlen = 0;
	char got[512];
	int rc;

	memset(sol, 0, sizeof *sol);
	sol->rules = r;
	if (!c)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	crc_init(c);
	rc = bytes_left(fp, &left, err) || read_magic(fp, c, err) ||
	     read_id(fp, c, got, &idlen, err) ? -1 : 0;
	if (!rc && !(rc = read_counts(fp, c, left - MAGIC_LEN - idlen, &count, &key_len, err))) {
		sol->key_len = (size_t)key_len;
		rc = read_body(sol, fp, c, (size_t)count, err);
	}
	/* another ruleset's, once the checksum has shown it is not a
	   damaged one */
	if (!rc && strcmp(got, id) != 0)
		rc = ff_error_set(err, FF_EBAD_OPTION, "the solution is of '%s', not '%s'", got, id);
	free(c);
	if (rc)
		ff_solution_free(sol);
	return rc ? -1 : 0;
}

/* What a file of mode m that is not a regular file is. */
static const char *file_kind(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO (named pipe)"
		: S_ISSOCK(m) ? "a socket" : S_ISCHR(m) ? "a character device"
		: S_ISBLK(m) ? "a block device" : "no regular file";
}

int ff_solution_load_path(struct ff_solution *sol, const struct ff_rules *r, const char *id,
			  const char *path, struct ff_error *err)
{
	struct stat st;
	FILE *fp;
	int fd, rc;

	memset(sol, 0, sizeof *sol);
	/* non-blocking: opening a FIFO must not wait for a writer */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		return ff_error_set(err, FF_EIO, "cannot open '%s': %s", path, strerror(errno));
	if (fstat(fd, &st)) {
		rc = errno;
		close(fd);
		return ff_error_set(err, FF_EIO, "cannot read '%s': %s", path, strerror(rc));
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return ff_error_set(err, FF_EIO, "'%s' is %s, not a solution file", path,
				    file_kind(st.st_mode));
	}
	if (!(fp = fdopen(fd, "rb"))) {
		rc = errno;
		close(fd);
		return ff_error_set(err, FF_ENOMEM, "cannot read '%s': %s", path, strerror(rc));
	}
	rc = ff_solution_load(sol, r, id, fp, err);
	fclose(fp);
	if (rc && err && err->code != FF_EBAD_OPTION) {
		char msg[sizeof err->msg];

		memcpy(msg, err->msg, sizeof msg);
		ff_error_set(err, err->code, "'%s': %s", path, msg);
	}
	return rc;
}
