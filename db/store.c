/* The store's front: picks the backend from the --db value and calls it;
   and what every backend shares: the keys, the quarantine entry of a hash
   collision, the report of each game added. */
#include "config.h"

#include <nettle/sha2.h>
#include <stdio.h>
#include <string.h>

#include "db/backend.h"
#include "lib/buf.h"
#include "lib/ruleset.h"

/* The backends compiled in, the embedded default first. */
static const struct ff_store_backend *const backends[] = {
	&ff_store_sqlite,
#ifdef HAVE_LIBPQ
	&ff_store_postgresql,
#endif
};

int ff_store_backend_at(size_t i, const char **name, const char **db)
{
	if (i >= sizeof backends / sizeof backends[0])
		return -1;
	*name = backends[i]->name;
	*db = backends[i]->db;
	return 0;
}

/* The backend of db: a postgresql:// or postgres:// URL is PostgreSQL
   (NULL when this fivefold was built without it), anything else a path
   to a SQLite file. */
static const struct ff_store_backend *backend_of(const char *db)
{
	if (strncmp(db, "postgresql://", 13) == 0 || strncmp(db, "postgres://", 11) == 0) {
#ifdef HAVE_LIBPQ
		return &ff_store_postgresql;
#else
		return NULL;
#endif
	}
	return &ff_store_sqlite;
}

static int open_db(struct ff_store **out, const char *db, int mode, struct ff_error *err)
{
	const struct ff_store_backend *be = backend_of(db);
	struct ff_buf shown = FF_BUF_INIT;

	*out = NULL;
	if (!be) {
		ff_error_set(err, FF_EIO, "store '%s': this fivefold was built without PostgreSQL "
			     "(configure --with-postgresql, libpq-dev)",
			     ff_store_hide(db, db, &shown) ? "***" : shown.p);
		ff_buf_free(&shown);
		return -1;
	}
	return be->open(out, db, mode, err);
}

int ff_store_open(struct ff_store **out, const char *db, struct ff_error *err)
{
	return open_db(out, db, FF_OPEN_WRITE, err);
}

int ff_store_open_init(struct ff_store **out, const char *db, struct ff_error *err)
{
	return open_db(out, db, FF_OPEN_INIT, err);
}

int ff_store_open_read(struct ff_store **out, const char *db, struct ff_error *err)
{
	return open_db(out, db, FF_OPEN_READ, err);
}

int ff_store_exists(const char *db)
{
	const struct ff_store_backend *be = backend_of(db);

	return be ? be->exists(db) : 1;
}

void ff_store_close(struct ff_store *s)
{
	if (s)
		s->be->close(s);
}

int ff_store_found_version(const struct ff_store *s)
{
	return s->found_version;
}

int ff_store_begin(struct ff_store *s, struct ff_error *err)
{
	return s->be->begin(s, err);
}

int ff_store_commit(struct ff_store *s, struct ff_error *err)
{
	return s->be->commit(s, err);
}

int ff_store_commit_later(struct ff_store *s, struct ff_error *err)
{
	return s->be->commit_later ? s->be->commit_later(s, err) : s->be->commit(s, err);
}

int ff_store_settle(struct ff_store *s, struct ff_error *err)
{
	return s->be->settle ? s->be->settle(s, err) : 0;
}

void ff_store_on_added(struct ff_store *s,
		       void (*fn)(void *ctx, enum ff_store_added what, const char *diag), void *ctx)
{
	s->added = fn;
	s->added_ctx = ctx;
}

void ff_store_report(struct ff_store *s, enum ff_store_added what, const char *diag)
{
	if (s->added)
		s->added(s->added_ctx, what, diag);
}

int ff_store_add_game(struct ff_store *s, const struct ff_store_game *g, struct ff_error *err)
{
	if (g->seats > FF_MAX_SEATS)
		return ff_error_set(err, FF_EIO, "a game of %d seats cannot be stored", g->seats);
	return s->be->add_game(s, g, err);
}

int ff_store_add_reject(struct ff_store *s, const struct ff_store_reject *r, struct ff_error *err)
{
	char key[FF_KEY_HEX + 16];
	int rc, k;

	ff_store_reject_key(r, key);
	/* a key held by another entry (a collision) moves on to KEY+1, KEY+2... */
	for (k = 1; k <= 1000; k++) {
		rc = s->be->reject_insert(s, r, key, err);
		if (rc != 0)
			return rc;   /* added, or an error */
		rc = s->be->reject_same(s, r, key, err);
		if (rc != 0)
			return rc < 0 ? -1 : 0;   /* the same entry is there already */
		snprintf(key + FF_KEY_HEX, sizeof key - FF_KEY_HEX, "+%d", k);
	}
	return ff_error_set(err, FF_EIO, "store '%s': no free quarantine key", s->name);
}

