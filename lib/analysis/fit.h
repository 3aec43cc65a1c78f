/* Fitting rules to a record (fivefold fit, issue 37): the record replayed
   under every preset x option combination of its game (the option space
   the engine's tables give, as `fivefold rules` lists it); for each, legal
   to its end or the first failing ply and its code; and, for the rulesets
   that fit, the log-likelihood of the record's throws under the ruleset's
   dice and of its choices under a player model. Game-agnostic: only the
   ruleset interface (lib/ruleset.h) and the agents (lib/agent.h). */
#ifndef FF_FIT_H
#define FF_FIT_H

#include <stddef.h>

#include "lib/analysis/solve.h"
#include "lib/buf.h"
#include "lib/error.h"
#include "lib/record.h"
#include "lib/ruleset.h"

/* Integer options (values NULL in the option table) are tried at
   0..FF_FIT_INT_MAX, their default and the record's own value. */
#define FF_FIT_INT_MAX 12

/* The player models of the choice likelihood. */
enum ff_fit_model {
	FF_FIT_RANDOM = 0,   /* every legal ply alike: 1/n */
	FF_FIT_GREEDY,       /* the engine's greedy agent's best plies, else any (epsilon) */
	FF_FIT_PERFECT       /* softmax over exact values (a solution) at a temperature */
};

struct ff_fit_opts {
	enum ff_fit_model model;
	double epsilon;        /* greedy: the chance of a ply drawn uniformly instead */
	double temperature;    /* perfect: > 0 */
	/* perfect: the solution of the ruleset cfg (its id), or NULL with
	   *why saying why there is none (a static string); called with ctx
	   for each ruleset that fits (NULL: there are none) */
	const struct ff_solution *(*solution)(void *ctx, const struct ff_config *cfg, const char *id,
					      const char **why);
	void *ctx;
	size_t max_space;      /* more combinations than this: the neighbourhood (0: 100,000) */
};

/* One ruleset tried. Strings are offsets into the fit's text. */
struct ff_fit_entry {
	int preset;
	size_t id, options;    /* the ruleset id; the Options value ("" for none) */
	int fit;               /* 1: legal to the end, result included */
	int header;            /* 1: the record's own Rules and Options */
	int ply;               /* not fit: the failing ply (1-based; 0 the header) */
	int reached;           /* plies legal under it (all of them when it fits) */
	enum ff_code code;     /* not fit: the diagnostic's code */
	size_t msg;            /* not fit: its message */
	long line, col;        /* not fit: where in the record */
	int seat;              /* not fit: the seat at fault (1-based; 0 not known) */
	int throws;            /* throws in the record (fits only) */
	int nthrows_ok;        /* 1: ll_throws known (the engine lists its chances) */
	int nchoices_ok;       /* 1: ll_choices known under the model */
	double ll_throws, ll_choices;
	size_t why;            /* fits: why a part is unknown ("" when none) */
};

/* A fit of one record. Invariants after ff_fit_run: e[0..n) are ranked
   (fits first, by log-likelihood where known, then the others by plies
   reached, each group in enumeration order where equal); text holds the
   strings the entries name. */
struct ff_fit {
	const struct ff_rules *rules;
	struct ff_fit_entry *e;
	size_t n, cap;
	struct ff_buf text;
	size_t combos;         /* preset x option combinations in the space */
	size_t refused;        /* of them, the ones the engine's init() refuses */
	size_t duplicates;     /* of them, the same ruleset as another (canon) */
	int neighbourhood;     /* 1: the space was too large; the neighbourhood was searched */
	int clipped;           /* 1: an option's values beyond the 32nd were not tried */
	int plies;             /* the record's plies */
	int nfit;
};

void ff_fit_init(struct ff_fit *f);
void ff_fit_free(struct ff_fit *f);

/* Fit rec: its game from the Game tag; its seats, first seat, Seed and
   Deck as the record gives them. Returns 0, or -1 with err (located at the
   game: a missing or unknown Game tag, seats the game does not take;
   FF_ENOMEM). */
int ff_fit_run(struct ff_fit *f, const struct ff_record *rec, const struct ff_fit_opts *o,
	       struct ff_error *err);

/* Append one sentence saying how the space of f was searched, e.g.
   "every combination of fivelines's 4 presets and their options: 6336
   rulesets". Returns 0 or -1. */
int ff_fit_describe(const struct ff_fit *f, struct ff_buf *out);

/* The entry's string at offset off. */
static inline const char *ff_fit_str(const struct ff_fit *f, size_t off)
{
	return f->text.p + off;
}

/* The total log-likelihood of a fit (throws + choices), 1 when known. */
static inline int ff_fit_loglik(const struct ff_fit_entry *e, double *ll)
{
	if (!e->fit || !e->nthrows_ok || !e->nchoices_ok)
		return 0;
	*ll = e->ll_throws + e->ll_choices;
	return 1;
}

/* The model's name ("random", "greedy", "perfect"). */
const char *ff_fit_model_name(enum ff_fit_model m);

#endif
