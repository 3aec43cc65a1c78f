/* The PostgreSQL backend's writes (import). A batch's games are staged
   as COPY text while they come and stored at its commit with a few
   statements: COPY into temporary tables, then one INSERT ... ON
   CONFLICT DO NOTHING of the games (in key order, so that concurrent
   importers take their locks in one order) with their seats,
   then one query for the games whose key was taken, each compared with
   the stored row: a duplicate, or a collision kept in quarantine, as the
   SQLite backend decides one game at a time (db/sqlite_import.c). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/pg.h"
#include "lib/record.h"
#include "lib/ruleset.h"

enum { BYTEA_OID = 17 };

/* Append s[0..n) as a COPY text field (backslash, tab, newline and
   carriage return escaped). */
static int copy_text(struct ff_buf *b, const char *s, size_t n)
{
	size_t i, from = 0;
	int rc = 0;

	for (i = 0; i < n && rc == 0; i++) {
		const char *esc = s[i] == '\\' ? "\\\\" : s[i] == '\t' ? "\\t" : s[i] == '\n' ? "\\n"
				  : s[i] == '\r' ? "\\r" : NULL;

		if (esc) {
			rc = ff_buf_add(b, s + from, i - from) || ff_buf_adds(b, esc);
			from = i + 1;
		}
	}
	return rc || ff_buf_add(b, s + from, n - from);
}

/* A string field (NULL: SQL NULL), then sep. */
static int copy_str(struct ff_buf *b, const char *s, char sep)
{
	return (s ? copy_text(b, s, strlen(s)) : ff_buf_adds(b, "\\N")) || ff_buf_addc(b, sep);
}

/* A number field, then sep. */
static int copy_num(struct ff_buf *b, long v, char sep)
{
	return ff_buf_addf(b, "%ld%c", v, sep);
}

/* The 32 bytes of key as a COPY text bytea field ("\\x" and hex). */
static int copy_key(struct ff_buf *b, const char *key)
{
	return ff_buf_adds(b, "\\\\x") || ff_buf_add(b, key, FF_KEY_HEX) || ff_buf_addc(b, '\t');
}

/* The id s->ids knows for value v of kind k (the letter of its key), or
   0. */
static int64_t known_id(struct ff_pg *s, char k, const char *v)
{
	int64_t id = 0;

	if (!v)
		return 0;
	ff_buf_reset(&s->line);
	if (ff_buf_addc(&s->line, k) || ff_buf_adds(&s->line, v) ||
	    !ff_dict_find(&s->ids, s->line.p, s->line.len, &id))
		id = 0;
	ff_buf_reset(&s->line);   /* empty, as ply_code expects it */
	return id;
}

/* What of g's references the importer knows by id (0: not known, its
   text is staged), and its players' ids in seat order as games.players
   has them, when it knows every named seat's (all). */
struct refs {
	int64_t source, header, player[FF_MAX_SEATS];
	int all;
};

static int resolve(struct ff_pg *s, const struct ff_store_game *g, struct refs *r)
{
	int k;

	r->source = known_id(s, 's', g->source_file);
	r->header = s->cpt.has_tmpl ? known_id(s, 'h', s->cpt.tmpl.p) : 0;
	r->all = 1;
	ff_buf_reset(&s->pl);
	for (k = 1; k <= g->seats; k++) {
		const char *name = ff_store_seat_player(g, k);

		r->player[k - 1] = known_id(s, 'p', name);
		if (name && !r->player[k - 1])
			r->all = 0;
		if (r->player[k - 1] && ff_buf_addf(&s->pl, "%s%lld ", s->pl.len ? "" : " ",
						    (long long)r->player[k - 1]))
			return -1;
	}
	return ff_buf_addc(&s->pl, '\0');
}

/* An id field (0: NULL), then sep. */
static int copy_id(struct ff_buf *b, int64_t id, char sep)
{
	return id ? ff_buf_addf(b, "%lld%c", (long long)id, sep) : copy_str(b, NULL, sep);
}

/* Stage g's row of games (without its id: the commit puts it first),
   in compact form (s->cpt, encoded; the moves' codes in s->moves); its
   source, template and players by id where r knows them. */
