/* fivefold fit: which rulesets of its game a record is legal under, how
   far it gets under the others, and the likelihood of the fits under
   the rules' dice and a player model (lib/analysis/fit.h, docs/fit.md).
   Text, JSON Lines (an object per game) or CSV (a row per game and
   ruleset). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/input.h"
#include "cmd/progress.h"
#include "lib/analysis/fit.h"

struct fset {
	struct ff_input_opts in;
	int fmt;             /* 0 text, 1 json, 2 csv */
	int model;
	const char *temperature, *epsilon, *solution;
	long top;
};

#define S struct fset
static const struct ff_opt opts[] = {
	FF_OPT(FORMAT, S, fmt, .choices = "text|json|csv", .dflt = "text",
	       .help = "text; JSON Lines, an object per game; or CSV, a row per game and ruleset"),
	FF_OPT(MODEL, S, model, .choices = "random|greedy|perfect", .dflt = "random",
	       .help = "the player model of the choices' likelihood (docs/fit.md)"),
	FF_OPT(TEMPERATURE, S, temperature, .dflt = "0.05"),
	FF_OPT(EPSILON, S, epsilon, .dflt = "0.05"),
	FF_OPT(SOLUTION, S, solution,
	       .help = "the solution (fivefold solve -o FILE) the perfect model values plies by "
		       "(default: each fit of up to 400,000 positions solved here)"),
	FF_OPT(TOP, S, top, .lo = 0, .hi = 1000000000L, .dflt = "20"),
	FF_INPUT_OPTS(S, in),
	FF_OPT_DONE
};
#undef S

/* The perfect model's solutions: the one --solution holds, loaded for
   the first ruleset id it is found to be of; without --solution, each
   ruleset that fits solved here, when it has at most SOLVE_MAX positions
   (the last KEEP solved kept; what could not be solved remembered). */
#define SOLVE_MAX 400000
#define KEEP 4
#define REMEMBER 256
#define TOLERANCE 1e-12

struct solved {
	char *id;
	int ok;                   /* 1: sol holds it */
	struct ff_solution sol;
	const char *why;          /* !ok: why there is none */
};

struct solctx {
	const char *cmd;
	const char *path;         /* --solution, or NULL */
	int failed;               /* --solution could not be read */
	struct solved s[REMEMBER];
	int n;
	unsigned long clock, used[REMEMBER];
};

static void solctx_free(struct solctx *c)
{
	int i;

	for (i = 0; i < c->n; i++) {
		if (c->s[i].ok)
			ff_solution_free(&c->s[i].sol);
		free(c->s[i].id);
	}
}

/* Free the solution used longest ago when KEEP are held. */
static void evict(struct solctx *c)
{
	int i, held = 0, old = -1;

	for (i = 0; i < c->n; i++)
		if (c->s[i].ok) {
			held++;
			if (old < 0 || c->used[i] < c->used[old])
				old = i;
		}
	if (held >= KEEP) {
		ff_solution_free(&c->s[old].sol);
		c->s[old].ok = 0;
		c->s[old].why = NULL;   /* solved again when asked */
	}
}

/* Solve cfg's ruleset into s: 0, or -1 with s->why. */
static int solve_here(struct solctx *c, struct solved *s, const struct ff_config *cfg)
{
	const struct ff_rules *r = cfg->rules;
	struct ff_solve_opts so = { .tolerance = TOLERANCE, .max_iterations = 1000000,
				    .max_states = SOLVE_MAX, .progress = ff_progress_solve };
	struct ff_solve_watch watch;
	struct ff_error err;
	void *st;

	if (!(st = ff_rules_state_alloc(r)) || ff_rules_init(r, st, cfg, NULL, &err)) {
		free(st);
		s->why = "its start could not be set up";
		return -1;
	}
	if (!ff_rules_can(r, FF_CAN_SOLVE) || ff_rules_sides(r, st) != 2) {
		free(st);
		s->why = "the game cannot be solved (no exact values)";
		return -1;
	}
	ff_progress_solve_start(&watch, c->cmd, s->id);
	so.ctx = &watch;
	evict(c);
	if (ff_solve(&s->sol, r, st, &so, &err)) {
		free(st);
		s->why = err.code == FF_ETOO_LONG ? "more than 400,000 positions: solve it with "
			 "fivefold solve -o FILE and give --solution FILE"
			 : err.code == FF_ENOMEM ? "out of memory while solving it"
			 : "the game cannot be solved (no exact values)";
		return -1;
	}
	ff_progress_solve_end(&watch);
	free(st);
	return 0;
}

