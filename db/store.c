/* The SQLite store: open, migrate, and the statements import uses. */
#include "config.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/schema.h"
#include "db/store.h"
#include "db/store_int.h"

/* How long a writer waits for another one (concurrent imports). */
#define BUSY_TIMEOUT_MS 600000

static int db_error(struct ff_store *s, struct ff_error *err, const char *what)
{
	return ff_error_set(err, FF_EIO, "store '%s': %s: %s", s->path, what, sqlite3_errmsg(s->db));
}

static int exec(struct ff_store *s, const char *sql, struct ff_error *err)
{
	char *msg = NULL;

	if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		ff_error_set(err, FF_EIO, "store '%s': %s", s->path, msg ? msg : "error");
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

/* Switch to WAL. Changing the journal mode takes an exclusive lock and
   SQLite answers BUSY at once, without the busy handler, while another
   connection holds the file (two imports creating one store): so retry,
   within the same time limit. */
static int set_wal(struct ff_store *s, struct ff_error *err)
{
	int waited = 0, rc;

	while ((rc = sqlite3_exec(s->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL)) == SQLITE_BUSY &&
	       waited < BUSY_TIMEOUT_MS) {
		sqlite3_sleep(10);
		waited += 10;
	}
	return rc == SQLITE_OK ? 0 : db_error(s, err, "switching to WAL");
}

static int user_version(struct ff_store *s, int *v, struct ff_error *err)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
		return db_error(s, err, "reading the schema version");
	*v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
	sqlite3_finalize(st);
	return 0;
}

/* Bring the schema from its version to FF_SCHEMA_VERSION, one migration
   per transaction, under an exclusive lock (so two programs opening a new
   store at once do not both migrate it). */
static int migrate(struct ff_store *s, struct ff_error *err)
{
	char sql[64];
	int v = 0;

	if (exec(s, "BEGIN IMMEDIATE", err))
		return -1;
	if (user_version(s, &v, err))
		goto fail;
	s->found_version = v;
	if (v > FF_SCHEMA_VERSION) {
		ff_error_set(err, FF_EIO,
			     "store '%s' has schema version %d, newer than this fivefold's %d: "
			     "use a newer fivefold", s->path, v, FF_SCHEMA_VERSION);
		goto fail;
	}
	for (; v < FF_SCHEMA_VERSION; v++) {
		if (exec(s, ff_schema_migration(v), err))
			goto fail;
		snprintf(sql, sizeof sql, "PRAGMA user_version = %d", v + 1);
		if (exec(s, sql, err))
			goto fail;
	}
	return exec(s, "COMMIT", err);
fail:
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

int ff_store_prepare(struct ff_store *s, sqlite3_stmt **st, const char *sql, struct ff_error *err)
{
	if (*st)
		return 0;
	if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL) != SQLITE_OK)
		return db_error(s, err, "preparing a statement");
	return 0;
}

int ff_store_fail(struct ff_store *s, struct ff_error *err, const char *what)
{
	return db_error(s, err, what);
}

int ff_store_open(struct ff_store **out, const char *path, struct ff_error *err)
{
	struct ff_store *s = calloc(1, sizeof *s);

	*out = NULL;
	if (!s)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	s->path = strdup(path);
	if (!s->path || sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
					NULL) != SQLITE_OK) {
		ff_error_set(err, FF_EIO, "cannot open store '%s': %s", path,
			     s->db ? sqlite3_errmsg(s->db) : "out of memory");
		ff_store_close(s);
		return -1;
	}
	/* the busy timeout first: switching to WAL itself takes a lock */
	sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
	if (set_wal(s, err) || exec(s, "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;", err) ||
	    migrate(s, err)) {
		ff_store_close(s);
		return -1;
	}
	*out = s;
	return 0;
}

void ff_store_close(struct ff_store *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < sizeof s->stmt / sizeof s->stmt[0]; i++)
		sqlite3_finalize(s->stmt[i]);
	sqlite3_close(s->db);
	for (i = 0; i < s->ncache; i++)
		free(s->cache[i].name);
	free(s->path);
	free(s);
}

int ff_store_found_version(const struct ff_store *s)
{
	return s->found_version;
}

int ff_store_begin(struct ff_store *s, struct ff_error *err)
{
	return exec(s, "BEGIN IMMEDIATE", err);
}

int ff_store_commit(struct ff_store *s, struct ff_error *err)
{
	return exec(s, "COMMIT", err);
}

/* 64-bit FNV-1a over the bytes from basis, then SplitMix64's finaliser. */
static uint64_t fnv_mix(const unsigned char *p, size_t n, uint64_t h)
{
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= p[i];
		h *= UINT64_C(0x100000001B3);
	}
	h ^= (uint64_t)n;
	h = (h ^ (h >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	h = (h ^ (h >> 27)) * UINT64_C(0x94D049BB133111EB);
	return h ^ (h >> 31);
}

void ff_content_hash(const void *p, size_t n, char out[33])
{
	uint64_t a = fnv_mix(p, n, UINT64_C(0xCBF29CE484222325));
	uint64_t b = fnv_mix(p, n, UINT64_C(0x6C62272E07BB0142));

	snprintf(out, 33, "%016llx%016llx", (unsigned long long)a, (unsigned long long)b);
}
