/* fivefold import: validate games and store them (a SQLite file or a
   PostgreSQL database, db/store.h). Valid
   games are stored as canonical FGN (plies rewritten by the engine);
   duplicates (same content hash) are skipped and counted; malformed or
   illegal games go to the quarantine table with their raw text and
   diagnostics. Nothing is lost: read = stored + duplicates + quarantined.
   Work is committed in batches, so a killed import leaves the store
   consistent and running it again completes it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/input.h"
#include "cmd/progress.h"
#include "cmd/store_game.h"
#include "db/store.h"
#include "formats/fgn.h"
#include "lib/replay.h"
#include "lib/text.h"

#define BATCH 4096

/* What the options say. */
struct iset {
	struct ff_input_opts in;
	const char *db;
	int quiet;
};

#define S struct iset
static const struct ff_opt opts[] = {
	FF_OPT(DB, S, db, .required = 1,
	       .help = "the store: a SQLite file (made when missing), or a postgresql:// URL"),
	FF_INPUT_OPTS(S, in),
	FF_OPT(QUIET, S, quiet, .help = "no diagnostics for quarantined games, only the counts"),
	FF_OPT_DONE
};
#undef S

struct counts {
	unsigned long long read, stored, dups, quarantined, requarantined;
};

struct importer {
	struct ff_store *store;
	struct ff_game game;
	struct ff_record canon;
	struct ff_game_facts facts;
	struct ff_buf diag;
	int quiet;
	int failed_files;         /* files that could not be read */
	struct counts c;
	const char *named;        /* the file as given ... */
	char *where;              /* ... and its absolute path, as stored */
};

/* The path to store for file: absolute, so that it means the same
   whatever directory an import ran in ("<stdin>" stays). Kept for the
   next game of the same file. */
static const char *stored_path(struct importer *im, const char *file)
{
	if (im->named != file) {
		free(im->where);
		im->where = strcmp(file, "<stdin>") ? realpath(file, NULL) : NULL;
		im->named = file;
	}
	return im->where ? im->where : file;
}

static int store_valid(struct importer *im, const struct ff_input *in, const struct ff_record *rec,
		       const char *file, struct ff_error *err)
{
	struct ff_store_game sg;

	if (ff_game_facts_fill(&im->facts, &im->game, rec, &im->canon, &sg))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	sg.source_file = stored_path(im, file);
	sg.source_game = rec->number;
	sg.source_line = rec->line;
	sg.raw = in->fmt->raw(in->reader, &sg.raw_len);
	return ff_store_add_game(im->store, &sg, err);
}

/* What the store did with a game (ff_store_on_added): counted, and a
   collision's diagnostic printed. */
static void added(void *ctx, enum ff_store_added what, const char *diag)
{
	struct importer *im = ctx;

	if (what == FF_ADD_STORED)
		im->c.stored++;
	else if (what == FF_ADD_DUPLICATE)
		im->c.dups++;
	else {
		/* another game holds its key: quarantined, not dropped */
		if (!im->quiet && diag)
			fputs(diag, stderr);
		im->c.quarantined++;
		if (what == FF_ADD_COLLISION_AGAIN)
			im->c.requarantined++;
	}
}

static int quarantine(struct importer *im, const struct ff_input *in, const char *file,
		      const struct ff_record *rec, const struct ff_error *why, struct ff_error *err)
{
	struct ff_store_reject r;
	size_t len = 0;
	const char *raw = in->fmt->raw(in->reader, &len);
	int rc;

	ff_buf_reset(&im->diag);
	if (ff_diag_format(&im->diag, file, why))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	if (!im->quiet)
		fputs(im->diag.p, stderr);
	r.source_file = stored_path(im, file);
	r.source_game = why->game ? why->game : rec->number;
	r.source_line = rec->line;
	r.raw = raw ? raw : "";
	r.raw_len = raw ? len : 0;
	r.code = ff_code_name(why->code);
	r.verdict = ff_verdict_of(why->code) == FF_ILLEGAL ? "illegal" : "malformed";
	r.diagnostics = im->diag.p;
	rc = ff_store_add_reject(im->store, &r, err);
	if (rc < 0)
		return -1;
	im->c.quarantined++;
	if (rc == 0)
		im->c.requarantined++;
	return 0;
}

/* Import one game read (rc: ff_input_next's return, why its error).
   Returns 0, or -1 with err when the store failed. */
