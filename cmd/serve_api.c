/* fivefold serve's JSON API (docs/serve.md): /api/games (a page of games
   that pass the filters, keyset-paged by after=), /api/games/ID (one game
   with its canonical FGN), /api/stats (the groups of `stats --format
   json`, the same field names) and /api/quarantine. Field names are
   stable: a field may be added, none renamed or removed. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/serve.h"
#include "cmd/stats_plot.h"
#include "lib/record.h"
#include "lib/statmath.h"
#include "lib/svg.h"
#include "lib/text.h"

int ff_serve_fail(struct ff_serve_reply *r, int status, int json, const char *msg)
{
	ff_buf_reset(&r->body);
	r->status = status;
	r->location = NULL;
	r->script = 0;
	if (json) {
		r->type = "application/json";
		ff_buf_addf(&r->body, "{\"status\":%d,\"error\":", status);
		ff_buf_json_str(&r->body, msg);
		ff_buf_adds(&r->body, "}\n");
	} else {
		r->type = "text/html; charset=utf-8";
		ff_buf_addf(&r->body, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			    "<title>%d</title>\n</head>\n<body>\n<h1>%d</h1>\n<p id=\"error\">",
			    status, status);
		ff_svg_escape(&r->body, msg);
		ff_buf_adds(&r->body, "</p>\n<p><a href=\"/games\">the games</a></p>\n</body>\n</html>\n");
	}
	return -1;
}

/* Append the JSON value of s, or null. */
static int str_or_null(struct ff_buf *out, const char *s)
{
	return s ? ff_buf_json_str(out, s) : ff_buf_adds(out, "null");
}

int ff_serve_row_json(struct ff_buf *out, const struct ff_serve_row *row, int fgn)
{
	const struct ff_exported *g = row->g;
	size_t game = strcspn(g->ruleset, "/:");
	char name[16];
	int rc, k;

	rc = ff_buf_addf(out, "{\"id\":%lld,\"ruleset\":", g->id);
	rc |= ff_buf_json_str(out, g->ruleset);
	rc |= ff_buf_adds(out, ",\"game\":\"");
	rc |= ff_buf_add(out, g->ruleset, game);   /* a game's name: letters only */
	rc |= ff_buf_addf(out, "\",\"seats\":%d,\"players\":[", g->seats);
	for (k = 1; k <= g->seats && row->rec; k++) {
		snprintf(name, sizeof name, "Seat%d", k);
		rc |= ff_buf_adds(out, k > 1 ? "," : "");
		rc |= str_or_null(out, ff_record_tag(row->rec, name));
	}
	rc |= ff_buf_adds(out, "],\"date\":");
	rc |= str_or_null(out, g->date);
	rc |= ff_buf_adds(out, ",\"result\":");
	rc |= str_or_null(out, row->rec ? ff_record_result(row->rec) : NULL);
	rc |= ff_buf_addf(out, ",\"winner_side\":%d,\"termination\":", g->winner_side);
	rc |= str_or_null(out, g->termination);
	rc |= ff_buf_addf(out, ",\"plies\":%d,\"origin\":", g->plies);
	rc |= str_or_null(out, g->origin);
	if (fgn) {   /* one game: its FGN and its analysis kept last */
		rc |= ff_buf_adds(out, ",\"fgn\":");
		rc |= ff_buf_json_str(out, g->fgn);
		rc |= ff_buf_adds(out, ",\"analysis\":");
		rc |= ff_buf_adds(out, g->analysis ? g->analysis : "null");
	}
	return rc | ff_buf_adds(out, "}");
}

/* /api/games: a page. */
struct games_json {
	struct ff_buf *out;
	long n;
};

static int game_json(void *ctx, const struct ff_serve_row *row)
{
	struct games_json *c = ctx;

	return ff_buf_adds(c->out, c->n++ ? ",\n" : "\n") | ff_serve_row_json(c->out, row, 0);
}

int ff_serve_api_games(struct ff_serve *srv, const struct ff_serve_query *q,
		       struct ff_serve_reply *r)
{
	struct games_json c = { &r->body, 0 };
	long long next = 0;

	r->type = "application/json";
	ff_buf_adds(&r->body, "{\"games\":[");
	if (ff_serve_each_row(srv, &q->f, 1, game_json, &c, &next, r))
		return -1;
	if (q->f.after && c.n == 0)
		return ff_serve_fail(r, 404, 1, "no games after this one: past the last page");
	ff_buf_addf(&r->body, "\n],\"limit\":%ld,\"next\":", q->f.limit);
	if (next)
		ff_buf_addf(&r->body, "%lld}\n", next);
	else
		ff_buf_adds(&r->body, "null}\n");
	return 0;
}

