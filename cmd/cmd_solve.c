/* fivefold solve: the exact value of a dice-game ruleset under optimal
   play (lib/analysis/solve.c): every position reachable from the start,
   and the probability that the first player wins when both sides play to
   win. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cmd/cmd.h"
#include "cmd/progress.h"
#include "lib/analysis/solve.h"
#include "lib/ruleset.h"

#define TOLERANCE 1e-12
#define MAX_SWEEPS 1000000

/* What the options say. */
struct vset {
	const char *game, *rules, *options, *output;
};

#define S struct vset
static const struct ff_opt opts[] = {
	FF_OPT(GAME, S, game, .required = 1),
	FF_OPT(RULES, S, rules),
	FF_OPT(OPTIONS, S, options),
	FF_OPT(OUTPUT, S, output, .help = "save the solution to FILE (docs/solve.md)"),
	FF_OPT_DONE
};
#undef S

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Print what the solve of ruleset id found. */
static void report(const char *id, const struct ff_config *cfg, const struct ff_solution *sol,
		   double t)
{
	printf("%s: %zu positions, %zu successors, %d sweeps and %d jump%s (largest last "
	       "change %.1e), %.2f s, %.1f MB (%.0f bytes a position)\n", id, sol->nstates, sol->nedges,
	       sol->iterations, sol->jumps, sol->jumps == 1 ? "" : "s", sol->residual, t, (double)sol->bytes / 1e6,
	       (double)sol->bytes / (double)sol->nstates);
	printf("P(first player wins) with perfect play: %.10f (seat %d moves first; a draw "
	       "counts one half)\n", sol->value[0], cfg->first + 1);
}

/* Save sol, of ruleset id, to path. Returns 0, or -1 after a message. */
static int save(const struct ff_cmd *cmd, const char *path, const char *id,
		const struct ff_solution *sol)
{
	struct ff_error err;
	struct ff_out out;
	int rc = 0;

	if (ff_out_open(&out, cmd, path))
		return -1;
	errno = 0;
	if (ff_solution_save(sol, id, out.fp, &err)) {
		fprintf(stderr, "fivefold solve: cannot write %s: %s\n", ff_out_name(&out),
			errno ? strerror(errno) : err.msg);
		rc = -1;
	}
	return ff_out_close(&out, rc == 0);
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct vset *o = set;
	struct ff_solve_watch watch;
	struct ff_solve_opts so = { .tolerance = TOLERANCE, .max_iterations = MAX_SWEEPS,
					  .progress = ff_progress_solve, .ctx = &watch };
	struct ff_solution sol;
	struct ff_config cfg;
	struct ff_error err;
	struct ff_buf id = FF_BUF_INIT;
	void *st;
	double t0;
	int rc;

	(void)argv;
	if (argc > 0)
		return ff_cmd_usage_error(cmd, "solve takes no files");
	ff_error_clear(&err);
	if (ff_config_parse(&cfg, o->game, o->rules, o->options, NULL, NULL, NULL, &err))
		return ff_cmd_usage_error(cmd, "%s [%s]", err.msg, ff_code_name(err.code));
	if (ff_config_id(&cfg, &id) || !(st = malloc(cfg.rules->state_size))) {
		ff_buf_free(&id);
		fputs("fivefold solve: out of memory\n", stderr);
		return FF_EXIT_FAIL;
	}
	if (ff_rules_init(cfg.rules, st, &cfg, NULL, &err)) {
		free(st);
		ff_buf_free(&id);
		return ff_cmd_usage_error(cmd, "%s [%s]", err.msg, ff_code_name(err.code));
	}
	t0 = seconds();
	ff_progress_solve_start(&watch, cmd->name, id.p);
	ff_cmd_catch_signals();
	so.stop = ff_cmd_stop_flag();
	rc = ff_solve(&sol, cfg.rules, st, &so, &err);
	if (rc == 1) {   /* a part solved is no solution: no file, nothing printed */
		ff_progress_solve_end(&watch);
		rc = watch.sweeps ? ff_cmd_interrupt_status(cmd, (unsigned long long)watch.sweeps, "sweep")
				  : ff_cmd_interrupt_status(cmd, (unsigned long long)watch.found,
							    "position");
	} else if (rc == 0) {
		ff_progress_solve_end(&watch);
		report(id.p, &cfg, &sol, seconds() - t0);
		if (o->output && save(cmd, o->output, id.p, &sol))
			rc = FF_EXIT_FAIL;
		ff_solution_free(&sol);
	} else {
		fprintf(stderr, "fivefold solve: %s [%s]\n", err.msg, ff_code_name(err.code));
		rc = err.code == FF_EBAD_OPTION ? FF_EXIT_USAGE : FF_EXIT_FAIL;
	}
	free(st);
	ff_buf_free(&id);
	return rc;
}

const struct ff_cmd ff_cmd_solve = {
	.name = "solve",
	.summary = "exact value of a dice-game ruleset under perfect play (value iteration)",
	.operands = "",
	.about = "Finds every position reachable from the start of the ruleset through its\n"
		 "engine and computes, by value iteration, the probability that the side\n"
		 "to move wins when both sides play to win (a draw counts one half), to\n"
		 "1e-12. Prints the number of positions and successors, the sweeps, the\n"
		 "time and memory, and P(first player wins). -o FILE saves the solution\n"
		 "(keys and values) for the commands that load one. Games with dice only.",
	.opts = opts,
	.settings = sizeof(struct vset),
	.run = run,
};
