/* The SQLite backend's writes (import): games and quarantined records,
   one row at a time. A key that is taken already is never trusted alone:
   the stored row is compared, so a hash collision cannot drop a game. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
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

/* Bind the columns of g's row in games (all but the key and what
   ff_sqlite_add_game binds itself). */
static void bind_game(sqlite3_stmt *st, const struct ff_store_game *g)
{
	const struct ff_record *rec = g->rec;

	bind_text(st, 2, g->ruleset);
	sqlite3_bind_int(st, 3, g->seats);
	sqlite3_bind_int(st, 4, g->sides);
	sqlite3_bind_int(st, 5, g->first_seat);
	sqlite3_bind_int(st, 6, g->first_side);
	bind_text(st, 7, g->result);
	if (g->winner_side > 0)
		sqlite3_bind_int(st, 8, g->winner_side);
	else
		sqlite3_bind_null(st, 8);
	bind_text(st, 9, g->termination);
	sqlite3_bind_int(st, 10, g->plies);
	bind_text(st, 11, ff_record_tag(rec, "Seed"));
	bind_text(st, 12, g->origin);
	bind_text(st, 13, ff_record_tag(rec, "Event"));
	bind_text(st, 14, ff_record_tag(rec, "Site"));
	bind_text(st, 15, g->date);
	bind_text(st, 16, ff_record_tag(rec, "Round"));
	sqlite3_bind_int64(st, 18, g->source_game);
	sqlite3_bind_int64(st, 19, g->source_line);
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

/* The seats (players pid) of the game just stored as row gid. */
static int add_seats(struct ff_sqlite *s, const struct ff_store_game *g, sqlite3_int64 gid,
		     const sqlite3_int64 *pid, struct ff_error *err)
{
	sqlite3_stmt *st = s->stmt[ST_SEAT];
	int k;

	for (k = 1; k <= g->seats; k++) {
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

/* The id of text in one of the store's small tables (headers, ply_codes,
   sources), from cache d or the table, adding it when new: add inserts
   ?1 (ON CONFLICT DO NOTHING), find selects its id. A cache that grows
   past limit entries is emptied first. Returns 0; 1 when the table's ids
   are all taken (its CHECK refuses the next: ply_codes has a code for
   each of 1,112,063 code points); or -1 with err. */
static int intern(struct ff_sqlite *s, struct ff_dict *d, size_t limit, int add, int find,
		  const char *text, size_t n, sqlite3_int64 *id, struct ff_error *err)
{
	static const char *const sql[ST_COUNT][2] = {
		[ST_TMPL_ADD] = { "INSERT INTO headers(template) VALUES (?1) ON CONFLICT DO NOTHING",
				  "SELECT id FROM headers WHERE template = ?1" },
		[ST_PLY_ADD] = { "INSERT INTO ply_codes(ply) VALUES (?1) ON CONFLICT DO NOTHING",
				 "SELECT code FROM ply_codes WHERE ply = ?1" },
		[ST_SOURCE_ADD] = { "INSERT INTO sources(path) VALUES (?1) ON CONFLICT DO NOTHING",
				    "SELECT id FROM sources WHERE path = ?1" },
	};
	int64_t known;
	sqlite3_stmt *st;

	if (ff_dict_find(d, text, n, &known)) {
		*id = known;
		return 0;
	}
	if (ff_sqlite_prepare(s, &s->stmt[add], sql[add][0], err) ||
	    ff_sqlite_prepare(s, &s->stmt[find], sql[add][1], err))
		return -1;
	sqlite3_bind_text(s->stmt[add], 1, text, (int)n, SQLITE_STATIC);
	if (sqlite3_step(s->stmt[add]) != SQLITE_DONE) {
		sqlite3_reset(s->stmt[add]);
		if (sqlite3_extended_errcode(s->db) == SQLITE_CONSTRAINT_CHECK)
			return 1;
		return ff_sqlite_fail(s, err, "adding to the store's dictionaries");
	}
	sqlite3_reset(s->stmt[add]);
	st = s->stmt[find];
	sqlite3_bind_text(st, 1, text, (int)n, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return ff_sqlite_fail(s, err, "reading the store's dictionaries");
	}
	*id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (ff_dict_count(d) >= limit)
		ff_dict_clear(d);
	return ff_dict_put(d, text, n, *id) ? ff_error_set(err, FF_ENOMEM, "out of memory") : 0;
}

/* Make sure g's ruleset id has its row in rulesets. */
static int add_ruleset(struct ff_sqlite *s, const struct ff_store_game *g, struct ff_error *err)
{
	sqlite3_stmt *st;
	int64_t one;

	if (ff_dict_find(&s->rulesets, g->ruleset, strlen(g->ruleset), &one))
		return 0;
	if (ff_sqlite_prepare(s, &s->stmt[ST_RULESET],
			      "INSERT INTO rulesets(ruleset, game, preset, options)"
			      " VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING", err))
		return -1;
	st = s->stmt[ST_RULESET];
	bind_text(st, 1, g->ruleset);
	bind_text(st, 2, g->game);
	bind_text(st, 3, g->preset);
	bind_text(st, 4, g->options);
	if (exec_done(s, st, "adding a ruleset", err))
		return -1;
	return ff_dict_put(&s->rulesets, g->ruleset, strlen(g->ruleset), 1) ?
	       ff_error_set(err, FF_ENOMEM, "out of memory") : 0;
}

/* Bind g's compact form (s->cpt, encoded) to the header, moves and body
   columns of st: the template's id, the plies' codes (adding new ones);
   where a ply can have no code (every code taken), the body instead. */
static int bind_compact(struct ff_sqlite *s, sqlite3_stmt *st, struct ff_error *err)
{
	struct ff_compact *c = &s->cpt;
	sqlite3_int64 id;
	size_t i;
	int rc;

	sqlite3_bind_null(st, 21);
	sqlite3_bind_null(st, 22);
	sqlite3_bind_text(st, 23, c->body, (int)c->body_len, SQLITE_STATIC);
	if (!c->has_tmpl)
		return 0;
	if (intern(s, &s->tmpls, 4096, ST_TMPL_ADD, ST_TMPL_ID, c->tmpl.p, c->tmpl.len, &id, err))
		return -1;
	sqlite3_bind_int64(st, 21, id);
	if (!c->has_moves)
		return 0;
	ff_buf_reset(&s->moves);
	for (i = 0; i < c->nplies; i++) {
		if ((rc = intern(s, &s->plies, SIZE_MAX, ST_PLY_ADD, ST_PLY_ID, c->plies[i].p,
				 c->plies[i].n, &id, err)) != 0)
			return rc < 0 ? -1 : 0;   /* no code left: the body stands */
		if (ff_compact_add_code(&s->moves, (uint32_t)id))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	sqlite3_bind_text(st, 22, s->moves.p ? s->moves.p : "", (int)s->moves.len, SQLITE_STATIC);
	sqlite3_bind_null(st, 23);
	return 0;
}

int ff_sqlite_ply(void *ctx, uint32_t code, const char **p, size_t *n, struct ff_error *err)
{
	struct ff_sqlite *s = ctx;
	sqlite3_stmt *st;
	int rc;

	if ((*p = ff_dict_text(&s->plies, code, n)) != NULL)
		return 0;
	if (ff_sqlite_prepare(s, &s->stmt[ST_PLY_TEXT], "SELECT ply FROM ply_codes WHERE code = ?1",
			      err))
		return -1;
	st = s->stmt[ST_PLY_TEXT];
	sqlite3_bind_int64(st, 1, code);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		rc = ff_dict_put(&s->plies, (const char *)sqlite3_column_text(st, 0),
				 (size_t)sqlite3_column_bytes(st, 0), code) ?
		     ff_error_set(err, FF_ENOMEM, "out of memory") : 0;
	else if (rc == SQLITE_DONE)
		rc = ff_error_set(err, FF_EIO, "store '%s': ply code %lu stands for no ply (the "
				  "store is damaged)", s->base.name, (unsigned long)code);
	else
		rc = ff_sqlite_fail(s, err, "reading a ply code");
	sqlite3_reset(st);
	if (rc == 0 && !(*p = ff_dict_text(&s->plies, code, n)))
		rc = ff_error_set(err, FF_EIO, "store '%s': ply code %lu out of range",
				  s->base.name, (unsigned long)code);
	return rc;
}

/* The game stored under key: 1 when its canonical FGN is g's (a
   duplicate), 0 when it differs (a collision: *id and where, "FILE, game
   N", say which game holds the key), -1 with err. */
static int same_game(struct ff_sqlite *s, const unsigned char *key, const struct ff_store_game *g,
		     sqlite3_int64 *id, struct ff_buf *where, struct ff_error *err)
{
	sqlite3_stmt *st;
	char sql[512];
	int rc;

	snprintf(sql, sizeof sql, "SELECT %s, id, (SELECT path FROM sources WHERE id = source_id),"
		 " source_game FROM games WHERE hash = ?1", ff_sqlite_fgn_cols(s->base.version));
	if (ff_sqlite_prepare(s, &s->stmt[ST_GAME_SAME], sql, err))
		return -1;
	st = s->stmt[ST_GAME_SAME];
	sqlite3_bind_blob(st, 1, key, FF_KEY_BYTES, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return ff_sqlite_fail(s, err, "finding the game that holds a key");
	}
	if ((rc = ff_sqlite_row_fgn(s, st, &s->fgn, err)) == 0)
		rc = s->fgn.len == g->fgn_len && memcmp(s->fgn.p, g->fgn, g->fgn_len) == 0;
	*id = sqlite3_column_int64(st, FF_SQLITE_FGN_N);
	ff_buf_reset(where);
	if (rc >= 0 && ff_buf_addf(where, "%s, game %lld",
				   (const char *)sqlite3_column_text(st, FF_SQLITE_FGN_N + 1),
				   (long long)sqlite3_column_int64(st, FF_SQLITE_FGN_N + 2)))
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
		     const unsigned char *kb, struct ff_error *err)
{
	struct ff_buf where = FF_BUF_INIT;
	sqlite3_int64 id = 0;
	int rc = same_game(s, kb, g, &id, &where, err);

	if (rc == 1) {
		ff_store_report(&s->base, FF_ADD_DUPLICATE, NULL);
		rc = 0;
	} else if (rc == 0)
		rc = quarantine_collision(s, g, key, id, where.p, err);
	ff_buf_free(&where);
	return rc;
}

/* Prepare the statements that store a game. */
static int prepare_add(struct ff_sqlite *s, struct ff_error *err)
{
	return ff_sqlite_prepare(s, &s->stmt[ST_GAME],
				 "INSERT INTO games(hash, ruleset, seats, sides, first_seat, first_side,"
				 " result, winner_side, termination, plies, seed, origin, event, site,"
				 " date, round, source_id, source_game, source_line, players, header,"
				 " moves, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11,"
				 " ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23)"
				 " ON CONFLICT(hash) DO NOTHING", err) ||
	       ff_sqlite_prepare(s, &s->stmt[ST_SEAT],
				 "INSERT INTO seats(game_id, seat, side, player_id) VALUES (?1, ?2, ?3,"
				 " ?4)", err);
}

int ff_sqlite_add_game(struct ff_store *base, const struct ff_store_game *g, struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	sqlite3_int64 pid[FF_MAX_SEATS], src;
	unsigned char kb[FF_KEY_BYTES];
	char key[FF_KEY_HEX + 1];
	sqlite3_stmt *st;

	if (prepare_add(s, err))
		return -1;
	ff_store_game_key(g, key);
	ff_store_unhex(key, FF_KEY_HEX, kb);
	if (ff_compact_encode(&s->cpt, g, err) || add_ruleset(s, g, err) ||
	    intern(s, &s->sources, 4096, ST_SOURCE_ADD, ST_SOURCE_ID, g->source_file,
		   strlen(g->source_file), &src, err) ||
	    seat_players(s, g, pid, &s->ids, err))
		return -1;
	st = s->stmt[ST_GAME];
	sqlite3_bind_blob(st, 1, kb, FF_KEY_BYTES, SQLITE_STATIC);
	bind_game(st, g);
	sqlite3_bind_int64(st, 17, src);
	sqlite3_bind_text(st, 20, s->ids.p ? s->ids.p : "", (int)s->ids.len, SQLITE_STATIC);
	if (bind_compact(s, st, err) || exec_done(s, st, "storing a game", err))
		return -1;
	if (sqlite3_changes(s->db) == 0)
		return key_taken(s, g, key, kb, err);
	if (add_seats(s, g, sqlite3_last_insert_rowid(s->db), pid, err))
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
