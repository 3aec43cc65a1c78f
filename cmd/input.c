/* Reading games from the command's operands. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/cmd.h"
#include "cmd/input.h"

void ff_input_init(struct ff_input *in, char **files, int n, const struct ff_input_opts *opts)
{
	static char *stdin_only[] = { (char *)"-" };

	memset(in, 0, sizeof *in);
	in->files = n ? files : stdin_only;
	in->nfiles = n ? n : 1;
	if (opts) {
		in->forced = opts->from;
		in->flags = opts->raw_csv ? FF_FMT_RAW_CSV : 0;
	}
}

static void close_current(struct ff_input *in)
{
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
	in->reader = in->fmt->reader_new(in->fp, in->flags);
	if (!in->reader) {
		close_current(in);
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	return 0;
}

int ff_input_next(struct ff_input *in, struct ff_record *rec, struct ff_error *err,
		  const char **file)
{
	int rc;

	for (;;) {
		if (!in->reader) {
			if (in->next >= in->nfiles)
				return 0;
			if (open_next(in, err)) {
				*file = in->name;
				return -2;
			}
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

unsigned long long ff_input_offset(const struct ff_input *in)
{
	return in->done + (in->reader ? in->fmt->offset(in->reader) : 0);
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
