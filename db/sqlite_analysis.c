/* The SQLite backend's analyses: keep a game's analysis (analyse --db),
   read each player's figures game by game (stats --by player) and read
   every analysis back whole (store copy). */
#include "config.h"

#include <string.h>

#include "db/sqlite.h"

/* Run sql on s (no rows). Returns 0 or -1 with err. */
static int run_sql(struct ff_sqlite *s, const char *sql, struct ff_error *err)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return ff_sqlite_fail(s, err, "keeping an analysis");
	return 0;
}

/* Prepare sql into *st. Returns 0 or -1 with err. */
static int prep(struct ff_sqlite *s, const char *sql, sqlite3_stmt **st, struct ff_error *err)
{
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK)
		return ff_sqlite_fail(s, err, "preparing the analyses' statements");
	return 0;
}

/* Step st to its end, then reset it. Returns 0 or -1 with err. */
static int done(struct ff_sqlite *s, sqlite3_stmt *st, struct ff_error *err)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : ff_sqlite_fail(s, err, "keeping an analysis");
}

/* The games.id of the game of key (hex) into *id. Returns 1, 0 when there
   is none, -1 with err. */
static int game_of(struct ff_sqlite *s, const char *key, sqlite3_int64 *id, struct ff_error *err)
{
	unsigned char kb[FF_KEY_BYTES];
	sqlite3_stmt *st;
	int rc;

	if (strlen(key) != FF_KEY_HEX || ff_store_unhex(key, FF_KEY_HEX, kb))
		return ff_error_set(err, FF_EIO, "an analysis's key is no SHA-256 in hex");
	if (ff_sqlite_prepare(s, &s->stmt[ST_AN_GAME], "SELECT id FROM games WHERE hash = ?", err))
		return -1;
	st = s->stmt[ST_AN_GAME];
	sqlite3_bind_blob(st, 1, kb, FF_KEY_BYTES, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return ff_sqlite_fail(s, err, "looking up an analysed game");
	return rc == SQLITE_ROW;
}

/* Replace game id's analysis by a's method and budget with a, inside the
   open transaction. Returns 0 or -1 with err. */
static int put(struct ff_sqlite *s, sqlite3_int64 id, const struct ff_store_analysis *a,
	       struct ff_error *err)
{
	sqlite3_stmt *del, *ins, *seat;
	int i;

	if (ff_sqlite_prepare(s, &s->stmt[ST_AN_DEL], "DELETE FROM analysis_seats WHERE"
			      " analysis_id IN (SELECT id FROM analyses WHERE game_id = ?1"
			      " AND method = ?2 AND budget = ?3)", err) ||
	    ff_sqlite_prepare(s, &s->stmt[ST_AN_INS], "INSERT INTO analyses (game_id, method,"
			      " budget, threshold, start, plies) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
			      " ON CONFLICT (game_id, method, budget) DO UPDATE SET"
			      " threshold = excluded.threshold, start = excluded.start,"
			      " plies = excluded.plies", err) ||
	    ff_sqlite_prepare(s, &s->stmt[ST_AN_SEAT], "INSERT INTO analysis_seats VALUES"
			      " ((SELECT id FROM analyses WHERE game_id = ?1 AND method = ?2"
			      " AND budget = ?3), ?4, ?5, ?6, ?7, ?8, ?9, ?10)", err))
		return -1;
	del = s->stmt[ST_AN_DEL];
	ins = s->stmt[ST_AN_INS];
	seat = s->stmt[ST_AN_SEAT];
	sqlite3_bind_int64(del, 1, id);
	sqlite3_bind_text(del, 2, a->method, -1, SQLITE_STATIC);
	sqlite3_bind_text(del, 3, a->budget, -1, SQLITE_STATIC);
	sqlite3_bind_int64(ins, 1, id);
	sqlite3_bind_text(ins, 2, a->method, -1, SQLITE_STATIC);
	sqlite3_bind_text(ins, 3, a->budget, -1, SQLITE_STATIC);
	sqlite3_bind_double(ins, 4, a->threshold);
	sqlite3_bind_double(ins, 5, a->start);
	sqlite3_bind_text(ins, 6, a->plies, -1, SQLITE_STATIC);
	if (done(s, del, err) || done(s, ins, err))
		return -1;
	for (i = 0; i < a->seats; i++) {
		const struct ff_store_seat_analysis *e = &a->seat[i];

		sqlite3_bind_int64(seat, 1, id);
		sqlite3_bind_text(seat, 2, a->method, -1, SQLITE_STATIC);
		sqlite3_bind_text(seat, 3, a->budget, -1, SQLITE_STATIC);
		sqlite3_bind_int(seat, 4, e->seat);
		sqlite3_bind_int(seat, 5, e->plies);
		sqlite3_bind_int(seat, 6, e->decisions);
		sqlite3_bind_double(seat, 7, e->error);
		if (e->decisions > 0)
			sqlite3_bind_double(seat, 8, e->error / e->decisions);
		else
			sqlite3_bind_null(seat, 8);
		sqlite3_bind_int(seat, 9, e->errors);
		sqlite3_bind_double(seat, 10, e->luck);
		if (done(s, seat, err))
			return -1;
	}
	return 0;
}

/* What opens, keeps and undoes one analysis: a transaction of its own,
   or a savepoint in a batch's (between ff_store_begin and commit). */
static const char *const own_tx[] = { "BEGIN IMMEDIATE", "COMMIT", "ROLLBACK" };
static const char *const batch_tx[] = { "SAVEPOINT analysis", "RELEASE analysis",
					"ROLLBACK TO analysis; RELEASE analysis" };

int ff_sqlite_add_analysis(struct ff_store *base, const struct ff_store_analysis *a, const char *key,
			   struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	const char *const *tx = sqlite3_get_autocommit(s->db) ? own_tx : batch_tx;
	sqlite3_int64 id = 0;
	int rc;

	if (run_sql(s, tx[0], err))
		return -1;
	rc = game_of(s, key, &id, err);
	if (rc == 1 && put(s, id, a, err))
		rc = -1;
	if (rc == 1 && run_sql(s, tx[1], err))
		rc = -1;
	if (rc != 1)
		sqlite3_exec(s->db, tx[2], NULL, NULL, NULL);
	return rc;
}

int ff_sqlite_player_analysis(struct ff_store *base, const struct ff_stats_filter *f,
			      int (*cb)(void *ctx, const struct ff_player_analysis *p), void *ctx,
			      struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	struct ff_buf sql = FF_BUF_INIT;
	struct ff_player_analysis p;
	sqlite3_stmt *st = NULL;
	int rc = 0, step;

	ff_buf_adds(&sql, "SELECT p.name, a.method, a.budget, a.game_id, sum(x.decisions),"
			  " sum(x.errors), sum(x.error), sum(x.luck) FROM analyses a"
			  " JOIN analysis_seats x ON x.analysis_id = a.id"
			  " JOIN seats st ON st.game_id = a.game_id AND st.seat = x.seat"
			  " JOIN players p ON p.id = st.player_id"
			  " WHERE a.game_id IN (SELECT id FROM games WHERE 1");
	ff_sqlite_filter_sql(s, &sql, f);
	ff_buf_adds(&sql, ") GROUP BY p.name, a.method, a.budget, a.game_id"
			  " ORDER BY p.name, a.method, a.budget, a.game_id");
	if (!sql.p)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	rc = prep(s, sql.p, &st, err);
	ff_buf_free(&sql);
	if (rc)
		return -1;
	ff_sqlite_bind_filter(st, f);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		p.player = (const char *)sqlite3_column_text(st, 0);
		p.method = (const char *)sqlite3_column_text(st, 1);
		p.budget = (const char *)sqlite3_column_text(st, 2);
		p.game_id = (long long)sqlite3_column_int64(st, 3);
		p.decisions = sqlite3_column_int(st, 4);
		p.errors = sqlite3_column_int(st, 5);
		p.error = sqlite3_column_double(st, 6);
		p.luck = sqlite3_column_double(st, 7);
		if ((rc = cb(ctx, &p)) != 0)
			break;
	}
	if (!rc && step != SQLITE_DONE)
		rc = ff_sqlite_fail(s, err, "reading the analyses");
	sqlite3_finalize(st);
	return rc;
}

