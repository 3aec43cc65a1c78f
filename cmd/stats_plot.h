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

/* Append to out an SVG chart of rs: the first player's win rate of each
   row with its 95% Wilson interval as an error bar (with option, the
   arms of each base next to each other, told apart by shape and colour),
   and a histogram of each row's game lengths on one scale. Returns 0 or
   -1 (no memory). */
int ff_stats_plot(const struct rows *rs, const char *option, struct ff_buf *out);

#endif
