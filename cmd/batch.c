/* The commands' one parallel pipeline (cmd/batch.h): slots filled in
   order from cmd/input.c (or with runs of games the command makes),
   worked on by lib/pool.c's threads one game at a time, numbered and
   emitted in order. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/batch.h"
#include "lib/pool.h"

/* A run: what ff_batch_run was given, and the game numbers so far. */
struct batch {
	const struct ff_batch_ops *ops;
	void *ctx;
	struct ff_input *in;       /* NULL: the games are made (ops->make) */
	int threads, per_slot;
	unsigned flags;
	struct ff_numbering nb;
	unsigned long long games;   /* read so far, one by one (not in chunks), or made */
};

/* p's array of old elements of size sz grown to cap; NULL when memory
   runs out (p kept). */
static void *grown(void *p, size_t sz, int cap)
{
	return realloc(p, sz * (size_t)cap);
}

/* Room in s for cap games (cap > s->cap). Returns 0 or -1. */
static int grow_to(struct batch *b, struct ff_batch_slot *s, int cap)
{
	void *p;

	if (b->ops->grow && b->ops->grow(b->ctx, s->unit, cap))   /* the unit first: never */
		return -1;                                           /* less room than s->cap */
#define GROW(field) \
	if (!(p = grown(s->field, sizeof *s->field, cap))) \
		return -1; \
	s->field = p
	GROW(recs);
	GROW(rerr);
	GROW(rstat);
	GROW(file);
	GROW(serial);
	GROW(assumed);
	GROW(raw);
	GROW(raw_len);
#undef GROW
	for (; s->cap < cap; s->cap++)
		if (ff_record_init(&s->recs[s->cap]))
			return -1;
	return 0;
}

static int slot_init(void *ctx, void *p)
{
	struct batch *b = ctx;
	struct ff_batch_slot *s = p;

	memset(s, 0, sizeof *s);
	if (b->ops->unit_size && !(s->unit = calloc(1, b->ops->unit_size)))
		return -1;
	if (b->ops->unit_init && b->ops->unit_init(b->ctx, s->unit))
		return -1;
	return b->in ? grow_to(b, s, b->per_slot) : 0;   /* made games: no records */
}

static void slot_free(void *ctx, void *p)
{
	struct batch *b = ctx;
	struct ff_batch_slot *s = p;
	int i;

	for (i = 0; i < s->cap; i++)
		ff_record_free(&s->recs[i]);
	free(s->recs);
	free(s->rerr);
	free(s->rstat);
	free(s->file);
	free(s->serial);
	free(s->assumed);
	free(s->raw);
	free(s->raw_len);
	ff_chunk_free(&s->ch);
	ff_buf_free(&s->out);
	ff_buf_free(&s->err);
	ff_buf_free(&s->raw_text);
	if (s->unit && b->ops->unit_free)
		b->ops->unit_free(b->ctx, s->unit);
	free(s->unit);
}

/* Game n's text as read, after the games before it in s->raw_text.
   Returns 0 or -1 (no memory). */
static int keep_raw(struct batch *b, struct ff_batch_slot *s, int n)
{
	const char *text = NULL;
	size_t len = 0;

	s->raw[n] = s->raw_text.len;
	if (s->rstat[n] != -2 && b->in->reader)
		text = b->in->fmt->raw(b->in->reader, &len);
	s->raw_len[n] = text ? len : 0;
	return text ? ff_buf_add(&s->raw_text, text, len) : 0;
}

/* Fill s with the next run of games the command makes (ops->make).
   Returns 1, or 0 when there are no more. */
static int make(struct batch *b, struct ff_batch_slot *s)
{
	int n = b->ops->make(b->ctx, s->first, b->per_slot);

	s->n = n > 0 ? n : 0;
	b->games += (unsigned long long)s->n;
	return s->n > 0;
}

