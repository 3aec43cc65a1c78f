/* The progress line on a terminal. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/progress.h"

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
