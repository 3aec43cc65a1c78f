/* fivefold store copy: move a store to another database (SQLite file or
   PostgreSQL) without loss; fivefold store backends: the databases this
   fivefold was built to keep a store in. Every stored game is read back from its
   canonical FGN, replayed and stored in the target with its source (file,
   game number, line), in the order stored, through the same code as
   import, so the target keys, dedupes and counts it the same way; every
   quarantine entry is copied as it is; then every analysis (analyse
   --db) is kept again, found in the target by the key of its game's
   canonical FGN, replayed the same way. Batches as import's: a copy killed
   part way and run again completes. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/store_game.h"
#include "db/store.h"
#include "formats/fgn.h"

#define BATCH 4096

/* What the options say. */
struct sset {
	int quiet, init;
};

#define S struct sset
static const struct ff_opt opts[] = {
	FF_OPT(QUIET, S, quiet),
	FF_OPT(INIT, S, init, .help = "TARGET may be a database with tables of its own: add the "
	       "store's tables beside them"),
	FF_OPT_DONE
};
#undef S

struct copier {
	struct ff_store *to;
	const char *from;
	struct ff_game game;
	struct ff_record rec, canon;
	struct ff_game_facts facts;
	struct ff_error err;
	unsigned long long games, stored, dups, quarantined, entries, added;
	unsigned long long analyses, kept;
	int in_batch;
};

static void added(void *ctx, enum ff_store_added what, const char *diag)
{
	struct copier *c = ctx;

	(void)diag;
	if (what == FF_ADD_STORED)
		c->stored++;
	else if (what == FF_ADD_DUPLICATE)
		c->dups++;
	else
		c->quarantined++;
}

/* Begin a batch unless one is open. Returns 0 or -1 with c->err. */
static int open_batch(struct copier *c)
{
	if (!c->in_batch && ff_store_begin(c->to, &c->err))
		return -1;
	c->in_batch = 1;
	return 0;
}

/* Commit the open batch when n, the items copied so far, is a multiple
   of BATCH (0: at the end). Returns 0 or -1 with c->err. */
static int close_batch(struct copier *c, unsigned long long n)
{
	if (!c->in_batch || n % BATCH != 0)
		return 0;
	c->in_batch = 0;
	return ff_store_commit(c->to, &c->err);
}

/* Replay the stored game of FGN fgn (where: "of 'FILE', game N," in
   messages) and fill sg with what the target keeps of it, its canonical
   FGN first. Returns 0 or -1 with c->err. */
static int replay(struct copier *c, const char *fgn, size_t len, const char *where,
		  struct ff_store_game *sg)
{
	struct ff_error why;

	ff_error_clear(&why);
	if (ff_fgn_read_text(fgn, len, &c->rec, &why) != 1 ||
	    ff_game_rewrite(&c->game, &c->rec, FF_FORM_LONG, &c->canon, &why) != FF_VALID)
		return ff_error_set(&c->err, FF_EIO, "store '%s': the stored game %s does not "
				    "replay: %s", c->from, where, why.msg);
	if (ff_game_facts_fill(&c->facts, &c->game, &c->rec, &c->canon, sg))
		return ff_error_set(&c->err, FF_ENOMEM, "out of memory");
	return 0;
}

static int copy_game(void *ctx, const struct ff_stored_game *g)
{
	struct copier *c = ctx;
	struct ff_store_game sg;
	char where[256];

	snprintf(where, sizeof where, "of '%s', game %ld,", g->source_file, g->source_game);
	if (replay(c, g->fgn, g->fgn_len, where, &sg))
		return -1;
	sg.source_file = g->source_file;
	sg.source_game = g->source_game;
	sg.source_line = g->source_line;
	if (open_batch(c) || ff_store_add_game(c->to, &sg, &c->err))
		return -1;
	return close_batch(c, ++c->games);
}

static int copy_reject(void *ctx, const struct ff_store_reject *r)
{
	struct copier *c = ctx;
	int rc;

	if (open_batch(c) || (rc = ff_store_add_reject(c->to, r, &c->err)) < 0)
		return -1;
	c->added += (unsigned long long)rc;
	return close_batch(c, ++c->entries);
}

/* Keep analysis a in the target, for the game as copy stored it there
   (its FGN replayed to the canonical form, as copy_game's): an analysis
   of the same game, method and budget is replaced. */
static int copy_analysis(void *ctx, const struct ff_store_analysis *a)
{
	struct copier *c = ctx;
	struct ff_store_analysis t = *a;
	struct ff_store_game sg;
	char where[64];
	int rc;

	snprintf(where, sizeof where, "of analysis %llu,", c->analyses + 1);
	if (replay(c, a->fgn, a->fgn_len, where, &sg))
		return -1;
	t.fgn = sg.fgn;
	t.fgn_len = sg.fgn_len;
	t.game = sg.game;
	if (open_batch(c) || (rc = ff_store_add_analysis(c->to, &t, &c->err)) < 0)
		return -1;
	c->kept += (unsigned long long)rc;
	return close_batch(c, ++c->analyses);
}

/* Copy every game, then every quarantine entry, then every analysis, of
   from into c->to. */
