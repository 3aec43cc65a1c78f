/* The byte policy's checks: UTF-8 and NUL, bounded numbers, clean
   messages. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "lib/text.h"

/* The length of the UTF-8 sequence at s[0, n), or 0 when it is not one:
   the lead byte decides the length and the range of the second byte (the
   table of RFC 3629, section 4). */
static size_t sequence(const unsigned char *s, size_t n)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xBF;
	size_t len, i;

	if (c < 0x80)
		return c ? 1 : 0;
	if (c >= 0xC2 && c <= 0xDF)
		len = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		len = 3;
	else if (c >= 0xF0 && c <= 0xF4)
		len = 4;
	else
		return 0;
	if (c == 0xE0)
		lo = 0xA0;        /* no overlong three-byte forms */
	else if (c == 0xED)
		hi = 0x9F;        /* no surrogates */
	else if (c == 0xF0)
		lo = 0x90;        /* no overlong four-byte forms */
	else if (c == 0xF4)
		hi = 0x8F;        /* nothing past U+10FFFF */
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	return len;
}

enum ff_text_fault ff_text_check(const char *s, size_t n, size_t *at)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k;

	while (i < n) {
		if (p[i] >= 0x01 && p[i] < 0x80) {   /* ASCII: the common case */
			i++;
			continue;
		}
		k = sequence(p + i, n - i);
		if (!k) {
			*at = i;
			return p[i] ? FF_TEXT_UTF8 : FF_TEXT_NUL;
		}
		i += k;
	}
	return FF_TEXT_OK;
}

const char *ff_text_fault_name(enum ff_text_fault f)
{
	return f == FF_TEXT_NUL ? "a NUL byte" : f == FF_TEXT_UTF8 ? "bytes that are not UTF-8" : "no fault";
}

int ff_parse_uint(const char *s, size_t n, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;
	size_t i;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		unsigned d = (unsigned char)s[i] - '0';

		if (d > 9 || d > max || x > (max - d) / 10)
			return -1;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

/* The letters and digits of s, lowercase, into out (room for 64). */
static size_t fold(const char *s, char *out)
{
	size_t n = 0;

	for (; *s && n < 63; s++)
		if ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9'))
			out[n++] = *s;
		else if (*s >= 'A' && *s <= 'Z')
			out[n++] = (char)(*s - 'A' + 'a');
	out[n] = '\0';
	return n;
}

/* The edit distance of a[0, m) and b[0, n) (both at most 63). */
static size_t edits(const char *a, size_t m, const char *b, size_t n)
{
	size_t row[64], i, j, diag, up;

	for (j = 0; j <= n; j++)
		row[j] = j;
	for (i = 1; i <= m; i++) {
		diag = row[0];
		row[0] = i;
		for (j = 1; j <= n; j++) {
			up = row[j];
			row[j] = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < row[j])
				row[j] = up + 1;
			if (row[j - 1] + 1 < row[j])
				row[j] = row[j - 1] + 1;
			diag = up;
		}
	}
	return row[n];
}

char *ff_text_suggest(char *out, size_t cap, const char *word, const char *kind,
		      const char *const *names, size_t n)
{
	char a[64], b[64];
	size_t m = fold(word, a), i, best = (size_t)-1, d, len;
	const char *near = NULL;

	for (i = 0; i < n; i++) {
		d = edits(a, m, b, fold(names[i], b));
		if (d < best && d <= (m > 6 ? m / 3 : 2)) {
			best = d;
			near = names[i];
		}
	}
	out[0] = '\0';
	if (near)
		snprintf(out, cap, "; did you mean '%s'?", near);
	len = strlen(out);
	snprintf(out + len, cap - len, " (%s:", kind);
	for (i = 0; i < n; i++) {
		len = strlen(out);
		if (len + strlen(names[i]) + 4 >= cap)
			break;
		snprintf(out + len, cap - len, "%s %s", i ? "," : "", names[i]);
	}
	len = strlen(out);
	snprintf(out + len, cap - len, "%s)", i < n ? ", ..." : "");
	return out;
}

/* Is the UTF-8 sequence s[0, k) a bidirectional control (U+200E, U+200F,
   U+202A to U+202E, U+2066 to U+2069), which would reorder the text
   around it on a screen? Returns the code point, or 0. */
