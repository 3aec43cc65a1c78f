/* fivefold convert: read games in one format, write them in another,
   streaming (one game at a time). By default every game goes through its
   engine: a valid game is written with its plies rewritten in canonical
   long form (or short, --plies short); a game that breaks the rules is
   written as it was read, with its diagnostic, so nothing is lost; a game
   that cannot be read at all gets a diagnostic. --no-validate re-formats
   without the engine. Exit status 1 when any game was not valid. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/batch.h"
#include "cmd/input.h"
#include "cmd/progress.h"
#include "cmd/store_game.h"
#include "cmd/tagset.h"
#include "lib/replay.h"

/* Games per unit of work: one with one thread (streaming holds one game);
   a small batch with more, to keep the pool's locking cheap. */
#define BATCH 16
#define MAX_THREADS 64

/* What the options say. */
struct cset {
	struct ff_input_opts in;
	const struct ff_format *to;
	const char *output;
	int form;            /* enum ff_ply_form: long or short */
	int no_validate, quiet;
	long threads;
};

#define S struct cset
static const struct ff_opt opts[] = {
	FF_INPUT_OPTS(S, in),
	FF_OPT(FORMAT, S, to),
	FF_OPT(TO, S, to),
	FF_OPT(OUTPUT, S, output),
	FF_OPT(PLIES, S, form, .choices = "long|short", .dflt = "long"),
	FF_OPT(NOVALIDATE, S, no_validate),
	FF_OPT(QUIET, S, quiet),
	FF_OPT(THREADS, S, threads, .lo = 1, .hi = MAX_THREADS, .dflt = "1"),
	FF_OPT_DONE
};
#undef S

/* What converting a slot's games made beyond its text (cmd/batch.h: the
   games, out and err are the slot's), an entry a game: put[i] is the
   record to write (the game as read or canon[i]; NULL: nothing), pd[i]
   what its replay says beyond it (&der[i], its ruleset id in ids[i]; NULL
   for a game not valid or not replayed); errend[i] is where game i's
   messages end in err. A stateless format is written in work(), into
   out; a stateful writer's rows are made in emit(), in order, from the
   games the slot keeps. */
struct unit {
	struct ff_record *canon;
	const struct ff_record **put;
	struct ff_derived *der;
	const struct ff_derived **pd;
	struct ff_buf *ids;
	size_t *errend;
	int cap;
	struct ff_buf diag;
	long written, bad, unwritable;
	int failed;
};

/* A conversion under way. */
struct conv {
	const struct cset *o;
	struct ff_input_opts io;   /* o->in, and the spool of standard input */
	const struct ff_format *to;
	FILE *fp;
	struct ff_out file;         /* fp's */
	void *writer;          /* the stateful writer, or NULL */
	/* with a writer_header: the workers' writers (then the emitter's),
	   which make the rows in work(); header: the header is out */
	void *rows[MAX_THREADS + 1];
	int header;
	struct ff_tagset tags; /* the input's tag names, which the writer borrows */
	struct ff_input in;
	struct ff_progress prog;
	struct ff_game games[MAX_THREADS + 1];   /* a worker's, then the emitter's */
	struct ff_buf row;     /* a stateful writer's output for one game */
	long written, bad, unwritable;
	int failed, write_failed;
	int stopped;               /* a signal came: no more input read */
};

/* Whether files[0, n) read standard input (n == 0 or an operand "-"). */
static int reads_stdin(char **files, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(files[i], "-") == 0)
			return 1;
	return n == 0;
}

/* Standard input copied to an unnamed temporary file (tmpfile: gone when
   closed or at exit), or NULL after a message. */
static FILE *spool_stdin(void)
{
	char buf[65536];
	size_t n;
	FILE *fp = tmpfile();
	int bad = 0;

	if (!fp) {
		fprintf(stderr, "fivefold convert: cannot spool standard input: %s\n", strerror(errno));
		return NULL;
	}
	while (!bad && (n = fread(buf, 1, sizeof buf, stdin)) > 0)
		bad = fwrite(buf, 1, n, fp) != n;
	if (fflush(fp) || bad || ferror(stdin)) {
		fprintf(stderr, "fivefold convert: cannot spool standard input to a temporary file\n");
		fclose(fp);
		return NULL;
	}
	return fp;
}

