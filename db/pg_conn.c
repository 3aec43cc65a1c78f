/* The PostgreSQL backend's lowest layer (db/pg.h): messages from
   libpq with the store's secrets hidden, statements and queries with
   text parameters, a query's rows streamed, bytea's text form. It calls
   no other db/pg_*.c file. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/pg.h"

/* A libpq message on one line, every secret of url hidden (before it is
   cut to size, so no part of one is left): newlines and tabs as one space
   each run, none at the end. */
void ff_pg_one_line(char *out, size_t size, const char *url, const char *msg)
{
	struct ff_buf b = FF_BUF_INIT;
	size_t i, n = 0;

	if (ff_store_hide(url, msg && *msg ? msg : "error", &b))
		snprintf(out, size, "out of memory");
	else
		snprintf(out, size, "%s", b.p);
	ff_buf_free(&b);
	for (i = 0; out[i]; i++) {
		char c = out[i] == '\n' || out[i] == '\t' ? ' ' : out[i];

		if (c != ' ' || (n > 0 && out[n - 1] != ' '))
			out[n++] = c;
	}
	while (n > 0 && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
}

int ff_pg_fail(struct ff_pg *s, const PGresult *res, struct ff_error *err, const char *what)
{
	char msg[400];

	ff_pg_one_line(msg, sizeof msg, s->url, res && *PQresultErrorMessage(res) ? PQresultErrorMessage(res)
								 : PQerrorMessage(s->conn));
	return ff_error_set(err, FF_EIO, "store '%s': %s: %s", s->base.name, what, msg);
}

int ff_pg_exec(struct ff_pg *s, const char *sql, struct ff_error *err)
{
	PGresult *res = PQexec(s->conn, sql);
	int st = PQresultStatus(res), rc = 0;

	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
		rc = ff_pg_fail(s, res, err, "running a statement");
	PQclear(res);
	return rc;
}

void ff_pg_param(struct ff_pg_query *q, const char *v)
{
	int k;

	for (k = 0; k < q->n && q->val[k] != v; k++)
		;
	if (k == q->n && q->n < (int)(sizeof q->val / sizeof q->val[0]))
		q->val[q->n++] = v;
	ff_buf_addf(&q->sql, "$%d::text", k + 1);
}

int ff_pg_run(struct ff_pg *s, const struct ff_pg_query *q, PGresult **res,
	      struct ff_error *err)
{
	int st;

	if (!q->sql.p)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	*res = PQexecParams(s->conn, q->sql.p, q->n, NULL, q->val, NULL, NULL, 0);
	st = PQresultStatus(*res);
	if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK)
		return 0;
	ff_pg_fail(s, *res, err, "running a query");
	PQclear(*res);
	*res = NULL;
	return -1;
}

int ff_pg_bytea(const char *text, struct ff_buf *out)
{
	const char *p;
	int hi, lo;

	ff_buf_reset(out);
	if (text[0] != '\\' || text[1] != 'x')
		return -1;
	for (p = text + 2; p[0] && p[1]; p += 2) {
		hi = p[0] <= '9' ? p[0] - '0' : (p[0] | 32) - 'a' + 10;
		lo = p[1] <= '9' ? p[1] - '0' : (p[1] | 32) - 'a' + 10;
		if (ff_buf_addc(out, (char)(hi << 4 | lo)))
			return -1;
	}
	return ff_buf_reserve(out, 1);   /* p is set even for no bytes */
}

int ff_pg_stream(struct ff_pg *s, const struct ff_pg_query *q,
		 int (*before)(struct ff_pg *s, struct ff_error *err),
		 int (*row)(void *ctx2, const PGresult *res), void *ctx2, const char *what,
		 struct ff_error *err)
{
	PGresult *res;
	int rc = 0, st;

	if (!q->sql.p)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	if (ff_pg_exec(s, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", err))
		return -1;
	if (before && before(s, err)) {
		rc = -1;
		goto done;
	}
	if (!PQsendQueryParams(s->conn, q->sql.p, q->n, NULL, q->val, NULL, NULL, 0) ||
	    !PQsetSingleRowMode(s->conn)) {
		rc = ff_pg_fail(s, NULL, err, what);
		goto done;
	}
	s->streaming = 1;
	while ((res = PQgetResult(s->conn)) != NULL) {
		st = PQresultStatus(res);
		if (rc == 0 && st == PGRES_SINGLE_TUPLE)
			rc = row(ctx2, res);
		else if (rc == 0 && st != PGRES_TUPLES_OK && st != PGRES_SINGLE_TUPLE)
			rc = ff_pg_fail(s, res, err, what);
		PQclear(res);
	}
	s->streaming = 0;
	if (rc == 0 && ff_pg_exec(s, "COMMIT", err))
		rc = -1;
done:
	if (rc != 0)
		PQclear(PQexec(s->conn, "ROLLBACK"));
	return rc;
}
