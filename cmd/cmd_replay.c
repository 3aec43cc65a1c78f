/* fivefold replay: one game as a self-contained HTML page: its tags, the
   board after every ply (the engine's SVG pictures: the first whole, the
   others as the lines that change, lib/page.h), the ply list with the
   current ply marked, buttons and arrow keys to step through it, and the
   diagnostic where the record breaks the rules. No network, no external
   script: the page is one file. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/input.h"
#include "lib/analysis/graph.h"
#include "lib/page.h"
#include "lib/replay.h"

struct rpset {
	struct ff_input_opts in;
	long index;
	const char *output, *solution;
	int analyse;
	long iterations;
	uint64_t seed;
};

#define S struct rpset
static const struct ff_opt opts[] = {
	FF_OPT(INDEX, S, index, .lo = 1, .hi = 1000000000L, .dflt = "1"),
	FF_OPT(OUTPUT, S, output),
	FF_OPT(ANALYSE, S, analyse),
	FF_OPT(SOLUTION, S, solution, .help = "--analyse: the solution of the game's ruleset "
	       "(fivefold solve -o FILE); without it a ruleset that can be solved is solved first"),
	FF_OPT(ITERATIONS, S, iterations, .lo = 1, .hi = 100000000L, .dflt = "400",
	       .help = "--analyse by search: N playouts a position"),
	FF_OPT(SEED, S, seed, .dflt = "1", .help = "--analyse by search: the seed of the playouts"),
	FF_INPUT_OPTS(S, in),
	FF_OPT_DONE
};
#undef S

/* --analyse: value every ply of rec as analyse does (exact where the
   ruleset can be solved, against --solution or a solution made now; else
   by search) and draw the graph into pg->graph; file names the input.
   Returns 0, or -1 with err. */
static int analyse(const struct rpset *o, const struct ff_record *rec, const char *file,
		   struct ff_page *pg, struct ff_error *err)
{
	struct ff_analysis an;
	struct ff_search_opts so;
	struct ff_solution sol;
	struct ff_game g;
	struct ff_buf id = FF_BUF_INIT, title = FF_BUF_INIT;
	int side[FF_MAX_SEATS], s, rc, solved = 0;

	ff_game_init(&g);
	ff_analysis_init(&an, 0.02);
	ff_search_opts_default(&so);
	so.iterations = o->iterations;
	so.seed = o->seed;
	memset(&sol, 0, sizeof sol);
	rc = ff_game_start(&g, rec, err) || ff_config_id(&g.cfg, &id) ? -1 : 0;
	if (!rc && ff_rules_can(g.rules, FF_CAN_SOLVE)) {
		rc = o->solution ? ff_solution_load_path(&sol, g.rules, id.p, o->solution, err)
				 : ff_analysis_solve(&sol, &g, 1e-12, NULL, NULL, err);
		solved = rc == 0;
		rc = rc || ff_analysis_run(&an, &g, &sol, rec, err) ? -1 : 0;
	} else if (!rc) {
		rc = ff_analysis_run_search(&an, &g, &so, rec, err);
	}
	if (!rc) {
		for (s = 0; s < an.seats; s++)
			side[s] = ff_rules_side_of(g.rules, g.state, s);
		rc = ff_buf_addf(&title, "%s: game %ld (%s)", file, rec->number, id.p) ||
		     ff_graph_svg(&an, side, ff_rules_sides(g.rules, g.state), title.p, &pg->graph)
			     ? ff_error_set(err, FF_ENOMEM, "out of memory") : 0;
	}
	if (solved)
		ff_solution_free(&sol);
	ff_analysis_free(&an);
	ff_game_free(&g);
	ff_buf_free(&id);
	ff_buf_free(&title);
	return rc;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct rpset *o = set;
	struct ff_input in;
	struct ff_record rec;
	struct ff_game g;
	struct ff_page pg;
	struct ff_error err;
	struct ff_buf diag = FF_BUF_INIT, html = FF_BUF_INIT;
	const char *file = "";
	struct ff_out out = { .fp = NULL };
	int status, rc = 0;

	if (ff_record_init(&rec))
		return FF_EXIT_FAIL;
	ff_game_init(&g);
	ff_page_init(&pg);
	ff_input_hint(cmd->name, argc, &o->in);
	ff_input_init(&in, argv, argc, &o->in);
	status = ff_input_nth(&in, o->index, &rec, &file, "replay");
	if (status == 0) {
		rc = ff_page_walk(&pg, &g, &rec, &err);
		if (rc == 1)
			ff_diag_format(&diag, file, &err);
		if (rc == 0 && o->analyse && analyse(o, &rec, file, &pg, &err)) {
			ff_buf_adds(&diag, "fivefold replay: no analysis: ");
			ff_diag_format(&diag, file, &err);   /* shown on the page, and exit 1 */
		}
		if (rc < 0 || ff_page_write(&pg, &rec, file, diag.p, &html)) {
			fprintf(stderr, "fivefold replay: out of memory\n");
			status = FF_EXIT_FAIL;
		} else if (ff_out_open(&out, cmd, o->output)) {
			status = FF_EXIT_FAIL;
		}
	}
	if (out.fp) {
		fwrite(html.p, 1, html.len, out.fp);
		/* a broken record's page shows its diagnostic: put in place too */
		if (ff_out_commit(&out))
			status = FF_EXIT_FAIL;
	}
	if (status == 0 && diag.len) {   /* the page shows it; the exit status says it */
		fputs(diag.p, stderr);
		status = FF_EXIT_FAIL;
	}
	ff_input_close(&in);
	ff_game_free(&g);
	ff_record_free(&rec);
	ff_page_free(&pg);
	ff_buf_free(&html);
	ff_buf_free(&diag);
	return status;
}

const struct ff_cmd ff_cmd_replay = {
	.name = "replay",
	.summary = "write one game as an HTML page to step through in a browser",
	.operands = "[FILE]",
	.operand = FF_C_FILE,
	.about = "Replays one game of the input (--index N) and writes a self-contained\n"
		 "HTML page (-o game.html): its tags, the board after every ply, the ply\n"
		 "list with the current ply marked, buttons and the arrow keys to step\n"
		 "through it. A record that breaks the rules gets its diagnostic on the\n"
		 "page and on standard error (exit 1), and its positions up to that ply.\n"
		 "--analyse adds the value graph of analyse --plot above the board (exact\n"
		 "where the ruleset can be solved, else by search): a click on a point\n"
		 "shows the position after that ply.",
	.opts = opts,
	.settings = sizeof(struct rpset),
	.run = run,
};
