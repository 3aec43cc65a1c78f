/* Checks on text from outside: the byte policy every reader applies
   (docs/formats.md, "Bytes"): values are UTF-8 without NUL, numbers are
   parsed with a bound, and input quoted in a message cannot carry control
   characters or broken UTF-8 into a terminal or a JSON diagnostic. */
#ifndef FF_TEXT_H
#define FF_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* The largest game a reader holds (FGN game, JSON Lines line, CSV row,
   Ludii trial); past it the reader reports too-long. */
#define FF_MAX_GAME_BYTES ((size_t)256 << 20)
/* The longest ply token (the record keeps its length in 16 bits). */
#define FF_MAX_TOKEN 65535

/* What is wrong with a text value. */
enum ff_text_fault {
	FF_TEXT_OK = 0,
	FF_TEXT_NUL,     /* a NUL byte */
	FF_TEXT_UTF8     /* bytes that are not UTF-8 (RFC 3629) */
};

/* Check s[0, n): UTF-8 (no overlong forms, no surrogates, nothing past
   U+10FFFF) without NUL. Returns FF_TEXT_OK, or the fault with *at set to
   the offset of the first byte that is wrong. */
enum ff_text_fault ff_text_check(const char *s, size_t n, size_t *at);

/* The fault for a message: "a NUL byte", "bytes that are not UTF-8". */
const char *ff_text_fault_name(enum ff_text_fault f);

/* Read the decimal digits s[0, n) (no sign, no blanks) as a number of at
   most max. Returns 0, or -1 for no digits, another character or a number
   over max (nothing wraps). */
int ff_parse_uint(const char *s, size_t n, uint64_t max, uint64_t *v);

/* Append to out what an "unknown NAME" message adds: "; did you mean 'X'?"
   when one of names[0, n) is near word (letters and digits compared
   without case; a few edits at most), then " (KIND: a, b, c)" listing
   them all. out is NUL-terminated in cap bytes; nothing is cut mid-name.
   Returns out. */
char *ff_text_suggest(char *out, size_t cap, const char *word, const char *kind,
		      const char *const *names, size_t n);

/* Whether the n bytes at p (the start of an input) are UTF-16: 'L'
   little-endian, 'B' big-endian, 0 not. A byte order mark (FF FE, FE FF)
   says so, or ASCII with a NUL after (LE) or before (BE) each of the
   first two characters. */
int ff_text_utf16(const unsigned char *p, size_t n);

/* The message for an input that is UTF-16 (kind from ff_text_utf16):
   which byte order, and how to convert it (iconv). Writes into msg (cap
   bytes) and returns it. */
char *ff_text_utf16_message(int kind, const unsigned char *p, char *msg, size_t cap);

/* The edit distance of a and b compared as ff_text_suggest compares
   (letters and digits, without case; up to 63 of them): insertions,
   deletions, substitutions and swaps of two neighbours count one each.
   0 means the same name but for case or punctuation. */
size_t ff_text_distance(const char *a, const char *b);

/* The four hex digits at p (either case) as a number into *v, as a JSON
   string's backslash-u escape writes them. Returns 0, or -1 when one is
   not a hex digit. */
int ff_text_hex4(const char *p, unsigned *v);

/* Make msg (NUL-terminated, in a buffer of cap bytes) safe to print and
   to put in JSON: control characters and bytes that are not UTF-8 become
   \xNN, the bidirectional controls (U+200E, U+200F, U+202A-U+202E,
   U+2066-U+2069, which would reorder what a reader sees) <U+202E>; the
   result is cut at a character boundary to fit. */
void ff_text_clean(char *msg, size_t cap);
/* User text s[0, n) shown as ff_text_clean shows it, into out (cap
   bytes, NUL-terminated), cut at a character boundary with "..." when it
   does not fit. Returns out. */
char *ff_text_quote(char *out, size_t cap, const char *s, size_t n);

#endif