static const struct ff_solution *solution_of(void *ctx, const struct ff_config *cfg,
					     const char *id, const char **why)
{
	struct solctx *c = ctx;
	struct ff_error err;
	struct solved *s;
	int i;

	for (i = 0; i < c->n && strcmp(c->s[i].id, id); i++)
		;
	if (i == c->n) {
		if (c->n == REMEMBER) {
			*why = "too many rulesets to solve in one run";
			return NULL;
		}
		if (!(c->s[i].id = strdup(id))) {
			*why = "out of memory";
			return NULL;
		}
		c->s[i].ok = 0;
		c->s[i].why = NULL;
		c->n++;
	}
	s = &c->s[i];
	c->used[i] = ++c->clock;
	if (!s->ok && !s->why) {   /* not tried, or evicted */
		if (!c->path) {
			s->ok = solve_here(c, s, cfg) == 0;
		} else if (c->failed) {
			s->why = "--solution could not be read";
		} else if (ff_solution_load_path(&s->sol, cfg->rules, id, c->path, &err) == 0) {
			s->ok = 1;
		} else if (err.code == FF_EBAD_OPTION) {   /* another ruleset's */
			s->why = "no solution of this ruleset (--solution holds another's)";
		} else {
			fprintf(stderr, "fivefold fit: %s: %s\n", c->path, err.msg);
			c->failed = 1;
			s->why = "--solution could not be read";
		}
	}
	if (s->ok)
		return &s->sol;
	*why = s->why;
	return NULL;
}

/* --- output --- */

/* A CSV cell: quoted, quotes doubled. */
static void csv_cell(struct ff_buf *b, const char *s)
{
	ff_buf_addc(b, '"');
	for (; *s; s++) {
		if (*s == '"')
			ff_buf_addc(b, '"');
		ff_buf_addc(b, *s);
	}
	ff_buf_addc(b, '"');
}

/* A log-likelihood: "-inf" where the model rules the record out. */
static void add_num(struct ff_buf *b, double x, int json)
{
	if (isinf(x))
		ff_buf_adds(b, json ? "null" : "-inf");
	else
		ff_buf_addf(b, "%.4f", x);
}

static void text_entry(struct ff_buf *b, const struct ff_fit *f, size_t i, double best, int known)
{
	const struct ff_fit_entry *e = &f->e[i];
	double ll;

	ff_buf_addf(b, "  %4zu  ", i + 1);
	if (!e->fit) {
		ff_buf_addf(b, "fails at ply %d [%s]  %s%s: %s\n", e->ply, ff_code_name(e->code),
			    ff_fit_str(f, e->id), e->header ? " (the record's)" : "",
			    ff_fit_str(f, e->msg));
		return;
	}
	ff_buf_addf(b, "fits  %s%s", ff_fit_str(f, e->id), e->header ? " (the record's)" : "");
	if (ff_fit_loglik(e, &ll)) {
		ff_buf_adds(b, "  ln L ");
		add_num(b, ll, 0);
		if (e->throws) {
			ff_buf_adds(b, " = throws ");
			add_num(b, e->ll_throws, 0);
			ff_buf_adds(b, " + choices ");
		} else {
			ff_buf_adds(b, " = choices ");   /* no throws: they weigh nothing */
		}
		add_num(b, e->ll_choices, 0);
		if (known && !isinf(best)) {
			ff_buf_adds(b, "; ln BF ");
			add_num(b, ll - best, 0);
		}
	} else {
		ff_buf_addf(b, "  ln L unknown: %s", ff_fit_str(f, e->why));
	}
	ff_buf_addc(b, '\n');
}

