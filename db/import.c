/* Storing games and quarantined records (the writes of `import`). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/store_int.h"

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
	if (s)
		sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

/* Run an INSERT that returns no rows, and reset it for the next use.
   Returns 0, or -1 with err naming what failed. */
static int exec_done(struct ff_store *s, sqlite3_stmt *st, const char *what, struct ff_error *err)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : ff_store_fail(s, err, what);
}

/* The id of player name, inserting it when new. */
static int player_id(struct ff_store *s, const char *name, sqlite3_int64 *id, struct ff_error *err)
{
	sqlite3_stmt *st;
	size_t i;

	for (i = 0; i < s->ncache; i++)
		if (strcmp(s->cache[i].name, name) == 0) {
			*id = s->cache[i].id;
			return 0;
		}
	if (ff_store_prepare(s, &s->stmt[ST_PLAYER],
			     "INSERT INTO players(name) VALUES (?1) ON CONFLICT(name) DO NOTHING", err) ||
	    ff_store_prepare(s, &s->stmt[ST_PLAYER_ID], "SELECT id FROM players WHERE name = ?1", err))
		return -1;
	st = s->stmt[ST_PLAYER];
	bind_text(st, 1, name);
	if (exec_done(s, st, "adding a player", err))
		return -1;
	st = s->stmt[ST_PLAYER_ID];
	bind_text(st, 1, name);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return ff_store_fail(s, err, "finding a player");
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

int ff_store_add_game(struct ff_store *s, const struct ff_store_game *g, struct ff_error *err)
{
	const struct ff_record *rec = g->rec;
	sqlite3_stmt *st;
	sqlite3_int64 gid, pid;
	char hash[33], name[16];
	size_t i;
	int k;

	if (ff_store_prepare(s, &s->stmt[ST_GAME],
			     "INSERT INTO games(hash, ruleset, game, preset, options, seats, first_seat,"
			     " first_side, result, winner_side, termination, plies, seed, origin, event,"
			     " site, date, round, source_file, source_game, source_line, fgn, sides)"
			     " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,"
			     " ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23) ON CONFLICT(hash) DO NOTHING", err) ||
	    ff_store_prepare(s, &s->stmt[ST_TAG],
			     "INSERT INTO tags(game_id, pos, name, value) VALUES (?1, ?2, ?3, ?4)", err) ||
	    ff_store_prepare(s, &s->stmt[ST_SEAT],
			     "INSERT INTO seats(game_id, seat, side, player_id) VALUES (?1, ?2, ?3, ?4)",
			     err))
		return -1;
	ff_content_hash(g->fgn, g->fgn_len, hash);
	st = s->stmt[ST_GAME];
	bind_text(st, 1, hash);
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
	if (exec_done(s, st, "storing a game", err))
		return -1;
	if (sqlite3_changes(s->db) == 0)
		return 0;   /* the same content is stored already */
	gid = sqlite3_last_insert_rowid(s->db);

	st = s->stmt[ST_TAG];
	for (i = 0; i < rec->ntags; i++) {
		sqlite3_bind_int64(st, 1, gid);
		sqlite3_bind_int(st, 2, (int)i + 1);
		bind_text(st, 3, ff_record_str(rec, rec->tags[i].name));
		bind_text(st, 4, ff_record_str(rec, rec->tags[i].value));
		if (exec_done(s, st, "storing a tag", err))
			return -1;
	}
	for (k = 1; k <= g->seats; k++) {
		const char *player;

		snprintf(name, sizeof name, "Seat%d", k);
		player = ff_record_tag(rec, name);
		pid = 0;
		if (player && *player && player_id(s, player, &pid, err))
			return -1;
		st = s->stmt[ST_SEAT];
		sqlite3_bind_int64(st, 1, gid);
		sqlite3_bind_int(st, 2, k);
		sqlite3_bind_int(st, 3, g->side_of_seat[k - 1]);
		if (pid)
			sqlite3_bind_int64(st, 4, pid);
		else
			sqlite3_bind_null(st, 4);
		if (exec_done(s, st, "storing a seat", err))
			return -1;
	}
	return 1;
}

int ff_store_add_reject(struct ff_store *s, const struct ff_store_reject *r, struct ff_error *err)
{
	sqlite3_stmt *st;
	char hash[33], *key;
	size_t flen = strlen(r->source_file);
	int rc;

	if (ff_store_prepare(s, &s->stmt[ST_REJECT],
			     "INSERT INTO quarantine(hash, source_file, source_game, source_line, verdict,"
			     " code, diagnostics, raw) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
			     " ON CONFLICT(hash) DO NOTHING", err))
		return -1;
	/* the same entry is the same file, game number and text */
	key = malloc(flen + r->raw_len + 32);
	if (!key)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	memcpy(key, r->source_file, flen);
	rc = snprintf(key + flen, 32, "\n%ld\n", r->source_game);
	memcpy(key + flen + rc, r->raw, r->raw_len);
	ff_content_hash(key, flen + (size_t)rc + r->raw_len, hash);
	free(key);
	st = s->stmt[ST_REJECT];
	bind_text(st, 1, hash);
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
