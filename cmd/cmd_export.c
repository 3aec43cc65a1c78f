/* fivefold export: stored games back out, filtered, in any format: the
   store's canonical FGN as it is, or read back into a record and written by
   the format's writer (a per-game CSV first makes a pass for the tag
   names). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/progress.h"
#include "cmd/tagset.h"
#include "db/store.h"
#include "formats/fgn.h"
#include "formats/format.h"
#include "lib/text.h"

enum { OPT_TO = 256, OPT_RESULT, OPT_SEED, OPT_MINPLIES, OPT_MAXPLIES, OPT_LIMIT, OPT_RAWCSV };

static const struct ff_opt opts[] = {
	{ "db", required_argument, 'd', "FILE", "the store (required)" },
	FF_FILTER_OPTS,
	{ "result", required_argument, OPT_RESULT, "TOKEN", "only games with this result (1-0, 0-1, 1/2-1/2, D, W<k>, *)" },
	{ "seed", required_argument, OPT_SEED, "S", "only games with this Seed tag" },
	{ "min-plies", required_argument, OPT_MINPLIES, "N", "only games of at least N plies" },
	{ "max-plies", required_argument, OPT_MAXPLIES, "N", "only games of at most N plies" },
	{ "limit", required_argument, OPT_LIMIT, "N", "at most N games (the first stored)" },
	{ "output", required_argument, 'o', "FILE", "write to FILE instead of standard output" },
	{ "format", required_argument, 'f', "FORMAT", "output format (default: by -o's extension, else fgn)" },
	{ "to", required_argument, OPT_TO, "FORMAT", "the same as --format" },
	{ "raw-csv", no_argument, OPT_RAWCSV, NULL, "CSV cells as they are: no spreadsheet guard (docs/formats.md)" },
	{ "help", no_argument, 'h', NULL, "show this help" },
	{ NULL, 0, 0, NULL, NULL }
};

/* One export pass: the format, where it goes, and what it has done. With
   tags set, the pass only collects tag names. */
struct exporting {
	const struct ff_format *fmt;
	void *writer;
	FILE *fp;
	struct ff_tagset *tags;
	struct ff_record rec;
	struct ff_buf out;
	unsigned long long n, unwritable;
	struct ff_progress prog;
};

/* Read one game's canonical FGN into x->rec. Returns 0 or -1. */
static int read_back(struct exporting *x, const char *fgn, size_t len)
{
	FILE *fp = fmemopen((void *)fgn, len, "rb");
	struct ff_fgn_reader *r = fp ? ff_fgn_reader_new(fp) : NULL;
	int rc = r ? ff_fgn_read(r, &x->rec, NULL) : -1;

	ff_fgn_reader_free(r);
	if (fp)
		fclose(fp);
	return rc == 1 ? 0 : -1;
}

static int write_game(void *ctx, const char *fgn, size_t len)
{
	struct exporting *x = ctx;

	if (x->tags)
		return read_back(x, fgn, len) == 0 && ff_tagset_add(x->tags, &x->rec) == 0 ? 0 : 1;
	x->n++;
	ff_progress_show(&x->prog, x->n, 0, 0);
	if (x->fmt->write == ff_fgn_write)   /* the store's FGN is the canonical FGN */
		return fwrite(fgn, 1, len, x->fp) == len ? 0 : 1;
	ff_buf_reset(&x->out);
	if (read_back(x, fgn, len) ||
	    (x->fmt->write ? x->fmt->write(&x->rec, &x->out) : x->fmt->writer_put(x->writer, &x->rec, &x->out))) {
		fprintf(stderr, "fivefold export: stored game %llu cannot be written as %s\n", x->n,
			x->fmt->name);
		x->unwritable++;
		return 0;
	}
	return fwrite(x->out.p, 1, x->out.len, x->fp) == x->out.len ? 0 : 1;
}

/* The export itself: a pass for the tag names where the format needs
   them, then the games. Returns 0, or -1 after a message. */
static int export(struct ff_store *store, const struct ff_stats_filter *f, struct exporting *x,
		  unsigned flags)
{
	struct ff_tagset tags = { NULL, 0, 0 };
	struct ff_error err;
	int rc = 0;

	ff_error_clear(&err);
	if (x->fmt->needs_tags) {
		x->tags = &tags;
		rc = ff_store_export(store, f, write_game, x, &err);
		x->tags = NULL;
	}
	if (rc == 0 && !x->fmt->write && !(x->writer = x->fmt->writer_new(tags.names, tags.n, flags)))
		rc = ff_error_set(&err, FF_ENOMEM, "out of memory");
	if (rc == 0)
		rc = ff_store_export(store, f, write_game, x, &err);
	if (x->writer)
		x->fmt->writer_free(x->writer);
	ff_tagset_free(&tags);
	if (rc == 0)
		ff_progress_show(&x->prog, x->n, 0, 1);
	if (rc || fflush(x->fp))
		fprintf(stderr, "fivefold export: %s\n", rc < 0 ? err.msg : strerror(errno));
	return rc || x->fp == stdout || fclose(x->fp) == 0 ? (rc ? -1 : 0) : -1;
}

