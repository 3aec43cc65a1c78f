/* fivefold ratings: Elo and Glicko-2 ratings of the store's players (the
   Seat tags' names), the games read in date order and rated one at a
   time (lib/rating.h), in one pool per game family or ruleset id.
   fivefold standings: an Event's table (points, games, and a crosstable
   when it was a round robin). docs/ratings.md. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "db/store.h"
#include "cmd/rating_run.h"
#include "lib/rating.h"

#define Z95 FF_RATE_Z95

/* Read the store's players. Returns 0, or -1 after a message. */
static int load_names(const struct ff_cmd *cmd, struct ff_store *store, struct ff_rate_names *nm)
{
	struct ff_error err;

	ff_error_clear(&err);
	if (ff_store_each_player(store, ff_rate_name_add, nm, &err) == 0)
		return 0;
	fprintf(stderr, "fivefold %s: %s\n", cmd->name, err.msg[0] ? err.msg : "out of memory");
	return -1;
}

/* --- ratings --- */

enum { M_BOTH, M_ELO, M_GLICKO2 };
enum { F_TEXT, F_CSV, F_JSON };

struct rtset {
	const char *db, *as_of;
	struct ff_stats_filter f;
	int by, method, fmt, period;
};

#define S struct rtset
static const struct ff_opt rt_opts[] = {
	FF_OPT(DB, S, db, .required = 1),
	FF_FILTER_OPTS(S, f),
	FF_OPT(BY, S, by, .choices = "game|ruleset", .dflt = "game"),
	FF_OPT(METHOD, S, method, .choices = "both|elo|glicko2", .dflt = "both"),
	FF_OPT(ASOF, S, as_of),
	FF_OPT(PERIOD, S, period, .choices = "game|day|month|year|all", .dflt = "game"),
	FF_OPT(FORMAT, S, fmt, .choices = "text|csv|json", .dflt = "text", .help = "output format"),
	FF_OPT_DONE
};
#undef S


/* A rated player of a pool, for sorting. */
struct ranked {
	const struct ff_rating *r;
	const char *name;
};

/* Higher first by the shown rating (Glicko-2's unless only Elo is
   shown), then by name. */
static int cmp_glicko(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->r->r != y->r->r)
		return x->r->r > y->r->r ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int cmp_elo(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->r->elo != y->r->elo)
		return x->r->elo > y->r->elo ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int cmp_pool(const void *a, const void *b)
{
	return strcmp(((const struct ff_rate_pool *)a)->name, ((const struct ff_rate_pool *)b)->name);
}

/* The players of p who played, ranked, into *out (the caller frees).
   Returns how many, or -1 when out of memory. */
static long rank_pool(const struct ff_rate_pool *p, const struct ff_rate_names *nm, int method,
		      struct ranked **out)
{
	size_t i, n = 0;
	struct ranked *v = malloc((p->cap ? p->cap : 1) * sizeof *v);

	if (!(*out = v))
		return -1;
	for (i = 0; i < p->cap; i++)
		if (p->r[i].rd > 0 && p->r[i].games > 0) {
			v[n].r = &p->r[i];
			v[n++].name = ff_rate_name(nm, (long long)i);
		}
	qsort(v, n, sizeof *v, method == M_ELO ? cmp_elo : cmp_glicko);
	return (long)n;
}

/* The games of p that were not rated, as a text note ("" for none). */
static void not_rated(struct ff_buf *b, const struct ff_rate_pool *p)
{
	ff_buf_reset(b);
	if (p->unfinished)
		ff_buf_addf(b, "; %ld unfinished", p->unfinished);
	if (p->unnamed)
		ff_buf_addf(b, "; %ld with a seat without a player", p->unnamed);
	if (p->two_sides)
		ff_buf_addf(b, "; %ld with a player on two sides", p->two_sides);
	if (p->one_side)
		ff_buf_addf(b, "; %ld with one player only", p->one_side);
	if (p->too_many)
		ff_buf_addf(b, "; %ld of more than %d seats", p->too_many, FF_RATING_MAX_SEATS);
	if (b->len)
		ff_buf_adds(b, " (not rated)");
}