/* A first pass over the input for every tag name (a writer with a header
   needs them). Standard input is spooled to a temporary file first, which
   both passes read for it (io->stdin_spool). One game, or one chunk, is
   held a thread at a time. */
static int collect_tags(char **files, int nfiles, struct ff_input_opts *io, int threads,
			struct ff_tagset *t)
{
	if (reads_stdin(files, nfiles) && !(io->stdin_spool = spool_stdin()))
		return -1;
	if (ff_tagset_collect(t, files, nfiles, io, threads) == 0)
		return 0;
	fputs("fivefold convert: out of memory, or a thread could not be started\n", stderr);
	return -1;
}

/* Room for cap games in the unit (cmd/batch.h's grow). Returns 0 or -1. */
static int unit_grow(void *ctx, void *p, int cap)
{
	struct unit *u = p;

	(void)ctx;
#define GROW(f) do { \
		void *q_ = realloc(u->f, (size_t)cap * sizeof *u->f); \
		if (!q_) \
			return -1; \
		u->f = q_; \
	} while (0)
	GROW(canon);
	GROW(put);
	GROW(der);
	GROW(pd);
	GROW(ids);
	GROW(errend);
#undef GROW
	for (; u->cap < cap; u->cap++) {
		memset(&u->ids[u->cap], 0, sizeof u->ids[u->cap]);
		if (ff_record_init(&u->canon[u->cap]))
			return -1;
	}
	return 0;
}

static void unit_free(void *ctx, void *p)
{
	struct unit *u = p;
	int i;

	(void)ctx;
	for (i = 0; i < u->cap; i++) {
		ff_record_free(&u->canon[i]);
		ff_buf_free(&u->ids[i]);
	}
	free(u->der);
	free(u->pd);
	free(u->ids);
	free(u->canon);
	free(u->put);
	free(u->errend);
	ff_buf_free(&u->diag);
}

/* No more input once a signal came: the games read so far are
   converted, whole. */
static int more(void *ctx)
{
	struct conv *c = ctx;

	if (ff_cmd_interrupted())
		c->stopped = 1;
	return !c->stopped;
}

/* Note the diagnostic of a game that is not valid. */
static void report(struct ff_batch_slot *s, const char *file, const struct ff_error *err)
{
	ff_diag_format(&s->err, file, err);
	((struct unit *)s->unit)->bad++;
}

/* The message of a game the format cannot hold. */
static void unwritable(struct ff_buf *err, const char *file, long game, const char *format)
{
	ff_buf_addf(err, "fivefold convert: %s: game %ld cannot be written as %s\n", file, game,
		    format);
}

/* Convert game i of slot s on game g: what to write, its diagnostic, and,
   for a stateless format or with the worker's row writer rows (not
   NULL), the written text. */
static void convert_one(struct conv *c, struct ff_batch_slot *s, int i, struct ff_game *g,
			void *rows)
{
	struct unit *u = s->unit;
	const struct ff_record *w = &s->recs[i];
	struct ff_error err;
	size_t before = s->out.len;

	u->put[i] = NULL;
	u->pd[i] = NULL;
	if (s->rstat[i] == -2) {
		ff_buf_addf(&s->err, "fivefold convert: %s\n", s->rerr[i].msg);
		u->failed = 1;
		return;
	}
	if (s->rstat[i] == -1) {   /* unreadable: nothing to write */
		report(s, s->file[i], &s->rerr[i]);
		u->unwritable++;
		return;
	}
	if (!c->o->no_validate) {
		ff_error_clear(&err);
		if (ff_game_rewrite(g, w, (enum ff_ply_form)c->o->form, &u->canon[i], &err) ==
		    FF_VALID) {
			w = &u->canon[i];
			/* the facts a stateful writer (a per-game CSV) shows */
			if (!c->to->write && ff_game_derived(g, w, &u->ids[i], &u->der[i]) == 0)
				u->pd[i] = &u->der[i];
		} else {
			report(s, s->file[i], &err);
		}
	}
	if (!c->to->write && !rows)
		u->put[i] = w;
	else if (rows ? c->to->writer_put(rows, w, u->pd[i], &s->out) : c->to->write(w, &s->out)) {
		ff_buf_truncate(&s->out, before);   /* nothing of it is written */
		unwritable(&s->err, s->file[i], w->number, c->to->name);
		u->unwritable++;
	} else
		u->written++;
}

