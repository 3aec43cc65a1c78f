/* fivefold play: one game of any family at a terminal, each seat a
   person or an agent. The record being made is the truth: every ply is
   appended to it as a token and replayed by lib/replay.c, exactly as
   validate would, and the record is written to -o FILE after every ply
   (a temporary file beside it, fsync, rename: cmd/output.c). Undo and
   --resume replay the record again from its start. Chance comes from a
   Seed (as simulate deals and throws) or is typed, throw by throw and
   card by card, from real dice and cards. docs/play.md. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/line.h"
#include "formats/fgn.h"
#include "lib/agent.h"
#include "lib/cards.h"
#include "lib/replay.h"
#include "lib/text.h"

/* What the options say. */
struct pset {
	const char *game, *rules, *options, *seats, *agents, *output, *resume, *seed, *event;
	int chance;          /* CH_AUTO, CH_SEEDED or CH_TYPED */
	int public;
};

enum { CH_AUTO, CH_SEEDED, CH_TYPED };

#define S struct pset
static const struct ff_opt opts[] = {
	FF_OPT(GAME, S, game, .help = "the game (not with --resume: the record's)"),
	FF_OPT(RULES, S, rules),
	FF_OPT(OPTIONS, S, options),
	FF_OPT(SEATS, S, seats),
	FF_OPT(AGENTS, S, agents,
	       .help = "who plays each seat: human (human:NAME names the Seat tag) or an agent "
		       "with its options, e.g. human,mcts:iterations=2000 (default: human at every "
		       "seat; with --resume: the record's Seat tags)"),
	FF_OPT(CHANCE, S, chance, .choices = "auto|seeded|typed", .dflt = "auto"),
	FF_OPT(SEED, S, seed, .kind = FF_K_TEXT,
	       .help = "the game's Seed (seeded chance; default: from the clock), or the agents' "
		       "stream with --chance typed (default 1)"),
	FF_OPT(PUBLIC, S, public),
	FF_OPT(EVENT, S, event, .help = "the record's Event tag (what standings --event reads)"),
	FF_OPT(OUTPUT, S, output, .help = "write the game to FILE (FGN) after every ply"),
	FF_OPT(RESUME, S, resume),
	FF_OPT_DONE
};
#undef S

/* A seat: a person, or an agent with its context. */
struct seat {
	const struct ff_agent *agent;   /* NULL: a person */
	void *ctx;                      /* what the agent made of its options (owned) */
	char tag[256];                  /* the Seat tag */
};

/* One game being played. */
struct play {
	const struct ff_cmd *cmd;
	struct ff_config cfg;
	const struct ff_rules *r;
	struct seat seat[FF_MAX_SEATS];
	int people;                /* seats played by people */
	int typed;                 /* chance typed, not from a Seed */
	uint64_t seed;             /* the Seed, or the agents' seed when typed */
	int hidden;                /* hands hidden from the people (seeded card game, not --public) */
	const char *path;          /* -o (or --resume's file); NULL: none */
	struct ff_record hdr;      /* the tags but Result, in order */
	struct ff_record rec;      /* the game so far */
	struct ff_game g;          /* rec replayed */
	struct ff_record pub;      /* hidden hands: the plies without what they drew, no Seed */
	struct ff_game gp;         /* pub replayed: what every seat may see */
	size_t *dlen;              /* each token's decision's length (no +CARD) */
	size_t dcap;
	struct ff_ply *legal;      /* the legal plies of the coming turn */
	int nlegal, roll;
	struct ff_buf words;       /* their long and short forms, NUL-separated */
	size_t *woff;              /* where legal ply i's form f starts in words: woff[2i+f] */
	void *scratch;             /* a state to try plies on */
	struct ff_line *in;
	struct ff_buf b, tok;
	int quit;
	const struct ff_agent *hint;   /* the agent `hint` asks */
	void *hint_ctx;
	void *hint_made;               /* hint_ctx when made for hint alone (owned) */
};

/* --- the record --- */

/* Append the Teams tag value of a game whose seats form fewer sides than
   seats, as simulate writes it ("1+3 2+4"). */
static int teams_value(const struct ff_rules *r, const void *st, int seats, struct ff_buf *b)
{
	int side, s, rc = 0, any;

	for (side = 0; side < ff_rules_sides(r, st); side++) {
		any = 0;
		rc |= side ? ff_buf_addc(b, ' ') : 0;
		for (s = 0; s < seats; s++)
			if (ff_rules_side_of(r, st, s) == side) {
				rc |= (any ? ff_buf_addc(b, '+') : 0) | ff_buf_addf(b, "%d", s + 1);
				any = 1;
			}
	}
	return rc;
}

static int tag(struct ff_record *rec, const char *name, const char *value)
{
	return ff_record_add_tag(rec, name, value, strlen(value), 0, 0);
}

/* The header of a new game: what simulate writes, with Source "fivefold
   play", the Date and, seeded, the Seed. Returns 0 or -1. */
