/* The PostgreSQL store's schema and its migrations: the SQLite store's
   tables and columns (docs/store.md), with games partitioned by game
   (one partition per registered rules engine, and a default one; so
   games keeps the game column, which SQLite's has in rulesets only), the
   quarantine's raw text as bytea (a malformed record may hold any byte),
   unique texts of any length indexed by their md5 (a btree entry holds
   at most about 2.7 kB), and the schema version in the table
   fivefold_schema. A new store is made at FF_SCHEMA_VERSION at once; a
   later version adds its step here as in db/sqlite_schema.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/pg.h"
#include "lib/ruleset.h"

/* Any one number: the advisory lock that serialises migrations. */
#define MIGRATION_LOCK 0x66697665   /* "five" */

/* The tables of schema 6, less games' columns; the text every version
   of games has is in create_sql and migrate_5. */
#define TABLES_6 \
	"CREATE TABLE rulesets (" \
	"  ruleset text COLLATE \"C\" PRIMARY KEY," \
	"  game text COLLATE \"C\" NOT NULL," \
	"  preset text COLLATE \"C\" NOT NULL," \
	"  options text COLLATE \"C\" NOT NULL" \
	");" \
	"CREATE TABLE sources (" \
	"  id bigserial PRIMARY KEY," \
	"  path text NOT NULL" \
	");" \
	"CREATE UNIQUE INDEX sources_path ON sources (md5(path));" \
	"CREATE TABLE headers (" \
	"  id bigserial PRIMARY KEY," \
	"  template text NOT NULL" \
	");" \
	"CREATE UNIQUE INDEX headers_template ON headers (md5(template));" \
	"CREATE SEQUENCE ply_codes_code_seq;" \
	"CREATE TABLE ply_codes (" \
	"  code integer PRIMARY KEY DEFAULT nextval('ply_codes_code_seq')" \
	"    CHECK (code BETWEEN 1 AND 1112063)," \
	"  ply text COLLATE \"C\" NOT NULL UNIQUE" \
	");"

/* 6 -> 7, as SQLite's: the orders of serve's pages, each an index
   (key, id) that a page seeks */
#define INDEXES_7 \
	"CREATE INDEX games_by_day ON games ((coalesce(date, '')), id);" \
	"CREATE INDEX games_by_plies ON games (plies, id);"

/* the analyses of schema 8 (analyse --db), as SQLite's: no foreign key
   to games, whose key is (game, id) */
#define ANALYSES_8 \
	"CREATE TABLE analyses (" \
	"  id bigserial PRIMARY KEY," \
	"  game_id bigint NOT NULL," \
	"  method text COLLATE \"C\" NOT NULL CHECK (method IN ('exact', 'search'))," \
	"  budget text COLLATE \"C\" NOT NULL," \
	"  threshold double precision NOT NULL," \
	"  start double precision NOT NULL," \
	"  plies text NOT NULL," \
	"  UNIQUE (game_id, method, budget)" \
	");" \
	"CREATE TABLE analysis_seats (" \
	"  analysis_id bigint NOT NULL REFERENCES analyses(id)," \
	"  seat integer NOT NULL," \
	"  plies integer NOT NULL," \
	"  decisions integer NOT NULL," \
	"  error double precision NOT NULL," \
	"  mean_error double precision," \
	"  errors integer NOT NULL," \
	"  luck double precision NOT NULL," \
	"  PRIMARY KEY (analysis_id, seat)" \
	");"

/* games' indexes and the view of schema 6 */
#define INDEXES_6 \
	"CREATE INDEX games_stats ON games (ruleset, seats, plies, sides, first_side, winner_side," \
	"  result, origin, date, players);" \
	VIEW_6

/* the movetext and end of a game kept as ply codes, by db/compact.c's
   rules: the plies in order (regexp_split_to_array gives the characters
   in one pass), a space between two, a newline where the line would pass
   79 bytes; the result on its own line; an empty line */
