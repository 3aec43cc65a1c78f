/* The chart of stats --plot (cmd/stats_plot.h): drawn here in SVG with
   lib/svg.h, no plotting dependency. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/stats_plot.h"
#include "lib/statmath.h"
#include "lib/svg.h"

#define W 820.0          /* the chart's width */
#define LEFT 300.0       /* where the rate axis starts */
#define RIGHT 700.0      /* where it ends (then the sample sizes) */
#define ROW 26.0         /* height of a rate row */
#define HIST_H 70.0      /* height of a histogram */
#define BINS 40

/* The order rows are drawn in: by base, seats and arm with --compare (so
   the arms of a base stand together), else as given. */
static int by_arm(const void *a, const void *b)
{
	const struct row *x = *(const struct row *const *)a, *y = *(const struct row *const *)b;
	int c = strcmp(x->base, y->base);

	if (c)
		return c;
	if (x->seats != y->seats)
		return x->seats < y->seats ? -1 : 1;
	return strcmp(x->arm, y->arm);
}

/* What the chart calls row r: its label, or with --compare "base: arm". */
static const char *row_name(const struct row *r, char *buf, size_t n)
{
	if (!r->base)
		return r->label;
	snprintf(buf, n, "%s: %s", r->base, r->arm);
	return buf;
}

/* The rate axis: [lo, hi] covering every interval (of the groups with a
   finished game), in steps of 0.05. */
static void rate_range(const struct row *const *v, size_t n, double *lo, double *hi)
{
	double a = 1, b = 0, l, h;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!v[i]->finished)
			continue;   /* no rate: not drawn */
		ff_wilson(v[i]->first_wins, v[i]->finished, FF_Z95, &l, &h);
		a = l < a ? l : a;
		b = h > b ? h : b;
	}
	if (a > b) {
		a = 0;
		b = 1;
	}
	*lo = fmax(0, floor(a * 20 - 0.5) / 20);
	*hi = fmin(1, ceil(b * 20 + 0.5) / 20);
}

/* The first panel: a row per group, its rate as a marker and its
   interval as a bar (a group with no finished game has no rate: "no
   finished games" in its row); arm k of a base in shape and colour k.
   Returns the y below it. */
static double rates(const struct row *const *v, size_t n, double y, struct ff_buf *out)
{
	double lo, hi, l, h, t, x;
	size_t i;
	int arm = 0;

	rate_range(v, n, &lo, &hi);
#define X(p) (LEFT + ((p) - lo) / (hi - lo) * (RIGHT - LEFT))
	ff_svg_text(out, 20, y, 15, "start", "#000000",
		    "first player's win rate over finished games, with its 95%% Wilson interval");
	y += 16;
	for (t = lo; t <= hi + 1e-9; t += hi - lo > 0.3 ? 0.1 : 0.05) {
		ff_svg_line(out, X(t), y, X(t), y + ROW * (double)n + 6,
			    fabs(t - 0.5) < 1e-9 ? "#444444" : "#DDDDDD", fabs(t - 0.5) < 1e-9 ? 1.5 : 1);
		ff_svg_text(out, X(t), y + ROW * (double)n + 20, 11, "middle", "#000000", "%.2f", t);
	}
	for (i = 0; i < n; i++, y += ROW) {
		const struct row *r = v[i];
		char label[256];

		if (i > 0 && r->base && (strcmp(v[i - 1]->base, r->base) || v[i - 1]->seats != r->seats))
			arm = 0;   /* a new base: its arms count from 0 */
		ff_svg_text(out, LEFT - 10, y + ROW / 2 + 4, 11, "end", "#000000", "%s",
			    row_name(r, label, sizeof label));
		if (!r->finished) {   /* no rate to draw (text stats prints '-') */
			ff_svg_text(out, LEFT + 10, y + ROW / 2 + 4, 11, "start", "#444444",
				    "no finished games (%ld unfinished)", r->unfinished);
			ff_svg_text(out, RIGHT + 10, y + ROW / 2 + 4, 11, "start", "#000000",
				    "- (n = 0)");
			arm++;
			continue;
		}
		ff_wilson(r->first_wins, r->finished, FF_Z95, &l, &h);
		x = (double)r->first_wins / (double)r->finished;
		ff_svg_line(out, X(l), y + ROW / 2, X(h), y + ROW / 2, "#000000", 1.5);
		ff_svg_line(out, X(l), y + ROW / 2 - 5, X(l), y + ROW / 2 + 5, "#000000", 1.5);
		ff_svg_line(out, X(h), y + ROW / 2 - 5, X(h), y + ROW / 2 + 5, "#000000", 1.5);
		ff_svg_marker(out, X(x), y + ROW / 2, 6, r->base ? arm : 0, 0, NULL);
		ff_svg_text(out, RIGHT + 10, y + ROW / 2 + 4, 11, "start", "#000000",
			    "%.3f (n = %ld)", x, r->finished);
		arm++;
	}
#undef X
	return y + 40;
}

