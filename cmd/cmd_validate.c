/* fivefold validate: replay every game through its rules engine and say,
   per game, whether it is legal, breaks the rules at a ply, or is
   malformed; with --legal, list the legal plies at every ply. FGN files
   go to the --threads workers in chunks that they parse (cmd/input.c),
   other formats in batches of games; output comes out in input order,
   the same bytes whatever the number of threads. With
   --format json, standard output is JSON Lines: an object per game (valid
   ones too) with its verdict and, where it is not valid, its diagnostic;
   the --legal objects; and a final summary object. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/batch.h"
#include "cmd/input.h"
#include "cmd/progress.h"
#include "lib/replay.h"
#include "lib/tags.h"

/* Games per unit of work: one with one thread (streaming holds one game);
   a small batch with more, to keep the pool's locking cheap. */
#define BATCH 16
#define MAX_THREADS 64
#define MAX_WARN 8   /* warnings reported per game (all are counted) */

/* What the options say. */
struct vset {
	struct ff_input_opts in;
	const char *game, *rules, *options;   /* instead of the records' tags */
	int legal, json, quiet, strict;
	long threads;
};

#define S struct vset
static const struct ff_opt opts[] = {
	FF_OPT(LEGAL, S, legal),
	FF_OPT(STRICT, S, strict),
	FF_OPT(GAME, S, game, .help = "check every game as this game, whatever its Game tag says"),
	FF_OPT(RULES, S, rules, .help = "check every game under this rules preset, whatever its Rules tag says"),
	FF_OPT(OPTIONS, S, options,
	       .help = "check every game with these options instead of its Options tag's (\"\" for none)"),
	FF_OPT(OPTION, S, options),
	FF_OPT(FORMAT, S, json, .choices = "text|json", .dflt = "text",
	       .help = "text, or JSON Lines on standard output: an object per game, the --legal "
		       "lines, a summary"),
	FF_INPUT_OPTS(S, in),
	FF_OPT(QUIET, S, quiet, .help = "no per-game verdicts, only problems and the summary"),
	FF_OPT(THREADS, S, threads, .lo = 1, .hi = MAX_THREADS, .dflt = "1"),
	FF_OPT_DONE
};
#undef S

/* What validating a slot's games counted (its text goes to the slot's
   out and err). */
struct vunit {
	long valid, illegal, malformed, failed, warnings;
	unsigned long long plies;
};

struct vctx {
	struct ff_input in;
	int legal, json, quiet, strict;
	struct ff_game games[MAX_THREADS + 1];   /* the last: the consumer's */
	long valid, illegal, malformed, failed, warnings;
	unsigned long long plies;
	struct ff_progress prog;
};

/* What the --legal hook needs while a game replays. */
struct legal_ctx {
	struct ff_batch_slot *s;
	const char *file;
	const struct ff_record *rec;
	int json;
	struct ff_buf tmp, list;
};

static void on_legal(void *ctx, const struct ff_game *g, int ply, const struct ff_ply *played,
		     int matched)
{
	struct legal_ctx *lc = ctx;
	struct ff_buf *o = &lc->s->out;
	int seat = ff_rules_to_move(g->rules, g->state) + 1;

	ff_buf_reset(&lc->tmp);
	ff_rules_format(g->rules, g->state, played, FF_FORM_LONG, &lc->tmp);
	if (lc->json) {
		ff_buf_addf(o, "{\"game\":%ld,\"ply\":%d,\"seat\":%d,\"played\":", lc->rec->number,
			    ply, seat);
		ff_json_str(o, lc->tmp.p ? lc->tmp.p : "");
		ff_buf_adds(o, ",\"legal\":[");
		ff_buf_reset(&lc->list);
		ff_game_legal_text(g, &lc->list, '\n');
		for (char *item = lc->list.p, *nl; item; item = nl ? nl + 1 : NULL) {
			nl = strchr(item, '\n');
			if (nl)
				*nl = '\0';
			if (item != lc->list.p)
				ff_buf_addc(o, ',');
			ff_json_str(o, item);
		}
		ff_buf_adds(o, "]}\n");
	} else {
		ff_buf_addf(o, "%s: game %ld, ply %d (seat %d): played %s%s; legal ", lc->file,
			    lc->rec->number, ply, seat, lc->tmp.p ? lc->tmp.p : "",
			    matched ? "" : " (illegal)");
		ff_game_legal_text(g, o, ' ');
		ff_buf_addc(o, '\n');
	}
}

