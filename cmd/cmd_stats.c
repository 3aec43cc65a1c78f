/* fivefold stats: per ruleset id and seat count, the number of games,
   first-player and per-side win rates with 95% Wilson intervals, draws and
   unfinished games, and game lengths; --compare OPTION sets the ruleset ids
   that differ only in OPTION (--compare rules: only in the preset), at the
   same seat count, side by side with the differences, their 95% intervals and a two-proportion test. Rates are
   over finished games (result not "*"); a draw counts as a game not won. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/stats_player.h"
#include "cmd/stats_plot.h"
#include "db/store.h"
#include "lib/ruleset.h"
#include "lib/statmath.h"

#define SMALL FF_STATS_SMALL

/* What the options say. */
struct stset {
	const char *db, *compare, *plot;
	struct ff_stats_filter f;
	int fmt;             /* 0 text, 1 csv, 2 json */
	int explain;
	int by;              /* 0 ruleset, 1 player (the analyses) */
};

#define S struct stset
static const struct ff_opt opts[] = {
	FF_OPT(DB, S, db, .required = 1),
	FF_OPT(COMPARE, S, compare),
	FF_FILTER_OPTS(S, f),
	FF_OPT(FORMAT, S, fmt, .choices = "text|csv|json", .dflt = "text", .help = "output format"),
	FF_OPT(PLOT, S, plot, .help = "also draw the first player's win rates with their 95% "
	       "intervals (the --compare arms side by side) and the game lengths as an SVG chart "
	       "in FILE"),
	FF_OPT(EXPLAIN, S, explain),
	FF_OPT(BY, S, by, .choices = "ruleset|player", .dflt = "ruleset",
	       .help = "ruleset: win rates and lengths per ruleset id; player: each player's "
		       "mean error a decision (95% interval, games as clusters), errors and luck "
		       "from the analyses analyse --db kept"),
	FF_OPT_DONE
};
#undef S

/* 1 when the game of ruleset id (the part before '/') is played by more
   than one number of seats: then text output names the seat count. */
static int seat_choice(const char *ruleset)
{
	const struct ff_rules *rules;
	char game[64];
	size_t len = strcspn(ruleset, "/");

	if (len >= sizeof game)
		return 0;
	memcpy(game, ruleset, len);
	game[len] = '\0';
	rules = ff_rules_find(game);
	return rules && rules->seats_min != rules->seats_max;
}

/* "sequence/standard, 4 seats", or the id alone when the game has one seat
   count. The caller frees the result; NULL when out of memory. */
static char *group_label(const char *ruleset, int seats)
{
	size_t n = strlen(ruleset) + 32;
	char *p = malloc(n);

	if (!p)
		return NULL;
	if (seat_choice(ruleset))
		snprintf(p, n, "%s, %d seats", ruleset, seats);
	else
		snprintf(p, n, "%s", ruleset);
	return p;
}

/* Copy g's game lengths into r (len_value, len_count). Returns 0 or -1. */
static int copy_lengths(struct row *r, const struct ff_stats_group *g)
{
	size_t j;

	r->nlen = g->nlengths;
	r->len_value = malloc((g->nlengths ? g->nlengths : 1) * sizeof *r->len_value);
	r->len_count = malloc((g->nlengths ? g->nlengths : 1) * sizeof *r->len_count);
	if (!r->len_value || !r->len_count) {
		free(r->len_value);
		free(r->len_count);
		return -1;
	}
	for (j = 0; j < g->nlengths; j++) {
		r->len_value[j] = g->lengths[j].value;
		r->len_count[j] = g->lengths[j].count;
	}
	return 0;
}

static int collect(void *ctx, const struct ff_stats_group *g)
{
	struct rows *rs = ctx;
	struct row *r;

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
	r->ruleset = strdup(g->ruleset);
	r->label = group_label(g->ruleset, g->seats);
	if (!r->ruleset || !r->label) {
		free(r->ruleset);
		free(r->label);
		return -1;
	}
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
	if (copy_lengths(r, g)) {
		free(r->ruleset);
		free(r->label);
		return -1;
	}
	r->median = ff_quantile_counts(r->len_value, r->len_count, r->nlen, r->n, 0.5);
	r->p90 = ff_quantile_counts(r->len_value, r->len_count, r->nlen, r->n, 0.9);
	if (r->sides > rs->max_sides)
		rs->max_sides = r->sides;
	rs->n++;
	return 0;
}

static int small(long k, long n)
{
	return ff_stats_small(k, n);
}

