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
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/input.h"
#include "cmd/progress.h"
#include "cmd/tagset.h"
#include "lib/replay.h"

enum { OPT_FROM = 256, OPT_TO, OPT_PLIES, OPT_NOVALIDATE, OPT_RAWCSV };

static const struct ff_opt opts[] = {
	{ "from", required_argument, OPT_FROM, "FORMAT", "input format (default: by extension, else fgn)" },
	{ "format", required_argument, 'f', "FORMAT", "output format (default: by -o's extension, else fgn)" },
	{ "to", required_argument, OPT_TO, "FORMAT", "the same as --format" },
	{ "output", required_argument, 'o', "FILE", "write to FILE instead of standard output" },
	{ "plies", required_argument, OPT_PLIES, "long|short", "ply form to write (default long)" },
	{ "no-validate", no_argument, OPT_NOVALIDATE, NULL, "re-format only, without the rules engine" },
	{ "raw-csv", no_argument, OPT_RAWCSV, NULL, "CSV cells as they are: no spreadsheet guard (docs/formats.md)" },
	{ "quiet", no_argument, 'q', NULL, "no summary line" },
	{ "help", no_argument, 'h', NULL, "show this help" },
	{ NULL, 0, 0, NULL, NULL }
};

/* A first pass over the input for every tag name (a writer with a header
   needs them). Standard input is spooled to a temporary file first, and
   the operands are pointed at it. One game is held at a time. */
static int collect_tags(char ***files, int *nfiles, const struct ff_format *from, unsigned flags,
			struct ff_tagset *t,
			char *spool, char **spool_files)
{
	struct ff_record rec;
	struct ff_input in;
	struct ff_error err;
	const char *file;
	int rc, fd;

	if (*nfiles == 0 || (*nfiles == 1 && strcmp((*files)[0], "-") == 0)) {
		char buf[65536];
		size_t n;
		FILE *fp;

		strcpy(spool, "/tmp/fivefold-spool-XXXXXX");
		fd = mkstemp(spool);
		fp = fd >= 0 ? fdopen(fd, "wb") : NULL;
		if (!fp) {
			fprintf(stderr, "fivefold convert: cannot spool standard input: %s\n", strerror(errno));
			return -1;
		}
		while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
			if (fwrite(buf, 1, n, fp) != n)
				break;
		if (ferror(stdin) || fclose(fp)) {
			fprintf(stderr, "fivefold convert: cannot spool standard input\n");
			return -1;
		}
		spool_files[0] = spool;
		*files = spool_files;
		*nfiles = 1;
	}
	if (ff_record_init(&rec))
		return -1;
	ff_input_init(&in, *files, *nfiles, from);
	in.flags = flags;
	while ((rc = ff_input_next(&in, &rec, &err, &file)) != 0) {
		if (rc < 0)
			continue;   /* reported by the real pass */
		if (ff_tagset_add(t, &rec)) {
			ff_input_close(&in);
			ff_record_free(&rec);
			return -1;
		}
	}
	ff_input_close(&in);
	ff_record_free(&rec);
	return 0;
}

