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

	char msg[2048];
	int n;

	va_start(ap, fmt);
	n = vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof msg)   /* cut: at a character boundary */
		msg[ff_utf8_cut(msg, sizeof msg - 1, sizeof msg - 4)] = '\0';
	ff_text_clean(msg, sizeof msg);    /* user text quoted: escaped, no raw controls */
	fprintf(stderr, "fivefold %s: %s\ntry 'fivefold help %s'\n", cmd->name, msg, cmd->name);
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

int ff_parse_shard(const char *s, long *i, long *k)
{
	const char *slash = strchr(s, '/');
	char num[16];
	size_t n;

	if (!slash || (n = (size_t)(slash - s)) == 0 || n >= sizeof num)
		return -1;
	memcpy(num, s, n);
	num[n] = '\0';
	if (ff_parse_long(num, 1, 1000000, i) || ff_parse_long(slash + 1, 1, 1000000, k))
		return -1;
	return *i <= *k ? 0 : -1;
}

void ff_shard_range(unsigned long long n, long i, long k, unsigned long long *lo,
		    unsigned long long *hi)
{
	/* n * (i - 1) / k without overflow: n / k and n % k apart */
	unsigned long long q = n / (unsigned long long)k, r = n % (unsigned long long)k;

	*lo = q * (unsigned long long)(i - 1) + r * (unsigned long long)(i - 1) / (unsigned long long)k;
	*hi = q * (unsigned long long)i + r * (unsigned long long)i / (unsigned long long)k;
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
	char name[1024];

	ff_text_quote(name, sizeof name, file, strlen(file));   /* a file name is user text too */
	if (ff_buf_addf(out, "%s:%ld:%ld: %s: game %ld", name, e->line, e->col, severity, e->game))
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
	size_t n = ff_cmd_game_names(game, what, names, 64), i, cut;

	for (i = 0; i < n; i++)
		if (strlen(names[i]) == len && !strncmp(names[i], name, len))
			return 0;
	cut = ff_utf8_cut(name, len, sizeof word - 4);   /* whole characters, "..." when cut */
	snprintf(word, sizeof word, "%.*s%s", (int)cut, name, cut < len ? "..." : "");
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

/* Is v[0, n) one of the values "a|b|c" (NULL: a whole number)? */
static int value_in(const char *values, const char *v, size_t n)
{
	const char *p = values, *bar;
	size_t k;

	if (!values) {
		for (k = 0; k < n && v[k] >= '0' && v[k] <= '9'; k++)
			;
		return n > 0 && n <= 9 && k == n;
	}
	for (; p; p = bar ? bar + 1 : NULL) {
		bar = strchr(p, '|');
		k = bar ? (size_t)(bar - p) : strlen(p);
		if (k == n && !strncmp(p, v, n))
			return 1;
	}
	return 0;
}

/* "; did you mean 'X'?" into hint when one of values "a|b|c" is near
   v[0, n); else nothing. */
static void near_value(char *hint, size_t cap, const char *values, const char *v, size_t n)
{
	const char *names[16];
	char list[160], word[64], *p, *save = NULL, *cut;
	size_t k = 0;

	snprintf(list, sizeof list, "%s", values);
	for (p = strtok_r(list, "|", &save); p && k < 16; p = strtok_r(NULL, "|", &save))
		names[k++] = p;
	snprintf(word, sizeof word, "%.*s", (int)ff_utf8_cut(v, n, sizeof word - 1), v);
	ff_text_suggest(hint, cap, word, "values", names, k);
	if ((cut = strstr(hint, " (")))
		*cut = '\0';   /* the values are listed already */
}

int ff_cmd_known_value_of(const struct ff_cmd *cmd, const char *game, const char *opt,
			  const char *item, size_t len)
{
	const struct ff_rules *r;
	const char *eq = memchr(item, '=', len), *val = eq ? eq + 1 : "";
	size_t nlen = eq ? (size_t)(eq - item) : len, vlen = eq ? len - nlen - 1 : 0;
	char name[64], word[64], hint[160] = "";
	struct ff_buf takes;
	int i, j, rc;

	if (!eq || nlen >= sizeof name)
		return 0;   /* a name alone (any value, in a filter), or no such option */
	memcpy(name, item, nlen);
	name[nlen] = '\0';
	memset(&takes, 0, sizeof takes);
	for (i = 0; (r = ff_rules_at(i)); i++) {
		if ((game && strcmp(game, r->name)) || (j = ff_rules_option_index(r, name)) < 0)
			continue;
		if (value_in(r->options[j].values, val, vlen)) {
			ff_buf_free(&takes);
			return 0;
		}
		ff_buf_addf(&takes, "%s%s (%s)", takes.len ? " or " : "",
			    r->options[j].values ? r->options[j].values : "a whole number", r->name);
		if (!hint[0] && r->options[j].values)
			near_value(hint, sizeof hint, r->options[j].values, val, vlen);
	}
	if (!takes.len) {
		ff_buf_free(&takes);
		return 0;
	}
	ff_text_quote(word, sizeof word, val, vlen);
	rc = ff_cmd_usage_error(cmd, "%s: option '%s' takes %s, not '%s'%s", opt, name, takes.p,
				word, hint);
	ff_buf_free(&takes);
	return rc;
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
