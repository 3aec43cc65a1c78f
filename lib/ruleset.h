/* The ruleset interface: one const struct of function pointers per rules
   engine, registered in one table (lib/registry.c). Nothing outside an
   engine knows which game it is playing; everything goes through here.

   The model, designed for all four games:
   - A game's state is plain data of rules->state_size bytes (no pointers
     to outside memory), so copying it with memcpy forks a game. Hidden
     information (hands, deck order) lives in the state; what a record may
     not show is the engine's business.
   - A turn is one ply. Chance that comes before the decision (a throw) is
     the ply's `chance` value, drawn by roll() from the chance stream and
     written in the ply; chance after it (drawn cards) is drawn by apply()
     from the state's deck and the stream. Extra turns and teams follow
     from to_move() and side_of(); a ply in several parts (a card split)
     is still one struct ff_ply.
   - Cards (lib/cards.h). What a ply draws is a post-ply fact: apply()
     draws it and writes it into ply.post, format_post() writes it as the
     `+CARD` suffix, and ff_ply_eq() ignores it (it is not part of the
     decision). parse() fills post with what the record claims (or
     FF_NO_CARD); apply() checks the claim against the deck when the deck
     is known (FF_EBAD_DRAW), and takes it as the draw when it is not.
   - Preludes. An optional action before a turn's ply (Sequence's dead-card
     exchange, `dead:7C`) is parsed as a ply with FF_PLY_PRELUDE set: it is
     checked and applied like any ply, leaves the same seat to move, and
     belongs to the ply after it (replay numbers it with that ply).
     legal() lists the preludes that are possible now, so agents may take
     them; the `--legal` listing leaves them out.
   - Hidden information. With a Seed or a Deck the engine knows every
     hand; with neither (a public record) hands are unknown, and legal()
     lists every ply that some card still available could make, plus the
     pass where a pass is possible. Every card game's largest legal set
     must stay below FF_MAX_LEGAL, checked by a static assertion in its
     engine. Sequence: 2 two-eyed jacks x 96 cells + 2 one-eyed jacks x 96
     chips + 48 cards x 2 cells + the pass + 48 exchanges = 529. Pegs and
     Jokers, with every card possible (each suit is a card of its own):
     4 sevens x 490, 4 nines x 650, a joker 211, 44 other cards x 11 and
     53 discards: 5,308 (lib/engines/pegsjokers.c gives the parts), hence 8,192.
     Random public records at 6 and 8 seats reach over 2,048.
   - Seats are 0-based inside the library (seat 1 of a record is 0 here);
     sides are the units that win: seats, or teams where there are teams. */
#ifndef FF_RULESET_H
#define FF_RULESET_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "lib/buf.h"
#include "lib/error.h"
#include "lib/rng.h"

#define FF_MAX_SEATS 12
#define FF_MAX_OPTIONS 16
#define FF_MAX_LEGAL 8192      /* legal() never returns more plies */
#define FF_PLY_WORDS 12
#define FF_NO_CHANCE (-1)      /* ply.chance of a game without pre-ply chance */
#define FF_POST_WORDS 2
#define FF_MAX_CHANCES 16      /* chances() never returns more outcomes */
#define FF_MAX_KEY 32          /* key() never writes more bytes */
#define FF_NO_CARD (-1)        /* ply.post[] word: no card, or not known */
#define FF_MAX_DECK 256        /* cards in the largest deck of any game */
#define FF_PLY_PRELUDE 1       /* ply.flags: an action before the turn's ply */

/* One ply, decoded. chance is the pre-ply chance outcome (a throw) or
   FF_NO_CHANCE; w[] is the engine's encoding of the decision. post[] holds
   post-ply facts (the cards the ply drew, FF_NO_CARD where none or not
   known); flags holds FF_PLY_PRELUDE. Invariant: an engine fills every
   word of w[] it does not use with 0 and every word of post[] it does not
   use with FF_NO_CARD, so two plies are the same decision exactly when
   ff_ply_eq says so (post[] is not compared). */
struct ff_ply {
	int32_t chance;
	int16_t w[FF_PLY_WORDS];
	int16_t post[FF_POST_WORDS];
	uint16_t flags;
};

