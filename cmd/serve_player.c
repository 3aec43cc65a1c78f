/* fivefold serve's player pages: /players/ID and /api/players/ID, a
   player's ratings in each pool as `fivefold ratings` gives them (the
   same run, cmd/rating_run.c, with its defaults: a pool per game family,
   a rating period per game), their rank in the pool, their wins, draws
   and losses, and the history of their ratings game by game (a chart in
   the SVG of lib/svg.h and a table of their last games, each a link). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/serve.h"
#include "lib/svg.h"

#define HIST_ROWS 100     /* the last games the page's table shows */
#define CHART_POINTS 400  /* the points of a chart at most (a game in k drawn) */

/* One rated game of the player: its pool, id, date, outcome, and the
   player's ratings after it. */
struct hist {
	size_t pool;
	long long game;
	char date[11];
	char outcome;           /* 'W', 'D' or 'L' */
	double elo, r, rd;
};

/* The page being made: the player, the run and the player's history. */
struct view {
	long long id;
	struct ff_rate_names nm;
	struct ff_rate_run run;
	struct hist *h;
	size_t n, cap;
};

/* The run's hook: keep the game when the player played it. */
static int on_rated(void *ctx, const struct ff_rate_run *c, const struct ff_result_game *g,
		    struct ff_rating *const *pl)
{
	struct view *v = ctx;
	struct hist *e;
	int k;

	for (k = 0; k < g->seats && g->player[k] != v->id; k++)
		;
	if (k == g->seats)
		return 0;
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 64;
		struct hist *h = realloc(v->h, cap * sizeof *h);

		if (!h)
			return -1;
		v->h = h;
		v->cap = cap;
	}
	e = &v->h[v->n++];
	e->pool = c->last;
	e->game = g->id;
	snprintf(e->date, sizeof e->date, "%s", g->date ? g->date : "");
	e->outcome = g->winner_side == 0 ? 'D' : g->side[k] == g->winner_side ? 'W' : 'L';
	e->elo = pl[k]->elo;
	e->r = pl[k]->r;
	e->rd = pl[k]->rd;
	return 0;
}

/* Rate the store for player id into v. Returns 0, or -1 after
   ff_serve_fail. */
static int view_load(struct ff_serve *srv, long long id, int json, struct view *v,
		     struct ff_serve_reply *r)
{
	memset(v, 0, sizeof *v);
	v->id = id;
	ff_rate_run_init(&v->run, FF_RATE_BY_GAME, FF_PERIOD_GAME);
	v->run.rated = on_rated;
	v->run.rated_ctx = v;
	return ff_serve_rate(srv, id, json, &v->nm, &v->run, r);
}

static void view_free(struct view *v)
{
	ff_rate_run_free(&v->run);
	ff_rate_names_free(&v->nm);
	free(v->h);
}

/* The player's state in pool p, or NULL when they played no game of it. */
static const struct ff_rating *state_in(const struct view *v, const struct ff_rate_pool *p)
{
	if ((size_t)v->id >= p->cap || p->r[v->id].rd <= 0 || p->r[v->id].games == 0)
		return NULL;
	return &p->r[v->id];
}

/* The player's rank in pool p by Glicko-2 rating, then name (the order
   of `ratings`), and the pool's players into *of. */
static long rank_in(const struct view *v, const struct ff_rate_pool *p, long *of)
{
	const struct ff_rating *me = &p->r[v->id];
	const char *name = ff_rate_name(&v->nm, v->id);
	long rank = 1;
	size_t i;

	*of = 0;
	for (i = 0; i < p->cap; i++) {
		const struct ff_rating *o = &p->r[i];

		if (o->rd <= 0 || o->games == 0)
			continue;
		++*of;
		if (o->r > me->r ||
		    (o->r == me->r && strcmp(ff_rate_name(&v->nm, (long long)i), name) < 0))
			rank++;
	}
	return rank;
}

static const char *outcome_word(char o)
{
	return o == 'W' ? "win" : o == 'D' ? "draw" : "loss";
}

/* --- JSON --- */

