/* fivefold analyse: every ply of every game valued against the exact
   solution of its ruleset (lib/analysis/analyse.h), or by search where
   there is none or --method search says so (lib/analysis/search.h): the
   played ply's value, the best ply and its value, the error (best -
   played) and the luck, all for the side that moves; per game and seat
   the total error, the errors over --threshold and the total luck. Text,
   JSON Lines or CSV; or, with --annotate, the games back as FGN with the
   figures as comments and NAGs. The solution comes from --solution FILE
   (fivefold solve -o), else each ruleset met is solved once, on the
   spot. */
#include "config.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/analyse_out.h"
#include "cmd/analyse_sol.h"
#include "cmd/batch.h"
#include "cmd/cmd.h"
#include "cmd/input.h"
#include "db/store.h"
#include "formats/fgn.h"
#include "lib/analysis/graph.h"
#include "lib/replay.h"

#define MAX_THREADS 64

/* What the options say. */
struct aset {
	struct ff_input_opts in;
	const char *solution, *output, *threshold, *db, *shard, *plot;
	int fmt, annotate, quiet;
	int method, hindsight;
	long iterations, time_ms, threads;
	uint64_t seed;
};

/* --method's values, in order */
enum { M_AUTO = 0, M_EXACT, M_SEARCH };

#define S struct aset
static const struct ff_opt opts[] = {
	FF_OPT(SOLUTION, S, solution, .help = "the solution of the games' ruleset (fivefold solve "
		"-o FILE); without it each ruleset is solved first"),
	FF_OPT(FORMAT, S, fmt, .choices = "text|json|csv", .dflt = "text",
	       .help = "text, JSON Lines (an object per game and a summary) or CSV (a row per ply "
		       "and per seat)"),
	FF_OPT(THRESHOLD, S, threshold, .dflt = "0.02"),
	FF_OPT(METHOD, S, method, .choices = "auto|exact|search", .dflt = "auto",
	       .help = "exact: against the solution; search: by playouts (docs/analyse.md); "
		       "auto: exact where the ruleset can be solved, else search"),
	FF_OPT(ITERATIONS, S, iterations, .lo = 1, .hi = 100000000L, .dflt = "400",
	       .help = "search: N playouts a position, shared by the plies valued"),
	FF_OPT(TIMEMS, S, time_ms, .lo = 1, .hi = 3600000L, .unset = 0,
	       .help = "search: N milliseconds a position instead of --iterations (not "
		       "reproducible)"),
	FF_OPT(SEED, S, seed, .dflt = "1", .help = "search: the seed of the playouts"),
	FF_OPT(HINDSIGHT, S, hindsight),
	FF_OPT(THREADS, S, threads, .lo = 1, .hi = MAX_THREADS, .dflt = "1",
	       .help = "analyse N games at once (the output is the same bytes)"),
	FF_OPT(ANNOTATE, S, annotate),
	FF_OPT(DB, S, db, .help = "also keep each game's analysis in the store DB (the games "
	       "must be stored there: fivefold import), for stats --by player and export"),
	FF_OPT(OUTPUT, S, output),
	FF_OPT(PLOT, S, plot, .help = "also draw the value graph of the first game analysed (the "
	       "value for seat 1's side after every ply, errors marked) as SVG in FILE"),
	FF_OPT(SHARD, S, shard, .help = "only the I-th of K equal runs of the input's games, in "
	       "order (the input is read twice: FILES, not standard input); the summary goes to "
	       "standard error, so the K shards' outputs concatenated in shard order are the "
	       "bytes of --shard 1/1 (docs/analyse.md)"),
	FF_INPUT_OPTS(S, in),
	FF_OPT(QUIET, S, quiet, .help = "the sums per game and seat, not every ply"),
	FF_OPT_DONE
};
#undef S

/* What one thread analyses a game with. */
struct aworker {
	struct ff_analysis an;
	struct ff_game game;
	struct ff_game canon_game; /* the game replayed again for its canonical FGN */
	struct ff_record canon;
	struct ff_buf id;
};

