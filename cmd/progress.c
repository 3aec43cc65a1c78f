/* The progress line on a terminal. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/progress.h"
#include "lib/analysis/solve.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The bytes of files[0, n), or 0 when one cannot be sized. */
static unsigned long long total_bytes(char **files, int n)
{
	unsigned long long sum = 0;
	struct stat sb;
	int i;

	for (i = 0; i < n; i++) {
		if (strcmp(files[i], "-") == 0 || stat(files[i], &sb) || !S_ISREG(sb.st_mode))
			return 0;
		sum += (unsigned long long)sb.st_size;
	}
	return sum;
}

void ff_progress_init(struct ff_progress *p, char **files, int n, unsigned long long games,
		      int stdout_busy)
{
	memset(p, 0, sizeof *p);
	p->on = isatty(2) && !(stdout_busy && isatty(1));
	p->start = p->last = now();
	p->bytes = p->on && n > 0 ? total_bytes(files, n) : 0;
	p->games = games;
}

void ff_progress_show(struct ff_progress *p, unsigned long long done, unsigned long long at,
		      int final)
{
	double t, rate, share = -1;

	if (!p->on)
		return;
	t = now();
	if (!final && t - p->last < 0.25)
		return;
	p->last = t;
	rate = t > p->start ? (double)done / (t - p->start) : 0;
	fprintf(stderr, "\r%llu game%s, %.0f games/s", done, done == 1 ? "" : "s", rate);
	if (p->games)
		share = (double)done / (double)p->games;
	else if (p->bytes)
		share = (double)at / (double)p->bytes;
	if (share >= 0 && p->games)
		fprintf(stderr, ", %.1f%% of %llu", 100 * share, p->games);
	else if (share >= 0)
		fprintf(stderr, ", %.1f%% of %.1f MB", 100 * share, (double)p->bytes / 1e6);
	if (share > 0.001 && !final)
		fprintf(stderr, ", ETA %.0f s", (t - p->start) * (1 - share) / share);
	fputs(final ? "\n" : "   ", stderr);
}

/* What solving a preset takes, measured (`fivefold solve`, 28 Nov 2026,
   on a busy 2-core machine: user CPU time, docs/solve.md "Limits"; bytes
   as the solver counts them, its report's MB). tests/output.sh checks
   the positions against the solver's count for all but Kidd (155 s). */
static const struct {
	const char *id;
	double positions, bytes;
	const char *time;
} measured[] = {
	{ "fivelines/schaedler", 133492, 25.7e6, "about a second of CPU" },
	{ "fivelines/kidd", 4138025, 625.2e6, "about 155 s of CPU" },
	{ "fivelines/locusludi-race", 375444, 55.3e6, "about a second of CPU" },
	{ "fivelines/locusludi-knockoff", 362629, 55.6e6, "about 2 s of CPU" },
};

/* n bytes as "N MB" or "N.N GB" into buf. */
static const char *bytes_str(char *buf, size_t len, double n)
{
	if (n >= 1e9)
		snprintf(buf, len, "%.1f GB", n / 1e9);
	else
		snprintf(buf, len, "%.0f MB", n / 1e6);
	return buf;
}

void ff_progress_solve_start(struct ff_solve_watch *w, const char *cmd, const char *id)
{
	char mem[32];
	size_t i;

	memset(w, 0, sizeof *w);
	w->on = isatty(2);
	w->cmd = cmd;
	w->start = w->last = now();
	if (!w->on)
		return;
	for (i = 0; i < sizeof measured / sizeof measured[0]; i++)
		if (strcmp(measured[i].id, id) == 0)
			break;
	if (i == sizeof measured / sizeof measured[0]) {
		fprintf(stderr, "fivefold %s: solving %s: how big it is shows once its positions "
			"are found (for scale: Kidd's rules have 4.1 million, 625 MB, 155 s of CPU)\n", cmd, id);
		return;
	}
	fprintf(stderr, "fivefold %s: solving %s: %.0f positions, %s; %s on a 2-core machine "
		"(measured)\n", cmd, id, measured[i].positions,
		bytes_str(mem, sizeof mem, measured[i].bytes), measured[i].time);
}

void ff_progress_solve(void *ctx, const struct ff_solve_progress *p)
{
	struct ff_solve_watch *w = ctx;
	char mem[32];
	double t;

	w->found = p->found;
	w->sweeps = p->sweep;
	if (!w->on)
		return;
	t = now();
	if (p->phase == 1 && p->sweep == 0) {   /* all found: the size, on its own line */
		fprintf(stderr, "\r%s: %zu positions, %zu successors, %s, found in %.0f s; "
			"value iteration to 1e-12 now\n", w->cmd, p->found, p->edges,
			bytes_str(mem, sizeof mem, (double)p->bytes), t - w->start);
		w->last = t;
		return;
	}
	if (t - w->last < 0.25)
		return;
	w->last = t;
	if (p->phase == 0)
		fprintf(stderr, "\r%s: finding positions: %zu found, %zu expanded, %s   ", w->cmd,
			p->found, p->expanded, bytes_str(mem, sizeof mem, (double)p->bytes));
	else
		fprintf(stderr, "\r%s: sweep %d, largest change %.1e   ", w->cmd, p->sweep, p->change);
}

void ff_progress_solve_end(struct ff_solve_watch *w)
{
	if (w->on)
		fprintf(stderr, "\r%s: solved in %.1f s%40s\n", w->cmd, now() - w->start, "");
}