static int pool_json(struct ff_buf *out, const struct view *v, size_t pi, int first)
{
	const struct ff_rate_pool *p = &v->run.v[pi];
	const struct ff_rating *s = state_in(v, p);
	long of, rank;
	size_t i;
	int rc, n = 0;

	if (!s)
		return 0;
	rank = rank_in(v, p, &of);
	rc = ff_buf_adds(out, first ? "\n{\"pool\":" : ",\n{\"pool\":");
	rc |= ff_buf_json_str(out, p->name);
	rc |= ff_buf_addf(out, ",\"rank\":%ld,\"players\":%ld,\"games\":%ld,\"wins\":%ld,"
			  "\"draws\":%ld,\"losses\":%ld,\"elo\":%.4f,\"glicko2\":{\"rating\":%.4f,"
			  "\"rd\":%.4f,\"volatility\":%.8f,\"ci95\":[%.4f,%.4f]},\"history\":[",
			  rank, of, s->games, s->wins, s->draws, s->losses, s->elo, s->r, s->rd,
			  s->vol, s->r - FF_RATE_Z95 * s->rd, s->r + FF_RATE_Z95 * s->rd);
	for (i = 0; i < v->n; i++) {
		const struct hist *e = &v->h[i];

		if (e->pool != pi)
			continue;
		rc |= ff_buf_addf(out, "%s{\"game\":%lld,\"date\":", n++ ? ",\n" : "\n", e->game);
		rc |= e->date[0] ? ff_buf_json_str(out, e->date) : ff_buf_adds(out, "null");
		rc |= ff_buf_addf(out, ",\"result\":\"%s\",\"elo\":%.4f,\"rating\":%.4f,\"rd\":%.4f}",
				  outcome_word(e->outcome), e->elo, e->r, e->rd);
	}
	return rc | ff_buf_adds(out, "]}");
}

int ff_serve_api_player(struct ff_serve *srv, long long id, struct ff_serve_reply *r)
{
	struct ff_buf *out = &r->body;
	struct view v;
	size_t i;
	int rc, first = 1;

	r->type = "application/json";
	if (view_load(srv, id, 1, &v, r)) {
		view_free(&v);
		return -1;
	}
	rc = ff_buf_addf(out, "{\"id\":%lld,\"name\":", id);
	rc |= ff_buf_json_str(out, ff_rate_name(&v.nm, id));
	rc |= ff_buf_adds(out, ",\"pools\":[");
	for (i = 0; i < v.run.n; i++)
		if (state_in(&v, &v.run.v[i])) {
			rc |= pool_json(out, &v, i, first);
			first = 0;
		}
	rc |= ff_buf_adds(out, "\n]}\n");
	view_free(&v);
	return rc ? ff_serve_fail(r, 503, 1, "out of memory") : 0;
}

/* --- HTML --- */

/* The chart of the player's ratings in pool pi, game by game: the
   Glicko-2 rating with its 95% band and Elo (at most CHART_POINTS
   points: every k-th game and the last). */
#define CW 720.0
#define CH 260.0
#define CL 60.0
#define CR 700.0
#define CT 30.0
#define CB 220.0
#define Y(val) (CB - (CB - CT) * ((val) - lo) / (hi - lo))