static void json_entry(struct ff_buf *b, const struct ff_fit *f, size_t i, double best, int known)
{
	const struct ff_fit_entry *e = &f->e[i];
	double ll;
	int k;

	ff_buf_addf(b, "%s{\"rank\":%zu,\"ruleset\":", i ? "," : "", i + 1);
	ff_json_str(b, ff_fit_str(f, e->id));
	ff_buf_adds(b, ",\"rules\":");
	ff_json_str(b, f->rules->presets[e->preset].name);
	ff_buf_adds(b, ",\"options\":");
	ff_json_str(b, ff_fit_str(f, e->options));
	ff_buf_addf(b, ",\"header\":%s,\"fit\":%s,\"reached\":%d", e->header ? "true" : "false",
		    e->fit ? "true" : "false", e->reached);
	if (!e->fit) {
		ff_buf_addf(b, ",\"ply\":%d,\"code\":\"%s\",\"message\":", e->ply, ff_code_name(e->code));
		ff_json_str(b, ff_fit_str(f, e->msg));
		ff_buf_addc(b, '}');
		return;
	}
	k = ff_fit_loglik(e, &ll);
	ff_buf_addf(b, ",\"throws\":%d,\"loglik\":", e->throws);
	if (k)
		add_num(b, ll, 1);
	else
		ff_buf_adds(b, "null");
	ff_buf_adds(b, ",\"loglik_throws\":");
	if (e->nthrows_ok)
		add_num(b, e->ll_throws, 1);
	else
		ff_buf_adds(b, "null");
	ff_buf_adds(b, ",\"loglik_choices\":");
	if (e->nchoices_ok)
		add_num(b, e->ll_choices, 1);
	else
		ff_buf_adds(b, "null");
	ff_buf_adds(b, ",\"ln_bf\":");
	if (k && known && !isinf(ll) && !isinf(best))
		add_num(b, ll - best, 1);
	else
		ff_buf_adds(b, "null");
	ff_buf_addf(b, ",\"impossible\":%s,\"unknown\":", k && isinf(ll) ? "true" : "false");
	if (*ff_fit_str(f, e->why))
		ff_json_str(b, ff_fit_str(f, e->why));
	else
		ff_buf_adds(b, "null");
	ff_buf_addc(b, '}');
}

static void csv_entry(struct ff_buf *b, const char *file, long game, const char *model,
		      const struct ff_fit *f, size_t i, double best, int known)
{
	const struct ff_fit_entry *e = &f->e[i];
	double ll;
	int k = ff_fit_loglik(e, &ll);

	csv_cell(b, file);
	ff_buf_addf(b, ",%ld,%zu,", game, i + 1);
	csv_cell(b, ff_fit_str(f, e->id));
	ff_buf_addc(b, ',');
	csv_cell(b, f->rules->presets[e->preset].name);
	ff_buf_addc(b, ',');
	csv_cell(b, ff_fit_str(f, e->options));
	ff_buf_addf(b, ",%d,%d,%d,", e->header, e->fit, e->reached);
	if (!e->fit) {
		ff_buf_addf(b, "%d,%s,,,,,,", e->ply, ff_code_name(e->code));
		csv_cell(b, ff_fit_str(f, e->msg));
		ff_buf_addc(b, '\n');
		return;
	}
	ff_buf_addf(b, ",,%d,", e->throws);
	if (k)
		add_num(b, ll, 0);
	ff_buf_addc(b, ',');
	if (e->nthrows_ok)
		add_num(b, e->ll_throws, 0);
	ff_buf_addc(b, ',');
	if (e->nchoices_ok)
		add_num(b, e->ll_choices, 0);
	ff_buf_addc(b, ',');
	if (k && known && !isinf(ll) && !isinf(best))
		add_num(b, ll - best, 0);
	ff_buf_addf(b, ",%s,", model);
	csv_cell(b, ff_fit_str(f, e->why));
	ff_buf_addc(b, '\n');
}