/* /api/games/ID */
struct one_game {
	struct ff_buf *out;
	long n;
};

static int game_full(void *ctx, const struct ff_serve_row *row)
{
	struct one_game *c = ctx;

	c->n++;
	return ff_serve_row_json(c->out, row, 1) | ff_buf_adds(c->out, "\n");
}

int ff_serve_api_game(struct ff_serve *srv, long long id, struct ff_serve_reply *r)
{
	struct ff_stats_filter f;
	struct one_game c = { &r->body, 0 };
	long long next;

	memset(&f, 0, sizeof f);
	f.id = id;
	f.limit = 1;
	f.analysis = 1;
	r->type = "application/json";
	if (ff_serve_each_row(srv, &f, 1, game_full, &c, &next, r))
		return -1;
	return c.n ? 0 : ff_serve_fail(r, 404, 1, "no such game");
}

static int game_fgn(void *ctx, const struct ff_serve_row *row)
{
	struct one_game *c = ctx;

	c->n++;
	return ff_buf_add(c->out, row->g->fgn, row->g->fgn_len);
}

int ff_serve_fgn_game(struct ff_serve *srv, long long id, struct ff_serve_reply *r)
{
	struct ff_stats_filter f;
	struct one_game c = { &r->body, 0 };
	long long next;

	memset(&f, 0, sizeof f);
	f.id = id;
	f.limit = 1;
	r->type = "text/plain; charset=utf-8";
	if (ff_serve_each_row(srv, &f, 0, game_fgn, &c, &next, r))
		return -1;
	return c.n ? 0 : ff_serve_fail(r, 404, 0, "no such game");
}

/* {"wins":K,"rate":R,"ci95":[LO,HI]}, as stats --format json. */
static int json_rate(struct ff_buf *out, const char *key, long k, long n)
{
	double lo, hi;

	ff_wilson(k, n, FF_Z95, &lo, &hi);
	return ff_buf_addf(out, "\"%s\":{\"wins\":%ld,\"rate\":%.6f,\"ci95\":[%.6f,%.6f]}", key, k,
			   n ? (double)k / (double)n : 0, lo, hi);
}

/* A group of `stats --format json`: the same fields. */
static int group_json(void *ctx, const struct ff_stats_group *g)
{
	struct games_json *c = ctx;
	struct ff_buf *out = c->out;
	long finished = g->n - g->unfinished;
	double med, p90;
	char key[16];
	int k, rc, sides = g->sides > 16 ? 16 : g->sides;

	ff_serve_quantiles(g, &med, &p90);
	rc = ff_buf_adds(out, c->n++ ? ",\n{\"ruleset\":" : "\n{\"ruleset\":");
	rc |= ff_buf_json_str(out, g->ruleset);
	rc |= ff_buf_addf(out, ",\"seats\":%d,\"games\":%ld,\"unfinished\":%ld,\"draws\":%ld,"
			  "\"finished\":%ld,", g->seats, g->n, g->unfinished, g->draws, finished);
	rc |= json_rate(out, "first_player", g->first_wins, finished);
	rc |= ff_buf_adds(out, ",\"sides\":{");
	for (k = 0; k < sides; k++) {
		snprintf(key, sizeof key, "%d", k + 1);
		rc |= ff_buf_adds(out, k ? "," : "");
		rc |= json_rate(out, key, g->side_wins[k], finished);
	}
	rc |= ff_buf_addf(out, "},\"plies\":{\"mean\":%.4f,\"sd\":%.4f,\"median\":%.1f,\"p90\":%.1f},"
			  "\"small_sample\":%s}", g->mean, sqrt(g->var), med, p90,
			  finished < 30 || g->first_wins < 5 || finished - g->first_wins < 5 ? "true" :
			  "false");
	return rc ? -1 : 0;
}

/* /api/stats: the groups, and the rows kept for compare=. */
struct stats_json {
	struct games_json c;
	struct rows rows;
};

static int group_keep(void *ctx, const struct ff_stats_group *g)
{
	struct stats_json *s = ctx;
	double med, p90;

	ff_serve_quantiles(g, &med, &p90);
	if (ff_serve_keep_row(&s->rows, g, med, p90))
		return -1;
	return group_json(&s->c, g);
}

