/* Replaying records through their rules engines. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/replay.h"
#include "lib/setup.h"
#include "lib/tags.h"
#include "lib/text.h"

enum ff_verdict ff_verdict_of(enum ff_code code)
{
	switch (code) {
	case FF_OK:
		return FF_VALID;
	case FF_EILLEGAL:
	case FF_EWRONG_TURN:
	case FF_EBAD_ROLL:
	case FF_ESEED:
	case FF_EBAD_DRAW:
	case FF_EAFTER_END:
	case FF_ERESULT:
		return FF_ILLEGAL;
	default:
		return FF_MALFORMED;
	}
}

void ff_game_init(struct ff_game *g)
{
	memset(g, 0, sizeof *g);
}

void ff_game_free(struct ff_game *g)
{
	free(g->state);
	free(g->legal);
	ff_buf_free(&g->scratch);
	memset(g, 0, sizeof *g);
}

/* The tag called name and where it stands. */
static const char *tag_at(const struct ff_record *rec, const char *name, long *line, long *col)
{
	size_t i;

	for (i = 0; i < rec->ntags; i++) {
		if (strcmp(ff_record_str(rec, rec->tags[i].name), name) == 0) {
			*line = rec->tags[i].line;
			*col = rec->tags[i].col;
			return ff_record_str(rec, rec->tags[i].value);
		}
	}
	return NULL;
}

static void locate(struct ff_error *err, const struct ff_record *rec, long line, long col,
		   int ply, int seat)
{
	if (!err)
		return;
	err->line = line ? line : rec->line;
	err->col = line ? col : rec->col;
	err->game = rec->number;
	err->ply = ply;
	err->seat = seat;
}

/* Say in err's message that the faulty value was given for tag `tag`
   on the command line, not read from the record. */
static void append_given(struct ff_error *err, const char *tag)
{
	size_t n = strlen(err->msg);
	char opt[16];
	int i;

	for (i = 0; tag[i] && i < (int)sizeof opt - 1; i++)
		opt[i] = (char)(tag[i] | 0x20);   /* Game -> game */
	opt[i] = 0;
	snprintf(err->msg + n, sizeof err->msg - n, " (given with --%s, not the %s tag)", opt, tag);
}

static int parse_seed(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	*out = v;
	return 0;
}

/* Check a Teams tag ("1+3 2+4": one group per side, side 1 first, the
   seats of each side in any order) against the engine's side_of(). */
static int check_teams(const struct ff_game *g, const char *teams, struct ff_error *err)
{
	const struct ff_rules *r = g->rules;
	int sides = ff_rules_sides(r, g->state), seats = g->cfg.seats, side = 0, seen[FF_MAX_SEATS] = { 0 };
	const char *p = teams;
	int s, n;

	for (;;) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		for (;;) {
			s = 0;
			for (n = 0; p[n] >= '0' && p[n] <= '9' && n < 3; n++)
				s = s * 10 + (p[n] - '0');
			if (n == 0 || s < 1 || s > seats || seen[s - 1])
				return ff_error_set(err, FF_EBAD_TAG,
						    "bad Teams '%s': expected groups of seats 1 to %d "
						    "joined by '+', each seat once, as in '1+3 2+4'",
						    teams, seats);
			seen[s - 1] = 1;
			if (side >= sides || ff_rules_side_of(r, g->state, s - 1) != side)
				return ff_error_set(err, FF_EBAD_TAG,
						    "Teams '%s' does not match the rules: seat %d plays "
						    "for side %d", teams, s, ff_rules_side_of(r, g->state, s - 1) + 1);
			p += n;
			if (*p != '+')
				break;
			p++;
		}
		if (*p && *p != ' ')
			return ff_error_set(err, FF_EBAD_TAG,
					    "bad Teams '%s': unexpected '%c'", teams, *p);
		side++;
	}
	for (s = 0; s < seats; s++)
		if (!seen[s])
			return ff_error_set(err, FF_EBAD_TAG,
					    "Teams '%s' leaves out seat %d", teams, s + 1);
	return side == sides ? 0 : ff_error_set(err, FF_EBAD_TAG,
						 "Teams '%s' names %d sides, the rules give %d",
						 teams, side, sides);
}

