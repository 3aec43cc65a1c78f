/* Reading games from the command's operands. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/input.h"

/* Chunks are cut at the first place a game must start from CHUNK_BYTES
   on; with no such place in SPLIT_MAX times that, the rest of the file is
   read game by game (a game that long, or a file of games without tags).
   The environment variable FF_SPLIT sets the chunk size in bytes for the
   tests (0: no chunks, every file is read game by game). */
#define HEAD_BYTES 4096   /* read to guess a format */
#define CHUNK_BYTES ((size_t)128 * 1024)
#define SPLIT_MAX 128

/* The splitter of a file whose format has a chunking (formats/format.h).
   Invariant: p[0, n) are the file's bytes from `off` on, not given out
   yet, starting at line `line`, after `number` games as the cutter
   assumes them; cut is the cutter's state for them. */
struct ff_split {
	unsigned char *p;
	size_t n, cap;
	long line;
	long number;
	unsigned long long off;
	int eof;
	void *cut;
};

/* The newlines in p[0, n), 16 bytes at a time. */
static long count_nl(const unsigned char *p, size_t n)
{
	typedef unsigned char v16 __attribute__((vector_size(16)));
	size_t i = 0, k;
	long c = 0;

	while (n - i >= 16) {
		v16 acc = { 0 }, v;

		for (k = 0; k < 255 && n - i >= 16; k++, i += 16) {
			memcpy(&v, p + i, sizeof v);
			acc -= (v16)(v == '\n');
		}
		for (k = 0; k < 16; k++)
			c += acc[k];
	}
	for (; i < n; i++)
		c += p[i] == '\n';
	return c;
}

static void split_free(struct ff_split *s)
{
	if (s) {
		free(s->p);
		free(s->cut);
		free(s);
	}
}

void ff_input_hint(const char *cmd, int n, const struct ff_input_opts *opts)
{
	if (n > 0 || !isatty(0))
		return;
	fprintf(stderr, "fivefold %s: reading %s from standard input (end with Ctrl-D; name a file, "
		"or - for standard input, to skip this note)\n", cmd,
		opts && opts->from ? opts->from->name : "FGN");
}

void ff_input_init(struct ff_input *in, char **files, int n, const struct ff_input_opts *opts)
{
	static char *stdin_only[] = { (char *)"-" };
	const char *env;

	memset(in, 0, sizeof *in);
	in->files = n ? files : stdin_only;
	in->nfiles = n ? n : 1;
	in->assumed = -1;
	in->chunk_bytes = CHUNK_BYTES;
	if ((env = getenv("FF_SPLIT")) && *env)
		in->chunk_bytes = strtoul(env, NULL, 10);
	if (opts) {
		in->forced = opts->from;
		in->flags = opts->raw_csv ? FF_FMT_RAW_CSV : 0;
		in->stdin_spool = opts->stdin_spool;
	}
}

static void close_current(struct ff_input *in)
{
	if (in->split) {
		in->done += in->split->off + in->split->n;
		split_free(in->split);
		in->split = NULL;
	}
	in->assumed = -1;
	if (in->reader) {
		in->done += in->fmt->offset(in->reader);
		in->fmt->reader_free(in->reader);
	}
	if (in->fp && in->fp != stdin)
		fclose(in->fp);
	if (in->src && in->src != stdin)
		fclose(in->src);
	in->reader = NULL;
	in->fp = NULL;
	in->src = NULL;
}

/* A stream that gives the bytes p[0, n) already read from src (the head,
   for guessing the format; the rest of a split file) and then the rest of
   src. Closing it frees p unless p is head, and closes src when close_src
   is set. */
struct prefixed {
	FILE *src;
	unsigned char *p;
	size_t n, off;
	int close_src;
	unsigned char head[];
};

static ssize_t prefixed_read(void *cookie, char *buf, size_t size)
{
	struct prefixed *pf = cookie;
	size_t k;

	if (pf->off < pf->n) {
		k = pf->n - pf->off < size ? pf->n - pf->off : size;
		memcpy(buf, pf->p + pf->off, k);
		pf->off += k;
		return (ssize_t)k;
	}
	if (feof(pf->src))
		return 0;   /* a terminal would be read again: one Ctrl-D ends the input */
	k = fread(buf, 1, size, pf->src);
	return k == 0 && ferror(pf->src) ? -1 : (ssize_t)k;
}