/* A ply with no chance, no post-ply facts and every word 0. */
static inline void ff_ply_clear(struct ff_ply *p)
{
	int i;

	p->chance = FF_NO_CHANCE;
	for (i = 0; i < FF_PLY_WORDS; i++)
		p->w[i] = 0;
	for (i = 0; i < FF_POST_WORDS; i++)
		p->post[i] = FF_NO_CARD;
	p->flags = 0;
}

static inline int ff_ply_eq(const struct ff_ply *a, const struct ff_ply *b)
{
	int i;

	if (a->chance != b->chance)
		return 0;
	for (i = 0; i < FF_PLY_WORDS; i++)
		if (a->w[i] != b->w[i])
			return 0;
	return 1;
}

/* A rules preset (the Rules tag). */
struct ff_preset_desc {
	const char *name;     /* e.g. "schaedler" */
	const char *help;     /* one line */
};

/* A header option (the Options tag). values lists the accepted values
   separated by '|'; dflt names the default. A switch has the values
   "no|yes" (or more, e.g. "no|yes|strict"): `name` alone means name=yes. values == NULL means a non-negative integer.
   presets is a bit mask of the preset indexes where the option applies
   (bit i = preset i); 0 means every preset. */
struct ff_option_desc {
	const char *name;
	const char *values;
	const char *dflt;
	unsigned presets;
	const char *help;
};

/* A game's parsed header: which rules, which options, how many seats,
   and the Deck tag. opt[i] belongs to rules->options[i]: the index of its
   value in the option's values list, or the integer for an integer option.
   deck[0..ndeck) is the Deck tag's cards, top first (lib/cards.h codes);
   ndeck is 0 without a Deck tag. The engine's init() checks that the deck
   is the game's. */
struct ff_config {
	const struct ff_rules *rules;
	int preset;                /* index into rules->presets */
	int seats;                 /* number of seats */
	int first;                 /* 0-based seat that moves first */
	int opt[FF_MAX_OPTIONS];
	int ndeck;
	int16_t deck[FF_MAX_DECK];
};

/* How a game ended (or that it has not). */
enum ff_termination {
	FF_TERM_NONE = 0,     /* not over */
	FF_TERM_NORMAL,       /* won on the board */
	FF_TERM_BLOCKED,      /* no side can ever move again: drawn */
	FF_TERM_REPETITION,
	FF_TERM_MOVECAP
};

struct ff_outcome {
	enum ff_termination term;
	int winner;           /* 0-based side that won; -1 for a draw or not over */
};

/* Ply forms for format(). */
enum ff_ply_form {
	FF_FORM_LONG = 0,
	FF_FORM_SHORT = 1
};

/* An option an agent takes (after "NAME:", e.g. mcts:iterations=2000):
   values lists the accepted words separated by '|', or is "N" (a
   whole number) or "X" (a decimal number); dflt is the value the
   agent takes when the option is not given, NULL when it has none (the
   option is off). For `fivefold rules` (and its JSON). */
struct ff_agent_option {
	const char *name;
	const char *values;
	const char *dflt;
	const char *help;
};

/* An agent that chooses a ply for simulations. choose() returns an index
   into legal[0..n) (n >= 1); it may draw from rng (the agents' stream) but
   never from the chance stream. choose is NULL for an agent that chooses
   with choose_with alone. */
