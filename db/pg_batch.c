/* The PostgreSQL backend's commit of a batch (db/pg_import.c stages it):
   ids, COPY into the staging tables, the set-based INSERT, and what
   became of each game, reported in the order the games came. An import
   commits a batch on a thread of its own (ff_pg_commit_later) while it
   reads and stages the next: the server stores one batch while the
   client works on the next. The thread sends the statements and, when no
   game's key was taken, the COMMIT; ff_pg_settle joins it, reports the
   games and, where keys were taken, decides each (duplicate or collision,
   quarantined) and commits. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

#include "db/pg.h"

/* The games, with their seats, whose key is free: in key order (one
   lock order for concurrent importers); before them the rows of the
   small tables they refer to that are new (players, rulesets, sources,
   headers), each table's in its key's order, for the same reason (the
   small tables' statements, small_sql, only for a batch with a value
   new to the importer: b->news). A staged row gives the id of its
   source, template and players where the importer knows them (ids_sql
   told it), else their text, looked up here. games.players as the
   SQLite backend makes it: each seat's player id, in seat order, a space
   before and after. Gives the ids of the games stored. */
static const char small_sql[] =
	"INSERT INTO players (name) SELECT DISTINCT name FROM ff_stage_seats"
	"  WHERE name IS NOT NULL ORDER BY name ON CONFLICT (name) DO NOTHING;"
	"INSERT INTO rulesets SELECT DISTINCT ON (ruleset) ruleset, game, preset, options"
	"  FROM ff_stage_games ORDER BY ruleset ON CONFLICT DO NOTHING;"
	"INSERT INTO sources (path) SELECT DISTINCT s.source_file FROM ff_stage_games s"
	"  WHERE s.source_file IS NOT NULL AND NOT EXISTS"
	"  (SELECT 1 FROM sources WHERE md5(path) = md5(s.source_file))"
	"  ORDER BY 1 ON CONFLICT DO NOTHING;"
	"INSERT INTO headers (template) SELECT DISTINCT s.template FROM ff_stage_games s"
	"  WHERE s.template IS NOT NULL AND NOT EXISTS"
	"  (SELECT 1 FROM headers WHERE md5(template) = md5(s.template))"
	"  ORDER BY 1 ON CONFLICT DO NOTHING";
#define INSERT_SQL(on_conflict) \
	"WITH ins AS (" \
	"  INSERT INTO games (id, hash, ruleset, game, seats, sides, first_seat, first_side, result," \
	"    winner_side, termination, plies, seed, origin, event, site, date, round, source_id," \
	"    source_game, source_line, players, header, moves, body)" \
	"  SELECT s.id, s.hash, s.ruleset, s.game, s.seats, s.sides, s.first_seat, s.first_side," \
	"    s.result, s.winner_side, s.termination, s.plies, s.seed, s.origin, s.event, s.site," \
	"    s.date, s.round, coalesce(s.source_id, src.id), s.source_game, s.source_line," \
	"    coalesce(s.players, pl.players, ''), coalesce(s.header, h.id), s.moves, s.body" \
	"  FROM ff_stage_games s" \
	"  LEFT JOIN sources src ON md5(src.path) = md5(s.source_file) AND src.path = s.source_file" \
	"  LEFT JOIN headers h ON md5(h.template) = md5(s.template) AND h.template = s.template" \
	"  LEFT JOIN (" \
	"    SELECT ss.seq, ' ' || string_agg(p.id::text, ' ' ORDER BY ss.seat) || ' ' AS players" \
	"    FROM ff_stage_seats ss JOIN players p ON p.name = ss.name GROUP BY ss.seq) pl" \
	"    ON pl.seq = s.seq" \
	"  ORDER BY s.game, s.hash" \
	"  " on_conflict " RETURNING id)," \
	"se AS (INSERT INTO seats (game_id, seat, side, player_id)" \
	"  SELECT s.id, ss.seat, ss.side, coalesce(ss.player_id, p.id) FROM ff_stage_seats ss" \
	"  JOIN ff_stage_games s ON s.seq = ss.seq LEFT JOIN players p ON p.name = ss.name" \
	"  WHERE s.id IN (SELECT id FROM ins))" \
	"SELECT id FROM ins"