static int run(const struct ff_cmd *cmd, int argc, char **argv)
{
	struct ff_getopt go;
	const struct ff_format *from = NULL, *to = NULL;
	const char *output = NULL, *file = "", *to_name = NULL;
	enum ff_ply_form form = FF_FORM_LONG;
	int validate = 1, quiet = 0, c, rc, status = FF_EXIT_OK;
	unsigned flags = 0;
	long written = 0, bad = 0, unwritable = 0;
	struct ff_record rec, canon;
	struct ff_buf out = FF_BUF_INIT, diag = FF_BUF_INIT;
	struct ff_input in;
	struct ff_game g;
	struct ff_error err;
	struct ff_progress prog;
	FILE *fp = stdout;
	char *arg, spool[64] = "", *spool_files[1], **files;
	int nfiles;
	struct ff_tagset tags = { NULL, 0, 0 };
	void *writer = NULL;

	ff_getopt_init(&go, cmd);
	while ((c = ff_getopt_next(&go, argc, argv, &arg)) != -1) {
		switch (c) {
		case OPT_FROM:
			if (!(from = ff_cmd_format(cmd, arg)))
				return FF_EXIT_USAGE;
			break;
		case 'f': case OPT_TO: to_name = arg; break;
		case 'o': output = arg; break;
		case OPT_PLIES:
			if (strcmp(arg, "long") && strcmp(arg, "short"))
				return ff_cmd_usage_error(cmd, "--plies takes long or short, not '%s'", arg);
			form = strcmp(arg, "short") == 0 ? FF_FORM_SHORT : FF_FORM_LONG;
			break;
		case OPT_NOVALIDATE: validate = 0; break;
		case OPT_RAWCSV: flags |= FF_FMT_RAW_CSV; break;
		case 'q': quiet = 1; break;
		case 'h':
			ff_cmd_help(cmd, stdout);
			return FF_EXIT_OK;
		default:
			return FF_EXIT_USAGE;
		}
	}
	if (!(to = ff_cmd_output_format(cmd, to_name, output)))
		return FF_EXIT_USAGE;
	if (!validate && form == FF_FORM_SHORT)
		return ff_cmd_usage_error(cmd, "--plies short needs the engine: drop --no-validate");
	files = argv + optind;
	nfiles = argc - optind;
	if (to->needs_tags && collect_tags(&files, &nfiles, from, flags, &tags, spool, spool_files))
		return FF_EXIT_FAIL;
	if (output && !(fp = fopen(output, "wb"))) {
		fprintf(stderr, "fivefold convert: cannot open '%s': %s\n", output, strerror(errno));
		return FF_EXIT_FAIL;
	}
	if (ff_record_init(&rec) || ff_record_init(&canon)) {
		fputs("fivefold convert: out of memory\n", stderr);
		return FF_EXIT_FAIL;
	}
	ff_game_init(&g);
	if (!to->write && !(writer = to->writer_new(tags.names, tags.n, flags))) {
		fputs("fivefold convert: out of memory\n", stderr);
		return FF_EXIT_FAIL;
	}
	ff_input_init(&in, files, nfiles, from);
	in.flags = flags;
	ff_progress_init(&prog, files, nfiles, 0, fp == stdout);
	for (;;) {
		const struct ff_record *w = &rec;

		ff_error_clear(&err);
		rc = ff_input_next(&in, &rec, &err, &file);
		if (rc == 0)
			break;
		if (rc == -2) {
			fprintf(stderr, "fivefold convert: %s\n", err.msg);
			status = FF_EXIT_FAIL;
			continue;
		}
		if (rc == -1) {   /* unreadable: nothing to write */
			ff_buf_reset(&diag);
			ff_diag_format(&diag, file, &err);
			fputs(diag.p, stderr);
			bad++;
			unwritable++;
			continue;
		}
		if (validate) {
			if (ff_game_rewrite(&g, &rec, form, &canon, &err) == FF_VALID) {
				w = &canon;
			} else {
				ff_buf_reset(&diag);
				ff_diag_format(&diag, file, &err);
				fputs(diag.p, stderr);
				bad++;
			}
		}
		ff_buf_reset(&out);
		if (to->write ? to->write(w, &out) : to->writer_put(writer, w, &out)) {
			fprintf(stderr, "fivefold convert: %s: game %ld cannot be written as %s\n", file,
				rec.number, to->name);
			unwritable++;
			continue;
		}
		if (fwrite(out.p, 1, out.len, fp) != out.len) {
			fprintf(stderr, "fivefold convert: cannot write: %s\n", strerror(errno));
			status = FF_EXIT_FAIL;
			break;
		}
		written++;
		ff_progress_show(&prog, (unsigned long long)(written + unwritable), ff_input_offset(&in), 0);
	}
	ff_progress_show(&prog, (unsigned long long)(written + unwritable), prog.bytes, 1);
	if (fflush(fp) || (fp != stdout && fclose(fp))) {
		fprintf(stderr, "fivefold convert: cannot write: %s\n", strerror(errno));
		status = FF_EXIT_FAIL;
	}
	if (!quiet)
		fprintf(stderr, "converted %ld game%s to %s; %ld not valid, %ld not written\n", written,
			written == 1 ? "" : "s", to->name, bad, unwritable);
	if (bad || unwritable)
		status = FF_EXIT_FAIL;
	ff_input_close(&in);
	if (writer)
		to->writer_free(writer);
	ff_tagset_free(&tags);
	if (spool[0])
		unlink(spool);
	ff_game_free(&g);
	ff_record_free(&rec);
	ff_record_free(&canon);
	ff_buf_free(&out);
	ff_buf_free(&diag);
	return status;
}

const struct ff_cmd ff_cmd_convert = {
	.name = "convert",
	.summary = "convert between FGN, JSON Lines, CSV and Ludii trials; long and short plies",
	.usage = "[OPTIONS] [FILES...]",
	.about = "Reads games in one format and writes them in another, one game at a\n"
		 "time. Through the engine by default: valid games are written with\n"
		 "canonical plies (long, or short with --plies short); a game that breaks\n"
		 "the rules is written as read and reported as validate would; one that\n"
		 "cannot be read is reported. --no-validate only re-formats. The summary\n"
		 "goes to standard error. Exit status 1 when any game was not valid.",
	.opts = opts,
	.run = run,
};