static void begin(void *ctx, struct ff_batch_slot *s)
{
	struct unit *u = s->unit;

	(void)ctx;
	u->written = u->bad = u->unwritable = 0;
	u->failed = 0;
}

static void work(void *ctx, struct ff_batch_slot *s, int i, int worker)
{
	struct conv *c = ctx;

	convert_one(c, s, i, &c->games[worker], c->rows[worker]);
	((struct unit *)s->unit)->errend[i] = s->err.len;
}

/* Write the games of a slot with the stateful writer, in order, each
   game's messages first. Returns 0, or -1 when the output cannot be
   written. */
static int put_rows(struct conv *c, struct ff_batch_slot *s)
{
	struct unit *u = s->unit;
	size_t from = 0;
	int i;

	for (i = 0; i < s->n; from = u->errend[i++]) {
		if (u->errend[i] > from)
			fwrite(s->err.p + from, 1, u->errend[i] - from, stderr);
		if (!u->put[i])
			continue;
		ff_buf_reset(&c->row);
		if (c->to->writer_put(c->writer, u->put[i], u->pd[i], &c->row)) {
			ff_buf_reset(&u->diag);
			unwritable(&u->diag, s->file[i], u->put[i]->number, c->to->name);
			fputs(u->diag.p, stderr);
			c->unwritable++;
			continue;
		}
		if (fwrite(c->row.p, 1, c->row.len, c->fp) != c->row.len)
			return -1;
		c->written++;
	}
	return 0;
}

static int emit(void *ctx, struct ff_batch_slot *s)
{
	struct conv *c = ctx;
	const struct unit *u = s->unit;

	if (c->writer && !c->rows[0]) {
		if (put_rows(c, s))
			goto fail;
	} else {
		if (c->rows[0] && u->written && !c->header) {   /* before the first row */
			ff_buf_reset(&c->row);
			if (c->to->writer_header(c->writer, &c->row) ||
			    fwrite(c->row.p, 1, c->row.len, c->fp) != c->row.len)
				goto fail;
			c->header = 1;
		}
		if (s->err.len)
			fwrite(s->err.p, 1, s->err.len, stderr);
		if (s->out.len && fwrite(s->out.p, 1, s->out.len, c->fp) != s->out.len)
			goto fail;
	}
	c->written += u->written;
	c->bad += u->bad;
	c->unwritable += u->unwritable;
	c->failed |= u->failed;
	ff_progress_show(&c->prog, (unsigned long long)(c->written + c->unwritable),
			 s->at, 0);
	return 0;
fail:
	fprintf(stderr, "fivefold convert: cannot write %s: %s\n", ff_out_name(&c->file),
		strerror(errno));
	c->write_failed = 1;
	return -1;
}

static const struct ff_batch_ops ops = {
	.unit_size = sizeof(struct unit),
	.unit_free = unit_free,
	.grow = unit_grow,
	.begin = begin,
	.work = work,
	.emit = emit,
	.more = more,
};

/* Convert every game of files[0, n). Returns 0, or -1 when the output
   could not be written or memory ran out. */
static int convert_all(struct conv *c, char **files, int n)
{
	int status;

	ff_input_init(&c->in, files, n, &c->io);
	c->in.chunked = c->o->threads > 1;   /* one thread: game by game, one record hot in cache */
	ff_progress_init(&c->prog, files, n, 0, c->fp == stdout);
	/* a stateful writer's rows are made in order: a chunk's games kept */
	if ((status = ff_batch_run(&ops, c, &c->in, (int)c->o->threads,
				   c->o->threads == 1 ? 1 : BATCH,
				   FF_BATCH_NUMBERED | (c->to->write || c->rows[0] ? 0
							: FF_BATCH_KEEP))) != 0 &&
	    !c->write_failed)
		fputs("fivefold convert: out of memory, or a thread could not be started\n", stderr);
	ff_progress_show(&c->prog, (unsigned long long)(c->written + c->unwritable),
			 c->prog.bytes, 1);
	ff_input_close(&c->in);
	/* games that break the rules are written as read: the file is whole */
	if (ff_out_close(&c->file, status == 0 && !c->failed && !c->unwritable))
		status = -1;
	return status;
}

