/* fivefold simulate: play N games of a ruleset with seeded agents and write
   them as FGN. Game i carries Seed = --seed + i, so any game can be
   replayed alone; chunks of games run on --threads workers and are written
   in order, so the output is the same bytes whatever the thread count. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/progress.h"
#include "formats/format.h"
#include "lib/agent.h"
#include "lib/analysis/solve.h"
#include "lib/pool.h"
#include "lib/simulate.h"
#include "lib/text.h"

#define CHUNK 64
#define MAX_THREADS 64

/* What the options say. */
struct sset {
	const char *game, *rules, *options, *seats, *agents, *output, *solution;
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

/* One chunk of games: [first, first+count) and their text. */
struct slot {
	unsigned long long first;
	int count;
	struct ff_buf out;
	struct ff_error err;
	int failed;
	int cut;             /* interrupted: count is the games played */
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
	int cut;                      /* a chunk was cut by a signal: nothing after it */
	unsigned long long done;      /* games written */
	struct ff_progress prog;
	struct ff_solution solution;  /* --solution, for the perfect agent */
	char spec[FF_MAX_SEATS][256];   /* each seat's agent as given, "mcts:iterations=500" */
	char bare[FF_MAX_SEATS][64];    /* its name, where options follow */
	const char *names[FF_MAX_SEATS];
	void *made[FF_MAX_SEATS];       /* contexts the agents made of their options */
};

static int slot_init(void *ctx, void *p)
{
	memset(p, 0, sizeof(struct slot));
	return 0;
}

static void slot_free(void *ctx, void *p)
{
	ff_buf_free(&((struct slot *)p)->out);
}

static int produce(void *ctx, void *p, size_t seq)
{
	struct sctx *c = ctx;
	struct slot *s = p;
	unsigned long long first = (unsigned long long)seq * CHUNK;

	if (first >= c->games || ff_cmd_interrupted())
		return 0;
	s->first = first;
	s->count = c->games - first < CHUNK ? (int)(c->games - first) : CHUNK;
	return 1;
}

static void work(void *ctx, void *p, int wi)
{
	struct sctx *c = ctx;
	struct slot *s = p;
	struct worker *w = &c->w[wi];
	int i;

	ff_buf_reset(&s->out);
	s->failed = 0;
	s->cut = 0;
	for (i = 0; i < s->count; i++) {
		uint64_t seed = ff_sim_seed(c->seed, s->first + (unsigned long long)i);

		if (ff_cmd_interrupted()) {   /* the games played so far, whole */
			s->count = i;
			s->cut = 1;
			return;
		}

		if (ff_simulate_game(&c->sim, seed, w->state, &w->scratch, &w->rec, &s->err) ||
		    c->fmt->write(&w->rec, &s->out)) {
			if (s->err.code == FF_OK)
				ff_error_set(&s->err, FF_ENOMEM, "out of memory");
			s->failed = 1;
			return;
		}
	}
}

static int consume(void *ctx, void *p)
{
	struct sctx *c = ctx;
	struct slot *s = p;

	if (c->cut)   /* after a chunk a signal cut: a gap would follow */
		return 0;
	if (s->failed) {
		fprintf(stderr, "fivefold simulate: %s\n", s->err.msg);
		c->failed = 1;
		return -1;
	}
	if (fwrite(s->out.p, 1, s->out.len, c->out) != s->out.len) {
		fprintf(stderr, "fivefold simulate: cannot write %s: %s\n", ff_out_name(&c->out_file),
			strerror(errno));
		c->failed = 1;
		return -1;
	}
	c->done += (unsigned long long)s->count;
	c->cut = s->cut;
	ff_progress_show(&c->prog, c->done, 0, 0);
	return 0;
}

static const struct ff_pool_ops ops = {
	sizeof(struct slot), slot_init, slot_free, produce, work, consume
};

/* 0 when the engine accepts cfg (seat count, option combinations), else
   -1 with err. */
static int probe_config(const struct ff_config *cfg, struct ff_error *err)
{
	void *st = malloc(cfg->rules->state_size);
	int rc;

	if (!st)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	rc = ff_rules_init(cfg->rules, st, cfg, NULL, err);
	free(st);
	return rc;
}

/* The usage error for an agent r does not have, with the nearest. */
static int unknown_agent(const struct ff_cmd *cmd, const struct ff_rules *r, const char *name)
{
	const char *names[17];
	const struct ff_agent *a;
	char hint[320];
	int n = 0;

	while (n < 17 && (a = ff_agent_at(r, n)) != NULL)
		names[n++] = a->name;
	return ff_cmd_usage_error(cmd, "--agents: game '%s' has no agent '%s'%s", r->name, name,
				  ff_text_suggest(hint, sizeof hint, name, "agents", names, (size_t)n));
}

/* Seat n's Seat tag: the agent's name and every option it plays with
   (the engine's defaults included), so that the record names the agent
   whatever the defaults are later. Returns 0 or FF_EXIT_FAIL. */
static int describe(const struct ff_cmd *cmd, struct sctx *c, int n)
{
	const struct ff_agent *a = c->sim.agents[n];
	struct ff_buf b = { 0 };
	int rc = 0;

	if (ff_buf_addf(&b, "%s:", a->name) || a->describe(c->made[n], &b) ||
	    b.len >= sizeof c->spec[n])
		rc = ff_cmd_usage_error(cmd, "--agents: seat %d: the options of '%s' are too long",
					n + 1, a->name);
	else
		snprintf(c->spec[n], sizeof c->spec[n], "%.*s", (int)b.len, b.p);
	ff_buf_free(&b);
	return rc;
}

/* Set seat n's agent from spec[0, len): "NAME" or "NAME:OPTIONS". */
static int set_agent(const struct ff_cmd *cmd, struct sctx *c, const struct ff_config *cfg, int n,
		     const char *spec, size_t len)
{
	const struct ff_rules *r = cfg->rules;
	char *name = c->spec[n], *given;
	struct ff_error err;

	if (len == 0 || len >= sizeof c->spec[n])
		return ff_cmd_usage_error(cmd, "bad --agents: an empty or overlong agent");
	memcpy(name, spec, len);
	name[len] = '\0';
	c->sim.seat_name[n] = name;
	c->names[n] = name;
	if ((given = strchr(name, ':')) != NULL) {
		if (given - name >= (long)sizeof c->bare[n])
			return ff_cmd_usage_error(cmd, "bad --agents: an overlong agent name");
		memcpy(c->bare[n], name, (size_t)(given - name));
		c->bare[n][given - name] = '\0';
		c->names[n] = c->bare[n];
		given++;
	}
	if (!(c->sim.agents[n] = ff_agent_find(r, c->names[n])))
		return unknown_agent(cmd, r, c->names[n]);
	if (given && !c->sim.agents[n]->create)
		return ff_cmd_usage_error(cmd, "--agents: agent '%s' takes no options", c->names[n]);
	if (!c->sim.agents[n]->create)
		return 0;
	ff_error_clear(&err);
	if (!(c->made[n] = ff_agent_create(cfg, c->sim.agents[n], given, &err)))
		return ff_cmd_usage_error(cmd, "--agents: %s [%s]", err.msg, ff_code_name(err.code));
	c->sim.agent_ctx[n] = c->made[n];
	return c->sim.agents[n]->describe ? describe(cmd, c, n) : 0;
}

/* Set one agent per seat from "A" or "A,B,...", each "NAME[:OPTIONS]". */
static int set_agents(const struct ff_cmd *cmd, struct sctx *c, const struct ff_config *cfg,
		      const char *spec)
{
	int seats = cfg->seats;
	const char *p = spec;
	int n = 0, i;

	while (*p && n < FF_MAX_SEATS) {
		size_t len = strcspn(p, ",");

		if (set_agent(cmd, c, cfg, n, p, len))
			return FF_EXIT_USAGE;
		n++;
		p += len;
		if (*p == ',')
			p++;
	}
	if (*p)
		return ff_cmd_usage_error(cmd, "--agents names more than %d agents", FF_MAX_SEATS);
	if (n == 1)
		for (i = 1; i < seats; i++) {
			c->sim.agents[i] = c->sim.agents[0];
			c->sim.agent_ctx[i] = c->sim.agent_ctx[0];
			c->sim.seat_name[i] = c->sim.seat_name[0];
		}
	else if (n != seats)
		return ff_cmd_usage_error(cmd, "--agents names %d agents for %d seats", n, seats);
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
	    probe_config(cfg, &err))   /* combinations only the engine knows */
		return ff_cmd_usage_error(cmd, "%s [%s]", err.msg, ff_code_name(err.code));
	c->sim.cfg = cfg;
	c->sim.max_plies = (int)o->max_plies;
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
	if (rc == FF_EXIT_OK && (ff_pool_run(&ops, c, c->nworkers) || c->failed))
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
	int rc, i;

	(void)argc;
	(void)argv;
	if (!c)
		return FF_EXIT_FAIL;
	memset(c, 0, sizeof *c);
	ff_cmd_catch_signals();   /* first: a signal from here on stops at a game */
	if ((rc = prepare(cmd, o, c, &cfg)) == 0 && (rc = load_solution(cmd, o, c, &cfg)) == 0)
		rc = ff_out_open(&c->out_file, cmd, o->output) == 0 ? play(cmd, c) : FF_EXIT_FAIL;
	ff_solution_free(&c->solution);
	for (i = 0; i < FF_MAX_SEATS; i++)
		if (c->made[i])
			c->sim.agents[i]->destroy(c->made[i]);
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
		 "rules lists them), so the record names it if defaults change.",
	.opts = opts,
	.settings = sizeof(struct sset),
	.run = run,
};
