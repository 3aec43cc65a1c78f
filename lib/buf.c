/* Growable byte buffers. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"

int ff_buf_reserve(struct ff_buf *b, size_t n)
{
	size_t need, cap;
	char *p;

	if (n > SIZE_MAX - b->len - 1)   /* more than memory can hold */
		return -1;
	need = b->len + n + 1;
	if (need <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	p = realloc(b->p, cap);
	if (!p)
		return -1;
	b->p = p;
	b->cap = cap;
	return 0;
}

int ff_buf_add_slow(struct ff_buf *b, const void *s, size_t n)
{
	if (ff_buf_reserve(b, n))
		return -1;
	if (n)
		memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}

int ff_buf_addf(struct ff_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || ff_buf_reserve(b, (size_t)n))
		return -1;
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

int ff_buf_addu(struct ff_buf *b, uint64_t v)
{
	char tmp[24];
	int i = (int)sizeof tmp;

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return ff_buf_add(b, tmp + i, sizeof tmp - (size_t)i);
}

int ff_buf_add_utf8(struct ff_buf *b, unsigned cp)
{
	char u[4];
	size_t n;

	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xC0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xE0 | cp >> 12);
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		u[0] = (char)(0xF0 | cp >> 18);
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	return ff_buf_add(b, u, n);
}

int ff_buf_json_str(struct ff_buf *b, const char *s)
{
	int rc = ff_buf_addc(b, '"');

	for (; *s && !rc; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			rc = ff_buf_addc(b, '\\') || ff_buf_addc(b, (char)c);
		else if (c == '\n')
			rc = ff_buf_adds(b, "\\n");
		else if (c == '\t')
			rc = ff_buf_adds(b, "\\t");
		else if (c == '\r')
			rc = ff_buf_adds(b, "\\r");
		else if (c < 0x20)
			rc = ff_buf_addf(b, "\\u%04x", c);
		else
			rc = ff_buf_addc(b, (char)c);
	}
	return rc || ff_buf_addc(b, '"') ? -1 : 0;
}

void ff_buf_truncate(struct ff_buf *b, size_t len)
{
	if (len < b->len) {
		b->len = len;
		b->p[len] = '\0';
	}
}

void ff_buf_reset(struct ff_buf *b)
{
	b->len = 0;
	if (b->p)
		b->p[0] = '\0';
}

void ff_buf_free(struct ff_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

void ff_copy_long(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n);
}