/* Open the output and the writer (with the tag names of the whole input
   when the format needs them). Returns 0, or -1 after a message. */
/* The workers' row writers, for a format whose rows stand alone
   (writer_header): each with its header counted written. Returns 0 or
   -1 (no memory). */
static int row_writers(struct conv *c, unsigned flags)
{
	int i, n = (int)c->o->threads;

	for (i = 0; i <= n; i++) {   /* the workers', then the emitter's */
		if (!(c->rows[i] = c->to->writer_new(c->tags.names, c->tags.n, flags)) ||
		    c->to->writer_header(c->rows[i], &c->row))
			return -1;
		ff_buf_reset(&c->row);
	}
	return 0;
}

static int open_output(struct conv *c, char **files, int n)
{
	struct ff_tagset *t = &c->tags;
	unsigned flags = c->o->in.raw_csv ? FF_FMT_RAW_CSV : 0;
	int rc = 0;

	ff_input_hint(ff_cmd_convert.name, n, &c->io);
	if (c->to->needs_tags && collect_tags(files, n, &c->io, (int)c->o->threads, t))
		return -1;
	if (!c->to->write && (!(c->writer = c->to->writer_new(t->names, t->n, flags)) ||
			      (c->to->writer_header && row_writers(c, flags)))) {
		fputs("fivefold convert: out of memory\n", stderr);
		rc = -1;
	}
	if (rc == 0 && ff_out_open(&c->file, &ff_cmd_convert, c->o->output))
		rc = -1;
	c->fp = c->file.fp;
	return rc;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	struct conv *c = aligned_alloc(64, (sizeof *c + 63) / 64 * 64);
	int status = FF_EXIT_FAIL, i, done;

	if (!c) {
		fputs("fivefold convert: out of memory\n", stderr);
		return FF_EXIT_FAIL;
	}
	memset(c, 0, sizeof *c);
	ff_cmd_catch_signals();   /* first: a signal from here on stops at a game */
	c->o = set;
	c->io = c->o->in;
	for (i = 0; i <= MAX_THREADS; i++)
		ff_game_init(&c->games[i]);
	if (!(c->to = ff_cmd_output_format(cmd, c->o->to, c->o->output)))
		status = FF_EXIT_USAGE;
	else if (c->o->no_validate && c->o->form == FF_FORM_SHORT)
		status = ff_cmd_usage_error(cmd, "--plies short needs the engine: drop --no-validate");
	else if (open_output(c, argv, argc) == 0) {
		done = convert_all(c, argv, argc);
		if (done == 0 && !c->failed && !c->bad && !c->unwritable)
			status = FF_EXIT_OK;
		if (done == 0 && c->stopped)
			status = ff_cmd_interrupt_status(cmd, (unsigned long long)c->written, "game");
		if (!c->o->quiet)
			fprintf(stderr, "converted %ld game%s to %s; %ld not valid, %ld not written\n",
				c->written, c->written == 1 ? "" : "s", c->to->name, c->bad,
				c->unwritable);
	}
	if (c->writer)
		c->to->writer_free(c->writer);
	for (i = 0; i <= MAX_THREADS; i++)
		if (c->rows[i])
			c->to->writer_free(c->rows[i]);
	ff_tagset_free(&c->tags);
	if (c->io.stdin_spool)
		fclose(c->io.stdin_spool);
	for (i = 0; i <= MAX_THREADS; i++)
		ff_game_free(&c->games[i]);
	ff_buf_free(&c->row);
	free(c);
	return status;
}

const struct ff_cmd ff_cmd_convert = {
	.name = "convert",
	.summary = "convert between FGN, JSON Lines, CSV and Ludii trials; long and short plies",
	.operands = "[FILES...]",
	.operand = FF_C_FILE,
	.about = "Reads games in one format and writes them in another, one game at a\n"
		 "time. Through the engine by default: valid games are written with\n"
		 "canonical plies (long, or short with --plies short); a game that breaks\n"
		 "the rules is written as read and reported as validate would; one that\n"
		 "cannot be read is reported. --no-validate only re-formats. The summary\n"
		 "goes to standard error. With --threads N, N games are converted at\n"
		 "once, and the output is the same bytes in the same order. Exit status\n"
		 "1 when any game was not valid.",
	.opts = opts,
	.settings = sizeof(struct cset),
	.run = run,
};
