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
#include "lib/ruleset.h"
#include "lib/text.h"

/* What the options say. */
struct xset {
	const char *db, *output, *analysis;
	const struct ff_format *to;
	struct ff_stats_filter f;
	int raw_csv;
};

#define S struct xset
static const struct ff_opt opts[] = {
	FF_OPT(DB, S, db, .required = 1),
	FF_FILTER_OPTS(S, f),
	FF_OPT(RESULT, S, f.result),
	FF_OPT(SEED, S, f.seed, .kind = FF_K_TEXT, .help = "only games with this Seed tag"),
	FF_OPT(MINPLIES, S, f.min_plies, .lo = 1, .hi = 1000000000L),
	FF_OPT(MAXPLIES, S, f.max_plies, .lo = 1, .hi = 1000000000L),
	FF_OPT(SEATS, S, f.seats, .kind = FF_K_NUM, .lo = 1, .hi = FF_MAX_SEATS,
	       .help = "only games of N seats (stats' groups)"),
	FF_OPT(LIMIT, S, f.limit, .lo = 1, .hi = 1000000000L),
	FF_OPT(OUTPUT, S, output),
	FF_OPT(FORMAT, S, to),
	FF_OPT(TO, S, to),
	FF_OPT(RAWCSV, S, raw_csv),
	FF_OPT(ANALYSIS, S, analysis),
	FF_OPT_DONE
};
#undef S

/* One export pass: the format, where it goes, and what it has done. With
   tags set, the pass only collects tag names. */
struct exporting {
	const struct ff_format *fmt;
	void *writer;
	FILE *fp;
	struct ff_out file;   /* fp's */
	struct ff_tagset *tags;
	struct ff_record rec;
	struct ff_buf out;
	struct ff_out an;     /* --analysis's file: an.fp NULL without it */
	unsigned long long n, unwritable;
	struct ff_progress prog;
	int stopped;          /* a signal came: the games before it are written */
};

/* Read one game's canonical FGN into x->rec. Returns 0 or -1. */
static int read_back(struct exporting *x, const char *fgn, size_t len)
{
	return ff_fgn_read_text(fgn, len, &x->rec, NULL) == 1 ? 0 : -1;
}

/* The store's facts of g, for the writer (a per-game CSV's derived
   columns). */
static struct ff_derived derived_of(const struct ff_exported *g)
{
	struct ff_derived d;

	d.ruleset = g->ruleset;
	d.seats = g->seats;
	d.plies = g->plies;
	d.winner = g->winner_side;
	d.termination = g->termination;
	d.origin = g->origin;
	d.date = g->date;
	return d;
}