static void print_pool_text(const struct ff_rate_pool *p, const struct ranked *v, long n, int method)
{
	struct ff_buf b = FF_BUF_INIT;
	int w = 6;
	long i;

	for (i = 0; i < n; i++)
		if ((int)strlen(v[i].name) > w)
			w = (int)strlen(v[i].name);
	not_rated(&b, p);
	printf("%s: %ld games rated%s\n", p->name, p->rated, b.p ? b.p : "");
	printf("%4s  %-*s %6s %5s %5s %5s", "rank", w, "player", "games", "won", "drawn", "lost");
	if (method != M_GLICKO2)
		printf(" %7s", "elo");
	if (method != M_ELO)
		printf(" %7s %6s %8s  %s", "rating", "rd", "vol", "95% interval");
	putchar('\n');
	for (i = 0; i < n; i++) {
		const struct ff_rating *r = v[i].r;

		printf("%4ld  %-*s %6ld %5ld %5ld %5ld", i + 1, w, v[i].name, r->games, r->wins,
		       r->draws, r->losses);
		if (method != M_GLICKO2)
			printf(" %7.1f", r->elo);
		if (method != M_ELO)
			printf(" %7.1f %6.1f %8.6f  [%.1f, %.1f]", r->r, r->rd, r->vol,
			       r->r - Z95 * r->rd, r->r + Z95 * r->rd);
		putchar('\n');
	}
	ff_buf_free(&b);
}

static void csv_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}

static void print_pool_csv(const struct ff_rate_pool *p, const struct ranked *v, long n)
{
	long i;

	for (i = 0; i < n; i++) {
		const struct ff_rating *r = v[i].r;

		csv_str(p->name);
		printf(",%ld,", i + 1);
		csv_str(v[i].name);
		printf(",%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.8f,%.4f,%.4f\n", r->games, r->wins, r->draws,
		       r->losses, r->elo, r->r, r->rd, r->vol, r->r - Z95 * r->rd,
		       r->r + Z95 * r->rd);
	}
}

static void print_pool_json(const struct ff_rate_pool *p, const struct ranked *v, long n, int method)
{
	struct ff_buf b = FF_BUF_INIT;
	long i;

	for (i = 0; i < n; i++) {
		const struct ff_rating *r = v[i].r;

		ff_buf_reset(&b);
		ff_buf_adds(&b, "{\"pool\":");
		ff_json_str(&b, p->name);
		ff_buf_addf(&b, ",\"rank\":%ld,\"player\":", i + 1);
		ff_json_str(&b, v[i].name);
		ff_buf_addf(&b, ",\"games\":%ld,\"wins\":%ld,\"draws\":%ld,\"losses\":%ld", r->games,
			    r->wins, r->draws, r->losses);
		if (method != M_GLICKO2)
			ff_buf_addf(&b, ",\"elo\":%.4f", r->elo);
		if (method != M_ELO)
			ff_buf_addf(&b, ",\"glicko2\":{\"rating\":%.4f,\"rd\":%.4f,\"volatility\":%.8f,"
				    "\"ci95\":[%.4f,%.4f]}", r->r, r->rd, r->vol,
				    r->r - Z95 * r->rd, r->r + Z95 * r->rd);
		ff_buf_adds(&b, "}\n");
		fputs(b.p, stdout);
	}
	ff_buf_reset(&b);
	ff_buf_adds(&b, "{\"pool\":");
	ff_json_str(&b, p->name);
	printf("%s,\"summary\":{\"rated\":%ld,\"unfinished\":%ld,\"no_player\":%ld,"
	       "\"player_on_two_sides\":%ld,\"one_player\":%ld,\"too_many_seats\":%ld}}\n", b.p,
	       p->rated, p->unfinished, p->unnamed, p->two_sides, p->one_side, p->too_many);
	ff_buf_free(&b);
}

