/* Configurations: from header tags to a struct ff_config, and back to the
   canonical ruleset id and Options value. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "lib/cards.h"
#include "lib/ruleset.h"
#include "lib/text.h"

int ff_rules_option_index(const struct ff_rules *rules, const char *name)
{
	int i;

	for (i = 0; i < rules->noptions; i++)
		if (strcmp(rules->options[i].name, name) == 0)
			return i;
	return -1;
}

/* Index of value (n bytes) in the '|'-separated list, or -1. */
static int value_index(const char *list, const char *value, size_t n)
{
	const char *p = list, *bar;
	int i = 0;

	for (;;) {
		bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		if (len == n && memcmp(p, value, n) == 0)
			return i;
		if (!bar)
			return -1;
		p = bar + 1;
		i++;
	}
}

/* The i-th value of a '|'-separated list, copied into buf. */
static const char *value_at(const char *list, int i, char *buf, size_t cap)
{
	const char *p = list, *bar;
	size_t len;

	while (i-- > 0 && (bar = strchr(p, '|')))
		p = bar + 1;
	bar = strchr(p, '|');
	len = bar ? (size_t)(bar - p) : strlen(p);
	if (len >= cap)
		len = cap - 1;
	memcpy(buf, p, len);
	buf[len] = '\0';
	return buf;
}

static int is_switch(const struct ff_option_desc *o)
{
	return o->values && value_index(o->values, "yes", 3) == 1 &&
	       value_index(o->values, "no", 2) == 0;
}