static int write_game(void *ctx, const struct ff_exported *g)
{
	struct exporting *x = ctx;
	const char *fgn = g->fgn;
	size_t len = g->fgn_len;
	struct ff_derived d = derived_of(g);

	if (ff_cmd_interrupted()) {   /* stop before this game: the output ends whole */
		x->stopped = 1;
		return 1;
	}
	if (x->tags)
		return read_back(x, fgn, len) == 0 && ff_tagset_add(x->tags, &x->rec) == 0 ? 0 : 1;
	x->n++;
	ff_progress_show(&x->prog, x->n, 0, 0);
	if (x->an.fp && fprintf(x->an.fp, "{\"id\":%lld,\"analysis\":%s}\n", g->id,
				g->analysis ? g->analysis : "null") < 0)
		return 1;
	if (x->fmt->write == ff_fgn_write)   /* the store's FGN is the canonical FGN */
		return fwrite(fgn, 1, len, x->fp) == len ? 0 : 1;
	ff_buf_reset(&x->out);
	if (read_back(x, fgn, len) ||
	    (x->fmt->write ? x->fmt->write(&x->rec, &x->out)
			   : x->fmt->writer_put(x->writer, &x->rec, &d, &x->out))) {
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
	struct ff_tagset tags;
	struct ff_error err;
	int rc = 0;

	memset(&tags, 0, sizeof tags);
	ff_error_clear(&err);
	if (x->fmt->needs_tags) {
		x->tags = &tags;
		rc = ff_store_export(store, f, write_game, x, &err);
		x->tags = NULL;
		if (x->stopped)
			rc = 0;   /* the header of no rows, below */
	}
	if (rc == 0 && !x->fmt->write && !(x->writer = x->fmt->writer_new(tags.names, tags.n, flags)))
		rc = ff_error_set(&err, FF_ENOMEM, "out of memory");
	if (rc == 0)
		rc = ff_store_export(store, f, write_game, x, &err);
	if (x->stopped)
		rc = 0;
	if (x->writer)
		x->fmt->writer_free(x->writer);
	ff_tagset_free(&tags);
	if (rc == 0 && !x->stopped)
		ff_progress_show(&x->prog, x->n, 0, 1);
	if (rc < 0)
		fprintf(stderr, "fivefold export: %s\n", err.msg);
	else if (rc)
		fprintf(stderr, "fivefold export: cannot write %s: %s\n", ff_out_name(&x->file),
			strerror(errno));
	return ff_out_close(&x->file, rc == 0 && !x->unwritable) || rc ? -1 : 0;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct xset *o = set;
	struct ff_stats_filter f;
	struct ff_store *store;
	struct exporting x;
	int rc;

	(void)argc;
	(void)argv;
	memset(&x, 0, sizeof x);
	ff_cmd_catch_signals();   /* first: a signal from here on stops at a game */
	if (!(x.fmt = ff_cmd_output_format(cmd, o->to, o->output)))
		return FF_EXIT_USAGE;
	if ((rc = ff_cmd_open_store(cmd, o->db, 1, &store)) != 0)
		return rc;
	if (ff_record_init(&x.rec) || ff_out_open(&x.file, cmd, o->output)) {
		if (!x.rec.text.p)
			fputs("fivefold export: out of memory\n", stderr);
		ff_store_close(store);
		ff_record_free(&x.rec);
		return FF_EXIT_FAIL;
	}
	x.fp = x.file.fp;
	ff_progress_init(&x.prog, NULL, 0, 0, x.fp == stdout);
	f = o->f;
	f.analysis = o->analysis != NULL;
	if (o->analysis && ff_out_open(&x.an, cmd, o->analysis)) {
		ff_out_close(&x.file, 0);
		ff_store_close(store);
		ff_record_free(&x.rec);
		return FF_EXIT_FAIL;
	}
	rc = export(store, &f, &x, o->raw_csv ? FF_FMT_RAW_CSV : 0);
	if (x.an.fp && ff_out_close(&x.an, rc == 0 && !x.unwritable))
		rc = -1;
	ff_store_close(store);
	ff_record_free(&x.rec);
	ff_buf_free(&x.out);
	if (rc == 0 && x.stopped)
		return ff_cmd_interrupt_status(cmd, x.n, "game");
	return rc || x.unwritable ? FF_EXIT_FAIL : FF_EXIT_OK;
}

const struct ff_cmd ff_cmd_export = {
	.name = "export",
	.summary = "write stored games back out in any format, filtered",
	.about = "Writes the stored games that pass the filters, in the order they were\n"
		 "stored: as canonical FGN (the bytes fivefold writes for those records,\n"
		 "plies in canonical long form, so export after import gives the canonical\n"
		 "form of the imported games), or in another format (-f, or -o's\n"
		 "extension). Besides the filters of stats: --result, --seed, --min-plies,\n"
		 "--max-plies, --seats and --limit. A per-game CSV gets the store's facts\n"
		 "of each game as its derived columns (@ruleset, @seats, ...). Exit status\n"
		 "1 when a game cannot be written in the format asked for (a Ludii trial\n"
		 "holds only Locus Ludi games). --analysis FILE writes each game's\n"
		 "analysis kept by analyse --db (every ply's figures) beside, as JSON Lines.",
	.opts = opts,
	.settings = sizeof(struct xset),
	.run = run,
};