/* An arm of compare=: the object of `stats --compare --format json`. */
static int arm_json(void *ctx, const struct ff_cmp_arm *x)
{
	struct games_json *c = ctx;
	int rc = ff_buf_adds(c->out, c->n++ ? ",\n" : "\n");

	return rc | ff_stats_arm_json(c->out, x);
}

int ff_serve_api_stats(struct ff_serve *srv, const struct ff_serve_query *q,
		       struct ff_serve_reply *r)
{
	struct stats_json s;
	struct games_json arms = { &r->body, 0 };
	int rc = 0;

	memset(&s, 0, sizeof s);
	s.c.out = &r->body;
	r->type = "application/json";
	ff_buf_adds(&r->body, "{\"groups\":[");
	if (ff_serve_stats(srv, &q->f, 1, group_keep, &s, r)) {
		ff_serve_rows_free(&s.rows);
		return -1;
	}
	ff_buf_adds(&r->body, "\n]");
	if (q->compare) {
		ff_buf_adds(&r->body, ",\"compare\":[");
		rc = ff_stats_compare(&s.rows, q->compare, arm_json, &arms) < 0;
		ff_buf_adds(&r->body, "\n]");
	}
	ff_serve_rows_free(&s.rows);
	if (rc)
		return ff_serve_fail(r, 503, 1, "out of memory");
	ff_buf_adds(&r->body, "}\n");
	return 0;
}

/* Append the JSON string of s[0, n): a NUL or bytes that are not UTF-8
   (a game quarantined for them keeps them in its raw text) as U+FFFD. */
static int bytes_json(struct ff_buf *out, const char *s, size_t n)
{
	struct ff_buf t = FF_BUF_INIT;
	size_t at;
	int rc = 0;

	if (!s)
		return ff_buf_adds(out, "null");
	while (n && ff_text_check(s, n, &at) != FF_TEXT_OK) {
		rc |= ff_buf_add(&t, s, at);
		rc |= ff_buf_adds(&t, "\xef\xbf\xbd");
		s += at + 1;
		n -= at + 1;
	}
	rc |= ff_buf_add(&t, s, n);
	rc |= ff_buf_json_str(out, t.p ? t.p : "");
	ff_buf_free(&t);
	return rc;
}

static int reject_json(void *ctx, const struct ff_store_reject *e)
{
	struct games_json *c = ctx;
	struct ff_buf *out = c->out;
	int rc = ff_buf_adds(out, c->n++ ? ",\n{\"source_file\":" : "\n{\"source_file\":");

	rc |= str_or_null(out, e->source_file);
	rc |= ff_buf_addf(out, ",\"source_game\":%ld,\"source_line\":%ld,\"verdict\":",
			  e->source_game, e->source_line);
	rc |= str_or_null(out, e->verdict);
	rc |= ff_buf_adds(out, ",\"code\":");
	rc |= str_or_null(out, e->code);
	rc |= ff_buf_adds(out, ",\"diagnostics\":");
	rc |= str_or_null(out, e->diagnostics);
	rc |= ff_buf_adds(out, ",\"raw\":");
	rc |= bytes_json(out, e->raw, e->raw_len);
	return rc | ff_buf_adds(out, "}");
}

int ff_serve_api_quarantine(struct ff_serve *srv, struct ff_serve_reply *r)
{
	struct games_json c = { &r->body, 0 };
	int rc;

	r->type = "application/json";
	ff_buf_adds(&r->body, "{\"entries\":[");
	rc = ff_serve_rejects(srv, 1, reject_json, &c, r);

	if (rc < 0)
		return -1;
	ff_buf_addf(&r->body, "\n],\"truncated\":%s}\n", rc ? "true" : "false");
	return 0;
}

static int player_json(void *ctx, long long id, const char *name)
{
	struct games_json *c = ctx;
	int rc = ff_buf_addf(c->out, "%s{\"id\":%lld,\"name\":", c->n++ ? ",\n" : "\n", id);

	rc |= str_or_null(c->out, name);
	return rc | ff_buf_adds(c->out, "}");
}

int ff_serve_api_players(struct ff_serve *srv, struct ff_serve_reply *r)
{
	struct games_json c = { &r->body, 0 };
	int rc;

	r->type = "application/json";
	ff_buf_adds(&r->body, "{\"players\":[");
	rc = ff_serve_players(srv, 1, player_json, &c, r);
	if (rc < 0)
		return -1;
	ff_buf_addf(&r->body, "\n],\"truncated\":%s}\n", rc ? "true" : "false");
	return 0;
}
