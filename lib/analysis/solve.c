/* The exact solver: a breadth-first search over positions by their keys,
   then value iteration (Gauss-Seidel sweeps) over the graph it found.
   Each position has one group of successors per throw, weighted by the
   throw's probability; its value is the sum over throws of the best
   successor's value for the side that moves, which is a successor's own
   value when the same side moves there again and one minus it when the
   other side does (two sides; a draw is worth one half to both). */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/analysis/solve.h"

#define SAME 0x80000000u      /* an edge's flag: the same side moves there */
#define MAX_STATES 0x7fffffffu
#define STATE_MAX 4096    /* the state of a game that can be solved fits */
#define NOISE (8 * DBL_EPSILON)  /* changes this small are rounding: converged */

/* The graph being built. Invariants: raw holds the states of positions
   0..nstates-1 (ssize bytes apart); every per-position array holds cap
   entries; a position below `done` has its groups gstart[i] to
   gstart[i + 1] (the last one's end: ngroups), and group g's successors
   are edge[gedge[g]] to edge[gedge[g + 1]] (the last one's: nedges). */
struct build {
	const struct ff_rules *r;
	struct ff_solution *sol;
	size_t ssize, cap, done, max;
	unsigned char *raw;
	uint8_t *terminal;
	size_t *gstart;
	double *gprob;
	size_t *gedge;
	uint32_t *edge;
	size_t ngroups, gcap, ecap;
	struct ff_ply *legal;
};

static uint64_t hash_key(const uint8_t *k, size_t n)
{
	uint64_t h = 0x9E3779B97F4A7C15u ^ n, w;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, k + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdu;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, k + i, n - i);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53u;
	return h ^ h >> 29;
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
	if (resize(&b->raw, n, b->ssize) || resize(&sol->keys, n, sol->key_len) ||
	    resize(&sol->value, n, sizeof *sol->value) || resize(&b->terminal, n, 1) ||
	    resize(&b->gstart, n + 1, sizeof *b->gstart))
		return -1;
	b->cap = n;
	return 0;
}

