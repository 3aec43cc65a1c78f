/* fivefold show: the position of a game as a text diagram, an SVG
   picture or JSON, after ply K or after every ply. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/input.h"
#include "lib/replay.h"
#include "lib/setup.h"
#include "lib/simulate.h"

/* What the options say. */
struct shset {
	struct ff_input_opts in;
	long index, ply;     /* ply -1: the last */
	int all, fmt;        /* fmt: FMT_TEXT, FMT_SVG or FMT_JSON */
	int setup;           /* --setup: SetUp values instead of pictures */
	const char *output;
};

#define S struct shset
static const struct ff_opt opts[] = {
	FF_OPT(INDEX, S, index, .lo = 1, .hi = 1000000000L, .dflt = "1"),
	FF_OPT(PLY, S, ply, .lo = 0, .hi = 100000000L, .unset = -1),
	FF_OPT(ALL, S, all),
	FF_OPT(FORMAT, S, fmt, .choices = "text|svg|json", .dflt = "text",
	       .help = "text: a diagram; svg: a picture (one position: not with --all); json: the "
	       "position as data, one JSON object a line (docs/json.md)"),
	FF_OPT(SETUP, S, setup),
	FF_OPT(OUTPUT, S, output),
	FF_INPUT_OPTS(S, in),
	FF_OPT_DONE
};
#undef S

enum { FMT_TEXT, FMT_SVG, FMT_JSON };

/* Where the pictures go. */
struct sink {
	FILE *fp;
	struct ff_out file;
	int fmt, setup;
	struct ff_buf caption, out;
	struct ff_follow follow;   /* --setup: the record's agents, followed */
};

/* Draw the position after ply `ply` (0: the start), whose tokens are
   rec's tokens [k0, k) (a prelude and its ply), under a caption line. */
static void diagram(struct ff_game *g, const struct ff_record *rec, int ply, size_t k0, size_t k,
		    struct sink *sk)
{
	ff_buf_reset(&sk->caption);
	ff_game_caption(g, rec, ply, k0, k, &sk->caption);
	ff_buf_reset(&sk->out);
	if (sk->setup) {   /* checked by walk() at the start */
		ff_game_setup(g, &sk->out);
		if (sk->follow.on)   /* the agents' stream, where it is known */
			ff_setup_write_agents(&sk->follow.agents, g->seed, &sk->out);
		ff_buf_addc(&sk->out, '\n');
	} else if (sk->fmt == FMT_SVG) {
		ff_rules_render_svg(g->rules, g->state, sk->caption.p, &sk->out);
	} else if (sk->fmt == FMT_JSON) {
		ff_game_json(g, rec, ply, k0, k, &sk->out);
		ff_buf_addc(&sk->out, '\n');
	} else {
		ff_buf_add(&sk->out, sk->caption.p, sk->caption.len);
		ff_buf_addc(&sk->out, '\n');
		ff_rules_render(g->rules, g->state, &sk->out);
	}
	fwrite(sk->out.p, 1, sk->out.len, sk->fp);
}

/* Replay rec in g, drawing the positions the options ask for. Returns 0
   or FF_EXIT_FAIL after a message. */
