/* Reading games from the command's operands. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/cmd.h"
#include "cmd/input.h"
#include "formats/fgn.h"

/* Chunks are cut at the first place a game must start from CHUNK_BYTES
   on; with no such place in SPLIT_MAX times that, the rest of the file is
   read game by game (a game that long, or a file of games without tags).
   The environment variable FF_SPLIT sets the chunk size in bytes for the
   tests (0: no chunks, every file is read game by game). */
#define CHUNK_BYTES ((size_t)128 * 1024)
#define SPLIT_MAX 128

/* The splitter of an FGN file. It cuts at the start of a line whose first
   non-blank byte is '[' when the last non-blank line before it holds no
   '[' (or there is none): the FGN reader always starts a game there
   (formats/fgn_read.c). A game in progress then has begun movetext (its
   tag lines hold a '[', and a game that starts mid-line, after a result,
   starts with one), so it ends at that line, and a brace comment
   unterminated so far ends there too; between games the '[' starts one.
   Blank is the reader's white space (\n excepted): space \t \r \f \v.
   Only the '[' bytes are looked at (memchr), and the bytes around them.
   Invariant: p[0, n) are the file's bytes from `off` on, not given out
   yet, starting at line `line` at a place where a game starts (or the
   file's start: lines start at p[lo], after a BOM); the '[' bytes of
   p[0, scan) have been looked at: they hold `pieces` game starts, and
   the last '[' is at p[lastbr] (none: -1). */
struct ff_split {
	unsigned char *p;
	size_t n, cap, scan, lo;
	long lastbr;
	long line;               /* line of p[0] */
	long number, pieces;     /* games assumed before p[0], in p[0, scan) */
	unsigned long long off;
	int any, bomchk, eof;
};

static int is_blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

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
	}
}

