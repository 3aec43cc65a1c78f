/* Simulating one game with seeded agents into a game record. */
#ifndef FF_SIMULATE_H
#define FF_SIMULATE_H

#include <stdint.h>

#include "lib/record.h"
#include "lib/ruleset.h"

/* What to simulate. agents[s] plays seat s (0-based), cfg->seats of them.
   max_plies > 0 ends an unfinished game with result "*" and
   [Termination "movecap"]. form chooses long or short plies. */
struct ff_sim {
	const struct ff_config *cfg;
	const struct ff_agent *agents[FF_MAX_SEATS];
	int max_plies;
	enum ff_ply_form form;
	/* what the agent of each seat chooses with (choose_with's ctx: a
	   solution, an agent's options), read only: shared by threads */
	const void *agent_ctx[FF_MAX_SEATS];
	/* the Seat tags: how each seat's agent was given ("mcts:iterations=
	   500"); NULL: the agent's name */
	const char *seat_name[FF_MAX_SEATS];
	/* the set-up position every game starts from (a SetUp tag value,
	   lib/setup.h), written as the SetUp tag; NULL: the rules' start */
	const char *setup;
};

/* Play one game whose chance stream is ff1(seed) and whose agents draw from
   ff1(seed ^ FF_AGENT_SEED_XOR); write it into rec (reset first) with the
   tags Game, Rules, Options (when not all defaults), Seat1..SeatN (the
   agents' names), Source "fivefold simulate" (how import tells simulated
   games from played ones), Seed, Result and, unless the game ended
   normally, Termination. state is scratch memory of cfg->rules->state_size bytes;
   scratch a buffer for formatting. Returns 0 or -1 with err. */
int ff_simulate_game(const struct ff_sim *sim, uint64_t seed, void *state,
		     struct ff_buf *scratch, struct ff_record *rec, struct ff_error *err);

/* The Seed of game i (0-based) of a run started with --seed base: base + i
   (mod 2^64), so game i of any run can be replayed alone. */
static inline uint64_t ff_sim_seed(uint64_t base, uint64_t i)
{
	return base + i;
}

#endif