static int copy(struct copier *c, struct ff_store *from)
{
	struct ff_error err;

	ff_error_clear(&err);
	if (ff_store_each_game(from, copy_game, c, &err) || close_batch(c, 0) ||
	    ff_store_each_reject(from, copy_reject, c, &err) || close_batch(c, 0) ||
	    ff_store_each_analysis(from, copy_analysis, c, &err) || close_batch(c, 0)) {
		fprintf(stderr, "fivefold store: %s\n", err.msg[0] ? err.msg : c->err.msg);
		return -1;
	}
	return 0;
}

/* fivefold store backends: a line per backend compiled in (the store
   registry's order): its name, then the --db values it takes. Returns the
   exit status. */
static int list_backends(const struct ff_cmd *cmd, int argc)
{
	const char *name, *db;
	size_t i;

	if (argc != 1)
		return ff_cmd_usage_error(cmd, "store backends takes no operands, not %d", argc - 1);
	for (i = 0; ff_store_backend_at(i, &name, &db) == 0; i++)
		printf("%-11s %s\n", name, db);
	return ff_cmd_check_stdout(cmd, FF_EXIT_OK);
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct sset *o = set;
	struct ff_store *from = NULL;
	struct ff_buf from_name = FF_BUF_INIT;   /* SOURCE for messages, its secrets hidden */
	const char *source, *target;
	struct copier c;
	int rc;

	if (argc >= 1 && strcmp(argv[0], "backends") == 0)
		return list_backends(cmd, argc);
	if (argc < 1 || strcmp(argv[0], "copy") != 0)
		return ff_cmd_usage_error(cmd, "say what to do: fivefold store copy SOURCE TARGET, "
					  "or fivefold store backends");
	if (argc != 3)
		return ff_cmd_usage_error(cmd, "store copy takes two stores, SOURCE (the store to copy) "
					  "and TARGET (the store to copy into), not %d", argc - 1);
	source = argv[1];
	target = argv[2];
	if (strcmp(source, target) == 0) {
		rc = ff_cmd_usage_error(cmd, "SOURCE and TARGET name the same store '%s'",
					ff_cmd_store_name(source, &from_name));
		ff_buf_free(&from_name);
		return rc;
	}
	memset(&c, 0, sizeof c);
	c.from = ff_cmd_store_name(source, &from_name);
	if ((rc = ff_cmd_open_store(cmd, source, 1, &from)) != 0) {
		ff_buf_free(&from_name);
		return rc;
	}
	if ((rc = ff_cmd_open_store(cmd, target, o->init ? 2 : 0, &c.to)) != 0) {
		ff_store_close(from);
		ff_buf_free(&from_name);
		return rc;
	}
	ff_store_on_added(c.to, added, &c);
	ff_game_init(&c.game);
	ff_error_clear(&c.err);
	if (ff_record_init(&c.rec) || ff_record_init(&c.canon)) {
		fputs("fivefold store: out of memory\n", stderr);
		rc = FF_EXIT_FAIL;
	} else if (copy(&c, from)) {
		rc = FF_EXIT_FAIL;
	} else {
		if (!o->quiet)
			printf("copied %llu game%s: %llu stored, %llu duplicate%s, %llu quarantined; "
			       "%llu quarantine entr%s: %llu added, %llu there already; "
			       "%llu analys%s: %llu kept, %llu without their game\n", c.games,
			       c.games == 1 ? "" : "s", c.stored, c.dups, c.dups == 1 ? "" : "s",
			       c.quarantined, c.entries, c.entries == 1 ? "y" : "ies", c.added,
			       c.entries - c.added, c.analyses, c.analyses == 1 ? "is" : "es",
			       c.kept, c.analyses - c.kept);
		rc = FF_EXIT_OK;
	}
	ff_game_free(&c.game);
	ff_record_free(&c.rec);
	ff_record_free(&c.canon);
	ff_game_facts_free(&c.facts);
	ff_store_close(c.to);
	ff_store_close(from);
	ff_buf_free(&from_name);
	return rc;
}

const struct ff_cmd ff_cmd_store = {
	.name = "store",
	.summary = "copy a store to another database (SQLite or PostgreSQL); list the backends",
	.operands = "copy SOURCE TARGET | backends",
	.operand = FF_C_ANY,
	.about = "`fivefold store copy SOURCE TARGET` copies every game, every\n"
		 "quarantine entry and every analysis (analyse --db) of the store\n"
		 "SOURCE into the store TARGET (made when missing), in the order\n"
		 "stored. Either is a SQLite file or a PostgreSQL database\n"
		 "(postgresql://...), of the same kind or not. Each game is replayed\n"
		 "from its canonical FGN and stored with its source file, game number\n"
		 "and line, keyed and deduplicated as import does it; a game already in\n"
		 "the target counts as a duplicate, so copying again adds nothing (an\n"
		 "analysis of the same game, method and budget is replaced). Batches as\n"
		 "import's: a killed copy run again completes. (--from and --to, which\n"
		 "name formats elsewhere, are refused.)\n"
		 "`fivefold store backends` lists the databases this fivefold was built\n"
		 "to keep a store in, a line each: the backend's name, then the --db\n"
		 "values it takes (SQLite always; PostgreSQL when built with libpq).\n"
		 "See docs/store.md.",
	.opts = opts,
	.settings = sizeof(struct sset),
	.run = run,
};