#define MOVES_6 \
	"CREATE FUNCTION fivefold_moves(moves text, result text) RETURNS text" \
	"  LANGUAGE plpgsql STABLE AS $f$" \
	"DECLARE" \
	"  pieces text[] := '{}';" \
	"  col integer := 0;" \
	"  p text;" \
	"  n integer;" \
	"BEGIN" \
	"  FOR p IN SELECT c.ply FROM unnest(regexp_split_to_array(moves, '')) WITH ORDINALITY" \
	"      AS t(ch, k) JOIN ply_codes c ON c.code = ascii(t.ch)" \
	"      - CASE WHEN ascii(t.ch) >= 57344 THEN 2048 ELSE 0 END ORDER BY t.k LOOP" \
	"    n := octet_length(p);" \
	"    IF col = 0 THEN pieces := array_append(pieces, p); col := n;" \
	"    ELSIF col + 1 + n > 79 THEN pieces := array_append(pieces, chr(10) || p); col := n;" \
	"    ELSE pieces := array_append(pieces, ' ' || p); col := col + 1 + n;" \
	"    END IF;" \
	"  END LOOP;" \
	"  RETURN array_to_string(pieces, '') || CASE WHEN col > 0 THEN chr(10) ELSE '' END" \
	"    || result || chr(10) || chr(10);" \
	"END $f$;"

/* every game's canonical FGN, rebuilt in SQL by db/compact.c's rules */
#define VIEW_6 \
	MOVES_6 \
	"CREATE VIEW games_fgn AS "\
	"SELECT g.id AS id, encode(g.hash, 'hex') AS hash, "\
	"  CASE WHEN g.header IS NULL THEN g.body ELSE "\
	"    replace(replace(replace(replace(replace(replace(h.template, "\
	"      chr(1) || 'S', coalesce(replace(replace(replace(replace(g.seed, '\\', '\\\\'), '\"', '\\\"'), chr(10), ' '), chr(13), ' '), '')), "\
	"      chr(1) || 'E', coalesce(replace(replace(replace(replace(g.event, '\\', '\\\\'), '\"', '\\\"'), chr(10), ' '), chr(13), ' '), '')), "\
	"      chr(1) || 'I', coalesce(replace(replace(replace(replace(g.site, '\\', '\\\\'), '\"', '\\\"'), chr(10), ' '), chr(13), ' '), '')), "\
	"      chr(1) || 'D', coalesce(replace(replace(replace(replace(g.date, '\\', '\\\\'), '\"', '\\\"'), chr(10), ' '), chr(13), ' '), '')), "\
	"      chr(1) || 'N', coalesce(replace(replace(replace(replace(g.round, '\\', '\\\\'), '\"', '\\\"'), chr(10), ' '), chr(13), ' '), '')), "\
	"      chr(1) || 'R', coalesce(replace(replace(replace(replace(g.result, '\\', '\\\\'), '\"', '\\\"'), chr(10), ' '), chr(13), ' '), '')) "\
	"    || coalesce(g.body, fivefold_moves(g.moves, g.result)) "\
	"  END AS fgn "\
	"FROM games g LEFT JOIN headers h ON h.id = g.header; "

