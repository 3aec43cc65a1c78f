/* fivefold import: validate games and store them (a SQLite file or a
   PostgreSQL database, db/store.h). Valid
   games are stored as canonical FGN (plies rewritten by the engine);
   duplicates (same content hash) are skipped and counted; malformed or
   illegal games go to the quarantine table with their raw text and
   diagnostics. Nothing is lost: read = stored + duplicates + quarantined.
   Work is committed in batches, so a killed import leaves the store
   consistent and running it again completes it. With --threads N the
   games are read in order, replayed and rewritten by N workers (the
   commands' pipeline, cmd/batch.h) and stored in order by this thread:
   the store and the output are the same whatever N. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/batch.h"
#include "cmd/input.h"
#include "cmd/progress.h"
#include "cmd/store_game.h"
#include "db/store.h"
#include "formats/fgn.h"
#include "lib/replay.h"
#include "lib/tags.h"
#include "lib/text.h"

#define BATCH 32768       /* games a transaction holds (docs/store.md) */
#define CHUNK 16          /* games a unit of work holds (with 2 or more threads) */
#define MAX_THREADS 64

/* What the options say. */
struct iset {
	struct ff_input_opts in;
	const char *db;
	int init, quiet, json;
	long threads;
};

#define S struct iset
static const struct ff_opt opts[] = {
	FF_OPT(DB, S, db, .required = 1,
	       .help = "the store: a SQLite file (made when missing), or a postgresql:// URL"),
	FF_OPT(INIT, S, init),
	FF_INPUT_OPTS(S, in),
	FF_OPT(QUIET, S, quiet, .help = "no diagnostics for quarantined games, only the counts"),
	FF_OPT(THREADS, S, threads, .lo = 1, .hi = MAX_THREADS, .dflt = "1",
	       .help = "replay the games with N threads (the store gets the same)"),
	FF_OPT(FORMAT, S, json, .choices = "text|json", .dflt = "text",
	       .help = "json: each quarantined game and the counts as JSON Lines on standard output "
	       "(docs/json.md)"),
	FF_OPT_DONE
};
#undef S

struct counts {
	unsigned long long read, stored, dups, quarantined, requarantined;
};

/* What a worker made of a slot's games (cmd/batch.h: the games as read,
   with their text, are the slot's), an entry a game: its canonical
   record and facts when valid (valid 1; 0 not, why in the slot's rerr;
   -1 no memory). */
struct unit {
	struct ff_record *canon;
	struct ff_game_facts *facts;
	struct ff_store_game *sg;
	int *valid;
	int cap;
};

struct importer {
	struct ff_store *store;
	struct ff_input in;
	struct ff_game games[MAX_THREADS + 1];   /* a replay per worker */
	struct ff_buf diag;
	struct ff_buf line;       /* a JSON line */
	size_t warned;            /* diag's first bytes: the game's warnings */
	struct ff_progress prog;
	int quiet;
	int json;                 /* --format json */
	int in_batch;
	int stopped;              /* a signal came: the games before it are stored */
	int cut;                  /* the same, seen by the reading thread (its own) */
	int failed_files;         /* files that could not be read */
	struct counts c;
	struct ff_error err;      /* why the store failed */
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

/* With --format json, the line of a game that did not go into the games
   table: {"index":N,"file":...,"game":G,"verdict":...,"line":L,"col":C,
   "ply":K,"seat":S,"code":...,"message":...,"already_quarantined":B}
   (docs/store.md); index 0 and no position for a file that could not be
   read (verdict "failed"). Printed on standard output. */
static void json_line(struct importer *im, const char *file, unsigned long long index,
		      const char *verdict, const struct ff_error *e, int again)
{
	struct ff_buf *b = &im->line;
	int rc;

	ff_buf_reset(b);
	rc = ff_buf_addf(b, "{\"index\":%llu,\"file\":", index);
	rc |= ff_json_str(b, file);
	rc |= ff_buf_addf(b, ",\"game\":%ld,\"verdict\":\"%s\",\"line\":%ld,\"col\":%ld,"
			  "\"ply\":%d,\"seat\":%d,\"code\":", e->game, verdict, e->line, e->col,
			  e->ply, e->seat);
	rc |= ff_json_str(b, ff_code_name(e->code));
	rc |= ff_buf_adds(b, ",\"message\":");
	rc |= ff_json_str(b, e->msg);
	rc |= ff_buf_addf(b, ",\"already_quarantined\":%s}\n", again ? "true" : "false");
	if (rc == 0)
		fputs(b->p, stdout);
}

/* With --format json, the line of a game quarantined as a hash
   collision: its position is in the message, the store's diagnostic
   line. */
static void json_collision(struct importer *im, const char *diag, int again)
{
	struct ff_buf *b = &im->line;
	char *msg = strndup(diag, strcspn(diag, "\n"));

	ff_buf_reset(b);
	if (msg && ff_buf_adds(b, "{\"index\":0,\"file\":\"\",\"game\":0,\"verdict\":"
			       "\"collision\",\"line\":0,\"col\":0,\"ply\":0,\"seat\":0,"
			       "\"code\":\"hash-collision\",\"message\":") == 0 &&
	    ff_json_str(b, msg) == 0 &&
	    ff_buf_addf(b, ",\"already_quarantined\":%s}\n", again ? "true" : "false") == 0)
		fputs(b->p, stdout);
	free(msg);
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
		if (!im->quiet && diag && im->json)
			json_collision(im, diag, what == FF_ADD_COLLISION_AGAIN);
		else if (!im->quiet && diag)
			fputs(diag, stderr);
		im->c.quarantined++;
		if (what == FF_ADD_COLLISION_AGAIN)
			im->c.requarantined++;
	}
}

