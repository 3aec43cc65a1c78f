/* The secrets of a store's name: every message fivefold prints about a
   store (its name, libpq's and the server's text) goes through
   ff_store_hide, which shows each password the --db value holds as ***.
   A pure text function (no libpq), so the fuzz target dburl runs it
   without a server. */
#include "config.h"

#include <string.h>

#include "db/store.h"
#include "lib/buf.h"

/* At most this many secrets are taken from one name (spans, their
   decoded forms, their pieces); a name with more is hidden whole. */
#define MAX_SECRETS 64

struct secrets {
	struct ff_buf text;        /* the secrets, each ended by a NUL */
	size_t at[MAX_SECRETS];    /* where each starts in text */
	size_t len[MAX_SECRETS];
	int n;
	int overflow;              /* more than MAX_SECRETS (or no memory) */
};

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Add the n bytes at p (not empty) as a secret. */
static void add_raw(struct secrets *s, const char *p, size_t n)
{
	if (n == 0)
		return;
	if (s->n == MAX_SECRETS || ff_buf_reserve(&s->text, n + 1)) {
		s->overflow = 1;
		return;
	}
	s->at[s->n] = s->text.len;
	s->len[s->n++] = n;
	memcpy(s->text.p + s->text.len, p, n);
	s->text.len += n;
	s->text.p[s->text.len++] = '\0';
}

/* Add the n bytes at p and, where they hold %XX escapes, their decoded
   form (as libpq decodes a URL's parts), as secrets. */
static void add(struct secrets *s, const char *p, size_t n)
{
	size_t i, k = 0;
	int hi, lo;
	char *dec;

	add_raw(s, p, n);
	if (n == 0 || !memchr(p, '%', n))
		return;
	if (s->n == MAX_SECRETS || ff_buf_reserve(&s->text, n + 1)) {
		s->overflow = 1;
		return;
	}
	dec = s->text.p + s->text.len;
	for (i = 0; i < n; i++) {
		if (p[i] == '%' && i + 2 < n && (hi = hexval((unsigned char)p[i + 1])) >= 0 &&
		    (lo = hexval((unsigned char)p[i + 2])) >= 0) {
			dec[k++] = (char)(hi << 4 | lo);
			i += 2;
		} else {
			dec[k++] = p[i];
		}
	}
	if (k == n || k == 0)
		return;   /* no escape decoded: the raw form is there already */
	dec[k] = '\0';
	s->at[s->n] = s->text.len;
	s->len[s->n++] = k;
	s->text.len += k + 1;
}

/* Add the span [p, p+n) and each of its pieces between the bytes of
   seps: what a reader could take for the password when the URL is cut
   elsewhere than its writer meant (libpq splits "u:pa@ss@h" at the first
   @, and "u:pa/ss@h" at the /). */
static void add_pieces(struct secrets *s, const char *p, size_t n, const char *seps)
{
	size_t i, from = 0;

	add(s, p, n);
	for (i = 0; i <= n; i++) {
		if (i == n || strchr(seps, p[i])) {
			if (from > 0 || i < n)
				add(s, p + from, i - from);
			from = i + 1;
		}
	}
}

/* The password of user info ending at the '@' at (p: the user info's
   start): from the first ':' to the first '@' after it (libpq's
   reading), and to at, with its pieces. */
static void password_to(struct secrets *s, const char *p, const char *at)
{
	const char *colon = at ? memchr(p, ':', (size_t)(at - p)) : NULL, *first_at;

	if (!colon)
		return;
	first_at = memchr(colon, '@', (size_t)(at - colon + 1));
	add(s, colon + 1, (size_t)(first_at - colon - 1));
	add_pieces(s, colon + 1, (size_t)(at - colon - 1), "@:/?");
}

/* The last byte c in [p, end), or NULL. */
static const char *last_of(const char *p, const char *end, int c)
{
	const char *found = NULL;

	for (; p < end; p++)
		if (*p == c)
			found = p;
	return found;
}