struct ff_agent {
	const char *name;
	const char *help;
	int (*choose)(const void *st, const struct ff_ply *legal, int n, struct ff_rng *rng);
	/* 1 when choose() is ff_agent_uniform_index(rng, n), whatever the
	   plies: the simulator may then take only the chosen ply from an
	   engine with an exact sample hook (the same ply, the same draws), or
	   a uniformly random ply from an inexact one (as likely, other
	   draws) */
	int uniform;
	/* Optional (NULL: choose() decides): an agent that needs what the
	   simulator is given for it (sim->agent_ctx, e.g. a solution) chooses
	   with it here, for the state st of rules r, instead of choose() */
	int (*choose_with)(const void *ctx, const struct ff_rules *r, const void *st,
			   const struct ff_ply *legal, int n, struct ff_rng *rng);
	/* 1 when choose_with's ctx is a solution (simulate --solution) */
	int needs_solution;
	/* Optional (NULL: the agent takes no options): the context of an
	   agent given options, e.g. "iterations=2000;c=1.4" after "mcts:"
	   (options NULL or "": its defaults), for the games of rules r.
	   Returns it, read only while games are played (threads share it;
	   free it with destroy), or NULL with err (FF_EBAD_OPTION, a message
	   naming the option; FF_ENOMEM). */
	void *(*create)(const struct ff_rules *r, const char *options, struct ff_error *err);
	void (*destroy)(void *ctx);
	/* Optional (NULL: none): the scores choose() maximises, one for each
	   ply of legal[0..n) in score[0..n), higher better, for the side to
	   move in st; read from what that seat may see, like choose(). A
	   search looks first at the plies the agent ranks highest. */
	void (*rank)(const void *st, const struct ff_ply *legal, int n, long *score);
	/* The options create() takes (none: NULL, 0) */
	const struct ff_agent_option *options;
	int noptions;
	/* Optional, with create (NULL: the options given are the record):
	   append every option the context ctx plays with, in the form
	   create() reads ("iterations=1000;c=0.7;..."), so that create() of
	   that text makes the same agent whatever the defaults are then:
	   what simulate writes in the Seat tags. Returns 0 or -1. */
	int (*describe)(const void *ctx, struct ff_buf *out);
};

/* The options an engine gives one of the agents for its presets: what
   the agent plays with before the options a user gives (ff_agent_create
   in lib/agent.h), chosen by measurement (docs/agents.md). */
struct ff_agent_defaults {
	const char *agent;    /* e.g. "mcts" */
	unsigned presets;     /* bit i: preset i; 0: every preset */
	const char *options;  /* in the agent's own form, e.g. "playout=greedy;width=3" */
};

/* A pick for an exact sample hook that asks for ply number want whatever
   the count, noting the count in n: for checking sample against legal(). */
struct ff_pick_fixed {
	int want, n;
};

static inline int ff_pick_fixed(void *ctx, int n)
{
	struct ff_pick_fixed *k = ctx;

	k->n = n;
	return k->want;
}

/* The engine's hooks below carry FF_HOOK: outside the door (lib/rules.h)
   and the files that define FF_RULES_DOOR before this header (the
   engines, lib/rules.c, the tests and fuzz targets of the hooks
   themselves) reading one is a compiler warning (an error with
   --enable-werror), so every caller goes through the door. */
#if defined(FF_RULES_DOOR) || !defined(__GNUC__)
#define FF_HOOK
#else
#define FF_HOOK __attribute__((deprecated("call engine hooks through lib/rules.h")))
#endif

struct ff_rules {
	/* ---- What the engine is: required ---- */
	const char *name;          /* registry name, e.g. "fivelines" */
	const char *title;         /* e.g. "Five Lines (Pente Grammai)" */
	const struct ff_preset_desc *presets;  /* the default first */
	int npresets;
	int seats_min, seats_max, seats_default;
	unsigned seat_counts;      /* bit n set: n seats allowed; 0: every count
				      from seats_min to seats_max */
	size_t state_size;

	/* ---- The option table (the Options tag): options required (NULL,
	   0 for none), canon optional ---- */
	const struct ff_option_desc *options;
	int noptions;              /* <= FF_MAX_OPTIONS */
	/* Optional (NULL: none): put cfg's options in canonical form where
	   an option's default depends on other header values (an option set
	   to what its default means anyway goes back to the default), so that
	   equal rules give equal ruleset ids. Called by ff_config_parse. */
	void (*canon)(struct ff_config *cfg) FF_HOOK;