static int walk(const struct shset *o, struct ff_game *g, const struct ff_record *rec,
		const char *file, struct sink *out)
{
	struct ff_error err;
	struct ff_ply p;
	size_t k, k0 = 0, kp = 0;

	if (ff_game_start(g, rec, &err)) {
		ff_input_report(file, &err);
		return FF_EXIT_FAIL;
	}
	if (o->fmt == FMT_JSON && !ff_rules_can(g->rules, FF_CAN_JSON)) {
		fprintf(stderr, "fivefold show: game '%s' cannot write its position as JSON\n",
			g->rules->name);
		return FF_EXIT_FAIL;
	}
	ff_buf_reset(&out->out);
	if (o->setup && ff_game_setup(g, &out->out)) {
		fprintf(stderr, "fivefold show: game '%s' has no set-up positions\n", g->rules->name);
		return FF_EXIT_FAIL;
	}
	if (o->setup && ff_follow_start(&out->follow, g, rec)) {
		fprintf(stderr, "fivefold show: out of memory\n");
		return FF_EXIT_FAIL;
	}
	if (o->all || o->ply == 0)
		diagram(g, rec, 0, 0, 0, out);
	for (k = 0; k < rec->nplies && (o->ply < 0 || g->turns < o->ply); k++) {
		ff_follow_choose(&out->follow, g);
		if (ff_game_step(g, rec, k, &p, &err)) {
			if (!o->all)
				diagram(g, rec, g->turns, kp, k0, out);
			fflush(out->fp);
			ff_input_report(file, &err);
			if (!out->file.tmp)   /* a file is left as it was: nothing is shown */
				fprintf(stderr, "fivefold show: the position shown is the one before "
					"ply %d\n", g->turns + 1);
			return FF_EXIT_FAIL;
		}
		ff_follow_check(&out->follow, &p);
		if (p.flags & FF_PLY_PRELUDE)
			continue;
		if (o->all || g->turns == o->ply || (o->ply < 0 && k + 1 == rec->nplies)) {
			if (o->all && o->fmt == FMT_TEXT && !o->setup)
				fputc('\n', out->fp);
			diagram(g, rec, g->turns, k0, k + 1, out);
		}
		kp = k0;
		k0 = k + 1;
	}
	if (o->ply > g->turns) {
		fprintf(stderr, "fivefold show: game %ld has %d plies, not %ld\n", o->index,
			g->turns, o->ply);
		return FF_EXIT_FAIL;
	}
	if (o->ply < 0 && g->turns == 0 && !o->all)
		diagram(g, rec, 0, 0, 0, out);
	return 0;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct shset *o = set;
	struct ff_input in;
	struct ff_record rec;
	struct ff_game g;
	struct sink out = { .fmt = o->fmt, .setup = o->setup };
	const char *file = "";
	int status;

	if (o->setup && o->fmt != FMT_TEXT)
		return ff_cmd_usage_error(cmd, "--setup writes SetUp values: not with --format svg "
					  "or json");
	if (o->fmt == FMT_SVG && o->all)
		return ff_cmd_usage_error(cmd, "--format svg draws one position: give --ply K, not "
					  "--all (fivefold replay makes a page of every ply)");
	if (ff_record_init(&rec))
		return FF_EXIT_FAIL;
	if (ff_out_open(&out.file, cmd, o->output)) {
		ff_record_free(&rec);
		return FF_EXIT_FAIL;
	}
	out.fp = out.file.fp;
	ff_game_init(&g);
	ff_input_hint(cmd->name, argc, &o->in);
	ff_input_init(&in, argv, argc, &o->in);
	status = ff_input_nth(&in, o->index, &rec, &file, "show");
	if (status == 0)
		status = walk(o, &g, &rec, file, &out);
	if (ff_out_close(&out.file, status == 0) && status == 0)
		status = FF_EXIT_FAIL;
	ff_input_close(&in);
	ff_game_free(&g);
	ff_record_free(&rec);
	ff_buf_free(&out.caption);
	ff_buf_free(&out.out);
	ff_follow_free(&out.follow);
	return status;
}

const struct ff_cmd ff_cmd_show = {
	.name = "show",
	.summary = "draw the position after ply K, or after every ply",
	.operands = "[FILE]",
	.operand = FF_C_FILE,
	.about = "Replays one game of the input and draws its position as text: after\n"
		 "its last ply, after ply K (--ply), or after every ply (--all); with\n"
		 "--format svg, as an SVG picture (-o pos.svg); with --format json, as\n"
		 "data: a JSON object per position, one a line (docs/json.md); with\n"
		 "--setup, as a SetUp tag value to start a record or `simulate --setup`\n"
		 "from (docs/fgn.md; of a simulated game, with where its agents' stream\n"
		 "stood: its agents are played again to learn it). A ply that breaks the rules is reported and the\n"
		 "last legal position drawn.",
	.opts = opts,
	.settings = sizeof(struct shset),
	.run = run,
};
