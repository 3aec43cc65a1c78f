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

/* What the options say. */
struct cset {
	struct ff_input_opts in;
	const struct ff_format *to;
	const char *output;
	int form;            /* enum ff_ply_form: long or short */
	int no_validate, quiet;
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
	FF_OPT_DONE
};
#undef S

/* A conversion under way. */
struct conv {
	const struct cset *o;
	const struct ff_format *to;
	FILE *fp;
	void *writer;          /* the stateful writer, or NULL */
	struct ff_tagset tags; /* the input's tag names, which the writer borrows */
	struct ff_record rec, canon;
	struct ff_game g;
	struct ff_buf out, diag;
	long written, bad, unwritable;
	int failed;
};

/* A first pass over the input for every tag name (a writer with a header
   needs them). Standard input is spooled to a temporary file first, and
   the operands are pointed at it. One game is held at a time. */
static int collect_tags(char ***files, int *nfiles, const struct ff_input_opts *io,
			struct ff_tagset *t, char *spool, char **spool_files)
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
	ff_input_init(&in, *files, *nfiles, io);
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

/* Print the diagnostic of a game that is not valid. */
static void report(struct conv *c, const char *file, const struct ff_error *err)
{
	ff_buf_reset(&c->diag);
	ff_diag_format(&c->diag, file, err);
	fputs(c->diag.p, stderr);
	c->bad++;
}

/* Convert one game read (rc: ff_input_next's return). Returns 0, or -1
   when the output cannot be written. */
static int convert_one(struct conv *c, int rc, const char *file, struct ff_error *err)
{
	const struct ff_record *w = &c->rec;

	if (rc == -2) {
		fprintf(stderr, "fivefold convert: %s\n", err->msg);
		c->failed = 1;
		return 0;
	}
	if (rc == -1) {   /* unreadable: nothing to write */
		report(c, file, err);
		c->unwritable++;
		return 0;
	}
	if (!c->o->no_validate) {
		if (ff_game_rewrite(&c->g, &c->rec, (enum ff_ply_form)c->o->form, &c->canon, err) ==
		    FF_VALID)
			w = &c->canon;
		else
			report(c, file, err);
	}
	ff_buf_reset(&c->out);
	if (c->to->write ? c->to->write(w, &c->out) : c->to->writer_put(c->writer, w, &c->out)) {
		fprintf(stderr, "fivefold convert: %s: game %ld cannot be written as %s\n", file,
			c->rec.number, c->to->name);
		c->unwritable++;
		return 0;
	}
	if (fwrite(c->out.p, 1, c->out.len, c->fp) != c->out.len) {
		fprintf(stderr, "fivefold convert: cannot write: %s\n", strerror(errno));
		return -1;
	}
	c->written++;
	return 0;
}

/* Convert every game of files[0, n). Returns 0, or -1 when the output
   could not be written. */
static int convert_all(struct conv *c, char **files, int n)
{
	struct ff_input in;
	struct ff_progress prog;
	struct ff_error err;
	const char *file = "";
	int rc, status = 0;

	ff_input_init(&in, files, n, &c->o->in);
	ff_progress_init(&prog, files, n, 0, c->fp == stdout);
	for (;;) {
		ff_error_clear(&err);
		if ((rc = ff_input_next(&in, &c->rec, &err, &file)) == 0)
			break;
		if ((status = convert_one(c, rc, file, &err)) != 0)
			break;
		ff_progress_show(&prog, (unsigned long long)(c->written + c->unwritable),
				 ff_input_offset(&in), 0);
	}
	ff_progress_show(&prog, (unsigned long long)(c->written + c->unwritable), prog.bytes, 1);
	ff_input_close(&in);
	if (ff_cmd_close_output(&ff_cmd_convert, c->fp))
		status = -1;
	return status;
}

/* Open the output and the writer (with the tag names of the whole input
   when the format needs them). Returns 0, or -1 after a message. */
static int open_output(struct conv *c, char ***files, int *n, char *spool, char **spool_files)
{
	struct ff_tagset *t = &c->tags;
	int rc = 0;

	if (c->to->needs_tags && collect_tags(files, n, &c->o->in, t, spool, spool_files))
		return -1;
	if (!c->to->write &&
	    !(c->writer = c->to->writer_new(t->names, t->n, c->o->in.raw_csv ? FF_FMT_RAW_CSV : 0))) {
		fputs("fivefold convert: out of memory\n", stderr);
		rc = -1;
	}
	if (rc == 0 && !(c->fp = ff_cmd_open_output(&ff_cmd_convert, c->o->output)))
		rc = -1;
	return rc;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	struct conv c = { .o = set };
	char spool[64] = "", *spool_files[1];
	int status = FF_EXIT_FAIL;

	if (!(c.to = ff_cmd_output_format(cmd, c.o->to, c.o->output)))
		return FF_EXIT_USAGE;
	if (c.o->no_validate && c.o->form == FF_FORM_SHORT)
		return ff_cmd_usage_error(cmd, "--plies short needs the engine: drop --no-validate");
	ff_game_init(&c.g);
	if (ff_record_init(&c.rec) || ff_record_init(&c.canon))
		fputs("fivefold convert: out of memory\n", stderr);
	else if (open_output(&c, &argv, &argc, spool, spool_files) == 0) {
		if (convert_all(&c, argv, argc) == 0 && !c.failed && !c.bad && !c.unwritable)
			status = FF_EXIT_OK;
		if (!c.o->quiet)
			fprintf(stderr, "converted %ld game%s to %s; %ld not valid, %ld not written\n",
				c.written, c.written == 1 ? "" : "s", c.to->name, c.bad, c.unwritable);
	}
	if (c.writer)
		c.to->writer_free(c.writer);
	ff_tagset_free(&c.tags);
	if (spool[0])
		unlink(spool);
	ff_game_free(&c.g);
	ff_record_free(&c.rec);
	ff_record_free(&c.canon);
	ff_buf_free(&c.out);
	ff_buf_free(&c.diag);
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
		 "goes to standard error. Exit status 1 when any game was not valid.",
	.opts = opts,
	.settings = sizeof(struct cset),
	.run = run,
};
