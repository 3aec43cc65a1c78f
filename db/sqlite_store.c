/* The SQLite backend: open a store file for writing (check, migrate) or
   for reading only; batches; the backend's table. */
#include "config.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "db/sqlite.h"
#include "db/sqlite_schema.h"

/* How long a writer waits for another one (concurrent imports). */
#define BUSY_TIMEOUT_MS 600000

static int db_error(struct ff_sqlite *s, struct ff_error *err, const char *what)
{
	int code = sqlite3_errcode(s->db) & 0xff;

	return ff_error_set(err, FF_EIO, "store '%s': %s: %s%s", s->base.name, what, sqlite3_errmsg(s->db),
			    code == SQLITE_CORRUPT || code == SQLITE_NOTADB ?
			    " (the store is damaged: restore it from a copy)" : "");
}

static int exec(struct ff_sqlite *s, const char *sql, struct ff_error *err)
{
	char *msg = NULL;

	if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		ff_error_set(err, FF_EIO, "store '%s': %s", s->base.name, msg ? msg : "error");
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

/* Switch to WAL. Changing the journal mode takes an exclusive lock and
   SQLite answers BUSY at once, without the busy handler, while another
   connection holds the file (two imports creating one store): so retry,
   within the same time limit. */
static int set_wal(struct ff_sqlite *s, struct ff_error *err)
{
	int waited = 0, rc;

	while ((rc = sqlite3_exec(s->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL)) == SQLITE_BUSY &&
	       waited < BUSY_TIMEOUT_MS) {
		sqlite3_sleep(10);
		waited += 10;
	}
	return rc == SQLITE_OK ? 0 : db_error(s, err, "switching to WAL");
}

static int user_version(struct ff_sqlite *s, int *v, struct ff_error *err)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
		return db_error(s, err, "reading the schema version");
	if (sqlite3_step(st) != SQLITE_ROW) {
		db_error(s, err, "reading the schema version");
		sqlite3_finalize(st);
		return -1;
	}
	*v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return 0;
}

/* Refuse another program's database before anything is written (WAL
   mode too: it changes the file's header): one with tables or views and
   no schema version, unless init says to add the store's tables beside
   them; one with a schema version (PRAGMA user_version, which any program
   may set) and no table games, always. */
static int check_ours(struct ff_sqlite *s, int init, struct ff_error *err)
{
	sqlite3_stmt *st;
	int rc = 0, n, v;

	if (user_version(s, &v, err))
		return -1;
	if (v == 0 && init)
		return 0;
	if (sqlite3_prepare_v2(s->db, "SELECT count(*), min(name), sum(name = 'games' AND type ="
			       " 'table') FROM sqlite_schema WHERE type IN"
			       " ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'", -1, &st,
			       NULL) != SQLITE_OK)
		return db_error(s, err, "looking for tables");
	if (sqlite3_step(st) != SQLITE_ROW)
		rc = db_error(s, err, "looking for tables");
	else if (v == 0 && (n = sqlite3_column_int(st, 0)) > 0)
		rc = ff_error_set(err, FF_EIO, "'%s' is not a fivefold store: it has %d table%s of its "
				  "own (e.g. '%s') and no schema version; nothing was written "
				  "(--init adds the store's tables beside them)", s->base.name, n,
				  n == 1 ? "" : "s", (const char *)sqlite3_column_text(st, 1));
	else if (v != 0 && sqlite3_column_int(st, 2) == 0)
		rc = ff_error_set(err, FF_EIO, "'%s' is not a fivefold store: its PRAGMA user_version "
				  "is %d but it has no table 'games' (another program's database); "
				  "nothing was written", s->base.name, v);
	sqlite3_finalize(st);
	return rc;
}

/* Bring the schema from its version to FF_SCHEMA_VERSION, one migration
   per transaction, under an exclusive lock (so two programs opening a new
   store at once do not both migrate it). */