static int parse_int(const char *s, size_t n, long lo, long hi, long *out)
{
	long v = 0;
	size_t i;

	if (n == 0 || n > 9)
		return -1;
	for (i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	if (v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static int default_value(const struct ff_option_desc *o)
{
	long v = 0;

	if (!o->values) {
		parse_int(o->dflt, strlen(o->dflt), 0, 1000000000L, &v);
		return (int)v;
	}
	return value_index(o->values, o->dflt, strlen(o->dflt));
}

/* The error for value val[0, vlen) of option name, which takes one of
   o->values: the values, and the nearest when one is near. Returns -1. */
static int bad_value(const struct ff_option_desc *o, const char *name, const char *val,
		     size_t vlen, struct ff_error *err)
{
	const char *names[16];
	char list[128], word[48], hint[200], *p, *save = NULL, *cut;
	size_t n = 0;

	snprintf(list, sizeof list, "%s", o->values);
	for (p = strtok_r(list, "|", &save); p && n < 16; p = strtok_r(NULL, "|", &save))
		names[n++] = p;
	snprintf(word, sizeof word, "%.*s", (int)ff_utf8_cut(val, vlen, sizeof word - 1), val);
	ff_text_suggest(hint, sizeof hint, word, "values", names, n);
	if ((cut = strstr(hint, " (")))
		*cut = '\0';
	return ff_error_set(err, FF_EBAD_OPTION, "option '%s' takes %s, not '%.*s'%s", name,
			    o->values, (int)vlen, val, hint);
}

/* Apply one "name" or "name=value" item of n bytes. */
static int apply_option(struct ff_config *cfg, unsigned char *seen, const char *item,
			size_t n, struct ff_error *err)
{
	const struct ff_rules *r = cfg->rules;
	const char *eq = memchr(item, '=', n);
	size_t nlen = eq ? (size_t)(eq - item) : n;
	const char *val = eq ? eq + 1 : "yes";
	size_t vlen = eq ? n - nlen - 1 : 3;
	const struct ff_option_desc *o;
	char name[48];
	int i, v;
	long iv;

	if (nlen == 0 || nlen >= sizeof name)
		return ff_error_set(err, FF_EUNKNOWN_OPTION, "unknown option '%.*s'",
				    (int)n, item);
	memcpy(name, item, nlen);
	name[nlen] = '\0';
	i = ff_rules_option_index(r, name);
	if (i < 0) {
		const char *names[FF_MAX_OPTIONS];
		char hint[160];

		for (i = 0; i < r->noptions; i++)
			names[i] = r->options[i].name;
		return ff_error_set(err, FF_EUNKNOWN_OPTION, "unknown option '%s' for game '%s'%s", name,
				    r->name, ff_text_suggest(hint, sizeof hint, name, "options", names,
							     (size_t)r->noptions));
	}
	o = &r->options[i];
	if (o->presets && !(o->presets & (1u << cfg->preset)))
		return ff_error_set(err, FF_EBAD_OPTION,
				    "option '%s' does not apply to preset '%s'", name,
				    r->presets[cfg->preset].name);
	if (seen[i])
		return ff_error_set(err, FF_EBAD_OPTION, "option '%s' given twice", name);
	seen[i] = 1;
	if (!o->values) {
		if (!eq || parse_int(val, vlen, 0, 1000000000L, &iv))
			return ff_error_set(err, FF_EBAD_OPTION,
					    "option '%s' needs a whole number, as in '%s=%s'",
					    name, name, o->dflt);
		cfg->opt[i] = (int)iv;
		return 0;
	}
	v = value_index(o->values, val, vlen);
	if (v < 0)
		return bad_value(o, name, val, vlen, err);
	cfg->opt[i] = v;
	return 0;
}

/* The error for a seat count the game does not allow, listing those it
   does. */
static int bad_seats(const struct ff_rules *r, const char *seats, struct ff_error *err)
{
	int counts[FF_MAX_SEATS], n = ff_rules_seat_counts(r, counts), i;
	char list[64] = "";
	size_t len = 0;

	for (i = 0; i < n && len < sizeof list - 8; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%d",
					i == 0 ? "" : i + 1 == n ? " or " : ", ", counts[i]);
	return ff_error_set(err, FF_EBAD_TAG, "bad Seats '%s': game '%s' takes %s seats", seats,
			    r->name, list);
}

static int config_parse(struct ff_config *cfg, const char *game, const char *rules,
			const char *options, const char *seats, const char *first, int *part,
			struct ff_error *err)
{
	const struct ff_rules *r;
	unsigned char seen[FF_MAX_OPTIONS] = { 0 };
	const char *p;
	long v;
	int i;

	memset(cfg, 0, sizeof *cfg);
	if (!game)
		return ff_error_set(err, FF_EMISSING_TAG, "missing tag 'Game'");
	r = ff_rules_find(game);
	if (!r) {
		const char *names[16];
		char hint[160];

		for (i = 0; i < 16 && ff_rules_at(i); i++)
			names[i] = ff_rules_at(i)->name;
		return ff_error_set(err, FF_EUNKNOWN_GAME, "unknown game '%s'%s", game,
				    ff_text_suggest(hint, sizeof hint, game, "games", names, (size_t)i));
	}
	cfg->rules = r;
	cfg->preset = 0;
	*part = FF_PART_RULES;
	if (rules) {
		for (i = 0; i < r->npresets; i++)
			if (strcmp(r->presets[i].name, rules) == 0)
				break;
		if (i == r->npresets) {
			const char *names[16];
			char hint[200];

			for (i = 0; i < r->npresets && i < 16; i++)
				names[i] = r->presets[i].name;
			return ff_error_set(err, FF_EUNKNOWN_RULES, "unknown rules '%s' for game '%s'%s",
					    rules, game, ff_text_suggest(hint, sizeof hint, rules, "presets",
									 names, (size_t)i));
		}
		cfg->preset = i;
	}
	*part = FF_PART_OPTIONS;
	for (i = 0; i < r->noptions; i++)
		cfg->opt[i] = default_value(&r->options[i]);
	for (p = options ? options : ""; *p;) {
		size_t n;

		while (*p == ' ' || *p == ',' || *p == '\t')
			p++;
		n = strcspn(p, " ,\t");
		if (n && apply_option(cfg, seen, p, n, err))
			return -1;
		p += n;
	}
	*part = FF_PART_SEATS;
	cfg->seats = r->seats_default;
	if (seats) {
		if (parse_int(seats, strlen(seats), r->seats_min, r->seats_max, &v) ||
		    (r->seat_counts && !(r->seat_counts & (1u << v))))
			return bad_seats(r, seats, err);
		cfg->seats = (int)v;
	}
	*part = FF_PART_FIRST;
	cfg->first = 0;
	if (first) {
		if (parse_int(first, strlen(first), 1, cfg->seats, &v))
			return ff_error_set(err, FF_EBAD_TAG,
					    "bad First '%s': seats are 1 to %d", first,
					    cfg->seats);
		cfg->first = (int)v - 1;
	}
	return 0;
}

int ff_config_parse(struct ff_config *cfg, const char *game, const char *rules,
		    const char *options, const char *seats, const char *first,
		    int *which, struct ff_error *err)
{
	int part = FF_PART_GAME, rc = config_parse(cfg, game, rules, options, seats, first, &part, err);

	if (rc && which)
		*which = part;
	if (!rc)
		ff_rules_canon(cfg->rules, cfg);
	return rc;
}

int ff_config_deck(struct ff_config *cfg, const char *deck, struct ff_error *err)
{
	const char *p = deck;
	int code;
	size_t n;

	cfg->ndeck = 0;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			return cfg->ndeck ? 0 : ff_error_set(err, FF_EBAD_TAG, "bad Deck: it names no card");
		n = strcspn(p, " \t\n");
		code = ff_card_parse(p, n);
		if (code < 0)
			return ff_error_set(err, FF_EBAD_TAG, "bad Deck: '%.*s' is not a card",
					    (int)ff_utf8_cut(p, n, 8), p);
		if (cfg->ndeck == FF_MAX_DECK)
			return ff_error_set(err, FF_EBAD_TAG, "bad Deck: more than %d cards",
					    FF_MAX_DECK);
		cfg->deck[cfg->ndeck++] = (int16_t)code;
		p += n;
	}
}

/* Append the non-default options, sorted by name, joined by sep. */
static int add_options(const struct ff_config *cfg, struct ff_buf *out, char sep)
{
	const struct ff_rules *r = cfg->rules;
	int order[FF_MAX_OPTIONS], n = 0, i, j, t, any = 0;
	char buf[48];

	for (i = 0; i < r->noptions; i++)
		if (cfg->opt[i] != default_value(&r->options[i]))
			order[n++] = i;
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(r->options[order[j - 1]].name,
					    r->options[order[j]].name) > 0; j--) {
			t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (i = 0; i < n; i++) {
		const struct ff_option_desc *o = &r->options[order[i]];

		if (any && ff_buf_addc(out, sep))
			return -1;
		any = 1;
		if (ff_buf_adds(out, o->name))
			return -1;
		if (!o->values) {
			if (ff_buf_addf(out, "=%d", cfg->opt[order[i]]))
				return -1;
		} else if (!(is_switch(o) && cfg->opt[order[i]] == 1)) {
			value_at(o->values, cfg->opt[order[i]], buf, sizeof buf);
			if (ff_buf_addf(out, "=%s", buf))
				return -1;
		}
	}
	return 0;
}

int ff_config_id(const struct ff_config *cfg, struct ff_buf *out)
{
	size_t mark;

	if (ff_buf_addf(out, "%s/%s:", cfg->rules->name,
			cfg->rules->presets[cfg->preset].name))
		return -1;
	mark = out->len;
	if (add_options(cfg, out, ','))
		return -1;
	if (out->len == mark) {
		out->len--;  /* no options: drop the ':' */
		out->p[out->len] = '\0';
	}
	return 0;
}

int ff_config_options(const struct ff_config *cfg, struct ff_buf *out)
{
	return add_options(cfg, out, ' ');
}

int ff_rules_seat_counts(const struct ff_rules *r, int *out)
{
	int n, count = 0;

	for (n = r->seats_min; n <= r->seats_max && count < FF_MAX_SEATS; n++)
		if (!r->seat_counts || (r->seat_counts & (1u << n)))
			out[count++] = n;
	return count;
}
