/* The store's analyses (analyse --db, stats --by player): the front
   that hands them to the backend, the same for every backend. */
#include "config.h"

#include "db/backend.h"

int ff_store_add_analysis(struct ff_store *s, const struct ff_store_analysis *a,
			  struct ff_error *err)
{
	if (s->version < 8)   /* opened for writing, it was migrated */
		return ff_error_set(err, FF_EIO, "the store has schema version %d: analyses need 8 "
				    "(import into it once to migrate it)", s->version);
	struct ff_key_part part = { a->fgn, a->fgn_len };
	char key[FF_KEY_HEX + 1];

	ff_store_key(&part, 1, key);
	return s->be->add_analysis(s, a, key, err);
}

int ff_store_each_player_analysis(struct ff_store *s, const struct ff_stats_filter *f,
				  int (*cb)(void *ctx, const struct ff_player_analysis *p),
				  void *ctx, struct ff_error *err)
{
	if (s->version < 8)   /* an older store has no analyses: no rows */
		return 0;
	return s->be->player_analysis(s, f, cb, ctx, err);
}

int ff_store_each_analysis(struct ff_store *s,
			   int (*cb)(void *ctx, const struct ff_store_analysis *a), void *ctx,
			   struct ff_error *err)
{
	if (s->version < 8)   /* an older store has no analyses: no rows */
		return 0;
	return s->be->each_analysis(s, cb, ctx, err);
}
