/* Simulating games with seeded agents. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/replay.h"
#include "lib/setup.h"
#include "lib/simulate.h"

/* The Teams tag value of a game whose seats form fewer sides than seats:
   each side's seats joined by '+', side 1 first ("1+3 2+4"). */
static int teams_value(const struct ff_rules *r, const void *st, int seats, struct ff_buf *b)
{
	int side, seat, rc = 0, any;

	for (side = 0; side < ff_rules_sides(r, st); side++) {
		any = 0;
		if (side)
			rc |= ff_buf_addc(b, ' ');
		for (seat = 0; seat < seats; seat++)
			if (ff_rules_side_of(r, st, seat) == side) {
				rc |= (any ? ff_buf_addc(b, '+') : 0) | ff_buf_addf(b, "%d", seat + 1);
				any = 1;
			}
	}
	return rc;
}

static int set_tags(const struct ff_sim *sim, uint64_t seed, const void *st, struct ff_buf *b,
		    struct ff_record *rec)
{
	const struct ff_config *cfg = sim->cfg;
	char name[16];
	int s;

	if (ff_record_add_tag(rec, "Game", cfg->rules->name, strlen(cfg->rules->name), 0, 0))
		return -1;
	if (ff_record_add_tag(rec, "Rules", cfg->rules->presets[cfg->preset].name,
			      strlen(cfg->rules->presets[cfg->preset].name), 0, 0))
		return -1;
	ff_buf_reset(b);
	if (ff_config_options(cfg, b))
		return -1;
	if (b->len && ff_record_add_tag(rec, "Options", b->p, b->len, 0, 0))
		return -1;
	if (cfg->seats != cfg->rules->seats_default || cfg->rules->seats_min != cfg->rules->seats_max) {
		snprintf(name, sizeof name, "%d", cfg->seats);
		if (ff_record_add_tag(rec, "Seats", name, strlen(name), 0, 0))
			return -1;
	}
	if (ff_rules_sides(cfg->rules, st) != cfg->seats) {
		ff_buf_reset(b);
		if (teams_value(cfg->rules, st, cfg->seats, b) ||
		    ff_record_add_tag(rec, "Teams", b->p, b->len, 0, 0))
			return -1;
	}
	for (s = 0; s < cfg->seats; s++) {
		snprintf(name, sizeof name, "Seat%d", s + 1);
		const char *who = sim->seat_name[s] ? sim->seat_name[s] : sim->agents[s]->name;

		if (ff_record_add_tag(rec, name, who, strlen(who), 0, 0))
			return -1;
	}
	if (cfg->first != 0) {
		snprintf(name, sizeof name, "%d", cfg->first + 1);
		if (ff_record_add_tag(rec, "First", name, strlen(name), 0, 0))
			return -1;
	}
	if (ff_record_add_tag(rec, "Source", "fivefold simulate", 17, 0, 0))
		return -1;
	ff_buf_reset(b);
	if (ff_buf_addu(b, seed))
		return -1;
	if (ff_record_add_tag(rec, "Seed", b->p, b->len, 0, 0))
		return -1;
	return sim->setup ? ff_record_add_tag(rec, "SetUp", sim->setup, strlen(sim->setup), 0, 0) : 0;
}

/* ff_agent_uniform_index as the sample hook's pick: ctx is the agents' stream. */
static int uniform_pick(void *ctx, int n)
{
	return ff_agent_uniform_index(ctx, n);
}

/* The ply agent a plays in state, at legal[returned index]. A uniform
   agent facing an engine that samples its plies gets one so (as likely,
   other draws); one that can count them, only the chosen one (the same
   ply and draws as from the whole list). */
static int choose(const struct ff_sim *sim, const struct ff_agent *a, const void *state,
		  struct ff_rng *chance, struct ff_rng *agent, struct ff_ply *legal)
{
	const struct ff_rules *r = sim->cfg->rules;
	int roll = ff_rules_roll(r, state, chance), n;

	if (a->uniform)
		return ff_rules_random_ply(r, state, roll, uniform_pick, agent, legal, FF_RANDOM_SAMPLE);
	n = ff_rules_legal(r, state, roll, legal);
	if (a->choose_with)
		return a->choose_with(sim->agent_ctx[ff_rules_to_move(r, state)], r, state, legal, n, agent);
	return a->choose(state, legal, n, agent);
}

int ff_simulate_game(const struct ff_sim *sim, uint64_t seed, void *state,
		     struct ff_buf *scratch, struct ff_record *rec, struct ff_error *err)
{
	const struct ff_rules *r = sim->cfg->rules;
	struct ff_ply legal[FF_MAX_LEGAL];
	struct ff_rng chance, agent;
	struct ff_outcome o;
	char res[16];
	size_t start;
	int i, plies = 0, capped = 0;   /* capped: cut by max_plies, not by the rules */