static int migrate(struct ff_sqlite *s, struct ff_error *err)
{
	char sql[64];
	int v = 0;

	if (exec(s, "BEGIN IMMEDIATE", err))
		return -1;
	if (user_version(s, &v, err))
		goto fail;
	s->base.found_version = v;
	if (v > FF_SCHEMA_VERSION) {
		ff_error_set(err, FF_EIO,
			     "store '%s' has schema version %d, newer than this fivefold's %d: "
			     "use a newer fivefold", s->base.name, v, FF_SCHEMA_VERSION);
		goto fail;
	}
	for (; v < FF_SCHEMA_VERSION; v++) {
		if (exec(s, ff_sqlite_migration(v), err))
			goto fail;
		snprintf(sql, sizeof sql, "PRAGMA user_version = %d", v + 1);
		if (exec(s, sql, err))
			goto fail;
	}
	s->base.version = v;
	return exec(s, "COMMIT", err);
fail:
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

int ff_sqlite_prepare(struct ff_sqlite *s, sqlite3_stmt **st, const char *sql,
		      struct ff_error *err)
{
	if (*st)
		return 0;
	if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL) != SQLITE_OK)
		return db_error(s, err, "preparing a statement");
	return 0;
}

int ff_sqlite_fail(struct ff_sqlite *s, struct ff_error *err, const char *what)
{
	return db_error(s, err, what);
}

/* SQL ff_key(X, ...): ff_store_key over the arguments as text (a number
   as its decimal form), for migrations. */
static void sql_key(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct ff_key_part parts[8];
	char out[FF_KEY_HEX + 1];
	int i;

	if (argc < 1 || argc > (int)(sizeof parts / sizeof parts[0])) {
		sqlite3_result_error(ctx, "ff_key takes 1 to 8 arguments", -1);
		return;
	}
	for (i = 0; i < argc; i++) {
		if (sqlite3_value_type(argv[i]) == SQLITE_NULL) {
			sqlite3_result_error(ctx, "ff_key of NULL", -1);
			return;
		}
		parts[i].p = sqlite3_value_text(argv[i]);
		parts[i].n = (size_t)sqlite3_value_bytes(argv[i]);
		if (!parts[i].p) {
			sqlite3_result_error_nomem(ctx);
			return;
		}
	}
	ff_store_key(parts, (size_t)argc, out);
	sqlite3_result_text(ctx, out, FF_KEY_HEX, SQLITE_TRANSIENT);
}

/* SQL ff_unhex(X): the bytes the hex digits of X stand for (a key's 32
   bytes from its 64 digits), for migrations; NULL for NULL. */
static void sql_unhex(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const char *hex = (const char *)sqlite3_value_text(argv[0]);
	int n = sqlite3_value_bytes(argv[0]);
	unsigned char *out;

	(void)argc;
	if (!hex) {
		sqlite3_result_null(ctx);
		return;
	}
	if (n % 2 || !(out = sqlite3_malloc(n / 2 + 1))) {
		sqlite3_result_error(ctx, n % 2 ? "ff_unhex of an odd number of digits" : "no memory",
				     -1);
		return;
	}
	if (ff_store_unhex(hex, (size_t)n, out)) {
		sqlite3_free(out);
		sqlite3_result_error(ctx, "ff_unhex of a byte that is no hex digit", -1);
		return;
	}
	sqlite3_result_blob(ctx, out, n / 2, sqlite3_free);
}

/* Register the SQL functions migrations use. */
static int add_functions(struct ff_sqlite *s, struct ff_error *err)
{
	int f = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY;

	if (sqlite3_create_function_v2(s->db, "ff_key", -1, f, NULL, sql_key, NULL, NULL, NULL) !=
	    SQLITE_OK ||
	    sqlite3_create_function_v2(s->db, "ff_unhex", 1, f, NULL, sql_unhex, NULL, NULL, NULL) !=
	    SQLITE_OK)
		return db_error(s, err, "registering the store's SQL functions");
	return 0;
}

