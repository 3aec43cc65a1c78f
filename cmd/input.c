/* Reading games from the command's operands. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/input.h"

void ff_input_init(struct ff_input *in, char **files, int n, const struct ff_format *forced)
{
	static char *stdin_only[] = { (char *)"-" };

	memset(in, 0, sizeof *in);
	in->files = n ? files : stdin_only;
	in->nfiles = n ? n : 1;
	in->forced = forced;
}

static void close_current(struct ff_input *in)
{
	if (in->reader) {
		in->done += in->fmt->offset(in->reader);
		in->fmt->reader_free(in->reader);
	}
	if (in->fp && in->fp != stdin)
		fclose(in->fp);
	in->reader = NULL;
	in->fp = NULL;
}

static int open_next(struct ff_input *in, struct ff_error *err)
{
	const char *path = in->files[in->next++];
	int stdio = strcmp(path, "-") == 0;

	in->name = stdio ? "<stdin>" : path;
	in->fmt = in->forced ? in->forced : stdio ? NULL : ff_format_for_path(path);
	if (!in->fmt)
		in->fmt = ff_format_find("fgn");
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
