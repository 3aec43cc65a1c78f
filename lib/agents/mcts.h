/* The mcts agent: Monte Carlo tree search (UCT) for every game, written
   once against the ruleset interface. Chance is sampled where it falls
   (the throw before a ply, the cards a ply draws), and a seat's search
   sees the game only through the engine's determinize(): information-set
   MCTS over deals that agree with what the seat has seen. Options, after
   "mcts:" and separated by ';': iterations=N (default 1000), time-ms=N
   (search for N ms instead: not reproducible), c=X (exploration, default
   0.7), playout=random|greedy (default random), prior=greedy|none (the
   engine's greedy choice is kept unless the search beats it by z=X
   standard errors, default 0.5), width=N (only the prior's best N plies
   searched), cut=N|none (playouts cut after N plies and scored by the
   engine's evaluate), threads=N (N trees searched at once, root
   parallel: with an iteration budget the same choice on any machine).
   These are the built-in defaults; an engine gives
   its own (rules->agent_defaults, put before the user's options by
   ff_agent_create), and describe() writes every option for the Seat
   tag. docs/agents.md. */
#ifndef FF_MCTS_H
#define FF_MCTS_H

#include "lib/ruleset.h"

extern const struct ff_agent ff_agent_mcts;

/* One decision of the mcts agent of options ctx (its create()'s) in
   position st of r, among legal[0, n), drawing from rng as choose does:
   the ply's index in *choice, and the iterations the search ran over all
   its trees (0 where there was nothing to search: one legal ply, a ply
   that wins at once), or -1 when memory ran out (*choice then a legal
   ply all the same). What bench/mctsrate.c measures threads=N by. */
long ff_mcts_search(const void *ctx, const struct ff_rules *r, const void *st,
		    const struct ff_ply *legal, int n, struct ff_rng *rng, int *choice);

#endif
