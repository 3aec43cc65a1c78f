/* fivefold serve's HTML pages: the games (a filter form, a page of games,
   a link to the next page), a game (the replay page of `fivefold replay`,
   lib/page.c, with the value graph of its stored analysis where it has
   one), the statistics (the groups of `stats`, each row a link to
   its games) and the quarantine. Plain HTML with an inline style, no
   script but the replay page's own, nothing from elsewhere; every text
   from the store is escaped (ff_svg_escape: entities, controls dropped,
   bidirectional controls shown). The same queries as the JSON API. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/serve.h"
#include "cmd/stats_plot.h"
#include "formats/fgn.h"
#include "lib/page.h"
#include "lib/record.h"
#include "lib/replay.h"
#include "lib/statmath.h"
#include "lib/svg.h"

static const char style[] =
	"<style>\n"
	"body{font-family:sans-serif;margin:1em 2em;color:#222}\n"
	"nav a{margin-right:1em}\n"
	"table{border-collapse:collapse}\n"
	"td,th{border-bottom:1px solid #ccc;padding:.2em .6em;text-align:left;vertical-align:top}\n"
	"td.n,th.n{text-align:right}\n"
	"form label{display:inline-block;margin:.2em .8em .2em 0}\n"
	"pre{white-space:pre-wrap;margin:0;max-width:60em}\n"
	"</style>\n";

int ff_serve_head(struct ff_buf *out, const struct ff_serve *srv, const char *title)
{
	int rc = ff_buf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			     "<title>");

	ff_svg_escape(out, title);
	rc |= ff_buf_adds(out, " - ");
	ff_svg_escape(out, srv->title);
	rc |= ff_buf_adds(out, "</title>\n");
	rc |= ff_buf_adds(out, style);
	rc |= ff_buf_adds(out, "</head>\n<body>\n<nav><a href=\"/games\">games</a>"
			  "<a href=\"/stats\">statistics</a><a href=\"/players\">players</a>"
			  "<a href=\"/quarantine\">quarantine</a>"
			  "<a href=\"/api/games\">JSON</a></nav>\n<h1>");
	ff_svg_escape(out, title);
	return rc | ff_buf_adds(out, "</h1>\n");
}

int ff_serve_foot(struct ff_buf *out)
{
	return ff_buf_adds(out, "</body>\n</html>\n");
}

/* A text field of the filter form. */
static int field(struct ff_buf *out, const char *name, const char *label, const char *v)
{
	int rc = ff_buf_addf(out, "<label>%s <input name=\"%s\" value=\"", label, name);

	ff_svg_escape(out, v ? v : "");
	return rc | ff_buf_adds(out, "\"></label>\n");
}

/* A number field (0: empty). */
static int num_field(struct ff_buf *out, const char *name, const char *label, long v)
{
	char b[24] = "";

	if (v)
		snprintf(b, sizeof b, "%ld", v);
	return field(out, name, label, b);
}

/* A choice of the names (and "any"). */
static int select_field(struct ff_buf *out, const char *name, const char *label,
			const char **names, size_t n, const char *v)
{
	size_t i;
	int rc = ff_buf_addf(out, "<label>%s <select name=\"%s\"><option value=\"\">any</option>",
			     label, name);

	for (i = 0; i < n; i++)
		rc |= ff_buf_addf(out, "<option%s>%s</option>",
				  v && strcmp(v, names[i]) == 0 ? " selected" : "", names[i]);
	return rc | ff_buf_adds(out, "</select></label>\n");
}

