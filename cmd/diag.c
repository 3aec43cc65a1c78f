/* Shared CLI helpers: option parsing from command tables, help text,
   diagnostics in text and JSON. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "db/store.h"
#include "formats/format.h"
#include "lib/ruleset.h"
#include "lib/text.h"

void ff_cmd_help(const struct ff_cmd *cmd, FILE *fp)
{
	const struct ff_opt *o;
	char left[64];

	fprintf(fp, "usage: fivefold %s %s\n\n%s\n", cmd->name, cmd->usage, cmd->about);
	if (!cmd->opts || !cmd->opts[0].name)
		return;
	fputs("\noptions:\n", fp);
	for (o = cmd->opts; o->name; o++) {
		if (o->val < 256)
			snprintf(left, sizeof left, "-%c, --%s%s%s", o->val, o->name,
				 o->arg ? " " : "", o->arg ? o->arg : "");
		else
			snprintf(left, sizeof left, "    --%s%s%s", o->name, o->arg ? " " : "",
				 o->arg ? o->arg : "");
		fprintf(fp, "  %-26s %s\n", left, o->help);
	}
}

void ff_getopt_init(struct ff_getopt *g, const struct ff_cmd *cmd)
{
	const struct ff_opt *o;
	size_t n = 0, k = 0;

	g->cmd = cmd;
	g->shorts[k++] = ':';
	for (o = cmd->opts; o && o->name && n + 1 < sizeof g->longs / sizeof g->longs[0]; o++) {
		g->longs[n].name = o->name;
		g->longs[n].has_arg = o->has_arg;
		g->longs[n].flag = NULL;
		g->longs[n].val = o->val;
		n++;
		if (o->val < 256 && k + 3 < sizeof g->shorts) {
			g->shorts[k++] = (char)o->val;
			if (o->has_arg == required_argument)
				g->shorts[k++] = ':';
		}
	}
	memset(&g->longs[n], 0, sizeof g->longs[n]);
	g->shorts[k] = '\0';
	optind = 0;   /* glibc and gnulib: 0 re-initialises getopt */
}

int ff_getopt_next(struct ff_getopt *g, int argc, char **argv, char **arg)
{
	int c = getopt_long(argc, argv, g->shorts, g->longs, NULL);

	*arg = optarg;
	if (c == ':' || c == '?') {
		fprintf(stderr, "fivefold %s: %s '%s'\n", g->cmd->name,
			c == ':' ? "option needs an argument:" : "unknown option",
			argv[optind - 1]);
		fprintf(stderr, "try 'fivefold help %s'\n", g->cmd->name);
		return '?';
	}
	return c;
}

int ff_cmd_usage_error(const struct ff_cmd *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fivefold %s: ", cmd->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\ntry 'fivefold help %s'\n", cmd->name);
	return FF_EXIT_USAGE;
}