static void chart(struct ff_buf *out, const struct view *v, size_t pi, const char *pool)
{
	double lo = 1e9, hi = -1e9, x0 = 0, y0[4] = { 0, 0, 0, 0 };
	size_t i, n = 0, k, step, at = 0;
	char title[200];

	for (i = 0; i < v->n; i++)
		if (v->h[i].pool == pi) {
			const struct hist *e = &v->h[i];
			double a = e->r - FF_RATE_Z95 * e->rd, b = e->r + FF_RATE_Z95 * e->rd;

			lo = a < lo ? a : lo;
			lo = e->elo < lo ? e->elo : lo;
			hi = b > hi ? b : hi;
			hi = e->elo > hi ? e->elo : hi;
			n++;
		}
	if (n == 0)
		return;
	if (hi - lo < 100) {
		lo -= 50;
		hi += 50;
	}
	step = (n + CHART_POINTS - 1) / CHART_POINTS;
	snprintf(title, sizeof title, "ratings in %s, game by game", pool);
	ff_svg_begin(out, CW, CH, title);
	ff_svg_text(out, 20, 18, 13, "start", "#000000", "%s: Glicko-2 rating (95%% band) and Elo "
		    "after each of %zu rated games", pool, n);
	for (k = 0; k <= 4; k++) {   /* the rating axis */
		double val = lo + (hi - lo) * (double)k / 4, y = CB - (CB - CT) * (double)k / 4;

		ff_svg_line(out, CL, y, CR, y, "#dddddd", 1);
		ff_svg_text(out, CL - 6, y + 4, 11, "end", "#000000", "%.0f", val);
	}
	ff_svg_line(out, CL, CB, CR, CB, "#444444", 1);
	ff_svg_text(out, CL, CB + 16, 11, "middle", "#000000", "1");
	ff_svg_text(out, CR, CB + 16, 11, "end", "#000000", "%zu", n);
	ff_svg_text(out, CR, CB + 32, 11, "end", "#000000", "games");
	for (i = 0, k = 0; i < v->n; i++) {
		const struct hist *e = &v->h[i];
		double x, y[4];
		int j;

		if (e->pool != pi || (++k % step && k != n))
			continue;
		x = n > 1 ? CL + (CR - CL) * (double)(k - 1) / (double)(n - 1) : (CL + CR) / 2;
		y[0] = Y(e->r);
		y[1] = Y(e->r - FF_RATE_Z95 * e->rd);
		y[2] = Y(e->r + FF_RATE_Z95 * e->rd);
		y[3] = Y(e->elo);
		if (at++) {
			for (j = 1; j < 3; j++)
				ff_svg_line(out, x0, y0[j], x, y[j], ff_svg_colour(0), 0.8);
			ff_svg_line(out, x0, y0[0], x, y[0], ff_svg_colour(0), 2);
			ff_svg_line(out, x0, y0[3], x, y[3], ff_svg_colour(1), 1.5);
		}
		x0 = x;
		memcpy(y0, y, sizeof y0);
		if (n == 1)
			ff_svg_marker(out, x, y[0], 5, 0, 0, NULL);
	}
	ff_svg_line(out, CL, CB + 28, CL + 20, CB + 28, ff_svg_colour(0), 2);
	ff_svg_text(out, CL + 24, CB + 32, 11, "start", "#000000", "Glicko-2 (thin: 95%% band)");
	ff_svg_line(out, CL + 190, CB + 28, CL + 210, CB + 28, ff_svg_colour(1), 1.5);
	ff_svg_text(out, CL + 214, CB + 32, 11, "start", "#000000", "Elo");
	ff_svg_end(out);
}

/* The row of the player's standing in pool pi: the columns of `ratings`. */
static int standing(struct ff_buf *out, const struct view *v, size_t pi)
{
	const struct ff_rate_pool *p = &v->run.v[pi];
	const struct ff_rating *s = state_in(v, p);
	long of, rank = rank_in(v, p, &of);
	int rc = ff_buf_adds(out, "<h2>");

	ff_svg_escape(out, p->name);
	rc |= ff_buf_adds(out, "</h2>\n<table class=\"rating\" data-pool=\"");
	ff_svg_escape(out, p->name);
	rc |= ff_buf_adds(out, "\">\n<thead><tr><th class=\"n\">rank</th><th class=\"n\">of</th>"
			  "<th class=\"n\">games</th><th class=\"n\">won</th><th class=\"n\">drawn</th>"
			  "<th class=\"n\">lost</th><th class=\"n\">elo</th><th class=\"n\">rating</th>"
			  "<th class=\"n\">rd</th><th class=\"n\">vol</th><th>95% interval</th></tr>"
			  "</thead>\n<tbody>\n");
	rc |= ff_buf_addf(out, "<tr><td class=\"n\">%ld</td><td class=\"n\">%ld</td>"
			  "<td class=\"n\">%ld</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td>"
			  "<td class=\"n\">%ld</td><td class=\"n\">%.1f</td><td class=\"n\">%.1f</td>"
			  "<td class=\"n\">%.1f</td><td class=\"n\">%.6f</td><td>[%.1f, %.1f]</td></tr>\n",
			  rank, of, s->games, s->wins, s->draws, s->losses, s->elo, s->r, s->rd, s->vol,
			  s->r - FF_RATE_Z95 * s->rd, s->r + FF_RATE_Z95 * s->rd);
	return rc | ff_buf_adds(out, "</tbody>\n</table>\n");
}