static unsigned bidi_control(const unsigned char *s, size_t k)
{
	unsigned cp;

	if (k != 3 || s[0] != 0xE2 || (s[1] != 0x80 && s[1] != 0x81))
		return 0;
	cp = 0x2000u | (unsigned)(s[1] & 0x3F) << 6 | (unsigned)(s[2] & 0x3F);
	return cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
	       (cp >= 0x2066 && cp <= 0x2069) ? cp : 0;
}

/* Append s[0, n) to out[*o, cap) as ff_text_quote shows it, whole
   characters and escapes only. Returns the bytes of s taken. */
static size_t shown(char *out, size_t *o, size_t cap, const unsigned char *p, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t i = 0, k;
	unsigned cp;
	char esc[12];

	while (i < n) {
		k = p[i] >= 0x20 && p[i] != 0x7F ? sequence(p + i, n - i) : 0;
		if (k && !(cp = bidi_control(p + i, k))) {
			if (*o + k >= cap)
				break;
			memcpy(out + *o, p + i, k);
			*o += k;
			i += k;
			continue;
		}
		if (k) {
			snprintf(esc, sizeof esc, "<U+%04X>", cp);
		} else {
			esc[0] = '\\';
			esc[1] = 'x';
			esc[2] = hex[p[i] >> 4];
			esc[3] = hex[p[i] & 15];
			esc[4] = '\0';
			k = 1;
		}
		if (*o + strlen(esc) >= cap)
			break;
		memcpy(out + *o, esc, strlen(esc));
		*o += strlen(esc);
		i += k;
	}
	out[*o] = '\0';
	return i;
}

void ff_text_clean(char *msg, size_t cap)
{
	char out[2048];
	size_t o = 0;

	if (cap > sizeof out)
		cap = sizeof out;
	shown(out, &o, cap, (const unsigned char *)msg, strlen(msg));
	memcpy(msg, out, o + 1);
}

char *ff_text_quote(char *out, size_t cap, const char *s, size_t n)
{
	size_t o = 0;

	if (cap < 4) {
		if (cap)
			out[0] = '\0';
		return out;
	}
	if (shown(out, &o, cap - 3, (const unsigned char *)s, n) < n)
		memcpy(out + o, "...", 4);
	return out;
}

size_t ff_text_distance(const char *a, const char *b)
{
	char x[64], y[64];
	size_t m = fold(a, x), n = fold(b, y), d[64][64], i, j, v;

	for (i = 0; i <= m; i++)
		d[i][0] = i;
	for (j = 0; j <= n; j++)
		d[0][j] = j;
	for (i = 1; i <= m; i++) {
		for (j = 1; j <= n; j++) {
			v = d[i - 1][j - 1] + (x[i - 1] != y[j - 1]);
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] &&
			    d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;   /* two letters swapped */
			d[i][j] = v;
		}
	}
	return d[m][n];
}

int ff_text_utf16(const unsigned char *p, size_t n)
{
	if (n >= 2 && p[0] == 0xFF && p[1] == 0xFE)
		return 'L';
	if (n >= 2 && p[0] == 0xFE && p[1] == 0xFF)
		return 'B';
	if (n >= 4 && p[0] && p[0] < 0x80 && !p[1] && p[2] && p[2] < 0x80 && !p[3])
		return 'L';
	if (n >= 4 && !p[0] && p[1] && p[1] < 0x80 && !p[2] && p[3] && p[3] < 0x80)
		return 'B';
	return 0;
}

char *ff_text_utf16_message(int kind, const unsigned char *p, char *msg, size_t cap)
{
	int bom = p[0] >= 0xFE;

	snprintf(msg, cap, "the input is UTF-16, %s-endian (%s), not UTF-8: convert it first, "
		 "e.g. iconv -f %s -t UTF-8 FILE >FILE.utf8", kind == 'L' ? "little" : "big",
		 bom ? (kind == 'L' ? "it starts with the byte order mark FF FE"
			: "it starts with the byte order mark FE FF")
		 : (kind == 'L' ? "a NUL byte after each ASCII character"
		    : "a NUL byte before each ASCII character"),
		 bom ? "UTF-16" : kind == 'L' ? "UTF-16LE" : "UTF-16BE");
	return msg;
}

int ff_text_hex4(const char *p, unsigned *v)
{
	int i;

	*v = 0;
	for (i = 0; i < 4; i++) {
		char c = p[i];

		*v <<= 4;
		if (c >= '0' && c <= '9')
			*v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	return 0;
}
