/* Fuzz target: hiding the secrets of a --db value (ff_store_hide,
   db/secret.c). The input's bytes (up to a NUL) are the --db value; the
   check "secret": no password of it appears in what ff_store_hide makes
   of the value itself, of libpq's message about it (PQconninfoParse's,
   which repeats the URL when it cannot parse it), or of a text that
   quotes it. The passwords are found without db/secret.c, so a form it
   does not know is a finding:
   - libpq's own reading, where this build has libpq: the values of the
     password and sslpassword options PQconninfoParse gives (%-decoded);
   - libpq's rule for a URL (postgresql:// or postgres://), restated
     here: the user info runs to the first '@' before the first '/', its
     password from its first ':'; query parameters (after the first '?'
     past the user info) split at '&', key and value at the first '=',
     a key that %-decodes to password or sslpassword -- each value as
     written and %-decoded.
   A secret holding '*' is left out of the check: it can only show up
   across a *** that hides another (ff_store_hide replaces the longest
   match at each byte, so an occurrence in copied bytes alone is
   impossible). Check "nul": the output has no NUL and ends where its
   length says. */
#include "config.h"

#include "db/store.h"
#include "fuzz/fuzz.h"
#include "lib/buf.h"

#ifdef HAVE_LIBPQ
#include <libpq-fe.h>
#endif

#define MAX_FOUND 64

struct found {
	char *s[MAX_FOUND];
	int n;
};

static void keep(struct found *f, const char *p, size_t n)
{
	if (n == 0 || f->n == MAX_FOUND || memchr(p, '*', n))
		return;
	if ((f->s[f->n] = malloc(n + 1)) == NULL)
		return;
	memcpy(f->s[f->n], p, n);
	f->s[f->n++][n] = '\0';
}

static int hex(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* [p, p+n) %-decoded into out (room for n + 1); its length. */
static size_t decode(const char *p, size_t n, char *out)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (p[i] == '%' && i + 2 < n && hex((unsigned char)p[i + 1]) >= 0 &&
		    hex((unsigned char)p[i + 2]) >= 0) {
			out[k++] = (char)(hex((unsigned char)p[i + 1]) << 4 | hex((unsigned char)p[i + 2]));
			i += 2;
		} else {
			out[k++] = p[i];
		}
	}
	out[k] = '\0';
	return k;
}

/* Keep [p, p+n) and its decoded form (not one with a NUL: libpq refuses
   %00, and the part before it is no secret). */
static void keep_both(struct found *f, const char *p, size_t n)
{
	char *d = malloc(n + 1);
	size_t k;

	keep(f, p, n);
	if (d) {
		k = decode(p, n, d);
		if (strlen(d) == k)
			keep(f, d, k);
		free(d);
	}
}

/* libpq's reading of a URL, restated (see the top). */
static void by_rule(struct found *f, const char *db)
{
	const char *p = db, *at, *colon, *q, *amp, *eq;
	char key[32];

	if (strncmp(p, "postgresql://", 13) == 0)
		p += 13;
	else if (strncmp(p, "postgres://", 11) == 0)
		p += 11;
	else
		return;
	at = p + strcspn(p, "@/");
	if (*at == '@') {
		colon = memchr(p, ':', (size_t)(at - p));
		if (colon)
			keep_both(f, colon + 1, (size_t)(at - colon - 1));
		p = at + 1;
	}
	if (!(q = strchr(p, '?')))
		return;
	for (q++; *q; q = *amp ? amp + 1 : amp) {
		amp = q + strcspn(q, "&");
		eq = memchr(q, '=', (size_t)(amp - q));
		if (!eq || (size_t)(eq - q) >= sizeof key)
			continue;
		decode(q, (size_t)(eq - q), key);
		if (strcmp(key, "password") == 0 || strcmp(key, "sslpassword") == 0)
			keep_both(f, eq + 1, (size_t)(amp - eq - 1));
	}
}

/* ff_store_hide(db, text) must show none of f's secrets. */
static void check(const struct found *f, const char *db, const char *text, const char *what)
{
	struct ff_buf out = FF_BUF_INIT;
	int k;

	if (ff_store_hide(db, text, &out))
		ff_fuzz_fail("oom", "ff_store_hide failed on %s", what);
	if (ff_fuzz_on("nul") && strlen(out.p) != out.len)
		ff_fuzz_fail("nul", "the hidden %s has a NUL or a wrong length", what);
	for (k = 0; k < f->n && ff_fuzz_on("secret"); k++)
		if (strstr(out.p, f->s[k]))
			ff_fuzz_fail("secret", "the hidden %s shows the secret '%s': %s", what, f->s[k],
				     out.p);
	ff_buf_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *db = malloc(size + 1), *quoted;
	struct found f;
	int k;

	if (!db)
		return 0;
	memcpy(db, data, size);
	db[size] = '\0';
	memset(&f, 0, sizeof f);
	by_rule(&f, db);
#ifdef HAVE_LIBPQ
	{
		char *msg = NULL;
		PQconninfoOption *opts = NULL, *o;

		/* what fivefold gives libpq (db/store.c) */
		if (strncmp(db, "postgresql://", 13) == 0 || strncmp(db, "postgres://", 11) == 0)
			opts = PQconninfoParse(db, &msg);
		for (o = opts; o && o->keyword; o++)
			if (o->val && (strcmp(o->keyword, "password") == 0 ||
				       strcmp(o->keyword, "sslpassword") == 0))
				keep(&f, o->val, strlen(o->val));
		check(&f, db, msg ? msg : "", "libpq's message");
		PQconninfoFree(opts);
		PQfreemem(msg);
	}
#endif
	check(&f, db, db, "name");
	if ((quoted = malloc(2 * size + 64)) != NULL) {
		sprintf(quoted, "cannot open store '%s': \"%s\"", db, db);
		check(&f, db, quoted, "message");
		free(quoted);
	}
	for (k = 0; k < f.n; k++)
		free(f.s[k]);
	free(db);
	return 0;
}
