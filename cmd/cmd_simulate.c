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
#include "lib/pool.h"
#include "lib/simulate.h"

#define CHUNK 64
#define MAX_THREADS 64

enum { OPT_MAXPLIES = 256, OPT_PLIES, OPT_TO, OPT_SEATS, OPT_OPTIONS };

static const struct ff_opt opts[] = {
	{ "game", required_argument, 'g', "GAME", "the game (required; see `fivefold rules`)" },
	{ "rules", required_argument, 'r', "PRESET", "the rules preset (default: the game's first)" },
	{ "options", required_argument, OPT_OPTIONS, "OPTS", "header options, e.g. \"skip-last dice=knuckle\"" },
	{ "seats", required_argument, OPT_SEATS, "N", "number of seats, where the game has a choice (see `fivefold rules`)" },
	{ "games", required_argument, 'n', "N", "number of games (default 1)" },
	{ "seed", required_argument, 's', "S", "seed of the first game; game i gets S+i (default 1)" },
	{ "agents", required_argument, 'a', "A[,B...]", "agent for every seat, or one per seat (default random)" },
	{ "threads", required_argument, 'j', "N", "simulate with N threads (default 1)" },
	{ "max-plies", required_argument, OPT_MAXPLIES, "N",
	  "end an unfinished game after N plies with result * (default 10000)" },
	{ "plies", required_argument, OPT_PLIES, "long|short", "ply form to write (default long)" },
	{ "format", required_argument, 'f', "FORMAT", "output format: fgn or jsonl (default: by -o's extension, else fgn)" },
	{ "to", required_argument, OPT_TO, "FORMAT", "the same as --format" },
	{ "output", required_argument, 'o', "FILE", "write to FILE instead of standard output" },
	{ "help", no_argument, 'h', NULL, "show this help" },
	{ NULL, 0, 0, NULL, NULL }
};

/* One chunk of games: [first, first+count) and their text. */
struct slot {
	unsigned long long first;
	int count;
	struct ff_buf out;
	struct ff_error err;
	int failed;
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
	struct worker w[MAX_THREADS];
	int nworkers;
	int failed;
	unsigned long long done;      /* games written */
	struct ff_progress prog;
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