	/* ---- The rules proper: required ---- */
	/* Check cfg (combinations the option table cannot express, the seat
	   count, the deck) and set up the initial position in st. chance is
	   the chance stream when the record has a Seed (card games shuffle
	   from it), else NULL. With neither a Seed nor cfg->ndeck the hands
	   are unknown. Returns 0, or -1 with err (FF_EBAD_OPTION,
	   FF_EBAD_TAG, ...). */
	int (*init)(void *st, const struct ff_config *cfg, struct ff_rng *chance,
		    struct ff_error *err) FF_HOOK;
	/* Number of sides (that can win), and the side of a 0-based seat. */
	int (*sides)(const void *st) FF_HOOK;
	int (*side_of)(const void *st, int seat) FF_HOOK;
	/* The 0-based seat whose turn it is. */
	int (*to_move)(const void *st) FF_HOOK;
	/* The legal plies for the coming turn given its chance outcome, in the
	   engine's order, at most FF_MAX_LEGAL. A turn with no move yields
	   its one "no move" ply, so the count is >= 1. out has room for
	   FF_MAX_LEGAL plies, and the engine may write in all of it (past
	   the plies it returns, as scratch). */
	int (*legal)(const void *st, int chance, struct ff_ply *out) FF_HOOK;
	/* Play a legal ply. chance is the chance stream or NULL (card games
	   draw from it on reshuffles). Card games check the drawn cards that
	   ply->post claims and leave there what was drawn (FF_NO_CARD where
	   not known). Returns 0 or -1 with err (FF_EBAD_DRAW). */
	int (*apply)(void *st, struct ff_ply *ply, struct ff_rng *chance,
		     struct ff_error *err) FF_HOOK;
	/* Whether the game is over, and how. */
	void (*outcome)(const void *st, struct ff_outcome *out) FF_HOOK;

	/* ---- Notation: parse, format and explain required, format_post
	   for games that draw after a ply ---- */
	/* Decode a ply token (either form) in the current position. Returns 0,
	   or -1 with err: FF_ESYNTAX for a malformed token, FF_EBAD_ROLL for a
	   throw the dice cannot show, FF_EILLEGAL for a well-formed ply that
	   names something the position lacks. Legality proper is checked by
	   membership in legal(). */
	int (*parse)(const void *st, const char *tok, size_t len, struct ff_ply *out,
		     struct ff_error *err) FF_HOOK;
	/* Append the ply's decision in the given form, as it would be written
	   before it is applied to st (no post-ply facts). Returns 0 or -1 (no
	   memory). */
	int (*format)(const void *st, const struct ff_ply *ply, enum ff_ply_form form,
		      struct ff_buf *out) FF_HOOK;
	/* Optional (NULL: the game has none): append the ply's post-ply facts
	   as apply() left them in ply->post (e.g. "+QH"), nothing where there
	   are none or they are not known. Returns 0 or -1. */
	int (*format_post)(const struct ff_ply *ply, struct ff_buf *out) FF_HOOK;
	/* Append why ply is not legal in st (lowercase, no full stop). */
	void (*explain)(const void *st, const struct ff_ply *ply, struct ff_buf *out) FF_HOOK;

	/* ---- Chance before the ply (a throw): optional, for games with
	   dice; chances and key make a game solvable ---- */
	/* Optional (NULL: the game has no pre-ply chance): draw the pre-ply
	   chance outcome of the coming turn from the chance stream. Call it
	   through ff_rules_roll. */
	int (*roll)(const void *st, struct ff_rng *chance) FF_HOOK;
	/* Optional (NULL with roll): 0 when chance is a possible pre-ply
	   outcome now, else -1 with err (FF_EBAD_ROLL). Call it through
	   ff_rules_check_chance. */
	int (*check_chance)(const void *st, int chance, struct ff_error *err) FF_HOOK;
	/* Optional (NULL: the game cannot be solved exactly): every pre-ply
	   chance outcome roll() may draw now, in outcome[], with weight[]:
	   outcome i comes with probability weight[i] / *total. Returns their
	   number, 1..FF_MAX_CHANCES (a game without chance: FF_NO_CHANCE,
	   weight 1). Needs key() too. */
	int (*chances)(const void *st, int *outcome, int *weight, int *total) FF_HOOK;
	/* Optional, with chances: the position as at most FF_MAX_KEY bytes,
	   written to out; returns their number. Two states with the same key
	   have the same future: the same side to move, legal plies, outcome
	   and successors' keys (counters the rules never read, such as plies
	   played, are left out). The solver (lib/analysis/solve.c) finds
	   positions by it. */
	size_t (*key)(const void *st, uint8_t *out) FF_HOOK;

