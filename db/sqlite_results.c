/* The SQLite backend's reading of games for `ratings` and `standings`:
   one row per seat, in date order (undated games first, as SQLite orders
   NULL), games of one date by id, walked along the index games_by_date
   (whose entries end with the rowid, so nothing is sorted when no filter
   makes SQLite choose another index), each game's seats by their primary
   key. Rows are stepped one at a time. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/sqlite.h"
#include "lib/buf.h"

/* The query for q; the seats table is "st", so that the filter's column
   names (db/sqlite_stats.c) all name games' columns. */
static void results_sql(const struct ff_sqlite *s, struct ff_buf *sql,
			const struct ff_result_filter *q)
{
	ff_buf_adds(sql, "SELECT games.id, games.ruleset, games.date, coalesce(games.winner_side, 0),"
			 " games.result = '*', games.seats, st.seat, st.side,"
			 " coalesce(st.player_id, 0) FROM games JOIN seats st ON st.game_id = games.id"
			 " WHERE 1");
	if (q->f)
		ff_sqlite_filter_sql(s, sql, q->f);
	if (q->event)
		ff_buf_adds(sql, " AND games.event = :ff_event");
	if (q->as_of)
		ff_buf_adds(sql, " AND (games.date IS NULL OR games.date <= :ff_as_of)");
	ff_buf_adds(sql, " ORDER BY games.date, games.id, st.seat");
}

int ff_sqlite_results(struct ff_store *base, const struct ff_result_filter *q,
		      struct ff_result_acc *acc, struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	struct ff_buf sql = FF_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = 0, step = SQLITE_DONE;

	results_sql(s, &sql, q);
	if (!sql.p) {
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	} else if (sqlite3_prepare_v2(s->db, sql.p, -1, &st, NULL) != SQLITE_OK) {
		ff_buf_free(&sql);
		return ff_sqlite_fail(s, err, "preparing the query of results");
	}
	ff_buf_free(&sql);
	if (q->f)
		ff_sqlite_bind_filter(st, q->f);
	if (q->event)
		sqlite3_bind_text(st, sqlite3_bind_parameter_index(st, ":ff_event"), q->event, -1,
				  SQLITE_STATIC);
	if (q->as_of)
		sqlite3_bind_text(st, sqlite3_bind_parameter_index(st, ":ff_as_of"), q->as_of, -1,
				  SQLITE_STATIC);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = ff_result_acc_add(acc, (long long)sqlite3_column_int64(st, 0),
				       (const char *)sqlite3_column_text(st, 1),
				       (const char *)sqlite3_column_text(st, 2),
				       sqlite3_column_int(st, 3), sqlite3_column_int(st, 4),
				       sqlite3_column_int(st, 5), sqlite3_column_int(st, 6),
				       sqlite3_column_int(st, 7),
				       (long long)sqlite3_column_int64(st, 8));
		if (rc)
			break;
	}
	if (rc == -1)
		ff_error_set(err, FF_ENOMEM, "out of memory");
	else if (rc == 0 && step != SQLITE_DONE)
		rc = ff_sqlite_fail(s, err, "reading results");
	sqlite3_finalize(st);
	return rc;
}

int ff_sqlite_players(struct ff_store *base, int (*cb)(void *ctx, long long id, const char *name),
		      void *ctx, struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	sqlite3_stmt *st = NULL;
	int rc = 0, step = SQLITE_DONE;

	if (sqlite3_prepare_v2(s->db, "SELECT id, name FROM players ORDER BY id", -1, &st, NULL) !=
	    SQLITE_OK)
		return ff_sqlite_fail(s, err, "preparing the query of players");
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		if ((rc = cb(ctx, (long long)sqlite3_column_int64(st, 0),
			     (const char *)sqlite3_column_text(st, 1))) != 0)
			break;
	if (rc == 0 && step != SQLITE_DONE)
		rc = ff_sqlite_fail(s, err, "reading players");
	sqlite3_finalize(st);
	return rc;
}
