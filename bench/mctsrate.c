/* mctsrate: how many iterations the mcts agent runs in a fixed time on
   one thread and on N (its threads=N option: root parallel), for
   bench/mcts_threads.sh. Not a test.

   usage: mctsrate GAME TIME_MS THREADS POSITIONS [OPTIONS]
   For POSITIONS positions of GAME (each the middle of a random game of
   seed 1, 2, ...; a position with one legal ply is passed over), one
   decision with "time-ms=TIME_MS;threads=1" and one with
   "time-ms=TIME_MS;threads=THREADS" (OPTIONS, e.g. "playout=greedy",
   before them). Prints a line a thread count:
   threads=N positions=P iterations=I per_second=R
   then ratio=R_N/R_1. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/agents/mcts.h"

/* Play random plies from the start of cfg's game into st until ply
   `plies` or the end; 0 when the position reached is not over. */
static int random_position(const struct ff_config *cfg, void *st, uint64_t seed, int plies,
			   struct ff_ply *legal)
{
	const struct ff_rules *r = cfg->rules;
	struct ff_outcome o;
	struct ff_error err;
	struct ff_rng chance, pick;
	int k, n;

	ff_rng_seed(&chance, seed);
	ff_rng_seed(&pick, ~seed);
	if (ff_rules_init(r, st, cfg, &chance, &err))
		return -1;
	for (k = 0; k < plies; k++) {
		ff_rules_outcome(r, st, &o);
		if (o.term != FF_TERM_NONE)
			return -1;
		n = ff_rules_legal(r, st, ff_rules_roll(r, st, &chance), legal);
		if (ff_rules_apply(r, st, &legal[ff_rng_bounded(&pick, (uint64_t)n)], &chance, &err))
			return -1;
	}
	ff_rules_outcome(r, st, &o);
	return o.term == FF_TERM_NONE ? 0 : -1;
}

/* Iterations over the positions with threads trees; -1 on failure. */
static long iterations(const struct ff_config *cfg, const char *extra, long ms, int threads,
		       int positions, void *st, struct ff_ply *legal)
{
	char opts[256];
	struct ff_error err;
	struct ff_rng rng;
	void *ctx;
	long sum = 0, it;
	uint64_t seed;
	int done = 0, n, choice;

	snprintf(opts, sizeof opts, "%s%stime-ms=%ld;threads=%d", extra, *extra ? ";" : "", ms,
		 threads);
	if (!(ctx = ff_agent_create(cfg, &ff_agent_mcts, opts, &err))) {
		fprintf(stderr, "mctsrate: %s\n", err.msg);
		return -1;
	}
	for (seed = 1; done < positions && seed < 100000; seed++) {
		if (random_position(cfg, st, seed, 30 + (int)(seed % 20), legal))
			continue;
		ff_rng_seed(&rng, seed);
		n = ff_rules_legal(cfg->rules, st, ff_rules_roll(cfg->rules, st, &rng), legal);
		if (n < 2)
			continue;
		if ((it = ff_mcts_search(ctx, cfg->rules, st, legal, n, &rng, &choice)) <= 0)
			continue;   /* nothing searched: a ply that wins at once */
		sum += it;
		done++;
	}
	ff_agent_mcts.destroy(ctx);
	return done == positions ? sum : -1;
}

int main(int argc, char **argv)
{
	struct ff_config cfg;
	struct ff_error err;
	struct ff_ply *legal;
	void *st;
	long ms, one, many;
	int threads, positions;

	if (argc < 5 || argc > 6) {
		fprintf(stderr, "usage: mctsrate GAME TIME_MS THREADS POSITIONS [OPTIONS]\n");
		return 2;
	}
	ms = atol(argv[2]);
	threads = atoi(argv[3]);
	positions = atoi(argv[4]);
	if (ff_config_parse(&cfg, argv[1], NULL, NULL, NULL, NULL, NULL, &err) || ms < 1 ||
	    threads < 1 || positions < 1) {
		fprintf(stderr, "mctsrate: %s\n", err.msg);
		return 2;
	}
	st = ff_rules_state_alloc(cfg.rules);
	legal = malloc(FF_MAX_LEGAL * sizeof *legal);
	if (!st || !legal)
		return 1;
	one = iterations(&cfg, argc > 5 ? argv[5] : "", ms, 1, positions, st, legal);
	many = iterations(&cfg, argc > 5 ? argv[5] : "", ms, threads, positions, st, legal);
	if (one <= 0 || many <= 0)
		return 1;
	printf("threads=1 positions=%d iterations=%ld per_second=%.0f\n", positions, one,
	       one * 1000.0 / ((double)ms * positions));
	printf("threads=%d positions=%d iterations=%ld per_second=%.0f\n", threads, positions, many,
	       many * 1000.0 / ((double)ms * positions));
	printf("ratio=%.2f\n", (double)many / (double)one);
	free(st);
	free(legal);
	return 0;
}
