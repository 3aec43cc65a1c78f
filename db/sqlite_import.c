/* The SQLite backend's writes (import): games and quarantined records,
   one row at a time. A key that is taken already is never trusted alone:
   the stored row is compared, so a hash collision cannot drop a game. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/sqlite.h"
#include "lib/ruleset.h"

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
	if (s)
		sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

/* Run an INSERT that returns no rows, and reset it for the next use.
   Returns 0, or -1 with err naming what failed. */
static int exec_done(struct ff_sqlite *s, sqlite3_stmt *st, const char *what, struct ff_error *err)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : ff_sqlite_fail(s, err, what);
}

/* The id of player name, inserting it when new. */
static int player_id(struct ff_sqlite *s, const char *name, sqlite3_int64 *id, struct ff_error *err)
{
	sqlite3_stmt *st;
	size_t i;

	for (i = 0; i < s->ncache; i++)
		if (strcmp(s->cache[i].name, name) == 0) {
			*id = s->cache[i].id;
			return 0;
		}
	if (ff_sqlite_prepare(s, &s->stmt[ST_PLAYER],
			     "INSERT INTO players(name) VALUES (?1) ON CONFLICT(name) DO NOTHING", err) ||
	    ff_sqlite_prepare(s, &s->stmt[ST_PLAYER_ID], "SELECT id FROM players WHERE name = ?1", err))
		return -1;
	st = s->stmt[ST_PLAYER];
	bind_text(st, 1, name);
	if (exec_done(s, st, "adding a player", err))
		return -1;
	st = s->stmt[ST_PLAYER_ID];
	bind_text(st, 1, name);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return ff_sqlite_fail(s, err, "finding a player");
	}
	*id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	/* cache while there is room: simulated stores have a handful of names.
	   (An id from a batch that is later rolled back is never reused: a
	   failed import stops.) */
	if (s->ncache < sizeof s->cache / sizeof s->cache[0] &&
	    (s->cache[s->ncache].name = strdup(name)) != NULL)
		s->cache[s->ncache++].id = *id;
	return 0;
}

/* Bind the columns of g's row in games (all but the key). */
static void bind_game(sqlite3_stmt *st, const struct ff_store_game *g)
{
	const struct ff_record *rec = g->rec;

	bind_text(st, 2, g->ruleset);
	bind_text(st, 3, g->game);
	bind_text(st, 4, g->preset);
	bind_text(st, 5, g->options);
	sqlite3_bind_int(st, 6, g->seats);
	sqlite3_bind_int(st, 7, g->first_seat);
	sqlite3_bind_int(st, 8, g->first_side);
	bind_text(st, 9, g->result);
	if (g->winner_side > 0)
		sqlite3_bind_int(st, 10, g->winner_side);
	else
		sqlite3_bind_null(st, 10);
	bind_text(st, 11, g->termination);
	sqlite3_bind_int(st, 12, g->plies);
	bind_text(st, 13, ff_record_tag(rec, "Seed"));
	bind_text(st, 14, g->origin);
	bind_text(st, 15, ff_record_tag(rec, "Event"));
	bind_text(st, 16, ff_record_tag(rec, "Site"));
	bind_text(st, 17, ff_record_tag(rec, "Date"));
	bind_text(st, 18, ff_record_tag(rec, "Round"));
	bind_text(st, 19, g->source_file);
	sqlite3_bind_int64(st, 20, g->source_game);
	sqlite3_bind_int64(st, 21, g->source_line);
	sqlite3_bind_text(st, 22, g->fgn, (int)g->fgn_len, SQLITE_STATIC);
	sqlite3_bind_int(st, 23, g->sides);
}

/* The players.id of each seat's player (0: none), adding new players,
   and games.players: the ids in seat order, each with a space before and
   after ("" for none). Returns 0, or -1 with err. */
static int seat_players(struct ff_sqlite *s, const struct ff_store_game *g, sqlite3_int64 *pid,
			struct ff_buf *ids, struct ff_error *err)
{
	const char *player;
	int k;