static void close_current(struct ff_input *in)
{
	if (in->split) {
		in->done += in->split->off + in->split->n;
		free(in->split->p);
		free(in->split);
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

/* A stream that gives the bytes already read from src (the head, for
   guessing the format) and then the rest of src; closing it does not close
   src. */
struct peeked {
	FILE *src;
	char head[4096];
	size_t n, off;
};

static ssize_t peeked_read(void *cookie, char *buf, size_t size)
{
	struct peeked *pk = cookie;
	size_t k;

	if (pk->off < pk->n) {
		k = pk->n - pk->off < size ? pk->n - pk->off : size;
		memcpy(buf, pk->head + pk->off, k);
		pk->off += k;
		return (ssize_t)k;
	}
	k = fread(buf, 1, size, pk->src);
	return k == 0 && ferror(pk->src) ? -1 : (ssize_t)k;
}

static int peeked_close(void *cookie)
{
	free(cookie);
	return 0;
}

/* Guess the format of in->fp from its first bytes: a seekable file is
   read from the start again; anything else (standard input, a pipe) is
   replaced by a stream that gives the bytes read first. Returns 0 or -1
   (no memory). */
static int sniff(struct ff_input *in)
{
	static const cookie_io_functions_t io = { peeked_read, NULL, NULL, peeked_close };
	struct peeked *pk = malloc(sizeof *pk);
	FILE *fp;

	if (!pk)
		return -1;
	pk->src = in->fp;
	pk->off = 0;
	pk->n = fread(pk->head, 1, sizeof pk->head, in->fp);
	in->fmt = ff_format_sniff(pk->head, pk->n);
	if (!in->fmt)
		in->fmt = ff_format_find("fgn");
	if (in->fp != stdin && fseek(in->fp, 0, SEEK_SET) == 0) {
		free(pk);
		return 0;
	}
	if (!(fp = fopencookie(pk, "rb", io))) {
		free(pk);
		return -1;
	}
	in->src = in->fp;   /* closed with the stream read from */
	in->fp = fp;
	return 0;
}

static int open_next(struct ff_input *in, struct ff_error *err)
{
	const char *path = in->files[in->next++];
	int stdio = strcmp(path, "-") == 0;

	in->name = stdio ? "<stdin>" : path;
	in->fmt = in->forced ? in->forced : stdio ? NULL : ff_format_for_path(path);
	in->fp = stdio ? stdin : fopen(path, "rb");
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
	if (in->chunked && in->chunk_bytes && in->fmt->read == ff_fgn_read) {
		if (!(in->split = calloc(1, sizeof *in->split))) {
			close_current(in);
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		}
		in->split->line = 1;
		in->split->lastbr = -1;
		in->split->bomchk = 1;
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

/* The rest of a split file, for a reader: p[0, n) and then src. */
struct spilled {
	FILE *src;
	unsigned char *p;
	size_t n, off;
};

static ssize_t spilled_read(void *cookie, char *buf, size_t size)
{
	struct spilled *sp = cookie;
	size_t k;

	if (sp->off < sp->n) {
		k = sp->n - sp->off < size ? sp->n - sp->off : size;
		memcpy(buf, sp->p + sp->off, k);
		sp->off += k;
		return (ssize_t)k;
	}
	k = fread(buf, 1, size, sp->src);
	return k == 0 && ferror(sp->src) ? -1 : (ssize_t)k;
}

static int spilled_close(void *cookie)
{
	struct spilled *sp = cookie;

	if (sp->src != stdin)
		fclose(sp->src);
	free(sp->p);
	free(sp);
	return 0;
}

/* Read the rest of the split file game by game. Returns 0 or -1 (no
   memory: err says so, the file is closed). */
static int unsplit(struct ff_input *in, struct ff_error *err)
{
	static const cookie_io_functions_t io = { spilled_read, NULL, NULL, spilled_close };
	struct ff_split *s = in->split;
	struct spilled *sp = malloc(sizeof *sp);
	FILE *fp = NULL;

	if (sp) {
		sp->src = in->fp;
		sp->p = s->p;
		sp->n = s->n;
		sp->off = 0;
		fp = fopencookie(sp, "rb", io);
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
		free(s);
		close_current(in);
		return ff_error_set(err, FF_ENOMEM, "out of memory: the rest of '%s' is not read",
				    in->name);
	}
	ff_fgn_reader_start(in->reader, s->line, s->number, s->off);
	in->assumed = s->number;
	free(s);
	return 0;
}

/* Give p[0, cut) out as a chunk, with the line start at cut through
   p[lookz) after it; keep the rest. Returns 0 or -1 (no memory). */
static int cut_chunk(struct ff_input *in, struct ff_chunk *ch, size_t cut, size_t lookz)
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
	ch->look = lookz - cut;
	ch->p[lookz] = '\0';
	ch->line = s->line;
	ch->base = s->number;
	ch->pieces = s->pieces;
	ch->off = s->off;
	ch->serial = in->serial;
	ch->file = in->name;
	ch->flags = in->flags;
	s->line += count_nl((const unsigned char *)ch->p, cut);
	s->p = q;
	s->cap = qcap;
	s->n = rest;
	s->scan = s->lo = 0;
	s->lastbr = -1;
	s->number += s->pieces;
	s->pieces = 0;
	s->off += cut;
	return 0;
}

/* The next chunk of the split file. Returns 1 (a chunk), 0 (the file is
   done), 2 (the rest is read game by game now) or -1 (no memory, or no
   memory for that: err says so). */
static int split_next(struct ff_input *in, struct ff_chunk *ch, struct ff_error *err)
{
	struct ff_split *s = in->split;
	unsigned char *x;
	size_t k, ls, z;
	int start;

	for (;;) {
		if (s->bomchk && (s->n >= 3 || s->eof)) {
			if (s->n >= 3 && memcmp(s->p, "\xEF\xBB\xBF", 3) == 0)
				s->scan = s->lo = 3;
			s->bomchk = 0;
		}
		while (!s->bomchk && s->scan < s->n) {
			x = memchr(s->p + s->scan, '[', s->n - s->scan);
			if (!x) {
				s->scan = s->n;
				break;
			}
			/* the first non-blank byte of its line? */
			for (ls = (size_t)(x - s->p); ls > s->lo && is_blank(s->p[ls - 1]); ls--)
				;
			if (ls == s->lo || s->p[ls - 1] == '\n') {
				/* and the last non-blank line before it (ending at
				   p[z - 1]) holds no '[' ... */
				for (z = ls; z > s->lo && (is_blank(s->p[z - 1]) || s->p[z - 1] == '\n'); z--)
					;
				start = s->lastbr < 0 || (z - 1 > (size_t)s->lastbr &&
					memrchr(s->p + s->lastbr + 1, '\n', z - 2 - (size_t)s->lastbr));
				if (start && ls >= in->chunk_bytes)
					return cut_chunk(in, ch, ls, (size_t)(x - s->p) + 1) ? -1 : 1;
				if (start) {   /* ... or there is none: a game starts here */
					s->pieces += 1 + (!s->any && z > s->lo);   /* and one before */
					s->any = 1;
				}
			}
			s->lastbr = x - s->p;
			s->scan = (size_t)s->lastbr + 1;
		}
		if (s->eof && !s->bomchk) {
			if (s->n == 0)
				return 0;
			if (!s->any)   /* a game without tags, perhaps */
				s->pieces++;
			return cut_chunk(in, ch, s->n, s->n) ? -1 : 1;
		}
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