	/* ---- Views: render and render_svg required, render_json optional ---- */
	/* Append a text diagram of the position. */
	void (*render)(const void *st, struct ff_buf *out) FF_HOOK;
	/* Append the position as an SVG document (lib/svg.h: real text,
	   seats told apart by shape as well as colour), with caption (may be
	   NULL) written above the board. */
	void (*render_svg)(const void *st, const char *caption, struct ff_buf *out) FF_HOOK;
	/* Optional (NULL: `show --format json` refuses the game): append the
	   position as one JSON object, what render() shows as data (the
	   pieces on each point, hole or cell, the hands the state knows, the
	   piles; docs/json.md, "fivefold show --format json", names each game's
	   fields). Whose turn it is, the plies and the result are the
	   caller's (ff_game_json). Returns 0 or -1 (no memory). */
	int (*render_json)(const void *st, struct ff_buf *out) FF_HOOK;

	/* ---- Hidden information and evaluation: optional ---- */
	/* Optional (NULL: every seat sees the whole state): replace whatever
	   seat cannot see (other hands, the order of the draw pile) by a deal
	   drawn from rng that agrees with everything seat has seen; the deal
	   depends only on what seat sees and on rng, so two states seat cannot
	   tell apart give the same deal. Search agents (lib/agents/mcts.c) see
	   the game only through it. */
	void (*determinize)(void *st, int seat, struct ff_rng *rng) FF_HOOK;
	/* Optional (NULL: none): an estimate, from the position alone, of
	   each side's share of the win: share[0..sides) in [0, 1], summing
	   to 1. What a search scores a playout it cuts short by (mcts's
	   cut=N); the engine's greedy agent may rank plies by the same
	   measure. */
	void (*evaluate)(const void *st, double *share) FF_HOOK;

	/* ---- Speed-ups: optional; each must agree exactly with the
	   required hooks above (the conformance suite checks), and the door
	   (lib/rules.c) falls back to those where one is missing ---- */
	/* Optional (NULL: membership in legal() decides): 1 when ply is
	   legal now, else 0. Must agree with legal() exactly (the conformance
	   suite checks); it lets validation skip listing every legal ply. */
	int (*is_legal)(const void *st, const struct ff_ply *ply) FF_HOOK;
	/* Optional (NULL: none): the usual ply in one call, for replaying a
	   record: tok[0, len) parsed, its chance checked and, with chance not
	   NULL, rolled from chance and compared, its legality checked and the
	   ply applied, as outcome (the game goes on), parse, check_chance,
	   roll, is_legal and apply would; a ply of the turn proper (not a
	   prelude); with out not NULL, the ply appended to out as format
	   (FF_FORM_LONG) and format_post write it. Returns 1 + the seat that
	   played (to_move before it) when it did all that; 0 when the token
	   is not one it takes or any of those fails,
	   having changed nothing (st, chance and out as they were): the
	   caller takes the usual path, which says why. Must agree with that
	   path exactly (the conformance suite checks). */
	int (*step)(void *st, const char *tok, size_t len, struct ff_rng *chance,
		    struct ff_buf *out) FF_HOOK;
	/* Optional (NULL: uniformly random play lists with legal()): a
	   uniformly random legal ply for chance at out[0], with numbers k
	   (0 <= k < n) drawn by pick(ctx, n) as often as the engine needs.
	   Two kinds (sample_exact below):
	   - exact: one draw, pick(ctx, n) with n the number of plies legal()
	     lists, and out[0] is legal()'s ply number pick's answer, built
	     without listing the rest (the same ply and the same draws as
	     from the whole list); it never fails (returns 0);
	   - not exact: every legal ply as likely as any other, but not
	     legal()'s k-th of one draw (the engine may draw candidates and
	     reject some); returns 0, or -1 where it rejects them all (the
	     caller lists).
	   out has room for FF_MAX_LEGAL plies, the rest scratch. The
	   conformance suite checks both: an exact sampler's k-th answer is
	   legal()'s k-th, and an inexact one takes each legal ply as exactly
	   one of its candidates, or rejects them all. */
	int (*sample)(const void *st, int chance, int (*pick)(void *ctx, int n), void *ctx,
		      struct ff_ply *out) FF_HOOK;
	/* 1 when sample is exact (above), else 0. */
	int sample_exact;

