/* An ordered parallel pipeline: units of work are produced in order (one
   at a time), processed by N worker threads, and consumed in the order
   they were produced. The output of a run is therefore the same whatever
   the number of threads. At most 2N units are in flight, so memory stays
   bounded however long the input is. */
#ifndef FF_POOL_H
#define FF_POOL_H

#include <stddef.h>

struct ff_pool_ops {
	size_t slot_size;   /* bytes of one unit's slot */
	/* Set up / tear down a slot (called once per slot). Return 0 or -1. */
	int (*slot_init)(void *ctx, void *slot);
	void (*slot_free)(void *ctx, void *slot);
	/* Fill slot with unit number seq (0, 1, 2... in order; serialised).
	   Returns 1 when it produced a unit, 0 at the end, -1 on failure. */
	int (*produce)(void *ctx, void *slot, size_t seq);
	/* Process the unit in slot on worker `worker` (0..threads-1), without
	   any lock held. */
	void (*work)(void *ctx, void *slot, int worker);
	/* Consume the processed unit, in order, on the calling thread.
	   Returns 0, or -1 to stop the run. */
	int (*consume)(void *ctx, void *slot);
};

/* Run the pipeline with `threads` workers (1 = everything on the calling
   thread). Returns 0, or -1 when a callback failed or a thread could not
   be started. */
int ff_pool_run(const struct ff_pool_ops *ops, void *ctx, int threads);

#endif