/* A slot's game (one a slot) as its worker left it for emit(). */
enum { G_DONE, G_FAILED, G_FILE, G_SKIP, G_STOP };
struct agame {
	int state;                 /* G_*: analysed; not (s->err says why); a file
				      that failed; another shard's; read after a signal */
	unsigned long long plies;
	int keep;                  /* --db: sa (and what it points into) filled */
	int late;                  /* a signal came while it was worked on */
	const struct ff_solution *sol;   /* the solution used, held, or NULL */
	struct ff_solved *which;   /* its entry */
	struct ff_store_analysis sa;
	struct ff_store_seat_analysis seat[FF_MAX_SEATS];
	struct ff_buf fgn, budget, plies_json;
	struct ff_buf graph;       /* --plot: the game's graph */
};

struct actx {
	const struct ff_cmd *cmd;
	const struct aset *o;
	struct ff_search_opts search;   /* the search's budget */
	double threshold;
	struct ff_solved_set solved;
	int solved_made;
	struct aworker w[MAX_THREADS + 1];
	int nworkers;              /* w[0, nworkers) made */
	const struct ff_format *fgn;
	FILE *fp;
	struct ff_out out_file;    /* fp's */
	long games, analysed, failed;
	int stopped;               /* a signal came: the games before it are written */
	unsigned long long plies;
	struct ff_store *store;    /* --db's, or NULL */
	unsigned long long lo, hi; /* --shard: the games [lo, hi) of the input, from 0 */
	long shard;                /* --shard's I (1 without it) */
	struct ff_buf graph;       /* --plot: the first game's graph */
	atomic_int plotted;        /* --plot: graph holds it: the workers draw no more */
};

/* Is a game of rules analysed by search under --method's value m? */
static int by_search(int m, const struct ff_rules *rules)
{
	return m == M_SEARCH || (m == M_AUTO && !ff_rules_can(rules, FF_CAN_SOLVE));
}

/* A game that could not be analysed: why, into s->err. */
static void failed(struct ff_batch_slot *s, struct agame *u, const char *file,
		   const struct ff_error *err)
{
	ff_diag_format(&s->err, file, err);
	u->state = G_FAILED;
}

/* What the store keeps of w's analysis of rec, into u: the game's
   canonical FGN, by whose key the store finds it, as import keyed it.
   Returns 0, or -1 with the reason in s->err. */
static int to_keep(struct aworker *w, struct ff_batch_slot *s, struct agame *u,
		   const char *file, const struct ff_record *rec)
{
	struct ff_error err;

	ff_error_clear(&err);
	if (ff_game_rewrite(&w->canon_game, rec, FF_FORM_LONG, &w->canon, &err) != FF_VALID) {
		failed(s, u, file, &err);
		return -1;
	}
	ff_buf_reset(&u->fgn);
	if (ff_fgn_write(&w->canon, &u->fgn) ||
	    ff_analysis_stored(&w->an, &u->budget, &u->plies_json, u->seat, &u->sa)) {
		ff_buf_adds(&s->err, "fivefold analyse: out of memory\n");
		u->state = G_FAILED;
		return -1;
	}
	u->sa.fgn = u->fgn.p;
	u->sa.fgn_len = u->fgn.len;
	u->sa.game = w->canon_game.rules->name;
	u->keep = 1;
	return 0;
}

/* --plot: the graph of the game w just analysed (w->game at its end),
   into u->graph. Returns 0 or -1 (no memory). */
static int draw(struct aworker *w, struct agame *u, const char *file,
		const struct ff_record *rec)
{
	int side[FF_MAX_SEATS], seat, rc;
	char *title;
	size_t n;

	for (seat = 0; seat < w->an.seats; seat++)
		side[seat] = ff_rules_side_of(w->game.rules, w->game.state, seat);
	n = strlen(file) + strlen(w->id.p) + 64;
	if (!(title = malloc(n)))
		return -1;
	snprintf(title, n, "%s: game %ld (%s)", file, rec->number, w->id.p);
	rc = ff_graph_svg(&w->an, side, ff_rules_sides(w->game.rules, w->game.state), title,
			  &u->graph);
	free(title);
	return rc;
}