#define CSV_HEADER "file,game,rank,ruleset,rules,options,header,fit,reached,ply,code,throws," \
	"loglik,loglik_throws,loglik_choices,ln_bf,model,message\n"

/* Write one game's fit in format fmt. Returns 0 or -1 (no memory). */
static int print_fit(const struct fset *o, const char *file, long game, const struct ff_fit *f)
{
	const char *model = ff_fit_model_name((enum ff_fit_model)o->model);
	struct ff_buf b = FF_BUF_INIT;
	size_t i, shown = o->top && (size_t)o->top < f->n ? (size_t)o->top : f->n;
	double best = 0;
	int known = f->n && ff_fit_loglik(&f->e[0], &best);

	if (o->fmt == 0) {
		ff_buf_addf(&b, "%s: game %ld: %s, %d plies; ", file, game, f->rules->name, f->plies);
		ff_fit_describe(f, &b);
		ff_buf_addf(&b, "; %d fit; likelihood of choices under the %s model\n", f->nfit, model);
	} else if (o->fmt == 1) {
		ff_buf_adds(&b, "{\"file\":");
		ff_json_str(&b, file);
		ff_buf_addf(&b, ",\"game\":%ld,\"family\":\"%s\",\"plies\":%d,\"model\":\"%s\","
			    "\"search\":", game, f->rules->name, f->plies, model);
		{
			struct ff_buf d = FF_BUF_INIT;

			ff_fit_describe(f, &d);
			ff_json_str(&b, d.p ? d.p : "");
			ff_buf_free(&d);
		}
		ff_buf_addf(&b, ",\"combinations\":%zu,\"refused\":%zu,\"duplicates\":%zu,"
			    "\"neighbourhood\":%s,\"tried\":%zu,\"fits\":%d,\"shown\":%zu,\"rulesets\":[",
			    f->combos, f->refused, f->duplicates, f->neighbourhood ? "true" : "false",
			    f->n, f->nfit, shown);
	}
	for (i = 0; i < shown; i++) {
		if (o->fmt == 0)
			text_entry(&b, f, i, best, known);
		else if (o->fmt == 1)
			json_entry(&b, f, i, best, known);
		else
			csv_entry(&b, file, game, model, f, i, best, known);
	}
	if (o->fmt == 0 && shown < f->n)
		ff_buf_addf(&b, "  ... and %zu more (--top 0 shows all)\n", f->n - shown);
	if (o->fmt == 1)
		ff_buf_adds(&b, "]}\n");
	if (!b.p || ff_buf_addc(&b, '\0')) {
		ff_buf_free(&b);
		return -1;
	}
	fwrite(b.p, 1, b.len - 1, stdout);
	ff_buf_free(&b);
	return 0;
}

/* When no ruleset fits rec: a diagnostic at the furthest failure, naming
   its ruleset. */
static void report_none(const char *file, const struct ff_record *rec, const struct ff_fit *f)
{
	const struct ff_fit_entry *e = &f->e[0];
	struct ff_buf b = FF_BUF_INIT;
	struct ff_error err;

	if (!f->n)
		return;
	err.code = e->code;
	err.line = e->line;
	err.col = e->col;
	err.game = rec->number;
	err.ply = e->ply;
	err.seat = e->seat;
	snprintf(err.msg, sizeof err.msg, "no ruleset of %s fits; the furthest, %s, fails here: %s",
		 f->rules->name, ff_fit_str(f, e->id), ff_fit_str(f, e->msg));
	if (!ff_diag_format(&b, file, &err) && b.p)
		fputs(b.p, stderr);
	ff_buf_free(&b);
}