static int new_header(struct play *p, const void *st, const char *event)
{
	const struct ff_config *c = &p->cfg;
	char name[32], date[16];
	time_t now = time(NULL);
	struct tm tm;
	int s, rc = 0;

	if (event)
		rc |= tag(&p->hdr, "Event", event);
	rc |= tag(&p->hdr, "Game", p->r->name);
	rc |= tag(&p->hdr, "Rules", p->r->presets[c->preset].name);
	ff_buf_reset(&p->b);
	rc |= ff_config_options(c, &p->b) | ff_buf_addc(&p->b, '\0');
	if (!rc && p->b.p[0])
		rc |= tag(&p->hdr, "Options", p->b.p);
	if (localtime_r(&now, &tm) && strftime(date, sizeof date, "%Y.%m.%d", &tm))
		rc |= tag(&p->hdr, "Date", date);
	if (c->seats != p->r->seats_default || p->r->seats_min != p->r->seats_max) {
		snprintf(name, sizeof name, "%d", c->seats);
		rc |= tag(&p->hdr, "Seats", name);
	}
	if (ff_rules_sides(p->r, st) != c->seats) {
		ff_buf_reset(&p->b);
		rc |= teams_value(p->r, st, c->seats, &p->b) | ff_buf_addc(&p->b, '\0');
		rc |= rc ? 0 : tag(&p->hdr, "Teams", p->b.p);
	}
	for (s = 0; s < c->seats; s++) {
		snprintf(name, sizeof name, "Seat%d", s + 1);
		rc |= tag(&p->hdr, name, p->seat[s].tag);
	}
	rc |= tag(&p->hdr, "Source", "fivefold play");
	if (!p->typed) {
		snprintf(name, sizeof name, "%llu", (unsigned long long)p->seed);
		rc |= tag(&p->hdr, "Seed", name);
	}
	return rc ? -1 : 0;
}

/* Start rec (and pub) over from the header, with Result "*". */
static int start_records(struct play *p, struct ff_error *err)
{
	size_t i;
	int rc = 0;

	ff_record_reset(&p->rec);
	ff_record_reset(&p->pub);
	for (i = 0; i < p->hdr.ntags; i++) {
		const char *name = ff_record_str(&p->hdr, p->hdr.tags[i].name);
		const char *value = ff_record_str(&p->hdr, p->hdr.tags[i].value);

		rc |= tag(&p->rec, name, value);
		if (strcmp(name, "Seed") != 0)
			rc |= tag(&p->pub, name, value);
	}
	rc |= tag(&p->rec, "Result", "*") | ff_record_set_result(&p->rec, "*", 0, 0);
	rc |= tag(&p->pub, "Result", "*");
	if (rc)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	if (ff_game_start(&p->g, &p->rec, err))
		return -1;
	return p->hidden ? ff_game_start(&p->gp, &p->pub, err) : 0;
}

/* Append token tok[0, len), whose decision is its first dlen bytes, and
   play it. Returns 0, or -1 with err (the token is then in the record
   but the game stopped before it: the caller starts over). */
static int push(struct play *p, const char *tok, size_t len, size_t dlen, struct ff_error *err)
{
	struct ff_ply played;
	size_t k = p->rec.nplies;

	if (k == p->dcap) {
		size_t cap = p->dcap ? 2 * p->dcap : 256;
		size_t *n = realloc(p->dlen, cap * sizeof *n);

		if (!n)
			return ff_error_set(err, FF_ENOMEM, "out of memory");
		p->dlen = n;
		p->dcap = cap;
	}
	p->dlen[k] = dlen;
	if (ff_record_add_ply(&p->rec, tok, len, NULL, 0, 0) ||
	    (p->hidden && ff_record_add_ply(&p->pub, tok, dlen, NULL, 0, 0)))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	if (ff_game_step(&p->g, &p->rec, k, &played, err))
		return -1;
	return p->hidden ? ff_game_step(&p->gp, &p->pub, k, &played, err) : 0;
}

/* Replay the first n tokens of the record again from the start (undo,
   or a token the game refused). Returns 0 or -1 with err. */