static int print_ratings(const struct rtset *o, struct ff_rate_run *c, const struct ff_rate_names *nm)
{
	struct ranked *v;
	size_t i;
	long n;

	qsort(c->v, c->n, sizeof *c->v, cmp_pool);
	if (o->fmt == F_CSV)
		printf("pool,rank,player,games,wins,draws,losses,elo,rating,rd,volatility,lo95,hi95\n");
	if (o->fmt == F_TEXT && c->n == 0)
		printf("no games\n");
	for (i = 0; i < c->n; i++) {
		if ((n = rank_pool(&c->v[i], nm, o->method, &v)) < 0)
			return -1;
		if (o->fmt == F_CSV)
			print_pool_csv(&c->v[i], v, n);
		else if (o->fmt == F_JSON)
			print_pool_json(&c->v[i], v, n, o->method);
		else
			print_pool_text(&c->v[i], v, n, o->method);
		free(v);
	}
	if (o->fmt == F_TEXT && c->n && o->period == FF_PERIOD_GAME)
		printf("Elo: K = %g, start %g; Glicko-2: start %g, RD %g, volatility %g, tau %g, a "
		       "rating period per game; interval: rating +- 1.96 RD (docs/ratings.md)\n",
		       c->par.k, c->par.elo_start, c->par.r0, c->par.rd0, c->par.vol0, c->par.tau);
	else if (o->fmt == F_TEXT && c->n)
		printf("Elo: K = %g, start %g; Glicko-2: start %g, RD %g, volatility %g, tau %g, "
		       "%ld rating period%s (%s; an undated game is one of its own); interval: "
		       "rating +- 1.96 RD (docs/ratings.md)\n", c->par.k, c->par.elo_start,
		       c->par.r0, c->par.rd0, c->par.vol0, c->par.tau, c->periods,
		       c->periods == 1 ? "" : "s", o->period == FF_PERIOD_ALL ? "all games one" : o->period == FF_PERIOD_DAY ? "a day each"
		       : o->period == FF_PERIOD_MONTH ? "a month each" : "a year each");
	return 0;
}

static int rt_run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct rtset *o = set;
	struct ff_result_filter q = { &o->f, NULL, o->as_of };
	struct ff_rate_names nm = { NULL, 0 };
	struct ff_store *store;
	struct ff_error err;
	struct ff_rate_run c;
	int rc;

	(void)argc;
	(void)argv;
	if ((rc = ff_cmd_open_store(cmd, o->db, 1, &store)) != 0)
		return rc;
	ff_rate_run_init(&c, o->by, o->period);
	ff_error_clear(&err);
	rc = load_names(cmd, store, &nm);
	if (rc == 0 && (rc = ff_store_each_result(store, &q, ff_rate_game, &c, &err)) != 0)
		fprintf(stderr, "fivefold ratings: %s\n", err.msg[0] ? err.msg : "out of memory");
	ff_rate_close(&c);
	ff_store_close(store);
	if (rc == 0 && (rc = print_ratings(o, &c, &nm)) != 0)
		fprintf(stderr, "fivefold ratings: out of memory\n");
	ff_rate_run_free(&c);
	ff_rate_names_free(&nm);
	return ff_cmd_check_stdout(cmd, rc ? FF_EXIT_FAIL : FF_EXIT_OK);
}

const struct ff_cmd ff_cmd_ratings = {
	.name = "ratings",
	.summary = "Elo and Glicko-2 ratings of the store's players",
	.about = "Rates the players named by the Seat tags of the stored games, the games\n"
		 "taken in date order (undated games first, then by Date, games of one\n"
		 "date in the order stored), one pool per game family (--by game) or\n"
		 "ruleset id (--by ruleset). Elo (K = 32) and Glicko-2 (Glickman 2013;\n"
		 "tau 0.5; a rating period per game, or per --period day, month or year\n"
		 "of the Date tag, or all the games one) with rating, deviation, volatility\n"
		 "and a 95% interval. In a team game each member is scored against each\n"
		 "player of each other side (a win, a loss, or a half in a draw); the\n"
		 "losers of a free-for-all are not scored against each other. Unfinished\n"
		 "games and games with a seat without a player are counted, not rated.\n"
		 "--as-of DATE: as they stood after DATE. See docs/ratings.md.",
	.opts = rt_opts,
	.settings = sizeof(struct rtset),
	.run = rt_run,
};

/* --- standings --- */

struct stset {
	const char *db, *event;
	struct ff_stats_filter f;
	int fmt;
};

#define S struct stset
static const struct ff_opt st_opts[] = {
	FF_OPT(DB, S, db, .required = 1),
	FF_OPT(EVENT, S, event, .required = 1),
	FF_FILTER_OPTS(S, f),
	FF_OPT(FORMAT, S, fmt, .choices = "text|csv|json", .dflt = "text", .help = "output format"),
	FF_OPT_DONE
};
#undef S

/* An entrant of the event. */
struct entrant {
	long long id;
	size_t at;              /* its index in the crosstable */
	const char *name;
	double points, sb;
	long games, wins, draws, losses;
};