/* The filter form, sent to action (a path). */
static int form(struct ff_buf *out, const char *action, const struct ff_serve_query *q, int paged)
{
	const char *games[64], *origins[] = { "imported", "simulated" };
	size_t n = ff_cmd_engine_names(0, games, 64);
	const struct ff_stats_filter *f = &q->f;
	int rc = ff_buf_addf(out, "<form id=\"filter\" method=\"get\" action=\"%s\">\n", action);

	rc |= select_field(out, "game", "game", games, n, f->game);
	rc |= field(out, "rules", "rules", f->preset);
	rc |= field(out, "options", "options", f->option);
	rc |= field(out, "ruleset", "ruleset id", f->ruleset);
	rc |= num_field(out, "seats", "seats", f->seats);
	rc |= select_field(out, "origin", "origin", origins, 2, f->origin);
	rc |= field(out, "player", "player", f->player);
	rc |= field(out, "since", "since", f->since);
	rc |= field(out, "until", "until", f->until);
	rc |= field(out, "result", "result", f->result);
	rc |= field(out, "seed", "seed", f->seed);
	rc |= num_field(out, "min_plies", "plies from", f->min_plies);
	rc |= num_field(out, "max_plies", "to", f->max_plies);
	if (!paged)
		rc |= field(out, "compare", "compare the arms of option", q->compare);
	if (paged) {
		rc |= num_field(out, "limit", "per page", f->limit);
		rc |= ff_buf_addf(out, "<label>sort by <select name=\"sort\"><option value=\"id\">id"
				  "</option><option value=\"date\"%s>date</option><option "
				  "value=\"plies\"%s>plies</option></select></label>\n",
				  f->sort == FF_SORT_DATE ? " selected" : "",
				  f->sort == FF_SORT_PLIES ? " selected" : "");
		rc |= ff_buf_addf(out, "<label>order <select name=\"order\"><option value=\"asc\">"
				  "ascending</option><option value=\"desc\"%s>descending</option>"
				  "</select></label>\n", f->desc ? " selected" : "");
	}
	return rc | ff_buf_adds(out, "<button>show</button></form>\n");
}

int ff_serve_href(struct ff_buf *out, const char *path, const struct ff_buf *query)
{
	int rc = ff_buf_adds(out, "href=\"");

	ff_svg_escape(out, path);
	if (query->len) {
		rc |= ff_buf_adds(out, "?");
		ff_svg_escape(out, query->p + (query->p[0] == '&'));
	}
	return rc | ff_buf_adds(out, "\"");
}

/* /games: a row per game. */
struct list_page {
	struct ff_buf *out;
	long n;
};

static int game_row(void *ctx, const struct ff_serve_row *row)
{
	struct list_page *c = ctx;
	struct ff_buf *out = c->out;
	const struct ff_exported *g = row->g;
	char name[16];
	int k, rc;

	c->n++;
	rc = ff_buf_addf(out, "<tr><td class=\"n\"><a href=\"/games/%lld\">%lld</a></td><td>", g->id,
			 g->id);
	ff_svg_escape(out, g->ruleset);
	rc |= ff_buf_addf(out, "</td><td class=\"n\">%d</td><td class=\"players\">", g->seats);
	for (k = 1; k <= g->seats && row->rec; k++) {
		const char *p;

		snprintf(name, sizeof name, "Seat%d", k);
		if (!(p = ff_record_tag(row->rec, name)))
			continue;
		rc |= ff_buf_adds(out, k > 1 ? ", <a href=\"/games?player=" : "<a href=\"/games?player=");
		rc |= ff_serve_urlenc(out, p);   /* no quote or markup left */
		rc |= ff_buf_adds(out, "\"><bdi>");
		ff_svg_escape(out, p);
		rc |= ff_buf_adds(out, "</bdi></a>");
	}
	rc |= ff_buf_adds(out, "</td><td>");
	ff_svg_escape(out, g->date ? g->date : "");
	rc |= ff_buf_adds(out, "</td><td>");
	ff_svg_escape(out, row->rec && ff_record_result(row->rec) ? ff_record_result(row->rec) : "");
	rc |= ff_buf_addf(out, "</td><td class=\"n\">%d</td><td>", g->plies);
	ff_svg_escape(out, g->termination ? g->termination : "");
	rc |= ff_buf_adds(out, "</td><td>");
	ff_svg_escape(out, g->origin ? g->origin : "");
	return rc | ff_buf_adds(out, "</td></tr>\n");
}

/* A column's heading that orders the list by it (sort, a FF_SORT_*):
   its first page, the other way round when it is the order already; an
   arrow says which way the list is ordered. */
static int sort_head(struct ff_buf *out, const struct ff_serve_query *q, int sort,
		     const char *label)
{
	static const char *const ids[] = { "sort", "sort-date", "sort-plies" };
	struct ff_serve_query other = *q;
	struct ff_buf link = FF_BUF_INIT;
	int rc;

	other.f.sort = sort;
	other.f.desc = q->f.sort == sort ? !q->f.desc : 0;
	rc = ff_serve_query_string(&other, &link);
	rc |= ff_buf_addf(out, "<a id=\"%s\" ", ids[sort]);
	rc |= ff_serve_href(out, "/games", &link);
	rc |= ff_buf_addf(out, ">%s%s</a>", label, q->f.sort != sort ? "" :
			  q->f.desc ? " &#9660;" : " &#9650;");
	ff_buf_free(&link);
	return rc;
}