/* Value every ply of rec on w, exactly or by search; the solution used
   is held in u until emit() gives it back. Returns 0, or -1 with err. */
static int value(struct actx *c, struct aworker *w, struct agame *u,
		 const struct ff_record *rec, struct ff_error *err)
{
	struct ff_solved *which;

	if (by_search(c->o->method, w->game.rules))
		return ff_analysis_run_search(&w->an, &w->game, &c->search, rec, err);
	if (!(u->sol = ff_solved_get(&c->solved, &w->game, w->id.p, &which, err))) {
		err->game = rec->number;
		err->line = rec->line;
		err->col = rec->col;
		return -1;
	}
	u->which = which;
	return ff_analysis_run(&w->an, &w->game, u->sol, rec, err);
}

/* Analyse rec on w and write what it says into s->out (its failure into
   s->err), what the store keeps and the graph into u. */
static void one_game(struct actx *c, struct aworker *w, struct ff_batch_slot *s,
		     struct agame *u, const char *file, const struct ff_record *rec)
{
	struct ff_error err;

	ff_error_clear(&err);
	if (ff_game_start(&w->game, rec, &err)) {
		failed(s, u, file, &err);
		return;
	}
	ff_buf_reset(&w->id);
	if (ff_config_id(&w->game.cfg, &w->id)) {
		ff_error_set(&err, FF_ENOMEM, "out of memory");
		failed(s, u, file, &err);
		return;
	}
	if (value(c, w, u, rec, &err)) {
		failed(s, u, file, &err);
		return;
	}
	/* (a game in work before the first was emitted draws one too) */
	if (c->o->plot && !atomic_load_explicit(&c->plotted, memory_order_relaxed) &&
	    draw(w, u, file, rec)) {
		ff_buf_adds(&s->err, "fivefold analyse: out of memory\n");
		u->state = G_FAILED;
		return;
	}
	if (c->store && to_keep(w, s, u, file, rec))
		return;
	u->state = G_DONE;
	u->plies = (unsigned long long)w->an.n;
	if (c->o->annotate)
		ff_analysis_annotate(&w->an, rec, c->fgn, &s->out);
	else
		ff_analysis_write(&w->an, c->o->fmt, c->o->quiet, file, rec, w->id.p, &s->out);
}

/* The batch's work: the slot's game (one a slot), on worker `worker`. A
   signal before it starts leaves it (G_STOP); one while it runs marks it
   late: emit() stops after it, as one thread stops after the game it is
   on, whatever the later slots finished before the signal. */
static void work(void *ctx, struct ff_batch_slot *s, int i, int worker)
{
	struct actx *c = ctx;
	struct agame *u = s->unit;
	const struct ff_error *err = &s->rerr[i];

	u->keep = 0;
	u->late = 0;
	ff_buf_reset(&u->graph);
	if (ff_cmd_interrupted()) {
		u->state = G_STOP;   /* whole games only */
	} else if (s->rstat[i] == -2) {   /* a file that failed (or its game ran out of memory) */
		if (err->code == FF_ENOMEM && err->game > 0)
			ff_diag_format(&s->err, s->file[i], err);
		else
			ff_buf_addf(&s->err, "fivefold analyse: %s\n", err->msg);
		u->state = G_FILE;
	} else if (s->first + (unsigned)i < c->lo || s->first + (unsigned)i >= c->hi) {
		u->state = G_SKIP;   /* another shard's */
	} else if (s->rstat[i] < 0) {
		failed(s, u, s->file[i], err);
	} else {
		one_game(c, &c->w[worker], s, u, s->file[i], &s->recs[i]);
	}
	u->late = ff_cmd_interrupted() != 0;
}

