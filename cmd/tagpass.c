/* The first pass of a writer that wants every tag name of its input
   (ff_tagset_collect): games read with FF_FMT_TAGS_ONLY through the
   commands' pipeline (cmd/batch.h; FGN files in chunks the workers
   read), each slot's names in first-seen order merged in input order, so
   the names come out in the same order whatever the number of threads. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/batch.h"
#include "cmd/input.h"
#include "cmd/tagset.h"

#define BATCH 64

/* A slot's tag names, in first-seen order (the slot's games are the
   batch's, cmd/batch.h), merged in input order by emit(). */
struct unit {
	struct ff_tagset names;
	int failed;
};

static void unit_free(void *ctx, void *p)
{
	(void)ctx;
	ff_tagset_free(&((struct unit *)p)->names);
}

static void begin(void *ctx, struct ff_batch_slot *s)
{
	struct unit *u = s->unit;

	(void)ctx;
	ff_tagset_free(&u->names);
	u->failed = 0;
}

static void work(void *ctx, struct ff_batch_slot *s, int i, int worker)
{
	struct unit *u = s->unit;

	(void)ctx;
	(void)worker;
	if (s->rstat[i] > 0 && ff_tagset_add(&u->names, &s->recs[i]))
		u->failed = 1;
}

static int emit(void *ctx, struct ff_batch_slot *s)
{
	const struct unit *u = s->unit;

	return u->failed || ff_tagset_merge(ctx, &u->names) ? -1 : 0;
}

static const struct ff_batch_ops ops = {
	.unit_size = sizeof(struct unit),
	.unit_free = unit_free,
	.begin = begin,
	.work = work,
	.emit = emit,
};

int ff_tagset_collect(struct ff_tagset *t, char **files, int n, const struct ff_input_opts *io,
		      int threads)
{
	struct ff_input in;
	int rc;

	ff_input_init(&in, files, n, io);
	in.flags |= FF_FMT_TAGS_ONLY;   /* the plies are read in the real pass */
	in.chunked = threads > 1;
	rc = ff_batch_run(&ops, t, &in, threads, threads == 1 ? 1 : BATCH, 0);
	ff_input_close(&in);
	return rc;
}