int ff_serve_html_games(struct ff_serve *srv, const struct ff_serve_query *q,
			struct ff_serve_reply *r)
{
	struct ff_buf *out = &r->body, query = FF_BUF_INIT;
	struct list_page c = { out, 0 };
	long long next = 0;
	int rc;

	r->type = "text/html; charset=utf-8";
	rc = ff_serve_head(out, srv, "Games");
	rc |= form(out, "/games", q, 1);
	rc |= ff_serve_query_string(q, &query);
	rc |= ff_buf_adds(out, "<p>Export these games: <a ");
	rc |= ff_serve_href(out, "/export.fgn", &query);
	rc |= ff_buf_adds(out, ">FGN</a> <a ");
	rc |= ff_serve_href(out, "/export.jsonl", &query);
	rc |= ff_buf_adds(out, ">JSONL</a> <a ");
	rc |= ff_serve_href(out, "/export.csv", &query);
	rc |= ff_buf_adds(out, ">CSV</a> &middot; <a ");
	rc |= ff_serve_href(out, "/stats", &query);
	rc |= ff_buf_adds(out, ">their statistics</a></p>\n");
	rc |= ff_buf_adds(out, "<table id=\"games\">\n<thead><tr><th class=\"n\">");
	rc |= sort_head(out, q, FF_SORT_ID, "id");
	rc |= ff_buf_adds(out, "</th><th>ruleset</th><th class=\"n\">seats</th><th>players</th><th>");
	rc |= sort_head(out, q, FF_SORT_DATE, "date");
	rc |= ff_buf_adds(out, "</th><th>result</th><th class=\"n\">");
	rc |= sort_head(out, q, FF_SORT_PLIES, "plies");
	rc |= ff_buf_adds(out, "</th><th>termination</th><th>origin</th></tr></thead>\n<tbody>\n");
	if (rc) {
		ff_buf_free(&query);
		return ff_serve_fail(r, 503, 0, "out of memory");
	}
	if (ff_serve_each_row(srv, &q->f, 0, game_row, &c, &next, r)) {
		ff_buf_free(&query);
		return -1;
	}
	if (q->f.after && c.n == 0) {
		ff_buf_free(&query);
		return ff_serve_fail(r, 404, 0, "no games after this one: past the last page");
	}
	rc |= ff_buf_adds(out, "</tbody>\n</table>\n<p>");
	if (q->f.after) {
		rc |= ff_buf_adds(out, "<a id=\"first\" ");
		rc |= ff_serve_href(out, "/games", &query);
		rc |= ff_buf_adds(out, ">first page</a> ");
	}
	if (next) {
		rc |= ff_buf_addf(&query, "&limit=%ld&after=%lld", q->f.limit, next);
		rc |= ff_buf_adds(out, "<a id=\"next\" ");
		rc |= ff_serve_href(out, "/games", &query);
		rc |= ff_buf_adds(out, ">next page</a>");
	} else {
		rc |= ff_buf_adds(out, "<span id=\"end\">the last page</span>");
	}
	rc |= ff_buf_adds(out, "</p>\n");
	rc |= ff_serve_foot(out);
	ff_buf_free(&query);
	return rc ? ff_serve_fail(r, 503, 0, "out of memory") : 0;
}

/* /games/ID: the replay page, with a line of links put after <body>. */
struct one_page {
	struct ff_serve *srv;
	struct ff_buf *out;
	long long id;
	int found, failed;
};