/* Keep u's analysis in the store. Returns 0, or -1 after a message (the
   game is not stored, or the store failed). */
static int keep(struct actx *c, struct ff_batch_slot *s, struct agame *u)
{
	struct ff_error err;
	int rc;

	ff_error_clear(&err);
	rc = ff_store_add_analysis(c->store, &u->sa, &err);
	if (rc == 1)
		return 0;
	if (rc == 0)
		fprintf(stderr, "%s: game %ld: not in the store (fivefold import it first): its "
			"analysis is not kept\n", s->file[0], s->recs[0].number);
	else
		fprintf(stderr, "fivefold analyse: %s\n", err.msg);
	return -1;
}

/* The slot's game, in input order: its messages, its output, the
   store. */
static void emit_game(struct actx *c, struct ff_batch_slot *s, struct agame *u)
{
	if (u->state == G_SKIP)
		return;
	fwrite(s->err.p ? s->err.p : "", 1, s->err.len, stderr);
	c->games += u->state != G_FILE;
	if (u->state != G_DONE) {
		c->failed++;
		return;
	}
	if (u->graph.len && !c->graph.len) {   /* the first game's */
		struct ff_buf t = c->graph;

		c->graph = u->graph;
		u->graph = t;
		atomic_store_explicit(&c->plotted, 1, memory_order_relaxed);
	}
	if (u->keep && keep(c, s, u)) {
		c->failed++;
		return;
	}
	c->analysed++;
	c->plies += u->plies;
	fwrite(s->out.p ? s->out.p : "", 1, s->out.len, c->fp);
}

/* The batch's emit: the slot's game, in input order; after a signal, the
   games up to the one being worked on when it came. */
static int emit(void *ctx, struct ff_batch_slot *s)
{
	struct actx *c = ctx;
	struct agame *u = s->unit;

	if (s->n == 0)
		return 0;
	if (u->sol) {   /* solved on the spot: said before its first game */
		if (!c->stopped && u->state != G_STOP)
			ff_solved_note(&c->solved, u->which, stderr);
		ff_solved_put(&c->solved, u->sol);
		u->sol = NULL;
	}
	if (c->stopped)
		return 0;
	if (u->state == G_STOP) {
		c->stopped = 1;
		return 0;
	}
	emit_game(c, s, u);
	c->stopped = u->late;
	return 0;
}

static int more(void *ctx)
{
	(void)ctx;
	return !ff_cmd_interrupted();
}

static void unit_free(void *ctx, void *p)
{
	struct actx *c = ctx;
	struct agame *u = p;

	if (u->sol)   /* a slot worked on and never emitted */
		ff_solved_put(&c->solved, u->sol);
	ff_buf_free(&u->fgn);
	ff_buf_free(&u->budget);
	ff_buf_free(&u->plies_json);
	ff_buf_free(&u->graph);
}

static const struct ff_batch_ops ops = {
	.unit_size = sizeof(struct agame),
	.unit_free = unit_free,
	.work = work,
	.emit = emit,
	.more = more,
};

/* Every game of the input, on o->threads threads. Returns 0, or -1 when
   memory ran out or a thread could not be started (after a message). */
static int each_game(struct actx *c, struct ff_input *in)
{
	if (ff_batch_run(&ops, c, in, (int)c->o->threads, 1, 0)) {
		fputs("fivefold analyse: out of memory, or no thread could be started\n", stderr);
		return -1;
	}
	c->stopped |= ff_cmd_interrupted() != 0;
	return 0;
}

/* The games of the input: files read once through (a file that cannot
   be read counts none; the second pass reports it). */