int ff_store_stats_plan(struct ff_store *s, const struct ff_stats_filter *f, struct ff_buf *plan,
			struct ff_error *err)
{
	return s->be->stats_plan(s, f, plan, err);
}

int ff_store_export(struct ff_store *s, const struct ff_stats_filter *f,
		    int (*cb)(void *ctx, const struct ff_exported *g), void *ctx,
		    struct ff_error *err)
{
	return s->be->export(s, f, cb, ctx, err);
}

int ff_store_each_game(struct ff_store *s, int (*cb)(void *ctx, const struct ff_stored_game *g),
		       void *ctx, struct ff_error *err)
{
	return s->be->each_game(s, cb, ctx, err);
}

int ff_store_each_reject(struct ff_store *s,
			 int (*cb)(void *ctx, const struct ff_store_reject *r), void *ctx,
			 struct ff_error *err)
{
	return s->be->each_reject(s, cb, ctx, err);
}

/* --- keys --- */

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int ff_store_unhex(const char *hex, size_t n, unsigned char *out)
{
	size_t i;
	int hi, lo;

	for (i = 0; i + 1 < n; i += 2) {
		if ((hi = hexval(hex[i])) < 0 || (lo = hexval(hex[i + 1])) < 0)
			return -1;
		out[i / 2] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}

void ff_store_key(const struct ff_key_part *parts, size_t n, char out[FF_KEY_HEX + 1])
{
	static const char hex[] = "0123456789abcdef";
	struct sha256_ctx ctx;
	uint8_t d[SHA256_DIGEST_SIZE];
	size_t i;

	sha256_init(&ctx);
	for (i = 0; i < n; i++) {
		if (i > 0)
			sha256_update(&ctx, 1, (const uint8_t *)"\n");
		if (parts[i].n > 0)
			sha256_update(&ctx, parts[i].n, parts[i].p);
	}
	sha256_digest(&ctx, sizeof d, d);
	for (i = 0; i < sizeof d; i++) {
		out[2 * i] = hex[d[i] >> 4];
		out[2 * i + 1] = hex[d[i] & 15];
	}
	out[FF_KEY_HEX] = '\0';
}

void ff_store_game_key(const struct ff_store_game *g, char out[FF_KEY_HEX + 1])
{
	struct ff_key_part part = { g->fgn, g->fgn_len };

	ff_store_key(&part, 1, out);
}

void ff_store_reject_key(const struct ff_store_reject *r, char out[FF_KEY_HEX + 16])
{
	struct ff_key_part parts[3];
	char num[32];

	/* the same entry is the same file, game number and text */
	parts[0].p = r->source_file;
	parts[0].n = strlen(r->source_file);
	parts[1].p = num;
	parts[1].n = (size_t)snprintf(num, sizeof num, "%ld", r->source_game);
	parts[2].p = r->raw;
	parts[2].n = r->raw_len;
	ff_store_key(parts, 3, out);
}

int ff_store_collision(const struct ff_store_game *g, const char *key, long long id,
		       const char *where, struct ff_buf *line, struct ff_store_reject *r,
		       struct ff_error *err)
{
	ff_buf_reset(line);
	if (ff_buf_addf(line, "%s:%ld:1: error: game %ld: hash collision: its key %s (SHA-256 of its "
			"canonical FGN) is that of stored game %lld (%s), a different game; kept in "
			"quarantine [hash-collision]\n", g->source_file, g->source_line,
			g->source_game, key, id, where))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	r->source_file = g->source_file;
	r->source_game = g->source_game;
	r->source_line = g->source_line;
	r->raw = g->raw ? g->raw : g->fgn;
	r->raw_len = g->raw ? g->raw_len : g->fgn_len;
	r->code = "hash-collision";
	r->verdict = "collision";
	r->diagnostics = line->p;
	return 0;
}

const char *ff_store_seat_player(const struct ff_store_game *g, int k)
{
	char name[16];
	const char *player;

	snprintf(name, sizeof name, "Seat%d", k);
	player = ff_record_tag(g->rec, name);
	return player && *player ? player : NULL;
}