/* The seats of analysis aid, by seat, into seats (reset first), with
   st the prepared query of them. Returns 0 or -1 with err. */
static int seats_of(struct ff_sqlite *s, sqlite3_stmt *st, sqlite3_int64 aid, struct ff_buf *seats,
		    struct ff_error *err)
{
	struct ff_store_seat_analysis e;
	int step;

	ff_buf_reset(seats);
	sqlite3_bind_int64(st, 1, aid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		e.seat = sqlite3_column_int(st, 0);
		e.plies = sqlite3_column_int(st, 1);
		e.decisions = sqlite3_column_int(st, 2);
		e.errors = sqlite3_column_int(st, 3);
		e.error = sqlite3_column_double(st, 4);
		e.luck = sqlite3_column_double(st, 5);
		if (ff_buf_add(seats, &e, sizeof e)) {
			sqlite3_reset(st);
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		}
	}
	sqlite3_reset(st);
	return step == SQLITE_DONE ? 0 : ff_sqlite_fail(s, err, "reading the analyses");
}

int ff_sqlite_each_analysis(struct ff_store *base,
			    int (*cb)(void *ctx, const struct ff_store_analysis *a), void *ctx,
			    struct ff_error *err)
{
	struct ff_sqlite *s = ff_sqlite_of(base);
	struct ff_buf sql = FF_BUF_INIT, seats = FF_BUF_INIT;
	struct ff_store_analysis a;
	sqlite3_stmt *st = NULL, *seat = NULL;
	const int k = FF_SQLITE_FGN_N;
	int rc, step = SQLITE_DONE;

