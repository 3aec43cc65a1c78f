/* Simulating one game with seeded agents into a game record. */
#ifndef FF_SIMULATE_H
#define FF_SIMULATE_H

#include <stdint.h>

#include "lib/agent.h"
#include "lib/record.h"
#include "lib/replay.h"
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

/* Following a recorded game's agents (show --setup): the agents its Seat
   tags name play its plies again from its Seed, one by one beside the
   replay, and where every ply so far was their own choice the agents'
   stream stands where it stood in the game, so a position cut there
   carries it (" agents:M", lib/setup.h) and `simulate --setup` plays on
   as the game went. Replaying an agent costs what its choices cost when
   the game was played (an mcts seat searches again). */
struct ff_follow {
	struct ff_sim sim;
	struct ff_agent_seats seats;
	struct ff_rng agents;    /* the agents' stream */
	struct ff_ply *legal;
	int chosen;              /* the choice for the next ply: legal[chosen] */
	int on;                  /* 1 while every ply was the agents' own choice */
};

/* Start following rec, whose start g holds (ff_game_start done): on when
   rec has a Seed and its Seat tags each name an agent (lib/agent.h,
   "NAME[:OPTIONS]") that plays without a solution, else off for good.
   Returns 0, or -1 when memory ran out (f then off). Free with
   ff_follow_free. */
int ff_follow_start(struct ff_follow *f, const struct ff_game *g, const struct ff_record *rec);
/* Before g steps its next ply token: the agent to move chooses. */
void ff_follow_choose(struct ff_follow *f, const struct ff_game *g);
/* After g stepped it, played the ply decoded: off when it was not the
   agent's choice. */
void ff_follow_check(struct ff_follow *f, const struct ff_ply *played);
void ff_follow_free(struct ff_follow *f);

/* The Seed of game i (0-based) of a run started with --seed base: base + i
   (mod 2^64), so game i of any run can be replayed alone. */
static inline uint64_t ff_sim_seed(uint64_t base, uint64_t i)
{
	return base + i;
}

#endif
