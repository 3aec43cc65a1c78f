/* What a record's tags may say beyond what the engines read (lib/tags.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "lib/tags.h"
#include "lib/text.h"

/* The tags fivefold reads or writes, Seat<k> aside. */
static const char *const known[] = {
	"Game", "Rules", "Options", "Seats", "Teams", "First", "Seed", "Deck", "SetUp", "Result",
	"Termination", "Event", "Site", "Date", "Round", "Source", "LudiiWinner",
};
#define NKNOWN (sizeof known / sizeof known[0])

const char *const ff_terminations[] = {
	"normal", "repetition", "blocked", "movecap", "resigned", "abandoned", "time-forfeit", NULL
};

/* The length of the digits at the end of s. */
static size_t tail_digits(const char *s)
{
	size_t n = strlen(s), k = 0;

	while (k < n && s[n - 1 - k] >= '0' && s[n - 1 - k] <= '9')
		k++;
	return k;
}

int ff_tag_known(const char *name)
{
	size_t i, k = tail_digits(name);

	if (strncmp(name, "Seat", 4) == 0 && k > 0 && strlen(name) == 4 + k)
		return 1;
	for (i = 0; i < NKNOWN; i++)
		if (strcmp(name, known[i]) == 0)
			return 1;
	return 0;
}

/* Whether name is near tag: within one edit, two from six letters on
   (lengths further apart are not compared: a file of many tags pays a
   strlen for each, not a distance). */
static int near(const char *name, const char *tag)
{
	size_t len = strlen(tag), n = strlen(name), most = len >= 6 ? 2u : 1u;

	if ((n > len ? n - len : len - n) > most)
		return 0;
	return ff_text_distance(name, tag) <= most;
}

