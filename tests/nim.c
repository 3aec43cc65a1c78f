/* A dummy rules engine for the tests, not part of fivefold: Nim with one
   pile (two seats take 1 to `take` tokens in turn; who takes the last
   wins). It stands for "a new engine": tests/test_conformance_nim builds
   the conformance suite with it added to the registry
   (lib/registry.c's FF_TEST_ENGINE), so that the suite is seen to cover
   an engine it was not edited for. Plies: "t2" (take two), short "2". */
#include "config.h"

#define FF_RULES_DOOR 1   /* an engine: it defines the hooks */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/ruleset.h"
#include "lib/svg.h"

enum { O_TOKENS, O_TAKE, O_COUNT };

struct nim_state {
	int left, take, turn, plies, last;   /* last: the seat that took last, -1 none */
};

static const struct ff_preset_desc nim_presets[] = {
	{ "normal", "who takes the last token wins" },
};

static const struct ff_option_desc nim_options[] = {
	{ "tokens", NULL, "7", 0, "tokens in the pile at the start" },
	{ "take", "2|3", "3", 0, "at most this many tokens a turn" },
};

static int nim_init(void *st, const struct ff_config *cfg, struct ff_rng *chance,
		    struct ff_error *err)
{
	struct nim_state *s = st;

	(void)chance;
	if (cfg->seats != 2)
		return ff_error_set(err, FF_EBAD_TAG, "game 'nim' takes 2 seats, not %d", cfg->seats);
	if (cfg->opt[O_TOKENS] < 1 || cfg->opt[O_TOKENS] > 99)
		return ff_error_set(err, FF_EBAD_OPTION, "option 'tokens' takes 1 to 99, not %d",
				    cfg->opt[O_TOKENS]);
	memset(s, 0, sizeof *s);
	s->left = cfg->opt[O_TOKENS];
	s->take = cfg->opt[O_TAKE] + 2;
	s->turn = cfg->first;
	s->last = -1;
	return 0;
}

static int nim_sides(const void *st)
{
	(void)st;
	return 2;
}

static int nim_side_of(const void *st, int seat)
{
	(void)st;
	return seat;
}

static int nim_to_move(const void *st)
{
	return ((const struct nim_state *)st)->turn;
}

static int nim_legal(const void *st, int chance, struct ff_ply *out)
{
	const struct nim_state *s = st;
	int k, n = 0;

	(void)chance;
	for (k = 1; k <= s->take && k <= s->left; k++) {
		ff_ply_clear(&out[n]);
		out[n++].w[0] = (int16_t)k;
	}
	return n;
}

static int nim_apply(void *st, struct ff_ply *ply, struct ff_rng *chance, struct ff_error *err)
{
	struct nim_state *s = st;

	(void)chance;
	(void)err;
	s->left -= ply->w[0];
	s->last = s->turn;
	s->turn = 1 - s->turn;
	s->plies++;
	return 0;
}

static void nim_outcome(const void *st, struct ff_outcome *out)
{
	const struct nim_state *s = st;

	out->term = s->left == 0 ? FF_TERM_NORMAL : FF_TERM_NONE;
	out->winner = s->left == 0 ? s->last : -1;
}

static int nim_parse(const void *st, const char *tok, size_t len, struct ff_ply *out,
		     struct ff_error *err)
{
	size_t i = len && (tok[0] == 't' || tok[0] == 'T');
	int k = 0;

	(void)st;
	if (i == len || len - i > 2)
		return ff_error_set(err, FF_ESYNTAX, "'%.*s' is not a ply of nim (t1, t2, ...)",
				    (int)len, tok);
	for (; i < len; i++) {
		if (tok[i] < '0' || tok[i] > '9')
			return ff_error_set(err, FF_ESYNTAX, "'%.*s' is not a ply of nim", (int)len,
					    tok);
		k = k * 10 + tok[i] - '0';
	}
	if (k < 1)
		return ff_error_set(err, FF_ESYNTAX, "a ply takes at least one token");
	ff_ply_clear(out);
	out->w[0] = (int16_t)k;
	return 0;
}

static int nim_format(const void *st, const struct ff_ply *ply, enum ff_ply_form form,
		      struct ff_buf *out)
{
	(void)st;
	return ff_buf_addf(out, "%s%d", form == FF_FORM_SHORT ? "" : "t", ply->w[0]);
}

static void nim_explain(const void *st, const struct ff_ply *ply, struct ff_buf *out)
{
	const struct nim_state *s = st;

	if (getenv("FF_NIM_BROKEN"))   /* tests/nim.sh's control: no reason given */
		return;
	if (ply->w[0] > s->left)
		ff_buf_addf(out, "%d tokens are left, not %d", s->left, ply->w[0]);
	else
		ff_buf_addf(out, "a turn takes at most %d tokens", s->take);
}

static void nim_render(const void *st, struct ff_buf *out)
{
	const struct nim_state *s = st;

	ff_buf_addf(out, "pile: %d token%s; seat %d to move\n", s->left, s->left == 1 ? "" : "s",
		    s->turn + 1);
}

static void nim_render_svg(const void *st, const char *caption, struct ff_buf *out)
{
	const struct nim_state *s = st;
	int i;

	ff_svg_begin(out, 40 + 20.0 * 99, 80, "Nim");
	if (caption)
		ff_svg_text(out, 20, 20, 13, "start", "#000000", "%s", caption);
	for (i = 0; i < s->left; i++)
		ff_svg_circle(out, 30 + 20.0 * i, 50, 8, "#000000", "none", 0);
	ff_svg_text(out, 20, 75, 11, "start", "#000000", "%d left", s->left);
	ff_svg_end(out);
}

static int nim_render_json(const void *st, struct ff_buf *out)
{
	const struct nim_state *s = st;

	return ff_buf_addf(out, "{\"left\":%d,\"take\":%d}", s->left, s->take);
}

const struct ff_rules ff_nim_rules = {
	.name = "nim",
	.title = "Nim (a test engine)",
	.presets = nim_presets,
	.npresets = 1,
	.seats_min = 2,
	.seats_max = 2,
	.seats_default = 2,
	.state_size = sizeof(struct nim_state),
	.options = nim_options,
	.noptions = O_COUNT,
	.init = nim_init,
	.sides = nim_sides,
	.side_of = nim_side_of,
	.to_move = nim_to_move,
	.legal = nim_legal,
	.apply = nim_apply,
	.outcome = nim_outcome,
	.parse = nim_parse,
	.format = nim_format,
	.explain = nim_explain,
	.render = nim_render,
	.render_svg = nim_render_svg,
	.render_json = nim_render_json,
};