static int prefixed_close(void *cookie)
{
	struct prefixed *pf = cookie;

	if (pf->close_src)
		fclose(pf->src);
	if (pf->p != pf->head)
		free(pf->p);
	free(pf);
	return 0;
}

static const cookie_io_functions_t prefixed_io = { prefixed_read, NULL, NULL, prefixed_close };

/* Guess the format of in->fp from its first bytes: a seekable file is
   read from the start again; anything else (standard input, a pipe) is
   replaced by a stream that gives the bytes read first. Returns 0 or -1
   (no memory). */
static int sniff(struct ff_input *in)
{
	struct prefixed *pk = malloc(sizeof *pk + HEAD_BYTES);
	FILE *fp;

	if (!pk)
		return -1;
	pk->src = in->fp;
	pk->p = pk->head;
	pk->off = 0;
	pk->close_src = 0;
	pk->n = fread(pk->head, 1, HEAD_BYTES, in->fp);
	in->fmt = ff_format_sniff((const char *)pk->head, pk->n);
	if (!in->fmt)
		in->fmt = ff_format_find("fgn");
	if (in->fp != stdin && fseek(in->fp, 0, SEEK_SET) == 0) {
		free(pk);
		return 0;
	}
	if (!(fp = fopencookie(pk, "rb", prefixed_io))) {
		free(pk);
		return -1;
	}
	in->src = in->fp;   /* closed with the stream read from */
	in->fp = fp;
	return 0;
}

/* A stream of its own on the spool, from its start (a dup of its
   descriptor: the offset is shared, so one is read at a time), or NULL. */
static FILE *reopen(FILE *spool)
{
	int fd = dup(fileno(spool));
	FILE *fp = fd >= 0 ? fdopen(fd, "rb") : NULL;

	if (!fp && fd >= 0)
		close(fd);
	if (fp && fseek(fp, 0, SEEK_SET)) {
		fclose(fp);
		fp = NULL;
	}
	return fp;
}