	ff_buf_reset(ids);
	for (k = 1; k <= g->seats; k++) {
		player = ff_store_seat_player(g, k);
		pid[k - 1] = 0;
		if (player && player_id(s, player, &pid[k - 1], err))
			return -1;
		if (pid[k - 1] && ((!ids->len && ff_buf_addc(ids, ' ')) ||
				   ff_buf_addu(ids, (uint64_t)pid[k - 1]) || ff_buf_addc(ids, ' ')))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	return 0;
}

/* The tags and seats (players pid) of the game just stored as row gid. */
static int add_tags_seats(struct ff_sqlite *s, const struct ff_store_game *g, sqlite3_int64 gid,
			  const sqlite3_int64 *pid, struct ff_error *err)
{
	const struct ff_record *rec = g->rec;
	sqlite3_stmt *st = s->stmt[ST_TAG];
	size_t i;
	int k;

	for (i = 0; i < rec->ntags; i++) {
		sqlite3_bind_int64(st, 1, gid);
		sqlite3_bind_int(st, 2, (int)i + 1);
		bind_text(st, 3, ff_record_str(rec, rec->tags[i].name));
		bind_text(st, 4, ff_record_str(rec, rec->tags[i].value));
		if (exec_done(s, st, "storing a tag", err))
			return -1;
	}
	for (k = 1; k <= g->seats; k++) {
		st = s->stmt[ST_SEAT];
		sqlite3_bind_int64(st, 1, gid);
		sqlite3_bind_int(st, 2, k);
		sqlite3_bind_int(st, 3, g->side_of_seat[k - 1]);
		if (pid[k - 1])
			sqlite3_bind_int64(st, 4, pid[k - 1]);
		else
			sqlite3_bind_null(st, 4);
		if (exec_done(s, st, "storing a seat", err))
			return -1;
	}
	return 0;
}

/* The game stored under key: 1 when its canonical FGN is g's (a
   duplicate), 0 when it differs (a collision: *id and where, "FILE, game
   N", say which game holds the key), -1 with err. */
static int same_game(struct ff_sqlite *s, const char *key, const struct ff_store_game *g,
		     sqlite3_int64 *id, struct ff_buf *where, struct ff_error *err)
{
	sqlite3_stmt *st;
	int rc;

	if (ff_sqlite_prepare(s, &s->stmt[ST_GAME_SAME],
			     "SELECT id, source_file, source_game, fgn = ?2 FROM games WHERE hash = ?1",
			     err))
		return -1;
	st = s->stmt[ST_GAME_SAME];
	bind_text(st, 1, key);
	sqlite3_bind_text(st, 2, g->fgn, (int)g->fgn_len, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return ff_sqlite_fail(s, err, "finding the game that holds a key");
	}
	rc = sqlite3_column_int(st, 3) ? 1 : 0;
	*id = sqlite3_column_int64(st, 0);
	ff_buf_reset(where);
	if (ff_buf_addf(where, "%s, game %lld", (const char *)sqlite3_column_text(st, 1),
			(long long)sqlite3_column_int64(st, 2)))
		rc = ff_error_set(err, FF_ENOMEM, "out of memory");
	sqlite3_reset(st);
	return rc;
}

/* g's key is held by stored game id (where) with other content: keep g in
   quarantine, saying so. */
static int quarantine_collision(struct ff_sqlite *s, const struct ff_store_game *g,
				const char *key, sqlite3_int64 id, const char *where,
				struct ff_error *err)
{
	struct ff_store_reject r;
	int rc;

	if (ff_store_collision(g, key, (long long)id, where, &s->line, &r, err))
		return -1;
	rc = ff_store_add_reject(&s->base, &r, err);
	if (rc >= 0)
		ff_store_report(&s->base, rc ? FF_ADD_COLLISION : FF_ADD_COLLISION_AGAIN, s->line.p);
	return rc < 0 ? -1 : 0;
}

/* The key is taken: a duplicate, or a collision quarantined. */
static int key_taken(struct ff_sqlite *s, const struct ff_store_game *g, const char *key,
		     struct ff_error *err)
{
	struct ff_buf where = FF_BUF_INIT;
	sqlite3_int64 id = 0;
	int rc = same_game(s, key, g, &id, &where, err);

