/* Agents for simulations: the generic random agent and lookup of the
   engine-specific ones. */
#ifndef FF_AGENT_H
#define FF_AGENT_H

#include "lib/ruleset.h"

/* The agent called name for rules, or NULL when there is none. */
const struct ff_agent *ff_agent_find(const struct ff_rules *rules, const char *name);
/* The i-th agent rules can play with, NULL past the end: "random" and
   "mcts" (every engine), "perfect" (engines that can be solved:
   lib/analysis/perfect.h), then rules->agents. */
const struct ff_agent *ff_agent_at(const struct ff_rules *rules, int i);

/* The options the engine of cfg gives agent a for cfg's preset (its
   entry in rules->agent_defaults), or "" where it gives none. The
   string is static (the engine's table). */
const char *ff_agent_default_options(const struct ff_config *cfg, const struct ff_agent *a);

/* Agent a's context for the games of cfg (a->create must not be NULL):
   the engine's defaults for a and cfg's preset, then the options given
   (NULL or "": none), each given option replacing the default of its
   name (the agent reads them in order, the last value of a name
   standing). Returns the context (free it with a->destroy), or NULL
   with err, whose message names the defaults where there were some. */
void *ff_agent_create(const struct ff_config *cfg, const struct ff_agent *a, const char *given,
		      struct ff_error *err);

/* --- agents from a string, as --agents gives them (lib/agent_spec.c) --- */

/* One seat's agent: "NAME" or "NAME:OPTIONS". */
struct ff_agent_spec {
	const struct ff_agent *agent;
	void *ctx;        /* what agent->create made of the options; NULL: none */
	char tag[256];    /* the Seat tag: "NAME:" and every option the agent
			     plays with (the engine's defaults included) where
			     it describes itself, else the text as given */
};

/* Fill as from spec[0, len) for the games of cfg: the agent, its context
   (ff_agent_create: the engine's defaults, then the options given) and
   its Seat tag. Returns 0 (free with ff_agent_spec_free), or -1 with err
   (FF_EBAD_OPTION: no such agent, with the nearest name and the list; an
   agent that takes no options given some; an option create() refuses.
   FF_ETOO_LONG: an empty or overlong spec), as holding nothing. */
int ff_agent_spec_parse(struct ff_agent_spec *as, const struct ff_config *cfg, const char *spec,
			size_t len, struct ff_error *err);
/* Free what as holds (its context). */
void ff_agent_spec_free(struct ff_agent_spec *as);

/* A game's seats' agents: one for every seat (n == 1) or one a seat. */
struct ff_agent_seats {
	int n;
	struct ff_agent_spec seat[FF_MAX_SEATS];
};

/* Fill s from spec, "A" or "A,B,..." (each as ff_agent_spec_parse reads
   it) for cfg's seats. Returns 0 (free with ff_agent_seats_free), or -1
   with err, whose message names the seat where several were given, s
   holding nothing. */
int ff_agent_seats_parse(struct ff_agent_seats *s, const struct ff_config *cfg, const char *spec,
			 struct ff_error *err);
/* The agent of 0-based seat (the one agent where one plays every seat);
   owned by s. */
const struct ff_agent_spec *ff_agent_seat(const struct ff_agent_seats *s, int seat);
/* Free what s holds. */
void ff_agent_seats_free(struct ff_agent_seats *s);

/* The loop every one-ply agent shares: the index in legal[0..n) (n >= 1) of
   the ply that score() rates highest. score is called once per ply, in
   order, with st and ctx. Ties are broken uniformly at random from rng
   (the agents' stream) by reservoir sampling: the k-th ply to tie the best
   so far replaces it when bounded(k) == 0, so the draws depend only on the
   scores. */
int ff_agent_argmax(const void *st, const struct ff_ply *legal, int n, struct ff_rng *rng,
		    long (*score)(const void *st, const struct ff_ply *ply, void *ctx), void *ctx);

/* The same scores for a ranking (struct ff_agent's rank): score[i] =
   score(st, &legal[i], ctx) for each i in [0, n). */
void ff_agent_scores(const void *st, const struct ff_ply *legal, int n, long *score,
		     long (*fn)(const void *st, const struct ff_ply *ply, void *ctx), void *ctx);

/* A uniformly random index in [0, n) (n >= 1) from rng, drawing nothing
   when n is 1: how the random agent chooses. */
int ff_agent_uniform_index(struct ff_rng *rng, int n);

/* The generic agent: a uniformly random legal ply. */
extern const struct ff_agent ff_agent_random;

#endif