/* quick_check's first problem, on one line, into out. */
static void first_problem(char *out, size_t size, const char *row)
{
	static const char head[] = "*** in database main ***\n";
	size_t i;

	if (strncmp(row, head, sizeof head - 1) == 0)
		row += sizeof head - 1;
	snprintf(out, size, "%s", row);
	for (i = 0; out[i]; i++)
		if (out[i] == '\n')
			out[i] = ' ';
}

/* Refuse a damaged store before writing to it: PRAGMA quick_check reads
   every page and checks the b-trees, so damage anywhere in the file is
   found here, not half way through a batch (and nothing is written into a
   file whose structure is wrong). */
static int check_intact(struct ff_sqlite *s, struct ff_error *err)
{
	sqlite3_stmt *st;
	const char *row;
	char what[160];
	int rc;

	if (sqlite3_prepare_v2(s->db, "PRAGMA quick_check(1)", -1, &st, NULL) != SQLITE_OK)
		return ff_error_set(err, FF_EIO, "store '%s' cannot be read: %s: nothing was written",
				    s->base.name, sqlite3_errmsg(s->db));
	rc = sqlite3_step(st);
	row = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
	if (row && strcmp(row, "ok") == 0) {
		sqlite3_finalize(st);
		return 0;
	}
	first_problem(what, sizeof what, row ? row : sqlite3_errmsg(s->db));
	sqlite3_finalize(st);
	return ff_error_set(err, FF_EIO, "store '%s' is damaged (%s): nothing was written; restore "
			    "it from a copy (the sqlite3 shell's .recover may save its games)", s->base.name,
			    what);
}

static void sqlite_close(struct ff_store *base);

/* A new store for path, its connection not open yet. */
static struct ff_sqlite *store_new(const char *path, struct ff_error *err)
{
	struct ff_sqlite *s = calloc(1, sizeof *s);

	if (s && !(s->base.name = strdup(path))) {
		free(s);
		s = NULL;
	}
	if (!s)
		ff_error_set(err, FF_ENOMEM, "out of memory");
	else
		s->base.be = &ff_store_sqlite;
	return s;
}

/* Open s->db on name (a path, or a URI with SQLITE_OPEN_URI in flags).
   A store is used by one thread at a time, so the connection takes no
   mutexes (SQLITE_OPEN_NOMUTEX: SQLite's multi-thread mode). */
static int db_connect(struct ff_sqlite *s, const char *name, int flags, struct ff_error *err)
{
	int sys;

	if (sqlite3_open_v2(name, &s->db, flags | SQLITE_OPEN_NOMUTEX, NULL) == SQLITE_OK) {
		/* the busy timeout first: switching to WAL itself takes a lock */
		sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
		return 0;
	}
	sys = s->db ? sqlite3_system_errno(s->db) : 0;
	ff_error_set(err, FF_EIO, "cannot open store '%s': %s%s%s%s", s->base.name,
		     s->db ? sqlite3_errmsg(s->db) : "out of memory", sys ? " (" : "",
		     sys ? strerror(sys) : "", sys ? ")" : "");
	sqlite3_close(s->db);
	s->db = NULL;
	return -1;
}

/* Why a new store file cannot be made at path, when its directory says
   (read-only file system, no permission, no such directory): into err,
   returning -1; else 0. */
static int cannot_create(const char *path, struct ff_error *err)
{
	const char *slash = strrchr(path, '/');
	char dir[4096];
	struct stat sb;
	int e;

	if (stat(path, &sb) == 0 || errno != ENOENT)
		return 0;   /* the file is there (or unreachable): SQLite's message says */
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else if ((size_t)snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path),
				  path) >= sizeof dir)
		return 0;
	if (access(dir, W_OK | X_OK) == 0)
		return 0;
	e = errno;
	return ff_error_set(err, FF_EIO, "cannot create store '%s': its directory '%s' %s: "
			    "nothing was written", path, dir, e == EROFS ?
			    "is on a read-only file system" : e == ENOENT ? "does not exist" :
			    e == EACCES ? "cannot be written (permission denied)" : strerror(e));
}

