/* fivefold simulate: play N games of a ruleset with seeded agents and write
   them as FGN. Game i carries Seed = --seed + i, so any game can be
   replayed alone; runs of games are played on --threads workers by the
   commands' pipeline (cmd/batch.h) and written in order, so the output is
   the same bytes whatever the thread count. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/batch.h"
#include "cmd/cmd.h"
#include "cmd/progress.h"
#include "formats/format.h"
#include "lib/agent.h"
#include "lib/analysis/solve.h"
#include "lib/setup.h"
#include "lib/simulate.h"
#include "lib/text.h"

#define CHUNK 64
#define MAX_THREADS 64

/* What the options say. */
struct sset {
	const char *game, *rules, *options, *seats, *agents, *output, *solution, *setup;
	const char *shard;   /* --shard I/K: games [lo, hi) of the --games */
	const struct ff_format *to;
	long games, threads, max_plies;
	uint64_t seed;
	int form;            /* enum ff_ply_form */
};

#define S struct sset
static const struct ff_opt opts[] = {
	FF_OPT(GAME, S, game, .required = 1),
	FF_OPT(RULES, S, rules),
	FF_OPT(OPTIONS, S, options),
	FF_OPT(SEATS, S, seats),
	FF_OPT(GAMES, S, games, .lo = 0, .hi = 2000000000L, .dflt = "1"),
	FF_OPT(SEED, S, seed, .dflt = "1"),
	FF_OPT(AGENTS, S, agents, .dflt = "random"),
	FF_OPT(SOLUTION, S, solution),
	FF_OPT(SETUP_POS, S, setup),
	FF_OPT(THREADS, S, threads, .lo = 1, .hi = MAX_THREADS, .dflt = "1"),
	FF_OPT(MAXPLIES, S, max_plies, .lo = 1, .hi = 100000000L, .dflt = "10000",
	       .help = "end an unfinished game after N plies with result *"),
	FF_OPT(PLIES, S, form, .choices = "long|short", .dflt = "long"),
	FF_OPT(FORMAT, S, to, .help = "output format: fgn or jsonl (default: by -o's extension, "
				      "else fgn)"),
	FF_OPT(TO, S, to),
	FF_OPT(OUTPUT, S, output),
	FF_OPT(SHARD, S, shard),
	FF_OPT_DONE
};
#undef S

/* A slot's games (the batch's [first, first + n), their text the slot's
   out): how many were played, in order. */
struct unit {
	struct ff_error err;
	int played;
	int failed;
	int cut;             /* interrupted: played is the games before it */
};

/* Per-worker scratch: a state, a record, a formatting buffer. Aligned to a
   cache line so that workers do not share lines they write every ply. */
struct worker {
	_Alignas(64) void *state;
	struct ff_record rec;
	struct ff_buf scratch;
};

struct sctx {
	struct ff_sim sim;
	const struct ff_format *fmt;
	unsigned long long games, seed;
	FILE *out;
	struct ff_out out_file;   /* out's */
	struct worker w[MAX_THREADS];
	int nworkers;
	int failed;
	int cut;                      /* a slot was cut by a signal: nothing after it */
	unsigned long long done;      /* games written */
	struct ff_progress prog;
	struct ff_solution solution;  /* --solution, for the perfect agent */
	struct ff_agent_seats agents;   /* --agents, with what each made of its options */
};

/* The slot starting at game `first` gets CHUNK games, fewer at the end. */
static int make(void *ctx, unsigned long long first, int per_slot)
{
	const struct sctx *c = ctx;

	if (first >= c->games)
		return 0;
	return c->games - first < (unsigned long long)per_slot ? (int)(c->games - first) : per_slot;
}

static int more(void *ctx)
{
	(void)ctx;
	return !ff_cmd_interrupted();
}

static void begin(void *ctx, struct ff_batch_slot *s)
{
	struct unit *u = s->unit;

	(void)ctx;
	ff_error_clear(&u->err);
	u->played = 0;
	u->failed = 0;
	u->cut = 0;
}

/* Play game s->first + i on worker wi, unless the slot failed or was cut. */
static void work(void *ctx, struct ff_batch_slot *s, int i, int wi)
{
	struct sctx *c = ctx;
	struct unit *u = s->unit;
	struct worker *w = &c->w[wi];
	uint64_t seed = ff_sim_seed(c->seed, s->first + (unsigned long long)i);

	if (u->failed || u->cut)
		return;
	if (ff_cmd_interrupted()) {   /* the games played so far, whole */
		u->cut = 1;
		return;
	}
	if (ff_simulate_game(&c->sim, seed, w->state, &w->scratch, &w->rec, &u->err) ||
	    c->fmt->write(&w->rec, &s->out)) {
		if (u->err.code == FF_OK)
			ff_error_set(&u->err, FF_ENOMEM, "out of memory");
		u->failed = 1;
		return;
	}
	u->played++;
}

