/* What the store keeps of a valid game (struct ff_store_game), built from
   the game's replay: shared by import and store copy. */
#ifndef FF_STORE_GAME_H
#define FF_STORE_GAME_H

#include "db/store.h"
#include "formats/format.h"
#include "lib/replay.h"
#include "lib/ruleset.h"

/* The text the facts of one game point to (reused from game to game). */
struct ff_game_facts {
	struct ff_buf fgn, id, opts;
	int sides[FF_MAX_SEATS];
	char date[11];   /* the Date tag's normal form */
};

/* Fill sg with the facts of game g, replayed to its end by
   ff_game_rewrite, of record rec whose canonical record is canon: all but
   the source fields and raw, which are the caller's. Strings point into
   f, g, rec and canon. Returns 0 or -1 (no memory). */
int ff_game_facts_fill(struct ff_game_facts *f, const struct ff_game *g,
		       const struct ff_record *rec, const struct ff_record *canon,
		       struct ff_store_game *sg);
void ff_game_facts_free(struct ff_game_facts *f);

/* The same facts of game g, replayed to its end by ff_game_rewrite, of
   record rec, as a per-game CSV's derived columns, with the values import
   would store (the date: the Date tag, as db/compact.c keeps it). d's
   strings point into id (reset first), g and rec. Returns 0 or -1 (no
   memory). */
int ff_game_derived(const struct ff_game *g, const struct ff_record *rec, struct ff_buf *id,
		    struct ff_derived *d);

#endif
