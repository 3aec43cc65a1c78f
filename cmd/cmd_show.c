/* fivefold show: the position of a game as a text diagram, after ply K or
   after every ply. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/input.h"
#include "lib/replay.h"

enum { OPT_FROM = 256, OPT_RAWCSV, OPT_ALL };

static const struct ff_opt opts[] = {
	{ "index", required_argument, 'i', "N", "the N-th game of the input, counting across files (default 1)" },
	{ "ply", required_argument, 'p', "K", "the position after ply K (0 = the start; default: the last)" },
	{ "all", no_argument, OPT_ALL, NULL, "the start and the position after every ply" },
	{ "from", required_argument, OPT_FROM, "FORMAT", "input format (default: by extension, else fgn)" },
	{ "raw-csv", no_argument, OPT_RAWCSV, NULL, "CSV cells as they are: no spreadsheet guard (docs/formats.md)" },
	{ "help", no_argument, 'h', NULL, "show this help" },
	{ NULL, 0, 0, NULL, NULL }
};

/* Draw the position after ply `ply` (0: the start), whose tokens are
   rec's tokens [k0, k) (a prelude and its ply). */
static void diagram(struct ff_game *g, const struct ff_record *rec, int ply, size_t k0, size_t k,
		    struct ff_buf *out)
{
	struct ff_outcome o;
	char res[16];
	size_t i;

	ff_buf_reset(out);
	ff_buf_addf(out, "game %ld (", rec->number);
	ff_config_id(&g->cfg, out);
	if (ply == 0) {
		ff_buf_adds(out, "), start");
	} else {
		ff_buf_addf(out, "), after ply %d:", ply);
		for (i = k0; i < k; i++)
			ff_buf_addf(out, " %s", ff_record_str(rec, rec->plies[i].tok));
	}
	g->rules->outcome(g->state, &o);
	if (o.term != FF_TERM_NONE)
		ff_buf_addf(out, "; game over: %s (%s)\n",
			    ff_result_token(&o, g->rules->sides(g->state), res),
			    ff_termination_name(o.term));
	else
		ff_buf_addf(out, "; seat %d to move\n", g->rules->to_move(g->state) + 1);
	g->rules->render(g->state, out);
	fwrite(out->p, 1, out->len, stdout);
}

static int run(const struct ff_cmd *cmd, int argc, char **argv)
{
	struct ff_getopt go;
	const struct ff_format *from = NULL;
	struct ff_input in;
	struct ff_record rec;
	struct ff_game g;
	struct ff_error err;
	struct ff_buf out = FF_BUF_INIT, diag = FF_BUF_INIT;
	struct ff_ply p;
	const char *file = "";
	char *arg;
	long game = 1, ply = -1, seen = 0;
	int c, all = 0, rc, status = FF_EXIT_OK;
	unsigned flags = 0;
	size_t k, k0, kp = 0;

	ff_getopt_init(&go, cmd);
	while ((c = ff_getopt_next(&go, argc, argv, &arg)) != -1) {
		switch (c) {
		case 'i':
			if (ff_parse_long(arg, 1, 1000000000L, &game))
				return ff_cmd_usage_error(cmd, "--index takes a game number from 1, not '%s'", arg);
			break;
		case 'p':
			if (ff_parse_long(arg, 0, 100000000L, &ply))
				return ff_cmd_usage_error(cmd, "--ply takes a ply number from 0, not '%s'", arg);
			break;
		case OPT_ALL: all = 1; break;
		case OPT_RAWCSV:
			flags |= FF_FMT_RAW_CSV;
			break;
		case OPT_FROM:
			if (!(from = ff_cmd_format(cmd, arg)))
				return FF_EXIT_USAGE;
			break;
		case 'h':
			ff_cmd_help(cmd, stdout);
			return FF_EXIT_OK;
		default:
			return FF_EXIT_USAGE;
		}
	}
	if (ff_record_init(&rec))
		return FF_EXIT_FAIL;
	ff_game_init(&g);
	ff_input_init(&in, argv + optind, argc - optind, from);
	in.flags = flags;
	for (;;) {
		rc = ff_input_next(&in, &rec, &err, &file);
		if (rc == 0) {
			fprintf(stderr, "fivefold show: the input has no game %ld\n", game);
			status = FF_EXIT_FAIL;
			goto out;
		}
		if (rc == -2) {
			fprintf(stderr, "fivefold show: %s\n", err.msg);
			status = FF_EXIT_FAIL;
			goto out;
		}
		if (++seen == game)
			break;
	}
	if (rc == -1 || ff_game_start(&g, &rec, &err)) {
		ff_diag_format(&diag, file, &err);
		fputs(diag.p, stderr);
		status = FF_EXIT_FAIL;
		goto out;
	}
	if (all || ply == 0)
		diagram(&g, &rec, 0, 0, 0, &out);
	for (k = 0, k0 = 0; k < rec.nplies && (ply < 0 || g.turns < ply); k++) {
		if (ff_game_step(&g, &rec, k, &p, &err)) {
			if (!all)
				diagram(&g, &rec, g.turns, kp, k0, &out);
			fflush(stdout);
			ff_buf_reset(&diag);
			ff_diag_format(&diag, file, &err);
			fputs(diag.p, stderr);
			fprintf(stderr, "fivefold show: the position shown is the one before ply %d\n",
				g.turns + 1);
			status = FF_EXIT_FAIL;
			goto out;
		}
		if (p.flags & FF_PLY_PRELUDE)
			continue;
		if (all || g.turns == ply || (ply < 0 && k + 1 == rec.nplies)) {
			if (all)
				fputc('\n', stdout);
			diagram(&g, &rec, g.turns, k0, k + 1, &out);
		}
		kp = k0;
		k0 = k + 1;
	}
	if (ply > g.turns) {
		fprintf(stderr, "fivefold show: game %ld has %d plies, not %ld\n", game, g.turns, ply);
		status = FF_EXIT_FAIL;
	} else if (ply < 0 && g.turns == 0 && !all) {
		diagram(&g, &rec, 0, 0, 0, &out);
	}
out:
	ff_input_close(&in);
	ff_game_free(&g);
	ff_record_free(&rec);
	ff_buf_free(&out);
	ff_buf_free(&diag);
	return status;
}

const struct ff_cmd ff_cmd_show = {
	.name = "show",
	.summary = "draw the position after ply K, or after every ply",
	.usage = "[OPTIONS] [FILE]",
	.about = "Replays one game of the input and draws its position as text: after\n"
		 "its last ply, after ply K (--ply), or after every ply (--all). A ply\n"
		 "that breaks the rules is reported and the last legal position drawn.",
	.opts = opts,
	.run = run,
};
