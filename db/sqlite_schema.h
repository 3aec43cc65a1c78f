/* The SQLite store's ordered migrations (db/sqlite_schema.c). */
#ifndef FF_SQLITE_SCHEMA_H
#define FF_SQLITE_SCHEMA_H

/* How many migrations there are: the schema version they reach. */
int ff_sqlite_schema_count(void);
/* The SQL that brings a store from version `from` to from+1, or NULL. */
const char *ff_sqlite_migration(int from);

#endif
