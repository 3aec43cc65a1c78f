/* The rating run shared by `fivefold ratings` and `fivefold serve`
   (cmd/rating_run.h): pools, players' states, rating periods. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/rating_run.h"

void ff_rate_run_init(struct ff_rate_run *c, int by, int period)
{
	memset(c, 0, sizeof *c);
	c->by = by;
	c->period = period;
	c->keylen = -1;
	ff_rating_params_default(&c->par);
	c->par.periods = period != FF_PERIOD_GAME;
}

void ff_rate_run_free(struct ff_rate_run *c)
{
	size_t i, k;

	for (i = 0; i < c->n; i++) {
		free(c->v[i].name);
		for (k = 0; k < c->v[i].cap; k++)
			ff_rating_free(&c->v[i].r[k]);
		free(c->v[i].r);
	}
	free(c->open);
	free(c->v);
}

size_t ff_rate_pool_key(const char *id, int by)
{
	return by == FF_RATE_BY_GAME ? strcspn(id, "/:") : strlen(id);
}

/* The pool of ruleset id id, made when new; NULL when out of memory. */
static struct ff_rate_pool *pool_of(struct ff_rate_run *c, const char *id)
{
	size_t len = ff_rate_pool_key(id, c->by), i;

	if (c->n && c->last < c->n && strlen(c->v[c->last].name) == len &&
	    memcmp(c->v[c->last].name, id, len) == 0)
		return &c->v[c->last];
	for (i = 0; i < c->n; i++)
		if (strlen(c->v[i].name) == len && memcmp(c->v[i].name, id, len) == 0)
			return &c->v[c->last = i];
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 8;
		struct ff_rate_pool *v = realloc(c->v, cap * sizeof *v);

		if (!v)
			return NULL;
		c->v = v;
		c->cap = cap;
	}
	memset(&c->v[c->n], 0, sizeof c->v[c->n]);
	if (!(c->v[c->n].name = strndup(id, len)))
		return NULL;
	c->last = c->n;
	return &c->v[c->n++];
}

/* Player id's state in pool p, made when new; NULL when out of memory. */
static struct ff_rating *player_in(struct ff_rate_pool *p, long long id, const struct ff_rating_params *par)
{
	if (id < 0 || id > 100000000)
		return NULL;
	if ((size_t)id >= p->cap) {
		size_t cap = (size_t)id + 1 > p->cap * 2 ? (size_t)id + 64 : p->cap * 2;
		struct ff_rating *r = realloc(p->r, cap * sizeof *r);

		if (!r)
			return NULL;
		memset(r + p->cap, 0, (cap - p->cap) * sizeof *r);
		p->r = r;
		p->cap = cap;
	}
	if (p->r[id].rd <= 0)
		ff_rating_init(&p->r[id], par);
	return &p->r[id];
}

void ff_rate_close(struct ff_rate_run *c)
{
	size_t i;

	for (i = 0; i < c->nopen; i++)
		ff_rating_close(&c->v[c->open[i].pool].r[c->open[i].id], &c->par);
	c->periods += c->nopen > 0;
	c->nopen = 0;
	c->keylen = -1;
}

/* How many bytes of a date name its period (YYYY.MM.DD: 10 a day, 7 a
   month, 4 a year); -1 when the date does not know them (NULL, or a ?
   among them): such a game is a period of its own. */
static int period_len(const char *date, int period)
{
	int n = period == FF_PERIOD_DAY ? 10 : period == FF_PERIOD_MONTH ? 7 : 4;

	if (period == FF_PERIOD_ALL)
		return 0;
	if (!date || strlen(date) < (size_t)n || memchr(date, '?', (size_t)n))
		return -1;
	return n;
}

/* Before a game dated date: close the open period when the game is not
   of it. */