static int page_of(void *ctx, const struct ff_serve_row *row)
{
	struct one_page *c = ctx;
	struct ff_record rec;
	struct ff_game g;
	struct ff_page pg;
	struct ff_error err;
	struct ff_buf diag = FF_BUF_INIT, nav = FF_BUF_INIT;
	const char *body;
	int rc;

	c->found = 1;
	if (ff_record_init(&rec))
		return c->failed = 1;
	ff_game_init(&g);
	ff_page_init(&pg);
	rc = ff_fgn_read_text(row->g->fgn, row->g->fgn_len, &rec, &err) == 1 ? 0 : -1;
	if (rc == 0) {
		rec.number = (long)row->g->id;   /* the title says "STORE, game ID" */
		rc = ff_page_walk(&pg, &g, &rec, &err);
		if (rc == 1)
			ff_diag_format(&diag, c->srv->title, &err);
		if (rc == 0 && row->g->analysis)   /* the analysis kept last (analyse --db) */
			rc = ff_buf_addf(&nav, "%s: game %lld (%s)", c->srv->title, c->id,
					 row->g->ruleset) ||
			     ff_serve_analysis(&pg.graph, row->g->analysis, &g, &rec, nav.p) ? -1 : 0;
		ff_buf_reset(&nav);
		if (rc >= 0)
			rc = ff_page_write(&pg, &rec, c->srv->title, diag.p, c->out);
	}
	ff_buf_addf(&nav, "<nav><a href=\"/games\">games</a> &middot; <a href=\"/api/games/%lld\">"
		    "JSON</a> &middot; <a href=\"/games/%lld.fgn\">FGN</a></nav>\n", c->id, c->id);
	if (rc == 0 && nav.p && c->out->p && (body = strstr(c->out->p, "<body>\n"))) {
		size_t at = (size_t)(body - c->out->p) + 7, tail = c->out->len - at;

		if (ff_buf_add(c->out, nav.p, nav.len) == 0) {   /* room, then move the tail */
			memmove(c->out->p + at + nav.len, c->out->p + at, tail);
			memcpy(c->out->p + at, nav.p, nav.len);
		} else {
			rc = -1;
		}
	}
	c->failed = rc != 0;
	ff_buf_free(&nav);
	ff_buf_free(&diag);
	ff_page_free(&pg);
	ff_game_free(&g);
	ff_record_free(&rec);
	return 0;
}

int ff_serve_html_game(struct ff_serve *srv, long long id, struct ff_serve_reply *r)
{
	struct ff_stats_filter f;
	struct one_page c = { srv, &r->body, id, 0, 0 };
	long long next;

	memset(&f, 0, sizeof f);
	f.id = id;
	f.limit = 1;
	f.analysis = 1;
	r->type = "text/html; charset=utf-8";
	r->script = 1;
	r->csp = srv->csp;
	if (ff_serve_each_row(srv, &f, 0, page_of, &c, &next, r))
		return -1;
	if (!c.found)
		return ff_serve_fail(r, 404, 0, "no such game");
	return c.failed ? ff_serve_fail(r, 503, 0, "the game cannot be shown") : 0;
}

/* /stats: a row per group, its ruleset a link to its games. */
struct stats_page {
	struct ff_buf *out;
	const struct ff_buf *query;   /* the filters but ruleset and seats */
	long n;
	struct rows rows;             /* the groups again, for the chart */
};

int ff_serve_keep_row(struct rows *rs, const struct ff_stats_group *g, double med, double p90)
{
	struct row *r;
	size_t j, n = g->nlengths ? g->nlengths : 1;
	char label[200];

	if (rs->n == rs->cap) {
		size_t cap = rs->cap ? rs->cap * 2 : 16;
		struct row *v = realloc(rs->v, cap * sizeof *v);

		if (!v)
			return -1;
		rs->v = v;
		rs->cap = cap;
	}
	r = &rs->v[rs->n];
	memset(r, 0, sizeof *r);
	snprintf(label, sizeof label, "%s, %d seats", g->ruleset, g->seats);
	r->ruleset = strdup(g->ruleset);
	r->label = strdup(label);
	r->len_value = malloc(n * sizeof *r->len_value);
	r->len_count = malloc(n * sizeof *r->len_count);
	if (!r->ruleset || !r->label || !r->len_value || !r->len_count) {
		free(r->ruleset);
		free(r->label);
		free(r->len_value);
		free(r->len_count);
		return -1;
	}
	for (j = 0; j < g->nlengths; j++) {
		r->len_value[j] = g->lengths[j].value;
		r->len_count[j] = g->lengths[j].count;
	}
	r->nlen = g->nlengths;
	r->seats = g->seats;
	r->sides = g->sides > MAX_SIDES ? MAX_SIDES : g->sides;
	r->n = g->n;
	r->unfinished = g->unfinished;
	r->finished = g->n - g->unfinished;
	r->draws = g->draws;
	r->first_wins = g->first_wins;
	memcpy(r->side_wins, g->side_wins, sizeof r->side_wins);
	r->mean = g->mean;
	r->var = g->var;
	r->median = med;
	r->p90 = p90;
	if (r->sides > rs->max_sides)
		rs->max_sides = r->sides;
	rs->n++;
	return 0;
}

