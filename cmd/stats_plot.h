/* stats' figures per ruleset id and seat count (cmd/cmd_stats.c), and
   their chart (cmd/stats_plot.c). */
#ifndef FF_STATS_PLOT_H
#define FF_STATS_PLOT_H

#include <stddef.h>

#include "lib/buf.h"

#define MAX_SIDES 16

/* The figures of one ruleset id at one seat count (a copy of a struct
   ff_stats_group). label is what the text output calls the group; base
   and arm, with --compare, its ruleset without the option (and its seat
   count) and the option's value (NULL without). The games' lengths are
   len_value[0..nlen) ascending, len_count[j] games of each. All strings
   and arrays are owned. */
struct row {
	char *ruleset, *label, *base, *arm;
	int seats, sides;
	long n, unfinished, finished, draws, first_wins;
	long side_wins[MAX_SIDES];
	double mean, var, median, p90;
	int *len_value;
	long *len_count;
	size_t nlen;
};

struct rows {
	struct row *v;
	size_t n, cap;
	int max_sides;
};

#define FF_STATS_SMALL 30        /* fewer finished games than this draws a warning */
#define FF_COMPARE_RULES "rules"  /* --compare rules: the presets side by side */

/* Is a rate of k in n a small sample (rough intervals)? */
int ff_stats_small(long k, long n);

/* Split ruleset id id into its base without `option` (a ruleset id) and
   the arm (the option's item, or "(default)" when at its default); with
   option "rules", the base without the preset and the preset as the arm.
   Returns 1 for the default arm. */
int ff_stats_split_arm(const char *id, const char *option, struct ff_buf *base, struct ff_buf *arm);

/* One arm of a --compare base: its figures and, against the base's first
   arm (the default, against NULL for that arm itself), the differences
   with their 95% intervals (Newcombe, Welch) and the two-proportion test.
   Strings valid during the callback. */
struct ff_cmp_arm {
	const char *base, *arm, *against;
	const struct row *r;
	double first, lo, hi;          /* the first player's rate, Wilson interval */
	double mean, mlo, mhi;         /* the mean length in plies, its interval */
	double diff, dlo, dhi, z, p;   /* the rate's difference from the first arm's */
	double dplies, plo, phi;       /* the mean length's difference */
	int small;
};

/* Pair the rows of rs that differ only in option (at one seat count),
   each base's arms in order (the default first) to cb. Returns the bases
   compared, -1 when out of memory, or cb's non-zero return. */
int ff_stats_compare(const struct rows *rs, const char *option,
		     int (*cb)(void *ctx, const struct ff_cmp_arm *x), void *ctx);

/* Append arm x as the JSON object of `stats --compare --format json`
   (no newline) to out. Returns 0 or -1 (no memory). */
int ff_stats_arm_json(struct ff_buf *out, const struct ff_cmp_arm *x);

/* Append to out an SVG chart of rs: the first player's win rate of each
   row with its 95% Wilson interval as an error bar (with option, the
   arms of each base next to each other, told apart by shape and colour),
   and a histogram of each row's game lengths on one scale. Returns 0 or
   -1 (no memory). */
int ff_stats_plot(const struct rows *rs, const char *option, struct ff_buf *out);

#endif
