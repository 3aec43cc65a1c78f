/* The door to the engines: the only code that calls a struct ff_rules
   hook (lib/ruleset.h), as SQLite's os.c is the only caller of a VFS's
   methods. Every caller outside the engines -- replay, simulate, the
   agents, the solver, the formats, the commands -- goes through these
   functions, which give each optional hook its default in one place.
   tests/door.sh checks that no other file of lib/, formats/, db/ or cmd/
   reads a hook (the engines' own tests and the fuzz targets test the
   hooks themselves). Included by lib/ruleset.h; the simple forwards are
   inline, so going through the door costs nothing. */
#ifndef FF_RULES_H
#define FF_RULES_H

#include "lib/ruleset.h"

/* The door's own code reads the hooks (FF_HOOK in lib/ruleset.h). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/* --- what an engine can do beyond the rules (its optional hooks) --- */

enum ff_rules_can {
	FF_CAN_SOLVE,      /* chances and key: the solver and `perfect` take it */
	FF_CAN_CHECK,      /* is_legal: a ply checked without listing */
	FF_CAN_STEP,       /* step: a record's ply replayed in one call */
	FF_CAN_JSON,       /* render_json: `show --format json` */
	FF_CAN_HIDE,       /* determinize: some of the state is hidden from a seat */
	FF_CAN_EVALUATE,   /* evaluate: a position's estimate (mcts cut=N) */
	FF_CAN_CHANCE,     /* roll: pre-ply chance (dice) */
	FF_CAN_DRAW,       /* format_post: plies have post-ply facts (cards drawn) */
	FF_CAN_SETUP       /* setup_read and setup_write: the SetUp tag */
};

/* 1 when r can do what (it has the hooks), else 0. Inline: replay asks
   at every ply, and a constant what folds to one test. */
static inline int ff_rules_can(const struct ff_rules *r, enum ff_rules_can what)
{
	switch (what) {
	case FF_CAN_SOLVE:
		return r->chances && r->key;
	case FF_CAN_CHECK:
		return r->is_legal != NULL;
	case FF_CAN_STEP:
		return r->step != NULL;
	case FF_CAN_JSON:
		return r->render_json != NULL;
	case FF_CAN_HIDE:
		return r->determinize != NULL;
	case FF_CAN_EVALUATE:
		return r->evaluate != NULL;
	case FF_CAN_CHANCE:
		return r->roll != NULL;
	case FF_CAN_DRAW:
		return r->format_post != NULL;
	case FF_CAN_SETUP:
		return r->setup_read && r->setup_write;
	}
	return 0;
}

/* --- set-up and the rules proper --- */

/* Put cfg's options in canonical form (rules->canon; nothing for an
   engine without). */
static inline void ff_rules_canon(const struct ff_rules *r, struct ff_config *cfg)
{
	if (r->canon)
		r->canon(cfg);
}

/* The initial position in st (rules->init). Returns 0 or -1 with err. */
static inline int ff_rules_init(const struct ff_rules *r, void *st, const struct ff_config *cfg,
				struct ff_rng *chance, struct ff_error *err)
{
	return r->init(st, cfg, chance, err);
}

/* The number of sides, a 0-based seat's side, the seat to move. */
static inline int ff_rules_sides(const struct ff_rules *r, const void *st)
{
	return r->sides(st);
}

static inline int ff_rules_side_of(const struct ff_rules *r, const void *st, int seat)
{
	return r->side_of(st, seat);
}

static inline int ff_rules_to_move(const struct ff_rules *r, const void *st)
{
	return r->to_move(st);
}

/* The legal plies for chance into out (room for FF_MAX_LEGAL); their
   number, >= 1. */
static inline int ff_rules_legal(const struct ff_rules *r, const void *st, int chance,
				 struct ff_ply *out)
{
	return r->legal(st, chance, out);
}

/* 1 when ply is legal now, else 0: rules->is_legal, or membership in
   legal() (scratch: room for FF_MAX_LEGAL plies, NULL only when r can
   FF_CAN_CHECK). */
int ff_rules_is_legal(const struct ff_rules *r, const void *st, const struct ff_ply *ply,
		      struct ff_ply *scratch);

/* Play a legal ply (rules->apply). Returns 0 or -1 with err. */
static inline int ff_rules_apply(const struct ff_rules *r, void *st, struct ff_ply *ply,
				 struct ff_rng *chance, struct ff_error *err)
{
	return r->apply(st, ply, chance, err);
}

/* Whether the game is over, and how. */
static inline void ff_rules_outcome(const struct ff_rules *r, const void *st,
				    struct ff_outcome *out)
{
	r->outcome(st, out);
}

/* A record's ply in one call (rules->step): 1 + the seat that played, or
   0 when the engine has no step or does not take the token (nothing
   changed: the caller takes the usual path). */
static inline int ff_rules_step(const struct ff_rules *r, void *st, const char *tok, size_t len,
				struct ff_rng *chance, struct ff_buf *out)
{
	return r->step ? r->step(st, tok, len, chance, out) : 0;
}

/* How ff_rules_random_ply may draw. */
#define FF_RANDOM_SAMPLE 1u   /* an inexact sampler too (lib/ruleset.h, sample:
				 other draws than legal()'s k-th, a different
				 game from the same stream, as likely) */