void ff_serve_rows_free(struct rows *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++) {
		free(rs->v[i].ruleset);
		free(rs->v[i].label);
		free(rs->v[i].len_value);
		free(rs->v[i].len_count);
	}
	free(rs->v);
}

static int rate_cell(struct ff_buf *out, long k, long n)
{
	double lo, hi;

	if (n == 0)
		return ff_buf_adds(out, "<td class=\"n\">-</td>");
	ff_wilson(k, n, FF_Z95, &lo, &hi);
	return ff_buf_addf(out, "<td class=\"n\">%.4f [%.4f, %.4f]</td>", (double)k / (double)n, lo,
			   hi);
}

static int stats_row(void *ctx, const struct ff_stats_group *g)
{
	struct stats_page *c = ctx;
	struct ff_buf *out = c->out, link = FF_BUF_INIT;
	double med, p90;
	int rc;

	c->n++;
	ff_serve_quantiles(g, &med, &p90);
	rc = ff_serve_keep_row(&c->rows, g, med, p90);
	rc |= ff_buf_adds(&link, "ruleset=");
	rc |= ff_serve_urlenc(&link, g->ruleset);
	rc |= ff_buf_addf(&link, "&seats=%d", g->seats);
	rc |= ff_buf_add(&link, c->query->p ? c->query->p : "", c->query->len);
	rc |= ff_buf_adds(out, "<tr><td><a class=\"group\" ");
	rc |= ff_serve_href(out, "/games", &link);
	rc |= ff_buf_adds(out, ">");
	ff_svg_escape(out, g->ruleset);
	rc |= ff_buf_addf(out, "</a></td><td class=\"n\">%d</td><td class=\"n games\">%ld</td>"
			  "<td class=\"n\">%ld</td><td class=\"n\">%ld</td>", g->seats, g->n,
			  g->unfinished, g->draws);
	rc |= rate_cell(out, g->first_wins, g->n - g->unfinished);
	rc |= ff_buf_addf(out, "<td class=\"n\">%.1f</td><td class=\"n\">%.1f</td>"
			  "<td class=\"n\">%.1f</td></tr>\n", g->mean, med, p90);
	ff_buf_free(&link);
	return rc ? -1 : 0;
}

/* compare=: a row per arm, its arm a link to its games. */
struct compare_page {
	struct ff_buf *out;
	const struct ff_buf *query;   /* the filters but ruleset and seats */
};

static int arm_row(void *ctx, const struct ff_cmp_arm *x)
{
	struct compare_page *c = ctx;
	struct ff_buf *out = c->out, link = FF_BUF_INIT;
	int rc = ff_buf_adds(&link, "ruleset=");

	rc |= ff_serve_urlenc(&link, x->r->ruleset);
	rc |= ff_buf_addf(&link, "&seats=%d", x->r->seats);
	rc |= ff_buf_add(&link, c->query->p ? c->query->p : "", c->query->len);
	rc |= ff_buf_adds(out, "<tr><td>");
	ff_svg_escape(out, x->base);
	rc |= ff_buf_addf(out, "</td><td class=\"n\">%d</td><td><a class=\"arm\" ", x->r->seats);
	rc |= ff_serve_href(out, "/games", &link);
	rc |= ff_buf_adds(out, ">");
	ff_svg_escape(out, x->arm);
	rc |= ff_buf_addf(out, "</a></td><td class=\"n games\">%ld</td><td class=\"n\">%.4f [%.4f, "
			  "%.4f]</td><td class=\"n\">%.2f [%.2f, %.2f]</td>", x->r->n, x->first,
			  x->lo, x->hi, x->mean, x->mlo, x->mhi);
	if (x->against)
		rc |= ff_buf_addf(out, "<td class=\"n\">%+.4f [%+.4f, %+.4f]</td><td class=\"n\">%.2f"
				  "</td><td class=\"n\">%.3g</td><td class=\"n\">%+.2f [%+.2f, %+.2f]"
				  "</td>", x->diff, x->dlo, x->dhi, x->z, x->p, x->dplies, x->plo, x->phi);
	else
		rc |= ff_buf_adds(out, "<td></td><td></td><td></td><td></td>");
	rc |= ff_buf_addf(out, "<td>%s</td></tr>\n", x->small ? "small sample" : "");
	ff_buf_free(&link);
	return rc ? -1 : 0;
}