/* The JSON object of one game's verdict: its ruleset id where it is
   known (g), then "valid" with its plies and result (e NULL), or the
   verdict with its diagnostic (e); then the warnings w[0, nw). */
static void json_verdict(struct ff_buf *o, const char *file, long game, const char *verdict,
			 const struct ff_game *g, const struct ff_record *rec,
			 const struct ff_error *e, const struct ff_error *w, size_t nw)
{
	ff_buf_adds(o, "{\"file\":");
	ff_json_str(o, file);
	ff_buf_addf(o, ",\"game\":%ld,\"verdict\":", game);
	ff_json_str(o, verdict);
	if (g) {
		ff_buf_adds(o, ",\"ruleset\":\"");
		ff_config_id(&g->cfg, o);
		ff_buf_addc(o, '"');
	}
	if (!e) {
		ff_buf_addf(o, ",\"plies\":%d,\"result\":", g->turns);
		ff_json_str(o, ff_record_result(rec)[0] ? ff_record_result(rec) : "*");
	} else {
		ff_buf_addf(o, ",\"line\":%ld,\"col\":%ld,\"ply\":%d,\"seat\":%d,\"code\":",
			    e->line, e->col, e->ply, e->seat);
		ff_json_str(o, ff_code_name(e->code));
		ff_buf_adds(o, ",\"message\":");
		ff_json_str(o, e->msg);
	}
	ff_json_warnings(o, w, nw);
	ff_buf_adds(o, "}\n");
}

/* The verdict line of a game that is not valid, naming its ruleset
   where it is known (g). */
static void verdict_line(struct ff_buf *o, const char *file, long game, enum ff_verdict verdict,
			 const struct ff_game *g, const struct ff_error *e)
{
	ff_buf_addf(o, "%s: game %ld: %s", file, game,
		    verdict == FF_ILLEGAL ? "illegal" : "malformed");
	if (g) {
		ff_buf_adds(o, " (");
		ff_config_id(&g->cfg, o);
		ff_buf_addc(o, ')');
	}
	if (verdict == FF_ILLEGAL)
		ff_buf_addf(o, " at ply %d", e->ply);
	ff_buf_addf(o, " [%s]\n", ff_code_name(e->code));
}

/* Validate one game: rstat, rec, rerr and file as a slot's are. The
   warnings about its tags come first; with --strict they are errors and
   a game with one is not valid (malformed, with the first's code). */