	ff_record_reset(rec);
	ff_rng_seed(&chance, seed);
	ff_rng_seed(&agent, seed ^ FF_AGENT_SEED_XOR);
	if (ff_rules_init(r, state, sim->cfg, &chance, err))
		return -1;
	if (sim->setup && (ff_setup_read(r, state, sim->cfg, sim->setup, &chance, seed, err) ||
			   ff_setup_agents(sim->setup, &agent, seed) < 0))
		return -1;
	if (set_tags(sim, seed, state, scratch, rec))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	for (;;) {
		ff_rules_outcome(r, state, &o);
		if (o.term != FF_TERM_NONE)
			break;
		if (sim->max_plies > 0 && plies >= sim->max_plies) {
			o.term = FF_TERM_MOVECAP;
			o.winner = -1;
			capped = 1;
			break;
		}
		i = choose(sim, sim->agents[ff_rules_to_move(r, state)], state, &chance, &agent, legal);
		/* the decision is written before the ply, what it drew after,
		   both straight into the record's text */
		start = rec->text.len;
		if (ff_rules_format(r, state, &legal[i], sim->form, &rec->text))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		if (ff_rules_apply(r, state, &legal[i], &chance, err))
			return -1;
		if (ff_rules_format_post(r, &legal[i], &rec->text) || ff_record_add_ply_text(rec, start, NULL, 0, 0))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		plies++;
	}
	if (capped)
		strcpy(res, "*");
	else
		ff_result_token(&o, ff_rules_sides(r, state), res);
	if (ff_record_add_tag(rec, "Result", res, strlen(res), 0, 0) ||
	    (o.term != FF_TERM_NORMAL &&
	     ff_record_add_tag(rec, "Termination", ff_termination_name(o.term),
			       strlen(ff_termination_name(o.term)), 0, 0)) ||
	    ff_record_set_result(rec, res, 0, 0))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	return 0;
}

/* The Seat tags of rec for g's seats as one --agents value ("A,B,...")
   into out. Returns 0, or -1 when a seat has none or memory ran out. */
static int seats_spec(const struct ff_game *g, const struct ff_record *rec, struct ff_buf *out)
{
	char name[16];
	const char *v;
	int s;

	for (s = 0; s < g->cfg.seats; s++) {
		snprintf(name, sizeof name, "Seat%d", s + 1);
		if (!(v = ff_record_tag(rec, name)) || (s && ff_buf_addc(out, ',')) ||
		    ff_buf_adds(out, v))
			return -1;
	}
	return 0;
}

int ff_follow_start(struct ff_follow *f, const struct ff_game *g, const struct ff_record *rec)
{
	struct ff_buf spec = FF_BUF_INIT;
	const char *setup = ff_record_tag(rec, "SetUp");
	int s;

	memset(f, 0, sizeof *f);
	if (!g->seeded || seats_spec(g, rec, &spec) || !spec.p ||
	    ff_agent_seats_parse(&f->seats, &g->cfg, spec.p, NULL)) {
		ff_buf_free(&spec);
		return 0;   /* not a simulated game's agents: off */
	}
	ff_buf_free(&spec);
	f->sim.cfg = &g->cfg;
	f->on = 1;
	for (s = 0; s < g->cfg.seats; s++) {
		const struct ff_agent_spec *as = ff_agent_seat(&f->seats, s);

		f->sim.agents[s] = as->agent;
		f->sim.agent_ctx[s] = as->ctx;
		f->on &= !as->agent->needs_solution;
	}
	if (setup && ff_setup_agents(setup, &f->agents, g->seed) < 0)
		f->on = 0;
	else if (!setup)
		ff_rng_seed(&f->agents, g->seed ^ FF_AGENT_SEED_XOR);
	if (f->on && !(f->legal = malloc(FF_MAX_LEGAL * sizeof *f->legal))) {
		f->on = 0;
		return -1;
	}
	return 0;
}

void ff_follow_choose(struct ff_follow *f, const struct ff_game *g)
{
	struct ff_rng chance = g->chance;   /* the replay draws the throw itself */

	if (f->on)
		f->chosen = choose(&f->sim, f->sim.agents[ff_rules_to_move(g->rules, g->state)],
				   g->state, &chance, &f->agents, f->legal);
}

void ff_follow_check(struct ff_follow *f, const struct ff_ply *played)
{
	if (f->on && !ff_ply_eq(&f->legal[f->chosen], played))
		f->on = 0;
}

void ff_follow_free(struct ff_follow *f)
{
	free(f->legal);
	f->legal = NULL;
	ff_agent_seats_free(&f->seats);
	f->on = 0;
}