static int stage_game(struct ff_pg *s, const struct ff_store_game *g, const char *key, long seq,
		      const struct refs *r)
{
	const struct ff_record *rec = g->rec;
	const struct ff_compact *c = &s->cpt;
	struct ff_buf *b = &s->cur->games;

	return copy_num(b, seq, '\t') || copy_key(b, key) || copy_str(b, g->ruleset, '\t') ||
	       copy_str(b, g->game, '\t') || copy_str(b, g->preset, '\t') ||
	       copy_str(b, g->options, '\t') || copy_num(b, g->seats, '\t') ||
	       copy_num(b, g->sides, '\t') || copy_num(b, g->first_seat, '\t') ||
	       copy_num(b, g->first_side, '\t') || copy_str(b, g->result, '\t') ||
	       (g->winner_side > 0 ? copy_num(b, g->winner_side, '\t') : copy_str(b, NULL, '\t')) ||
	       copy_str(b, g->termination, '\t') || copy_num(b, g->plies, '\t') ||
	       copy_str(b, ff_record_tag(rec, "Seed"), '\t') || copy_str(b, g->origin, '\t') ||
	       copy_str(b, ff_record_tag(rec, "Event"), '\t') ||
	       copy_str(b, ff_record_tag(rec, "Site"), '\t') ||
	       copy_str(b, g->date, '\t') ||
	       copy_str(b, ff_record_tag(rec, "Round"), '\t') ||
	       copy_str(b, r->source ? NULL : g->source_file, '\t') ||
	       copy_num(b, g->source_game, '\t') || copy_num(b, g->source_line, '\t') ||
	       copy_str(b, c->has_tmpl && !r->header ? c->tmpl.p : NULL, '\t') ||
	       (c->has_moves ? copy_text(b, s->moves.p ? s->moves.p : "", s->moves.len) ||
			       ff_buf_adds(b, "\t\\N\t") :
			       ff_buf_adds(b, "\\N\t") || copy_text(b, c->body, c->body_len) ||
			       ff_buf_addc(b, '\t')) ||
	       copy_id(b, r->source, '\t') || copy_id(b, r->header, '\t') ||
	       copy_str(b, r->all ? s->pl.p : NULL, '\n');
}

/* Stage g's seats: each player by id where r knows every one. */
static int stage_seats(struct ff_pg *s, const struct ff_store_game *g, long seq,
		       const struct refs *r)
{
	struct ff_buf *b = &s->cur->seats;
	int k;

	for (k = 1; k <= g->seats; k++)
		if (copy_num(b, seq, '\t') || copy_num(b, k, '\t') ||
		    copy_num(b, g->side_of_seat[k - 1], '\t') ||
		    copy_str(b, r->all ? NULL : ff_store_seat_player(g, k), '\t') ||
		    copy_id(b, r->all ? r->player[k - 1] : 0, '\n'))
			return -1;
	return 0;
}

/* Run ply_code's sql for ply p: *res its rows. Returns 0; 1 when
   ply_codes' CHECK refuses the new code (every code is taken); or -1 with
   err. */
static int ply_query(struct ff_pg *s, const char *sql, const char *p, PGresult **res,
		     struct ff_error *err)
{
	const char *state;

	*res = PQexecParams(s->conn, sql, 1, NULL, &p, NULL, NULL, 0);
	if (PQresultStatus(*res) == PGRES_TUPLES_OK)
		return 0;
	state = PQresultErrorField(*res, PG_DIAG_SQLSTATE);
	if (state && strcmp(state, "23514") == 0) {   /* check_violation */
		PQclear(*res);
		*res = NULL;
		return 1;
	}
	ff_pg_fail(s, *res, err, "adding to the store's dictionaries");
	PQclear(*res);
	*res = NULL;
	return -1;
}

/* The code of ply p (n bytes), adding it to ply_codes when new: in a
   transaction of its own (no batch is open yet), so that concurrent
   importers never hold each other's new plies. Returns 0; 1 when every
   code is taken (the table's CHECK refuses the next: one code for each
   of 1,112,063 code points); or -1 with err. */
