/* Shared CLI helpers: usage errors, names of games, presets, options
   and formats with suggestions, the store, diagnostics in text and
   JSON. */
#include "config.h"

#include <errno.h>
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

double ff_parse_fraction(const char *s)
{
	double v = 0, scale = 1;
	int digits = 0, point = 0;

	for (; *s; s++) {
		if (*s == '.' && !point) {
			point = 1;
		} else if (*s >= '0' && *s <= '9' && digits < 18) {
			digits++;
			if (point)
				v += (*s - '0') * (scale /= 10);
			else
				v = v * 10 + (*s - '0');
		} else {
			return -1;
		}
	}
	return digits && v <= 1 ? v : -1;
}

int ff_json_str(struct ff_buf *out, const char *s)
{
	return ff_buf_json_str(out, s);
}

int ff_json_warnings(struct ff_buf *out, const struct ff_error *w, size_t n)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < n && !rc; i++) {
		rc = ff_buf_addf(out, "%s{\"line\":%ld,\"col\":%ld,\"code\":",
				 i ? "," : ",\"warnings\":[", w[i].line, w[i].col) ||
		     ff_json_str(out, ff_code_name(w[i].code)) ||
		     ff_buf_adds(out, ",\"message\":") || ff_json_str(out, w[i].msg) ||
		     ff_buf_addc(out, '}');
	}
	return rc || (n && ff_buf_addc(out, ']')) ? -1 : 0;
}

int ff_diag_format(struct ff_buf *out, const char *file, const struct ff_error *e)
{
	return ff_diag_format_as(out, file, e, ff_code_is_warning(e->code) ? "warning" : "error");
}

int ff_diag_format_as(struct ff_buf *out, const char *file, const struct ff_error *e,
		      const char *severity)
{
	if (ff_buf_addf(out, "%s:%ld:%ld: %s: game %ld", file, e->line, e->col, severity, e->game))
		return -1;
	if (e->ply > 0 && ff_buf_addf(out, ", ply %d", e->ply))
		return -1;
	if (e->ply > 0 && e->seat > 0 && ff_buf_addf(out, " (seat %d)", e->seat))
		return -1;
	return ff_buf_addf(out, ": %s [%s]\n", e->msg, ff_code_name(e->code));
}

size_t ff_cmd_game_names(const char *game, int what, const char **names, size_t max)
{
	const struct ff_rules *r;
	size_t n = 0, k;
	int i, j, count;

	for (i = 0; (r = ff_rules_at(i)); i++) {
		if (game && strcmp(game, r->name))
			continue;
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

size_t ff_cmd_engine_names(int what, const char **names, size_t max)
{
	return ff_cmd_game_names(NULL, what, names, max);
}

int ff_cmd_known_name_of(const struct ff_cmd *cmd, const char *game, int what, const char *opt,
			 const char *name, size_t len)
{
	static const char *const kinds[] = { "games", "presets", "options" };
	const char *names[64];
	char hint[320], word[64], kind[64];
	size_t n = ff_cmd_game_names(game, what, names, 64), i;

	for (i = 0; i < n; i++)
		if (strlen(names[i]) == len && !strncmp(names[i], name, len))
			return 0;
	snprintf(word, sizeof word, "%.*s", (int)len, name);
	if (!opt)
		return ff_cmd_usage_error(cmd, "unknown game '%s'%s", word,
					  ff_text_suggest(hint, sizeof hint, word, kinds[what], names, n));
	if (game && what) {
		snprintf(kind, sizeof kind, "%s of %s", kinds[what], game);
		return ff_cmd_usage_error(cmd, "%s: %s has no %s '%s'%s", opt, game,
					  what == 1 ? "preset" : "option", word,
					  ff_text_suggest(hint, sizeof hint, word, kind, names, n));
	}
	return ff_cmd_usage_error(cmd, "%s: no game has %s '%s'%s", opt,
				  what == 0 ? "the name" : what == 1 ? "a preset" : "an option", word,
				  ff_text_suggest(hint, sizeof hint, word, kinds[what], names, n));
}

int ff_cmd_known_name(const struct ff_cmd *cmd, int what, const char *opt, const char *name,
		      size_t len)
{
	return ff_cmd_known_name_of(cmd, NULL, what, opt, name, len);
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

const struct ff_format *ff_cmd_output_format(const struct ff_cmd *cmd, const struct ff_format *given,
					     const char *output)
{
	const struct ff_format *f;
	const char *base, *dot, *names[16];
	char hint[200];
	int i;

	if (given)
		return given;
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

const char *ff_cmd_store_name(const char *db, struct ff_buf *b)
{
	ff_buf_reset(b);
	return ff_store_hide(db, db, b) ? "***" : b->p;
}

int ff_cmd_open_store(const struct ff_cmd *cmd, const char *db, int mode,
		      struct ff_store **out)
{
	struct ff_buf name = FF_BUF_INIT;
	struct ff_error err;
	int rc;

	if (!db)
		return ff_cmd_usage_error(cmd, "--db FILE is required");
	if (mode == 1 && !ff_store_exists(db)) {   /* a typo is a usage error, never an empty store */
		rc = ff_cmd_usage_error(cmd, "no store '%s' (import creates one)",
					ff_cmd_store_name(db, &name));
		ff_buf_free(&name);
		return rc;
	}
	ff_error_clear(&err);
	/* read-only: never creates, upgrades or writes the store */
	if (mode == 1 ? ff_store_open_read(out, db, &err) : mode == 2 ?
	    ff_store_open_init(out, db, &err) : ff_store_open(out, db, &err)) {
		fprintf(stderr, "fivefold %s: %s\n", cmd->name, err.msg);
		return FF_EXIT_FAIL;
	}
	return 0;
}
