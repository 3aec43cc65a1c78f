/* fivefold show: the position of a game as a text diagram, after ply K or
   after every ply. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/input.h"
#include "lib/replay.h"

/* What the options say. */
struct shset {
	struct ff_input_opts in;
	long index, ply;     /* ply -1: the last */
	int all;
};

#define S struct shset
static const struct ff_opt opts[] = {
	FF_OPT(INDEX, S, index, .lo = 1, .hi = 1000000000L, .dflt = "1"),
	FF_OPT(PLY, S, ply, .lo = 0, .hi = 100000000L, .unset = -1),
	FF_OPT(ALL, S, all),
	FF_INPUT_OPTS(S, in),
	FF_OPT_DONE
};
#undef S

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

/* Print a diagnostic. */
static void report(const char *file, const struct ff_error *err)
{
	struct ff_buf diag = FF_BUF_INIT;

	ff_diag_format(&diag, file, err);
	fputs(diag.p ? diag.p : "", stderr);
	ff_buf_free(&diag);
}

/* Read the index-th game of the input into rec. Returns 0, or
   FF_EXIT_FAIL after a message. */
static int find_game(struct ff_input *in, long index, struct ff_record *rec, const char **file)
{
	struct ff_error err;
	long seen = 0;
	int rc;

	for (;;) {
		ff_error_clear(&err);
		rc = ff_input_next(in, rec, &err, file);
		if (rc == 0) {
			fprintf(stderr, "fivefold show: the input has no game %ld\n", index);
			return FF_EXIT_FAIL;
		}
		if (rc == -2) {
			fprintf(stderr, "fivefold show: %s\n", err.msg);
			return FF_EXIT_FAIL;
		}
		if (++seen == index)
			break;
	}
	if (rc == -1) {
		report(*file, &err);
		return FF_EXIT_FAIL;
	}
	return 0;
}

/* Replay rec in g, drawing the positions the options ask for. Returns 0
   or FF_EXIT_FAIL after a message. */
static int walk(const struct shset *o, struct ff_game *g, const struct ff_record *rec,
		const char *file, struct ff_buf *out)
{
	struct ff_error err;
	struct ff_ply p;
	size_t k, k0 = 0, kp = 0;

	if (ff_game_start(g, rec, &err)) {
		report(file, &err);
		return FF_EXIT_FAIL;
	}
	if (o->all || o->ply == 0)
		diagram(g, rec, 0, 0, 0, out);
	for (k = 0; k < rec->nplies && (o->ply < 0 || g->turns < o->ply); k++) {
		if (ff_game_step(g, rec, k, &p, &err)) {
			if (!o->all)
				diagram(g, rec, g->turns, kp, k0, out);
			fflush(stdout);
			report(file, &err);
			fprintf(stderr, "fivefold show: the position shown is the one before ply %d\n",
				g->turns + 1);
			return FF_EXIT_FAIL;
		}
		if (p.flags & FF_PLY_PRELUDE)
			continue;
		if (o->all || g->turns == o->ply || (o->ply < 0 && k + 1 == rec->nplies)) {
			if (o->all)
				fputc('\n', stdout);
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
	struct ff_buf out = FF_BUF_INIT;
	const char *file = "";
	int status;

	(void)cmd;
	if (ff_record_init(&rec))
		return FF_EXIT_FAIL;
	ff_game_init(&g);
	ff_input_init(&in, argv, argc, &o->in);
	status = find_game(&in, o->index, &rec, &file);
	if (status == 0)
		status = walk(o, &g, &rec, file, &out);
	ff_input_close(&in);
	ff_game_free(&g);
	ff_record_free(&rec);
	ff_buf_free(&out);
	return status;
}

const struct ff_cmd ff_cmd_show = {
	.name = "show",
	.summary = "draw the position after ply K, or after every ply",
	.operands = "[FILE]",
	.operand = FF_C_FILE,
	.about = "Replays one game of the input and draws its position as text: after\n"
		 "its last ply, after ply K (--ply), or after every ply (--all). A ply\n"
		 "that breaks the rules is reported and the last legal position drawn.",
	.opts = opts,
	.settings = sizeof(struct shset),
	.run = run,
};