/* The event so far. Invariants: e[0, n) are the entrants met, idx[id]
   is the entrant of player id plus 1 (0: none yet); pts and met are n by
   n (row entrant against column entrant), kept only while every game is
   one player against one (duel). */
struct sctx {
	struct entrant *e;
	size_t n, cap;
	size_t *idx;
	size_t nidx;
	double *pts;
	long *met;
	int duel;
	long counted, unfinished, unnamed;
};

/* The entrant of player id, made when new; -1 when out of memory. */
static long entrant_of(struct sctx *c, long long id, const struct ff_rate_names *nm)
{
	if (id < 0 || id > 100000000)
		return -1;
	if ((size_t)id >= c->nidx) {
		size_t n = (size_t)id + 64;
		size_t *v = realloc(c->idx, n * sizeof *v);

		if (!v)
			return -1;
		memset(v + c->nidx, 0, (n - c->nidx) * sizeof *v);
		c->idx = v;
		c->nidx = n;
	}
	if (!c->idx[id]) {
		if (c->n == c->cap) {
			size_t cap = c->cap ? c->cap * 2 : 16;
			struct entrant *e = realloc(c->e, cap * sizeof *e);

			if (!e)
				return -1;
			c->e = e;
			c->cap = cap;
		}
		memset(&c->e[c->n], 0, sizeof c->e[c->n]);
		c->e[c->n].id = id;
		c->e[c->n].at = c->n;
		c->e[c->n].name = ff_rate_name(nm, id);
		c->idx[id] = ++c->n;
	}
	return (long)c->idx[id] - 1;
}

/* The crosstable grown to n entrants (copied into the new size). Returns
   0 or -1. */
static int grow_table(struct sctx *c, size_t old, size_t n)
{
	double *pts = calloc(n * n, sizeof *pts);
	long *met = calloc(n * n, sizeof *met);
	size_t i, j;

	if (!pts || !met) {
		free(pts);
		free(met);
		return -1;
	}
	for (i = 0; i < old; i++)
		for (j = 0; j < old; j++) {
			pts[i * n + j] = c->pts[i * old + j];
			met[i * n + j] = c->met[i * old + j];
		}
	free(c->pts);
	free(c->met);
	c->pts = pts;
	c->met = met;
	return 0;
}

struct scb {
	struct sctx *c;
	const struct ff_rate_names *nm;
	size_t table_n;   /* the crosstable's size */
};

static int count_game(void *ctx, const struct ff_result_game *g)
{
	struct scb *s = ctx;
	struct sctx *c = s->c;
	long ent[FF_RESULT_MAX_SEATS];
	int k, j, sides = 0, n = g->seats < FF_RESULT_MAX_SEATS ? g->seats : FF_RESULT_MAX_SEATS;

	if (g->unfinished) {
		c->unfinished++;
		return 0;
	}
	for (k = 0; k < n; k++)
		if (!g->player[k]) {
			c->unnamed++;
			return 0;
		}
	for (k = 0; k < n; k++) {
		if ((ent[k] = entrant_of(c, g->player[k], s->nm)) < 0)
			return -1;
		for (j = 0; j < k && g->side[j] != g->side[k]; j++)
			;
		sides += j == k;
	}
	c->counted++;
	/* each player once per game, scored by its side */
	for (k = 0; k < n; k++) {
		struct entrant *e;

		for (j = 0; j < k && ent[j] != ent[k]; j++)
			;
		if (j < k)
			continue;
		e = &c->e[ent[k]];
		e->games++;
		if (g->winner_side == 0) {
			e->draws++;
			e->points += 1.0 / (sides ? sides : 1);
		} else if (g->side[k] == g->winner_side) {
			e->wins++;
			e->points += 1;
		} else {
			e->losses++;
		}
	}
	if (n != 2 || g->side[0] == g->side[1] || ent[0] == ent[1])
		c->duel = 0;
	if (!c->duel)
		return 0;
	if (c->n > s->table_n) {
		size_t want = s->table_n ? s->table_n * 2 : 16;

		while (want < c->n)
			want *= 2;
		if (grow_table(c, s->table_n, want))
			return -1;
		s->table_n = want;
	}
	for (k = 0; k < 2; k++) {
		size_t at = (size_t)ent[k] * s->table_n + (size_t)ent[1 - k];

		c->met[at]++;
		c->pts[at] += g->winner_side == 0 ? 0.5 : g->side[k] == g->winner_side ? 1 : 0;
	}
	return 0;
}

