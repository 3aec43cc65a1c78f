/* The PostgreSQL backend: connect to a postgresql:// URL for writing
   (schema made or migrated, staging tables) or for reading only
   (read-only transactions); batches; the backend's table. The top of the
   backend's layers (db/pg.h): it calls the files below it, none of them
   calls it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/pg.h"

/* The URL for messages: its secrets hidden (ff_store_hide). */
static char *shown_name(const char *url)
{
	struct ff_buf b = FF_BUF_INIT;

	if (ff_store_hide(url, url, &b)) {
		ff_buf_free(&b);
		return NULL;
	}
	return b.p;
}

static void pg_close(struct ff_store *base)
{
	struct ff_pg *s = ff_pg_of(base);

	if (!s)
		return;
	if (s->fly.on) {   /* a batch's thread: its outcome is not wanted */
		pthread_join(s->fly.tid, NULL);
		PQclear(s->fly.stored);
		PQclear(s->fly.taken);
		PQclear(s->fly.ids);
	}
	PQfinish(s->conn);   /* an open transaction rolls back */
	ff_pg_batch_free(&s->bt[0]);
	ff_pg_batch_free(&s->bt[1]);
	ff_buf_free(&s->moves);
	ff_buf_free(&s->fgn);
	ff_compact_free(&s->cpt);
	ff_dict_free(&s->plies);
	ff_dict_free(&s->known);
	ff_dict_free(&s->ids);
	ff_buf_free(&s->line);
	ff_buf_free(&s->pl);
	ff_buf_free(&s->filt);
	free(s->base.name);
	free(s->url);
	free(s);
}

/* Connect to url: notices quiet (libpq prints them on stderr), text in
   UTF-8, bytea in hex (ff_pg_bytea reads that form). */
static int connect_db(struct ff_pg *s, const char *url, struct ff_error *err)
{
	char msg[400];

	s->conn = PQconnectdb(url);
	if (s->conn && PQstatus(s->conn) == CONNECTION_OK)
		return ff_pg_exec(s, "SET client_min_messages = warning; SET client_encoding = 'UTF8';"
				  " SET bytea_output = 'hex'", err);
	ff_pg_one_line(msg, sizeof msg, url, s->conn ? PQerrorMessage(s->conn) : "out of memory");
	return ff_error_set(err, FF_EIO, "cannot open store '%s': %s", s->base.name, msg);
}

/* The staging tables of a connection that writes: a batch's rows are
   copied into them and stored with a few statements at its commit. */
static const char staging_sql[] =
	"CREATE TEMP TABLE ff_stage_games (id bigint, seq integer, hash bytea, ruleset text,"
	"  game text, preset text, options text, seats integer, sides integer,"
	"  first_seat integer, first_side integer, result text, winner_side integer,"
	"  termination text, plies integer, seed text, origin text, event text, site text,"
	"  date text, round text, source_file text, source_game bigint, source_line bigint,"
	"  template text, moves text, body text, source_id bigint, header bigint, players text)"
	"  ON COMMIT DELETE ROWS;"
	"CREATE TEMP TABLE ff_stage_seats (seq integer, seat integer, side integer, name text,"
	"  player_id bigint)"
	"  ON COMMIT DELETE ROWS;"
	/* a batch's sorts in memory (4 MB, the default, spilled them to disk) */
	"SET work_mem = '64MB'";

static int pg_open(struct ff_store **out, const char *db, int mode, struct ff_error *err)
{
	struct ff_pg *s = calloc(1, sizeof *s);
	int v = 0;

	*out = NULL;
	if (!s || !(s->base.name = shown_name(db)) || !(s->url = strdup(db))) {
		if (s)
			free(s->base.name);
		free(s);
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	s->base.be = &ff_store_postgresql;
	s->fast = 1;
	s->cur = &s->bt[0];
	s->flying = &s->bt[1];
	if (connect_db(s, db, err))
		goto fail;
	if (mode == FF_OPEN_READ) {
		/* never writes: every transaction of the session is read-only */
		if (ff_pg_exec(s, "SET default_transaction_read_only = on", err) ||
		    ff_pg_version(s, &v, err))
			goto fail;
		s->base.found_version = s->base.version = v;
		if (v > FF_SCHEMA_VERSION) {
			ff_error_set(err, FF_EIO, "store '%s' has schema version %d, newer than this "
				     "fivefold's %d: use a newer fivefold", s->base.name, v,
				     FF_SCHEMA_VERSION);
			goto fail;
		}
		if (v < 1) {
			ff_error_set(err, FF_EIO, "'%s' is not a fivefold store (it has no schema "
				     "version)", s->base.name);
			goto fail;
		}
	} else if (ff_pg_migrate(s, mode == FF_OPEN_INIT, err) || ff_pg_exec(s, staging_sql, err) ||
		   ff_pg_load_plies(s, err))
		goto fail;
	*out = &s->base;
	return 0;
fail:
	pg_close(&s->base);
	return -1;
}

static int pg_exists(const char *db)
{
	(void)db;
	return 1;   /* the server says */
}

static int pg_begin(struct ff_store *base, struct ff_error *err)
{
	(void)err;
	ff_pg_of(base)->in_batch = 1;   /* the transaction opens at the commit */
	return 0;
}

static int pg_commit(struct ff_store *base, struct ff_error *err)
{
	struct ff_pg *s = ff_pg_of(base);

	s->in_batch = 0;
	return ff_pg_commit(s, err);
}

static int pg_commit_later(struct ff_store *base, struct ff_error *err)
{
	struct ff_pg *s = ff_pg_of(base);

	s->in_batch = 0;
	return ff_pg_commit_later(s, err);
}

static int pg_settle(struct ff_store *base, struct ff_error *err)
{
	return ff_pg_settle(ff_pg_of(base), err);
}

const struct ff_store_backend ff_store_postgresql = {
	.name = "postgresql",
	.db = "postgresql://... or postgres://...: a PostgreSQL database",
	.open = pg_open,
	.exists = pg_exists,
	.close = pg_close,
	.begin = pg_begin,
	.commit = pg_commit,
	.commit_later = pg_commit_later,
	.settle = pg_settle,
	.add_game = ff_pg_add_game,
	.reject_insert = ff_pg_reject_insert,
	.reject_same = ff_pg_reject_same,
	.stats = ff_pg_stats,
	.stats_plan = ff_pg_stats_plan,
	.export = ff_pg_export,
	.each_game = ff_pg_each_game,
	.results = ff_pg_results,
	.players = ff_pg_players,
	.each_reject = ff_pg_each_reject,
	.add_analysis = ff_pg_add_analysis,
	.each_analysis = ff_pg_each_analysis,
	.player_analysis = ff_pg_player_analysis,
};