/* The games' INSERT: skipping a game whose key is taken; or, where the
   importer expects none to be (fast_sql), without the check of each key
   that ON CONFLICT costs: a taken key fails it, and the batch goes on
   with insert_sql (to a savepoint before). */
static const char insert_sql[] = INSERT_SQL("ON CONFLICT (game, hash) DO NOTHING");
static const char fast_sql[] = INSERT_SQL("");

/* The ids of the players, sources and templates of the staged rows that
   give their text, each text with a letter first (p, s, h: the keys of
   s->ids), for a batch with values new to the importer. */
static const char ids_sql[] =
	"SELECT 'p' || name, id FROM players WHERE name IN (SELECT name FROM ff_stage_seats)"
	" UNION ALL SELECT 's' || path, id FROM sources"
	"  WHERE md5(path) IN (SELECT md5(source_file) FROM ff_stage_games)"
	" UNION ALL SELECT 'h' || template, id FROM headers"
	"  WHERE md5(template) IN (SELECT md5(template) FROM ff_stage_games)";

/* The stored games that hold the keys of the staged games $1 (an array
   of seq) that the INSERT skipped: a statement of its own, so that it
   sees rows that a concurrent import committed while the INSERT waited
   for it. Usually there are none, and it is not run. Each row: the
   stored game's FGN columns (FF_PG_FGN_COLS), then seq, id, source file
   and game number. */
static const char taken_sql[] =
	"SELECT " FF_PG_FGN_COLS("g") ", s.seq, g.id,"
	"  (SELECT path FROM sources WHERE id = g.source_id), g.source_game"
	"  FROM ff_stage_games s JOIN games g ON g.game = s.game AND g.hash = s.hash"
	"  WHERE s.seq = ANY ($1::integer[]) AND g.id <> s.id ORDER BY s.seq";

/* COPY data[0..len) into the table of sql ("COPY t FROM STDIN"). */
static int copy_in(struct ff_pg *s, const char *sql, const char *data, size_t len,
		   struct ff_error *err)
{
	PGresult *res = PQexec(s->conn, sql);
	int rc = 0;