/* Check the Seat<k> tags against the seat count (k from 1 to seats,
   written without leading zeros). Returns 0, or -1 with err located. */
static int check_seat_tags(const struct ff_game *g, const struct ff_record *rec,
			   const char *seats_tag, struct ff_error *err)
{
	const char *name;
	uint64_t k;
	size_t i;

	for (i = 0; i < rec->ntags; i++) {
		name = ff_record_str(rec, rec->tags[i].name);
		if (strncmp(name, "Seat", 4) || name[4] < '0' || name[4] > '9' || !ff_tag_known(name))
			continue;   /* not Seat<digits> */
		if (ff_parse_uint(name + 4, strlen(name + 4), 99, &k) == 0 && name[4] != '0' &&
		    k <= (uint64_t)g->cfg.seats)
			continue;
		locate(err, rec, rec->tags[i].line, rec->tags[i].col, 0, 0);
		if (name[4] == '0' && name[5])
			return ff_error_set(err, FF_EBAD_SEAT, "%s: write the seat number without "
					    "leading zeros (Seat1 to Seat%d)", name, g->cfg.seats);
		if (seats_tag)
			return ff_error_set(err, FF_EBAD_SEAT, "%s but the Seats tag gives %d seats "
					    "(Seat1 to Seat%d)", name, g->cfg.seats, g->cfg.seats);
		return ff_error_set(err, FF_EBAD_SEAT, "%s but %s has %d seats when no Seats tag "
				    "says otherwise (Seat1 to Seat%d): add a Seats tag", name,
				    g->rules->name, g->cfg.seats, g->cfg.seats);
	}
	return 0;
}

/* Check the Termination tag's value and the Result tag's shape (whether
   the result fits the board is ff_game_finish's). Returns 0, or -1 with
   err located. */
static int check_outcome_tags(const struct ff_game *g, const struct ff_record *rec,
			      struct ff_error *err)
{
	const char *term, *res;
	long line = 0, col = 0;
	char hint[320];
	size_t n;

	if ((term = tag_at(rec, "Termination", &line, &col)) != NULL) {
		for (n = 0; ff_terminations[n] && strcmp(ff_terminations[n], term); n++)
			;
		if (!ff_terminations[n]) {
			for (n = 0; ff_terminations[n]; n++)
				;
			locate(err, rec, line, col, 0, 0);
			return ff_error_set(err, FF_EBAD_TAG, "unknown Termination '%s'%s", term,
					    ff_text_suggest(hint, sizeof hint, term, "terminations",
							    ff_terminations, n));
		}
	}
	if ((res = tag_at(rec, "Result", &line, &col)) != NULL && !ff_result_shape(res)) {
		locate(err, rec, line, col, 0, 0);
		return ff_error_set(err, FF_EBAD_TAG, "Result tag: %s",
				    ff_result_typo(res, ff_rules_sides(g->rules, g->state), hint, sizeof hint));
	}
	return 0;
}