/* Open the store file at path for writing. */
static int open_write(struct ff_store **out, const char *path, int init, struct ff_error *err)
{
	struct ff_sqlite *s = store_new(path, err);

	*out = NULL;
	if (!s || cannot_create(path, err) ||
	    db_connect(s, path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, err))
		goto fail;
	/* SQLite opens a file it may not write read-only, without a word */
	if (sqlite3_db_readonly(s->db, "main") == 1) {
		ff_error_set(err, FF_EIO, "store '%s' is read-only (its file or its file system "
			     "cannot be written): nothing was written", path);
		goto fail;
	}
	if (add_functions(s, err))
		goto fail;
	/* foreign keys: docs/store.md "Tables"; the WAL is copied back into
	   the file every 16,384 pages (64 MiB of 4 KiB pages), not every
	   1,000: an import's batches are about 4 MB, and a checkpoint after
	   each one wrote every page twice; the page cache is 64 MiB, not
	   2 MiB: the key index takes random inserts, and with 2 MiB an import
	   of 1,000,000 games read its pages back from the file again and again
	   (33.5 s; 26.4 s with 64 MiB, measured 24 Nov 2026) */
	if (check_intact(s, err) || check_ours(s, init, err) || set_wal(s, err) ||
	    exec(s, "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF;"
		    " PRAGMA wal_autocheckpoint = 16384; PRAGMA cache_size = -65536;", err) ||
	    migrate(s, err))
		goto fail;
	*out = &s->base;
	return 0;
fail:
	sqlite_close(s ? &s->base : NULL);
	return -1;
}

/* "file:PATH?immutable=1" for path, made absolute, each byte outside
   [A-Za-z0-9/._~-] as %XX. NULL when out of memory or path has no real
   path. */
static char *immutable_uri(const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	char *real = realpath(path, NULL), *uri, *q;
	const unsigned char *p;

	if (!real)
		return NULL;
	uri = malloc(strlen(real) * 3 + sizeof "file:?immutable=1");
	if (uri) {
		q = uri + sprintf(uri, "file:");
		for (p = (const unsigned char *)real; *p; p++) {
			if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			    (*p >= '0' && *p <= '9') || strchr("/._~-", *p)) {
				*q++ = (char)*p;
			} else {
				*q++ = '%';
				*q++ = hex[*p >> 4];
				*q++ = hex[*p & 15];
			}
		}
		strcpy(q, "?immutable=1");
	}
	free(real);
	return uri;
}

/* 1 when a WAL-mode store on a read-only file system could not be opened
   because SQLite cannot create its shared-memory file there, and there is
   no write-ahead log: then no writer can be at work and nothing is
   pending, so the file alone holds the store (SQLite's "immutable"). */
static int needs_immutable(const char *path, int rc)
{
	struct statvfs fs;
	struct stat sb;
	char wal[4096];

	if ((rc & 0xff) != SQLITE_CANTOPEN || statvfs(path, &fs) != 0 || !(fs.f_flag & ST_RDONLY))
		return 0;
	if ((size_t)snprintf(wal, sizeof wal, "%s-wal", path) >= sizeof wal)
		return 0;
	return stat(wal, &sb) != 0 && errno == ENOENT;
}

/* Read the schema version of a store opened for reading; reopen it as
   immutable where needs_immutable says so. */
static int read_version(struct ff_sqlite *s, int *v, struct ff_error *err)
{
	char *uri;
	int rc;

	sqlite3_extended_result_codes(s->db, 1);
	if (user_version(s, v, err) == 0)
		return 0;
	rc = sqlite3_extended_errcode(s->db);
	if (!needs_immutable(s->base.name, rc))
		return -1;
	if (!(uri = immutable_uri(s->base.name)))
		return -1;
	sqlite3_close(s->db);
	s->db = NULL;
	rc = db_connect(s, uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, err);
	free(uri);
	return rc ? -1 : user_version(s, v, err);
}

