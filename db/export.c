/* The query behind `export`: stored games' canonical FGN, in the order
   they were stored, with the same filters as `stats`. */
#include "config.h"

#include "db/store_int.h"
#include "lib/buf.h"

int ff_store_export(struct ff_store *s, const struct ff_stats_filter *f,
		    int (*cb)(void *ctx, const char *fgn, size_t len), void *ctx, struct ff_error *err)
{
	struct ff_buf sql = FF_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = 0, step;

	ff_buf_adds(&sql, "SELECT fgn FROM games WHERE 1");
	ff_store_filter_sql(s, &sql, f);
	ff_buf_adds(&sql, " ORDER BY id");
	if (f->limit)
		ff_buf_adds(&sql, " LIMIT :limit");
	if (!sql.p || sqlite3_prepare_v2(s->db, sql.p, -1, &st, NULL) != SQLITE_OK) {
		rc = ff_store_fail(s, err, "preparing the export query");
		goto out;
	}
	ff_store_bind_filter(st, f);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = cb(ctx, (const char *)sqlite3_column_text(st, 0), (size_t)sqlite3_column_bytes(st, 0));
		if (rc)
			goto out;
	}
	if (step != SQLITE_DONE)
		rc = ff_store_fail(s, err, "reading games");
out:
	sqlite3_finalize(st);
	ff_buf_free(&sql);
	return rc;
}
