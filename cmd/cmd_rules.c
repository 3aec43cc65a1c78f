/* fivefold rules: list games, presets and options with their defaults,
   as text or as one JSON document. */
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

/* --- --format json (docs/json.md, "fivefold rules --format json") --- */

/* "a|b|c" as ["a","b","c"]. */
static void json_words(struct ff_buf *b, const char *words)
{
	size_t n;

	ff_buf_addc(b, '[');
	for (n = 0; *words; words += n + (words[n] == '|')) {
		n = strcspn(words, "|");
		ff_buf_adds(b, b->p[b->len - 1] == '[' ? "\"" : ",\"");
		ff_buf_add(b, words, n);
		ff_buf_addc(b, '"');
	}
	ff_buf_addc(b, ']');
}

/* ,"type":...,"values":...,"default":... of a value that is one of values
   (words), a number (values NULL, or "N"/"X" for an agent's) or text. */
static void json_value_kind(struct ff_buf *b, const char *values, const char *dflt)
{
	int number = !values || strcmp(values, "N") == 0 || strcmp(values, "X") == 0;

	if (values && strncmp(values, "N|", 2) == 0) {   /* a whole number, or one of words */
		ff_buf_adds(b, ",\"type\":\"integer\",\"values\":");
		json_words(b, values + 2);
		ff_buf_adds(b, ",\"default\":");
		if (!dflt)
			ff_buf_adds(b, "null");
		else if (dflt[0] >= '0' && dflt[0] <= '9')
			ff_buf_adds(b, dflt);
		else
			ff_json_str(b, dflt);
		return;
	}

	ff_buf_addf(b, ",\"type\":\"%s\",\"values\":",
		    number ? (values && values[0] == 'X' ? "number" : "integer") : "choice");
	if (number)
		ff_buf_adds(b, "null");
	else
		json_words(b, values);
	ff_buf_adds(b, ",\"default\":");
	if (!dflt)
		ff_buf_adds(b, "null");
	else if (number)
		ff_buf_adds(b, dflt);
	else
		ff_json_str(b, dflt);
}

static void json_option(struct ff_buf *b, const struct ff_rules *r, const struct ff_option_desc *o)
{
	int i, first = 1;

	ff_buf_adds(b, "{\"name\":");
	ff_json_str(b, o->name);
	json_value_kind(b, o->values, o->dflt);
	ff_buf_addf(b, ",\"switch\":%s,\"presets\":[",
		    o->values && strncmp(o->values, "no|yes", 6) == 0 ? "true" : "false");
	for (i = 0; i < r->npresets; i++)
		if (!o->presets || (o->presets & (1u << i))) {
			ff_buf_adds(b, first ? "" : ",");
			ff_json_str(b, r->presets[i].name);
			first = 0;
		}
	ff_buf_adds(b, "],\"help\":");
	ff_json_str(b, o->help);
	ff_buf_addc(b, '}');
}

/* ,"defaults":{"PRESET":"OPTIONS",...}: the options r gives agent a in
   each preset that has some (ff_agent_default_options). */
static void json_agent_defaults(struct ff_buf *b, const struct ff_rules *r,
				const struct ff_agent *a)
{
	struct ff_config cfg;
	const char *d;
	int p, first = 1;

	ff_buf_adds(b, ",\"defaults\":{");
	for (p = 0; p < r->npresets; p++) {
		memset(&cfg, 0, sizeof cfg);
		cfg.rules = r;
		cfg.preset = p;
		if (!*(d = ff_agent_default_options(&cfg, a)))
			continue;
		ff_buf_adds(b, first ? "" : ",");
		ff_json_str(b, r->presets[p].name);
		ff_buf_addc(b, ':');
		ff_json_str(b, d);
		first = 0;
	}
	ff_buf_addc(b, '}');
}