int ff_parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	if (!s || !*s || *s == '-' || *s == '+')
		return -1;
	v = strtol(s, &end, 10);
	if (*end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

int ff_json_str(struct ff_buf *out, const char *s)
{
	int rc = ff_buf_addc(out, '"');

	for (; *s && !rc; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			rc = ff_buf_addc(out, '\\') || ff_buf_addc(out, (char)c);
		else if (c == '\n')
			rc = ff_buf_adds(out, "\\n");
		else if (c == '\t')
			rc = ff_buf_adds(out, "\\t");
		else if (c == '\r')
			rc = ff_buf_adds(out, "\\r");
		else if (c < 0x20)
			rc = ff_buf_addf(out, "\\u%04x", c);
		else
			rc = ff_buf_addc(out, (char)c);
	}
	return rc || ff_buf_addc(out, '"') ? -1 : 0;
}

int ff_diag_format(struct ff_buf *out, const char *file, const struct ff_error *e)
{
	if (ff_buf_addf(out, "%s:%ld:%ld: error: game %ld", file, e->line, e->col, e->game))
		return -1;
	if (e->ply > 0 && ff_buf_addf(out, ", ply %d", e->ply))
		return -1;
	if (e->ply > 0 && e->seat > 0 && ff_buf_addf(out, " (seat %d)", e->seat))
		return -1;
	return ff_buf_addf(out, ": %s [%s]\n", e->msg, ff_code_name(e->code));
}

/* The names of what every engine has: its name (what 0), its presets (1)
   or its options (2), each once, into names (room for max). Returns how
   many. */
static size_t engine_names(int what, const char **names, size_t max)
{
	const struct ff_rules *r;
	size_t n = 0, k;
	int i, j, count;

	for (i = 0; (r = ff_rules_at(i)); i++) {
		count = what == 0 ? 1 : what == 1 ? r->npresets : r->noptions;
		for (j = 0; j < count && n < max; j++) {
			const char *name = what == 0 ? r->name : what == 1 ? r->presets[j].name
								      : r->options[j].name;

			for (k = 0; k < n && strcmp(names[k], name); k++)
				;
			if (k == n)
				names[n++] = name;
		}
	}
	return n;
}

int ff_cmd_known_name(const struct ff_cmd *cmd, int what, const char *opt, const char *name,
		      size_t len)
{
	static const char *const kinds[] = { "games", "presets", "options" };
	const char *names[64];
	char hint[320], word[64];
	size_t n = engine_names(what, names, 64), i;

	for (i = 0; i < n; i++)
		if (strlen(names[i]) == len && !strncmp(names[i], name, len))
			return 0;
	snprintf(word, sizeof word, "%.*s", (int)len, name);
	return ff_cmd_usage_error(cmd, "%s: no game has %s '%s'%s", opt,
				  what == 0 ? "the name" : what == 1 ? "a preset" : "an option", word,
				  ff_text_suggest(hint, sizeof hint, word, kinds[what], names, n));
}

/* Is s a date YYYY.MM.DD? */
static int is_date(const char *s)
{
	int i;

	for (i = 0; i < 10; i++)
		if (i == 4 || i == 7 ? s[i] != '.' : s[i] < '0' || s[i] > '9')
			return 0;
	return s[10] == '\0' && (s[5] - '0') * 10 + (s[6] - '0') >= 1 &&
	       (s[5] - '0') * 10 + (s[6] - '0') <= 12 && (s[8] - '0') * 10 + (s[9] - '0') >= 1 &&
	       (s[8] - '0') * 10 + (s[9] - '0') <= 31;
}

int ff_cmd_filter_option(const struct ff_cmd *cmd, int c, char *arg, struct ff_stats_filter *f)
{
	switch (c) {
	case FF_OPT_GAME:
		if (ff_cmd_known_name(cmd, 0, "--game", arg, strlen(arg)))
			return FF_EXIT_USAGE;
		f->game = arg;
		break;
	case FF_OPT_RULES:
		if (ff_cmd_known_name(cmd, 1, "--rules", arg, strlen(arg)))
			return FF_EXIT_USAGE;
		f->preset = arg;
		break;
	case FF_OPT_OPTION:
		if (ff_cmd_known_name(cmd, 2, "--option", arg, strcspn(arg, "=")))
			return FF_EXIT_USAGE;
		f->option = arg;
		break;
	case FF_OPT_ORIGIN:
		if (strcmp(arg, "imported") && strcmp(arg, "simulated"))
			return ff_cmd_usage_error(cmd, "--origin takes imported or simulated, not '%s'", arg);
		f->origin = arg;
		break;
	case FF_OPT_PLAYER: f->player = arg; break;
	default:
		if (!is_date(arg))
			return ff_cmd_usage_error(cmd, "%s takes a date YYYY.MM.DD, not '%s'",
						  c == FF_OPT_SINCE ? "--since" : "--until", arg);
		if (c == FF_OPT_SINCE)
			f->since = arg;
		else
			f->until = arg;
		break;
	}
	return 0;
}

const struct ff_format *ff_cmd_format(const struct ff_cmd *cmd, const char *name)
{
	const struct ff_format *f = ff_format_find(name);
	const char *names[16];
	char hint[200];
	int i;

	if (f)
		return f;
	for (i = 0; i < 16 && ff_format_at(i); i++)
		names[i] = ff_format_at(i)->name;
	ff_cmd_usage_error(cmd, "unknown format '%s'%s", name,
			   ff_text_suggest(hint, sizeof hint, name, "formats", names, (size_t)i));
	return NULL;
}

const struct ff_format *ff_cmd_output_format(const struct ff_cmd *cmd, const char *given,
					     const char *output)
{
	const struct ff_format *f;
	const char *base, *dot, *names[16];
	char hint[200];
	int i;

	if (given)
		return ff_cmd_format(cmd, given);
	if (!output)
		return ff_format_find("fgn");
	if ((f = ff_format_for_path(output)))
		return f;
	base = strrchr(output, '/') ? strrchr(output, '/') + 1 : output;
	if (!(dot = strrchr(base, '.')) || dot == base)
		return ff_format_find("fgn");   /* no extension: FGN */
	for (i = 0; i < 16 && ff_format_at(i); i++)
		names[i] = ff_format_at(i)->ext;
	ff_cmd_usage_error(cmd, "cannot tell the format of '%s' from its extension: give --format%s",
			   output, ff_text_suggest(hint, sizeof hint, dot + 1, "extensions", names,
						   (size_t)i));
	return NULL;
}

int ff_cmd_open_store(const struct ff_cmd *cmd, const char *db, int read_only,
		      struct ff_store **out)
{
	struct ff_error err;

	if (!db)
		return ff_cmd_usage_error(cmd, "--db FILE is required");
	if (read_only && access(db, F_OK) != 0)   /* a typo is a usage error, never an empty store */
		return ff_cmd_usage_error(cmd, "no store '%s' (import creates one)", db);
	ff_error_clear(&err);
	/* read-only: never creates, upgrades or writes the store */
	if (read_only ? ff_store_open_read(out, db, &err) : ff_store_open(out, db, &err)) {
		fprintf(stderr, "fivefold %s: %s\n", cmd->name, err.msg);
		return FF_EXIT_FAIL;
	}
	return 0;
}
