/* The ordered parallel pipeline. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "lib/pool.h"

/* Shared state. Invariants (under mu): consumed <= produced;
   produced - consumed <= nslots; ready[seq % nslots] is set once unit seq
   has been worked and clear again after it is consumed; when done, total
   is the number of units produced. */
struct pool {
	const struct ff_pool_ops *ops;
	void *ctx;
	unsigned char *slots;  /* nslots slots, `stride` bytes apart */
	size_t stride;         /* slot_size rounded up to a cache line */
	unsigned char *ready;
	size_t nslots;
	size_t produced, consumed, total;
	int done, failed;
	pthread_mutex_t mu;
	pthread_cond_t slot_cv;   /* the producer waits here for a free slot */
	pthread_cond_t ready_cv;  /* the consumer waits here for unit `consumed` */
	/* held by the one worker producing: produce runs outside mu, so a
	   worker marking its unit ready or the consumer never waits for it */
	pthread_mutex_t produce_mu;
};

struct worker_arg {
	struct pool *p;
	int id;
};

static void *slot_at(struct pool *p, size_t seq)
{
	return p->slots + (seq % p->nslots) * p->stride;
}

static void *worker_main(void *arg)
{
	struct worker_arg *wa = arg;
	struct pool *p = wa->p;
	size_t seq;
	int rc;

	for (;;) {
		pthread_mutex_lock(&p->produce_mu);
		pthread_mutex_lock(&p->mu);
		while (!p->done && p->produced - p->consumed >= p->nslots)
			pthread_cond_wait(&p->slot_cv, &p->mu);
		if (p->done) {
			pthread_mutex_unlock(&p->mu);
			pthread_mutex_unlock(&p->produce_mu);
			return NULL;
		}
		seq = p->produced;   /* its slot is free: no one else touches it */
		pthread_mutex_unlock(&p->mu);
		rc = p->ops->produce(p->ctx, slot_at(p, seq), seq);
		pthread_mutex_lock(&p->mu);
		if (rc <= 0 || p->done) {   /* the end, or the run stopped meanwhile */
			if (!p->done) {
				p->done = 1;
				p->total = seq;
			}
			if (rc < 0)
				p->failed = 1;
			pthread_cond_broadcast(&p->ready_cv);
			pthread_mutex_unlock(&p->mu);
			pthread_mutex_unlock(&p->produce_mu);
			return NULL;
		}
		p->produced++;
		pthread_mutex_unlock(&p->mu);
		pthread_mutex_unlock(&p->produce_mu);

		p->ops->work(p->ctx, slot_at(p, seq), wa->id);

		pthread_mutex_lock(&p->mu);
		p->ready[seq % p->nslots] = 1;
		if (seq == p->consumed)   /* the one the consumer waits for */
			pthread_cond_signal(&p->ready_cv);
		pthread_mutex_unlock(&p->mu);
	}
}

static int run_inline(const struct ff_pool_ops *ops, void *ctx, void *slot)
{
	size_t seq;
	int rc;

	for (seq = 0;; seq++) {
		rc = ops->produce(ctx, slot, seq);
		if (rc <= 0)
			return rc;
		ops->work(ctx, slot, 0);
		if (ops->consume(ctx, slot))
			return -1;
	}
}

int ff_pool_run(const struct ff_pool_ops *ops, void *ctx, int threads)
{
	struct pool p;
	pthread_t *tids;
	struct worker_arg *args;
	size_t i, seq, inited = 0;
	int started = 0, rc = 0;

	if (threads < 1)
		threads = 1;
	memset(&p, 0, sizeof p);
	p.ops = ops;
	p.ctx = ctx;
	p.nslots = threads == 1 ? 1 : 2 * (size_t)threads;
	p.stride = (ops->slot_size + 63) / 64 * 64;
	p.slots = aligned_alloc(64, p.nslots * p.stride);
	if (p.slots)
		memset(p.slots, 0, p.nslots * p.stride);
	p.ready = calloc(p.nslots, 1);
	tids = calloc((size_t)threads, sizeof *tids);
	args = calloc((size_t)threads, sizeof *args);
	if (!p.slots || !p.ready || !tids || !args) {
		rc = -1;
		goto out;
	}
	for (inited = 0; inited < p.nslots; inited++)
		if (ops->slot_init(ctx, p.slots + inited * p.stride)) {
			rc = -1;
			goto out;
		}
	if (threads == 1) {
		rc = run_inline(ops, ctx, p.slots);
		goto out;
	}
	pthread_mutex_init(&p.mu, NULL);
	pthread_mutex_init(&p.produce_mu, NULL);
	pthread_cond_init(&p.slot_cv, NULL);
	pthread_cond_init(&p.ready_cv, NULL);
	for (started = 0; started < threads; started++) {
		args[started].p = &p;
		args[started].id = started;
		if (pthread_create(&tids[started], NULL, worker_main, &args[started])) {
			pthread_mutex_lock(&p.mu);
			p.done = 1;
			p.failed = 1;
			p.total = p.produced;
			pthread_cond_broadcast(&p.slot_cv);
			pthread_mutex_unlock(&p.mu);
			break;
		}
	}
	for (seq = 0;; seq++) {
		pthread_mutex_lock(&p.mu);
		while (!p.ready[seq % p.nslots] && !(p.done && seq >= p.total))
			pthread_cond_wait(&p.ready_cv, &p.mu);
		if (!p.ready[seq % p.nslots]) {
			pthread_mutex_unlock(&p.mu);
			break;
		}
		pthread_mutex_unlock(&p.mu);
		if (!rc && ops->consume(ctx, slot_at(&p, seq)))
			rc = -1;
		pthread_mutex_lock(&p.mu);
		p.ready[seq % p.nslots] = 0;
		p.consumed++;
		if (rc && !p.done) {
			p.done = 1;
			p.total = p.produced;
			pthread_cond_broadcast(&p.slot_cv);
		} else {
			pthread_cond_signal(&p.slot_cv);   /* a slot is free */
		}
		pthread_mutex_unlock(&p.mu);
	}
	for (i = 0; i < (size_t)started; i++)
		pthread_join(tids[i], NULL);
	if (p.failed)
		rc = -1;
	pthread_mutex_destroy(&p.mu);
	pthread_mutex_destroy(&p.produce_mu);
	pthread_cond_destroy(&p.slot_cv);
	pthread_cond_destroy(&p.ready_cv);
out:
	for (i = 0; i < inited; i++)
		ops->slot_free(ctx, p.slots + i * p.stride);
	free(p.slots);
	free(p.ready);
	free(tids);
	free(args);
	return rc;
}