/* "0.5123 [0.5092, 0.5154]" */
static void rate(struct ff_buf *b, long k, long n)
{
	double lo, hi;

	ff_wilson(k, n, FF_Z95, &lo, &hi);
	if (n == 0)
		ff_buf_adds(b, "-");
	else
		ff_buf_addf(b, "%.4f [%.4f, %.4f]", (double)k / (double)n, lo, hi);
}

static void print_text(const struct rows *rs)
{
	struct ff_buf b = FF_BUF_INIT;
	size_t i, w = 7;
	int k, warn = 0;

	for (i = 0; i < rs->n; i++)
		if (strlen(rs->v[i].label) > w)
			w = strlen(rs->v[i].label);
	printf("%-*s %8s %6s %6s  %-26s", (int)w, "ruleset", "games", "unfin", "draws",
	       "first player wins [95% CI]");
	for (k = 0; k < rs->max_sides; k++) {
		char h[32];

		snprintf(h, sizeof h, "side %d wins [95%% CI]", k + 1);
		printf("  %-26s", h);
	}
	printf(" %8s %7s %7s\n", "plies", "median", "p90");
	for (i = 0; i < rs->n; i++) {
		const struct row *r = &rs->v[i];

		ff_buf_reset(&b);
		rate(&b, r->first_wins, r->finished);
		printf("%-*s %8ld %6ld %6ld  %-26s", (int)w, r->label, r->n, r->unfinished, r->draws,
		       b.p);
		for (k = 0; k < rs->max_sides; k++) {
			ff_buf_reset(&b);
			if (k < r->sides)
				rate(&b, r->side_wins[k], r->finished);
			printf("  %-26s", b.p ? b.p : "");
		}
		printf(" %8.1f %7.1f %7.1f%s\n", r->mean, r->median, r->p90,
		       small(r->first_wins, r->finished) ? "  (small sample)" : "");
		warn |= small(r->first_wins, r->finished);
	}
	if (warn)
		printf("warning: a small sample (fewer than %d finished games, or fewer than 5 wins or "
		       "non-wins) makes the intervals rough\n", SMALL);
	printf("rates are over finished games (result not *); intervals are 95%% Wilson\n");
	ff_buf_free(&b);
}

static void print_csv(const struct rows *rs)
{
	double lo, hi;
	size_t i;
	int k;

	printf("ruleset,seats,games,unfinished,draws,finished,first_wins,first_rate,first_lo,first_hi");
	for (k = 0; k < rs->max_sides; k++)
		printf(",side%d_wins,side%d_rate,side%d_lo,side%d_hi", k + 1, k + 1, k + 1, k + 1);
	printf(",plies_mean,plies_sd,plies_median,plies_p90,small_sample\n");
	for (i = 0; i < rs->n; i++) {
		const struct row *r = &rs->v[i];

		ff_wilson(r->first_wins, r->finished, FF_Z95, &lo, &hi);
		printf("\"%s\",%d,%ld,%ld,%ld,%ld,%ld,%.6f,%.6f,%.6f", r->ruleset, r->seats, r->n,
		       r->unfinished, r->draws, r->finished, r->first_wins,
		       r->finished ? (double)r->first_wins / (double)r->finished : 0, lo, hi);
		for (k = 0; k < rs->max_sides; k++) {
			if (k >= r->sides) {
				printf(",,,,");
				continue;
			}
			ff_wilson(r->side_wins[k], r->finished, FF_Z95, &lo, &hi);
			printf(",%ld,%.6f,%.6f,%.6f", r->side_wins[k],
			       r->finished ? (double)r->side_wins[k] / (double)r->finished : 0, lo, hi);
		}
		printf(",%.4f,%.4f,%.1f,%.1f,%d\n", r->mean, sqrt(r->var), r->median, r->p90,
		       small(r->first_wins, r->finished));
	}
}

static void json_rate(const char *key, long k, long n)
{
	double lo, hi;

	ff_wilson(k, n, FF_Z95, &lo, &hi);
	printf("\"%s\":{\"wins\":%ld,\"rate\":%.6f,\"ci95\":[%.6f,%.6f]}", key, k,
	       n ? (double)k / (double)n : 0, lo, hi);
}