/* The table of the player's last HIST_ROWS games of pool pi. */
static int history(struct ff_buf *out, const struct view *v, size_t pi)
{
	size_t i, n = 0, skip;
	int rc;

	for (i = 0; i < v->n; i++)
		n += v->h[i].pool == pi;
	skip = n > HIST_ROWS ? n - HIST_ROWS : 0;
	rc = skip ? ff_buf_addf(out, "<p>The last %d rated games", HIST_ROWS) :
		    ff_buf_adds(out, "<p>The rated games");
	rc |= ff_buf_adds(out, ", each with the ratings after it:</p>\n"
			 "<table class=\"history\">\n<thead><tr><th class=\"n\">game</th><th>date</th>"
			 "<th>result</th><th class=\"n\">elo</th><th class=\"n\">rating</th>"
			 "<th class=\"n\">rd</th></tr></thead>\n<tbody>\n");
	for (i = 0; i < v->n; i++) {
		const struct hist *e = &v->h[i];

		if (e->pool != pi || (skip && skip--))
			continue;
		rc |= ff_buf_addf(out, "<tr><td class=\"n\"><a href=\"/games/%lld\">%lld</a></td><td>",
				  e->game, e->game);
		ff_svg_escape(out, e->date);
		rc |= ff_buf_addf(out, "</td><td>%s</td><td class=\"n\">%.1f</td><td class=\"n\">%.1f"
				  "</td><td class=\"n\">%.1f</td></tr>\n", outcome_word(e->outcome),
				  e->elo, e->r, e->rd);
	}
	return rc | ff_buf_adds(out, "</tbody>\n</table>\n");
}

int ff_serve_html_player(struct ff_serve *srv, long long id, struct ff_serve_reply *r)
{
	struct ff_buf *out = &r->body, link = FF_BUF_INIT;
	struct view v;
	const char *name;
	size_t i;
	int rc, any = 0;

	r->type = "text/html; charset=utf-8";
	if (view_load(srv, id, 0, &v, r)) {
		view_free(&v);
		return -1;
	}
	name = ff_rate_name(&v.nm, id);
	rc = ff_serve_head(out, srv, name);
	rc |= ff_buf_adds(&link, "player=");
	rc |= ff_serve_urlenc(&link, name);
	rc |= ff_buf_adds(out, "<p><a id=\"games\" ");
	rc |= ff_serve_href(out, "/games", &link);
	rc |= ff_buf_adds(out, ">their games</a> &middot; <a ");
	rc |= ff_serve_href(out, "/stats", &link);
	rc |= ff_buf_addf(out, ">their statistics</a> &middot; <a href=\"/api/players/%lld\">JSON"
			  "</a></p>\n", id);
	for (i = 0; i < v.run.n; i++) {
		if (!state_in(&v, &v.run.v[i]))
			continue;
		any = 1;
		rc |= standing(out, &v, i);
		rc |= ff_buf_adds(out, "<div class=\"chart\">\n");
		chart(out, &v, i, v.run.v[i].name);
		rc |= ff_buf_adds(out, "</div>\n");
		rc |= history(out, &v, i);
	}
	if (!any)
		rc |= ff_buf_adds(out, "<p id=\"unrated\">No rated game (an unfinished game, or one "
				  "with a seat without a player, is not rated).</p>\n");
	rc |= ff_buf_adds(out, "<p>The ratings of <code>fivefold ratings</code> with its defaults: a "
			  "pool per game, Elo (K 32) and Glicko-2 with a rating period per game, the "
			  "games in date order; the interval is the rating plus or minus 1.96 RD "
			  "(docs/ratings.md).</p>\n");
	rc |= ff_serve_foot(out);
	ff_buf_free(&link);
	view_free(&v);
	return rc ? ff_serve_fail(r, 503, 0, "out of memory") : 0;
}