static void one(struct vctx *v, struct ff_batch_slot *s, struct ff_game *g,
		struct legal_ctx *lcp, int rstat, const struct ff_record *rec,
		const struct ff_error *rerr, const char *file)
{
	struct vunit *u = s->unit;
	struct ff_buf *d = v->json ? &s->out : &s->err;
	struct ff_error err, w[MAX_WARN];
	enum ff_verdict verdict;
	const struct ff_game *known;
	size_t nw, i;
	int in_game;

	if (rstat == -2) {
		u->failed++;
		/* memory ran out in a game: that game and where it starts */
		in_game = rerr->code == FF_ENOMEM && rerr->game > 0;
		if (v->json)
			json_verdict(&s->out, file, in_game ? rerr->game : 0, "failed",
				     NULL, NULL, rerr, NULL, 0);
		else if (in_game)
			ff_diag_format(&s->err, file, rerr);
		else
			ff_buf_addf(&s->err, "fivefold validate: %s\n", rerr->msg);
		return;
	}
	nw = ff_tags_lint(rec, w, MAX_WARN);
	u->warnings += (long)nw;
	nw = nw < MAX_WARN ? nw : MAX_WARN;
	for (i = 0; i < nw && !v->json; i++)
		ff_diag_format_as(d, file, &w[i], v->strict ? "error" : "warning");
	if (rstat == -1) {
		u->malformed++;
		if (v->json)
			json_verdict(d, file, rerr->game, "malformed", NULL, NULL,
				     rerr, w, nw);
		else
			ff_diag_format(d, file, rerr);
		if (!v->quiet && !v->json)
			verdict_line(&s->out, file, rerr->game, FF_MALFORMED, NULL, rerr);
		return;
	}
	lcp->file = file;
	lcp->rec = rec;
	ff_error_clear(&err);
	verdict = ff_game_replay(g, rec, &err);
	u->plies += (size_t)g->turns;   /* plies proper: preludes belong to theirs */
	known = g->started ? g : NULL;
	if (verdict == FF_VALID && !(v->strict && nw)) {
		u->valid++;
		if (v->json)
			json_verdict(&s->out, file, rec->number, "valid", g, rec, NULL, w, nw);
		if (!v->quiet && !v->json) {
			ff_buf_addf(&s->out, "%s: game %ld: valid (", file, rec->number);
			ff_config_id(&g->cfg, &s->out);
			ff_buf_addf(&s->out, ", %d plies, %s)\n", g->turns,
				    ff_record_result(rec)[0] ? ff_record_result(rec) : "*");
		}
		return;
	}
	if (verdict == FF_VALID) {   /* --strict: its first warning is the error */
		verdict = FF_MALFORMED;
		err = w[0];
	} else if (!v->json) {
		ff_diag_format(d, file, &err);
	}
	if (verdict == FF_ILLEGAL)
		u->illegal++;
	else
		u->malformed++;
	if (v->json)
		json_verdict(d, file, rec->number,
			     verdict == FF_ILLEGAL ? "illegal" : "malformed", known, rec, &err, w, nw);
	if (!v->quiet && !v->json)
		verdict_line(&s->out, file, rec->number, verdict, known, &err);
}

static void begin(void *ctx, struct ff_batch_slot *s)
{
	(void)ctx;
	memset(s->unit, 0, sizeof(struct vunit));
}

static void work(void *ctx, struct ff_batch_slot *s, int i, int worker)
{
	struct vctx *v = ctx;
	struct ff_game *g = &v->games[worker];
	struct legal_ctx lc = { .s = s, .json = v->json };

	g->on_legal = v->legal ? on_legal : NULL;
	g->on_legal_ctx = &lc;
	one(v, s, g, &lc, s->rstat[i], &s->recs[i], &s->rerr[i], s->file[i]);
	g->on_legal_ctx = NULL;
	ff_buf_free(&lc.tmp);
	ff_buf_free(&lc.list);
}

static int emit(void *ctx, struct ff_batch_slot *s)
{
	struct vctx *v = ctx;
	const struct vunit *u = s->unit;

	if (s->out.len && fwrite(s->out.p, 1, s->out.len, stdout) != s->out.len)
		return -1;
	if (s->err.len)
		fwrite(s->err.p, 1, s->err.len, stderr);
	v->valid += u->valid;
	v->illegal += u->illegal;
	v->malformed += u->malformed;
	v->failed += u->failed;
	v->warnings += u->warnings;
	v->plies += u->plies;
	ff_progress_show(&v->prog, (unsigned long long)(v->valid + v->illegal + v->malformed),
			 s->at, 0);
	return 0;
}

static const struct ff_batch_ops ops = {
	.unit_size = sizeof(struct vunit),
	.begin = begin,
	.work = work,
	.emit = emit,
};

/* The summary line, or object with --format json. */
static void summary(const struct vctx *v)
{
	long games = v->valid + v->illegal + v->malformed;

	if (v->json)
		printf("{\"summary\":{\"games\":%ld,\"valid\":%ld,\"illegal\":%ld,\"malformed\":%ld,"
		       "\"failed_files\":%ld,\"plies\":%llu,\"warnings\":%ld}}\n", games, v->valid,
		       v->illegal, v->malformed, v->failed, v->plies, v->warnings);
	else if (v->warnings)
		printf("summary: %ld game%s, %ld valid, %ld illegal, %ld malformed, %llu pl%s, "
		       "%ld warning%s%s\n", games, games == 1 ? "" : "s", v->valid, v->illegal,
		       v->malformed, v->plies, v->plies == 1 ? "y" : "ies", v->warnings,
		       v->warnings == 1 ? "" : "s", v->strict ? " (errors with --strict)" : "");
	else
		printf("summary: %ld game%s, %ld valid, %ld illegal, %ld malformed, %llu pl%s\n",
		       games, games == 1 ? "" : "s", v->valid, v->illegal, v->malformed, v->plies,
		       v->plies == 1 ? "y" : "ies");
}