/* Room for want groups and wante edges. */
static int room_edges(struct build *b, size_t want, size_t wante)
{
	size_t n;

	if (want > b->gcap) {
		n = next_cap(b->gcap, want);
		if (resize(&b->gprob, n, sizeof *b->gprob) || resize(&b->gedge, n + 1, sizeof *b->gedge))
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

/* Rehash into a table twice as large. */
static int rehash(struct ff_solution *sol)
{
	size_t n = sol->nslot ? sol->nslot * 2 : (size_t)1 << 16, i, h;
	uint32_t *s = calloc(n, sizeof *s);

	if (!s)
		return -1;
	for (i = 0; i < sol->nstates; i++) {
		h = hash_key(sol->keys + i * sol->key_len, sol->key_len) & (n - 1);
		while (s[h])
			h = (h + 1) & (n - 1);
		s[h] = (uint32_t)(i + 1);
	}
	free(sol->slot);
	sol->slot = s;
	sol->nslot = n;
	return 0;
}

/* The slot of key: where it is, or the empty slot where it would go. */
static size_t slot_of(const struct ff_solution *sol, const uint8_t *key)
{
	size_t h = hash_key(key, sol->key_len) & (sol->nslot - 1);
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
	if (n >= b->max || room_states(b, n + 1))
		return -1;
	memcpy(b->raw + n * b->ssize, st, b->r->state_size);
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
	return o->winner == r->side_of(st, r->to_move(st)) ? 1.0 : 0.0;
}

/* Position j's key from state st into key: 0, or -1 with err when the
   engine gives a key of another length. */
static int key_of(const struct build *b, const void *st, uint8_t *key, struct ff_error *err)
{
	if (b->r->key(st, key) != b->sol->key_len)
		return ff_error_set(err, FF_EBAD_OPTION, "'%s' gives keys of different lengths",
				    b->r->name);
	return 0;
}

/* One throw's successors of position cur (its side to move: side). */
static int expand_throw(struct build *b, const unsigned char *cur, unsigned char *next,
			int side, int outcome, struct ff_error *err)
{
	const struct ff_rules *r = b->r;
	struct ff_solution *sol = b->sol;
	uint8_t key[FF_MAX_KEY];
	int n = r->legal(cur, outcome, b->legal), k;
	long j;

	if (room_edges(b, b->ngroups, sol->nedges + (size_t)n))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	for (k = 0; k < n; k++) {
		memcpy(next, cur, r->state_size);
		if (r->apply(next, &b->legal[k], NULL, err) || key_of(b, next, key, err))
			return -1;
		if ((j = find_or_add(b, next, key)) < 0)
			return sol->nstates >= b->max
				? ff_error_set(err, FF_ETOO_LONG, "more than %zu positions", b->max)
				: ff_error_set(err, FF_ENOMEM, "out of memory");
		b->edge[sol->nedges++] = (uint32_t)j |
			(r->side_of(next, r->to_move(next)) == side ? SAME : 0);
	}
	return 0;
}

/* Find position i's groups and successors, adding new positions. */
static int expand(struct build *b, size_t i, unsigned char *cur, unsigned char *next,
		  struct ff_error *err)
{
	const struct ff_rules *r = b->r;
	int outcome[FF_MAX_CHANCES], weight[FF_MAX_CHANCES], total, nc, c, side;
	struct ff_outcome o;

	memcpy(cur, b->raw + i * b->ssize, r->state_size);
	b->gstart[i] = b->ngroups;
	r->outcome(cur, &o);
	if ((b->terminal[i] = o.term != FF_TERM_NONE) != 0) {
		b->sol->value[i] = end_value(r, cur, &o);
		return 0;
	}
	b->sol->value[i] = 0.5;
	side = r->side_of(cur, r->to_move(cur));
	nc = r->chances(cur, outcome, weight, &total);
	for (c = 0; c < nc; c++) {
		if (room_edges(b, b->ngroups + 1, 0))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		b->gprob[b->ngroups] = (double)weight[c] / total;
		b->gedge[b->ngroups++] = b->sol->nedges;
		if (expand_throw(b, cur, next, side, outcome[c], err))
			return -1;
	}
	return 0;
}

/* Position i's value from its successors' current values. */
static double backup(const struct build *b, size_t i)
{
	const double *v = b->sol->value;
	size_t g, e, ge = i + 1 < b->sol->nstates ? b->gstart[i + 1] : b->ngroups;
	double sum = 0, best, x;

	for (g = b->gstart[i]; g < ge; g++) {
		size_t ee = g + 1 < b->ngroups ? b->gedge[g + 1] : b->sol->nedges;

		for (best = 0, e = b->gedge[g]; e < ee; e++) {
			uint32_t to = b->edge[e];

			x = to & SAME ? v[to & ~SAME] : 1.0 - v[to];
			if (x > best)
				best = x;
		}
		sum += b->gprob[g] * best;
	}
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

/* One Gauss-Seidel sweep (last found first unless o->reverse); returns
   the largest change. */
static double sweep(struct build *b, const struct ff_solve_opts *o)
{
	struct ff_solution *sol = b->sol;
	size_t n = sol->nstates, k, i;
	double delta = 0, v, d;

	for (k = 0; k < n; k++) {
		i = o->reverse ? k : n - 1 - k;
		if (b->terminal[i])
			continue;
		v = backup(b, i);
		d = v > sol->value[i] ? v - sol->value[i] : sol->value[i] - v;
		if (d > delta)
			delta = d;
		sol->value[i] = v;
	}
	return delta;
}

/* Move every value on along its last change as far as a geometric
   series of ratio rho would take it: v + (v - prev) rho / (1 - rho),
   kept in [0, 1]. */
static void extrapolate(struct ff_solution *sol, const double *prev, double rho)
{
	double f = rho / (1 - rho), x;
	size_t i;

	for (i = 0; i < sol->nstates; i++) {
		x = sol->value[i] + f * (sol->value[i] - prev[i]);
		sol->value[i] = x < 0 ? 0 : x > 1 ? 1 : x;
	}
}

/* Sweep until the change still to come, estimated from the ratio of the
   last sweeps' largest changes (the largest of the last three), is
   within the tolerance, or the changes are down to rounding. (A longer
   window is no safer: near the end the ratios of changes of a few ulp
   are noise, and one over 1 among eight held Kidd's solve to the
   rounding floor, 3,062 sweeps instead of 373, for the same value.)
   When the ratio has settled (one slow mode, e.g. a blockade both sides
   keep up), jump to where its series ends; sweeps then correct whatever
   the jump got wrong, and the test to stop is always made on a plain
   sweep. prev (nstates values) is scratch. */
static int iterate(struct build *b, const struct ff_solve_opts *o, double *prev)
{
	struct ff_solution *sol = b->sol;
	double delta, last = 0, r[3] = { 0, 0, 0 }, rho;
	int since = 0;

	for (sol->iterations = 0; sol->iterations < o->max_iterations;) {
		sol->iterations++;
		memcpy(prev, sol->value, sol->nstates * sizeof *prev);
		delta = sweep(b, o);
		sol->residual = delta;
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
		    fabs(r[0] - r[1]) < 1e-3 * (1 - r[0]) && fabs(r[1] - r[2]) < 1e-3 * (1 - r[0])) {
			extrapolate(sol, prev, r[0]);
			sol->jumps++;
			since = 0;
		}
	}
	return 0;
}

static void build_free(struct build *b)
{
	free(b->raw);
	free(b->terminal);
	free(b->gstart);
	free(b->gprob);
	free(b->gedge);
	free(b->edge);
	free(b->legal);
}

/* Bytes the build holds. */
static size_t build_bytes(const struct build *b)
{
	const struct ff_solution *sol = b->sol;

	return b->cap * (b->ssize + sol->key_len + sizeof *sol->value + 1 + sizeof *b->gstart) +
	       b->gcap * (sizeof *b->gprob + sizeof *b->gedge) + b->ecap * sizeof *b->edge +
	       sol->nslot * sizeof *sol->slot + FF_MAX_LEGAL * sizeof *b->legal;
}

int ff_solve(struct ff_solution *sol, const struct ff_rules *r, const void *start,
	     const struct ff_solve_opts *o, struct ff_error *err)
{
	struct build b = { .r = r, .sol = sol };
	unsigned char *cur = NULL, *next = NULL;
	uint8_t key[FF_MAX_KEY];
	double *prev = NULL;
	int rc = -1;

	memset(sol, 0, sizeof *sol);
	sol->rules = r;
	if (!r->chances || !r->key || r->sides(start) != 2)
		return ff_error_set(err, FF_EBAD_OPTION,
				    "'%s' cannot be solved: only two-sided games with known chances",
				    r->name);
	b.ssize = (r->state_size + 15) / 16 * 16;
	b.max = o->max_states && o->max_states < MAX_STATES ? o->max_states : MAX_STATES;
	sol->key_len = r->key(start, key);
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
	sol->bytes = build_bytes(&b) + sol->nstates * sizeof *prev;
	tell(&b, o, 1, 0);
	if (!(prev = malloc(sol->nstates * sizeof *prev))) {
		ff_error_set(err, FF_ENOMEM, "out of memory");
		goto out;
	}
	rc = iterate(&b, o, prev);
out:
	build_free(&b);
	free(prev);
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

	if (sol->rules->key(st, key) != sol->key_len)
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
	if (r->apply(next, &q, NULL, NULL) || (j = ff_solution_find(sol, next)) < 0)
		return -1;
	return r->side_of(next, r->to_move(next)) == r->side_of(st, r->to_move(st))
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

#define MAGIC "FFSOLVE1\n"

int ff_solution_save(const struct ff_solution *sol, const char *id, FILE *fp,
		     struct ff_error *err)
{
	uint64_t head[2] = { sol->nstates, sol->key_len };

	if (fputs(MAGIC, fp) < 0 || fprintf(fp, "%s\n", id) < 0 ||
	    fwrite(head, sizeof head, 1, fp) != 1 ||
	    fwrite(sol->keys, sol->key_len, sol->nstates, fp) != sol->nstates ||
	    fwrite(sol->value, sizeof *sol->value, sol->nstates, fp) != sol->nstates ||
	    fflush(fp))
		return ff_error_set(err, FF_EIO, "cannot write the solution");
	return 0;
}

/* Read the header: magic and ruleset id (checked against id), the count
   and key length into head. */
static int read_head(FILE *fp, const char *id, uint64_t *head, struct ff_error *err)
{
	char line[512];
	size_t n;

	if (!fgets(line, sizeof line, fp) || strcmp(line, MAGIC) != 0)
		return ff_error_set(err, FF_EIO, "not a fivefold solution file");
	if (!fgets(line, sizeof line, fp) || (n = strlen(line)) == 0 || line[n - 1] != '\n')
		return ff_error_set(err, FF_EIO, "a solution file with no ruleset");
	line[n - 1] = '\0';
	if (strcmp(line, id) != 0)
		return ff_error_set(err, FF_EBAD_OPTION, "the solution is of '%s', not '%s'", line, id);
	if (fread(head, sizeof *head, 2, fp) != 2 || head[0] == 0 || head[0] > MAX_STATES ||
	    head[1] == 0 || head[1] > FF_MAX_KEY)
		return ff_error_set(err, FF_EIO, "a solution file with a bad header");
	return 0;
}

/* Hash the n keys read into sol. Returns 0, or -1 with err (a key twice:
   not a solution fivefold wrote). */
static int index_keys(struct ff_solution *sol, size_t n, struct ff_error *err)
{
	size_t h;

	for (sol->nstates = 0; sol->nstates < n; sol->nstates++) {
		if (sol->nstates * 2 >= sol->nslot && rehash(sol)) {
			ff_solution_free(sol);
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		}
		h = slot_of(sol, sol->keys + sol->nstates * sol->key_len);
		if (sol->slot[h]) {
			ff_solution_free(sol);
			return ff_error_set(err, FF_EIO, "a solution file with a position twice");
		}
		sol->slot[h] = (uint32_t)(sol->nstates + 1);
	}
	return 0;
}

int ff_solution_load(struct ff_solution *sol, const struct ff_rules *r, const char *id,
		     FILE *fp, struct ff_error *err)
{
	uint64_t head[2];
	size_t n, i;

	memset(sol, 0, sizeof *sol);
	sol->rules = r;
	if (read_head(fp, id, head, err))
		return -1;
	n = (size_t)head[0];
	sol->key_len = (size_t)head[1];
	sol->keys = malloc(n * sol->key_len);
	sol->value = malloc(n * sizeof *sol->value);
	if (!sol->keys || !sol->value) {
		ff_solution_free(sol);
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	if (fread(sol->keys, sol->key_len, n, fp) != n ||
	    fread(sol->value, sizeof *sol->value, n, fp) != n || fgetc(fp) != EOF) {
		ff_solution_free(sol);
		return ff_error_set(err, FF_EIO, "a solution file cut short or too long");
	}
	for (i = 0; i < n; i++)
		if (!(sol->value[i] >= 0 && sol->value[i] <= 1)) {
			ff_solution_free(sol);
			return ff_error_set(err, FF_EIO, "a solution file with a value outside [0, 1]");
		}
	return index_keys(sol, n, err);
}