	if (rc == 1) {
		ff_store_report(&s->base, FF_ADD_DUPLICATE, NULL);
		rc = 0;
	} else if (rc == 0)
		rc = quarantine_collision(s, g, key, id, where.p, err);
	ff_buf_free(&where);
	return rc;
}

int ff_sqlite_add_game(struct ff_store *base, const struct ff_store_game *g, struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	sqlite3_int64 pid[FF_MAX_SEATS];
	sqlite3_stmt *st;
	char key[FF_KEY_HEX + 1];

	if (ff_sqlite_prepare(s, &s->stmt[ST_GAME],
			     "INSERT INTO games(hash, ruleset, game, preset, options, seats, first_seat,"
			     " first_side, result, winner_side, termination, plies, seed, origin, event,"
			     " site, date, round, source_file, source_game, source_line, fgn, sides,"
			     " players) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
			     " ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24)"
			     " ON CONFLICT(hash) DO NOTHING", err) ||
	    ff_sqlite_prepare(s, &s->stmt[ST_TAG],
			     "INSERT INTO tags(game_id, pos, name, value) VALUES (?1, ?2, ?3, ?4)", err) ||
	    ff_sqlite_prepare(s, &s->stmt[ST_SEAT],
			     "INSERT INTO seats(game_id, seat, side, player_id) VALUES (?1, ?2, ?3, ?4)",
			     err))
		return -1;
	ff_store_game_key(g, key);
	if (seat_players(s, g, pid, &s->ids, err))
		return -1;
	st = s->stmt[ST_GAME];
	bind_text(st, 1, key);
	bind_game(st, g);
	sqlite3_bind_text(st, 24, s->ids.p ? s->ids.p : "", (int)s->ids.len, SQLITE_STATIC);
	if (exec_done(s, st, "storing a game", err))
		return -1;
	if (sqlite3_changes(s->db) == 0)
		return key_taken(s, g, key, err);
	if (add_tags_seats(s, g, sqlite3_last_insert_rowid(s->db), pid, err))
		return -1;
	ff_store_report(&s->base, FF_ADD_STORED, NULL);
	return 0;
}

/* Insert r under key: 1 inserted, 0 the key is taken, -1 with err. */
int ff_sqlite_reject_insert(struct ff_store *base, const struct ff_store_reject *r, const char *key,
			    struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	sqlite3_stmt *st;

	if (ff_sqlite_prepare(s, &s->stmt[ST_REJECT],
			      "INSERT INTO quarantine(hash, source_file, source_game, source_line,"
			      " verdict, code, diagnostics, raw) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
			      " ON CONFLICT(hash) DO NOTHING", err))
		return -1;
	st = s->stmt[ST_REJECT];
	bind_text(st, 1, key);
	bind_text(st, 2, r->source_file);
	sqlite3_bind_int64(st, 3, r->source_game);
	sqlite3_bind_int64(st, 4, r->source_line);
	bind_text(st, 5, r->verdict);
	bind_text(st, 6, r->code);
	bind_text(st, 7, r->diagnostics);
	sqlite3_bind_text(st, 8, r->raw, (int)r->raw_len, SQLITE_STATIC);
	if (exec_done(s, st, "quarantining a game", err))
		return -1;
	return sqlite3_changes(s->db) > 0;
}

/* 1 when the entry under key is r's (same file, game number and raw
   text), 0 when it is another, -1 with err. */
int ff_sqlite_reject_same(struct ff_store *base, const struct ff_store_reject *r, const char *key,
			  struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	sqlite3_stmt *st;
	int rc;

	if (ff_sqlite_prepare(s, &s->stmt[ST_REJECT_SAME],
			      "SELECT source_file = ?2 AND source_game = ?3 AND raw = ?4 FROM quarantine"
			      " WHERE hash = ?1", err))
		return -1;
	st = s->stmt[ST_REJECT_SAME];
	bind_text(st, 1, key);
	bind_text(st, 2, r->source_file);
	sqlite3_bind_int64(st, 3, r->source_game);
	sqlite3_bind_text(st, 4, r->raw, (int)r->raw_len, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		rc = sqlite3_column_int(st, 0) ? 1 : 0;
	else
		rc = ff_sqlite_fail(s, err, "finding a quarantined game");
	sqlite3_reset(st);
	return rc;
}
