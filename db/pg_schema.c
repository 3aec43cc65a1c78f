/* The PostgreSQL store's schema and its migrations: the SQLite store's
   tables and columns (docs/store.md), with games partitioned by game
   (one partition per registered rules engine, and a default one), the
   quarantine's raw text as bytea (a malformed record may hold any byte),
   and the schema version in the table fivefold_schema. A new store is
   made at FF_SCHEMA_VERSION at once; a later version adds its step here
   as in db/sqlite_schema.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "db/pg.h"
#include "lib/ruleset.h"

/* Any one number: the advisory lock that serialises migrations. */
#define MIGRATION_LOCK 0x66697665   /* "five" */

static const char create_sql[] =
	"CREATE TABLE fivefold_schema (version integer NOT NULL);"
	"INSERT INTO fivefold_schema VALUES (0);"
	"CREATE SEQUENCE games_id_seq;"
	"CREATE TABLE games ("
	"  id bigint NOT NULL DEFAULT nextval('games_id_seq'),"
	"  hash text NOT NULL,"
	"  ruleset text COLLATE \"C\" NOT NULL,"
	"  game text COLLATE \"C\" NOT NULL,"
	"  preset text COLLATE \"C\" NOT NULL,"
	"  options text COLLATE \"C\" NOT NULL,"
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
	"  source_file text NOT NULL,"
	"  source_game bigint NOT NULL,"
	"  source_line bigint NOT NULL,"
	"  fgn text NOT NULL,"
	"  players text NOT NULL DEFAULT '',"
	"  PRIMARY KEY (game, id),"
	"  UNIQUE (game, hash)"
	") PARTITION BY LIST (game);"
	"CREATE TABLE tags ("
	"  game_id bigint NOT NULL,"
	"  pos integer NOT NULL,"
	"  name text NOT NULL,"
	"  value text NOT NULL,"
	"  PRIMARY KEY (game_id, pos)"
	");"
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
	"CREATE INDEX games_stats ON games (ruleset, seats, plies, sides, first_side, winner_side,"
	"  result, origin, options, date, game, preset, players);"
	"CREATE INDEX games_by_id ON games (id);"
	"CREATE INDEX games_by_date ON games (date);"
	"CREATE INDEX seats_by_player ON seats (player_id);";

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

int ff_pg_migrate(struct ff_pg *s, struct ff_error *err)
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
	if (v == 0 && create(s, err))
		goto fail;
	/* (a later schema version runs its step from v here) */
	snprintf(sql, sizeof sql, "UPDATE fivefold_schema SET version = %d", FF_SCHEMA_VERSION);
	if (ff_pg_exec(s, sql, err) || ff_pg_exec(s, "COMMIT", err))
		goto fail;
	s->base.version = FF_SCHEMA_VERSION;
	return 0;
fail:
	PQclear(PQexec(s->conn, "ROLLBACK"));
	return -1;
}