static int replay_first(struct play *p, size_t n, struct ff_error *err)
{
	struct ff_buf keep = FF_BUF_INIT;
	size_t i, *offs = n ? malloc(n * sizeof *offs) : NULL, *dl = n ? malloc(n * sizeof *dl) : NULL;
	int rc = 0;

	if (n && (!offs || !dl))
		rc = ff_error_set(err, FF_ENOMEM, "out of memory");
	for (i = 0; !rc && i < n; i++) {
		const struct ff_rec_ply *t = &p->rec.plies[i];

		offs[i] = keep.len;
		dl[i] = p->dlen[i];
		if (ff_buf_add(&keep, ff_record_str(&p->rec, t->tok), t->len) || ff_buf_addc(&keep, '\0'))
			rc = ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	if (!rc)
		rc = start_records(p, err);
	for (i = 0; !rc && i < n; i++)
		rc = push(p, keep.p + offs[i], strlen(keep.p + offs[i]), dl[i], err);
	ff_buf_free(&keep);
	free(offs);
	free(dl);
	return rc;
}

/* Write the record to p->path (when there is one) atomically. Returns 0,
   or -1 after a message. */
static int save(struct play *p)
{
	struct ff_out out;

	if (!p->path)
		return 0;
	ff_buf_reset(&p->b);
	if (ff_fgn_write(&p->rec, &p->b)) {
		fprintf(stderr, "fivefold play: out of memory\n");
		return -1;
	}
	if (ff_out_open(&out, p->cmd, p->path))
		return -1;
	fwrite(p->b.p, 1, p->b.len, out.fp);
	return ff_out_commit(&out);
}

/* --- what the people see --- */

/* What the prompts call seat s: the person's name, or the agent's (its
   options are in the Seat tag). */
static const char *seat_name(const struct play *p, int s)
{
	return p->seat[s].agent ? p->seat[s].agent->name : p->seat[s].tag;
}

/* Print the line of the full diagram that shows seat s's hand (the card
   engines begin it "  seat S ("). */
static void show_hand(struct play *p, int s)
{
	char head[32];
	const char *line, *end;
	size_t n = (size_t)snprintf(head, sizeof head, "  seat %d (", s + 1);

	ff_buf_reset(&p->b);
	ff_rules_render(p->r, p->g.state, &p->b);
	ff_buf_addc(&p->b, '\0');
	for (line = p->b.p; *line; line = *end ? end + 1 : end) {
		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		if (strncmp(line, head, n) == 0)
			printf("your hand, %s:\n%.*s\n", seat_name(p, s), (int)(end - line), line);
	}
}

/* The position: after which ply, the diagram (what every seat may see
   when hands are hidden), and whose turn it is. */
static void show(struct play *p)
{
	struct ff_outcome o;
	size_t k = p->rec.nplies;

	if (k == 0)
		printf("%s (%s), the start\n", p->r->title, p->r->presets[p->cfg.preset].name);
	else   /* hands hidden: the ply without the card it drew */
		printf("after ply %d (seat %d): %.*s\n", p->g.turns, p->g.last_seat,
		       (int)(p->hidden ? p->dlen[k - 1] : p->rec.plies[k - 1].len),
		       ff_record_str(&p->rec, p->rec.plies[k - 1].tok));
	ff_buf_reset(&p->b);
	ff_rules_render(p->r, p->hidden ? p->gp.state : p->g.state, &p->b);
	fwrite(p->b.p, 1, p->b.len, stdout);
	ff_rules_outcome(p->r, p->g.state, &o);
	if (o.term == FF_TERM_NONE) {
		int s = ff_rules_to_move(p->r, p->g.state);

		if (p->hidden && p->people == 1 && !p->seat[s].agent)
			show_hand(p, s);
		printf("seat %d (%s) to move\n", s + 1, seat_name(p, s));
	}
	fflush(stdout);
}

/* --- the coming turn --- */

/* List the legal plies of the coming turn for roll, with their written
   forms for matching and completion. Returns 0 or -1 (no memory). */
static int list_legal(struct play *p, int roll)
{
	int i, rc = 0;

	p->roll = roll;
	p->nlegal = ff_rules_legal(p->r, p->g.state, roll, p->legal);
	ff_buf_reset(&p->words);
	for (i = 0; i < p->nlegal; i++) {
		p->woff[2 * i] = p->words.len;
		rc |= ff_rules_format(p->r, p->g.state, &p->legal[i], FF_FORM_LONG, &p->words);
		rc |= ff_buf_addc(&p->words, '\0');
		p->woff[2 * i + 1] = p->words.len;
		rc |= ff_rules_format(p->r, p->g.state, &p->legal[i], FF_FORM_SHORT, &p->words);
		rc |= ff_buf_addc(&p->words, '\0');
	}
	return rc ? -1 : 0;
}

/* The written forms of legal ply i: long (form 0) and short (1). */
static const char *form_of(const struct play *p, int i, int form)
{
	return p->words.p + p->woff[2 * i + form];
}

/* Tab completion: the legal plies' forms that start with prefix, each once. */
static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Tab completion: the legal plies' forms that start with prefix, sorted,
   each once. */
static int complete(void *ctx, const char *prefix, size_t len, struct ff_buf *out)
{
	struct play *p = ctx;
	const char **w = malloc((size_t)(2 * p->nlegal + 1) * sizeof *w);
	int i, f, m = 0, n = 0;

	if (!w)
		return 0;
	for (i = 0; i < p->nlegal; i++)
		for (f = 0; f < 2; f++)
			if (strncmp(form_of(p, i, f), prefix, len) == 0)
				w[m++] = form_of(p, i, f);
	qsort(w, (size_t)m, sizeof *w, cmp_str);
	for (i = 0; i < m; i++)
		if ((i == 0 || strcmp(w[i], w[i - 1]) != 0) && !ff_buf_adds(out, w[i]) &&
		    !ff_buf_addc(out, '\0'))
			n++;
	free(w);
	return n;
}

/* `?`: the legal plies in long form, sorted, each once. */
static void list_plies(struct play *p)
{
	const char **w = malloc((size_t)(p->nlegal ? p->nlegal : 1) * sizeof *w);
	int i, n = 0, col = 0;

	if (!w)
		return;
	for (i = 0; i < p->nlegal; i++)
		w[n++] = form_of(p, i, 0);
	qsort(w, (size_t)n, sizeof *w, cmp_str);
	printf("%d legal:", n);
	for (i = 0; i < n; i++)
		if (i == 0 || strcmp(w[i], w[i - 1]) != 0) {
			if (col + strlen(w[i]) > 72) {
				printf("\n ");
				col = 0;
			}
			col += printf(" %s", w[i]);
		}
	printf("\n");
	free(w);
}

/* The agents' stream for token k: from the seed and k alone, so that a
   resumed game plays as the uninterrupted one would. */
static void agent_stream(const struct play *p, struct ff_rng *rng)
{
	ff_rng_seed(rng, (p->seed ^ FF_AGENT_SEED_XOR) + (uint64_t)p->rec.nplies);
}

/* The index of the ply agent a (context ctx) chooses among the legal plies. */
static int agent_choice(struct play *p, const struct ff_agent *a, const void *ctx)
{
	struct ff_rng rng;

	agent_stream(p, &rng);
	if (a->choose_with)
		return a->choose_with(ctx, p->r, p->g.state, p->legal, p->nlegal, &rng);
	return a->choose(p->g.state, p->legal, p->nlegal, &rng);
}

/* --- playing a ply --- */

/* Try ply on a copy of the position: what it draws lands in ply->post.
   Returns 0 or -1 with err (a draw the cards contradict). */
static int try_ply(struct play *p, struct ff_ply *ply, struct ff_error *err)
{
	struct ff_rng chance = p->g.chance;

	memcpy(p->scratch, p->g.state, p->r->state_size);
	if (p->g.seeded)   /* past the coming throw, as the replay will be */
		ff_rules_roll(p->r, p->g.state, &chance);
	return ff_rules_apply(p->r, p->scratch, ply, p->g.seeded ? &chance : NULL, err);
}

/* Does ply draw a card (a card game without a Seed)? Tried with every
   card: some card is taken exactly when the ply draws one. */
static int draws(struct play *p, const struct ff_ply *ply)
{
	struct ff_error err;
	struct ff_ply t;
	int c;

	if (!ff_rules_can(p->r, FF_CAN_DRAW))
		return 0;
	for (c = 0; c < FF_CARD_KINDS; c++) {
		t = *ply;
		t.post[0] = (int16_t)c;
		if (try_ply(p, &t, &err) == 0)
			return 1;
	}
	return 0;
}

/* Typed chance: ask which card ply drew, until one the cards allow (or
   "?" for not said). Returns 0, or -1 when the input ended or said quit. */
static int ask_card(struct play *p, int s, struct ff_ply *ply)
{
	struct ff_error err;
	const char *line;
	char prompt[96];
	int c;

	snprintf(prompt, sizeof prompt, "card drawn by seat %d (%s), or ? if not said: ", s + 1,
		 seat_name(p, s));
	for (;;) {
		if (!(line = ff_line_read(p->in, prompt)) || strcmp(line, "quit") == 0)
			return -1;
		if (strcmp(line, "?") == 0) {
			ply->post[0] = FF_NO_CARD;
			return 0;
		}
		if ((c = ff_card_parse(line, strlen(line))) < 0) {
			printf("'%s' is not a card (e.g. QH, 10C, JK)\n", line);
			continue;
		}
		ply->post[0] = (int16_t)c;
		ff_error_clear(&err);
		if (try_ply(p, ply, &err) == 0)
			return 0;
		printf("card %s refused: %s [%s]\n", line, err.msg, ff_code_name(err.code));
	}
}

/* Play ply (legal now) for seat s: written in long form with what it
   drew, appended, saved. Returns 0, 1 when the person quit while asked
   for a card, or -1 after a message. */
static int play_ply(struct play *p, int s, struct ff_ply *ply, int asked)
{
	struct ff_error err;
	size_t dlen;

	ff_error_clear(&err);
	if (p->typed && ply->post[0] == FF_NO_CARD && !asked && draws(p, ply) && ask_card(p, s, ply))
		return 1;
	if (!p->typed)
		ply->post[0] = ply->post[1] = FF_NO_CARD;
	if (try_ply(p, ply, &err)) {
		printf("refused: %s [%s]\n", err.msg, ff_code_name(err.code));
		return 0;
	}
	ff_buf_reset(&p->tok);
	if (ff_rules_format(p->r, p->g.state, ply, FF_FORM_LONG, &p->tok))
		return ff_error_set(&err, FF_ENOMEM, "out of memory"), -1;
	dlen = p->tok.len;
	/* what the ply drew: from the Seed (the copy played in try_ply), or typed */
	if (ff_rules_format_post(p->r, ply, &p->tok) || ff_buf_addc(&p->tok, '\0'))
		return -1;
	if (push(p, p->tok.p, p->tok.len - 1, dlen, &err)) {
		fprintf(stderr, "fivefold play: ply %s: %s [%s]\n", p->tok.p, err.msg,
			ff_code_name(err.code));
		return -1;
	}
	return save(p) ? -1 : 0;
}

/* Find what a person typed among the legal plies: one of their written
   forms, or the same without the throw ("3-7" for "4:3-7") when the
   throw is known, or what the engine's parser reads. Returns the index,
   or -1 after saying why not (the engine's diagnostic). post gets the
   card the person said the ply drew (+CARD), FF_NO_CARD where none. */
static int match(struct play *p, const char *text, int16_t *post)
{
	struct ff_error err;
	struct ff_ply ply;
	size_t len = strlen(text);
	int i, f;

	post[0] = post[1] = FF_NO_CARD;
	for (i = 0; i < p->nlegal; i++)
		for (f = 0; f < 2; f++) {
			const char *w = form_of(p, i, f), *colon = strchr(w, ':');

			if (strcmp(w, text) == 0)
				return i;
			if (p->roll != FF_NO_CHANCE && colon && strcmp(colon + 1, text) == 0)
				return i;
		}
	ff_error_clear(&err);
	if (ff_rules_parse(p->r, p->g.state, text, len, &ply, &err)) {
		printf("'%s': %s [%s]\n", text, err.msg, ff_code_name(err.code));
		return -1;
	}
	if (p->roll != FF_NO_CHANCE && ply.chance != p->roll) {
		printf("'%s': the throw is %d [bad-roll]\n", text, p->roll);
		return -1;
	}
	for (i = 0; i < p->nlegal; i++)
		if (ff_ply_eq(&ply, &p->legal[i])) {
			post[0] = ply.post[0];
			post[1] = ply.post[1];
			return i;
		}
	ff_buf_reset(&p->b);
	ff_rules_explain(p->r, p->g.state, &ply, &p->b);
	printf("'%s' is not legal: %.*s [%s]\n", text, (int)p->b.len, p->b.p,
	       ff_code_name(FF_EILLEGAL));
	return -1;
}

/* undo: take back the last token and those of the agents before it, so
   that a person is to move again. Returns 0 or -1 after a message. */
static int undo(struct play *p)
{
	struct ff_error err;
	size_t n = p->rec.nplies;

	if (n == 0) {
		printf("nothing to undo\n");
		return 0;
	}
	ff_error_clear(&err);
	do {
		if (replay_first(p, --n, &err)) {
			fprintf(stderr, "fivefold play: %s [%s]\n", err.msg, ff_code_name(err.code));
			return -1;
		}
	} while (n > 0 && p->seat[ff_rules_to_move(p->r, p->g.state)].agent);
	printf("taken back to ply %d\n", p->g.turns);
	return save(p);
}

static void help_line(void)
{
	printf("a ply in long or short form; ? lists the legal plies, hint asks the agent, "
	       "undo takes back, show draws the position, quit stops (the record stays)\n");
}

/* Ask a person for the throw (typed chance) until one the dice can show.
   Returns the throw, or -2 for quit or the end of the input, -3 for undo. */
static int ask_throw(struct play *p, int s)
{
	struct ff_error err;
	const char *line;
	char prompt[96];
	long v;

	snprintf(prompt, sizeof prompt, "throw for seat %d (%s): ", s + 1, seat_name(p, s));
	for (;;) {
		if (!(line = ff_line_read(p->in, prompt)) || strcmp(line, "quit") == 0)
			return -2;
		if (strcmp(line, "undo") == 0)
			return -3;
		if (strcmp(line, "show") == 0) {
			show(p);
			continue;
		}
		ff_error_clear(&err);
		if (ff_parse_long(line, 0, 1000, &v))
			printf("'%s': a throw is a number\n", line);
		else if (ff_rules_check_chance(p->r, p->g.state, (int)v, &err))
			printf("'%s': %s [%s]\n", line, err.msg, ff_code_name(err.code));
		else
			return (int)v;
	}
}

/* With hands hidden and people at several seats: the hand only after a
   key, on its seat's turn. Returns 0, or -1 at the end of the input or
   for quit. */
static int reveal(struct play *p, int s)
{
	const char *line;
	char prompt[128];

	if (!p->hidden || p->people < 2)
		return 0;
	snprintf(prompt, sizeof prompt, "seat %d (%s): press Enter to see your hand ", s + 1,
		 seat_name(p, s));
	if (!(line = ff_line_read(p->in, prompt)) || strcmp(line, "quit") == 0)
		return -1;
	show_hand(p, s);
	return 0;
}

/* After a person's ply with hands hidden from other people: the screen
   cleared, so the next person does not see the hand. */
static void conceal(const struct play *p)
{
	if (p->hidden && p->people >= 2 && isatty(fileno(stdout)))
		fputs("\033[H\033[2J\033[3J", stdout);
}

/* A person's turn at seat s. Returns 0 (a ply played, or undone), 1 to
   stop (quit, the end of the input), -1 after a failure's message. */
static int person(struct play *p, int s)
{
	int16_t post[FF_POST_WORDS];
	const char *line;
	char prompt[96];
	struct ff_ply ply;
	int i, rc;

	if (reveal(p, s))
		return 1;
	if (p->roll != FF_NO_CHANCE)
		snprintf(prompt, sizeof prompt, "seat %d (%s), throw %d> ", s + 1, seat_name(p, s),
			 p->roll);
	else
		snprintf(prompt, sizeof prompt, "seat %d (%s)> ", s + 1, seat_name(p, s));
	for (;;) {
		if (!(line = ff_line_read(p->in, prompt)) || strcmp(line, "quit") == 0)
			return 1;
		if (!*line)
			continue;
		if (strcmp(line, "?") == 0) {
			list_plies(p);
		} else if (strcmp(line, "help") == 0) {
			help_line();
		} else if (strcmp(line, "show") == 0) {
			show(p);
		} else if (strcmp(line, "undo") == 0) {
			return undo(p);
		} else if (strcmp(line, "hint") == 0) {
			i = agent_choice(p, p->hint, p->hint_ctx);
			printf("hint (%s): %s\n", p->hint->name, form_of(p, i, 0));
		} else if ((i = match(p, line, post)) >= 0) {
			ply = p->legal[i];
			ply.post[0] = post[0];
			ply.post[1] = post[1];
			rc = play_ply(p, s, &ply, post[0] != FF_NO_CARD);
			if (rc == 0)
				conceal(p);
			return rc;
		}
	}
}

/* A person stopped the game (quit, the end of the input): said, exit 0. */
static int stopped(const struct play *p)
{
	printf("stopped at ply %d%s%s\n", p->g.turns, p->path ? "; the record is " : "",
	       p->path ? p->path : "");
	return FF_EXIT_OK;
}

/* The game from where it stands to its end, or until a person stops.
   Returns the exit status. */
static int game(struct play *p)
{
	struct ff_outcome o;
	struct ff_rng chance;
	char res[16];
	int s, roll, rc;

	show(p);
	for (;;) {
		ff_rules_outcome(p->r, p->g.state, &o);
		if (o.term != FF_TERM_NONE)
			break;
		s = ff_rules_to_move(p->r, p->g.state);
		chance = p->g.chance;
		if (!p->typed || !ff_rules_can(p->r, FF_CAN_CHANCE)) {
			roll = ff_rules_roll(p->r, p->g.state, &chance);
		} else if ((roll = ask_throw(p, s)) == -2) {
			return stopped(p);
		} else if (roll == -3) {
			if (undo(p))
				return FF_EXIT_FAIL;
			show(p);
			continue;
		}
		if (list_legal(p, roll))
			return FF_EXIT_FAIL;
		if (p->seat[s].agent) {
			struct ff_ply ply = p->legal[agent_choice(p, p->seat[s].agent, p->seat[s].ctx)];

			rc = play_ply(p, s, &ply, 0);
		} else {
			rc = person(p, s);
		}
		if (rc < 0)
			return FF_EXIT_FAIL;
		if (rc > 0)
			return stopped(p);
		show(p);
	}
	ff_result_token(&o, ff_rules_sides(p->r, p->g.state), res);
	if (ff_record_set_tag(&p->rec, "Result", res) || ff_record_set_result(&p->rec, res, 0, 0) ||
	    (o.term != FF_TERM_NORMAL &&
	     tag(&p->rec, "Termination", ff_termination_name(o.term))))
		return FF_EXIT_FAIL;
	rc = save(p) ? FF_EXIT_FAIL : FF_EXIT_OK;   /* kept before the end is said */
	printf("game over after %d plies: %s (%s)\n", p->g.turns, res, ff_termination_name(o.term));
	return rc;
}

/* --- setting up --- */

/* Seat n from spec[0, len): "human", "human:NAME", "AGENT" or
   "AGENT:OPTIONS". Returns 0 or FF_EXIT_USAGE after a message. */
static int set_seat(struct play *p, int n, const char *spec, size_t len)
{
	struct seat *st = &p->seat[n];
	const char *colon = memchr(spec, ':', len);
	size_t nl = colon ? (size_t)(colon - spec) : len;
	char name[64], given[256];
	struct ff_agent_spec as;
	struct ff_error err;

	if (len == 0 || nl >= sizeof name || len >= sizeof given)
		return ff_cmd_usage_error(p->cmd, "--agents: an empty or overlong seat");
	memcpy(name, spec, nl);
	name[nl] = '\0';
	snprintf(given, sizeof given, "%.*s", colon ? (int)(len - nl - 1) : 0, colon ? colon + 1 : "");
	snprintf(st->tag, sizeof st->tag, "%.*s", (int)len, spec);
	if (strcmp(name, "human") == 0) {
		if (colon)
			snprintf(st->tag, sizeof st->tag, "%s", given);
		if (!st->tag[0])
			snprintf(st->tag, sizeof st->tag, "human");
		p->people++;
		return 0;
	}
	if (!(st->agent = ff_agent_find(p->r, name))) {
		const char *names[17];
		const struct ff_agent *a;
		char hint[320];
		int k = 0;

		names[k++] = "human";
		while (k < 17 && (a = ff_agent_at(p->r, k - 1)) != NULL)
			names[k++] = a->name;
		return ff_cmd_usage_error(p->cmd, "--agents: game '%s' has no agent '%s'%s",
					  p->r->name, name,
					  ff_text_suggest(hint, sizeof hint, name, "players", names, (size_t)k));
	}
	if (st->agent->needs_solution)
		return ff_cmd_usage_error(p->cmd, "--agents: '%s' plays from a solution, which play "
					  "does not load", name);
	ff_error_clear(&err);
	if (ff_agent_spec_parse(&as, &p->cfg, spec, len, &err))
		return ff_cmd_usage_error(p->cmd, "--agents: seat %d: %s [%s]", n + 1, err.msg,
					  ff_code_name(err.code));
	st->ctx = as.ctx;   /* the seat's now (freed with the game) */
	memcpy(st->tag, as.tag, sizeof st->tag);
	return 0;
}

/* The seats from --agents ("A" for every seat, or one per seat), or from
   a resumed record's Seat tags (an agent's spec, else a person). */
static int set_seats(struct play *p, const char *spec, const struct ff_record *from)
{
	char name[16];
	int n = 0, s;

	if (!spec && from) {
		for (s = 0; s < p->cfg.seats; s++) {
			const char *v;
			char bare[64];

			snprintf(name, sizeof name, "Seat%d", s + 1);
			v = ff_record_tag(from, name);
			if (!v || !*v)
				v = "human";
			snprintf(bare, sizeof bare, "%.*s", (int)strcspn(v, ":"), v);
			if (strcmp(bare, "human") != 0 && ff_agent_find(p->r, bare)) {
				if (set_seat(p, s, v, strlen(v)))
					return FF_EXIT_USAGE;
			} else {
				snprintf(p->seat[s].tag, sizeof p->seat[s].tag, "%s", v);
				p->people++;
			}
		}
		return 0;
	}
	if (!spec)
		spec = "human";
	while (*spec && n < FF_MAX_SEATS) {
		size_t len = strcspn(spec, ",");

		if (set_seat(p, n++, spec, len))
			return FF_EXIT_USAGE;
		spec += len + (spec[len] == ',');
	}
	if (*spec)
		return ff_cmd_usage_error(p->cmd, "--agents names more than %d seats", FF_MAX_SEATS);
	if (n == 1) {
		for (s = 1; s < p->cfg.seats; s++) {
			if (p->seat[0].agent) {   /* a context of its own: agents keep no state, but free once */
				if (set_seat(p, s, p->seat[0].tag, strlen(p->seat[0].tag)))
					return FF_EXIT_USAGE;
			} else {
				p->seat[s] = p->seat[0];
				p->people++;
			}
		}
	} else if (n != p->cfg.seats) {
		return ff_cmd_usage_error(p->cmd, "--agents names %d seats for %d", n, p->cfg.seats);
	}
	return 0;
}

/* The agent `hint` asks: the first seat's agent, else mcts as the
   engine's defaults make it. Returns 0 or FF_EXIT_USAGE. */
static int set_hint(struct play *p)
{
	struct ff_error err;
	int s;

	for (s = 0; s < p->cfg.seats; s++)
		if (p->seat[s].agent) {
			p->hint = p->seat[s].agent;
			p->hint_ctx = p->seat[s].ctx;
			return 0;
		}
	p->hint = ff_agent_find(p->r, "mcts");
	ff_error_clear(&err);
	if (!p->hint || !(p->hint_made = ff_agent_create(&p->cfg, p->hint, NULL, &err)))
		return ff_cmd_usage_error(p->cmd, "no agent for hints: %s", err.msg);
	p->hint_ctx = p->hint_made;
	return 0;
}

/* Read the record of --resume into rec. Returns 0 or an exit status
   after a message. */
static int read_resume(const struct ff_cmd *cmd, const char *path, struct ff_record *rec)
{
	FILE *fp = fopen(path, "rb");
	struct ff_buf text = FF_BUF_INIT;
	struct ff_error err;
	char chunk[65536];
	size_t n;
	int rc;

	if (!fp) {
		fprintf(stderr, "fivefold %s: cannot open '%s': %s\n", cmd->name, path, strerror(errno));
		return FF_EXIT_FAIL;
	}
	while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
		if (ff_buf_add(&text, chunk, n))
			break;
	fclose(fp);
	ff_error_clear(&err);
	rc = ff_buf_addc(&text, '\0') ? -1 : ff_fgn_read_text(text.p, text.len - 1, rec, &err);
	ff_buf_free(&text);
	if (rc == 1)
		return 0;
	if (rc == 0)
		fprintf(stderr, "fivefold %s: '%s' holds no game\n", cmd->name, path);
	else
		fprintf(stderr, "%s:%ld:%ld: error: %s [%s]\n", path, err.line, err.col, err.msg,
			ff_code_name(err.code));
	return FF_EXIT_FAIL;
}

/* The ruleset from the options, or from the tags of the record resumed
   (from), checked by the engine (seat count, option combinations); st
   gets its start. Returns 0 or an exit status after a message. */
static int set_rules(struct play *p, const struct pset *o, const struct ff_record *from,
		     void **st)
{
	struct ff_error err;

	ff_error_clear(&err);
	if (from ? ff_config_parse(&p->cfg, ff_record_tag(from, "Game"), ff_record_tag(from, "Rules"),
				   ff_record_tag(from, "Options"), ff_record_tag(from, "Seats"),
				   ff_record_tag(from, "First"), NULL, &err)
		 : ff_config_parse(&p->cfg, o->game, o->rules, o->options, o->seats, NULL, NULL, &err)) {
		if (from) {
			fprintf(stderr, "fivefold play: '%s': %s [%s]\n", o->resume, err.msg,
				ff_code_name(err.code));
			return FF_EXIT_FAIL;
		}
		return ff_cmd_usage_error(p->cmd, "%s [%s]", err.msg, ff_code_name(err.code));
	}
	p->r = p->cfg.rules;
	if (!(*st = ff_rules_state_alloc(p->r)))
		return FF_EXIT_FAIL;
	if (ff_rules_init(p->r, *st, &p->cfg, NULL, &err))
		return ff_cmd_usage_error(p->cmd, "%s [%s]", err.msg, ff_code_name(err.code));
	return 0;
}

/* Seeded or typed chance and the seed: the record's Seed when resuming
   (typed where it has none), else --chance and --seed. Returns 0 or an
   exit status after a message. */
static int set_chance(struct play *p, const struct pset *o, const struct ff_record *from)
{
	const char *seed = from ? ff_record_tag(from, "Seed") : NULL;
	uint64_t v;
	int s;

	if (from) {
		p->typed = !seed;
		if (o->chance != CH_AUTO && (o->chance == CH_TYPED) != p->typed)
			return ff_cmd_usage_error(p->cmd, "--chance %s: the record resumed %s",
						  o->chance == CH_TYPED ? "typed" : "seeded",
						  seed ? "has a Seed (its chance is seeded)"
						       : "has no Seed (its chance is typed)");
		if (seed && o->seed)
			return ff_cmd_usage_error(p->cmd, "--seed: the record resumed has its Seed");
		if (seed && ff_parse_uint(seed, strlen(seed), UINT64_MAX, &p->seed)) {
			fprintf(stderr, "fivefold play: '%s': a Seed that is no number\n", o->resume);
			return FF_EXIT_FAIL;
		}
	} else {
		p->typed = o->chance == CH_TYPED;
		p->seed = p->typed ? 1 : (uint64_t)time(NULL);
	}
	if (o->seed && ff_parse_uint(o->seed, strlen(o->seed), UINT64_MAX, &v) == 0)
		p->seed = v;
	for (s = 0; p->typed && ff_rules_can(p->r, FF_CAN_DRAW) && s < p->cfg.seats; s++)
		if (p->seat[s].agent)
			return ff_cmd_usage_error(p->cmd, "--chance typed: an agent cannot play a card "
						  "game whose hands the program does not know (seat %d); "
						  "use --chance seeded", s + 1);
	p->hidden = !p->typed && !o->public && ff_rules_can(p->r, FF_CAN_HIDE) && p->people > 0;
	return 0;
}

/* The header of the record resumed: its tags as they are, but Result
   and Termination. Returns 0 or -1. */
static int copy_header(struct play *p, const struct ff_record *from)
{
	size_t i;

	for (i = 0; i < from->ntags; i++) {
		const char *name = ff_record_str(from, from->tags[i].name);

		if (strcmp(name, "Result") != 0 && strcmp(name, "Termination") != 0 &&
		    tag(&p->hdr, name, ff_record_str(from, from->tags[i].value)))
			return -1;
	}
	return 0;
}

/* The ruleset, the seats, the chance and the header, from the options or
   from the record resumed (from). Returns 0 or an exit status. */
static int prepare(struct play *p, const struct pset *o, const struct ff_record *from)
{
	void *st = NULL;
	int rc;

	if ((rc = set_rules(p, o, from, &st)) == 0 && (rc = set_seats(p, o->agents, from)) == 0 &&
	    (rc = set_hint(p)) == 0 && (rc = set_chance(p, o, from)) == 0 &&
	    (from ? copy_header(p, from) : new_header(p, st, o->event)))
		rc = FF_EXIT_FAIL;
	free(st);
	return rc;
}

/* Play the resumed record's plies. Returns 0 or FF_EXIT_FAIL after a
   message. */
static int replay_resumed(struct play *p, const char *path, const struct ff_record *from)
{
	struct ff_error err;
	long line = from->line, col = from->col;
	size_t k;

	ff_error_clear(&err);
	if (start_records(p, &err))
		goto fail;
	for (k = 0; k < from->nplies; k++) {
		const char *tok = ff_record_str(from, from->plies[k].tok);
		size_t len = from->plies[k].len, d = strcspn(tok, "+");

		line = from->plies[k].line;   /* where the record has it, for the message */
		col = from->plies[k].col;
		if (push(p, tok, len, d < len ? d : len, &err))
			goto fail;
	}
	printf("resumed %s at ply %d\n", path, p->g.turns);
	return 0;
fail:
	fprintf(stderr, "%s:%ld:%ld: error: ply %d: %s [%s]\n", path, line, col, err.ply,
		err.msg, ff_code_name(err.code));
	return FF_EXIT_FAIL;
}

static void play_free(struct play *p)
{
	int s;

	for (s = 0; s < FF_MAX_SEATS; s++)
		if (p->seat[s].ctx)
			p->seat[s].agent->destroy(p->seat[s].ctx);
	if (p->hint_made)
		p->hint->destroy(p->hint_made);
	ff_record_free(&p->hdr);
	ff_record_free(&p->rec);
	ff_record_free(&p->pub);
	ff_game_free(&p->g);
	ff_game_free(&p->gp);
	free(p->dlen);
	free(p->legal);
	free(p->woff);
	free(p->scratch);
	ff_buf_free(&p->words);
	ff_buf_free(&p->b);
	ff_buf_free(&p->tok);
	ff_line_close(p->in);
}

/* The options that do not go together, and an -o that would overwrite
   a file. Returns 0 or FF_EXIT_USAGE after a message. */
static int check_usage(const struct ff_cmd *cmd, const struct pset *o, int argc)
{
	struct stat sb;

	if (argc > 0)
		return ff_cmd_usage_error(cmd, "play takes no operands");
	if (!o->game && !o->resume)
		return ff_cmd_usage_error(cmd, "give --game GAME for a new game, or --resume FILE");
	if (o->game && o->resume)
		return ff_cmd_usage_error(cmd, "--resume plays the record's game: no --game");
	if (o->resume && (o->rules || o->options || o->seats || o->event))
		return ff_cmd_usage_error(cmd, "--resume plays by the record's tags: no --rules, "
					  "--options, --seats or --event");
	if (o->output && stat(o->output, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    !(o->resume && strcmp(o->output, o->resume) == 0))
		return ff_cmd_usage_error(cmd, "'%s' exists: play writes a new record (--resume "
					  "FILE goes on with one)", o->output);
	return 0;
}

/* A new game: its record started and written, the Seed said. Returns 0
   or FF_EXIT_FAIL after a message. */
static int start_new(struct play *p)
{
	struct ff_error err;

	ff_error_clear(&err);
	if (start_records(p, &err)) {
		fprintf(stderr, "fivefold play: %s [%s]\n", err.msg, ff_code_name(err.code));
		return FF_EXIT_FAIL;
	}
	if (save(p))
		return FF_EXIT_FAIL;
	if (!p->typed)
		printf("Seed %llu\n", (unsigned long long)p->seed);
	return 0;
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct pset *o = set;
	struct ff_record from;
	struct play *p;
	int rc;

	(void)argv;
	if ((rc = check_usage(cmd, o, argc)) != 0)
		return rc;
	if (!(p = calloc(1, sizeof *p)) || ff_record_init(&from)) {
		free(p);
		return FF_EXIT_FAIL;
	}
	p->cmd = cmd;
	ff_game_init(&p->g);
	ff_game_init(&p->gp);
	rc = ff_record_init(&p->hdr) || ff_record_init(&p->rec) || ff_record_init(&p->pub) ? FF_EXIT_FAIL : 0;
	if (!rc && o->resume)
		rc = read_resume(cmd, o->resume, &from);
	if (!rc)
		rc = prepare(p, o, o->resume ? &from : NULL);
	if (!rc) {
		p->path = o->output ? o->output : o->resume;
		p->legal = malloc(FF_MAX_LEGAL * sizeof *p->legal);
		p->woff = malloc(2 * FF_MAX_LEGAL * sizeof *p->woff);
		p->scratch = ff_rules_state_alloc(p->r);
		p->in = ff_line_open(stdin, stdout, complete, p);
		if (!p->legal || !p->woff || !p->scratch || !p->in)
			rc = FF_EXIT_FAIL;
	}
	if (!rc && o->resume)
		rc = replay_resumed(p, o->resume, &from);
	if (!rc && !o->resume)
		rc = start_new(p);
	if (!rc)
		rc = game(p);
	play_free(p);
	free(p);
	ff_record_free(&from);
	return rc;
}

const struct ff_cmd ff_cmd_play = {
	.name = "play",
	.summary = "play one game at the terminal, people and agents, recorded as FGN",
	.about = "Plays one game of any family: each seat a person (who types plies in long\n"
		 "or short form, with ? for the legal plies, hint, undo, show and quit) or an\n"
		 "agent with its options (--agents human,mcts:iterations=2000). The position\n"
		 "is drawn after every ply. Chance comes from the Seed (--chance seeded, as\n"
		 "simulate throws and deals) or from real dice and cards (--chance typed: each\n"
		 "throw and each drawn card is asked for and checked). With -o FILE the game\n"
		 "is written after every ply (a temporary file renamed over FILE), and\n"
		 "--resume FILE goes on from where that record stops. docs/play.md.",
	.opts = opts,
	.settings = sizeof(struct pset),
	.run = run,
};