static int ply_code(struct ff_pg *s, const char *p, size_t n, int64_t *code, struct ff_error *err)
{
	static const char sql[] =
		"WITH ins AS (INSERT INTO ply_codes (ply) SELECT $1 WHERE NOT EXISTS"
		"  (SELECT 1 FROM ply_codes WHERE ply = $1) ON CONFLICT (ply) DO NOTHING RETURNING code)"
		" SELECT code FROM ins UNION ALL SELECT code FROM ply_codes WHERE ply = $1";
	PGresult *res = NULL;
	int rc;

	if (ff_dict_find(&s->plies, p, n, code))
		return 0;
	if (ff_pg_settle(s, err))   /* the connection is the committing batch's */
		return -1;
	if (ff_buf_add(&s->line, p, n) || ff_buf_addc(&s->line, '\0'))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	rc = ply_query(s, sql, s->line.p, &res, err);
	if (rc == 0 && PQntuples(res) < 1) {
		/* another importer added it after this statement's snapshot was
		   taken: the next statement sees it */
		PQclear(res);
		rc = ply_query(s, sql, s->line.p, &res, err);
	}
	if (rc == 0) {
		if (PQntuples(res) < 1)
			rc = ff_error_set(err, FF_EIO, "store '%s': ply '%s' has no code",
					  s->base.name, s->line.p);
		else if (ff_dict_put(&s->plies, p, n, *code = atoll(PQgetvalue(res, 0, 0))))
			rc = ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	PQclear(res);
	ff_buf_reset(&s->line);
	return rc;
}

/* g's plies as codes, into s->moves; where a ply can have no code (every
   code taken), none, and the body stands (c->has_moves cleared). */
static int code_moves(struct ff_pg *s, struct ff_error *err)
{
	struct ff_compact *c = &s->cpt;
	int64_t code;
	size_t i;
	int rc;

	ff_buf_reset(&s->moves);
	for (i = 0; c->has_moves && i < c->nplies; i++) {
		if ((rc = ply_code(s, c->plies[i].p, c->plies[i].n, &code, err)) != 0) {
			c->has_moves = 0;
			return rc < 0 ? -1 : 0;
		}
		if (ff_compact_add_code(&s->moves, (uint32_t)code))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	return 0;
}

/* Keep what a collision's quarantine entry would need of g, and its
   canonical FGN (to compare with the game that holds its key). */
static int keep(struct ff_pg *s, const struct ff_store_game *g, const char *key)
{
	struct ff_pg_batch *b = s->cur;
	struct ff_pg_staged *t;

	if (b->n == b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 1024;
		struct ff_pg_staged *p = realloc(b->staged, cap * sizeof *p);

		if (!p)
			return -1;
		b->staged = p;
		b->cap = cap;
	}
	t = &b->staged[b->n];
	memcpy(t->key, key, sizeof t->key);
	t->source_game = g->source_game;
	t->source_line = g->source_line;
	t->file = b->keep.len;
	if (ff_buf_add(&b->keep, g->source_file, strlen(g->source_file) + 1))
		return -1;
	t->raw = b->keep.len;
	t->raw_len = g->raw ? g->raw_len : g->fgn_len;
	if (ff_buf_add(&b->keep, g->raw ? g->raw : g->fgn, t->raw_len) || ff_buf_addc(&b->keep, '\0'))
		return -1;
	t->fgn = b->keep.len;
	t->fgn_len = g->fgn_len;
	return ff_buf_add(&b->keep, g->fgn, g->fgn_len) || ff_buf_addc(&b->keep, '\0') ? -1 : 0;
}

/* Note that cur holds value v of kind k (a letter) and whether it is new
   to s->known: where none of a batch's is, its commit inserts nothing
   into the small tables and skips those statements (rows are never
   deleted, and each batch before is committed before it). Returns 0 or
   -1 (no memory). */
static int note(struct ff_pg *s, char k, const char *v)
{
	int64_t id;

	if (!v)
		return 0;
	int rc = 0;

	ff_buf_reset(&s->line);
	if (ff_buf_addc(&s->line, k) || ff_buf_adds(&s->line, v))
		rc = -1;
	else if (!ff_dict_find(&s->known, s->line.p, s->line.len, &id)) {
		s->cur->news = 1;
		rc = ff_dict_put(&s->known, s->line.p, s->line.len,
				 (int64_t)ff_dict_count(&s->known) + 1);
	}
	ff_buf_reset(&s->line);   /* empty, as ply_code expects it */
	return rc;
}

/* Note g's ruleset, source, template and players (note). */
static int note_game(struct ff_pg *s, const struct ff_store_game *g)
{
	int k;

	if (note(s, 'r', g->ruleset) || note(s, 's', g->source_file) ||
	    note(s, 'h', s->cpt.has_tmpl ? s->cpt.tmpl.p : NULL))
		return -1;
	for (k = 1; k <= g->seats; k++)
		if (note(s, 'p', ff_store_seat_player(g, k)))
			return -1;
	return 0;
}

int ff_pg_add_game(struct ff_store *base, const struct ff_store_game *g, struct ff_error *err)
{
	struct ff_pg *s = ff_pg_of(base);
	char key[FF_KEY_HEX + 1];
	long seq = (long)s->cur->n;
	struct refs r;

	if (!s->in_batch)
		return ff_error_set(err, FF_EIO, "store '%s': a game added outside a batch",
				    s->base.name);
	if (s->analyses_tx && ff_pg_commit(s, err))   /* the batch's analyses first */
		return -1;
	ff_store_game_key(g, key);
	if (ff_compact_encode(&s->cpt, g, err) || code_moves(s, err))
		return -1;
	if (keep(s, g, key) || note_game(s, g) || resolve(s, g, &r))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	s->cur->staged[seq].fgn_line = s->cur->games.len;
	if (stage_game(s, g, key, seq, &r) || stage_seats(s, g, seq, &r))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	s->cur->n++;
	return 0;
}

/* Insert r under key: 1 inserted, 0 the key is taken, -1 with err. */
int ff_pg_reject_insert(struct ff_store *base, const struct ff_store_reject *r, const char *key,
			struct ff_error *err)
{
	struct ff_pg *s = ff_pg_of(base);
	static const char sql[] =
		"INSERT INTO quarantine(hash, source_file, source_game, source_line, verdict, code,"
		" diagnostics, raw) VALUES ($1, $2, $3::bigint, $4::bigint, $5, $6, $7, $8)"
		" ON CONFLICT (hash) DO NOTHING";
	char game[24], line[24];
	const char *val[8] = { key, r->source_file, game, line, r->verdict, r->code, r->diagnostics,
			       r->raw };
	int len[8] = { 0 }, fmt[8] = { 0 }, rc;
	unsigned types[8] = { 0, 0, 0, 0, 0, 0, 0, BYTEA_OID };
	PGresult *res;

	if (ff_pg_settle(s, err))   /* the connection is the committing batch's */
		return -1;
	snprintf(game, sizeof game, "%ld", r->source_game);
	snprintf(line, sizeof line, "%ld", r->source_line);
	len[7] = (int)r->raw_len;
	fmt[7] = 1;   /* the raw text as bytes, whatever they are */
	res = PQexecParams(s->conn, sql, 8, types, val, len, fmt, 0);
	if (PQresultStatus(res) != PGRES_COMMAND_OK)
		rc = ff_pg_fail(s, res, err, "quarantining a game");
	else
		rc = strcmp(PQcmdTuples(res), "0") != 0;
	PQclear(res);
	return rc;
}

/* 1 when the entry under key is r's (same file, game number and raw
   text), 0 when it is another, -1 with err. */
int ff_pg_reject_same(struct ff_store *base, const struct ff_store_reject *r, const char *key,
		      struct ff_error *err)
{
	struct ff_pg *s = ff_pg_of(base);
	static const char sql[] = "SELECT source_file = $2 AND source_game = $3::bigint AND raw = $4"
				  " FROM quarantine WHERE hash = $1";
	char game[24];
	const char *val[4] = { key, r->source_file, game, r->raw };
	int len[4] = { 0, 0, 0, (int)r->raw_len }, fmt[4] = { 0, 0, 0, 1 }, rc;
	unsigned types[4] = { 0, 0, 0, BYTEA_OID };
	PGresult *res;

	if (ff_pg_settle(s, err))
		return -1;
	snprintf(game, sizeof game, "%ld", r->source_game);
	res = PQexecParams(s->conn, sql, 4, types, val, len, fmt, 0);
	if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1)
		rc = ff_pg_fail(s, res, err, "finding a quarantined game");
	else
		rc = PQgetvalue(res, 0, 0)[0] == 't';
	PQclear(res);
	return rc;
}