static unsigned long long count_games(char **files, int n, const struct ff_input_opts *io)
{
	struct ff_input in;
	struct ff_record rec;
	struct ff_error err;
	const char *file;
	unsigned long long games = 0;
	int rc;

	if (ff_record_init(&rec))
		return 0;
	ff_input_init(&in, files, n, io);
	while ((rc = ff_input_next(&in, &rec, &err, &file)) != 0)
		games += rc != -2;
	ff_input_close(&in);
	ff_record_free(&rec);
	return games;
}

/* --shard I/K: the games c takes (c->lo, c->hi), from a first pass over
   the files. Returns 0, or the usage error's status (standard input,
   which cannot be read twice). */
static int shard_of(struct actx *c, const struct ff_cmd *cmd, int argc, char **argv)
{
	long i, k;
	int j;

	c->hi = (unsigned long long)-1;
	c->shard = 1;
	if (!c->o->shard)
		return 0;
	for (j = 0; j < argc; j++)
		if (strcmp(argv[j], "-") == 0)
			break;
	if (argc == 0 || j < argc)
		return ff_cmd_usage_error(cmd, "--shard reads the input twice: give FILES, not "
					  "standard input");
	ff_parse_shard(c->o->shard, &i, &k);
	c->shard = i;
	ff_shard_range(count_games(argv, argc, &c->o->in), i, k, &c->lo, &c->hi);
	return 0;
}

/* The summary: a line on standard error (text, CSV, --annotate) or the
   last object (JSON Lines); with --shard, on standard error (a shard's
   output is its games only). */
static void summary(const struct actx *c)
{
	FILE *fp = c->o->shard ? stderr : c->fp;

	if (c->o->fmt == FF_AN_JSON && !c->o->annotate)
		fprintf(fp, "{\"summary\":{\"games\":%ld,\"analysed\":%ld,\"not_analysed\":%ld,"
			"\"plies\":%llu}}\n", c->games, c->analysed, c->failed, c->plies);
	else if (c->o->fmt == FF_AN_TEXT && !c->o->annotate)
		fprintf(fp, "summary: %ld game%s, %ld analysed, %ld not analysed, %llu pl%s\n",
			c->games, c->games == 1 ? "" : "s", c->analysed, c->failed, c->plies,
			c->plies == 1 ? "y" : "ies");
}

/* --plot: write the graph, put in place only when every game was
   analysed (as -o's file); with no game analysed, a note and no file.
   Returns 0, or -1 after a message. */
static int plot(struct actx *c, const struct ff_cmd *cmd)
{
	struct ff_out out;

	if (!c->o->plot)
		return 0;
	if (ff_out_open(&out, cmd, c->o->plot))
		return -1;
	fwrite(c->graph.p ? c->graph.p : "", 1, c->graph.len, out.fp);
	if (!c->graph.len && !c->failed) {
		fprintf(stderr, "fivefold analyse: no game analysed: no graph\n");
		ff_out_close(&out, 0);
		return 0;
	}
	return ff_out_close(&out, !c->failed) ? -1 : 0;
}

/* The workers, the first n of them (threads + 1: the last is the
   emitting thread's). Returns 0 or -1 (no memory). */
static int workers_init(struct actx *c, int n)
{
	int i, rc = 0;

	for (i = 0; i < n; i++, c->nworkers++) {
		struct aworker *w = &c->w[i];

		ff_analysis_init(&w->an, c->threshold);
		ff_game_init(&w->game);
		ff_game_init(&w->canon_game);
		rc |= ff_record_init(&w->canon);
	}
	return rc ? -1 : 0;
}

static void workers_free(struct actx *c, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct aworker *w = &c->w[i];

		ff_analysis_free(&w->an);
		ff_game_free(&w->game);
		ff_game_free(&w->canon_game);
		ff_record_free(&w->canon);
		ff_buf_free(&w->id);
	}
}

/* Set c up from the options: the shard, the store, the search, the
   workers. Returns 0, or the exit status after a message. */
