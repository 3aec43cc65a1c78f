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

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/analyse_out.h"
#include "cmd/cmd.h"
#include "cmd/input.h"
#include "cmd/progress.h"
#include "db/store.h"
#include "formats/fgn.h"
#include "lib/analysis/graph.h"
#include "lib/analysis/solve.h"
#include "lib/replay.h"

#define MAX_SOLVED 8          /* rulesets held at once */
#define TOLERANCE 1e-12

/* What the options say. */
struct aset {
	struct ff_input_opts in;
	const char *solution, *output, *threshold, *db, *shard, *plot;
	int fmt, annotate, quiet;
	int method, hindsight;
	long iterations, time_ms;
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

/* A ruleset met: its solution, or why there is none. */
struct solved {
	char *id;
	struct ff_solution sol;
	int ok;
	struct ff_error err;
};

struct actx {
	const struct ff_cmd *cmd;
	const struct aset *o;
	struct ff_analysis an;     /* the game being analysed */
	struct ff_search_opts search;   /* the search's budget */
	struct solved solved[MAX_SOLVED];
	int nsolved;
	struct ff_game game;
	struct ff_buf id, out;
	const struct ff_format *fgn;
	FILE *fp;
	struct ff_out out_file;    /* fp's */
	long games, analysed, failed;
	int stopped;               /* a signal came: the games before it are written */
	unsigned long long plies;
	struct ff_store *store;    /* --db's, or NULL */
	struct ff_game canon_game; /* the game replayed again for its canonical FGN */
	struct ff_record canon;
	struct ff_buf canon_fgn, budget, plies_json;
	long kept;                 /* analyses kept in the store */
	unsigned long long lo, hi; /* --shard: the games [lo, hi) of the input, from 0 */
	unsigned long long seen;   /* games of the input read so far */
	long shard;                /* --shard's I (1 without it) */
	struct ff_buf graph;       /* --plot: the first game's graph, once drawn */
};

/* The solution of ruleset id (the game g's), from --solution or solved
   now; NULL with err when there is none. */
static const struct ff_solution *solution_for(struct actx *c, const struct ff_game *g,
					      const char *id, struct ff_error *err)
{
	struct solved *s;
	int i;

	for (i = 0; i < c->nsolved; i++)
		if (strcmp(c->solved[i].id, id) == 0)
			break;
	if (i == c->nsolved) {
		if (c->nsolved == MAX_SOLVED) {   /* forget the oldest */
			free(c->solved[0].id);
			ff_solution_free(&c->solved[0].sol);
			memmove(c->solved, c->solved + 1, (MAX_SOLVED - 1) * sizeof *c->solved);
			i = --c->nsolved;
		}
		s = &c->solved[c->nsolved++];
		memset(s, 0, sizeof *s);
		if (!(s->id = strdup(id)))
			ff_error_set(&s->err, FF_ENOMEM, "out of memory");
		else if (c->o->solution)
			s->ok = ff_solution_load_path(&s->sol, g->rules, id, c->o->solution,
						      &s->err) == 0;
		else {
			struct ff_solve_watch watch;

			ff_progress_solve_start(&watch, c->cmd->name, id);
			s->ok = ff_analysis_solve(&s->sol, g, TOLERANCE, ff_progress_solve, &watch,
						  &s->err) == 0;
			if (s->ok)
				ff_progress_solve_end(&watch);
			if (s->ok)
				fprintf(stderr, "fivefold analyse: solved '%s' (%zu positions; "
					"fivefold solve -o FILE keeps a solution for --solution)\n",
					id, s->sol.nstates);
		}
		if (!s->ok && s->err.code != FF_ENOMEM && s->err.code != FF_EIO)
			s->err.code = FF_EUNSOLVED;
	}
	s = &c->solved[i];
	if (!s->ok) {
		*err = s->err;
		return NULL;
	}
	return &s->sol;
}

/* Is a game of rules analysed by search under --method's value m? */
static int by_search(int m, const struct ff_rules *rules)
{
	return m == M_SEARCH || (m == M_AUTO && !ff_rules_can(rules, FF_CAN_SOLVE));
}

/* Report a game that could not be analysed. */
static void failed(struct actx *c, const char *file, const struct ff_error *err)
{
	ff_buf_reset(&c->out);
	ff_diag_format(&c->out, file, err);
	fwrite(c->out.p, 1, c->out.len, stderr);
	c->failed++;
}

/* Keep the analysis of rec (c->an) in the store: the game is found by
   the key of its canonical FGN, as import keyed it. Returns 0, or -1
   after a message (the game is not stored, or the store failed). */
static int keep(struct actx *c, const char *file, const struct ff_record *rec)
{
	struct ff_store_seat_analysis seat[FF_MAX_SEATS];
	struct ff_store_analysis sa;
	struct ff_error err;
	int rc;

	ff_error_clear(&err);
	if (ff_game_rewrite(&c->canon_game, rec, FF_FORM_LONG, &c->canon, &err) != FF_VALID) {
		failed(c, file, &err);
		return -1;
	}
	ff_buf_reset(&c->canon_fgn);
	if (ff_fgn_write(&c->canon, &c->canon_fgn) ||
	    ff_analysis_stored(&c->an, &c->budget, &c->plies_json, seat, &sa)) {
		fputs("fivefold analyse: out of memory\n", stderr);
		c->failed++;
		return -1;
	}
	sa.fgn = c->canon_fgn.p;
	sa.fgn_len = c->canon_fgn.len;
	sa.game = c->canon_game.rules->name;
	rc = ff_store_add_analysis(c->store, &sa, &err);
	if (rc == 1) {
		c->kept++;
		return 0;
	}
	if (rc == 0)
		fprintf(stderr, "%s: game %ld: not in the store (fivefold import it first): its "
			"analysis is not kept\n", file, rec->number);
	else
		fprintf(stderr, "fivefold analyse: %s\n", err.msg);
	c->failed++;
	return -1;
}

/* --plot: draw the graph of the game just analysed (c->an, c->game at
   its end) into c->graph, for the first game only. Returns 0 or -1 (no
   memory). */
static int draw(struct actx *c, const char *file, const struct ff_record *rec)
{
	int side[FF_MAX_SEATS], s, rc;
	char *title;
	size_t n;

	if (!c->o->plot || c->graph.len)
		return 0;
	for (s = 0; s < c->an.seats; s++)
		side[s] = ff_rules_side_of(c->game.rules, c->game.state, s);
	n = strlen(file) + strlen(c->id.p) + 64;
	if (!(title = malloc(n)))
		return -1;
	snprintf(title, n, "%s: game %ld (%s)", file, rec->number, c->id.p);
	rc = ff_graph_svg(&c->an, side, ff_rules_sides(c->game.rules, c->game.state), title,
			  &c->graph);
	free(title);
	return rc;
}

/* Analyse rec and write what it says. */
static void one_game(struct actx *c, const char *file, const struct ff_record *rec)
{
	const struct ff_solution *sol;
	struct ff_error err;

	ff_error_clear(&err);
	if (ff_game_start(&c->game, rec, &err)) {
		failed(c, file, &err);
		return;
	}
	ff_buf_reset(&c->id);
	if (ff_config_id(&c->game.cfg, &c->id)) {
		ff_error_set(&err, FF_ENOMEM, "out of memory");
		failed(c, file, &err);
		return;
	}
	if (by_search(c->o->method, c->game.rules)) {
		if (ff_analysis_run_search(&c->an, &c->game, &c->search, rec, &err)) {
			failed(c, file, &err);
			return;
		}
	} else if (!(sol = solution_for(c, &c->game, c->id.p, &err))) {
		err.game = rec->number;
		err.line = rec->line;
		err.col = rec->col;
		failed(c, file, &err);
		return;
	} else if (ff_analysis_run(&c->an, &c->game, sol, rec, &err)) {
		failed(c, file, &err);
		return;
	}
	if (draw(c, file, rec)) {
		fputs("fivefold analyse: out of memory\n", stderr);
		c->failed++;
		return;
	}
	if (c->store && keep(c, file, rec))
		return;
	c->analysed++;
	c->plies += (unsigned long long)c->an.n;
	ff_buf_reset(&c->out);
	if (c->o->annotate)
		ff_analysis_annotate(&c->an, rec, c->fgn, &c->out);
	else
		ff_analysis_write(&c->an, c->o->fmt, c->o->quiet, file, rec, c->id.p, &c->out);
	fwrite(c->out.p, 1, c->out.len, c->fp);
}

/* Every game of the input. */
static void each_game(struct actx *c, struct ff_input *in)
{
	struct ff_record rec;
	struct ff_error err;
	const char *file;
	int rc;

	if (ff_record_init(&rec)) {
		fputs("fivefold analyse: out of memory\n", stderr);
		c->failed++;
		return;
	}
	while (!(c->stopped = ff_cmd_interrupted() != 0) &&   /* whole games only */
	       (rc = ff_input_next(in, &rec, &err, &file)) != 0) {
		if (rc != -2 && (c->seen++ < c->lo || c->seen > c->hi))
			continue;   /* another shard's */
		if (rc == 1)
			c->games++;
		if (rc == -1)
			c->games++;
		if (rc == -2 && !(err.code == FF_ENOMEM && err.game > 0)) {
			fprintf(stderr, "fivefold analyse: %s\n", err.msg);
			c->failed++;
		} else if (rc < 0) {
			failed(c, file, &err);
		} else {
			one_game(c, file, &rec);
		}
	}
	ff_record_free(&rec);
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

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct aset *o = set;
	struct actx *c = calloc(1, sizeof *c);
	struct ff_input in;
	int rc = FF_EXIT_OK, i;

	if (!c) {
		fputs("fivefold analyse: out of memory\n", stderr);
		return FF_EXIT_FAIL;
	}
	ff_cmd_catch_signals();   /* first: a signal from here on stops at a game */
	c->cmd = cmd;
	c->o = o;
	c->fgn = ff_format_find("fgn");
	ff_game_init(&c->game);
	ff_game_init(&c->canon_game);
	if (ff_record_init(&c->canon)) {
		fputs("fivefold analyse: out of memory\n", stderr);
		rc = FF_EXIT_FAIL;
		goto out;
	}
	if ((rc = shard_of(c, cmd, argc, argv)) != 0 ||
	    (o->db && (rc = ff_cmd_open_store(cmd, o->db, 0, &c->store)) != 0))
		goto out;
	ff_analysis_init(&c->an, ff_parse_fraction(o->threshold));
	ff_search_opts_default(&c->search);
	c->search.iterations = o->iterations;
	c->search.time_ms = o->time_ms;
	c->search.seed = o->seed;
	c->search.hindsight = o->hindsight;
	if (ff_out_open(&c->out_file, cmd, o->output)) {
		rc = FF_EXIT_FAIL;
		goto out;
	}
	c->fp = c->out_file.fp;
	if (o->fmt == FF_AN_CSV && !o->annotate && c->shard == 1)   /* the first shard's */
		ff_analysis_csv_header(c->fp);
	ff_input_hint(cmd->name, argc, &o->in);
	ff_input_init(&in, argv, argc, &o->in);
	each_game(c, &in);
	ff_input_close(&in);
	summary(c);
	if (plot(c, cmd) | ff_out_close(&c->out_file, !c->failed) || c->failed)
		rc = FF_EXIT_FAIL;
	else if (c->stopped)   /* the games analysed so far are the output */
		rc = ff_cmd_interrupt_status(cmd, (unsigned long long)c->games, "game");
out:
	ff_store_close(c->store);
	ff_game_free(&c->canon_game);
	ff_record_free(&c->canon);
	ff_buf_free(&c->canon_fgn);
	ff_buf_free(&c->budget);
	ff_buf_free(&c->plies_json);
	ff_buf_free(&c->graph);
	for (i = 0; i < c->nsolved; i++) {
		free(c->solved[i].id);
		ff_solution_free(&c->solved[i].sol);
	}
	ff_analysis_free(&c->an);
	ff_game_free(&c->game);
	ff_buf_free(&c->id);
	ff_buf_free(&c->out);
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