/* A decimal number from s in (lo, hi]; -1 when it is not one. */
static double number(const char *s, double lo, double hi)
{
	char *end;
	double x;

	errno = 0;
	x = strtod(s, &end);
	return errno || end == s || *end || !(x > lo && x <= hi) ? -1 : x;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct fset *o = set;
	struct ff_fit_opts fo = { 0 };
	struct solctx *sc;
	struct ff_input in;
	struct ff_record rec;
	struct ff_error err;
	struct ff_fit f;
	const char *file = "";
	int status = FF_EXIT_OK, r;

	fo.model = (enum ff_fit_model)o->model;
	if ((fo.temperature = number(o->temperature, 0, 1e9)) < 0)
		return ff_cmd_usage_error(cmd, "--temperature takes a decimal number above 0, not '%s'",
					  o->temperature);
	fo.epsilon = strtod(o->epsilon, NULL);   /* checked as a fraction by the parser */
	if (fo.model != FF_FIT_PERFECT && o->solution)
		return ff_cmd_usage_error(cmd, "--solution is for --model perfect");
	if (!(sc = calloc(1, sizeof *sc)) || ff_record_init(&rec)) {
		free(sc);
		fprintf(stderr, "fivefold fit: out of memory\n");
		return FF_EXIT_FAIL;
	}
	sc->cmd = cmd->name;
	sc->path = o->solution;
	fo.solution = solution_of;
	fo.ctx = sc;
	ff_fit_init(&f);
	ff_input_hint(cmd->name, argc, &o->in);
	ff_input_init(&in, argv, argc, &o->in);
	if (o->fmt == 2)
		fputs(CSV_HEADER, stdout);
	while ((r = ff_input_next(&in, &rec, &err, &file)) != 0) {
		if (r < 0) {
			ff_input_report(file, &err);
			status = FF_EXIT_FAIL;
			continue;
		}
		ff_error_clear(&err);
		if (ff_fit_run(&f, &rec, &fo, &err) && err.code != FF_ENOMEM) {
			ff_input_report(file, &err);   /* no game to fit: no or an unknown Game tag */
			status = FF_EXIT_FAIL;
			continue;
		}
		if (err.code == FF_ENOMEM || print_fit(o, file, rec.number, &f)) {
			fprintf(stderr, "fivefold fit: out of memory\n");
			status = FF_EXIT_FAIL;
			break;
		}
		if (!f.nfit) {   /* legal under none: an invalid record, as validate says */
			report_none(file, &rec, &f);
			status = FF_EXIT_FAIL;
		}
	}
	if (sc->failed)   /* --solution could not be read: the figures lack it */
		status = FF_EXIT_FAIL;
	ff_input_close(&in);
	ff_fit_free(&f);
	ff_record_free(&rec);
	solctx_free(sc);
	free(sc);
	return status;
}

const struct ff_cmd ff_cmd_fit = {
	.name = "fit",
	.summary = "which rules a record fits: every preset x option combination, and its likelihood",
	.operands = "[FILES...]",
	.operand = FF_C_FILE,
	.about = "Replays each game under every preset and option combination of its game\n"
		 "(the space `fivefold rules` lists; how it is searched is printed) and\n"
		 "ranks them: the rulesets the record is legal under to its end, by the\n"
		 "log-likelihood of its throws under their dice and of its choices under\n"
		 "--model, with the Bayes factor against the best fit; then the others by\n"
		 "how far they get, with the first failing ply and its diagnostic code.\n"
		 "A Seed tag is kept: a ruleset whose dice the Seed contradicts fails.\n"
		 "docs/fit.md says what the figures mean and do not mean.",
	.opts = opts,
	.settings = sizeof(struct fset),
	.run = run,
};
