/* fivefold rules: list games, presets and options with their defaults. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "lib/agent.h"
#include "lib/ruleset.h"

static void print_presets_mask(const struct ff_rules *r, unsigned mask)
{
	int i, first = 1;

	if (!mask)
		return;
	fputs(" (", stdout);
	for (i = 0; i < r->npresets; i++)
		if (mask & (1u << i)) {
			printf("%s%s", first ? "" : ", ", r->presets[i].name);
			first = 0;
		}
	fputs(" only)", stdout);
}

/* The options the engine gives agent a where the user gives none: one
   line for every preset when they agree, else a line per preset. */
static void print_defaults(const struct ff_rules *r, const struct ff_agent *a)
{
	struct ff_config cfg = { .rules = r };
	const char *d0, *d;
	int same = 1;

	cfg.preset = 0;
	d0 = ff_agent_default_options(&cfg, a);
	for (cfg.preset = 1; cfg.preset < r->npresets; cfg.preset++)
		same &= strcmp(ff_agent_default_options(&cfg, a), d0) == 0;
	if (same && *d0) {
		printf("    %-10s defaults: %s\n", "", d0);
		return;
	}
	for (cfg.preset = 0; !same && cfg.preset < r->npresets; cfg.preset++)
		if (*(d = ff_agent_default_options(&cfg, a)))
			printf("    %-10s defaults (%s): %s\n", "", r->presets[cfg.preset].name, d);
}

static void print_game(const struct ff_rules *r)
{
	const struct ff_agent *a;
	int i, n, counts[FF_MAX_SEATS];

	printf("%s: %s, ", r->name, r->title);
	n = ff_rules_seat_counts(r, counts);
	for (i = 0; i < n; i++)
		printf("%d%s", counts[i], i + 2 < n ? ", " : i + 1 < n ? " or " : "");
	printf(" seats");
	if (n > 1)
		printf(" (Seats tag; default %d)", r->seats_default);
	printf("\n  presets (Rules tag; the first is the default):\n");
	for (i = 0; i < r->npresets; i++)
		printf("    %-20s %s\n", r->presets[i].name, r->presets[i].help);
	printf("  options (Options tag; name=value, or name alone for =yes):\n");
	for (i = 0; i < r->noptions; i++) {
		const struct ff_option_desc *o = &r->options[i];

		printf("    %s=%s, default %s", o->name, o->values ? o->values : "N", o->dflt);
		print_presets_mask(r, o->presets);
		printf("\n        %s\n", o->help);
	}
	printf("  agents (simulate --agents):\n");
	for (i = 0; (a = ff_agent_at(r, i)) != NULL; i++) {
		printf("    %-10s %s\n", a->name, a->help);
		print_defaults(r, a);
	}
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct ff_rules *r;
	int i;

	(void)set;
	for (i = 0; i < argc; i++)   /* every name first: a typo prints nothing */
		if (ff_cmd_known_name(cmd, 0, NULL, argv[i], strlen(argv[i])))
			return FF_EXIT_USAGE;
	for (i = 0; i < argc; i++)
		print_game(ff_rules_find(argv[i]));
	for (i = 0; argc == 0 && (r = ff_rules_at(i)); i++)
		print_game(r);
	return FF_EXIT_OK;
}

const struct ff_cmd ff_cmd_rules = {
	.name = "rules",
	.summary = "list games, rules presets, options and agents",
	.operands = "[GAME...]",
	.operand = FF_C_GAME,
	.about = "Lists every game fivefold knows (or the ones named), with its rules\n"
		 "presets, the header options and their defaults, and the agents that\n"
		 "`simulate` can use.",
	.run = run,
};
