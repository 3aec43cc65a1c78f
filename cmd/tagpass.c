/* The first pass of a writer that wants every tag name of its input
   (ff_tagset_collect): games read with FF_FMT_TAGS_ONLY, FGN files in
   chunks that the pool's workers read, each unit's names in first-seen
   order merged in input order, so the names come out in the same order
   whatever the number of threads. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/input.h"
#include "cmd/tagset.h"
#include "lib/pool.h"

#define BATCH 64

/* A unit: a chunk (chunk set), whose tag names work() collects into
   names, or up to BATCH games read one by one (rstat[i] 1 for a game
   read whole), whose names consume() adds itself. */
struct slot {
	struct ff_record recs[BATCH];
	int rstat[BATCH];
	int n, chunk, failed;
	struct ff_chunk ch;
	struct ff_tagset names;
};

struct pass {
	struct ff_input in;
	struct ff_tagset *t;
	int batch;
};

static int slot_init(void *ctx, void *p)
{
	struct slot *s = p;
	int i;

	(void)ctx;
	memset(s, 0, sizeof *s);
	for (i = 0; i < BATCH; i++)
		if (ff_record_init(&s->recs[i]))
			return -1;
	return 0;
}

static void slot_free(void *ctx, void *p)
{
	struct slot *s = p;
	int i;

	(void)ctx;
	for (i = 0; i < BATCH; i++)
		ff_record_free(&s->recs[i]);
	ff_chunk_free(&s->ch);
	ff_tagset_free(&s->names);
}

static int produce(void *ctx, void *p, size_t seq)
{
	struct pass *x = ctx;
	struct slot *s = p;
	const struct ff_fill to = { s->recs, s->rstat, NULL, NULL, NULL, NULL };

	(void)seq;
	s->n = ff_input_fill(&x->in, x->batch, &s->ch, &s->chunk, &to);
	return s->n > 0 || s->chunk;
}

static void work(void *ctx, void *p, int worker)
{
	struct slot *s = p;
	struct ff_error err;
	void *r;
	int rc;

	(void)ctx;
	(void)worker;
	s->failed = 0;
	if (!s->chunk)
		return;   /* games read one by one: consume() takes their names */
	r = ff_chunk_reader(&s->ch);
	while ((rc = ff_chunk_read(&s->ch, r, &s->recs[0], &err)) != 0 && rc != -2)
		if (rc > 0 && ff_tagset_add(&s->names, &s->recs[0]))
			s->failed = 1;
	ff_chunk_reader_free(&s->ch, r);
}

static int consume(void *ctx, void *p)
{
	struct pass *x = ctx;
	struct slot *s = p;
	int i, rc = s->failed || ff_tagset_merge(x->t, &s->names) ? -1 : 0;

	for (i = 0; rc == 0 && i < s->n; i++)
		if (s->rstat[i] > 0 && ff_tagset_add(x->t, &s->recs[i]))
			rc = -1;
	ff_tagset_free(&s->names);
	return rc;
}

static const struct ff_pool_ops ops = {
	.slot_size = sizeof(struct slot), .slot_init = slot_init, .slot_free = slot_free,
	.produce = produce, .work = work, .consume = consume,
};

int ff_tagset_collect(struct ff_tagset *t, char **files, int n, const struct ff_input_opts *io,
		      int threads)
{
	struct pass x;
	int rc;

	memset(&x, 0, sizeof x);
	x.t = t;
	x.batch = threads == 1 ? 1 : BATCH;
	ff_input_init(&x.in, files, n, io);
	x.in.flags |= FF_FMT_TAGS_ONLY;   /* the plies are read in the real pass */
	x.in.chunked = threads > 1;
	rc = ff_pool_run(&ops, &x, threads);
	ff_input_close(&x.in);
	return rc;
}