/* The table of `stats --compare option` over rs. Returns 0 or -1. */
static int compare_table(struct ff_buf *out, const struct rows *rs, const char *option,
			 const struct ff_buf *query)
{
	struct compare_page c = { out, query };
	int rc = ff_buf_adds(out, "<h2>compare ");
	long pairs;

	ff_svg_escape(out, option);
	rc |= ff_buf_adds(out, ": each arm against the first of its base</h2>\n<table id=\"compare\">\n"
			  "<thead><tr><th>base</th><th class=\"n\">seats</th><th>arm</th>"
			  "<th class=\"n\">games</th><th class=\"n\">first player wins [95% CI]</th>"
			  "<th class=\"n\">plies [95% CI]</th><th class=\"n\">difference [95% CI]</th>"
			  "<th class=\"n\">z</th><th class=\"n\">p</th><th class=\"n\">plies "
			  "difference</th><th></th></tr></thead>\n<tbody>\n");
	if (rc || (pairs = ff_stats_compare(rs, option, arm_row, &c)) < 0)
		return -1;
	rc |= ff_buf_adds(out, "</tbody>\n</table>\n");
	if (!pairs) {
		rc |= ff_buf_adds(out, "<p id=\"no-arms\">No ruleset ids differ only in ");
		ff_svg_escape(out, option);
		rc |= ff_buf_adds(out, ".</p>\n");
	}
	return rc | ff_buf_adds(out, "<p>Difference interval: Newcombe (Wilson); test: pooled "
				"two-proportion z; plies: Welch, normal (as <code>stats --compare</code>). "
				"Each arm links to its games.</p>\n");
}

int ff_serve_html_stats(struct ff_serve *srv, const struct ff_serve_query *q,
			struct ff_serve_reply *r)
{
	struct ff_serve_query rest = *q;
	struct ff_buf *out = &r->body, query = FF_BUF_INIT, svg = FF_BUF_INIT;
	struct stats_page c;
	int rc;

	memset(&c, 0, sizeof c);
	c.out = out;
	c.query = &query;
	rest.f.ruleset = NULL;   /* each row names its own */
	rest.f.seats = 0;
	r->type = "text/html; charset=utf-8";
	rc = ff_serve_head(out, srv, "Statistics");
	rc |= form(out, "/stats", q, 0);
	rc |= ff_serve_query_string(&rest, &query);
	rc |= ff_buf_adds(out, "<table id=\"stats\">\n<thead><tr><th>ruleset</th><th class=\"n\">seats</th>"
			  "<th class=\"n\">games</th><th class=\"n\">unfinished</th>"
			  "<th class=\"n\">draws</th><th class=\"n\">first player wins [95% CI]</th>"
			  "<th class=\"n\">plies</th><th class=\"n\">median</th>"
			  "<th class=\"n\">p90</th></tr></thead>\n<tbody>\n");
	if (rc == 0 && ff_serve_stats(srv, &q->f, 0, stats_row, &c, r)) {
		ff_buf_free(&query);
		ff_serve_rows_free(&c.rows);
		return -1;
	}
	rc |= ff_buf_adds(out, "</tbody>\n</table>\n<p>Rates are over finished games (result not *); "
			  "intervals are 95% Wilson. Each ruleset links to its games.</p>\n");
	/* the chart of stats --plot: its text escaped by lib/svg.c */
	if (rc == 0 && c.rows.n && ff_stats_plot(&c.rows, NULL, &svg) == 0 && svg.p)
		rc |= ff_buf_adds(out, "<div id=\"plot\">\n") | ff_buf_add(out, svg.p, svg.len) |
		      ff_buf_adds(out, "</div>\n");
	ff_buf_free(&svg);
	if (rc == 0 && q->compare)
		rc |= compare_table(out, &c.rows, q->compare, &query);
	ff_serve_rows_free(&c.rows);
	rc |= ff_serve_foot(out);
	ff_buf_free(&query);
	return rc ? ff_serve_fail(r, 503, 0, "out of memory") : 0;
}