	ff_buf_addf(&sql, "SELECT %s, (SELECT game FROM rulesets r WHERE r.ruleset = games.ruleset),"
		    " a.method, a.budget, a.threshold, a.start,"
		    " a.plies, a.id FROM analyses a JOIN games ON games.id = a.game_id"
		    " ORDER BY a.id", ff_sqlite_fgn_cols(s->base.version));
	if (!sql.p)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	rc = prep(s, sql.p, &st, err) || prep(s, "SELECT seat, plies, decisions, errors, error, luck"
					      " FROM analysis_seats WHERE analysis_id = ?"
					      " ORDER BY seat", &seat, err) ? -1 : 0;
	while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW) {
		if (ff_sqlite_row_fgn(s, st, &s->fgn, err) ||
		    seats_of(s, seat, sqlite3_column_int64(st, k + 6), &seats, err)) {
			rc = -1;
			break;
		}
		a.fgn = s->fgn.p;
		a.fgn_len = s->fgn.len;
		a.game = (const char *)sqlite3_column_text(st, k);
		a.method = (const char *)sqlite3_column_text(st, k + 1);
		a.budget = (const char *)sqlite3_column_text(st, k + 2);
		a.threshold = sqlite3_column_double(st, k + 3);
		a.start = sqlite3_column_double(st, k + 4);
		a.plies = (const char *)sqlite3_column_text(st, k + 5);
		a.seats = (int)(seats.len / sizeof *a.seat);
		a.seat = (const struct ff_store_seat_analysis *)(const void *)seats.p;
		rc = cb(ctx, &a);
	}
	if (!rc && step != SQLITE_DONE)
		rc = ff_sqlite_fail(s, err, "reading the analyses");
	sqlite3_finalize(st);
	sqlite3_finalize(seat);
	ff_buf_free(&sql);
	ff_buf_free(&seats);
	return rc;
}