static void enter_period(struct ff_rate_run *c, const char *date)
{
	int n = period_len(date, c->period);

	if (n >= 0 && n == c->keylen && memcmp(c->key, date, (size_t)n) == 0)
		return;
	ff_rate_close(c);
	if (n >= 0) {
		memcpy(c->key, date, (size_t)n);
		c->keylen = n;
	}
}

/* After game g of pool c->last rated: its players (pl, their states)
   who had not played in the open period before it (was[k], their count
   of opponents in it before the game, is 0) and have now join its list,
   each once. Returns 0 or -1 (no memory). */
static int join_period(struct ff_rate_run *c, const struct ff_result_game *g,
		       struct ff_rating *const *pl, const int *was)
{
	int j, k;

	for (k = 0; k < g->seats; k++) {
		for (j = 0; j < k && pl[j] != pl[k]; j++)
			;
		if (j < k || was[k] != 0 || pl[k]->npend == 0)
			continue;   /* listed already, or not scored in the period yet */
		if (c->nopen == c->capopen) {
			size_t cap = c->capopen ? c->capopen * 2 : 64;
			struct seat_ref *v = realloc(c->open, cap * sizeof *v);

			if (!v)
				return -1;
			c->open = v;
			c->capopen = cap;
		}
		c->open[c->nopen].pool = c->last;
		c->open[c->nopen++].id = g->player[k];
	}
	return 0;
}

int ff_rate_game(void *ctx, const struct ff_result_game *g)
{
	struct ff_rate_run *c = ctx;
	struct ff_rate_pool *p = pool_of(c, g->ruleset);
	struct ff_rating *pl[FF_RATING_MAX_SEATS];
	int k, was[FF_RATING_MAX_SEATS];

	if (!p)
		return -1;
	if (c->period != FF_PERIOD_GAME)
		enter_period(c, g->date);
	if (g->unfinished) {
		p->unfinished++;
		return 0;
	}
	if (g->seats > FF_RATING_MAX_SEATS) {
		p->too_many++;
		return 0;
	}
	for (k = 0; k < g->seats; k++)
		if (!g->player[k]) {
			p->unnamed++;
			return 0;
		}
	for (k = 0; k < g->seats; k++) {
		if (!(pl[k] = player_in(p, g->player[k], &c->par)))
			return -1;
		was[k] = pl[k]->npend;
	}
	switch (ff_rating_game(pl, g->side, g->seats, g->winner_side, &c->par)) {
	case FF_RATED:
		p->rated++;
		if (c->par.periods && join_period(c, g, pl, was))
			return -1;
		if (c->rated && c->rated(c->rated_ctx, c, g, pl))
			return -1;
		break;
	case FF_RATING_NOMEM:
		return -1;
	case FF_RATING_TWO_SIDES:
		p->two_sides++;
		break;
	case FF_RATING_ONE_SIDE:
		p->one_side++;
		break;
	case FF_RATING_TOO_MANY:
		p->too_many++;
		break;
	}
	return 0;
}
int ff_rate_name_add(void *ctx, long long id, const char *name)
{
	struct ff_rate_names *nm = ctx;

	if (id < 0 || id > 100000000)
		return 0;
	if ((size_t)id >= nm->n) {
		size_t n = (size_t)id + 1 > nm->n * 2 ? (size_t)id + 1 : nm->n * 2;
		char **v = realloc(nm->v, n * sizeof *v);

		if (!v)
			return -1;
		memset(v + nm->n, 0, (n - nm->n) * sizeof *v);
		nm->v = v;
		nm->n = n;
	}
	free(nm->v[id]);
	return (nm->v[id] = strdup(name)) ? 0 : -1;
}

const char *ff_rate_name(const struct ff_rate_names *nm, long long id)
{
	return id >= 0 && (size_t)id < nm->n && nm->v[id] ? nm->v[id] : "?";
}

void ff_rate_names_free(struct ff_rate_names *nm)
{
	size_t i;

	for (i = 0; i < nm->n; i++)
		free(nm->v[i]);
	free(nm->v);
}