/* The 99th percentile of r's game lengths. */
static double p99(const struct row *r)
{
	return ff_quantile_counts(r->len_value, r->len_count, r->nlen, r->n, 0.99);
}

/* The second panel: each group's game lengths in BINS bins from 0 to the
   longest game's length (one scale for all). Returns the y below it. */
static double lengths(const struct row *const *v, size_t n, double y, struct ff_buf *out)
{
	long count[BINS], top;
	char label[256];
	int max = 1, b;
	size_t i, j;
	double bw = (RIGHT - LEFT) / BINS;

	for (i = 0; i < n; i++)   /* the scale: to the longest row's 99th percentile */
		if (v[i]->n && p99(v[i]) > max)
			max = (int)ceil(p99(v[i]));
	ff_svg_text(out, 20, y, 15, "start", "#000000", "game lengths in plies");
	ff_svg_text(out, 20, y + 16, 11, "start", "#000000",
		    "%d bins from 0 to %d (longer games in the last); heights relative to each row's "
		    "largest bin", BINS, max);
	y += 16;
	y += 14;
	for (i = 0; i < n; i++, y += HIST_H + 14) {
		const struct row *r = v[i];

		memset(count, 0, sizeof count);
		for (j = 0, top = 1; j < r->nlen; j++) {
			b = (int)((double)r->len_value[j] * BINS / (max + 1));
			b = b < BINS ? b : BINS - 1;
			if ((count[b] += r->len_count[j]) > top)
				top = count[b];
		}
		ff_svg_text(out, LEFT - 10, y + HIST_H / 2, 11, "end", "#000000", "%s",
			    row_name(r, label, sizeof label));
		ff_svg_text(out, LEFT - 10, y + HIST_H / 2 + 14, 10, "end", "#444444",
			    "mean %.1f, median %.0f", r->mean, r->median);
		ff_svg_line(out, LEFT, y + HIST_H, RIGHT, y + HIST_H, "#444444", 1);
		for (b = 0; b < BINS; b++)
			if (count[b])
				ff_svg_rect(out, LEFT + b * bw, y + HIST_H * (1 - (double)count[b] / (double)top),
					    bw - 1, HIST_H * (double)count[b] / (double)top, "#56B4E9",
					    "#0072B2", 0.5);
	}
	ff_svg_text(out, LEFT, y + 4, 11, "middle", "#000000", "0");
	ff_svg_text(out, RIGHT, y + 4, 11, "middle", "#000000", "%d+", max);
	return y + 30;
}

int ff_stats_plot(const struct rows *rs, const char *option, struct ff_buf *out)
{
	const struct row **v = malloc((rs->n ? rs->n : 1) * sizeof *v);
	double h;
	size_t i;

	if (!v)
		return -1;
	for (i = 0; i < rs->n; i++)
		v[i] = &rs->v[i];
	if (option)
		qsort(v, rs->n, sizeof *v, by_arm);
	h = 60 + 56 + ROW * (double)rs->n + 40 + 30 + (HIST_H + 14) * (double)rs->n + 30;
	ff_svg_begin(out, W, h, "fivefold stats");
	if (option)
		ff_svg_text(out, 20, 24, 13, "start", "#000000", "compare %s: each base's arms together",
			    option);
	if (rs->n == 0)
		ff_svg_text(out, 20, 60, 13, "start", "#000000", "no games");
	else
		lengths(v, rs->n, rates(v, rs->n, 60, out), out);
	ff_svg_end(out);
	free(v);
	return 0;
}