static int setup(struct actx *c, const struct ff_cmd *cmd, int argc, char **argv)
{
	const struct aset *o = c->o;
	int rc;

	if ((rc = shard_of(c, cmd, argc, argv)) != 0 ||
	    (o->db && (rc = ff_cmd_open_store(cmd, o->db, 0, &c->store)) != 0))
		return rc;
	c->threshold = ff_parse_fraction(o->threshold);
	ff_search_opts_default(&c->search);
	c->search.iterations = o->iterations;
	c->search.time_ms = o->time_ms;
	c->search.seed = o->seed;
	c->search.hindsight = o->hindsight;
	c->solved_made = ff_solved_init(&c->solved, o->solution, cmd->name) == 0;
	if (!c->solved_made || workers_init(c, (int)o->threads + 1)) {
		fputs("fivefold analyse: out of memory\n", stderr);
		return FF_EXIT_FAIL;
	}
	if (ff_out_open(&c->out_file, cmd, o->output))
		return FF_EXIT_FAIL;
	c->fp = c->out_file.fp;
	return 0;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct aset *o = set;
	struct actx *c = calloc(1, sizeof *c);
	struct ff_input in;
	int rc;

	if (!c) {
		fputs("fivefold analyse: out of memory\n", stderr);
		return FF_EXIT_FAIL;
	}
	ff_cmd_catch_signals();   /* first: a signal from here on stops at a game */
	c->cmd = cmd;
	c->o = o;
	c->fgn = ff_format_find("fgn");
	if ((rc = setup(c, cmd, argc, argv)) != 0)
		goto out;
	if (o->fmt == FF_AN_CSV && !o->annotate && c->shard == 1)   /* the first shard's */
		ff_analysis_csv_header(c->fp);
	ff_input_hint(cmd->name, argc, &o->in);
	ff_input_init(&in, argv, argc, &o->in);
	if (each_game(c, &in))
		c->failed++;
	ff_input_close(&in);
	summary(c);
	if (plot(c, cmd) | ff_out_close(&c->out_file, !c->failed) || c->failed)
		rc = FF_EXIT_FAIL;
	else if (c->stopped)   /* the games analysed so far are the output */
		rc = ff_cmd_interrupt_status(cmd, (unsigned long long)c->games, "game");
out:
	ff_store_close(c->store);
	ff_buf_free(&c->graph);
	if (c->solved_made)
		ff_solved_free(&c->solved);
	workers_free(c, c->nworkers);
	free(c);
	return rc;
}

const struct ff_cmd ff_cmd_analyse = {
	.name = "analyse",
	.summary = "value every ply of every game, exactly or by search: errors and luck",
	.operands = "[FILES...]",
	.operand = FF_C_FILE,
	.about = "For every ply of every game: the value of the position before the throw,\n"
		 "of the best ply the throw allows and of the ply played, for the side that\n"
		 "moves (its probability of winning under perfect play from there); the\n"
		 "ply's error (best - played) and the throw's luck (best - before). Per\n"
		 "game and seat: the total error, the plies whose error is over\n"
		 "--threshold, and the total luck. --annotate writes the games back as FGN\n"
		 "with these figures as comments and NAGs ($6 ?!, $2 ?, $4 ?? for errors\n"
		 "over 1, 2 and 4 times the threshold). Where the ruleset cannot be solved\n"
		 "(Fiveplay, Sequence, Pegs and Jokers) or with --method search, the values\n"
		 "are estimated by playouts, each with its standard error; an error counts\n"
		 "only when it is also over 2 standard errors; card games are valued from\n"
		 "what the mover has seen unless --hindsight (docs/analyse.md). --db keeps\n"
		 "each stored game's analysis in the store (stats --by player reads it),\n"
		 "--plot draws the first game's value graph, --shard I/K analyses the I-th\n"
		 "of K runs of the games (for many machines). Exit status\n"
		 "1 when a game could not be analysed (it breaks the rules, its ruleset\n"
		 "cannot be solved with --method exact, or its cards are not known).",
	.opts = opts,
	.settings = sizeof(struct aset),
	.run = run,
};