static int quarantine(struct importer *im, const struct ff_batch_slot *s, int i)
{
	const struct ff_error *why = &s->rerr[i];
	struct ff_store_reject r;
	int rc;

	/* after the warnings: the quarantine keeps both */
	if (ff_diag_format(&im->diag, s->file[i], why))
		return ff_error_set(&im->err, FF_ENOMEM, "out of memory");
	r.source_file = stored_path(im, s->file[i]);
	r.source_game = why->game ? why->game : s->recs[i].number;
	r.source_line = s->recs[i].line;
	r.raw = s->raw_text.p ? s->raw_text.p + s->raw[i] : "";
	r.raw_len = s->raw_len[i];
	r.code = ff_code_name(why->code);
	r.verdict = ff_verdict_of(why->code) == FF_ILLEGAL ? "illegal" : "malformed";
	r.diagnostics = im->diag.p;
	rc = ff_store_add_reject(im->store, &r, &im->err);
	if (rc < 0)
		return -1;
	if (!im->quiet && im->json)
		json_line(im, s->file[i], im->c.read, r.verdict, why, rc == 0);
	else if (!im->quiet)
		fputs(im->diag.p + im->warned, stderr);
	im->c.quarantined++;
	if (rc == 0)
		im->c.requarantined++;
	return 0;
}

static int store_valid(struct importer *im, const struct ff_batch_slot *s, int i)
{
	struct unit *u = s->unit;
	struct ff_store_game *sg = &u->sg[i];

	if (u->valid[i] < 0)
		return ff_error_set(&im->err, FF_ENOMEM, "out of memory");
	sg->source_file = stored_path(im, s->file[i]);
	sg->source_game = s->recs[i].number;
	sg->source_line = s->recs[i].line;
	sg->raw = s->raw_text.p + s->raw[i];
	sg->raw_len = s->raw_len[i];
	return ff_store_add_game(im->store, sg, &im->err);
}

/* Room for cap games in the unit (cmd/batch.h's grow). Returns 0 or -1. */
static int unit_grow(void *ctx, void *p, int cap)
{
	struct unit *u = p;
	void *q;

	(void)ctx;
#define GROW(f) \
	if (!(q = realloc(u->f, (size_t)cap * sizeof *u->f))) \
		return -1; \
	u->f = q
	GROW(canon);
	GROW(facts);
	GROW(sg);
	GROW(valid);
#undef GROW
	for (; u->cap < cap; u->cap++) {
		memset(&u->facts[u->cap], 0, sizeof u->facts[u->cap]);
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
		ff_game_facts_free(&u->facts[i]);
	}
	free(u->canon);
	free(u->facts);
	free(u->sg);
	free(u->valid);
}

/* No more input once a signal came: what is read is stored, then
   committed. */
static int more(void *ctx)
{
	struct importer *im = ctx;

	if (ff_cmd_interrupted())
		im->cut = 1;
	return !im->cut;
}

/* Replay and rewrite game i on worker w. */
static void work(void *ctx, struct ff_batch_slot *s, int i, int w)
{
	struct importer *im = ctx;
	struct unit *u = s->unit;
	int *valid = &u->valid[i];

	*valid = s->rstat[i] == 1 && ff_game_rewrite(&im->games[w], &s->recs[i], FF_FORM_LONG,
						      &u->canon[i], &s->rerr[i]) == FF_VALID;
	if (*valid && ff_game_facts_fill(&u->facts[i], &im->games[w], &s->recs[i], &u->canon[i],
					 &u->sg[i]))
		*valid = -1;
}

/* The warnings about rec's tags (lib/tags.h) into im->diag, printed:
   they stop no game from being stored. Returns 0 or -1 (no memory). */
static int warnings(struct importer *im, const struct ff_record *rec, const char *file)
{
	struct ff_error w[8];
	size_t n = ff_tags_lint(rec, w, 8), i;

	ff_buf_reset(&im->diag);
	for (i = 0; i < n && i < 8; i++)
		if (ff_diag_format(&im->diag, file, &w[i]))
			return ff_error_set(&im->err, FF_ENOMEM, "out of memory");
	im->warned = im->diag.len;
	if (n && !im->quiet) {
		/* the batch before first: its reports come before this game's */
		if (ff_store_settle(im->store, &im->err))
			return -1;
		fputs(im->diag.p, stderr);
	}
	return 0;
}