/* The password of the URL's user info: from the first ':' after "://"
   to the '@' that ends the user info. libpq ends the user info at the
   first '@' before the first '/' ("u:pw?x@h" has the password "pw?x"); a
   password holding '@', '/' or '?' unescaped is cut elsewhere than its
   writer meant, so what reaches the last '@' before the first '?' is
   taken too, with its pieces (libpq splits "u:pa@ss@h" at the first '@',
   and "u:pa/ss@h" at the '/'). */
static void userinfo(struct secrets *s, const char *db)
{
	const char *p = strstr(db, "://");

	if (!p)
		return;
	p += 3;
	password_to(s, p, last_of(p, p + strcspn(p, "/"), '@'));
	password_to(s, p, last_of(p, p + strcspn(p, "?"), '@'));
}

/* 1 when the key [p, p+n), %XX decoded and in any case, ends with
   "password" (password, sslpassword). A %00 ends the key, as it would
   end a C string ("password%00x" is the key "password"). */
static int secret_key(const char *p, size_t n)
{
	static const char word[] = "password";
	char dec[64];
	size_t i, k = 0;
	int hi, lo;

	for (i = 0; i < n && k < sizeof dec; i++) {
		if (p[i] == '%' && i + 2 < n && (hi = hexval((unsigned char)p[i + 1])) >= 0 &&
		    (lo = hexval((unsigned char)p[i + 2])) >= 0) {
			dec[k++] = (char)(hi << 4 | lo);
			i += 2;
			if (dec[k - 1] == 0) {
				k--;
				i = n;
				break;
			}
		} else {
			dec[k++] = p[i];
		}
	}
	if (i < n || k < sizeof word - 1)
		return 0;
	for (i = 0; i < sizeof word - 1; i++)
		if ((dec[k - (sizeof word - 1) + i] | 32) != word[i])
			return 0;
	return 1;
}

/* Every KEY=VALUE whose key is a password's (secret_key), KEY at the
   start or after '?', '&' or a blank: as a URL's query parameter (VALUE
   up to the next '&') or a keyword (VALUE up to a blank). KEY runs to
   the first '=' or '&', as a query parameter's does: it may hold '?'
   and blanks ("password%00?x=" and "password%00 x=" are the key
   "password" to a reader that stops at the NUL), and secret_key looks
   only at its end. */
static void parameters(struct secrets *s, const char *db)
{
	const char *p, *key, *eq, *end;

	for (p = db; *p; p++) {
		if (p != db && !strchr("?& \t\n\r\f\v", p[-1]))
			continue;
		key = p;
		eq = key + strcspn(key, "=&");
		if (*eq != '=' || !secret_key(key, (size_t)(eq - key)))
			continue;
		end = eq + 1 + strcspn(eq + 1, "&");
		add_pieces(s, eq + 1, (size_t)(end - eq - 1), " \t\n\r\f\v'");
	}
}

/* Copy text to out with every occurrence of a secret, the longest one
   where several start at a byte, as ***. */
static int replace(const struct secrets *s, const char *text, struct ff_buf *out)
{
	size_t i, n = strlen(text), best;
	int k;

	for (i = 0; i < n;) {
		best = 0;
		for (k = 0; k < s->n; k++)
			if (s->len[k] > best && s->len[k] <= n - i &&
			    memcmp(text + i, s->text.p + s->at[k], s->len[k]) == 0)
				best = s->len[k];
		if (best > 0) {
			if (ff_buf_add(out, "***", 3))
				return -1;
			i += best;
		} else {
			if (ff_buf_addc(out, text[i]))
				return -1;
			i++;
		}
	}
	return 0;
}

int ff_store_hide(const char *db, const char *text, struct ff_buf *out)
{
	struct secrets s;
	int rc;

	memset(&s, 0, sizeof s);
	if (db) {
		userinfo(&s, db);
		parameters(&s, db);
	}
	if (s.overflow)   /* too many to tell apart: say nothing of the text */
		rc = ff_buf_add(out, "***", 3);
	else
		rc = replace(&s, text ? text : "", out);
	if (rc == 0 && ff_buf_reserve(out, 1) == 0)
		out->p[out->len] = '\0';
	else
		rc = -1;
	ff_buf_free(&s.text);
	return rc;
}