/* The crosstable's entry of entrant a against b. */
static double pts_of(const struct sctx *c, size_t tn, long long a, long long b)
{
	return c->pts[(size_t)a * tn + (size_t)b];
}

/* 1 when every pair of entrants met and every game was a duel. */
static int round_robin(const struct sctx *c, size_t tn)
{
	size_t i, j;

	if (!c->duel || c->n < 2)
		return 0;
	for (i = 0; i < c->n; i++)
		for (j = 0; j < c->n; j++)
			if (i != j && !c->met[i * tn + j])
				return 0;
	return 1;
}

/* Entrants by points, then Sonneborn-Berger, then name. */
static int cmp_entrant(const void *a, const void *b)
{
	const struct entrant *x = a, *y = b;

	if (x->points != y->points)
		return x->points > y->points ? -1 : 1;
	if (x->sb != y->sb)
		return x->sb > y->sb ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* What the standings table needs: the entrants in rank order, whether
   the event was a round robin (a crosstable), the name column's width. */
struct table {
	const struct stset *o;
	struct sctx *c;
	size_t tn;
	struct entrant *ord;
	int rr, w;
};

/* The crosstable's cell of ranks i and j: the points of i against j. */
static double cell(const struct table *t, size_t i, size_t j)
{
	return pts_of(t->c, t->tn, (long long)t->ord[i].at, (long long)t->ord[j].at);
}

static void standings_csv(const struct table *t)
{
	size_t i, j, n = t->c->n;

	printf("event,rank,player,points,games,wins,draws,losses,sonneborn_berger");
	for (j = 0; t->rr && j < n; j++) {
		putchar(',');
		csv_str(t->ord[j].name);
	}
	putchar('\n');
	for (i = 0; i < n; i++) {
		const struct entrant *e = &t->ord[i];

		csv_str(t->o->event);
		printf(",%zu,", i + 1);
		csv_str(e->name);
		printf(",%g,%ld,%ld,%ld,%ld,", e->points, e->games, e->wins, e->draws, e->losses);
		if (t->rr)
			printf("%g", e->sb);
		for (j = 0; t->rr && j < n; j++)
			if (j == i)
				printf(",");
			else
				printf(",%g", cell(t, i, j));
		putchar('\n');
	}
}

/* JSON Lines: an object per entrant. Returns 0, or -1 when memory ran
   out. */
static int standings_json(const struct table *t)
{
	struct ff_buf b = FF_BUF_INIT;
	size_t i, j, n = t->c->n;
	int rc = 0;

	for (i = 0; i < n && rc == 0; i++) {
		const struct entrant *e = &t->ord[i];

		ff_buf_reset(&b);
		rc |= ff_buf_adds(&b, "{\"event\":");
		rc |= ff_json_str(&b, t->o->event);
		rc |= ff_buf_addf(&b, ",\"rank\":%zu,\"player\":", i + 1);
		rc |= ff_json_str(&b, e->name);
		rc |= ff_buf_addf(&b, ",\"points\":%g,\"games\":%ld,\"wins\":%ld,\"draws\":%ld,"
				  "\"losses\":%ld", e->points, e->games, e->wins, e->draws, e->losses);
		if (t->rr) {
			rc |= ff_buf_addf(&b, ",\"sonneborn_berger\":%g,\"crosstable\":[", e->sb);
			for (j = 0; j < n; j++) {
				if (j)
					rc |= ff_buf_adds(&b, ",");
				if (j == i)
					rc |= ff_buf_adds(&b, "null");
				else
					rc |= ff_buf_addf(&b, "%g", cell(t, i, j));
			}
			rc |= ff_buf_adds(&b, "]");
		}
		rc |= ff_buf_adds(&b, "}\n");
		if (rc == 0)
			fputs(b.p, stdout);
	}
	ff_buf_free(&b);
	return rc ? -1 : 0;
}

static void standings_text(const struct table *t)
{
	const struct sctx *c = t->c;
	size_t i, j;

	printf("%s: %ld games%s%s\n", t->o->event, c->counted,
	       c->unfinished ? " (unfinished not counted)" : "",
	       c->unnamed ? " (games with a seat without a player not counted)" : "");
	printf("%4s  %-*s %6s %5s %5s %5s %5s", "rank", t->w, "player", "points", "games", "won",
	       "drawn", "lost");
	if (t->rr) {
		printf(" %6s ", "SB");
		for (j = 0; j < c->n; j++)
			printf(" %4zu", j + 1);
	}
	putchar('\n');
	for (i = 0; i < c->n; i++) {
		const struct entrant *e = &t->ord[i];

		printf("%4zu  %-*s %6g %5ld %5ld %5ld %5ld", i + 1, t->w, e->name, e->points,
		       e->games, e->wins, e->draws, e->losses);
		if (t->rr) {
			printf(" %6g ", e->sb);
			for (j = 0; j < c->n; j++)
				if (j == i)
					printf(" %4s", "X");
				else
					printf(" %4g", cell(t, i, j));
		}
		putchar('\n');
	}
	if (!c->n)
		printf("no games\n");
	else if (t->rr)
		printf("a round robin: the crosstable gives the row's points against the column"
		       " (by rank); SB: Sonneborn-Berger\n");
	else
		printf("no crosstable: not a round robin (a pair never met, or a game not one "
		       "player against one)\n");
}

/* Print the standings of c in o's format: Sonneborn-Berger scores (for a
   round robin) and the rank order first. Returns 0, or -1 when memory ran
   out (nothing printed). */
static int print_standings(const struct stset *o, struct sctx *c, size_t tn)
{
	struct table t = { o, c, tn, NULL, round_robin(c, tn), 6 };
	size_t i, j;
	int rc = 0;

	if ((t.ord = malloc((c->n ? c->n : 1) * sizeof *t.ord)) == NULL)
		return -1;
	for (i = 0; i < c->n; i++) {
		for (j = 0; t.rr && j < c->n; j++)
			if (j != i)
				c->e[i].sb += pts_of(c, tn, (long long)i, (long long)j) * c->e[j].points;
		if ((int)strlen(c->e[i].name) > t.w)
			t.w = (int)strlen(c->e[i].name);
	}
	if (c->n)
		memcpy(t.ord, c->e, c->n * sizeof *t.ord);
	qsort(t.ord, c->n, sizeof *t.ord, cmp_entrant);
	if (o->fmt == F_CSV)
		standings_csv(&t);
	else if (o->fmt == F_JSON)
		rc = standings_json(&t);
	else
		standings_text(&t);
	free(t.ord);
	return rc;
}

static int st_run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct stset *o = set;
	struct ff_result_filter q = { &o->f, o->event, NULL };
	struct ff_rate_names nm = { NULL, 0 };
	struct ff_store *store;
	struct ff_error err;
	struct sctx c;
	struct scb s = { &c, &nm, 0 };
	int rc;

	(void)argc;
	(void)argv;
	if ((rc = ff_cmd_open_store(cmd, o->db, 1, &store)) != 0)
		return rc;
	memset(&c, 0, sizeof c);
	c.duel = 1;
	ff_error_clear(&err);
	rc = load_names(cmd, store, &nm);
	if (rc == 0 && (rc = ff_store_each_result(store, &q, count_game, &s, &err)) != 0)
		fprintf(stderr, "fivefold standings: %s\n", err.msg[0] ? err.msg : "out of memory");
	ff_store_close(store);
	if (rc == 0 && (rc = print_standings(o, &c, s.table_n)) != 0)
		fputs("fivefold standings: out of memory\n", stderr);
	free(c.e);
	free(c.idx);
	free(c.pts);
	free(c.met);
	ff_rate_names_free(&nm);
	return ff_cmd_check_stdout(cmd, rc ? FF_EXIT_FAIL : FF_EXIT_OK);
}

const struct ff_cmd ff_cmd_standings = {
	.name = "standings",
	.summary = "an Event's table: points, games, a crosstable for a round robin",
	.about = "The table of the stored games whose Event tag is NAME: each player's\n"
		 "points (a win 1, a draw 1/2 between two sides, 1/N among N sides, a\n"
		 "loss 0; a team's result counts for each member), games, wins, draws\n"
		 "and losses, ranked by points then Sonneborn-Berger then name. When\n"
		 "every game was one player against one and every pair met, the event\n"
		 "was a round robin: a crosstable shows each player's points against\n"
		 "each other. Unfinished games are not counted. See docs/ratings.md.",
	.opts = st_opts,
	.settings = sizeof(struct stset),
	.run = st_run,
};