	/* ---- Set-up positions: optional, the two together ---- */
	/* Optional (NULL: the game has no set-up notation): the set-up
	   position text[0, len) (the SetUp tag without its chance part,
	   docs/fgn.md "Set-up positions"), read over the initial position
	   init() made in st for cfg; the rules and options stay init()'s.
	   Checks that the position can arise (piece counts, cards once,
	   ...). Returns 0, or -1 with err (FF_EBAD_TAG, a message that
	   names the character where the fault lies, 1-based, and why). Call
	   it through ff_rules_setup_read. */
	int (*setup_read)(void *st, const struct ff_config *cfg, const char *text, size_t len,
			  struct ff_error *err) FF_HOOK;
	/* Optional, with setup_read: append the position in st as
	   setup_read reads it (reading it back gives a state with the same
	   future). Returns 0 or -1 (no memory). */
	int (*setup_write)(const void *st, struct ff_buf *out) FF_HOOK;

	/* ---- The engine's agents: optional ---- */
	const struct ff_agent *agents;  /* engine agents beyond "random" */
	int nagents;
	/* Optional (NULL: none): the options agents play with where the
	   user gives none (the first entry that names the agent and the
	   preset; lib/agent.h ff_agent_default_options), data: no game is named in
	   an agent */
	const struct ff_agent_defaults *agent_defaults;
	int nagent_defaults;
};

/* --- the registry (lib/registry.c) --- */

/* The engine called name, or NULL. */
const struct ff_rules *ff_rules_find(const char *name);
/* The i-th registered engine, NULL past the end. */
const struct ff_rules *ff_rules_at(int i);

/* --- configurations (lib/config.c) --- */

/* Fill cfg from a game's header values: game (the Game tag), rules (the
   Rules tag; NULL = the default preset), options (the Options tag:
   space- or comma-separated name or name=value; NULL = none), seats and
   first (the Seats and First tags; NULL = defaults). Returns 0, or -1 with
   err (FF_EMISSING_TAG, FF_EUNKNOWN_GAME, FF_EUNKNOWN_RULES,
   FF_EUNKNOWN_OPTION, FF_EBAD_OPTION, FF_EBAD_TAG) and, when which is not
   NULL, *which set to the faulty value's enum ff_config_part. */
enum ff_config_part { FF_PART_GAME, FF_PART_RULES, FF_PART_OPTIONS, FF_PART_SEATS, FF_PART_FIRST };
int ff_config_parse(struct ff_config *cfg, const char *game, const char *rules,
		    const char *options, const char *seats, const char *first,
		    int *which, struct ff_error *err);
/* Append the canonical ruleset id, e.g. "fivelines/kidd:dice=knuckle,skip-last".
   Returns 0 or -1. */
int ff_config_id(const struct ff_config *cfg, struct ff_buf *out);
/* Append the canonical Options tag value (non-default options sorted by
   name, space-separated; "" when all are defaults). Returns 0 or -1. */
int ff_config_options(const struct ff_config *cfg, struct ff_buf *out);
/* The seat counts the engine allows, ascending, written to out (room for
   FF_MAX_SEATS). Returns how many. */
int ff_rules_seat_counts(const struct ff_rules *rules, int *out);
/* Index of the option called name in rules->options, or -1. */
int ff_rules_option_index(const struct ff_rules *rules, const char *name);
/* Read a Deck tag value (cards separated by white space, top first) into
   cfg->deck. Returns 0, or -1 with err (FF_EBAD_TAG) for a malformed card,
   no card at all or more than FF_MAX_DECK cards. Which cards a game's deck holds is
   checked by its engine's init(). */
int ff_config_deck(struct ff_config *cfg, const char *deck, struct ff_error *err);

/* --- the door to the engines: every call of a hook (lib/rules.h) --- */
#include "lib/rules.h"

#endif
