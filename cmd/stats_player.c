/* stats --by player (cmd/stats_player.h): the rows the store sends, one
   per player, method, budget and game, folded into one line per player,
   method and budget. The mean error a decision is the ratio of the sums
   (total error over decisions), its interval the linearised one with the
   games as clusters (lib/statmath.h, ff_ratio_se). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/stats_player.h"
#include "lib/buf.h"
#include "lib/statmath.h"

/* One player, method and budget, summed over its games. */
struct pacc {
	struct ff_buf player, method, budget, tmp;
	long games, decisions, errors;
	double error, luck, see, sed, sdd;
	int fmt;
	long lines;
};

/* text as a quoted CSV field (quotes doubled) into b, reset first. */
static void csv_field(struct ff_buf *b, const char *text)
{
	ff_buf_reset(b);
	ff_buf_addc(b, '"');
	for (; *text; text++)
		if (*text == '"' ? ff_buf_adds(b, "\"\"") : ff_buf_addc(b, *text))
			return;
	ff_buf_addc(b, '"');
}

/* Print a's line, if it has games. */
static void emit(struct pacc *a)
{
	double m, se;

	if (!a->games)
		return;
	m = a->decisions ? a->error / (double)a->decisions : 0;
	se = ff_ratio_se(a->error, (double)a->decisions, a->see, a->sed, a->sdd, a->games);
	if (a->fmt == 1) {
		if (!a->lines)
			printf("player,method,budget,games,decisions,error,mean_error,lo,hi,errors,"
			       "luck,luck_per_game\n");
		csv_field(&a->tmp, a->player.p);
		printf("%s,%s,%s,%ld,%ld,%.6f,%.6f,%.6f,%.6f,%ld,%.6f,%.6f\n", a->tmp.p, a->method.p,
		       a->budget.p, a->games, a->decisions, a->error, m, m - FF_Z95 * se,
		       m + FF_Z95 * se, a->errors, a->luck, a->luck / (double)a->games);
	} else if (a->fmt == 2) {
		ff_buf_reset(&a->tmp);
		ff_json_str(&a->tmp, a->player.p);
		printf("{\"player\":%s,\"method\":\"%s\",\"budget\":\"%s\",\"games\":%ld,"
		       "\"decisions\":%ld,\"error\":%.6f,\"mean_error\":%.6f,\"lo\":%.6f,\"hi\":%.6f,"
		       "\"errors\":%ld,\"luck\":%.6f,\"luck_per_game\":%.6f}\n", a->tmp.p,
		       a->method.p, a->budget.p, a->games, a->decisions, a->error, m,
		       m - FF_Z95 * se, m + FF_Z95 * se, a->errors, a->luck,
		       a->luck / (double)a->games);
	} else {
		printf("%s (%s%s%s): %ld game%s, %ld decisions, mean error %.4f a decision "
		       "[%.4f, %.4f], %ld error%s over the threshold, luck %+.4f a game\n",
		       a->player.p, a->method.p, a->budget.p[0] ? " " : "", a->budget.p, a->games,
		       a->games == 1 ? "" : "s", a->decisions, m, m - FF_Z95 * se, m + FF_Z95 * se,
		       a->errors, a->errors == 1 ? "" : "s", a->luck / (double)a->games);
	}
	a->lines++;
}

/* Set b to text. Returns 0 or -1. */
static int set(struct ff_buf *b, const char *text)
{
	ff_buf_reset(b);
	return ff_buf_adds(b, text);
}

static int row(void *ctx, const struct ff_player_analysis *p)
{
	struct pacc *a = ctx;
	double e = p->error, d = p->decisions;

	if (!a->games || strcmp(a->player.p, p->player) || strcmp(a->method.p, p->method) ||
	    strcmp(a->budget.p, p->budget)) {
		emit(a);
		if (set(&a->player, p->player) || set(&a->method, p->method) ||
		    set(&a->budget, p->budget))
			return -1;
		a->games = a->decisions = a->errors = 0;
		a->error = a->luck = a->see = a->sed = a->sdd = 0;
	}
	a->games++;
	a->decisions += p->decisions;
	a->errors += p->errors;
	a->error += e;
	a->luck += p->luck;
	a->see += e * e;
	a->sed += e * d;
	a->sdd += d * d;
	return 0;
}

int ff_stats_by_player(struct ff_store *s, const struct ff_stats_filter *f, int fmt)
{
	struct pacc a;
	struct ff_error err;
	int rc;

	memset(&a, 0, sizeof a);
	a.fmt = fmt;
	ff_error_clear(&err);
	rc = ff_store_each_player_analysis(s, f, row, &a, &err);
	if (!rc)
		emit(&a);
	if (rc)
		fprintf(stderr, "fivefold stats: %s\n", rc < 0 && err.msg[0] ? err.msg : "out of memory");
	else if (!a.lines && fmt == 0)
		printf("no analysed games with players (fivefold analyse --db)\n");
	ff_buf_free(&a.player);
	ff_buf_free(&a.method);
	ff_buf_free(&a.budget);
	ff_buf_free(&a.tmp);
	return rc ? -1 : 0;
}