/* Options for the extra filters; returns 0 or the usage error's status. */
static int export_filter(const struct ff_cmd *cmd, int c, char *arg, struct ff_stats_filter *f)
{
	long v;

	switch (c) {
	case OPT_RESULT:
		if (!ff_fgn_result_token(arg, strlen(arg)))
			return ff_cmd_usage_error(cmd, "--result takes 1-0, 0-1, 1/2-1/2, D, W<k> or *, "
						  "not '%s'", arg);
		f->result = arg;
		return 0;
	case OPT_SEED: {
		uint64_t seed;

		if (ff_parse_uint(arg, strlen(arg), UINT64_MAX, &seed))
			return ff_cmd_usage_error(cmd, "--seed takes a decimal 64-bit number, not '%s'", arg);
		f->seed = arg;
		return 0;
	}
	default:
		if (ff_parse_long(arg, 1, 1000000000L, &v))
			return ff_cmd_usage_error(cmd, "--%s takes a number from 1, not '%s'",
						  c == OPT_LIMIT ? "limit" : c == OPT_MINPLIES ? "min-plies"
						  : "max-plies", arg);
		*(c == OPT_LIMIT ? &f->limit : c == OPT_MINPLIES ? &f->min_plies : &f->max_plies) = v;
		return 0;
	}
}

static int run(const struct ff_cmd *cmd, int argc, char **argv)
{
	struct ff_getopt go;
	struct ff_stats_filter f;
	struct ff_store *store;
	const char *db = NULL, *output = NULL, *format = NULL;
	struct exporting x;
	unsigned flags = 0;
	char *arg;
	int c, rc;

	memset(&f, 0, sizeof f);
	ff_getopt_init(&go, cmd);
	while ((c = ff_getopt_next(&go, argc, argv, &arg)) != -1) {
		switch (c) {
		case 'd': db = arg; break;
		case FF_OPT_GAME: case FF_OPT_RULES: case FF_OPT_OPTION: case FF_OPT_ORIGIN:
		case FF_OPT_PLAYER: case FF_OPT_SINCE: case FF_OPT_UNTIL:
			if (ff_cmd_filter_option(cmd, c, arg, &f))
				return FF_EXIT_USAGE;
			break;
		case OPT_RESULT: case OPT_SEED: case OPT_MINPLIES: case OPT_MAXPLIES: case OPT_LIMIT:
			if (export_filter(cmd, c, arg, &f))
				return FF_EXIT_USAGE;
			break;
		case 'o': output = arg; break;
		case 'f': case OPT_TO: format = arg; break;
		case OPT_RAWCSV: flags |= FF_FMT_RAW_CSV; break;
		case 'h':
			ff_cmd_help(cmd, stdout);
			return FF_EXIT_OK;
		default:
			return FF_EXIT_USAGE;
		}
	}
	if (optind < argc)
		return ff_cmd_usage_error(cmd, "unexpected operand '%s'", argv[optind]);
	memset(&x, 0, sizeof x);
	if (!(x.fmt = ff_cmd_output_format(cmd, format, output)))
		return FF_EXIT_USAGE;
	if ((rc = ff_cmd_open_store(cmd, db, 1, &store)) != 0)
		return rc;
	x.fp = output ? fopen(output, "wb") : stdout;
	if (!x.fp || ff_record_init(&x.rec)) {
		fprintf(stderr, "fivefold export: cannot open '%s': %s\n", output ? output : "-",
			strerror(errno));
		ff_store_close(store);
		return FF_EXIT_FAIL;
	}
	ff_progress_init(&x.prog, NULL, 0, 0, x.fp == stdout);
	rc = export(store, &f, &x, flags);
	ff_store_close(store);
	ff_record_free(&x.rec);
	ff_buf_free(&x.out);
	return rc || x.unwritable ? FF_EXIT_FAIL : FF_EXIT_OK;
}

const struct ff_cmd ff_cmd_export = {
	.name = "export",
	.summary = "write stored games back out in any format, filtered",
	.usage = "--db FILE [OPTIONS]",
	.about = "Writes the stored games that pass the filters, in the order they were\n"
		 "stored: as canonical FGN (the bytes fivefold writes for those records,\n"
		 "plies in canonical long form, so export after import gives the canonical\n"
		 "form of the imported games), or in another format (-f, or -o's\n"
		 "extension). Besides the filters of stats: --result, --seed, --min-plies,\n"
		 "--max-plies and --limit. Exit status 1 when a game cannot be written in\n"
		 "the format asked for (a Ludii trial holds only Locus Ludi games).",
	.opts = opts,
	.run = run,
};