	if (PQresultStatus(res) != PGRES_COPY_IN) {
		ff_pg_fail(s, res, err, "starting a COPY");
		PQclear(res);
		return -1;
	}
	PQclear(res);
	if ((len && PQputCopyData(s->conn, data, (int)len) != 1) || PQputCopyEnd(s->conn, NULL) != 1)
		rc = ff_pg_fail(s, NULL, err, "sending a COPY");
	while ((res = PQgetResult(s->conn)) != NULL) {
		if (rc == 0 && PQresultStatus(res) != PGRES_COMMAND_OK)
			rc = ff_pg_fail(s, res, err, "copying staged rows");
		PQclear(res);
	}
	return rc;
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

/* The games' rows with their ids, in b->ids: n new ids of games_id_seq,
   ascending, given in the order the games came (ids are import order). */
static int with_ids(struct ff_pg *s, struct ff_pg_batch *b, struct ff_error *err)
{
	char sql[96];
	PGresult *res;
	long *id;
	size_t i, n = b->n;
	int rc = 0;

	snprintf(sql, sizeof sql, "SELECT nextval('games_id_seq') FROM generate_series(1, %zu)", n);
	res = PQexec(s->conn, sql);
	if (PQresultStatus(res) != PGRES_TUPLES_OK || (size_t)PQntuples(res) != n) {
		ff_pg_fail(s, res, err, "numbering games");
		PQclear(res);
		return -1;
	}
	if (!(id = malloc(n * sizeof *id))) {
		PQclear(res);
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	for (i = 0; i < n; i++)
		id[i] = atol(PQgetvalue(res, (int)i, 0));
	PQclear(res);
	qsort(id, n, sizeof *id, cmp_long);
	ff_buf_reset(&b->ids);
	for (i = 0; i < n && rc == 0; i++) {
		size_t from = b->staged[i].fgn_line;
		size_t to = i + 1 < n ? b->staged[i + 1].fgn_line : b->games.len;

		b->staged[i].id = id[i];
		rc = ff_buf_addf(&b->ids, "%ld\t", id[i]) || ff_buf_add(&b->ids, b->games.p + from, to - from);
	}
	free(id);
	return rc ? ff_error_set(err, FF_ENOMEM, "out of memory") : 0;
}

/* Staged game k of b's key is held by stored game row (of res): a
   duplicate when the text is the same, else a collision kept in
   quarantine. */
static int taken(struct ff_pg *s, const struct ff_pg_batch *b, size_t k, const PGresult *res,
		 int row, struct ff_error *err)
{
	const struct ff_pg_staged *t = &b->staged[k];
	struct ff_store_game g;
	struct ff_store_reject r;
	char where[4096];
	int rc;

	if (ff_pg_row_fgn(s, res, row, &s->fgn, err))
		return -1;
	if (s->fgn.len == t->fgn_len && memcmp(s->fgn.p, b->keep.p + t->fgn, t->fgn_len) == 0) {
		ff_store_report(&s->base, FF_ADD_DUPLICATE, NULL);
		return 0;
	}
	memset(&g, 0, sizeof g);
	g.source_file = b->keep.p + t->file;
	g.source_game = t->source_game;
	g.source_line = t->source_line;
	g.raw = b->keep.p + t->raw;
	g.raw_len = t->raw_len;
	snprintf(where, sizeof where, "%s, game %s", PQgetvalue(res, row, FF_PG_FGN_N + 2),
		 PQgetvalue(res, row, FF_PG_FGN_N + 3));
	if (ff_store_collision(&g, t->key, atoll(PQgetvalue(res, row, FF_PG_FGN_N + 1)), where,
			       &s->line, &r, err))
		return -1;
	if ((rc = ff_store_add_reject(&s->base, &r, err)) < 0)
		return -1;
	ff_store_report(&s->base, rc ? FF_ADD_COLLISION : FF_ADD_COLLISION_AGAIN, s->line.p);
	return 0;
}

/* Report every game of b, in order: stored (its id in stored[0..n),
   ascending), or taken (in res's rows, by seq). */
static int report(struct ff_pg *s, const struct ff_pg_batch *b, const long *stored, size_t n,
		  const PGresult *res, struct ff_error *err)
{
	int row = 0, rows = res ? PQntuples(res) : 0;
	size_t k;

	for (k = 0; k < b->n; k++) {
		if (bsearch(&b->staged[k].id, stored, n, sizeof *stored, cmp_long)) {
			ff_store_report(&s->base, FF_ADD_STORED, NULL);
		} else if (row < rows && (size_t)atol(PQgetvalue(res, row, FF_PG_FGN_N)) == k) {
			if (taken(s, b, k, res, row++, err))
				return -1;
		} else
			return ff_error_set(err, FF_EIO, "store '%s': a game neither stored nor found "
					    "under its key", s->base.name);
	}
	return 0;
}

/* The games of b the INSERT skipped (not in stored[0..n), ascending), as
   a PostgreSQL array of their seq, in b->arr; 0 when there are none. */
static int skipped(struct ff_pg_batch *b, const long *stored, size_t n)
{
	size_t k;

	ff_buf_reset(&b->arr);
	for (k = 0; k < b->n; k++)
		if (!bsearch(&b->staged[k].id, stored, n, sizeof *stored, cmp_long))
			ff_buf_addf(&b->arr, "%c%zu", b->arr.len ? ',' : '{', k);
	if (!b->arr.len)
		return 0;
	ff_buf_addc(&b->arr, '}');
	return 1;
}

/* The games the INSERT stored (res: their ids), ascending, in *out (the
   caller frees it); their count in *n. Returns 0 or -1 (no memory). */
static int stored_ids(const PGresult *res, long **out, size_t *n)
{
	size_t i;

	*n = (size_t)PQntuples(res);
	if (!(*out = malloc((*n ? *n : 1) * sizeof **out)))
		return -1;
	for (i = 0; i < *n; i++)
		(*out)[i] = atol(PQgetvalue(res, (int)i, 0));
	qsort(*out, *n, sizeof **out, cmp_long);
	return 0;
}

static void unstage(struct ff_pg_batch *b)
{
	ff_buf_reset(&b->games);
	ff_buf_reset(&b->seats);
	ff_buf_reset(&b->keep);
	b->n = 0;
	b->news = 0;
}

void ff_pg_batch_free(struct ff_pg_batch *b)
{
	ff_buf_free(&b->games);
	ff_buf_free(&b->seats);
	ff_buf_free(&b->keep);
	ff_buf_free(&b->ids);
	ff_buf_free(&b->arr);
	free(b->staged);
}

/* The INSERT of the games: fast_sql where s->fast, and where that finds
   a key taken, insert_sql. f->stored: the ids stored. Returns 0, or -1
   with f->err. */
static int insert(struct ff_pg *s, struct ff_pg_flight *f)
{
	const char *state;

	if (s->fast) {
		if (ff_pg_exec(s, "SAVEPOINT fast", &f->err))
			return -1;
		f->stored = PQexec(s->conn, fast_sql);
		if (PQresultStatus(f->stored) == PGRES_TUPLES_OK)
			return 0;
		state = PQresultErrorField(f->stored, PG_DIAG_SQLSTATE);
		if (!state || strcmp(state, "23505") != 0)   /* unique_violation */
			return ff_pg_fail(s, f->stored, &f->err, "storing games");
		PQclear(f->stored);
		f->stored = NULL;
		if (ff_pg_exec(s, "ROLLBACK TO SAVEPOINT fast", &f->err))
			return -1;
	}
	f->stored = PQexec(s->conn, insert_sql);
	if (PQresultStatus(f->stored) != PGRES_TUPLES_OK)
		return ff_pg_fail(s, f->stored, &f->err, "storing games");
	return 0;
}

/* Send b's statements in its transaction: BEGIN, ids, the COPYs, the
   INSERT (f->stored its stored ids), then the query for the keys taken
   (f->taken, NULL when the INSERT skipped no game), or COMMIT when it
   skipped none (f->committed). The part of a commit that needs nothing
   but the connection: run on the batch's thread. Returns 0, or -1 with
   f->err. */
static int send_batch(struct ff_pg *s, struct ff_pg_batch *b, struct ff_pg_flight *f)
{
	long *stored = NULL;
	size_t n = 0;
	const char *arr;
	int rc = 0;

	f->stored = f->taken = f->ids = NULL;
	f->committed = 0;
	if (ff_pg_exec(s, "BEGIN", &f->err) || with_ids(s, b, &f->err) ||
	    copy_in(s, "COPY ff_stage_games FROM STDIN", b->ids.p, b->ids.len, &f->err) ||
	    copy_in(s, "COPY ff_stage_seats FROM STDIN", b->seats.p, b->seats.len, &f->err))
		return -1;
	if (b->news) {
		if (ff_pg_exec(s, small_sql, &f->err))
			return -1;
		f->ids = PQexec(s->conn, ids_sql);
		if (PQresultStatus(f->ids) != PGRES_TUPLES_OK)
			return ff_pg_fail(s, f->ids, &f->err, "reading the small tables' ids");
	}
	if (insert(s, f))
		return -1;
	if (stored_ids(f->stored, &stored, &n))
		return ff_error_set(&f->err, FF_ENOMEM, "out of memory");
	s->fast = !skipped(b, stored, n);   /* the next batch tries fast_sql first */
	if (s->fast) {
		free(stored);
		if ((rc = ff_pg_exec(s, "COMMIT", &f->err)) == 0)
			f->committed = 1;
		return rc;
	}
	free(stored);
	if (!(arr = b->arr.p))
		return ff_error_set(&f->err, FF_ENOMEM, "out of memory");
	f->taken = PQexecParams(s->conn, taken_sql, 1, NULL, &arr, NULL, NULL, 0);
	if (PQresultStatus(f->taken) != PGRES_TUPLES_OK)
		return ff_pg_fail(s, f->taken, &f->err, "finding keys already taken");
	return 0;
}

/* Keep the ids that ids_sql gave (res; NULL: none) in s->ids, for the
   rows staged from now on. Returns 0 or -1 (no memory). */
static int learn(struct ff_pg *s, const PGresult *res)
{
	int i, rows = res ? PQntuples(res) : 0;
	int64_t id;

	for (i = 0; i < rows; i++) {
		const char *k = PQgetvalue(res, i, 0);
		size_t n = (size_t)PQgetlength(res, i, 0);

		if (!ff_dict_find(&s->ids, k, n, &id) &&
		    ff_dict_put(&s->ids, k, n, atoll(PQgetvalue(res, i, 1))))
			return -1;
	}
	return 0;
}

/* Report b's games from what send_batch left in f, and commit where it
   did not; then the batch is empty. Returns 0, or -1 with err (the
   transaction rolled back). */
static int finish(struct ff_pg *s, struct ff_pg_batch *b, struct ff_pg_flight *f,
		  struct ff_error *err)
{
	long *stored = NULL;
	size_t n = 0;
	int rc = f->rc;

	if (rc)
		*err = f->err;
	else if (stored_ids(f->stored, &stored, &n))
		rc = ff_error_set(err, FF_ENOMEM, "out of memory");
	else
		rc = report(s, b, stored, n, f->taken, err) ||
		     (!f->committed && ff_pg_exec(s, "COMMIT", err));
	if (rc && !f->committed)
		PQclear(PQexec(s->conn, "ROLLBACK"));
	if (rc == 0 && learn(s, f->ids))
		rc = ff_error_set(err, FF_ENOMEM, "out of memory");
	PQclear(f->stored);
	PQclear(f->taken);
	PQclear(f->ids);
	f->stored = f->taken = f->ids = NULL;
	free(stored);
	unstage(b);
	return rc ? -1 : 0;
}

static void *fly_main(void *arg)
{
	struct ff_pg *s = arg;

	s->fly.rc = send_batch(s, s->flying, &s->fly) ? -1 : 0;
	return NULL;
}

int ff_pg_settle(struct ff_pg *s, struct ff_error *err)
{
	if (!s->fly.on)
		return 0;
	pthread_join(s->fly.tid, NULL);
	s->fly.on = 0;   /* before finish: a collision's quarantine entry uses conn */
	return finish(s, s->flying, &s->fly, err);
}

/* Commit the batch's analyses' transaction, when open. Returns 0, or -1
   with err. */
static int commit_analyses(struct ff_pg *s, struct ff_error *err)
{
	if (!s->analyses_tx)
		return 0;
	s->analyses_tx = 0;
	return ff_pg_exec(s, "COMMIT", err);
}

int ff_pg_commit(struct ff_pg *s, struct ff_error *err)
{
	struct ff_pg_flight f;

	if (commit_analyses(s, err) || ff_pg_settle(s, err))
		return -1;
	if (s->cur->n == 0)
		return 0;
	memset(&f, 0, sizeof f);
	f.rc = send_batch(s, s->cur, &f) ? -1 : 0;
	return finish(s, s->cur, &f, err);
}

int ff_pg_commit_later(struct ff_pg *s, struct ff_error *err)
{
	struct ff_pg_batch *b = s->cur;

	if (commit_analyses(s, err) || ff_pg_settle(s, err))
		return -1;
	if (b->n == 0)
		return 0;
	s->cur = s->flying;
	s->flying = b;
	memset(&s->fly, 0, sizeof s->fly);
	if (pthread_create(&s->fly.tid, NULL, fly_main, s) == 0) {
		s->fly.on = 1;
		return 0;
	}
	/* no thread: the batch is committed here and now */
	s->fly.rc = send_batch(s, b, &s->fly) ? -1 : 0;
	return finish(s, b, &s->fly, err);
}