/* A uniformly random legal ply for chance at out[0] (room for
   FF_MAX_LEGAL plies, the rest scratch), numbers drawn by pick(ctx, n):
   the engine's exact sampler, or with FF_RANDOM_SAMPLE any sampler it
   has, else legal() and its ply number pick(ctx, n) (an exact sampler
   draws as that does). Returns 0. */
int ff_rules_random_ply(const struct ff_rules *r, const void *st, int chance,
			int (*pick)(void *ctx, int n), void *ctx, struct ff_ply *out,
			unsigned flags);

/* --- chance --- */

/* The pre-ply chance outcome of the coming turn: rules->roll, or
   FF_NO_CHANCE (nothing drawn) for games without. */
static inline int ff_rules_roll(const struct ff_rules *r, const void *st, struct ff_rng *chance)
{
	return r->roll ? r->roll(st, chance) : FF_NO_CHANCE;
}

/* 0 when chance is possible now (for games without pre-ply chance: only
   FF_NO_CHANCE), else -1 with err (FF_EBAD_ROLL). */
int ff_rules_check_chance(const struct ff_rules *r, const void *st, int chance,
			  struct ff_error *err);

/* The pre-ply chance outcomes and their weights (rules->chances; only
   for an engine that can FF_CAN_SOLVE). Returns their number. */
static inline int ff_rules_chances(const struct ff_rules *r, const void *st, int *outcome,
				   int *weight, int *total)
{
	return r->chances(st, outcome, weight, total);
}

/* The position's key into out (rules->key; only for an engine that can
   FF_CAN_SOLVE). Returns its length. */
static inline size_t ff_rules_key(const struct ff_rules *r, const void *st, uint8_t *out)
{
	return r->key(st, out);
}

/* --- notation --- */

/* Decode a ply token (rules->parse). Returns 0 or -1 with err. */
static inline int ff_rules_parse(const struct ff_rules *r, const void *st, const char *tok,
				 size_t len, struct ff_ply *out, struct ff_error *err)
{
	return r->parse(st, tok, len, out, err);
}

/* Append the ply's decision in form (rules->format). Returns 0 or -1. */
static inline int ff_rules_format(const struct ff_rules *r, const void *st,
				  const struct ff_ply *ply, enum ff_ply_form form,
				  struct ff_buf *out)
{
	return r->format(st, ply, form, out);
}

/* Append ply's post-ply facts (rules->format_post; nothing for games
   without). Returns 0 or -1. */
static inline int ff_rules_format_post(const struct ff_rules *r, const struct ff_ply *ply,
				       struct ff_buf *out)
{
	return r->format_post ? r->format_post(ply, out) : 0;
}

/* Append why ply is not legal in st (rules->explain). */
static inline void ff_rules_explain(const struct ff_rules *r, const void *st,
				    const struct ff_ply *ply, struct ff_buf *out)
{
	r->explain(st, ply, out);
}

/* --- set-up positions (the SetUp tag) --- */

/* Read the set-up position text[0, len) over the initial position in st
   (rules->setup_read). Returns 0, or -1 with err: the engine's reason,
   or FF_EBAD_TAG for a game without set-up positions. */
static inline int ff_rules_setup_read(const struct ff_rules *r, void *st,
				      const struct ff_config *cfg, const char *text, size_t len,
				      struct ff_error *err)
{
	if (!r->setup_read)
		return ff_error_set(err, FF_EBAD_TAG, "game '%s' has no set-up positions", r->name);
	return r->setup_read(st, cfg, text, len, err);
}

/* Append st's set-up position (rules->setup_write). Returns 0, or -1
   when out of memory or the game has no set-up positions. */
static inline int ff_rules_setup_write(const struct ff_rules *r, const void *st,
				       struct ff_buf *out)
{
	return r->setup_write ? r->setup_write(st, out) : -1;
}

/* --- views --- */

/* Append a text diagram, an SVG document (caption may be NULL), a JSON
   object of the position. ff_rules_render_json returns 0, or -1 when out
   of memory or the engine cannot FF_CAN_JSON. */
static inline void ff_rules_render(const struct ff_rules *r, const void *st, struct ff_buf *out)
{
	r->render(st, out);
}

static inline void ff_rules_render_svg(const struct ff_rules *r, const void *st,
				       const char *caption, struct ff_buf *out)
{
	r->render_svg(st, caption, out);
}

static inline int ff_rules_render_json(const struct ff_rules *r, const void *st,
				       struct ff_buf *out)
{
	return r->render_json ? r->render_json(st, out) : -1;
}

/* --- hidden information and estimates --- */

/* Deal what seat cannot see again from rng (rules->determinize; nothing
   where every seat sees the whole state). */
static inline void ff_rules_determinize(const struct ff_rules *r, void *st, int seat,
					struct ff_rng *rng)
{
	if (r->determinize)
		r->determinize(st, seat, rng);
}

/* Each side's estimated share of the win into share[0, sides) (only for
   an engine that can FF_CAN_EVALUATE). */
static inline void ff_rules_evaluate(const struct ff_rules *r, const void *st, double *share)
{
	r->evaluate(st, share);
}

/* A state of r on cache lines of its own (64 bytes, the size rounded up),
   so the states two threads play on never share a line: a state next to
   another thread's on one line made simulate --threads 2 take three
   times the CPU of one thread. Returns the memory, uninitialised, or
   NULL when out of memory; the caller frees it with free(). */
static inline void *ff_rules_state_alloc(const struct ff_rules *r)
{
	return aligned_alloc(64, (r->state_size + 63) / 64 * 64);
}

#pragma GCC diagnostic pop

#endif
