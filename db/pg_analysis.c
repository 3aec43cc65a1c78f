/* The PostgreSQL backend's analyses: the SQLite backend's
   (db/sqlite_analysis.c) in PostgreSQL's words. Keeping an analysis is
   one statement (one round trip; in a batch, a part of the batch's
   transaction); two processes keeping the same game's analysis at once
   meet at its row (ON CONFLICT), not in an error. store copy reads
   each analysis's doubles as their bits (float8send), not as text. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/pg.h"

/* The seats' columns of a as PostgreSQL arrays' text, one buffer each
   (the order of analysis_seats after analysis_id: seat, plies,
   decisions, error, mean_error, errors, luck; doubles in 17 digits, which
   read back to the same bits). Returns 0 or -1 (no memory). */
static int seat_arrays(const struct ff_store_analysis *a, struct ff_buf col[7])
{
	int i, k, bad = 0;

	for (k = 0; k < 7; k++)
		bad |= ff_buf_addc(&col[k], '{');
	for (i = 0; i < a->seats; i++) {
		const struct ff_store_seat_analysis *e = &a->seat[i];
		const char *sep = i ? "," : "";

		bad |= ff_buf_addf(&col[0], "%s%d", sep, e->seat);
		bad |= ff_buf_addf(&col[1], "%s%d", sep, e->plies);
		bad |= ff_buf_addf(&col[2], "%s%d", sep, e->decisions);
		bad |= ff_buf_addf(&col[3], "%s%.17g", sep, e->error);
		if (e->decisions)
			bad |= ff_buf_addf(&col[4], "%s%.17g", sep, e->error / e->decisions);
		else
			bad |= ff_buf_addf(&col[4], "%sNULL", sep);
		bad |= ff_buf_addf(&col[5], "%s%d", sep, e->errors);
		bad |= ff_buf_addf(&col[6], "%s%.17g", sep, e->luck);
	}
	for (k = 0; k < 7; k++)
		bad |= ff_buf_addc(&col[k], '}');
	return bad ? -1 : 0;
}

/* Keep an analysis: its row inserted or updated, its seats inserted or
   updated, the seats it no longer has deleted (each part touches rows of
   its own, as one statement must); the id of its row, none when the
   store has no game of its key. $1 to $7: method, budget, threshold,
   start, plies, game, key (hex); $8 to $14 the seats' columns
   (seat_arrays). */
static const char put_sql[] =
	"WITH a AS (INSERT INTO analyses (game_id, method, budget, threshold, start, plies)"
	" SELECT id, $1::text, $2::text, $3::text::double precision, $4::text::double precision,"
	" $5::text FROM games WHERE game = $6::text AND hash = decode($7::text, 'hex')"
	" ON CONFLICT (game_id, method, budget) DO UPDATE SET threshold = excluded.threshold,"
	" start = excluded.start, plies = excluded.plies RETURNING id),"
	" v AS (SELECT * FROM unnest($8::text::integer[], $9::text::integer[],"
	" $10::text::integer[], $11::text::double precision[], $12::text::double precision[],"
	" $13::text::integer[], $14::text::double precision[])"
	" AS v (seat, plies, decisions, error, mean_error, errors, luck)),"
	" n AS (INSERT INTO analysis_seats SELECT a.id, v.* FROM a, v"
	" ON CONFLICT (analysis_id, seat) DO UPDATE SET plies = excluded.plies,"
	" decisions = excluded.decisions, error = excluded.error, mean_error = excluded.mean_error,"
	" errors = excluded.errors, luck = excluded.luck),"
	" d AS (DELETE FROM analysis_seats WHERE analysis_id = (SELECT id FROM a)"
	" AND seat <> ALL ($8::text::integer[]))"
	" SELECT id FROM a";

/* Keep a (the game of key) by put_sql, prepared once a connection
   (planned once, not at every analysis). Returns 1 kept, 0 when the
   store has no game of a's key, -1 with err. */
static int put(struct ff_pg *s, const struct ff_store_analysis *a, const char *key,
	       struct ff_error *err)
{
	struct ff_buf col[7] = { FF_BUF_INIT, FF_BUF_INIT, FF_BUF_INIT, FF_BUF_INIT, FF_BUF_INIT,
				 FF_BUF_INIT, FF_BUF_INIT };
	const char *val[14];
	char thr[32], start[32];
	PGresult *res = NULL;
	int rc = -1, k;