int ff_game_start(struct ff_game *g, const struct ff_record *rec, struct ff_error *err)
{
	static const char *const names[] = { "Game", "Rules", "Options", "Seats", "First" };
	const char *v[5];
	long line[5] = { 0 }, col[5] = { 0 }, sl = 0, sc = 0;
	const char *seed, *deck, *teams, *setup;
	long dl = 0, dc = 0, tl = 0, tc = 0, ul = 0, uc = 0;
	int i, at;

	for (i = 0; i < 5; i++)
		v[i] = i < 3 && g->as[i] ? g->as[i] : tag_at(rec, names[i], &line[i], &col[i]);
	g->played = 0;
	g->turns = 0;
	g->last_seat = 0;
	g->nlegal = 0;
	g->started = 0;
	if (ff_config_parse(&g->cfg, v[0], v[1], v[2], v[3], v[4], &at, err)) {
		/* at indexes names[]; a missing Game tag has no place of its own */
		locate(err, rec, v[at] ? line[at] : 0, v[at] ? col[at] : 0, 0, 0);
		if (at < 3 && g->as[at] && err)
			append_given(err, names[at]);
		return -1;
	}
	g->rules = g->cfg.rules;
	if (g->state_cap < g->rules->state_size) {
		void *p = ff_rules_state_alloc(g->rules);   /* init fills it */

		if (p) {
			free(g->state);
			g->state = p;
		}
		if (!p) {
			locate(err, rec, 0, 0, 0, 0);
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		}
		g->state_cap = g->rules->state_size;
	}
	seed = tag_at(rec, "Seed", &sl, &sc);
	g->seeded = 0;
	if (seed) {
		if (parse_seed(seed, &g->seed)) {
			locate(err, rec, sl, sc, 0, 0);
			return ff_error_set(err, FF_EBAD_TAG,
					    "bad Seed '%s': expected a decimal 64-bit number", seed);
		}
		g->seeded = 1;
		ff_rng_seed(&g->chance, g->seed);
	}
	deck = tag_at(rec, "Deck", &dl, &dc);
	if (deck && ff_config_deck(&g->cfg, deck, err)) {
		locate(err, rec, dl, dc, 0, 0);
		return -1;
	}
	if (ff_rules_init(g->rules, g->state, &g->cfg, g->seeded ? &g->chance : NULL, err)) {
		/* a bad deck is the Deck tag's fault, anything else the options' */
		if (deck && err && err->code == FF_EBAD_TAG && strstr(err->msg, "Deck"))
			locate(err, rec, dl, dc, 0, 0);
		else
			locate(err, rec, line[2] ? line[2] : line[0], line[2] ? col[2] : col[0], 0, 0);
		return -1;
	}
	g->started = 1;   /* the ruleset is known: verdicts name it from here on */
	setup = tag_at(rec, "SetUp", &ul, &uc);
	if (setup && ff_setup_read(g->rules, g->state, &g->cfg, setup,
				   g->seeded ? &g->chance : NULL, g->seed, err)) {
		locate(err, rec, ul, uc, 0, 0);
		return -1;
	}
	teams = tag_at(rec, "Teams", &tl, &tc);
	if (teams && check_teams(g, teams, err)) {
		locate(err, rec, tl, tc, 0, 0);
		return -1;
	}
	if (check_seat_tags(g, rec, v[3], err) || check_outcome_tags(g, rec, err))
		return -1;
	return 0;
}

/* step_from's checks and move, for seat (0-based) to move, err not yet
   located. Returns 0 or -1 with err. */
static int step_at(struct ff_game *g, const struct ff_record *rec, size_t k, int seat,
		   const struct ff_ply *pre, struct ff_ply *played, struct ff_error *err)
{
	const struct ff_rules *r = g->rules;
	const struct ff_rec_ply *rp = &rec->plies[k];
	const char *tok = ff_record_str(rec, rp->tok);
	int i, expect;
	struct ff_outcome o;

	ff_rules_outcome(r, g->state, &o);
	if (o.term != FF_TERM_NONE)
		return ff_error_set(err, FF_EAFTER_END,
				    "ply '%s' comes after the game ended", tok);
	if (pre) {
		if (pre != played)
			*played = *pre;
	} else if (ff_rules_parse(r, g->state, tok, rp->len, played, err))
		return -1;
	if (played->chance != FF_NO_CHANCE) {
		if (ff_rules_check_chance(r, g->state, played->chance, err))
			return -1;
		if (g->seeded) {
			expect = ff_rules_roll(r, g->state, &g->chance);
			if (expect != played->chance)
				return ff_error_set(err, FF_ESEED,
						    "throw %d contradicts Seed %llu, which throws %d here",
						    played->chance, (unsigned long long)g->seed, expect);
		}
	}
	if (ff_rules_can(r, FF_CAN_CHECK) && (!g->on_legal || (played->flags & FF_PLY_PRELUDE))) {
		/* no one needs the list: ask the engine directly */
		g->nlegal = 0;
		i = ff_rules_is_legal(r, g->state, played, NULL) ? -1 : 0;
	} else {
		if (!g->legal && !(g->legal = malloc(FF_MAX_LEGAL * sizeof *g->legal)))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		g->nlegal = ff_rules_legal(r, g->state, played->chance, g->legal);
		for (i = 0; i < g->nlegal; i++)
			if (ff_ply_eq(&g->legal[i], played))
				break;
		if (g->on_legal && !(played->flags & FF_PLY_PRELUDE))
			g->on_legal(g->on_legal_ctx, g, g->turns + 1, played, i < g->nlegal);
	}
	if (i == g->nlegal) {
		ff_buf_reset(&g->scratch);
		ff_rules_explain(r, g->state, played, &g->scratch);
		return ff_error_set(err, FF_EILLEGAL, "illegal ply '%s': %s", tok,
				    g->scratch.p ? g->scratch.p : "not allowed");
	}
	if (ff_rules_apply(r, g->state, played, g->seeded ? &g->chance : NULL, err))
		return -1;
	g->played = k + 1;
	g->last_seat = seat + 1;
	if (!(played->flags & FF_PLY_PRELUDE))
		g->turns++;
	return 0;
}