static void print_json(const struct rows *rs)
{
	struct ff_buf b = FF_BUF_INIT;
	char key[16];
	size_t i;
	int k;

	for (i = 0; i < rs->n; i++) {
		const struct row *r = &rs->v[i];

		ff_buf_reset(&b);
		ff_json_str(&b, r->ruleset);
		printf("{\"ruleset\":%s,\"seats\":%d,\"games\":%ld,\"unfinished\":%ld,\"draws\":%ld,"
		       "\"finished\":%ld,", b.p, r->seats, r->n, r->unfinished, r->draws, r->finished);
		json_rate("first_player", r->first_wins, r->finished);
		printf(",\"sides\":{");
		for (k = 0; k < r->sides; k++) {
			snprintf(key, sizeof key, "%d", k + 1);
			if (k)
				putchar(',');
			json_rate(key, r->side_wins[k], r->finished);
		}
		printf("},\"plies\":{\"mean\":%.4f,\"sd\":%.4f,\"median\":%.1f,\"p90\":%.1f},"
		       "\"small_sample\":%s}\n", r->mean, sqrt(r->var), r->median, r->p90,
		       small(r->first_wins, r->finished) ? "true" : "false");
	}
	ff_buf_free(&b);
}

/* What compare's printer keeps between arms. */
struct cmp_print {
	int fmt, warn;
	char *label;            /* the text output's name of the current base */
	const char *base;       /* its base (a string of the arm run) */
	int seats;
};

static int print_arm(void *ctx, const struct ff_cmp_arm *x)
{
	struct cmp_print *c = ctx;
	const struct row *r = x->r;
	struct ff_buf b = FF_BUF_INIT;

	c->warn |= x->small;
	if (c->fmt == 1) {
		printf("\"%s\",%d,\"%s\",%ld,%ld,%ld,%.6f,%.6f,%.6f,%.4f,%.4f,%.4f", x->base,
		       r->seats, x->arm, r->n, r->finished, r->first_wins, x->first, x->lo, x->hi,
		       x->mean, x->mlo, x->mhi);
		if (!x->against)
			printf(",,,,,,,,,%d\n", x->small);
		else
			printf(",%.6f,%.6f,%.6f,%.4f,%.3g,%.4f,%.4f,%.4f,%d\n", x->diff, x->dlo, x->dhi,
			       x->z, x->p, x->dplies, x->plo, x->phi, x->small);
		return 0;
	}
	if (c->fmt == 2) {
		if (ff_stats_arm_json(&b, x) == 0)
			puts(b.p);
		ff_buf_free(&b);
		return 0;
	}
	if (!c->label || c->base != x->base || c->seats != r->seats) {
		free(c->label);
		if (!(c->label = group_label(x->base, r->seats)))
			return -1;
		c->base = x->base;
		c->seats = r->seats;
	}
	printf("%s  %-18s games %8ld  first player %.4f [%.4f, %.4f]  plies %.2f [%.2f, %.2f]%s\n",
	       c->label, x->arm, r->n, x->first, x->lo, x->hi, x->mean, x->mlo, x->mhi,
	       x->small ? "  (small sample)" : "");
	if (x->against)
		printf("%*s  %s - %s: first player %+.4f [%+.4f, %+.4f], z = %.2f, p = %.3g;"
		       " plies %+.2f [%+.2f, %+.2f]\n", (int)strlen(c->label), "",
		       x->arm, x->against, x->diff, x->dlo, x->dhi, x->z, x->p, x->dplies,
		       x->plo, x->phi);
	return 0;
}

static void compare(const struct rows *rs, const char *option, int fmt)
{
	struct cmp_print c = { fmt, 0, NULL, NULL, 0 };
	int pairs;

	if (fmt == 1)
		printf("base,seats,arm,games,finished,first_wins,first_rate,first_lo,first_hi,plies_mean,"
		       "plies_lo,plies_hi,diff_first,diff_first_lo,diff_first_hi,z,p_value,"
		       "diff_plies,diff_plies_lo,diff_plies_hi,small_sample\n");
	else if (fmt == 0)
		printf("compare %s: each arm against the first of its base; 95%% intervals\n",
		       strcmp(option, FF_COMPARE_RULES) ? option : "rules presets");
	pairs = ff_stats_compare(rs, option, print_arm, &c);
	if (fmt == 0 && pairs >= 0) {
		if (!pairs)
			printf(strcmp(option, FF_COMPARE_RULES) ? "no ruleset ids differ only in '%s'\n" :
			       "no ruleset ids differ only in the %s preset\n", option);
		if (c.warn)
			printf("warning: a small sample makes the intervals and the test rough\n");
		printf("first-player rates over finished games; difference interval: Newcombe (Wilson);"
		       " test: pooled two-proportion z; plies: Welch, normal\n");
	}
	free(c.label);
}