	if (!s->put_prepared) {
		res = PQprepare(s->conn, "ff_put_analysis", put_sql, 0, NULL);
		if (PQresultStatus(res) != PGRES_COMMAND_OK) {
			ff_pg_fail(s, res, err, "preparing to keep an analysis");
			PQclear(res);
			return -1;
		}
		PQclear(res);
		s->put_prepared = 1;
	}
	snprintf(thr, sizeof thr, "%.17g", a->threshold);
	snprintf(start, sizeof start, "%.17g", a->start);
	val[0] = a->method;
	val[1] = a->budget;
	val[2] = thr;
	val[3] = start;
	val[4] = a->plies;
	val[5] = a->game;
	val[6] = key;
	if (seat_arrays(a, col)) {
		ff_error_set(err, FF_ENOMEM, "out of memory");
	} else {
		for (k = 0; k < 7; k++)
			val[7 + k] = col[k].p;
		res = PQexecPrepared(s->conn, "ff_put_analysis", 14, val, NULL, NULL, 0);
		if (PQresultStatus(res) == PGRES_TUPLES_OK)
			rc = PQntuples(res) > 0;
		else
			ff_pg_fail(s, res, err, "keeping an analysis");
		PQclear(res);
	}
	for (k = 0; k < 7; k++)
		ff_buf_free(&col[k]);
	return rc;
}

int ff_pg_add_analysis(struct ff_store *base, const struct ff_store_analysis *a, const char *key,
		       struct ff_error *err)
{
	struct ff_pg *s = ff_pg_of(base);
	int rc;

	if (strlen(key) != FF_KEY_HEX || strspn(key, "0123456789abcdef") != FF_KEY_HEX)
		return ff_error_set(err, FF_EIO, "an analysis's key is no SHA-256 in hex");
	if (s->in_batch && !s->analyses_tx) {
		/* the batch's games staged so far first: an analysis needs its
		   game in the store; then the analyses' transaction */
		if (ff_pg_commit(s, err) || ff_pg_exec(s, "BEGIN", err))
			return -1;
		s->analyses_tx = 1;
	}
	rc = put(s, a, key, err);
	if (rc < 0 && s->analyses_tx) {   /* the batch's transaction failed: given up */
		PQclear(PQexec(s->conn, "ROLLBACK"));
		s->analyses_tx = 0;
	}
	return rc;
}

struct player_ctx {
	int (*cb)(void *ctx, const struct ff_player_analysis *p);
	void *ctx;
};

static int player_row(void *ctx2, const PGresult *res)
{
	struct player_ctx *c = ctx2;
	struct ff_player_analysis p;

	p.player = PQgetvalue(res, 0, 0);
	p.method = PQgetvalue(res, 0, 1);
	p.budget = PQgetvalue(res, 0, 2);
	p.game_id = atoll(PQgetvalue(res, 0, 3));
	p.decisions = atoi(PQgetvalue(res, 0, 4));
	p.errors = atoi(PQgetvalue(res, 0, 5));
	p.error = strtod(PQgetvalue(res, 0, 6), NULL);
	p.luck = strtod(PQgetvalue(res, 0, 7), NULL);
	return c->cb(c->ctx, &p);
}

int ff_pg_player_analysis(struct ff_store *base, const struct ff_stats_filter *f,
			  int (*cb)(void *ctx, const struct ff_player_analysis *p), void *ctx,
			  struct ff_error *err)
{
	struct ff_pg *s = ff_pg_of(base);
	struct ff_pg_query q = { FF_BUF_INIT, { NULL }, 0 };
	struct player_ctx c = { cb, ctx };
	char num[FF_PG_FILTER_NUM];
	int rc;

	ff_buf_adds(&q.sql, "SELECT p.name COLLATE \"C\" AS pname, a.method, a.budget, a.game_id,"
			    " sum(x.decisions), sum(x.errors), sum(x.error)::text, sum(x.luck)::text"
			    " FROM analyses a JOIN analysis_seats x ON x.analysis_id = a.id"
			    " JOIN seats st ON st.game_id = a.game_id AND st.seat = x.seat"
			    " JOIN players p ON p.id = st.player_id"
			    " WHERE a.game_id IN (SELECT games.id FROM games WHERE true");
	if (ff_pg_filter_sql(s, &q, f, num, sizeof num, err)) {
		ff_buf_free(&q.sql);
		return -1;
	}
	ff_buf_adds(&q.sql, ") GROUP BY pname, a.method, a.budget, a.game_id"
			    " ORDER BY pname, a.method, a.budget, a.game_id");
	rc = ff_pg_stream(s, &q, NULL, player_row, &c, "reading the analyses", err);
	if (rc == -1 && !err->msg[0])
		ff_error_set(err, FF_ENOMEM, "out of memory");
	ff_buf_free(&q.sql);
	return rc;
}

/* A double precision's float8send bytes in hex (16 digits, big-endian)
   into *x, the bits as stored. Returns 0, or -1 when text is not that. */