/* Store or quarantine the slot's games, in order, committing every BATCH. */
static int emit(void *ctx, struct ff_batch_slot *s)
{
	struct importer *im = ctx;
	const struct unit *u = s->unit;
	int i;

	for (i = 0; i < s->n && !im->stopped; i++) {
		if (ff_cmd_interrupted()) {   /* the games stored so far are committed whole */
			im->stopped = 1;
			break;
		}
		if (s->rstat[i] == -2) {
			if (ff_store_settle(im->store, &im->err))
				return -1;
			if (im->json)
				json_line(im, s->file[i], 0, "failed", &s->rerr[i], 0);
			else
				fprintf(stderr, "fivefold import: %s\n", s->rerr[i].msg);
			im->failed_files++;
			continue;
		}
		if (!im->in_batch && ff_store_begin(im->store, &im->err))
			return -1;
		im->in_batch = 1;
		im->c.read++;
		if (warnings(im, &s->recs[i], s->file[i]) ||
		    (u->valid[i] ? store_valid(im, s, i) : quarantine(im, s, i)))
			return -1;
		if (im->c.read % BATCH == 0) {
			/* stored while the next batch is read (PostgreSQL) */
			if (ff_store_commit_later(im->store, &im->err))
				return -1;
			im->in_batch = 0;
		}
		if ((im->c.read & 255) == 0)
			ff_progress_show(&im->prog, im->c.read, s->at, 0);
	}
	return 0;
}

static const struct ff_batch_ops ops = {
	.unit_size = sizeof(struct unit),
	.unit_free = unit_free,
	.grow = unit_grow,
	.work = work,
	.emit = emit,
	.more = more,
};

/* Import every game of files[0, n) with threads workers. Returns 0, or
   -1 with im->err set (or empty: no memory, or a thread not started). */
static int import_all(struct importer *im, const struct ff_input_opts *io, char **files, int n,
		      int threads)
{
	int status;

	ff_progress_init(&im->prog, files, n, 0, 0);
	ff_input_init(&im->in, files, n, io);
	status = ff_batch_run(&ops, im, &im->in, threads, threads == 1 ? 1 : CHUNK, FF_BATCH_RAW);
	if (status == 0)
		status = im->in_batch ? ff_store_commit(im->store, &im->err) :
			 ff_store_settle(im->store, &im->err);
	if (status == 0)
		ff_progress_show(&im->prog, im->c.read, im->prog.bytes, 1);
	ff_input_close(&im->in);
	return status;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct iset *o = set;
	struct importer *im = calloc(1, sizeof *im);
	int rc, i, ok;

	if (!im) {
		fputs("fivefold import: out of memory\n", stderr);
		return FF_EXIT_FAIL;
	}
	ff_cmd_catch_signals();   /* first: a signal from here on stops at a game */
	im->quiet = o->quiet;
	im->json = o->json;
	if ((rc = ff_cmd_open_store(cmd, o->db, o->init ? 2 : 0, &im->store)) != 0) {
		free(im);
		return rc;
	}
	ff_store_on_added(im->store, added, im);
	for (i = 0; i <= MAX_THREADS; i++)
		ff_game_init(&im->games[i]);
	ff_error_clear(&im->err);
	ff_input_hint(cmd->name, argc, &o->in);
	if (!(ok = import_all(im, &o->in, argv, argc, (int)o->threads) == 0)) {
		fprintf(stderr, "fivefold import: %s\n",
			im->err.msg[0] ? im->err.msg : "out of memory, or a thread could not start");
		rc = FF_EXIT_FAIL;
	} else if (im->json) {
		printf("{\"summary\":{\"read\":%llu,\"stored\":%llu,\"duplicates\":%llu,"
		       "\"quarantined\":%llu,\"already_quarantined\":%llu,\"failed_files\":%d}}\n",
		       im->c.read, im->c.stored, im->c.dups, im->c.quarantined, im->c.requarantined,
		       im->failed_files);
		rc = im->failed_files || im->c.quarantined ? FF_EXIT_FAIL : FF_EXIT_OK;
	} else {
		printf("read %llu game%s: %llu stored, %llu duplicate%s, %llu quarantined",
		       im->c.read, im->c.read == 1 ? "" : "s", im->c.stored, im->c.dups,
		       im->c.dups == 1 ? "" : "s", im->c.quarantined);
		if (im->c.requarantined)
			printf(" (%llu of them already in quarantine)", im->c.requarantined);
		printf("\n");
		/* as validate: some game was not valid */
		rc = im->failed_files || im->c.quarantined ? FF_EXIT_FAIL : FF_EXIT_OK;
	}
	if (ok && (im->stopped || im->cut))
		rc = ff_cmd_interrupt_status(cmd, im->c.read, "game");
	for (i = 0; i <= MAX_THREADS; i++)
		ff_game_free(&im->games[i]);
	ff_buf_free(&im->diag);
	ff_buf_free(&im->line);
	free(im->where);
	ff_store_close(im->store);
	free(im);
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
		 "when a game is not valid. With --format json, standard output is JSON\n"
		 "Lines: an object per quarantined game, then the counts (docs/json.md).\n"
		 "See docs/store.md.",
	.opts = opts,
	.settings = sizeof(struct iset),
	.run = run,
};