static int open_next(struct ff_input *in, struct ff_error *err)
{
	const char *path = in->files[in->next++];
	int stdio = strcmp(path, "-") == 0;

	in->name = stdio ? "<stdin>" : path;
	in->fmt = in->forced ? in->forced : stdio ? NULL : ff_format_for_path(path);
	in->fp = !stdio ? fopen(path, "rb") : in->stdin_spool ? reopen(in->stdin_spool) : stdin;
	ff_error_clear(err);
	if (!in->fp)
		return ff_error_set(err, FF_EIO, "cannot open '%s': %s", path, strerror(errno));
	if (!stdio) {
		struct stat st;

		if (fstat(fileno(in->fp), &st) == 0 && S_ISDIR(st.st_mode)) {
			fclose(in->fp);
			in->fp = NULL;
			return ff_error_set(err, FF_EIO, "cannot read '%s': it is a directory", path);
		}
	}
	if (!in->fmt && sniff(in)) {
		close_current(in);
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	in->serial++;
	if (in->chunked && in->chunk_bytes && in->fmt->chunking) {
		if (!(in->split = calloc(1, sizeof *in->split)) ||
		    !(in->split->cut = calloc(1, in->fmt->chunking->size))) {
			close_current(in);
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		}
		in->split->line = 1;
		return 0;
	}
	in->reader = in->fmt->reader_new(in->fp, in->flags);
	if (!in->reader) {
		close_current(in);
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	return 0;
}

/* ff_input_next, or 3 when the current file is being split. */
static int next_game(struct ff_input *in, struct ff_record *rec, struct ff_error *err,
		     const char **file)
{
	int rc;

	for (;;) {
		if (in->split)
			return 3;
		if (!in->reader) {
			if (in->next >= in->nfiles)
				return 0;
			if (open_next(in, err)) {
				*file = in->name;
				return -2;
			}
			continue;
		}
		ff_error_clear(err);
		errno = 0;
		rc = in->fmt->read(in->reader, rec, err);
		*file = in->name;
		if (rc == 1)
			return 1;
		if (rc < 0 && (err->code == FF_EIO || err->code == FF_ENOMEM)) {
			if (err->code == FF_EIO)
				ff_error_set(err, FF_EIO, "cannot read '%s': %s", in->name,
					     errno ? strerror(errno) : "read error");
			else
				ff_error_set(err, FF_ENOMEM, "out of memory: the rest of '%s' is not read",
					     in->name);
			close_current(in);
			return -2;
		}
		if (rc < 0)
			return -1;
		if (in->fp && ferror(in->fp)) {
			ff_error_set(err, FF_EIO, "cannot read '%s'", in->name);
			close_current(in);
			return -2;
		}
		close_current(in);
	}
}

int ff_input_next(struct ff_input *in, struct ff_record *rec, struct ff_error *err,
		  const char **file)
{
	return next_game(in, rec, err, file);
}

/* Read the rest of the split file game by game. Returns 0 or -1 (no
   memory: err says so, the file is closed). */
static int unsplit(struct ff_input *in, struct ff_error *err)
{
	struct ff_split *s = in->split;
	struct prefixed *sp = malloc(sizeof *sp);
	FILE *fp = NULL;

	if (sp) {
		sp->src = in->fp;
		sp->p = s->p;
		sp->n = s->n;
		sp->off = 0;
		sp->close_src = in->fp != stdin;
		fp = fopencookie(sp, "rb", prefixed_io);
	}
	if (!fp) {
		free(sp);
		close_current(in);
		return ff_error_set(err, FF_ENOMEM, "out of memory: the rest of '%s' is not read",
				    in->name);
	}
	in->fp = fp;   /* closes the stream under it */
	in->split = NULL;
	in->reader = in->fmt->reader_new(fp, in->flags);
	if (!in->reader) {
		s->p = NULL;
		split_free(s);
		close_current(in);
		return ff_error_set(err, FF_ENOMEM, "out of memory: the rest of '%s' is not read",
				    in->name);
	}
	in->fmt->chunking->reader_start(in->reader, s->line, s->number, s->off);
	in->assumed = s->number;
	s->p = NULL;   /* the stream's now */
	split_free(s);
	return 0;
}

/* Give p[0, cut) out as a chunk of `pieces` games, with the `look`
   bytes after it; keep the rest. Returns 0 or -1 (no memory). */
static int cut_chunk(struct ff_input *in, struct ff_chunk *ch, size_t cut, size_t look,
		     long pieces)
{
	struct ff_split *s = in->split;
	size_t rest = s->n - cut, need = rest + in->chunk_bytes + 1;
	unsigned char *q = (unsigned char *)ch->p;
	size_t qcap = ch->cap;

	if (qcap < need) {   /* the chunk's old buffer becomes the splitter's */
		if (!(q = realloc(q, need)))
			return -1;
		qcap = need;
	}
	memcpy(q, s->p + cut, rest);
	ch->p = (char *)s->p;
	ch->cap = s->cap;
	ch->len = cut;
	ch->look = look;
	ch->p[cut + look] = '\0';
	ch->line = s->line;
	ch->base = s->number;
	ch->pieces = pieces;
	ch->off = s->off;
	ch->serial = in->serial;
	ch->file = in->name;
	ch->fmt = in->fmt;
	ch->flags = in->flags;
	s->line += count_nl((const unsigned char *)ch->p, cut);
	s->p = q;
	s->cap = qcap;
	s->n = rest;
	s->number += pieces;
	s->off += cut;
	return 0;
}

/* The next chunk of the split file. Returns 1 (a chunk), 0 (the file is
   done), 2 (the rest is read game by game now) or -1 (no memory, or no
   memory for that: err says so). */
static int split_next(struct ff_input *in, struct ff_chunk *ch, struct ff_error *err)
{
	const struct ff_chunking *cg = in->fmt->chunking;
	struct ff_split *s = in->split;
	size_t k, cut, look;
	long pieces;

	for (;;) {
		cut = cg->cut(s->cut, s->p, s->n, in->chunk_bytes, s->eof, &look, &pieces);
		if (cut)
			return cut_chunk(in, ch, cut, look, pieces) ? -1 : 1;
		if (s->eof)
			return 0;
		if (s->n >= SPLIT_MAX * in->chunk_bytes)
			return unsplit(in, err) ? -1 : 2;
		if (s->cap - s->n < in->chunk_bytes + 1) {
			unsigned char *q = realloc(s->p, s->n + in->chunk_bytes + 1);

			if (!q)
				return -1;
			s->p = q;
			s->cap = s->n + in->chunk_bytes + 1;
		}
		k = fread(s->p + s->n, 1, in->chunk_bytes, in->fp);
		s->n += k;
		if (k == 0) {
			if (ferror(in->fp))   /* the reader reports it where it would */
				return unsplit(in, err) ? -1 : 2;
			s->eof = 1;
		}
	}
}

int ff_input_step(struct ff_input *in, struct ff_chunk *ch, struct ff_record *rec,
		  struct ff_error *err, const char **file)
{
	int rc;

	for (;;) {
		rc = next_game(in, rec, err, file);
		if (rc != 3 || !ch)
			return rc;
		rc = split_next(in, ch, err);
		*file = in->name;
		if (rc == 1)
			return 2;
		if (rc == 0)
			close_current(in);
		if (rc < 0) {
			if (in->split) {
				ff_error_set(err, FF_ENOMEM, "out of memory: the rest of '%s' is not read",
					     in->name);
				close_current(in);
			}
			return -2;
		}
	}
}

void ff_chunk_free(struct ff_chunk *ch)
{
	free(ch->p);
	memset(ch, 0, sizeof *ch);
}

void *ff_chunk_reader(const struct ff_chunk *ch)
{
	return ch->fmt->chunking->reader_mem(ch->p, ch->len + ch->look, ch->line, ch->base,
					     ch->off, ch->flags);
}

void ff_chunk_reader_free(const struct ff_chunk *ch, void *r)
{
	if (r)
		ch->fmt->reader_free(r);
}

int ff_chunk_read(const struct ff_chunk *ch, void *r, struct ff_record *rec,
		  struct ff_error *err)
{
	int rc = -2;

	ff_error_clear(err);
	if (r) {
		rc = ch->fmt->read(r, rec, err);
		if (rc == 0 || ch->fmt->chunking->game_start(r) >= ch->len)
			return 0;   /* the game after the chunk is the next chunk's */
		if (rc > 0 || err->code != FF_ENOMEM)
			return rc;
	}
	ff_error_set(err, FF_ENOMEM, "out of memory: the rest of '%s' is not read", ch->file);
	return -2;
}

/* ff_numbering_unit for a chunk. */
static int number_chunk(struct ff_numbering *nb, struct ff_chunk *ch, long ngames)
{
	int right;

	if (ch->serial != nb->serial) {
		nb->serial = ch->serial;
		nb->count = 0;
	}
	right = ch->base == nb->count;
	ch->base = nb->count;
	nb->count += ngames;
	return right;
}

/* ff_numbering_unit for games read one by one. */
static int number_games(struct ff_numbering *nb, int n, const struct ff_fill *to)
{
	long delta;
	int i, right = 1;

	for (i = 0; i < n; i++) {
		if (to->serial[i] != nb->serial) {
			nb->serial = to->serial[i];
			nb->count = 0;
		}
		if (to->assumed[i] < 0 || (delta = nb->count - to->assumed[i]) == 0)
			continue;
		to->assumed[i] += delta;
		to->recs[i].number += delta;
		if (to->rerr[i].game > 0)
			to->rerr[i].game += delta;
		right = 0;
	}
	return right;
}

int ff_numbering_unit(struct ff_numbering *nb, int chunk, struct ff_chunk *ch, long ngames, int n,
		      const struct ff_fill *to)
{
	return chunk ? number_chunk(nb, ch, ngames) : number_games(nb, n, to);
}

unsigned long long ff_input_offset(const struct ff_input *in)
{
	return in->done + (in->reader ? in->fmt->offset(in->reader) : in->split ? in->split->off : 0);
}

void ff_input_close(struct ff_input *in)
{
	close_current(in);
}

void ff_input_report(const char *file, const struct ff_error *err)
{
	struct ff_buf diag = FF_BUF_INIT;

	ff_diag_format(&diag, file, err);
	fputs(diag.p ? diag.p : "", stderr);
	ff_buf_free(&diag);
}

int ff_input_nth(struct ff_input *in, long index, struct ff_record *rec, const char **file,
		 const char *cmd)
{
	struct ff_error err;
	long seen = 0;
	int rc;

	for (;;) {
		ff_error_clear(&err);
		rc = ff_input_next(in, rec, &err, file);
		if (rc == 0) {
			fprintf(stderr, "fivefold %s: the input has no game %ld\n", cmd, index);
			return FF_EXIT_FAIL;
		}
		if (rc == -2) {
			fprintf(stderr, "fivefold %s: %s\n", cmd, err.msg);
			return FF_EXIT_FAIL;
		}
		if (++seen == index)
			break;
	}
	if (rc == -1) {
		ff_input_report(*file, &err);
		return FF_EXIT_FAIL;
	}
	return 0;
}
