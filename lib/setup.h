/* Set-up positions: the SetUp tag (docs/fgn.md, "Set-up positions"). Its
   value is the engine's position (rules->setup_read, through the door),
   then, in a record with a Seed, " draws:N": the chance stream ff1(Seed)
   has given N 64-bit outputs before the position, so the throws, deals
   and reshuffles after it are those of the game the position was taken
   from; and " agents:M": the agents' stream ff1(Seed ^ FF_AGENT_SEED_XOR)
   of `simulate` has given M, so the same agents choose on as they chose
   in that game. Replay (lib/replay.c) and simulate (lib/simulate.c) start
   from it; only simulate reads the agents' part. */
#ifndef FF_SETUP_H
#define FF_SETUP_H

#include <stddef.h>
#include <stdint.h>

#include "lib/ruleset.h"

/* The most draws a SetUp tag may name (a game of a million plies draws
   less): stepping the stream there takes well under a second. */
#define FF_SETUP_MAX_DRAWS 100000000ull

/* One field of a set-up text: text[at, at + len), at 0-based. */
struct ff_setup_field {
	const char *p;
	size_t len, at;
};

/* Split text[0, len) at single spaces into at most max fields. Returns
   their number, or -1 when there are more than max, or two spaces, or a
   space at either end (the field count then says nothing). */
int ff_setup_fields(const char *text, size_t len, struct ff_setup_field *f, int max);

/* Read the SetUp value over the initial position in st (made by init()
   for cfg): the engine's position and the chance part. chance is the
   chance stream or NULL when the record has no Seed; it is set to
   ff1(seed) advanced by the draws the value names (none: 0), whatever
   init() drew from it. Returns 0, or -1 with err (FF_EBAD_TAG; the message
   starts "bad SetUp"). */
int ff_setup_read(const struct ff_rules *r, void *st, const struct ff_config *cfg,
		  const char *value, struct ff_rng *chance, uint64_t seed, struct ff_error *err);

/* The agents' stream of a game of Seed seed that starts from the SetUp
   value (checked by ff_setup_read): ff1(seed ^ FF_AGENT_SEED_XOR)
   advanced by the value's agents:M (none: 0). Returns 1 when the value
   has an agents part, 0 when not, -1 when its streams' part is wrong. */
int ff_setup_agents(const char *value, struct ff_rng *agents, uint64_t seed);

/* Append " agents:M" to a SetUp value: M the outputs the agents' stream
   of Seed seed has given to stand at agents (nothing when M is 0: the
   stream's start, as without the part). Returns 0, or -1 (no memory, or
   more than FF_SETUP_MAX_DRAWS). */
int ff_setup_write_agents(const struct ff_rng *agents, uint64_t seed, struct ff_buf *out);

/* Append st's SetUp value: the engine's position, then, when chance is
   not NULL, " draws:N", N the outputs chance has given since it was
   seeded from seed. Returns 0, or -1 (no memory, a game without set-up
   positions, or a stream more than FF_SETUP_MAX_DRAWS from its seed).
   A game that draws nothing (no throws, no cards: Fiveplay) gets no
   draws part. */
int ff_setup_write(const struct ff_rules *r, const void *st, const struct ff_rng *chance,
		   uint64_t seed, struct ff_buf *out);

#endif