static int import_one(struct importer *im, const struct ff_input *in, int rc, const char *file,
		      struct ff_record *rec, struct ff_error *why, struct ff_error *err)
{
	im->c.read++;
	if (rc == -1 ||
	    ff_game_rewrite(&im->game, rec, FF_FORM_LONG, &im->canon, why) != FF_VALID)
		return quarantine(im, in, file, rec, why, err);
	return store_valid(im, in, rec, file, err);
}

/* Import every game of files[0, n), committing every BATCH games.
   Returns 0, or -1 with err when the store failed. */
static int import_all(struct importer *im, const struct ff_input_opts *io, char **files, int n,
		      struct ff_error *err)
{
	struct ff_input in;
	struct ff_record rec;
	struct ff_error why;
	struct ff_progress prog;
	const char *file = "";
	int rc, status = 0, in_batch = 0;

	if (ff_record_init(&rec))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	ff_progress_init(&prog, files, n, 0, 0);
	ff_input_init(&in, files, n, io);
	while (status == 0) {
		ff_error_clear(&why);
		if ((rc = ff_input_next(&in, &rec, &why, &file)) == 0)
			break;
		if (rc == -2) {
			fprintf(stderr, "fivefold import: %s\n", why.msg);
			im->failed_files++;
			continue;
		}
		if (!in_batch && (status = ff_store_begin(im->store, err)) != 0)
			break;
		in_batch = 1;
		status = import_one(im, &in, rc, file, &rec, &why, err);
		if (status == 0 && im->c.read % BATCH == 0) {
			status = ff_store_commit(im->store, err);
			in_batch = 0;
		}
		if ((im->c.read & 255) == 0)
			ff_progress_show(&prog, im->c.read, ff_input_offset(&in), 0);
	}
	if (status == 0 && in_batch)
		status = ff_store_commit(im->store, err);
	if (status == 0)
		ff_progress_show(&prog, im->c.read, prog.bytes, 1);
	ff_input_close(&in);
	ff_record_free(&rec);
	return status;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct iset *o = set;
	struct importer im;
	struct ff_error err;
	int rc;

	memset(&im, 0, sizeof im);
	im.quiet = o->quiet;
	if ((rc = ff_cmd_open_store(cmd, o->db, 0, &im.store)) != 0)
		return rc;
	ff_store_on_added(im.store, added, &im);
	ff_game_init(&im.game);
	ff_error_clear(&err);
	if (ff_record_init(&im.canon) || import_all(&im, &o->in, argv, argc, &err)) {
		fprintf(stderr, "fivefold import: %s\n", err.msg[0] ? err.msg : "out of memory");
		rc = FF_EXIT_FAIL;
	} else {
		printf("read %llu game%s: %llu stored, %llu duplicate%s, %llu quarantined", im.c.read,
		       im.c.read == 1 ? "" : "s", im.c.stored, im.c.dups, im.c.dups == 1 ? "" : "s",
		       im.c.quarantined);
		if (im.c.requarantined)
			printf(" (%llu of them already in quarantine)", im.c.requarantined);
		printf("\n");
		/* as validate: some game was not valid */
		rc = im.failed_files || im.c.quarantined ? FF_EXIT_FAIL : FF_EXIT_OK;
	}
	ff_game_free(&im.game);
	ff_record_free(&im.canon);
	ff_game_facts_free(&im.facts);
	ff_buf_free(&im.diag);
	free(im.where);
	ff_store_close(im.store);
	return rc;
}

const struct ff_cmd ff_cmd_import = {
	.name = "import",
	.summary = "validate games and store them (SQLite or PostgreSQL)",
	.operands = "[FILES...]",
	.operand = FF_C_FILE,
	.about = "Validates every game and stores the valid ones, as canonical FGN, in the\n"
		 "store DB (a SQLite file, or a PostgreSQL database named by a\n"
		 "postgresql:// URL). A game already stored (same content hash) is counted\n"
		 "as a duplicate; a malformed or illegal one goes to the quarantine table\n"
		 "with its raw text and diagnostics. Prints read = stored + duplicates +\n"
		 "quarantined. Commits in batches: a killed import leaves the store\n"
		 "consistent, and running it again completes it. Exit status 1 when a\n"
		 "game went to quarantine or a file could not be read, as validate's\n"
		 "when a game is not valid. See docs/store.md.",
	.opts = opts,
	.settings = sizeof(struct iset),
	.run = run,
};
