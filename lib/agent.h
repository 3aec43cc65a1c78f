/* Agents for simulations: the generic random agent and lookup of the
   engine-specific ones. */
#ifndef FF_AGENT_H
#define FF_AGENT_H

#include "lib/ruleset.h"

/* The agent called name for rules: "random" (every engine), or one of
   rules->agents. Returns NULL when there is none. */
const struct ff_agent *ff_agent_find(const struct ff_rules *rules, const char *name);

/* The generic agent: a uniformly random legal ply. */
extern const struct ff_agent ff_agent_random;

#endif
