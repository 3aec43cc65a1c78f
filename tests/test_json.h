/* A strict JSON checker (RFC 8259) for the tests: is a text one JSON
   value, and of what kind? No dependency, so the checks run wherever the
   tests do (CI installs neither python3 nor jq). Included by one .c file
   each (tests/json_check.c, tests/test_conformance.c). */
#ifndef FF_TEST_JSON_H
#define FF_TEST_JSON_H

#include <stddef.h>
#include <string.h>

struct ff_jcheck {
	const char *p, *end;
	const char *why;      /* the first problem, or NULL */
	const char *at;       /* where it is */
};

static int jc_fail(struct ff_jcheck *j, const char *why)
{
	if (!j->why) {
		j->why = why;
		j->at = j->p;
	}
	return -1;
}

static void jc_ws(struct ff_jcheck *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
		j->p++;
}

static int jc_lit(struct ff_jcheck *j, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n) != 0)
		return jc_fail(j, "not a JSON value");
	j->p += n;
	return 0;
}

static int jc_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* A string: no control characters, known escapes only, UTF-8 bytes as
   they come (the writers' input is checked UTF-8 already). */
static int jc_string(struct ff_jcheck *j)
{
	j->p++;
	while (j->p < j->end && *j->p != '"') {
		unsigned char c = (unsigned char)*j->p;

		if (c < 0x20)
			return jc_fail(j, "a control character in a string");
		if (c == '\\') {
			if (++j->p >= j->end)
				break;
			if (*j->p == 'u') {
				if (j->end - j->p < 5 || !jc_hex(j->p[1]) || !jc_hex(j->p[2]) ||
				    !jc_hex(j->p[3]) || !jc_hex(j->p[4]))
					return jc_fail(j, "a bad \\u escape");
				j->p += 4;
			} else if (!strchr("\"\\/bfnrt", *j->p)) {
				return jc_fail(j, "an unknown escape");
			}
		}
		j->p++;
	}
	if (j->p >= j->end)
		return jc_fail(j, "an unterminated string");
	j->p++;
	return 0;
}

static int jc_digits(struct ff_jcheck *j)
{
	const char *s = j->p;

	while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
		j->p++;
	return j->p > s ? 0 : jc_fail(j, "a number without digits");
}

static int jc_number(struct ff_jcheck *j)
{
	if (*j->p == '-')
		j->p++;
	if (j->p < j->end && *j->p == '0')
		j->p++;
	else if (jc_digits(j))
		return -1;
	if (j->p < j->end && *j->p == '.') {
		j->p++;
		if (jc_digits(j))
			return -1;
	}
	if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
		j->p++;
		if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
			j->p++;
		if (jc_digits(j))
			return -1;
	}
	if (j->p < j->end && ((*j->p >= '0' && *j->p <= '9') || *j->p == '.'))
		return jc_fail(j, "a malformed number");
	return 0;
}

static int jc_value(struct ff_jcheck *j, int depth);

/* An object ('{') or an array ('['). */
static int jc_compound(struct ff_jcheck *j, int depth)
{
	char close = *j->p == '{' ? '}' : ']';
	int n = 0;

	j->p++;
	jc_ws(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		return 0;
	}
	for (;;) {
		jc_ws(j);
		if (close == '}') {
			if (j->p >= j->end || *j->p != '"')
				return jc_fail(j, "an object key that is not a string");
			if (jc_string(j))
				return -1;
			jc_ws(j);
			if (j->p >= j->end || *j->p != ':')
				return jc_fail(j, "no ':' after an object key");
			j->p++;
		}
		if (jc_value(j, depth + 1))
			return -1;
		n++;
		jc_ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == close) {
			j->p++;
			return 0;
		}
		return jc_fail(j, close == '}' ? "no ',' or '}' in an object" : "no ',' or ']' in an array");
	}
}

static int jc_value(struct ff_jcheck *j, int depth)
{
	jc_ws(j);
	if (depth > 64)
		return jc_fail(j, "nested too deep");
	if (j->p >= j->end)
		return jc_fail(j, "no value");
	switch (*j->p) {
	case '{': case '[': return jc_compound(j, depth);
	case '"': return jc_string(j);
	case 't': return jc_lit(j, "true");
	case 'f': return jc_lit(j, "false");
	case 'n': return jc_lit(j, "null");
	default:
		if (*j->p == '-' || (*j->p >= '0' && *j->p <= '9'))
			return jc_number(j);
		return jc_fail(j, "not a JSON value");
	}
}

/* Is s[0, n) exactly one JSON value (white space around it allowed)?
   Returns 0, or -1 with *why and *at (the offset) set. kind, when not 0,
   is the first character the value must have ('{' for an object). */
static int ff_json_check(const char *s, size_t n, char kind, const char **why, size_t *at)
{
	struct ff_jcheck j = { s, s + n, NULL, NULL };

	jc_ws(&j);
	if (kind && (j.p >= j.end || *j.p != kind))
		jc_fail(&j, kind == '{' ? "not a JSON object" : "not the kind of value wanted");
	else if (jc_value(&j, 0) == 0) {
		jc_ws(&j);
		if (j.p < j.end)
			jc_fail(&j, "more after the value");
	}
	if (j.why) {
		*why = j.why;
		*at = (size_t)(j.at - s);
		return -1;
	}
	return 0;
}

#endif