	if (first >= c->games)
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
	for (i = 0; i < s->count; i++) {
		uint64_t seed = ff_sim_seed(c->seed, s->first + (unsigned long long)i);

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

	if (s->failed) {
		fprintf(stderr, "fivefold simulate: %s\n", s->err.msg);
		c->failed = 1;
		return -1;
	}
	if (fwrite(s->out.p, 1, s->out.len, c->out) != s->out.len) {
		fprintf(stderr, "fivefold simulate: cannot write: %s\n", strerror(errno));
		c->failed = 1;
		return -1;
	}
	c->done += (unsigned long long)s->count;
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
	rc = cfg->rules->init(st, cfg, NULL, err);
	free(st);
	return rc;
}

/* Set one agent per seat from "A" or "A,B,...". */
static int set_agents(const struct ff_cmd *cmd, struct ff_sim *sim, const struct ff_rules *r,
		      int seats, const char *spec)
{
	char name[64];
	const char *p = spec;
	int n = 0, i;

	while (*p && n < FF_MAX_SEATS) {
		size_t len = strcspn(p, ",");

		if (len == 0 || len >= sizeof name)
			return ff_cmd_usage_error(cmd, "bad --agents '%s'", spec);
		memcpy(name, p, len);
		name[len] = '\0';
		sim->agents[n] = ff_agent_find(r, name);
		if (!sim->agents[n])
			return ff_cmd_usage_error(cmd, "no agent '%s' for game '%s' (see `fivefold rules %s`)",
						  name, r->name, r->name);
		n++;
		p += len;
		if (*p == ',')
			p++;
	}
	if (n == 1)
		for (i = 1; i < seats; i++)
			sim->agents[i] = sim->agents[0];
	else if (n != seats)
		return ff_cmd_usage_error(cmd, "--agents names %d agents for %d seats", n, seats);
	return 0;
}

static int run(const struct ff_cmd *cmd, int argc, char **argv)
{
	struct ff_getopt go;
	struct sctx *c;
	struct ff_config cfg;
	struct ff_error err;
	const char *game = NULL, *rules = NULL, *options = NULL, *agents = "random", *seats = NULL;
	const char *output = NULL, *to = NULL;
	char *arg, *end;
	long v, threads = 1;
	int ch, i, rc = FF_EXIT_USAGE;

	c = aligned_alloc(64, (sizeof *c + 63) / 64 * 64);
	if (!c)
		return FF_EXIT_FAIL;
	memset(c, 0, sizeof *c);
	c->games = 1;
	c->seed = 1;
	c->sim.max_plies = 10000;
	c->sim.form = FF_FORM_LONG;
	ff_getopt_init(&go, cmd);
	while ((ch = ff_getopt_next(&go, argc, argv, &arg)) != -1) {
		switch (ch) {
		case 'g': game = arg; break;
		case 'r': rules = arg; break;
		case OPT_OPTIONS: options = arg; break;
		case 'a': agents = arg; break;
		case OPT_SEATS: seats = arg; break;
		case 'o': output = arg; break;
		case 'f': case OPT_TO: to = arg; break;
		case 'n':
			if (ff_parse_long(arg, 0, 2000000000L, &v)) {
				ff_cmd_usage_error(cmd, "--games takes a number of games, not '%s'", arg);
				goto out;
			}
			c->games = (unsigned long long)v;
			break;
		case 's':
			errno = 0;
			c->seed = strtoull(arg, &end, 10);
			if (!*arg || *end || errno || *arg == '-') {
				ff_cmd_usage_error(cmd, "--seed takes a decimal 64-bit number, not '%s'", arg);
				goto out;
			}
			break;
		case 'j':
			if (ff_parse_long(arg, 1, MAX_THREADS, &threads)) {
				ff_cmd_usage_error(cmd, "--threads takes 1 to %d, not '%s'", MAX_THREADS, arg);
				goto out;
			}
			break;
		case OPT_MAXPLIES:
			if (ff_parse_long(arg, 1, 100000000L, &v)) {
				ff_cmd_usage_error(cmd, "--max-plies takes a number from 1, not '%s'", arg);
				goto out;
			}
			c->sim.max_plies = (int)v;
			break;
		case OPT_PLIES:
			if (strcmp(arg, "long") && strcmp(arg, "short")) {
				ff_cmd_usage_error(cmd, "--plies takes long or short, not '%s'", arg);
				goto out;
			}
			c->sim.form = strcmp(arg, "short") == 0 ? FF_FORM_SHORT : FF_FORM_LONG;
			break;
		case 'h':
			ff_cmd_help(cmd, stdout);
			rc = FF_EXIT_OK;
			goto out;
		default:
			goto out;
		}
	}
	if (optind < argc) {
		ff_cmd_usage_error(cmd, "unexpected operand '%s'", argv[optind]);
		goto out;
	}
	if (!game) {
		ff_cmd_usage_error(cmd, "--game is required");
		goto out;
	}
	if (!(c->fmt = ff_cmd_output_format(cmd, to, output)))
		goto out;
	if (!c->fmt->write) {
		ff_cmd_usage_error(cmd, "simulate writes fgn or jsonl; for '%s' pipe into convert",
				   c->fmt->name);
		goto out;
	}
	ff_error_clear(&err);
	if (ff_config_parse(&cfg, game, rules, options, seats, NULL, NULL, &err)) {
		ff_cmd_usage_error(cmd, "%s [%s]", err.msg, ff_code_name(err.code));
		goto out;
	}
	if (probe_config(&cfg, &err)) {   /* combinations only the engine knows */
		ff_cmd_usage_error(cmd, "%s [%s]", err.msg, ff_code_name(err.code));
		goto out;
	}
	c->sim.cfg = &cfg;
	if (set_agents(cmd, &c->sim, cfg.rules, cfg.seats, agents))
		goto out;
	c->out = stdout;
	if (output && !(c->out = fopen(output, "wb"))) {
		fprintf(stderr, "fivefold simulate: cannot open '%s': %s\n", output, strerror(errno));
		rc = FF_EXIT_FAIL;
		goto out;
	}
	c->nworkers = (int)threads;
	rc = FF_EXIT_OK;
	for (i = 0; i < c->nworkers; i++) {
		c->w[i].state = malloc(cfg.rules->state_size);
		if (!c->w[i].state || ff_record_init(&c->w[i].rec))
			rc = FF_EXIT_FAIL;
	}
	ff_progress_init(&c->prog, NULL, 0, c->games, c->out == stdout);
	if (rc == FF_EXIT_OK && (ff_pool_run(&ops, c, (int)threads) || c->failed))
		rc = FF_EXIT_FAIL;
	if (rc == FF_EXIT_OK)
		ff_progress_show(&c->prog, c->done, 0, 1);
	if (fflush(c->out) || (c->out != stdout && fclose(c->out))) {
		fprintf(stderr, "fivefold simulate: cannot write: %s\n", strerror(errno));
		rc = FF_EXIT_FAIL;
	}
	for (i = 0; i < c->nworkers; i++) {
		free(c->w[i].state);
		ff_record_free(&c->w[i].rec);
		ff_buf_free(&c->w[i].scratch);
	}
out:
	free(c);
	return rc;
}

const struct ff_cmd ff_cmd_simulate = {
	.name = "simulate",
	.summary = "play games with seeded agents and write them as FGN or JSON Lines",
	.usage = "--game GAME [OPTIONS]",
	.about = "Plays --games games of a ruleset with seeded agents and writes them as\n"
		 "FGN. All chance comes from each game's Seed (ff1, design.md); the\n"
		 "agents draw from a second stream, so the same command writes the same\n"
		 "bytes whatever --threads is.",
	.opts = opts,
	.run = run,
};