static const char create_sql[] =
	"CREATE TABLE fivefold_schema (version integer NOT NULL);"
	"INSERT INTO fivefold_schema VALUES (0);"
	"CREATE SEQUENCE games_id_seq;"
	TABLES_6
	"CREATE TABLE games ("
	"  id bigint NOT NULL DEFAULT nextval('games_id_seq'),"
	"  hash bytea NOT NULL,"
	"  ruleset text COLLATE \"C\" NOT NULL,"
	"  game text COLLATE \"C\" NOT NULL,"
	"  seats integer NOT NULL,"
	"  sides integer NOT NULL,"
	"  first_seat integer NOT NULL,"
	"  first_side integer NOT NULL,"
	"  result text COLLATE \"C\" NOT NULL,"
	"  winner_side integer,"
	"  termination text NOT NULL,"
	"  plies integer NOT NULL,"
	"  seed text,"
	"  origin text NOT NULL CHECK (origin IN ('imported', 'simulated')),"
	"  event text, site text, date text COLLATE \"C\", round text,"
	"  source_id bigint NOT NULL,"
	"  source_game bigint NOT NULL,"
	"  source_line bigint NOT NULL,"
	"  players text NOT NULL DEFAULT '',"
	"  header bigint,"
	"  moves text,"
	"  body text,"
	"  CHECK ((moves IS NULL) <> (body IS NULL)),"
	"  CHECK (header IS NOT NULL OR moves IS NULL),"
	"  PRIMARY KEY (game, id),"
	"  UNIQUE (game, hash)"
	") PARTITION BY LIST (game);"
	"CREATE TABLE players ("
	"  id bigserial PRIMARY KEY,"
	"  name text NOT NULL UNIQUE"
	");"
	"CREATE TABLE seats ("
	"  game_id bigint NOT NULL,"
	"  seat integer NOT NULL,"
	"  side integer NOT NULL,"
	"  player_id bigint REFERENCES players(id),"
	"  PRIMARY KEY (game_id, seat)"
	");"
	"CREATE TABLE quarantine ("
	"  id bigserial PRIMARY KEY,"
	"  hash text NOT NULL UNIQUE,"
	"  source_file text NOT NULL,"
	"  source_game bigint NOT NULL,"
	"  source_line bigint NOT NULL,"
	"  verdict text NOT NULL,"
	"  code text NOT NULL,"
	"  diagnostics text NOT NULL,"
	"  raw bytea NOT NULL"
	");"
	/* covers `stats` in group order, as SQLite's games_stats */
	INDEXES_6
	"CREATE INDEX games_by_id ON games (id);"
	"CREATE INDEX games_by_date ON games (date);"
	INDEXES_7
	ANALYSES_8;

/* 5 -> 6, as SQLite's (db/sqlite_schema.c): the games stored keep their
   FGN whole in body */
static const char migrate_5[] =
	TABLES_6
	"INSERT INTO rulesets SELECT DISTINCT ON (ruleset) ruleset, game, preset, options"
	"  FROM games ORDER BY ruleset;"
	"INSERT INTO sources (path) SELECT source_file FROM games GROUP BY source_file"
	"  ORDER BY min(id);"
	"DROP INDEX games_stats;"
	"ALTER TABLE games ADD COLUMN source_id bigint, ADD COLUMN header bigint,"
	"  ADD COLUMN moves text, ADD COLUMN body text;"
	"UPDATE games SET body = fgn,"
	"  source_id = (SELECT id FROM sources WHERE md5(path) = md5(games.source_file));"
	"ALTER TABLE games DROP COLUMN fgn, DROP COLUMN source_file, DROP COLUMN preset,"
	"  DROP COLUMN options, ALTER COLUMN source_id SET NOT NULL,"
	"  ALTER COLUMN hash TYPE bytea USING decode(hash, 'hex'),"
	"  ADD CHECK ((moves IS NULL) <> (body IS NULL)),"
	"  ADD CHECK (header IS NOT NULL OR moves IS NULL);"
	"DROP TABLE tags;"
	"DROP INDEX seats_by_player;"
	INDEXES_6;

int ff_pg_version(struct ff_pg *s, int *v, struct ff_error *err)
{
	PGresult *res = PQexec(s->conn, "SELECT to_regclass('fivefold_schema') IS NOT NULL");
	int rc = 0;

	*v = 0;
	if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1) {
		rc = ff_pg_fail(s, res, err, "reading the schema version");
	} else if (PQgetvalue(res, 0, 0)[0] == 't') {
		PQclear(res);
		res = PQexec(s->conn, "SELECT max(version) FROM fivefold_schema");
		if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1)
			rc = ff_pg_fail(s, res, err, "reading the schema version");
		else
			*v = atoi(PQgetvalue(res, 0, 0));
	}
	PQclear(res);
	return rc;
}

/* Make the tables of a new store: the schema, then a partition of games
   for each rules engine registered, and one for any other game. */
static int create(struct ff_pg *s, struct ff_error *err)
{
	const struct ff_rules *r;
	char sql[256];
	int i;

	if (ff_pg_exec(s, create_sql, err))
		return -1;
	for (i = 0; (r = ff_rules_at(i)) != NULL; i++) {
		snprintf(sql, sizeof sql, "CREATE TABLE games_%s PARTITION OF games FOR VALUES IN ('%s')",
			 r->name, r->name);
		if (ff_pg_exec(s, sql, err))
			return -1;
	}
	return ff_pg_exec(s, "CREATE TABLE games_other PARTITION OF games DEFAULT", err);
}