/* Check --game, --rules and --options before any game is read: with
   --game, the three together; without, some game must take the preset
   and options. Returns 0, or the usage error's exit status. */
static int check_as(const struct ff_cmd *cmd, const struct vset *o)
{
	const struct ff_rules *r;
	struct ff_config cfg;
	struct ff_error err;
	int i;

	if (!o->game && !o->rules && !o->options)
		return 0;
	ff_error_clear(&err);
	if (o->game) {
		if (ff_config_parse(&cfg, o->game, o->rules, o->options, NULL, NULL, NULL, &err))
			return ff_cmd_usage_error(cmd, "%s", err.msg);
		return 0;
	}
	for (i = 0; (r = ff_rules_at(i)) != NULL; i++)
		if (ff_config_parse(&cfg, r->name, o->rules, o->options, NULL, NULL, NULL, &err) == 0)
			return 0;
	if (o->rules)
		return ff_cmd_usage_error(cmd, "--rules '%s'%s%s%s: no game takes this preset%s",
					  o->rules, o->options ? " with --options '" : "",
					  o->options ? o->options : "", o->options ? "'" : "",
					  o->options ? " and options" : "");
	return ff_cmd_usage_error(cmd, "--options '%s': no game takes these options", o->options);
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct vset *o = set;
	struct vctx *v;
	int i, rc;

	if ((rc = check_as(cmd, o)) != 0)
		return rc;
	v = aligned_alloc(64, (sizeof *v + 63) / 64 * 64);
	if (!v) {
		fputs("fivefold validate: out of memory\n", stderr);
		return FF_EXIT_FAIL;
	}
	memset(v, 0, sizeof *v);
	v->legal = o->legal;
	v->json = o->json;
	v->quiet = o->quiet;
	v->strict = o->strict;
	for (i = 0; i <= MAX_THREADS; i++) {
		ff_game_init(&v->games[i]);
		v->games[i].as[0] = o->game;
		v->games[i].as[1] = o->rules;
		v->games[i].as[2] = o->options;
	}
	ff_input_hint(cmd->name, argc, &o->in);
	ff_input_init(&v->in, argv, argc, &o->in);
	v->in.chunked = o->threads > 1;   /* one thread: game by game, one record hot in cache */
	ff_progress_init(&v->prog, argv, argc, 0, !v->quiet || v->json);
	rc = ff_batch_run(&ops, v, &v->in, (int)o->threads, o->threads == 1 ? 1 : BATCH,
			  FF_BATCH_NUMBERED);
	ff_progress_show(&v->prog, (unsigned long long)(v->valid + v->illegal + v->malformed),
			 v->prog.bytes, 1);
	ff_input_close(&v->in);
	fflush(stdout);
	summary(v);
	if (rc)
		fputs("fivefold validate: a write failed or memory ran out\n", stderr);
	rc = rc || v->illegal || v->malformed || v->failed ? FF_EXIT_FAIL : FF_EXIT_OK;
	for (i = 0; i <= MAX_THREADS; i++)
		ff_game_free(&v->games[i]);
	free(v);
	return rc;
}

const struct ff_cmd ff_cmd_validate = {
	.name = "validate",
	.summary = "replay games through the rules; verdict per game and a summary",
	.operands = "[FILES...]",
	.operand = FF_C_FILE,
	.about = "Replays every game through its rules engine. Per game it prints whether\n"
		 "the record is valid, breaks the rules at a ply (illegal), or is\n"
		 "malformed; problems go to standard error as\n"
		 "  FILE:LINE:COL: error: game N, ply K (seat S): message [code]\n"
		 "A tag name near a known one (Rule for Rules) and a Date that is no\n"
		 "date are warnings: they change no verdict unless --strict is given.\n"
		 "With a Seed tag every throw is checked against the seed. --game,\n"
		 "--rules and --options check every game under other rules than its\n"
		 "header's (the record is not changed). Exit status 1 when any game is\n"
		 "not valid.",
	.opts = opts,
	.settings = sizeof(struct vset),
	.run = run,
};
