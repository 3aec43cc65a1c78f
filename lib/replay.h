/* Replaying a record through its rules engine: the validator's core, used
   by validate, show and (later) convert and import. Game-agnostic: it only
   talks to the engine through struct ff_rules. */
#ifndef FF_REPLAY_H
#define FF_REPLAY_H

#include <stdint.h>

#include "lib/record.h"
#include "lib/ruleset.h"

/* A game being replayed. Invariants after a successful ff_game_start:
   rules == cfg.rules, state holds rules->state_size bytes of the current
   position, `played` ply tokens of the record have been applied, `turns`
   of them plies proper (the others preludes, which belong to the ply after
   them: the next token is part of ply turns + 1), and when
   seeded, chance has drawn exactly the chance of those plies. legal[0..
   nlegal) are the legal plies of the last ply stepped (before it was
   applied) -- filled when on_legal is set or the engine has no is_legal;
   otherwise nlegal is 0 (legal, room for FF_MAX_LEGAL plies, is allocated
   when first needed). The struct owns state and legal. */
struct ff_game {
	_Alignas(64) struct ff_config cfg;  /* aligned: games of threads side by side */
	const struct ff_rules *rules;
	void *state;
	size_t state_cap;
	int seeded;
	uint64_t seed;
	struct ff_rng chance;
	size_t played;
	int turns;
	int last_seat;            /* 1-based seat of the last ply stepped; 0 before */
	int started;              /* ff_game_start got as far as the position: cfg is the ruleset */
	struct ff_ply *legal;
	int nlegal;
	struct ff_buf scratch;    /* for messages */
	/* Called by ff_game_step once the legal plies of ply number `ply`
	   (1-based, preludes not counted) are known and before the ply is
	   applied, whether or not it is among them (matched says which); NULL
	   for none. Not called for preludes. */
	void (*on_legal)(void *ctx, const struct ff_game *g, int ply,
			 const struct ff_ply *played, int matched);
	void *on_legal_ctx;
	/* The header values to use instead of the record's Game, Rules and
	   Options tags (validate --game/--rules/--options), NULL for the
	   tag's own; borrowed, they must outlive the game. */
	const char *as[3];
};

/* What a game's replay concluded. */
enum ff_verdict {
	FF_VALID = 0,      /* well-formed and legal, result consistent */
	FF_ILLEGAL,        /* well-formed but breaks the rules (or the result) */
	FF_MALFORMED       /* the record itself is malformed */
};

/* The verdict an error code stands for. */
enum ff_verdict ff_verdict_of(enum ff_code code);

/* Append the legal plies of the last step in canonical long form, sorted by
   byte order, each followed by sep except the last; preludes are left out.
   Returns 0 or -1. */
int ff_game_legal_text(const struct ff_game *g, struct ff_buf *out, char sep);

/* Prepare an empty game. ff_game_free releases it. */
void ff_game_init(struct ff_game *g);
void ff_game_free(struct ff_game *g);

/* Read the header of rec (Game, Rules, Options, Seats, First, Seed, Deck,
   SetUp) and set up the initial position (the SetUp tag's where there is
   one, lib/setup.h); check the Teams tag, where present,
   against the sides the engine gives the seats, the Seat<k> tags against
   the seat count (bad-seat), the Termination tag's value and the Result
   tag's shape (bad-tag). Where g->as[] holds a value it stands for the
   Game, Rules or Options tag. Returns 0, or -1 with err located at the
   offending tag (g->started is set when the ruleset was known by then;
   a value of g->as[] at fault is located at the game's start and named). */
int ff_game_start(struct ff_game *g, const struct ff_record *rec, struct ff_error *err);

/* Replay ply k (0-based) of rec: parse it, check its chance outcome (the
   die's faces, and the Seed when there is one), check it is legal, apply
   it. On success *played holds the decoded ply, with what it drew in
   played->post, and g->legal the legal plies it was chosen from. Returns
   0, or -1 with err located at the ply (after-end, syntax, bad-roll,
   seed-mismatch, illegal-move, bad-draw...). */
int ff_game_step(struct ff_game *g, const struct ff_record *rec, size_t k,
		 struct ff_ply *played, struct ff_error *err);

/* Check the record's result token and Result tag against the position
   reached. Returns 0 or -1 with err (result-mismatch). */
int ff_game_finish(struct ff_game *g, const struct ff_record *rec, struct ff_error *err);

/* Like ff_game_step, and append ply k as the engine writes it in form,
   with its post-ply facts (drawn cards), to out. Returns 0 or -1 with err;
   out may hold part of the ply then. */
int ff_game_step_text(struct ff_game *g, const struct ff_record *rec, size_t k,
		      enum ff_ply_form form, struct ff_buf *out, struct ff_ply *played,
		      struct ff_error *err);

/* The ply number (1-based) that ply token k of rec belongs to: 1 + the
   number of tokens before it that are not preludes. Only valid while
   replaying, for the token about to be stepped (k == g->played). */
static inline int ff_game_ply_number(const struct ff_game *g)
{
	return g->turns + 1;
}

/* Replay a whole record: start, every ply, finish. Returns the verdict;
   err holds the first problem when it is not FF_VALID. */
enum ff_verdict ff_game_replay(struct ff_game *g, const struct ff_record *rec,
			       struct ff_error *err);

/* Replay rec and write into out the same game with every ply rewritten
   by the engine in the given form (canonical long form, or short where it
   is unambiguous); tags, notes, suffixes and the result are kept. Returns
   the verdict; out is complete only when it is FF_VALID. */
enum ff_verdict ff_game_rewrite(struct ff_game *g, const struct ff_record *rec,
				enum ff_ply_form form, struct ff_record *out, struct ff_error *err);

/* The result token for an outcome with `sides` sides: "1-0", "0-1",
   "1/2-1/2", "*" with two sides; "W<k>", "D", "*" with more. Writes into
   buf (at least 16 bytes) and returns it. */
const char *ff_result_token(const struct ff_outcome *o, int sides, char *buf);

/* The Termination tag value of a termination ("normal", "blocked", ...). */
const char *ff_termination_name(enum ff_termination t);

/* Append g's position as a SetUp tag value (lib/setup.h): the engine's
   set-up position and, with a Seed, the draws the chance stream has made.
   Returns 0, or -1 (no memory, or a game without set-up positions). */
int ff_game_setup(const struct ff_game *g, struct ff_buf *out);

/* Append the caption of g's position after ply `ply` (0: the start),
   whose tokens are rec's tokens [k0, k) (a prelude and its ply):
   "game 3 (fivelines/schaedler), after ply 20: 2:2-4; seat 1 to move".
   Returns 0 or -1 (no memory). */
int ff_game_caption(const struct ff_game *g, const struct ff_record *rec, int ply, size_t k0,
		    size_t k, struct ff_buf *out);

/* Append g's position after ply `ply` as one JSON object (docs/json.md,
   "fivefold show --format json"), rec's tokens [k0, k) being that ply's (as for
   ff_game_caption): {"game":N,"ruleset":ID,"seats":S,"ply":K,"last":[the
   tokens],"to_move":SEAT or null when over,"result":"*" or the result,
   "termination":null or its name,"side_of_seat":[...],"position":{the
   engine's render_json}}. Returns 0, or -1 when memory ran out or the
   engine has no render_json. */
int ff_game_json(const struct ff_game *g, const struct ff_record *rec, int ply, size_t k0,
		 size_t k, struct ff_buf *out);

#endif