/* /quarantine: a row per entry, its diagnostic and raw text. */
static int reject_row(void *ctx, const struct ff_store_reject *e)
{
	struct ff_buf *out = ctx;
	struct ff_buf raw = FF_BUF_INIT;
	int rc = ff_buf_adds(out, "<tr><td>");

	ff_svg_escape(out, e->source_file ? e->source_file : "");
	rc |= ff_buf_addf(out, "</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td><td>",
			  e->source_game, e->source_line);
	ff_svg_escape(out, e->verdict ? e->verdict : "");
	rc |= ff_buf_adds(out, "</td><td>");
	ff_svg_escape(out, e->code ? e->code : "");
	rc |= ff_buf_adds(out, "</td><td><pre>");
	ff_svg_escape(out, e->diagnostics ? e->diagnostics : "");
	rc |= ff_buf_adds(out, "</pre></td><td><pre>");
	/* the raw text as kept, a NUL in it shown as no byte (escape drops controls) */
	rc |= ff_buf_add(&raw, e->raw ? e->raw : "", e->raw ? e->raw_len : 0);
	ff_svg_escape(out, raw.p ? raw.p : "");
	ff_buf_free(&raw);
	return rc | ff_buf_adds(out, "</pre></td></tr>\n");
}

int ff_serve_html_quarantine(struct ff_serve *srv, struct ff_serve_reply *r)
{
	struct ff_buf *out = &r->body;
	int rc, cut;

	r->type = "text/html; charset=utf-8";
	rc = ff_serve_head(out, srv, "Quarantine");
	rc |= ff_buf_adds(out, "<table id=\"quarantine\">\n<thead><tr><th>file</th><th class=\"n\">game</th>"
			  "<th class=\"n\">line</th><th>verdict</th><th>code</th><th>diagnostic</th>"
			  "<th>raw text</th></tr></thead>\n<tbody>\n");
	if (rc || (cut = ff_serve_rejects(srv, 0, reject_row, out, r)) < 0)
		return rc ? ff_serve_fail(r, 503, 0, "out of memory") : -1;
	rc |= ff_buf_adds(out, "</tbody>\n</table>\n");
	if (cut)
		rc |= ff_buf_addf(out, "<p>Only the first %d entries are shown.</p>\n",
				  FF_SERVE_MAX_REJECTS);
	rc |= ff_serve_foot(out);
	return rc ? ff_serve_fail(r, 503, 0, "out of memory") : 0;
}

/* /players: a row per player, a link to their games. */
static int player_row(void *ctx, long long id, const char *name)
{
	struct ff_buf *out = ctx, link = FF_BUF_INIT;
	int rc = ff_buf_adds(&link, "player=");

	rc |= ff_serve_urlenc(&link, name ? name : "");
	rc |= ff_buf_addf(out, "<tr><td class=\"n\">%lld</td><td><a class=\"rated\" "
			  "href=\"/players/%lld\"><bdi>", id, id);
	ff_svg_escape(out, name ? name : "");
	rc |= ff_buf_adds(out, "</bdi></a></td><td><a class=\"player\" ");
	rc |= ff_serve_href(out, "/games", &link);
	rc |= ff_buf_adds(out, ">games</a> &middot; <a ");
	rc |= ff_serve_href(out, "/stats", &link);
	rc |= ff_buf_adds(out, ">statistics</a></td></tr>\n");
	ff_buf_free(&link);
	return rc ? -1 : 0;
}

int ff_serve_html_players(struct ff_serve *srv, struct ff_serve_reply *r)
{
	struct ff_buf *out = &r->body;
	int rc, cut;

	r->type = "text/html; charset=utf-8";
	rc = ff_serve_head(out, srv, "Players");
	rc |= ff_buf_adds(out, "<p>Each player (a Seat tag's value): their ratings and rating "
			  "history, their games and the statistics of those games.</p>\n"
			  "<table id=\"players\">\n<thead><tr><th class=\"n\">id</th><th>player</th>"
			  "<th></th></tr></thead>\n<tbody>\n");
	if (rc || (cut = ff_serve_players(srv, 0, player_row, out, r)) < 0)
		return rc ? ff_serve_fail(r, 503, 0, "out of memory") : -1;
	rc |= ff_buf_adds(out, "</tbody>\n</table>\n");
	if (cut)
		rc |= ff_buf_addf(out, "<p>Only the first %d players are shown.</p>\n",
				  FF_SERVE_MAX_PLAYERS);
	rc |= ff_serve_foot(out);
	return rc ? ff_serve_fail(r, 503, 0, "out of memory") : 0;
}