static int float8_hex(const char *text, double *x)
{
	unsigned char b[8];
	uint64_t bits = 0;
	int i;

	if (strspn(text, "0123456789abcdef") != 16 || ff_store_unhex(text, 16, b))
		return -1;
	for (i = 0; i < 8; i++)
		bits = bits << 8 | b[i];
	memcpy(x, &bits, sizeof *x);
	return 0;
}

/* The float8send of column c in hex, as float8_hex reads it. */
#define FLOAT8_HEX(c) "encode(float8send(" c "), 'hex')"

/* The seats' sums of an analysis, by seat, as one text (NULL: none):
   for each "seat plies decisions errors error luck", blank-separated,
   error and luck as FLOAT8_HEX. */
#define SEATS_COL \
	"(SELECT string_agg(x.seat || ' ' || x.plies || ' ' || x.decisions || ' ' || x.errors" \
	" || ' ' || " FLOAT8_HEX("x.error") " || ' ' || " FLOAT8_HEX("x.luck") ", ' '" \
	" ORDER BY x.seat) FROM analysis_seats x WHERE x.analysis_id = a.id)"

struct each_ctx {
	struct ff_pg *s;
	int (*cb)(void *ctx, const struct ff_store_analysis *a);
	void *ctx;
	struct ff_buf seats;
	struct ff_error *err;
};

/* SEATS_COL's text (NULL: none) into seats (reset first). Returns 0 or
   -1 with err. */
static int seats_of(const char *text, struct ff_buf *seats, struct ff_error *err)
{
	struct ff_store_seat_analysis e;
	char error[17], luck[17];
	int n;

	ff_buf_reset(seats);
	while (text && *text) {
		if (sscanf(text, "%d %d %d %d %16s %16s%n", &e.seat, &e.plies, &e.decisions,
			   &e.errors, error, luck, &n) != 6 || float8_hex(error, &e.error) ||
		    float8_hex(luck, &e.luck))
			return ff_error_set(err, FF_EIO, "an analysis's seats read back as '%.40s'",
					    text);
		if (ff_buf_add(seats, &e, sizeof e))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		text += n;
		text += *text == ' ';
	}
	return 0;
}

static int each_row(void *ctx2, const PGresult *res)
{
	struct each_ctx *c = ctx2;
	struct ff_store_analysis a;
	const int k = FF_PG_FGN_N;

	if (ff_pg_row_fgn(c->s, res, 0, &c->s->fgn, c->err) ||
	    seats_of(PQgetisnull(res, 0, k + 6) ? NULL : PQgetvalue(res, 0, k + 6), &c->seats,
		     c->err))
		return -1;
	if (float8_hex(PQgetvalue(res, 0, k + 3), &a.threshold) ||
	    float8_hex(PQgetvalue(res, 0, k + 4), &a.start))
		return ff_error_set(c->err, FF_EIO, "an analysis's threshold or start read back "
				    "as no float8send");
	a.fgn = c->s->fgn.p;
	a.fgn_len = c->s->fgn.len;
	a.game = PQgetvalue(res, 0, k);
	a.method = PQgetvalue(res, 0, k + 1);
	a.budget = PQgetvalue(res, 0, k + 2);
	a.plies = PQgetvalue(res, 0, k + 5);
	a.seats = (int)(c->seats.len / sizeof *a.seat);
	a.seat = (const struct ff_store_seat_analysis *)(const void *)c->seats.p;
	return c->cb(c->ctx, &a);
}

int ff_pg_each_analysis(struct ff_store *base,
			int (*cb)(void *ctx, const struct ff_store_analysis *a), void *ctx,
			struct ff_error *err)
{
	struct ff_pg_query q = { FF_BUF_INIT, { NULL }, 0 };
	struct each_ctx c = { ff_pg_of(base), cb, ctx, FF_BUF_INIT, err };
	int rc;

	/* the doubles as their bits (float8send), not as text */
	ff_buf_adds(&q.sql, "SELECT " FF_PG_FGN_COLS("g") ", g.game, a.method, a.budget, "
			    FLOAT8_HEX("a.threshold") ", " FLOAT8_HEX("a.start") ", a.plies, "
			    SEATS_COL " FROM analyses a JOIN games g ON g.id = a.game_id"
			    " ORDER BY a.id");
	rc = ff_pg_stream(c.s, &q, ff_pg_load_plies, each_row, &c, "reading the analyses", err);
	if (rc == -1 && !err->msg[0])
		ff_error_set(err, FF_ENOMEM, "out of memory");
	ff_buf_free(&q.sql);
	ff_buf_free(&c.seats);
	return rc;
}