/* Refuse a database whose encoding is not UTF8: a game's moves are
   characters of any code point (db/compact.h). */
static int check_utf8(struct ff_pg *s, struct ff_error *err)
{
	PGresult *res = PQexec(s->conn, "SELECT current_setting('server_encoding')");
	int rc = 0;

	if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1)
		rc = ff_pg_fail(s, res, err, "reading the database's encoding");
	else if (strcmp(PQgetvalue(res, 0, 0), "UTF8") != 0)
		rc = ff_error_set(err, FF_EIO, "store '%s': the database's encoding is '%s'; a store "
				  "needs UTF8 (createdb -E UTF8)", s->base.name, PQgetvalue(res, 0, 0));
	PQclear(res);
	return rc;
}

/* Refuse to make a new store's tables in a schema that holds another
   program's (tables, views or foreign tables) unless init says so. */
static int check_empty(struct ff_pg *s, int init, struct ff_error *err)
{
	PGresult *res;
	long n;
	int rc = 0;

	if (init)
		return 0;
	res = PQexec(s->conn, "SELECT count(*), min(relname) FROM pg_class WHERE relnamespace ="
		     " (SELECT oid FROM pg_namespace WHERE nspname = current_schema())"
		     " AND relkind IN ('r', 'p', 'v', 'm', 'f')");
	if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1)
		rc = ff_pg_fail(s, res, err, "looking for tables");
	else if ((n = atol(PQgetvalue(res, 0, 0))) > 0)
		rc = ff_error_set(err, FF_EIO, "'%s' is not a fivefold store: it has %ld table%s of its "
				  "own (e.g. '%s') and no fivefold schema; nothing was written "
				  "(--init adds the store's tables beside them)", s->base.name, n,
				  n == 1 ? "" : "s", PQgetvalue(res, 0, 1));
	PQclear(res);
	return rc;
}

int ff_pg_migrate(struct ff_pg *s, int init, struct ff_error *err)
{
	char sql[96];
	int v;

	/* one migrating connection at a time: two imports opening a new
	   store at once do not both make its tables */
	snprintf(sql, sizeof sql, "BEGIN; SELECT pg_advisory_xact_lock(%d)", MIGRATION_LOCK);
	if (ff_pg_exec(s, sql, err))
		return -1;
	if (ff_pg_version(s, &v, err))
		goto fail;
	s->base.found_version = v;
	if (v > FF_SCHEMA_VERSION) {
		ff_error_set(err, FF_EIO, "store '%s' has schema version %d, newer than this "
			     "fivefold's %d: use a newer fivefold", s->base.name, v, FF_SCHEMA_VERSION);
		goto fail;
	}
	if (v < FF_SCHEMA_VERSION && check_utf8(s, err))
		goto fail;
	if (v == 0 && (check_empty(s, init, err) || create(s, err)))
		goto fail;
	if (v > 0 && v < 5) {
		ff_error_set(err, FF_EIO, "store '%s' has schema version %d, which no PostgreSQL "
			     "store had", s->base.name, v);
		goto fail;
	}
	if (v == 5 && ff_pg_exec(s, migrate_5, err))
		goto fail;
	if (v >= 5 && v < 7 && ff_pg_exec(s, INDEXES_7, err))   /* 6 -> 7 */
		goto fail;
	if (v >= 5 && v < 8 && ff_pg_exec(s, ANALYSES_8, err))   /* 7 -> 8 */
		goto fail;
	snprintf(sql, sizeof sql, "UPDATE fivefold_schema SET version = %d", FF_SCHEMA_VERSION);
	if (ff_pg_exec(s, sql, err) || ff_pg_exec(s, "COMMIT", err))
		goto fail;
	s->base.version = FF_SCHEMA_VERSION;
	return 0;
fail:
	PQclear(PQexec(s->conn, "ROLLBACK"));
	return -1;
}