/* Open the store file at path for reading only. */
static int open_read(struct ff_store **out, const char *path, struct ff_error *err)
{
	struct ff_sqlite *s = store_new(path, err);
	struct stat sb;
	int v = 0;

	*out = NULL;
	if (!s)
		return -1;
	if (stat(path, &sb) != 0) {
		ff_error_set(err, FF_EIO, "cannot open store '%s': %s", path, strerror(errno));
		goto fail;
	}
	if (!S_ISREG(sb.st_mode)) {
		ff_error_set(err, FF_EIO, "cannot open store '%s': not a regular file", path);
		goto fail;
	}
	if (db_connect(s, path, SQLITE_OPEN_READONLY, err) || read_version(s, &v, err))
		goto fail;
	s->base.found_version = s->base.version = v;
	if (v > FF_SCHEMA_VERSION) {
		ff_error_set(err, FF_EIO,
			     "store '%s' has schema version %d, newer than this fivefold's %d: "
			     "use a newer fivefold", path, v, FF_SCHEMA_VERSION);
		goto fail;
	}
	if (v < 1) {
		ff_error_set(err, FF_EIO, "'%s' is not a fivefold store (it has no schema version)",
			     path);
		goto fail;
	}
	*out = &s->base;
	return 0;
fail:
	sqlite_close(&s->base);
	return -1;
}

static int sqlite_open(struct ff_store **out, const char *db, int mode, struct ff_error *err)
{
	return mode == FF_OPEN_READ ? open_read(out, db, err) :
	       open_write(out, db, mode == FF_OPEN_INIT, err);
}

static int sqlite_exists(const char *db)
{
	return access(db, F_OK) == 0;
}

static void sqlite_close(struct ff_store *base)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	size_t i;

	if (!s)
		return;
	for (i = 0; i < sizeof s->stmt / sizeof s->stmt[0]; i++)
		sqlite3_finalize(s->stmt[i]);
	sqlite3_close(s->db);   /* an open transaction rolls back */
	for (i = 0; i < s->ncache; i++)
		free(s->cache[i].name);
	ff_buf_free(&s->ids);
	ff_buf_free(&s->line);
	ff_buf_free(&s->moves);
	ff_buf_free(&s->fgn);
	ff_compact_free(&s->cpt);
	ff_dict_free(&s->plies);
	ff_dict_free(&s->tmpls);
	ff_dict_free(&s->rulesets);
	ff_dict_free(&s->sources);
	free(s->base.name);
	free(s);
}

static int sqlite_begin(struct ff_store *s, struct ff_error *err)
{
	return exec(ff_sqlite_of(s), "BEGIN IMMEDIATE", err);
}

static int sqlite_commit(struct ff_store *s, struct ff_error *err)
{
	return exec(ff_sqlite_of(s), "COMMIT", err);
}

const struct ff_store_backend ff_store_sqlite = {
	.name = "sqlite",
	.db = "FILE: a SQLite file (any --db value that is not a URL)",
	.open = sqlite_open,
	.exists = sqlite_exists,
	.close = sqlite_close,
	.begin = sqlite_begin,
	.commit = sqlite_commit,
	.add_game = ff_sqlite_add_game,
	.reject_insert = ff_sqlite_reject_insert,
	.reject_same = ff_sqlite_reject_same,
	.stats = ff_sqlite_stats,
	.stats_plan = ff_sqlite_stats_plan,
	.export = ff_sqlite_export,
	.each_game = ff_sqlite_each_game,
	.results = ff_sqlite_results,
	.players = ff_sqlite_players,
	.each_reject = ff_sqlite_each_reject,
	.add_analysis = ff_sqlite_add_analysis,
	.each_analysis = ff_sqlite_each_analysis,
	.player_analysis = ff_sqlite_player_analysis,
};