static void json_agent(struct ff_buf *b, const struct ff_rules *r, const struct ff_agent *a)
{
	int i;

	ff_buf_adds(b, "{\"name\":");
	ff_json_str(b, a->name);
	ff_buf_adds(b, ",\"help\":");
	ff_json_str(b, a->help);
	ff_buf_adds(b, ",\"options\":[");
	for (i = 0; i < a->noptions; i++) {
		ff_buf_adds(b, i ? ",{\"name\":" : "{\"name\":");
		ff_json_str(b, a->options[i].name);
		json_value_kind(b, a->options[i].values, a->options[i].dflt);
		ff_buf_adds(b, ",\"help\":");
		ff_json_str(b, a->options[i].help);
		ff_buf_addc(b, '}');
	}
	ff_buf_addc(b, ']');
	json_agent_defaults(b, r, a);
	ff_buf_addc(b, '}');
}

static void json_game(struct ff_buf *b, const struct ff_rules *r)
{
	const struct ff_agent *a;
	int i, n, counts[FF_MAX_SEATS];

	ff_buf_adds(b, "{\"name\":");
	ff_json_str(b, r->name);
	ff_buf_adds(b, ",\"title\":");
	ff_json_str(b, r->title);
	ff_buf_adds(b, ",\"seats\":{\"counts\":[");
	n = ff_rules_seat_counts(r, counts);
	for (i = 0; i < n; i++)
		ff_buf_addf(b, "%s%d", i ? "," : "", counts[i]);
	ff_buf_addf(b, "],\"default\":%d},\"presets\":[", r->seats_default);
	for (i = 0; i < r->npresets; i++) {
		ff_buf_adds(b, i ? ",{\"name\":" : "{\"name\":");
		ff_json_str(b, r->presets[i].name);
		ff_buf_addf(b, ",\"default\":%s,\"help\":", i == 0 ? "true" : "false");
		ff_json_str(b, r->presets[i].help);
		ff_buf_addc(b, '}');
	}
	ff_buf_adds(b, "],\"options\":[");
	for (i = 0; i < r->noptions; i++) {
		ff_buf_adds(b, i ? "," : "");
		json_option(b, r, &r->options[i]);
	}
	ff_buf_adds(b, "],\"agents\":[");
	for (i = 0; (a = ff_agent_at(r, i)) != NULL; i++) {
		ff_buf_adds(b, i ? "," : "");
		json_agent(b, r, a);
	}
	ff_buf_adds(b, "]}");
}

/* One document: {"games":[...]}, the games named or all. Returns the exit
   status. */
static int print_json(int argc, char **argv)
{
	struct ff_buf b = FF_BUF_INIT;
	const struct ff_rules *r;
	int i, rc;

	ff_buf_adds(&b, "{\"games\":[");
	for (i = 0; i < argc; i++) {
		ff_buf_adds(&b, i ? ",\n" : "\n");
		json_game(&b, ff_rules_find(argv[i]));
	}
	for (i = 0; argc == 0 && (r = ff_rules_at(i)); i++) {
		ff_buf_adds(&b, i ? ",\n" : "\n");
		json_game(&b, r);
	}
	rc = ff_buf_adds(&b, "\n]}\n");
	if (!rc)
		fwrite(b.p, 1, b.len, stdout);
	else
		fputs("fivefold rules: out of memory\n", stderr);
	ff_buf_free(&b);
	return rc ? FF_EXIT_FAIL : FF_EXIT_OK;
}

/* What the options say. */
struct rset {
	int json;
};

static const struct ff_opt opts[] = {
	FF_OPT(FORMAT, struct rset, json, .choices = "text|json", .dflt = "text",
	       .help = "text, or one JSON document (docs/json.md)"),
	FF_OPT_DONE
};

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct rset *o = set;
	const struct ff_rules *r;
	int i;

	for (i = 0; i < argc; i++)   /* every name first: a typo prints nothing */
		if (ff_cmd_known_name(cmd, 0, NULL, argv[i], strlen(argv[i])))
			return FF_EXIT_USAGE;
	if (o->json)
		return print_json(argc, argv);
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
		 "`simulate` can use; with --format json, the same as one JSON document.",
	.opts = opts,
	.settings = sizeof(struct rset),
	.run = run,
};
