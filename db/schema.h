/* The store's ordered migrations (db/schema.c). */
#ifndef FF_SCHEMA_H
#define FF_SCHEMA_H

/* How many migrations there are: the schema version they reach. */
int ff_schema_count(void);
/* The SQL that brings a store from version `from` to from+1, or NULL. */
const char *ff_schema_migration(int from);

#endif
