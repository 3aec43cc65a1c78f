/* The PostgreSQL backend's ply codes (db/pg.h's second layer): a
   stored game's moves are codes of the table ply_codes, read into
   s->plies as they are needed or all at once, and a row of the FGN
   columns made into the game's canonical FGN again. Calls only
   db/pg_conn.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/pg.h"

static const char *value(const PGresult *res, int row, int col)
{
	return PQgetisnull(res, row, col) ? NULL : PQgetvalue(res, row, col);
}

int ff_pg_ply(void *ctx, uint32_t code, const char **p, size_t *n, struct ff_error *err)
{
	struct ff_pg *s = ctx;
	char num[24];
	struct ff_pg_query q = { FF_BUF_INIT, { num }, 1 };
	PGresult *res = NULL;
	int rc;

	if ((*p = ff_dict_text(&s->plies, code, n)) != NULL)
		return 0;
	snprintf(num, sizeof num, "%lu", (unsigned long)code);
	if (s->streaming)   /* the codes were read in the snapshot of the rows */
		return ff_error_set(err, FF_EIO, "store '%s': ply code %s stands for no ply (the "
				    "store is damaged)", s->base.name, num);
	ff_buf_adds(&q.sql, "SELECT ply FROM ply_codes WHERE code = $1::integer");
	if ((rc = ff_pg_run(s, &q, &res, err)) == 0) {
		if (PQntuples(res) != 1)
			rc = ff_error_set(err, FF_EIO, "store '%s': ply code %s stands for no ply (the "
					  "store is damaged)", s->base.name, num);
		else if (ff_dict_put(&s->plies, PQgetvalue(res, 0, 0),
				     (size_t)PQgetlength(res, 0, 0), code))
			rc = ff_error_set(err, FF_ENOMEM, "out of memory");
		else if (!(*p = ff_dict_text(&s->plies, code, n)))
			rc = ff_error_set(err, FF_EIO, "store '%s': ply code %s out of range",
					  s->base.name, num);
	}
	PQclear(res);
	ff_buf_free(&q.sql);
	return rc;
}

int ff_pg_load_plies(struct ff_pg *s, struct ff_error *err)
{
	PGresult *res = PQexec(s->conn, "SELECT code, ply FROM ply_codes");
	size_t len;
	int i, rc = 0;

	if (PQresultStatus(res) != PGRES_TUPLES_OK)
		rc = ff_pg_fail(s, res, err, "reading the ply codes");
	for (i = 0; rc == 0 && i < PQntuples(res); i++)
		if (!ff_dict_text(&s->plies, atoll(PQgetvalue(res, i, 0)), &len) &&
		    ff_dict_put(&s->plies, PQgetvalue(res, i, 1), (size_t)PQgetlength(res, i, 1),
				atoll(PQgetvalue(res, i, 0))))
			rc = ff_error_set(err, FF_ENOMEM, "out of memory");
	PQclear(res);
	return rc;
}

int ff_pg_row_fgn(struct ff_pg *s, const PGresult *res, int row, struct ff_buf *out,
		  struct ff_error *err)
{
	struct ff_compact_stored c;

	ff_buf_reset(out);
	c.tmpl = value(res, row, 0);
	c.moves = value(res, row, 1);
	c.moves_len = (size_t)PQgetlength(res, row, 1);
	c.body = value(res, row, 2);
	c.body_len = (size_t)PQgetlength(res, row, 2);
	c.cols.seed = value(res, row, 3);
	c.cols.event = value(res, row, 4);
	c.cols.site = value(res, row, 5);
	c.cols.date = value(res, row, 6);
	c.cols.round = value(res, row, 7);
	c.cols.result = value(res, row, 8);
	return ff_compact_rebuild(out, &c, ff_pg_ply, s, err);
}