/* ff_game_step, with ply k already parsed into *pre when pre is not NULL
   (parsed in the same position: parse is a function of the position; pre
   may be played itself). err is located at the ply only when it fails. */
static int step_from(struct ff_game *g, const struct ff_record *rec, size_t k,
		     const struct ff_ply *pre, struct ff_ply *played, struct ff_error *err)
{
	int seat = ff_rules_to_move(g->rules, g->state), turns = g->turns;

	if (step_at(g, rec, k, seat, pre, played, err) == 0)
		return 0;
	locate(err, rec, rec->plies[k].line, rec->plies[k].col, turns + 1, seat + 1);
	return -1;
}

int ff_game_step(struct ff_game *g, const struct ff_record *rec, size_t k,
		 struct ff_ply *played, struct ff_error *err)
{
	return step_from(g, rec, k, NULL, played, err);
}

int ff_game_step_text(struct ff_game *g, const struct ff_record *rec, size_t k,
		      enum ff_ply_form form, struct ff_buf *out, struct ff_ply *played,
		      struct ff_error *err)
{
	const struct ff_rules *r = g->rules;
	const struct ff_rec_ply *rp = &rec->plies[k];
	int parsed, seat = ff_rules_to_move(r, g->state), turns = g->turns;

	/* the decision is written in the position before the ply, what it
	   drew only once it is applied; a ply that does not parse is left to
	   step_from, which says why */
	parsed = ff_rules_parse(r, g->state, ff_record_str(rec, rp->tok), rp->len, played, NULL) == 0;
	if (parsed && ff_rules_format(r, g->state, played, form, out))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	if (step_at(g, rec, k, seat, parsed ? played : NULL, played, err) == 0) {
		if (!ff_rules_format_post(r, played, out))
			return 0;
		ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	locate(err, rec, rp->line, rp->col, turns + 1, seat + 1);   /* as step_from */
	return -1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int ff_game_legal_text(const struct ff_game *g, struct ff_buf *out, char sep)
{
	struct ff_buf all = FF_BUF_INIT;
	size_t *offs = malloc((size_t)(g->nlegal + 1) * sizeof *offs);
	const char **ptrs = malloc((size_t)(g->nlegal + 1) * sizeof *ptrs);
	int i, rc = !offs || !ptrs, n = 0;

	for (i = 0; i < g->nlegal && !rc; i++) {
		if (g->legal[i].flags & FF_PLY_PRELUDE)
			continue;
		offs[n++] = all.len;
		rc = ff_rules_format(g->rules, g->state, &g->legal[i], FF_FORM_LONG, &all) ||
		     ff_buf_addc(&all, '\0');
	}
	if (!rc) {
		for (i = 0; i < n; i++)
			ptrs[i] = all.p + offs[i];
		qsort(ptrs, (size_t)n, sizeof ptrs[0], cmp_str);
		for (i = 0; i < n && !rc; i++)
			rc = ff_buf_adds(out, ptrs[i]) || (i + 1 < n && ff_buf_addc(out, sep));
	}
	ff_buf_free(&all);
	free(offs);
	free(ptrs);
	return rc ? -1 : 0;
}

const char *ff_result_token(const struct ff_outcome *o, int sides, char *buf)
{
	if (o->term == FF_TERM_NONE)
		strcpy(buf, "*");
	else if (o->winner < 0)
		strcpy(buf, sides == 2 ? "1/2-1/2" : "D");
	else if (sides == 2)
		strcpy(buf, o->winner == 0 ? "1-0" : "0-1");
	else
		snprintf(buf, 16, "W%d", o->winner + 1);
	return buf;
}

const char *ff_termination_name(enum ff_termination t)
{
	switch (t) {
	case FF_TERM_NORMAL: return "normal";
	case FF_TERM_BLOCKED: return "blocked";
	case FF_TERM_REPETITION: return "repetition";
	case FF_TERM_MOVECAP: return "movecap";
	default: return "";
	}
}

/* Map a result token to the two-side canonical form where it has one
   ("W1" -> "1-0", "W2" -> "0-1", "D" -> "1/2-1/2"). */
static const char *normal_result(const char *t, int sides)
{
	if (sides != 2)
		return t;
	if (strcmp(t, "W1") == 0)
		return "1-0";
	if (strcmp(t, "W2") == 0)
		return "0-1";
	if (strcmp(t, "D") == 0)
		return "1/2-1/2";
	return t;
}

static int valid_result(const char *t, int sides)
{
	uint64_t k;

	if (!strcmp(t, "*") || !strcmp(t, "D"))
		return 1;
	if (sides == 2 && (!strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2")))
		return 1;
	return t[0] == 'W' && ff_parse_uint(t + 1, strlen(t + 1), (uint64_t)sides, &k) == 0 && k >= 1;
}

int ff_game_finish(struct ff_game *g, const struct ff_record *rec, struct ff_error *err)
{
	const struct ff_rules *r = g->rules;
	int sides = ff_rules_sides(r, g->state), ply = g->turns;
	int seat = g->last_seat;   /* the result is about the last ply, its seat's */
	const char *tok = ff_record_result(rec), *tag, *term;
	long tl = 0, tc = 0, xl = 0, xc = 0;
	struct ff_outcome o;
	char want[16];

	ff_rules_outcome(r, g->state, &o);
	ff_result_token(&o, sides, want);
	tag = tag_at(rec, "Result", &tl, &tc);
	term = tag_at(rec, "Termination", &xl, &xc);
	locate(err, rec, rec->result_line, rec->result_col, ply, seat);
	if (!valid_result(tok, sides))
		return ff_error_set(err, FF_ESYNTAX, "result token '%s' does not fit a game of %d sides",
				    tok, sides);
	if (o.term != FF_TERM_NONE) {
		if (strcmp(normal_result(tok, sides), want) != 0)
			return ff_error_set(err, FF_ERESULT,
					    "result '%s' but the game ended %s on the board (%s)",
					    tok, want, ff_termination_name(o.term));
		if (tag && strcmp(normal_result(tag, sides), want) != 0) {
			locate(err, rec, tl, tc, ply, seat);
			return ff_error_set(err, FF_ERESULT,
					    "Result tag '%s' but the game ended %s on the board",
					    tag, want);
		}
		return 0;
	}
	if (strcmp(tok, "*") != 0 && !(term && ff_termination_off_board(term)))
		return ff_error_set(err, FF_ERESULT,
				    "result '%s' but the game is not over on the board; a result "
				    "not reached on the board needs Termination resigned, abandoned, "
				    "time-forfeit or movecap", tok);
	if (tag && strcmp(normal_result(tag, sides), normal_result(tok, sides)) != 0) {
		locate(err, rec, tl, tc, ply, seat);
		return ff_error_set(err, FF_ERESULT, "Result tag '%s' differs from result token '%s'",
				    tag, tok);
	}
	return 0;
}

/* ff_game_step_text for a rewrite: the engine's one-call step
   (ff_rules_can(rules, FF_CAN_STEP)) where it takes the ply, the form is the long one and no
   --legal hook listens, else the usual path (which also says why a ply
   fails). */
static int rewrite_step(struct ff_game *g, const struct ff_record *rec, size_t k,
			enum ff_ply_form form, struct ff_buf *out, struct ff_ply *p,
			struct ff_error *err)
{
	const struct ff_rules *r = g->rules;
	const struct ff_rec_ply *rp = &rec->plies[k];
	int seat;

	if (ff_rules_can(r, FF_CAN_STEP) && !g->on_legal && form == FF_FORM_LONG &&
	    (seat = ff_rules_step(r, g->state, ff_record_str(rec, rp->tok), rp->len,
				  g->seeded ? &g->chance : NULL, out)) != 0) {
		g->nlegal = 0;
		g->played = k + 1;
		g->last_seat = seat;
		g->turns++;
		return 0;
	}
	return ff_game_step_text(g, rec, k, form, out, p, err);
}

/* Play plies k... with the engine's one-call step while it takes them
   (none with a --legal hook), g's counts kept in registers meanwhile.
   Returns the first ply it did not take. */
static size_t step_run(struct ff_game *g, const struct ff_record *rec, size_t k)
{
	const struct ff_rules *r = g->rules;
	const struct ff_rec_ply *rp = rec->plies;
	struct ff_rng *chance = g->seeded ? &g->chance : NULL;
	size_t k0 = k;
	int seat = 0, s;

	if (!ff_rules_can(r, FF_CAN_STEP) || g->on_legal)
		return k;
	for (; k < rec->nplies &&
	     (s = ff_rules_step(r, g->state, ff_record_str(rec, rp[k].tok), rp[k].len, chance,
				NULL)) != 0; k++)
		seat = s;
	if (k > k0) {
		g->nlegal = 0;
		g->played = k;
		g->last_seat = seat;
		g->turns += (int)(k - k0);
	}
	return k;
}

enum ff_verdict ff_game_replay(struct ff_game *g, const struct ff_record *rec,
			       struct ff_error *err)
{
	struct ff_ply p;
	size_t k;

	if (ff_game_start(g, rec, err))
		return ff_verdict_of(err ? err->code : FF_ESYNTAX);
	for (k = step_run(g, rec, 0); k < rec->nplies; k = step_run(g, rec, k + 1))
		if (ff_game_step(g, rec, k, &p, err))
			return ff_verdict_of(err ? err->code : FF_EILLEGAL);
	if (ff_game_finish(g, rec, err))
		return ff_verdict_of(err ? err->code : FF_ERESULT);
	return FF_VALID;
}

enum ff_verdict ff_game_rewrite(struct ff_game *g, const struct ff_record *rec,
				enum ff_ply_form form, struct ff_record *out, struct ff_error *err)
{
	struct ff_ply p;
	size_t k, j = 0, i;

	ff_record_reset(out);
	out->number = rec->number;
	out->line = rec->line;
	out->col = rec->col;
	if (ff_game_start(g, rec, err))
		return ff_verdict_of(err ? err->code : FF_ESYNTAX);
	for (i = 0; i < rec->ntags; i++) {
		const struct ff_tag *t = &rec->tags[i];
		const char *v = ff_record_str(rec, t->value);

		if (ff_record_add_tag(out, ff_record_str(rec, t->name), v, strlen(v), t->line, t->col))
			goto nomem;
	}
	for (k = 0; k < rec->nplies; k++) {
		const struct ff_rec_ply *rp = &rec->plies[k];
		size_t start;

		if (ff_record_copy_notes(rec, &j, k, out))
			goto nomem;
		start = out->text.len;   /* the ply is written straight into out's text */
		if (rewrite_step(g, rec, k, form, &out->text, &p, err))
			return ff_verdict_of(err ? err->code : FF_EILLEGAL);
		if (ff_record_add_ply_text(out, start, rp->suffix, rp->line, rp->col))
			goto nomem;
	}
	if (ff_record_copy_notes(rec, &j, rec->nplies, out))
		goto nomem;
	if (ff_game_finish(g, rec, err))
		return ff_verdict_of(err ? err->code : FF_ERESULT);
	if (ff_record_set_result(out, ff_record_result(rec), rec->result_line, rec->result_col))
		goto nomem;
	return FF_VALID;
nomem:
	ff_error_set(err, FF_ENOMEM, "out of memory");
	return FF_MALFORMED;
}

int ff_game_setup(const struct ff_game *g, struct ff_buf *out)
{
	return ff_setup_write(g->rules, g->state, g->seeded ? &g->chance : NULL, g->seed, out);
}

int ff_game_caption(const struct ff_game *g, const struct ff_record *rec, int ply, size_t k0,
		    size_t k, struct ff_buf *out)
{
	struct ff_outcome o;
	char res[16];
	size_t i;
	int rc = ff_buf_addf(out, "game %ld (", rec->number) | ff_config_id(&g->cfg, out);

	if (ply == 0) {
		rc |= ff_buf_adds(out, "), start");
	} else {
		rc |= ff_buf_addf(out, "), after ply %d:", ply);
		for (i = k0; i < k; i++)
			rc |= ff_buf_addf(out, " %s", ff_record_str(rec, rec->plies[i].tok));
	}
	ff_rules_outcome(g->rules, g->state, &o);
	if (o.term != FF_TERM_NONE)
		rc |= ff_buf_addf(out, "; game over: %s (%s)",
				  ff_result_token(&o, ff_rules_sides(g->rules, g->state), res),
				  ff_termination_name(o.term));
	else
		rc |= ff_buf_addf(out, "; seat %d to move", ff_rules_to_move(g->rules, g->state) + 1);
	return rc ? -1 : 0;
}

int ff_game_json(const struct ff_game *g, const struct ff_record *rec, int ply, size_t k0,
		 size_t k, struct ff_buf *out)
{
	const struct ff_rules *r = g->rules;
	struct ff_outcome o;
	char res[16];
	size_t i;
	int seat, rc = ff_buf_addf(out, "{\"game\":%ld,\"ruleset\":\"", rec->number);

	rc |= ff_config_id(&g->cfg, out);
	rc |= ff_buf_addf(out, "\",\"seats\":%d,\"ply\":%d,\"last\":[", g->cfg.seats, ply);
	for (i = k0; i < k; i++) {
		rc |= ff_buf_adds(out, i > k0 ? "," : "");
		rc |= ff_buf_json_str(out, ff_record_str(rec, rec->plies[i].tok));
	}
	ff_rules_outcome(r, g->state, &o);
	if (o.term != FF_TERM_NONE)
		rc |= ff_buf_adds(out, "],\"to_move\":null");
	else
		rc |= ff_buf_addf(out, "],\"to_move\":%d", ff_rules_to_move(r, g->state) + 1);
	rc |= ff_buf_addf(out, ",\"result\":\"%s\",\"termination\":",
			  ff_result_token(&o, ff_rules_sides(r, g->state), res));
	if (o.term != FF_TERM_NONE)
		rc |= ff_buf_addf(out, "\"%s\"", ff_termination_name(o.term));
	else
		rc |= ff_buf_adds(out, "null");
	rc |= ff_buf_adds(out, ",\"side_of_seat\":[");
	for (seat = 0; seat < g->cfg.seats; seat++)
		rc |= ff_buf_addf(out, "%s%d", seat ? "," : "", ff_rules_side_of(r, g->state, seat) + 1);
	rc |= ff_buf_adds(out, "],\"position\":");
	if (!ff_rules_can(r, FF_CAN_JSON))
		return -1;
	rc |= ff_rules_render_json(r, g->state, out);
	rc |= ff_buf_addc(out, '}');
	return rc ? -1 : 0;
}