/* Draw the chart of rs into path: with option, each row named by its base
   and arm. Returns 0, or -1 after a message. */
static int plot(const struct ff_cmd *cmd, struct rows *rs, const char *path, const char *option)
{
	struct ff_buf base = FF_BUF_INIT, arm = FF_BUF_INIT, svg = FF_BUF_INIT;
	struct ff_out out;
	size_t i;
	int rc = 0;

	for (i = 0; option && i < rs->n; i++) {
		ff_stats_split_arm(rs->v[i].ruleset, option, &base, &arm);
		rs->v[i].base = group_label(base.p, rs->v[i].seats);
		rs->v[i].arm = strdup(arm.p);
		if (!rs->v[i].base || !rs->v[i].arm)
			rc = -1;
	}
	if (rc || ff_stats_plot(rs, option, &svg)) {
		fprintf(stderr, "fivefold stats: out of memory\n");
		rc = -1;
	} else if (ff_out_open(&out, cmd, path)) {
		rc = -1;
	} else {
		fwrite(svg.p, 1, svg.len, out.fp);
		rc = ff_out_commit(&out);
	}
	ff_buf_free(&base);
	ff_buf_free(&arm);
	ff_buf_free(&svg);
	return rc;
}

/* stats --explain: the plan the database makes for the query of f, then
   the store closed. Returns the exit status. */
static int explain(struct ff_store *store, const struct ff_stats_filter *f)
{
	struct ff_buf plan = FF_BUF_INIT;
	struct ff_error err;
	int rc;

	ff_error_clear(&err);
	rc = ff_store_stats_plan(store, f, &plan, &err);
	if (rc)
		fprintf(stderr, "fivefold stats: %s\n", err.msg);
	else
		fputs(plan.p ? plan.p : "", stdout);
	ff_buf_free(&plan);
	ff_store_close(store);
	return rc ? FF_EXIT_FAIL : FF_EXIT_OK;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct stset *o = set;
	struct ff_store *store;
	struct ff_error err;
	struct rows rs;
	int rc;
	size_t i;

	(void)argc;
	(void)argv;
	if (o->by == 1 && (o->compare || o->plot || o->explain))
		return ff_cmd_usage_error(cmd, "--by player takes no --compare, --plot or --explain");
	if ((rc = ff_cmd_open_store(cmd, o->db, 1, &store)) != 0)
		return rc;
	ff_error_clear(&err);
	if (o->explain)
		return explain(store, &o->f);
	if (o->by == 1) {
		rc = ff_stats_by_player(store, &o->f, o->fmt);
		ff_store_close(store);
		return rc ? FF_EXIT_FAIL : FF_EXIT_OK;
	}
	memset(&rs, 0, sizeof rs);
	rc = ff_store_stats(store, &o->f, collect, &rs, &err);
	ff_store_close(store);
	if (rc)
		fprintf(stderr, "fivefold stats: %s\n", rc < 0 && err.msg[0] ? err.msg : "out of memory");
	else if (o->compare)
		compare(&rs, o->compare, o->fmt);
	else if (o->fmt == 1)
		print_csv(&rs);
	else if (o->fmt == 2)
		print_json(&rs);
	else if (rs.n == 0)
		printf("no games\n");
	else
		print_text(&rs);
	if (!rc && o->plot)
		rc = plot(cmd, &rs, o->plot, o->compare);
	for (i = 0; i < rs.n; i++) {
		free(rs.v[i].ruleset);
		free(rs.v[i].label);
		free(rs.v[i].base);
		free(rs.v[i].arm);
		free(rs.v[i].len_value);
		free(rs.v[i].len_count);
	}
	free(rs.v);
	return rc ? FF_EXIT_FAIL : FF_EXIT_OK;
}

const struct ff_cmd ff_cmd_stats = {
	.name = "stats",
	.summary = "win rates with 95% intervals, game lengths, variant comparisons",
	.about = "Per ruleset id and seat count: games, unfinished games, draws, the first\n"
		 "player's and each side's win rate over finished games with 95% Wilson\n"
		 "intervals, and plies (mean, median, 90th percentile). --compare OPTION\n"
		 "pairs ruleset ids that differ only in OPTION (--compare rules: only in the\n"
		 "rules preset, e.g. schaedler against kidd), at the same seat count, and\n"
		 "reports the difference in first-player win rate (Newcombe interval,\n"
		 "two-proportion z test) and in mean length (Welch interval). Small\n"
		 "samples are flagged. See docs/store.md.",
	.opts = opts,
	.settings = sizeof(struct stset),
	.run = run,
};