const char *ff_tag_near(const char *name, char *buf)
{
	size_t i, k = tail_digits(name), best = 99, d;
	const char *hit = NULL;

	if (ff_tag_known(name) || strlen(name) > 63 || strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
							     "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(name))
		return NULL;   /* not an FGN tag name: a CSV column such as @seats is no misspelling */
	if (k > 0 && k < 12 && strlen(name) > k) {   /* Seat<k> with the same digits */
		snprintf(buf, 24, "Seat%s", name + strlen(name) - k);
		if (near(name, buf)) {
			best = ff_text_distance(name, buf);
			hit = buf;
		}
	}
	for (i = 0; i < NKNOWN; i++) {
		if (near(name, known[i]) && (d = ff_text_distance(name, known[i])) < best) {
			best = d;
			hit = known[i];
		}
	}
	return hit;
}

static int two_digits(const char *s, int *v)
{
	if (s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9')
		return 0;
	*v = (s[0] - '0') * 10 + (s[1] - '0');
	return 1;
}

/* A month or day part: two digits (v set), or ? / ?? (v 0). Returns the
   bytes it takes, 0 for none. */
static size_t part(const char *s, int *v)
{
	*v = 0;
	if (two_digits(s, v))
		return 2;
	if (s[0] == '?')
		return s[1] == '?' ? 2 : 1;
	return 0;
}

static int days_in(int month, int year)
{
	static const int days[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	if (month == 2 && year > 0 && !(year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)))
		return 28;
	return month ? days[month - 1] : 31;
}

int ff_date_normal(const char *s, char out[11])
{
	int y = 0, m = 0, d = 0, i, known_year = 1;
	size_t k;
	const char *p = s + 4;

	out[0] = '\0';
	if (!*s)
		return 0;
	for (i = 0; i < 4; i++)
		if (s[i] < '0' || s[i] > '9')
			break;
	if (i == 4) {
		y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
	} else if (strncmp(s, "????", 4) == 0) {
		known_year = 0;
	} else {
		return -1;
	}
	if (*p == '.') {   /* PGN: YYYY.MM.DD */
		if (!(k = part(p + 1, &m)) || p[1 + k] != '.')
			return -1;
		p += 2 + k;
		if (!(k = part(p, &d)) || p[k])
			return -1;
		if ((s[5] == '?') != (m == 0) || (p[0] == '?') != (d == 0))
			return -1;
	} else if (*p == '-' && known_year) {   /* ISO 8601: YYYY-MM-DD, YYYY-MM */
		if (!two_digits(p + 1, &m) || (p[3] && p[3] != '-'))
			return -1;
		if (p[3] && (!two_digits(p + 4, &d) || p[6]))
			return -1;
		if (m == 0 || (p[3] && d == 0))
			return -1;
	} else if (*p || !known_year) {
		return -1;
	}
	if (m > 12 || d > days_in(m, y))
		return -1;
	if (!known_year && !m && !d)
		return 0;
	snprintf(out, 11, "%s.", known_year ? "" : "????");
	if (known_year)
		snprintf(out, 11, "%04d.", y);
	snprintf(out + 5, 6, m ? "%02d." : "??.", m);
	snprintf(out + 8, 3, d ? "%02d" : "??", d);
	return 1;
}

int ff_termination_off_board(const char *t)
{
	return !strcmp(t, "resigned") || !strcmp(t, "abandoned") || !strcmp(t, "movecap") ||
	       !strcmp(t, "time-forfeit");
}

int ff_result_shape(const char *s)
{
	uint64_t k;

	if (!strcmp(s, "*") || !strcmp(s, "D") || !strcmp(s, "1-0") || !strcmp(s, "0-1") ||
	    !strcmp(s, "1/2-1/2"))
		return 1;
	return s[0] == 'W' && s[1] >= '1' && s[1] <= '9' &&
	       ff_parse_uint(s + 1, strlen(s + 1), UINT64_MAX, &k) == 0;
}

/* Characters written where a result has ASCII: their code point, name
   and the ASCII meant. */
static const struct lookalike {
	unsigned cp;
	const char *name, *ascii;
} lookalikes[] = {
	{ 0x2010, "HYPHEN", "-" }, { 0x2011, "NON-BREAKING HYPHEN", "-" },
	{ 0x2012, "FIGURE DASH", "-" }, { 0x2013, "EN DASH", "-" }, { 0x2014, "EM DASH", "-" },
	{ 0x2015, "HORIZONTAL BAR", "-" }, { 0x2212, "MINUS SIGN", "-" },
	{ 0xFE63, "SMALL HYPHEN-MINUS", "-" }, { 0xFF0D, "FULLWIDTH HYPHEN-MINUS", "-" },
	{ 0x00BD, "VULGAR FRACTION ONE HALF", "1/2" }, { 0x2044, "FRACTION SLASH", "/" },
	{ 0x2215, "DIVISION SLASH", "/" }, { 0xFF0F, "FULLWIDTH SOLIDUS", "/" },
	{ 0x2217, "ASTERISK OPERATOR", "*" }, { 0xFF0A, "FULLWIDTH ASTERISK", "*" },
	{ 0xFF10, "FULLWIDTH DIGIT ZERO", "0" }, { 0xFF11, "FULLWIDTH DIGIT ONE", "1" },
};

/* The code point of the UTF-8 sequence at s (n bytes of it), 0 if none. */
static unsigned decode(const unsigned char *s, size_t *n)
{
	unsigned cp;
	size_t k = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC0 ? 2 : 0, j;

	if (!k)
		return 0;
	cp = s[0] & (0x7F >> k);
	for (j = 1; j < k; j++) {
		if ((s[j] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[j] & 0x3F);
	}
	*n = k;
	return cp;
}

/* The result s likely means into fix (64 bytes; "" for none), and what
   stands in it where ASCII is meant into what (96 bytes; "" for none). */
static void fix_of(const char *s, char *fix, char *what)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t o = 0, n, i;
	unsigned cp;

	what[0] = '\0';
	for (; *p && o + 4 < 64; p += n) {
		n = 1;
		if (*p < 0x80) {   /* O, o for 0; : and _ for -; \\ for /; d, w for D, W */
			fix[o++] = *p == 'O' || *p == 'o' ? '0' : *p == ':' || *p == '_' ? '-' :
				   *p == '\\' ? '/' : *p == 'd' ? 'D' : *p == 'w' ? 'W' : (char)*p;
			continue;
		}
		cp = decode(p, &n);
		for (i = 0; i < sizeof lookalikes / sizeof lookalikes[0]; i++)
			if (lookalikes[i].cp == cp)
				break;
		if (i == sizeof lookalikes / sizeof lookalikes[0]) {
			if (!what[0] && cp)
				snprintf(what, 96, ": it has U+%04X, which no result has", cp);
			n = n ? n : 1;
			fix[o++] = '?';
			continue;
		}
		if (!what[0])
			snprintf(what, 96, ": it has U+%04X %s where a result has '%s'",
				 cp, lookalikes[i].name, lookalikes[i].ascii);
		o += (size_t)snprintf(fix + o, 64 - o, "%s", lookalikes[i].ascii);
	}
	fix[o < 64 ? o : 63] = '\0';
	if (!ff_result_shape(fix))
		fix[0] = '\0';
}

int ff_result_near(const char *s)
{
	char fix[64], what[96];

	fix_of(s, fix, what);
	return fix[0] != '\0' && !ff_result_shape(s);
}

char *ff_result_typo(const char *s, int sides, char *msg, size_t cap)
{
	char fix[64], what[96];

	fix_of(s, fix, what);
	snprintf(msg, cap, "'%s' is not a result%s%s%s%s; results are %s", s, what,
		 fix[0] ? (what[0] ? " (write '" : " (did you mean '") : "", fix,
		 fix[0] ? (what[0] ? "')" : "'?)") : "",
		 sides == 2 ? "1-0, 0-1, 1/2-1/2 and * (W1, W2, D too)" :
		 sides > 2 ? "W<k> (side k won), D and *" :
		 "1-0, 0-1, 1/2-1/2, W<k> (side k won), D and *");
	return msg;
}

/* Add a warning (when there is room) located at tag t. */
static void warn(struct ff_error *w, size_t max, size_t *n, const struct ff_record *rec,
		 const struct ff_tag *t, enum ff_code code, const char *msg)
{
	struct ff_error *e;

	if (*n < max) {
		e = &w[*n];
		ff_error_clear(e);
		e->line = t->line ? t->line : rec->line;
		e->col = t->line ? t->col : rec->col;
		e->game = rec->number;
		ff_error_set(e, code, "%s", msg);
	}
	(*n)++;
}

size_t ff_tags_lint(const struct ff_record *rec, struct ff_error *w, size_t max)
{
	size_t i, n = 0;
	char buf[24], date[11], msg[240];
	const char *name, *value, *hint;

	for (i = 0; i < rec->ntags; i++) {
		name = ff_record_str(rec, rec->tags[i].name);
		value = ff_record_str(rec, rec->tags[i].value);
		if ((hint = ff_tag_near(name, buf)) != NULL) {
			snprintf(msg, sizeof msg, "unknown tag '%s': did you mean '%s'?", name, hint);
			warn(w, max, &n, rec, &rec->tags[i], FF_WUNKNOWN_TAG, msg);
		} else if (strcmp(name, "Date") == 0 && ff_date_normal(value, date) < 0) {
			snprintf(msg, sizeof msg, "Date '%.*s' is not a date: write YYYY.MM.DD (?? "
				 "for a part not known) or YYYY-MM-DD; the game counts as undated",
				 (int)ff_utf8_cut(value, strlen(value), 120), value);
			warn(w, max, &n, rec, &rec->tags[i], FF_WBAD_DATE, msg);
		}
	}
	return n;
}