static int emit(void *ctx, struct ff_batch_slot *s)
{
	struct sctx *c = ctx;
	const struct unit *u = s->unit;

	if (c->cut)   /* after a slot a signal cut: a gap would follow */
		return 0;
	if (u->failed) {
		fprintf(stderr, "fivefold simulate: %s\n", u->err.msg);
		c->failed = 1;
		return -1;
	}
	if (fwrite(s->out.p, 1, s->out.len, c->out) != s->out.len) {
		fprintf(stderr, "fivefold simulate: cannot write %s: %s\n", ff_out_name(&c->out_file),
			strerror(errno));
		c->failed = 1;
		return -1;
	}
	c->done += (unsigned long long)u->played;
	c->cut = u->cut;
	ff_progress_show(&c->prog, c->done, 0, 0);
	return 0;
}

static const struct ff_batch_ops ops = {
	.unit_size = sizeof(struct unit),
	.begin = begin,
	.work = work,
	.emit = emit,
	.more = more,
	.make = make,
};

/* 0 when the engine accepts cfg (seat count, option combinations) and
   the set-up position setup (NULL: none), else -1 with err. */
static int probe_config(const struct ff_config *cfg, const char *setup, struct ff_error *err)
{
	void *st = malloc(cfg->rules->state_size);
	struct ff_rng chance;
	int rc;

	if (!st)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	ff_rng_seed(&chance, 0);
	rc = ff_rules_init(cfg->rules, st, cfg, &chance, err);
	if (rc == 0 && setup)
		rc = ff_setup_read(cfg->rules, st, cfg, setup, &chance, 0, err);
	free(st);
	return rc;
}

/* One agent a seat from --agents ("A" for every seat, or "A,B,...",
   each "NAME[:OPTIONS]"): the library reads it (lib/agent.h). */
static int set_agents(const struct ff_cmd *cmd, struct sctx *c, const struct ff_config *cfg,
		      const char *spec)
{
	struct ff_error err;
	int i;

	ff_error_clear(&err);
	if (ff_agent_seats_parse(&c->agents, cfg, spec, &err))
		return ff_cmd_usage_error(cmd, "--agents: %s [%s]", err.msg, ff_code_name(err.code));
	for (i = 0; i < cfg->seats; i++) {
		const struct ff_agent_spec *as = ff_agent_seat(&c->agents, i);

		c->sim.agents[i] = as->agent;
		c->sim.agent_ctx[i] = as->ctx;
		c->sim.seat_name[i] = as->tag;
	}
	return 0;
}

/* Check what the options ask for and fill c and cfg: the ruleset, the
   agents, the format. Returns 0 or FF_EXIT_USAGE after a message. */
static int prepare(const struct ff_cmd *cmd, const struct sset *o, struct sctx *c,
		   struct ff_config *cfg)
{
	struct ff_error err;

	if (!(c->fmt = ff_cmd_output_format(cmd, o->to, o->output)))
		return FF_EXIT_USAGE;
	if (!c->fmt->write)
		return ff_cmd_usage_error(cmd, "simulate writes fgn or jsonl; for '%s' pipe into convert",
					  c->fmt->name);
	ff_error_clear(&err);
	if (ff_config_parse(cfg, o->game, o->rules, o->options, o->seats, NULL, NULL, &err) ||
	    probe_config(cfg, o->setup, &err))   /* combinations only the engine knows */
		return ff_cmd_usage_error(cmd, "%s [%s]", err.msg, ff_code_name(err.code));
	c->sim.cfg = cfg;
	c->sim.max_plies = (int)o->max_plies;
	c->sim.setup = o->setup;
	c->sim.form = (enum ff_ply_form)o->form;
	c->games = (unsigned long long)o->games;
	c->seed = o->seed;
	if (o->shard) {   /* games lo..hi-1 of the run: game i's seed stays S + i */
		unsigned long long lo, hi;
		long si, sk;

		ff_parse_shard(o->shard, &si, &sk);
		ff_shard_range(c->games, si, sk, &lo, &hi);
		c->games = hi - lo;
		c->seed = ff_sim_seed(o->seed, lo);
	}
	c->nworkers = (int)o->threads;
	return set_agents(cmd, c, cfg, o->agents) ? FF_EXIT_USAGE : 0;
}

/* Play the games on c's workers into c->out_file (opened), and close it:
   put in place only when every game was played and written. Returns the
   exit status. */
