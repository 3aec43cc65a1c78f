/* The SQLite store's schema and its ordered migrations. Migration i
   brings a store from user_version i to i+1; a new store runs them all.
   Never edit a released migration: add the next one (and PostgreSQL's,
   db/pg_schema.c). docs/store.md documents the tables for people who
   query them with the sqlite3 shell. A migration may call ff_key(), the
   store's key function (SHA-256 of its arguments joined by newlines, in
   hex), and ff_unhex(), hex digits to bytes, which db/sqlite_store.c
   registers on connections that write. */
#include "config.h"

#include <stddef.h>

#include "db/sqlite_schema.h"
#include "db/store.h"

static const char *const migrations[] = {
	/* 0 -> 1: the first schema */
	"CREATE TABLE games ("
	"  id INTEGER PRIMARY KEY,"
	"  hash TEXT NOT NULL UNIQUE,"
	"  ruleset TEXT NOT NULL,"
	"  game TEXT NOT NULL,"
	"  preset TEXT NOT NULL,"
	"  options TEXT NOT NULL,"
	"  seats INTEGER NOT NULL,"
	"  sides INTEGER NOT NULL,"
	"  first_seat INTEGER NOT NULL,"
	"  first_side INTEGER NOT NULL,"
	"  result TEXT NOT NULL,"
	"  winner_side INTEGER,"
	"  termination TEXT NOT NULL,"
	"  plies INTEGER NOT NULL,"
	"  seed TEXT,"
	"  origin TEXT NOT NULL CHECK (origin IN ('imported', 'simulated')),"
	"  event TEXT, site TEXT, date TEXT, round TEXT,"
	"  source_file TEXT NOT NULL,"
	"  source_game INTEGER NOT NULL,"
	"  source_line INTEGER NOT NULL,"
	"  fgn TEXT NOT NULL"
	");"
	"CREATE TABLE tags ("
	"  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL,"
	"  name TEXT NOT NULL,"
	"  value TEXT NOT NULL,"
	"  PRIMARY KEY (game_id, pos)"
	") WITHOUT ROWID;"
	"CREATE TABLE players ("
	"  id INTEGER PRIMARY KEY,"
	"  name TEXT NOT NULL UNIQUE"
	");"
	"CREATE TABLE seats ("
	"  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
	"  seat INTEGER NOT NULL,"
	"  side INTEGER NOT NULL,"
	"  player_id INTEGER REFERENCES players(id),"
	"  PRIMARY KEY (game_id, seat)"
	") WITHOUT ROWID;"
	"CREATE TABLE quarantine ("
	"  id INTEGER PRIMARY KEY,"
	"  hash TEXT NOT NULL UNIQUE,"
	"  source_file TEXT NOT NULL,"
	"  source_game INTEGER NOT NULL,"
	"  source_line INTEGER NOT NULL,"
	"  verdict TEXT NOT NULL,"
	"  code TEXT NOT NULL,"
	"  diagnostics TEXT NOT NULL,"
	"  raw TEXT NOT NULL"
	");"
	/* covers `stats` (all its filters but --player): no table reads */
	"CREATE INDEX games_stats ON games(ruleset, plies, sides, first_side, winner_side,"
	"  result, origin, options, date);"
	"CREATE INDEX games_by_game ON games(game, preset);"
	"CREATE INDEX games_by_date ON games(date);"
	"CREATE INDEX seats_by_player ON seats(player_id);",
	/* 1 -> 2: stats groups by ruleset id and seat count; the covering
	   index gains seats right after ruleset, so the scan stays in order */
	"DROP INDEX games_stats;"
	"CREATE INDEX games_stats ON games(ruleset, seats, plies, sides, first_side, winner_side,"
	"  result, origin, options, date);",
	/* 2 -> 3: keys become SHA-256 (64 hex digits) instead of two 64-bit
	   FNV-1a hashes (32), recomputed from what every row keeps: a game's
	   canonical FGN; a quarantine entry's file, game number and raw text.
	   Old keys have 32 digits and new ones 64, so no row meets an old key
	   on the way. */
	"UPDATE games SET hash = ff_key(fgn);"
	"UPDATE quarantine SET hash = ff_key(source_file, source_game, raw);",
	/* 3 -> 4: the covering index gains game and preset, so `stats --game`
	   and `--rules` read no table rows (they did one lookup per game) */
	"DROP INDEX games_stats;"
	"CREATE INDEX games_stats ON games(ruleset, seats, plies, sides, first_side, winner_side,"
	"  result, origin, options, date, game, preset);",
	/* 4 -> 5: games.players holds the players' ids in seat order, each
	   with a space before and after (" 3 7 "; "" when no seat names a
	   player), and the covering index gains it, so `stats --player`
	   reads no seats (it built a list of the player's games first) */
	"ALTER TABLE games ADD COLUMN players TEXT NOT NULL DEFAULT '';"
	"UPDATE games SET players = coalesce((SELECT ' ' || group_concat(player_id, ' ') || ' '"
	"  FROM (SELECT player_id FROM seats WHERE game_id = games.id AND player_id IS NOT NULL"
	"  ORDER BY seat)), '');"
	"DROP INDEX games_stats;"
	"CREATE INDEX games_stats ON games(ruleset, seats, plies, sides, first_side, winner_side,"
	"  result, origin, options, date, game, preset, players);",
	/* 5 -> 6: the compact store (db/compact.h, docs/store.md). A game's
	   canonical FGN is kept as a shared header template, its plies as
	   one character each (ply_codes) and the rest as text; the tags live
	   in the templates and the columns (the tags table goes); keys are
	   the 32 bytes of the SHA-256; game, preset and options move to
	   rulesets and the source files to sources, so each is kept once.
	   The games already stored keep their FGN whole in body (header and
	   moves NULL): a store copy (fivefold store copy) makes them compact.
	   seats_by_player goes: --player reads games.players since 5. */
	"CREATE TABLE rulesets ("
	"  ruleset TEXT PRIMARY KEY,"
	"  game TEXT NOT NULL,"
	"  preset TEXT NOT NULL,"
	"  options TEXT NOT NULL"
	") WITHOUT ROWID;"
	"INSERT INTO rulesets SELECT ruleset, game, preset, options FROM games GROUP BY ruleset;"
	"CREATE TABLE sources ("
	"  id INTEGER PRIMARY KEY,"
	"  path TEXT NOT NULL UNIQUE"
	");"
	"INSERT INTO sources(path) SELECT source_file FROM games GROUP BY source_file"
	"  ORDER BY min(id);"
	"CREATE TABLE headers ("
	"  id INTEGER PRIMARY KEY,"
	"  template TEXT NOT NULL UNIQUE"
	");"
	"CREATE TABLE ply_codes ("
	"  code INTEGER PRIMARY KEY CHECK (code BETWEEN 1 AND 1112063),"
	"  ply TEXT NOT NULL UNIQUE"
	");"
	"CREATE TABLE games6 ("
	"  id INTEGER PRIMARY KEY,"
	"  hash BLOB NOT NULL UNIQUE,"
	"  ruleset TEXT NOT NULL REFERENCES rulesets(ruleset),"
	"  seats INTEGER NOT NULL,"
	"  sides INTEGER NOT NULL,"
	"  first_seat INTEGER NOT NULL,"
	"  first_side INTEGER NOT NULL,"
	"  result TEXT NOT NULL,"
	"  winner_side INTEGER,"
	"  termination TEXT NOT NULL,"
	"  plies INTEGER NOT NULL,"
	"  seed TEXT,"
	"  origin TEXT NOT NULL CHECK (origin IN ('imported', 'simulated')),"
	"  event TEXT, site TEXT, date TEXT, round TEXT,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  source_game INTEGER NOT NULL,"
	"  source_line INTEGER NOT NULL,"
	"  players TEXT NOT NULL DEFAULT '',"
	"  header INTEGER REFERENCES headers(id),"
	"  moves TEXT,"
	"  body TEXT,"
	"  CHECK ((moves IS NULL) <> (body IS NULL)),"
	"  CHECK (header IS NOT NULL OR moves IS NULL)"
	");"
	"INSERT INTO games6 SELECT g.id, ff_unhex(g.hash), g.ruleset, g.seats, g.sides, g.first_seat,"
	"  g.first_side, g.result, g.winner_side, g.termination, g.plies, g.seed, g.origin, g.event,"
	"  g.site, g.date, g.round, src.id, g.source_game, g.source_line, g.players, NULL, NULL, g.fgn"
	"  FROM games g JOIN sources src ON src.path = g.source_file ORDER BY g.id;"
	"DROP TABLE games;"
	"ALTER TABLE games6 RENAME TO games;"
	"DROP TABLE tags;"
	"DROP INDEX seats_by_player;"
	"CREATE INDEX games_stats ON games(ruleset, seats, plies, sides, first_side, winner_side,"
	"  result, origin, date, players);"
	"CREATE INDEX games_by_date ON games(date);"
	/* every game's canonical FGN, rebuilt in SQL by db/compact.c's rules */
	"CREATE VIEW games_fgn AS "
	"SELECT g.id AS id, lower(hex(g.hash)) AS hash, "
	"  CASE WHEN g.header IS NULL THEN g.body ELSE "
	"    replace(replace(replace(replace(replace(replace(h.template, "
	"      char(1) || 'S', coalesce(replace(replace(replace(replace(g.seed, '\\', '\\\\'), '\"', '\\\"'), char(10), ' '), char(13), ' '), '')), "
	"      char(1) || 'E', coalesce(replace(replace(replace(replace(g.event, '\\', '\\\\'), '\"', '\\\"'), char(10), ' '), char(13), ' '), '')), "
	"      char(1) || 'I', coalesce(replace(replace(replace(replace(g.site, '\\', '\\\\'), '\"', '\\\"'), char(10), ' '), char(13), ' '), '')), "
	"      char(1) || 'D', coalesce(replace(replace(replace(replace(g.date, '\\', '\\\\'), '\"', '\\\"'), char(10), ' '), char(13), ' '), '')), "
	"      char(1) || 'N', coalesce(replace(replace(replace(replace(g.round, '\\', '\\\\'), '\"', '\\\"'), char(10), ' '), char(13), ' '), '')), "
	"      char(1) || 'R', coalesce(replace(replace(replace(replace(g.result, '\\', '\\\\'), '\"', '\\\"'), char(10), ' '), char(13), ' '), '')) "
	"    || coalesce(g.body, ( "
	"      WITH RECURSIVE w(i, col, piece) AS ( "
	"        SELECT 0, 0, '' "
	"        UNION ALL "
	"        SELECT w.i + 1, "
	"          CASE WHEN w.col = 0 OR w.col + 1 + length(CAST(p.ply AS BLOB)) > 79 "
	"               THEN length(CAST(p.ply AS BLOB)) ELSE w.col + 1 + length(CAST(p.ply AS BLOB)) END, "
	"          CASE WHEN w.col = 0 THEN '' WHEN w.col + 1 + length(CAST(p.ply AS BLOB)) > 79 "
	"               THEN char(10) ELSE ' ' END || p.ply "
	"        FROM w JOIN ply_codes p ON p.code = unicode(substr(g.moves, w.i + 1, 1)) "
	"                                          - (unicode(substr(g.moves, w.i + 1, 1)) >= 57344) * 2048 "
	"        WHERE w.i < length(g.moves)) "
	"      SELECT group_concat(piece, '') || CASE WHEN length(g.moves) > 0 THEN char(10) ELSE '' END "
	"        || g.result || char(10) || char(10) "
	"      FROM (SELECT piece FROM w ORDER BY i))) "
	"  END AS fgn "
	"FROM games g LEFT JOIN headers h ON h.id = g.header;",
	/* 6 -> 7: the orders of serve's pages (ff_stats_filter.sort), each an
	   index (key, id) that a page seeks: a date (none as the empty text,
	   first) and plies */
	"CREATE INDEX games_by_day ON games(coalesce(date, ''), id);"
	"CREATE INDEX games_by_plies ON games(plies, id);",
	/* 7 -> 8: analyses (analyse --db): a game's analysis by one method
	   and budget, its plies' figures as a JSON array; and the sums of each
	   seat (stats --by player) */
	"CREATE TABLE analyses ("
	"  id INTEGER PRIMARY KEY,"
	"  game_id INTEGER NOT NULL REFERENCES games(id),"
	"  method TEXT NOT NULL CHECK (method IN ('exact', 'search')),"
	"  budget TEXT NOT NULL,"
	"  threshold REAL NOT NULL,"
	"  start REAL NOT NULL,"
	"  plies TEXT NOT NULL,"
	"  UNIQUE (game_id, method, budget)"
	");"
	"CREATE TABLE analysis_seats ("
	"  analysis_id INTEGER NOT NULL REFERENCES analyses(id),"
	"  seat INTEGER NOT NULL,"
	"  plies INTEGER NOT NULL,"
	"  decisions INTEGER NOT NULL,"
	"  error REAL NOT NULL,"
	"  mean_error REAL,"
	"  errors INTEGER NOT NULL,"
	"  luck REAL NOT NULL,"
	"  PRIMARY KEY (analysis_id, seat)"
	") WITHOUT ROWID;",
};

_Static_assert(sizeof migrations / sizeof migrations[0] == FF_SCHEMA_VERSION,
	       "a migration for every schema version (db/store.h)");

int ff_sqlite_schema_count(void)
{
	return (int)(sizeof migrations / sizeof migrations[0]);
}

const char *ff_sqlite_migration(int from)
{
	if (from < 0 || from >= ff_sqlite_schema_count())
		return NULL;
	return migrations[from];
}
