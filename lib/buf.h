/* Growable byte buffers: the one way the library builds text. */
#ifndef FF_BUF_H
#define FF_BUF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A byte buffer. Invariant: p is NULL with len == cap == 0, or p points to
   cap bytes of which the first len are used and p[len] == '\0' (there is
   always room for the terminator). The buffer owns p. */
struct ff_buf {
	char *p;
	size_t len;
	size_t cap;
};

#define FF_BUF_INIT { NULL, 0, 0 }

/* Make room for n more bytes (plus the terminator). Returns 0, or -1 when
   memory runs out (the buffer is unchanged then). */
int ff_buf_reserve(struct ff_buf *b, size_t n);
/* ff_buf_reserve, inline when the room is there: for writers that fill
   p + len themselves (then set len and the terminator). */
static inline int ff_buf_room(struct ff_buf *b, size_t n)
{
	return n < b->cap - b->len ? 0 : ff_buf_reserve(b, n);
}
/* Append n bytes / a string / one byte / a formatted string. Return 0 or -1
   on allocation failure. */
int ff_buf_add_slow(struct ff_buf *b, const void *s, size_t n);
/* memcpy (out of line: for copies over 16 bytes). */
void ff_copy_long(void *dst, const void *src, size_t n);
/* memcpy, with the short copies the library mostly makes (ply tokens,
   numbers: up to 16 bytes) done without a call, as two overlapping
   loads and stores of fixed size. */
static inline void ff_copy(void *dst, const void *src, size_t n)
{
	char *d = dst;
	const char *s = src;
	uint64_t a8, b8;
	uint32_t a4, b4;

	if (n > 16) {
		ff_copy_long(d, s, n);
	} else if (n >= 8) {
		memcpy(&a8, s, 8);
		memcpy(&b8, s + n - 8, 8);
		memcpy(d, &a8, 8);
		memcpy(d + n - 8, &b8, 8);
	} else if (n >= 4) {
		memcpy(&a4, s, 4);
		memcpy(&b4, s + n - 4, 4);
		memcpy(d, &a4, 4);
		memcpy(d + n - 4, &b4, 4);
	} else if (n >= 2) {
		uint16_t a2, b2;

		memcpy(&a2, s, 2);
		memcpy(&b2, s + n - 2, 2);
		memcpy(d, &a2, 2);
		memcpy(d + n - 2, &b2, 2);
	} else if (n) {
		*d = *s;
	}
}
static inline int ff_buf_add(struct ff_buf *b, const void *s, size_t n)
{
	if (!n || n >= b->cap - b->len)   /* no room for n and the NUL (cap >= len; no wrap) */
		return ff_buf_add_slow(b, s, n);
	ff_copy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}
/* (inline: the length of a literal is then known at compile time) */
static inline int ff_buf_adds(struct ff_buf *b, const char *s)
{
	return ff_buf_add(b, s, strlen(s));
}
static inline int ff_buf_addc(struct ff_buf *b, char c)
{
	return ff_buf_add(b, &c, 1);
}
int ff_buf_addf(struct ff_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Append the decimal form of v. Returns 0 or -1. */
int ff_buf_addu(struct ff_buf *b, uint64_t v);
/* The length of the longest prefix of s[0..n) of at most max bytes that
   does not end inside a UTF-8 sequence (for quoting input in messages). */
static inline size_t ff_utf8_cut(const char *s, size_t n, size_t max)
{
	if (n <= max)
		return n;
	while (max > 0 && ((unsigned char)s[max] & 0xC0) == 0x80)
		max--;
	return max;
}
/* Append s as a JSON string literal (quotes, backslashes and control
   characters escaped; other bytes as they are: s is UTF-8). Returns 0 or
   -1. */
int ff_buf_json_str(struct ff_buf *b, const char *s);
/* Append code point cp (at most 0x10FFFF, not a surrogate) as UTF-8.
   Returns 0 or -1. */
int ff_buf_add_utf8(struct ff_buf *b, unsigned cp);
/* Cut the contents back to their first len bytes (nothing when len is
   not shorter). */
void ff_buf_truncate(struct ff_buf *b, size_t len);
/* Forget the contents, keep the memory. */
void ff_buf_reset(struct ff_buf *b);
/* Free the memory; the buffer is empty afterwards. */
void ff_buf_free(struct ff_buf *b);

#endif