static int play(const struct ff_cmd *cmd, struct sctx *c)
{
	int i, rc = FF_EXIT_OK, interrupted;

	c->out = c->out_file.fp;
	for (i = 0; i < c->nworkers; i++) {
		c->w[i].state = ff_rules_state_alloc(c->sim.cfg->rules);
		if (!c->w[i].state || ff_record_init(&c->w[i].rec))
			rc = FF_EXIT_FAIL;
	}
	ff_progress_init(&c->prog, NULL, 0, c->games, c->out == stdout);
	if (rc == FF_EXIT_OK && (ff_batch_run(&ops, c, NULL, c->nworkers, CHUNK, 0) || c->failed))
		rc = FF_EXIT_FAIL;
	/* interrupted: the whole games so far are the output (put in place) */
	interrupted = rc == FF_EXIT_OK && c->done < c->games && ff_cmd_interrupted();
	if (rc == FF_EXIT_OK && !interrupted)
		ff_progress_show(&c->prog, c->done, 0, 1);
	if (ff_out_close(&c->out_file, rc == FF_EXIT_OK))
		rc = FF_EXIT_FAIL;
	else if (interrupted)
		rc = ff_cmd_interrupt_status(cmd, c->done, "game");
	for (i = 0; i < c->nworkers; i++) {
		free(c->w[i].state);
		ff_record_free(&c->w[i].rec);
		ff_buf_free(&c->w[i].scratch);
	}
	return rc;
}

/* Load --solution for the agents that play from one (perfect). Returns
   0 or an exit status after a message. */
static int load_solution(const struct ff_cmd *cmd, const struct sset *o, struct sctx *c,
			 const struct ff_config *cfg)
{
	struct ff_buf id = FF_BUF_INIT;
	struct ff_error err;
	int i, need = 0, rc;

	for (i = 0; i < cfg->seats; i++)
		need |= c->sim.agents[i]->needs_solution;
	if (!need)
		return o->solution ? ff_cmd_usage_error(cmd, "--solution: no agent plays from it") : 0;
	if (!o->solution)
		return ff_cmd_usage_error(cmd, "--agents perfect needs --solution FILE (made by "
					  "'fivefold solve -o FILE')");
	ff_error_clear(&err);
	rc = ff_config_id(cfg, &id) ? ff_error_set(&err, FF_ENOMEM, "out of memory")
				    : ff_solution_load_path(&c->solution, cfg->rules, id.p,
							    o->solution, &err);
	ff_buf_free(&id);
	if (rc) {
		fprintf(stderr, "fivefold simulate: %s%s%s%s [%s]\n",
			err.code == FF_EBAD_OPTION ? "'" : "",
			err.code == FF_EBAD_OPTION ? o->solution : "",
			err.code == FF_EBAD_OPTION ? "': " : "", err.msg, ff_code_name(err.code));
		return err.code == FF_EBAD_OPTION ? FF_EXIT_USAGE : FF_EXIT_FAIL;
	}
	for (i = 0; i < cfg->seats; i++)
		if (c->sim.agents[i]->needs_solution)
			c->sim.agent_ctx[i] = &c->solution;
	return 0;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct sset *o = set;
	struct ff_config cfg;
	struct sctx *c = aligned_alloc(64, (sizeof *c + 63) / 64 * 64);
	int rc;

	(void)argc;
	(void)argv;
	if (!c)
		return FF_EXIT_FAIL;
	memset(c, 0, sizeof *c);
	ff_cmd_catch_signals();   /* first: a signal from here on stops at a game */
	if ((rc = prepare(cmd, o, c, &cfg)) == 0 && (rc = load_solution(cmd, o, c, &cfg)) == 0)
		rc = ff_out_open(&c->out_file, cmd, o->output) == 0 ? play(cmd, c) : FF_EXIT_FAIL;
	ff_solution_free(&c->solution);
	ff_agent_seats_free(&c->agents);
	free(c);
	return rc;
}

const struct ff_cmd ff_cmd_simulate = {
	.name = "simulate",
	.summary = "play games with seeded agents and write them as FGN or JSON Lines",
	.about = "Plays --games games of a ruleset with seeded agents and writes them as\n"
		 "FGN. All chance comes from each game's Seed (ff1, docs/fgn.md); the\n"
		 "agents draw from a second stream, so the same command writes the same\n"
		 "bytes whatever --threads is (mcts with time-ms=N excepted: its budget\n"
		 "is the clock's). The Seat tags record each seat's agent with every\n"
		 "option it played with, the engine's defaults included (fivefold\n"
		 "rules lists them), so the record names it if defaults change. With\n"
		 "--setup POS every game starts from that position (a SetUp tag value,\n"
		 "docs/fgn.md), written as the SetUp tag; its draws:N continues each\n"
		 "game's chance stream at draw N.",
	.opts = opts,
	.settings = sizeof(struct sset),
	.run = run,
};