/* Fill slot p: a chunk, up to per_slot games read one by one, or made. */
static int produce(void *ctx, void *p, size_t seq)
{
	struct batch *b = ctx;
	struct ff_batch_slot *s = p;
	int n, rc;

	(void)seq;
	s->n = 0;
	s->chunk = 0;
	s->first = b->games;
	ff_buf_reset(&s->raw_text);
	if (b->ops->more && !b->ops->more(b->ctx))
		return 0;
	if (!b->in)
		return make(b, s);
	for (n = 0; n < b->per_slot; n++) {
		ff_error_clear(&s->rerr[n]);
		rc = ff_input_step(b->in, n ? NULL : &s->ch, &s->recs[n], &s->rerr[n], &s->file[n]);
		s->chunk = rc == 2;
		if (rc == 0 || rc == 2 || rc == 3)
			break;
		s->rstat[n] = rc;
		b->games += rc != -2;
		s->serial[n] = b->in->serial;
		s->assumed[n] = b->in->assumed;
		if ((b->flags & FF_BATCH_RAW) && keep_raw(b, s, n))
			return -1;
	}
	s->n = n;
	s->at = ff_input_offset(b->in);   /* here: emit() runs while the next is read */
	return n > 0 || s->chunk;
}

/* Read the chunk's games into s, all kept (n: how many). */
static void read_chunk(struct batch *b, struct ff_batch_slot *s, int worker)
{
	const struct ff_chunk *ch = &s->ch;
	void *r = ff_chunk_reader(ch);
	int rc;

	for (s->n = 0;; s->n++) {
		if (s->n == s->cap && grow_to(b, s, s->n * 2)) {
			ff_chunk_reader_free(ch, r);
			r = NULL;   /* the next read says memory ran out */
			if (s->n == s->cap)   /* no room even for the message */
				break;
		}
		rc = ff_chunk_read(ch, r, &s->recs[s->n], &s->rerr[s->n]);
		if (rc == 0)
			break;
		s->rstat[s->n] = rc;
		s->file[s->n] = ch->file;
		if (rc == -2) {
			s->n++;
			break;
		}
	}
	ff_chunk_reader_free(ch, r);
	s->ngames = s->n;
	for (rc = 0; rc < s->n; rc++)
		b->ops->work(b->ctx, s, rc, worker);
}

/* Work on the chunk's games one at a time through index 0: one record
   hot in cache, not one a game. */
static void stream_chunk(struct batch *b, struct ff_batch_slot *s, int worker)
{
	const struct ff_chunk *ch = &s->ch;
	void *r = ff_chunk_reader(ch);
	int rc;

	s->n = 0;
	s->ngames = 0;
	while ((rc = ff_chunk_read(ch, r, &s->recs[0], &s->rerr[0])) != 0) {
		s->ngames += r != NULL;
		s->rstat[0] = rc;
		s->file[0] = ch->file;
		b->ops->work(b->ctx, s, 0, worker);
		if (rc == -2)
			break;
	}
	ff_chunk_reader_free(ch, r);
}

static void do_work(struct batch *b, struct ff_batch_slot *s, int worker)
{
	int i;

	ff_buf_reset(&s->out);
	ff_buf_reset(&s->err);
	if (b->ops->begin)
		b->ops->begin(b->ctx, s);
	if (s->chunk && (b->flags & FF_BATCH_KEEP))
		read_chunk(b, s, worker);
	else if (s->chunk)
		stream_chunk(b, s, worker);
	else
		for (i = 0; i < s->n; i++)
			b->ops->work(b->ctx, s, i, worker);
}

static void work(void *ctx, void *p, int worker)
{
	do_work(ctx, p, worker);
}

static int consume(void *ctx, void *p)
{
	struct batch *b = ctx;
	struct ff_batch_slot *s = p;
	const struct ff_fill to = { s->recs, s->rstat, s->rerr, s->file, s->serial, s->assumed };

	if ((b->flags & FF_BATCH_NUMBERED) &&
	    !ff_numbering_unit(&b->nb, s->chunk, &s->ch, s->ngames, s->n, &to))
		do_work(b, s, b->threads);   /* numbered wrong: again, here */
	return b->ops->emit(b->ctx, s);
}

int ff_batch_run(const struct ff_batch_ops *ops, void *ctx, struct ff_input *in, int threads,
		 int per_slot, unsigned flags)
{
	static const struct ff_pool_ops pool = {
		sizeof(struct ff_batch_slot), slot_init, slot_free, produce, work, consume
	};
	struct batch b = { ops, ctx, in, threads, per_slot > 0 ? per_slot : 1, flags, { 0, 0 }, 0 };

	if (!in && !ops->make)
		return -1;
	return ff_pool_run(&pool, &b, threads);
}
