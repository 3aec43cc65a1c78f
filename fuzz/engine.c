/* Fuzz target: one rules engine, FUZZ_ENGINE (a registry name, given
   with -DFUZZ_ENGINE="name"; one binary per engine), driven through the
   ruleset interface (lib/ruleset.h) by the input bytes.

   The first bytes pick a configuration from the engine's own tables: the
   preset, option values (mostly defaults), the seat count, the first
   seat, and whether the game has a Seed (else a public record: throws
   come from the bytes, hands are unknown). Then each turn: the chance
   outcome (the Seed's roll, or a byte's value where check_chance takes
   it), the legal plies, and one action byte that may first probe the
   engine with a ply that is likely not legal -- the parse of a token made
   of input bytes, a legal ply's text with a few bytes edited, or a legal
   ply with one word of its struct taken from another legal ply (of this
   turn or an earlier one) -- before
   a legal ply is chosen by the next bytes and applied (in a public card
   game, sometimes with a claimed drawn card). The game ends when the
   bytes do, or the engine says it is over, or after MAX_PLIES.

   Checks (abort on a violation, with "fuzz: CHECK: ..."):
   - "config": the canonical Options value parses back to the same
     ruleset id, seats and first seat; init refuses only with a code and
     a message;
   - "state": sides() in 1..seats, side_of() of every seat in 0..sides-1,
     to_move() in 0..seats-1, outcome() a known termination with winner
     -1 (drawn or not over) or a side, -1 while not over; render() writes
     something; render_json() one JSON object (tests/test_json.h);
   - "chance": roll() draws what check_chance() takes; check_chance()
     refuses with a code and a message;
   - "legal": legal() returns 1..FF_MAX_LEGAL plies with the turn's
     chance;
   - "post": every post[] word of a legal ply is FF_NO_CARD (nothing is
     drawn before the ply; ruleset.h: unused words are FF_NO_CARD);
   - "chances": chances() (when the engine has it) lists outcomes
     check_chance takes, with positive weights summing to the total, the
     throw of the turn among them; key() writes 1..FF_MAX_KEY bytes;
   - "count": an exact sample() (sample_exact) draws with the count of
     plies legal() lists, and the one it picks when asked for k is its
     k-th, for every k;
   - "sample": sample() (when the engine has it) gives a ply legal()
     lists, whatever numbers its draws get (from a copy of the game's
     auxiliary stream, so the input is read as before);
   - "is_legal": is_legal() (when the engine has it) says 1 for every
     legal ply and agrees with membership in legal() for every probe;
   - "format": format() then parse() of a legal ply gives the same ply
     (ff_ply_eq, flags too), in long and in short form; format() of any
     parsed ply succeeds (convert formats a ply before it is checked);
   - "parse": a refused token comes with an error code and a message;
   - "explain": explain() of a probe that is not legal writes a message;
   - "apply": apply() of a legal ply succeeds (a claimed drawn card may
     be refused with bad-draw only);
   - "fork": two copies of the state made with memcpy into other buffers,
     given the same ply and copies of the chance stream, behave the same
     (apply's result and drawn cards, the stream, outcome, to_move,
     render, the next legal plies); the game goes on in a copy and the
     original is freed, so a pointer into the old buffer is a
     use-after-free;
   - "replay": the game written as a record (plies in canonical long form
     with their drawn cards, tags as simulate writes them) replays valid
     and rewrites to the same plies; the reader checks of fuzz/fuzz.h
     then apply to it as an FGN record.
   Legal lists longer than SAMPLE are checked at SAMPLE evenly spread
   plies (Pegs and Jokers public records list thousands).
   A struct probe only uses values the engine itself put in that word of
   some legal ply, and is probed only when format() writes it as a token
   that parse() reads back as the same ply: what no record can reach is no
   finding. FF_FUZZ_TRACE (set) prints each ply played and the outcome
   after it. */
#include "config.h"

/* checks the engines' hooks themselves, past the door (lib/ruleset.h, FF_HOOK) */
#define FF_RULES_DOOR 1

#include "fuzz/fuzz.h"
#include "lib/cards.h"
#include "tests/test_json.h"

#ifndef FUZZ_ENGINE
#error "compile with -DFUZZ_ENGINE='\"name\"', a registered engine"
#endif

#define MAX_PLIES 1000
#define SAMPLE 32
#define MAX_TOKEN 64
#define POOL 16

/* The input bytes not yet used. */
struct bytes {
	const uint8_t *p;
	size_t n;
};

/* One engine game being played. */
struct play {
	const struct ff_rules *r;
	struct ff_config cfg;
	void *st;
	int seeded;
	uint64_t seed;
	struct ff_rng chance;      /* the Seed's stream (seeded games) */
	struct ff_rng aux;         /* throws the bytes do not give */
	int16_t pool[FF_PLY_WORDS][POOL];  /* words legal plies had */
	int npool[FF_PLY_WORDS];
	int used[FF_PLY_WORDS];             /* some legal ply had w[j] != 0 */
	struct ff_buf buf, buf2;
	struct ff_record rec;
};

static struct ff_ply legal_a[FF_MAX_LEGAL], legal_b[FF_MAX_LEGAL];
static const char *probe_kind = "";   /* for messages */

static int exhausted(const struct bytes *in)
{
	return in->n == 0;
}

/* The next byte, 0 when there are none left. */
static unsigned byte(struct bytes *in)
{
	if (in->n == 0)
		return 0;
	in->n--;
	return *in->p++;
}

/* A number in [0, n) from one byte (two when n > 256); 0 when n <= 1. */
static unsigned pick(struct bytes *in, unsigned n)
{
	unsigned v;

	if (n <= 1)
		return 0;
	v = byte(in);
	if (n > 256)
		v = v << 8 | byte(in);
	return v % n;
}

/* The number of values in a '|'-separated list, and value i into buf. */
static int nvalues(const char *list)
{
	int n = 1;

	for (; *list; list++)
		n += *list == '|';
	return n;
}

static void value_at(const char *list, int i, char *buf, size_t cap)
{
	size_t len;

	while (i-- > 0 && strchr(list, '|'))
		list = strchr(list, '|') + 1;
	len = strcspn(list, "|");
	if (len >= cap)
		len = cap - 1;
	memcpy(buf, list, len);
	buf[len] = '\0';
}

/* A ply as text for messages (long form; "?" when it cannot be written). */
static const char *ply_text(struct play *g, const struct ff_ply *p)
{
	ff_buf_reset(&g->buf2);
	if (g->r->format(g->st, p, FF_FORM_LONG, &g->buf2) || !g->buf2.p)
		return "?";
	return g->buf2.p;
}

static void check_state(struct play *g)
{
	const struct ff_rules *r = g->r;
	int sides = r->sides(g->st), seat, s, t;
	struct ff_outcome o;

	if (!ff_fuzz_on("state"))
		return;
	if (sides < 1 || sides > g->cfg.seats)
		ff_fuzz_fail("state", "sides() = %d with %d seats", sides, g->cfg.seats);
	for (seat = 0; seat < g->cfg.seats; seat++)
		if ((s = r->side_of(g->st, seat)) < 0 || s >= sides)
			ff_fuzz_fail("state", "side_of(%d) = %d with %d sides", seat, s, sides);
	if ((t = r->to_move(g->st)) < 0 || t >= g->cfg.seats)
		ff_fuzz_fail("state", "to_move() = %d with %d seats", t, g->cfg.seats);
	r->outcome(g->st, &o);
	if ((int)o.term < FF_TERM_NONE || o.term > FF_TERM_MOVECAP || o.winner < -1 ||
	    o.winner >= sides || (o.term == FF_TERM_NONE && o.winner != -1))
		ff_fuzz_fail("state", "outcome() = term %d, winner %d with %d sides", (int)o.term,
			     o.winner, sides);
	ff_buf_reset(&g->buf);
	r->render(g->st, &g->buf);
	if (g->buf.len == 0)
		ff_fuzz_fail("state", "render() wrote nothing");
	ff_buf_reset(&g->buf);
	r->render_svg(g->st, "<&\">", &g->buf);
	if (g->buf.len < 12 || memcmp(g->buf.p, "<svg ", 5) != 0 ||
	    memcmp(g->buf.p + g->buf.len - 7, "</svg>\n", 7) != 0 || strstr(g->buf.p, "<&"))
		ff_fuzz_fail("state", "render_svg() wrote no whole document, or text unescaped");
	if (r->render_json) {
		const char *why = "no memory";
		size_t at = 0;

		ff_buf_reset(&g->buf);
		if (r->render_json(g->st, &g->buf) ||
		    ff_json_check(g->buf.p, g->buf.len, '{', &why, &at))
			ff_fuzz_fail("state", "render_json() wrote no JSON object: %s at byte %zu", why,
				     at);
	}
}

/* Pick the configuration (see the top); set up g->st. */
static void start(struct play *g, struct bytes *in)
{
	const struct ff_rules *r = g->r;
	char opts[512] = "", val[48], seats[16] = "", first[16] = "";
	int counts[FF_MAX_SEATS], nc, i, preset, which, nseats;
	size_t len = 0;
	unsigned b;
	struct ff_config again;
	struct ff_buf id1 = FF_BUF_INIT, id2 = FF_BUF_INIT, canon = FF_BUF_INIT;
	struct ff_error err;

	preset = (int)pick(in, (unsigned)r->npresets);
	for (i = 0; i < r->noptions; i++) {
		const struct ff_option_desc *o = &r->options[i];
		static const int ints[] = { 0, 1, 2, 3, 4, 5, 6, 8, 9, 12, 13, 60, 1000 };

		b = byte(in);
		if (b < 144)
			continue;   /* mostly defaults */
		if (o->presets && !(o->presets & 1u << preset) && b < 250)
			continue;   /* rarely one that does not apply */
		if (!o->values)
			snprintf(val, sizeof val, "=%d", ints[pick(in, sizeof ints / sizeof ints[0])]);
		else if (b & 1)
			val[0] = '\0';   /* the name alone: =yes */
		else {
			val[0] = '=';
			value_at(o->values, (int)pick(in, (unsigned)nvalues(o->values)), val + 1,
				 sizeof val - 1);
		}
		len += (size_t)snprintf(opts + len, sizeof opts - len, "%s%s%s", len ? " " : "",
					o->name, val);
		if (len >= sizeof opts - 1)
			ff_fuzz_fail("setup", "options longer than %zu bytes", sizeof opts);
	}
	nc = ff_rules_seat_counts(r, counts);
	nseats = r->seats_default;
	if (byte(in) & 1) {
		nseats = counts[pick(in, (unsigned)nc)];
		snprintf(seats, sizeof seats, "%d", nseats);
	}
	if (byte(in) & 1)
		snprintf(first, sizeof first, "%u", 1 + pick(in, (unsigned)nseats));
	g->seeded = (byte(in) & 3) != 0;
	g->seed = pick(in, 256) | (uint64_t)pick(in, 256) << 8;
	if (ff_config_parse(&g->cfg, r->name, r->presets[preset].name, opts, seats[0] ? seats : NULL,
			    first[0] ? first : NULL, &which, &err)) {
		if (err.code == FF_OK || !err.msg[0])
			ff_fuzz_fail("config", "ff_config_parse refused '%s' without a message", opts);
		if (ff_config_parse(&g->cfg, r->name, NULL, NULL, NULL, NULL, &which, &err))
			ff_fuzz_fail("config", "the default configuration is refused: %s", err.msg);
	}
	/* the canonical Options value gives the same ruleset id */
	snprintf(seats, sizeof seats, "%d", g->cfg.seats);
	snprintf(first, sizeof first, "%d", g->cfg.first + 1);
	if (ff_config_id(&g->cfg, &id1) || ff_config_options(&g->cfg, &canon))
		ff_fuzz_fail("memory", "out of memory");
	if (!ff_fuzz_on("config"))
		;
	else if (ff_config_parse(&again, r->name, r->presets[g->cfg.preset].name,
				 canon.p ? canon.p : "", seats, first, &which, &err))
		ff_fuzz_fail("config", "the canonical Options '%s' of %s is refused: %s",
			     canon.p ? canon.p : "", id1.p, err.msg);
	else if (ff_config_id(&again, &id2))
		ff_fuzz_fail("memory", "out of memory");
	else if (strcmp(id1.p, id2.p) != 0 || again.seats != g->cfg.seats ||
		 again.first != g->cfg.first)
		ff_fuzz_fail("config", "ruleset id %s reads back as %s", id1.p, id2.p);
	ff_buf_free(&id1);
	ff_buf_free(&id2);
	ff_buf_free(&canon);

	if (!(g->st = malloc(r->state_size)))
		ff_fuzz_fail("memory", "out of memory");
	ff_rng_seed(&g->chance, g->seed);
	ff_rng_seed(&g->aux, g->seed ^ 0x5eed);
	ff_error_clear(&err);
	if (r->init(g->st, &g->cfg, g->seeded ? &g->chance : NULL, &err)) {
		if (err.code == FF_OK || !err.msg[0])
			ff_fuzz_fail("config", "init refused without a code or a message");
		ff_config_parse(&g->cfg, r->name, NULL, NULL, NULL, NULL, &which, &err);
		ff_rng_seed(&g->chance, g->seed);
		if (r->init(g->st, &g->cfg, g->seeded ? &g->chance : NULL, &err))
			ff_fuzz_fail("config", "init refuses the default configuration: %s", err.msg);
	}
}

/* The "chances" check: chances() lists outcomes check_chance takes, with
   positive weights summing to the total, c among them; key() fits
   FF_MAX_KEY. */
static void check_chances(struct play *g, int c)
{
	const struct ff_rules *r = g->r;
	int outcome[FF_MAX_CHANCES], weight[FF_MAX_CHANCES], total, n, i, sum = 0, seen = 0;
	uint8_t key[FF_MAX_KEY];
	struct ff_error err;
	size_t kl;

	if (!r->chances || !ff_fuzz_on("chances"))
		return;
	n = r->chances(g->st, outcome, weight, &total);
	if (n < 1 || n > FF_MAX_CHANCES)
		ff_fuzz_fail("chances", "chances() returned %d outcomes", n);
	for (i = 0; i < n; i++) {
		if (weight[i] <= 0 || ff_rules_check_chance(r, g->st, outcome[i], &err))
			ff_fuzz_fail("chances", "outcome %d: weight %d, or check_chance refuses it",
				     outcome[i], weight[i]);
		sum += weight[i];
		seen += outcome[i] == c;
	}
	if (sum != total || seen != 1)
		ff_fuzz_fail("chances", "weights sum to %d of %d; the throw %d listed %d times", sum,
			     total, c, seen);
	if ((kl = r->key(g->st, key)) < 1 || kl > FF_MAX_KEY)
		ff_fuzz_fail("chances", "key() wrote %zu bytes", kl);
}

static int next_chance(struct play *g, struct bytes *in)
{
	const struct ff_rules *r = g->r;
	struct ff_error err;
	int c;

	if (!r->roll)
		return FF_NO_CHANCE;
	if (!g->seeded) {
		c = (int)pick(in, 8);
		ff_error_clear(&err);
		if (ff_rules_check_chance(r, g->st, c, &err) == 0)
			return c;
		if ((err.code == FF_OK || !err.msg[0]) && ff_fuzz_on("chance"))
			ff_fuzz_fail("chance", "check_chance(%d) refused without a message", c);
	}
	c = r->roll(g->st, g->seeded ? &g->chance : &g->aux);
	if (ff_rules_check_chance(r, g->st, c, &err) && ff_fuzz_on("chance"))
		ff_fuzz_fail("chance", "roll() drew %d, which check_chance refuses: %s", c, err.msg);
	check_chances(g, c);
	return c;
}

/* Remember the words of a legal ply (for struct probes). */
static void remember(struct play *g, const struct ff_ply *p)
{
	int j, k;

	for (j = 0; j < FF_PLY_WORDS; j++) {
		g->used[j] |= p->w[j] != 0;
		for (k = 0; k < g->npool[j] && g->pool[j][k] != p->w[j]; k++)
			;
		if (k < g->npool[j])
			continue;
		if (g->npool[j] < POOL)
			g->pool[j][g->npool[j]++] = p->w[j];
		else
			g->pool[j][(unsigned)p->w[j] % POOL] = p->w[j];
	}
}

/* The checks on one legal ply. */
static void check_legal_ply(struct play *g, const struct ff_ply *p, int chance)
{
	const struct ff_rules *r = g->r;
	static const enum ff_ply_form forms[2] = { FF_FORM_LONG, FF_FORM_SHORT };
	struct ff_ply q;
	struct ff_error err;
	int f, i;

	if (p->chance != chance && ff_fuzz_on("legal"))
		ff_fuzz_fail("legal", "legal ply %s has chance %d, the turn's is %d", ply_text(g, p),
			     (int)p->chance, chance);
	for (i = 0; i < FF_POST_WORDS && ff_fuzz_on("post"); i++)
		if (p->post[i] != FF_NO_CARD)
			ff_fuzz_fail("post", "legal ply %s has post[%d] = %d, not FF_NO_CARD",
				     ply_text(g, p), i, p->post[i]);
	if (r->is_legal && ff_fuzz_on("is_legal") && r->is_legal(g->st, p) != 1)
		ff_fuzz_fail("is_legal", "is_legal() refuses legal ply %s", ply_text(g, p));
	for (f = 0; f < 2 && ff_fuzz_on("format"); f++) {
		ff_buf_reset(&g->buf);
		if (r->format(g->st, p, forms[f], &g->buf) || g->buf.len == 0)
			ff_fuzz_fail("format", "format() of a legal ply failed or wrote nothing");
		ff_error_clear(&err);
		if (r->parse(g->st, g->buf.p, g->buf.len, &q, &err))
			ff_fuzz_fail("format", "legal ply '%s' (%s form) does not parse: %s",
				     g->buf.p, f ? "short" : "long", err.msg);
		if (!ff_ply_eq(&q, p) || q.flags != p->flags)
			ff_fuzz_fail("format", "legal ply '%s' (%s form) parses as another ply (%s)",
				     g->buf.p, f ? "short" : "long", ply_text(g, &q));
	}
}

/* A pick for sample(): ctx is a stream. */
static int pick_rng(void *ctx, int n)
{
	return (int)ff_rng_bounded(ctx, (uint64_t)n);
}

/* The "sample" check: a ply sample() gives is one of legal[0..n). */
static void check_sample(struct play *g, int chance, const struct ff_ply *legal, int n)
{
	static struct ff_ply room[FF_MAX_LEGAL];
	struct ff_rng draws = g->aux;
	int i;

	if (!g->r->sample || !ff_fuzz_on("sample"))
		return;
	if (g->r->sample(g->st, chance, pick_rng, &draws, room))
		ff_fuzz_fail("sample", "sample() found no ply where legal() lists %d", n);
	for (i = 0; i < n && !ff_ply_eq(&legal[i], &room[0]); i++)
		;
	if (i == n)
		ff_fuzz_fail("sample", "sample() gave %s, which legal() does not list",
			     ply_text(g, &room[0]));
}

/* legal() for chance into out, with the "legal", "sample" and "count"
   checks; returns the count. */
static int list_legal(struct play *g, int chance, struct ff_ply *out)
{
	const struct ff_rules *r = g->r;
	int n = r->legal(g->st, chance, out), c;
	struct ff_pick_fixed want;
	struct ff_ply one;

	if (n < 1 || n > FF_MAX_LEGAL)
		ff_fuzz_fail("legal", "legal() returned %d plies", n);
	check_sample(g, chance, out, n);
	if (!r->sample_exact || !ff_fuzz_on("count"))
		return n;
	for (want.want = 0; want.want < n; want.want++) {
		if ((c = r->sample(g->st, chance, ff_pick_fixed, &want, &one)) != 0 || want.n != n)
			ff_fuzz_fail("count", "the exact sample() returns %d and counts %d, legal() "
				     "lists %d", c, want.n, n);
		if (!ff_ply_eq(&one, &out[want.want]))
			ff_fuzz_fail("count", "the exact sample(%d) is not legal()'s ply %d, %s",
				     want.want, want.want, ply_text(g, &out[want.want]));
	}
	return n;
}

static void add_tags(struct play *g, struct ff_record *rec);

/* Print the game so far as FGN (to reproduce a finding with the CLI),
   and what the probe was, then fail. */
static void fail_game(struct play *g, const char *check, const char *what, const char *text)
{
	struct ff_record rec;
	size_t i;

	if (ff_record_init(&rec) == 0) {
		for (i = 0; i < g->rec.nplies; i++)
			ff_record_add_ply(&rec, ff_record_str(&g->rec, g->rec.plies[i].tok),
					  g->rec.plies[i].len, NULL, 0, 0);
		add_tags(g, &rec);
		ff_buf_reset(&g->buf);
		ff_fgn_write(&rec, &g->buf);
		fprintf(stderr, "fuzz: the game so far (%s):\n%s", probe_kind, g->buf.p);
		ff_record_free(&rec);
	}
	ff_fuzz_fail(check, "%s %s", what, text);
}

/* Probe q, a ply that may not be legal (as ff_game_step would judge it):
   is_legal agrees with membership in legal(), explain() says why not. */
static void probe(struct play *g, const struct ff_ply *q, int chance, const struct ff_ply *list,
		  int n)
{
	const struct ff_rules *r = g->r;
	struct ff_error err;
	int i, member = 0;

	if (q->chance != FF_NO_CHANCE && ff_rules_check_chance(r, g->st, q->chance, &err))
		return;   /* bad-roll: the replay stops there */
	if (q->chance != chance) {
		n = list_legal(g, q->chance, legal_b);
		list = legal_b;
	}
	for (i = 0; i < n && !member; i++)
		member = ff_ply_eq(&list[i], q);
	if (r->is_legal && ff_fuzz_on("is_legal") && r->is_legal(g->st, q) != member)
		fail_game(g, "is_legal", member ? "is_legal() refuses, though legal() lists," :
			  "is_legal() takes, though legal() does not list,", ply_text(g, q));
	if (!member && ff_fuzz_on("explain")) {
		ff_buf_reset(&g->buf);
		r->explain(g->st, q, &g->buf);
		if (g->buf.len == 0)
			fail_game(g, "explain", "explain() wrote nothing for", ply_text(g, q));
	}
}

/* Parse tok[0, n) and probe what comes out. */
static void probe_token(struct play *g, const char *tok, size_t n, int chance,
			const struct ff_ply *list, int nlist)
{
	const struct ff_rules *r = g->r;
	struct ff_error err;
	struct ff_ply q;

	ff_error_clear(&err);
	if (r->parse(g->st, tok, n, &q, &err)) {
		if ((err.code <= FF_OK || err.code >= FF_ECODE_MAX || !err.msg[0]) &&
		    ff_fuzz_on("parse"))
			ff_fuzz_fail("parse", "parse() refused '%.*s' with code %d and message '%s'",
				     (int)n, tok, (int)err.code, err.msg);
		return;
	}
	/* convert writes the decision before it knows the ply is legal */
	ff_buf_reset(&g->buf);
	if (r->format(g->st, &q, FF_FORM_LONG, &g->buf) ||
	    r->format(g->st, &q, FF_FORM_SHORT, &g->buf))
		ff_fuzz_fail("format", "format() of parsed token '%.*s' failed", (int)n, tok);
	probe(g, &q, chance, list, nlist);
}

/* An action byte's probe before the turn's ply (none for most bytes). */
static void maybe_probe(struct play *g, struct bytes *in, int chance, const struct ff_ply *list,
			int n)
{
	char tok[MAX_TOKEN + 2];
	size_t len, i, at;
	unsigned action = byte(in), edits;
	struct ff_ply q, back;
	int j, k;

	switch (action % 8) {
	case 5:   /* a token of input bytes */
		probe_kind = "probe: a token of input bytes";
		len = 1 + pick(in, 24);
		for (i = 0; i < len && !exhausted(in); i++)
			tok[i] = (char)byte(in);
		probe_token(g, tok, i, chance, list, n);
		break;
	case 6:   /* a legal ply's text with a few bytes edited */
		probe_kind = "probe: a legal ply's text edited";
		ff_buf_reset(&g->buf);
		if (g->r->format(g->st, &list[pick(in, (unsigned)n)], byte(in) & 1 ? FF_FORM_SHORT :
				 FF_FORM_LONG, &g->buf))
			ff_fuzz_fail("format", "format() of a legal ply failed");
		len = g->buf.len < MAX_TOKEN ? g->buf.len : MAX_TOKEN;
		memcpy(tok, g->buf.p, len);
		for (edits = 1 + pick(in, 3); edits-- > 0;) {
			unsigned op = byte(in);

			at = len ? pick(in, (unsigned)len + 1) : 0;
			if (op % 4 == 0 && at < len)
				tok[at] = (char)byte(in);
			else if (op % 4 == 1 && len < MAX_TOKEN) {
				memmove(tok + at + 1, tok + at, len - at);
				tok[at] = (char)byte(in);
				len++;
			} else if (op % 4 == 2 && at < len) {
				memmove(tok + at, tok + at + 1, len - at - 1);
				len--;
			} else {
				len = at;
			}
		}
		probe_token(g, tok, len, chance, list, n);
		break;
	case 7:   /* a legal ply with one word changed */
		probe_kind = "probe: a legal ply's struct with a word changed";
		q = list[pick(in, (unsigned)n)];
		/* a word some legal ply used: unused words are 0 in every ply
		   parse() makes (ruleset.h), so changing one probes nothing a
		   record can reach */
		j = (int)pick(in, FF_PLY_WORDS);
		for (k = 0; k < FF_PLY_WORDS && !g->used[j]; k++)
			j = (j + 1) % FF_PLY_WORDS;
		if (k == FF_PLY_WORDS)
			return;
		switch (byte(in) % 4) {
		case 0:
			q.w[j] = list[pick(in, (unsigned)n)].w[j];
			break;
		case 1:
			if (g->npool[j])
				q.w[j] = g->pool[j][pick(in, (unsigned)g->npool[j])];
			break;
		case 2:   /* another legal ply's kind (w[0]) with this one's words */
			q.w[0] = list[pick(in, (unsigned)n)].w[0];
			break;
		default:
			if (q.chance != FF_NO_CHANCE)
				q.chance = (int32_t)pick(in, 8);
			break;
		}
		/* only a ply that a token names: one that format() writes and
		   parse() reads back as itself (else no record reaches it) */
		ff_buf_reset(&g->buf);
		if (g->r->format(g->st, &q, FF_FORM_LONG, &g->buf) || !g->buf.len)
			return;
		if (g->r->parse(g->st, g->buf.p, g->buf.len, &back, NULL) || !ff_ply_eq(&back, &q) ||
		    back.flags != q.flags)
			return;
		probe(g, &q, chance, list, n);
		break;
	default:
		break;
	}
}

/* Compare the behaviour of states a and b (forked). */
static void same_behaviour(struct play *g, const void *a, const void *b, int chance)
{
	const struct ff_rules *r = g->r;
	struct ff_outcome oa, ob;
	int na, nb;

	if (!ff_fuzz_on("fork"))
		return;
	r->outcome(a, &oa);
	r->outcome(b, &ob);
	if (oa.term != ob.term || oa.winner != ob.winner || r->to_move(a) != r->to_move(b) ||
	    r->sides(a) != r->sides(b))
		ff_fuzz_fail("fork", "a memcpy copy of the state has another outcome or turn");
	ff_buf_reset(&g->buf);
	ff_buf_reset(&g->buf2);
	r->render(a, &g->buf);
	r->render(b, &g->buf2);
	if (g->buf.len != g->buf2.len || memcmp(g->buf.p, g->buf2.p, g->buf.len) != 0)
		ff_fuzz_fail("fork", "a memcpy copy of the state renders differently:\n%s\n---\n%s",
			     g->buf.p, g->buf2.p);
	if (oa.term != FF_TERM_NONE)
		return;
	na = r->legal(a, chance, legal_a);
	nb = r->legal(b, chance, legal_b);
	if (na != nb || memcmp(legal_a, legal_b, (size_t)na * sizeof legal_a[0]) != 0)
		ff_fuzz_fail("fork", "a memcpy copy of the state lists other legal plies (%d, %d)",
			     na, nb);
}

/* Whether a and b are the same in every field (ff_ply_eq, drawn cards,
   flags). */
static int same_ply(const struct ff_ply *a, const struct ff_ply *b)
{
	int i;

	for (i = 0; i < FF_POST_WORDS; i++)
		if (a->post[i] != b->post[i])
			return 0;
	return ff_ply_eq(a, b) && a->flags == b->flags;
}

/* Apply p in g, through a fork (see "fork" at the top). Returns 0, or -1
   when a claimed card was refused (the game stops there). */
static int fork_apply(struct play *g, struct ff_ply *p, int claimed, int chance)
{
	const struct ff_rules *r = g->r;
	struct ff_rng chance1 = g->chance, chance2 = g->chance;
	struct ff_ply p2 = *p;
	struct ff_error e1, e2;
	void *one = malloc(r->state_size), *two = malloc(r->state_size);
	int rc1, rc2;

	if (!one || !two)
		ff_fuzz_fail("memory", "out of memory");
	/* two copies; the original stays as it is until both agree */
	memcpy(one, g->st, r->state_size);
	memcpy(two, g->st, r->state_size);
	ff_error_clear(&e1);
	ff_error_clear(&e2);
	rc2 = r->apply(two, &p2, g->seeded ? &chance2 : NULL, &e2);
	rc1 = r->apply(one, p, g->seeded ? &chance1 : NULL, &e1);
	if ((rc1 != rc2 || !same_ply(p, &p2) ||
	     memcmp(&chance1, &chance2, sizeof chance2) != 0) && ff_fuzz_on("fork"))
		ff_fuzz_fail("fork", "apply() on a memcpy copy of the state did otherwise (%d, %d)",
			     rc1, rc2);
	if (rc1 || rc2) {
		if ((!claimed || e1.code != FF_EBAD_DRAW || !e1.msg[0]) && ff_fuzz_on("apply"))
			ff_fuzz_fail("apply", "apply() of a legal ply failed: %s: %s",
				     ff_code_name(e1.code), e1.msg);
		free(one);
		free(two);
		return -1;   /* (the game stops before this ply) */
	}
	same_behaviour(g, one, two, chance);
	/* go on in a copy and free the original: a pointer into it is a
	   use-after-free */
	free(g->st);
	free(one);
	g->st = two;
	g->chance = chance2;
	return 0;
}

/* Tag rec as simulate tags the game g (its result: the position's). */
static void add_tags(struct play *g, struct ff_record *rec)
{
	const struct ff_rules *r = g->r;
	struct ff_outcome o;
	char v[32], res[16];
	int side, seat, any;

	ff_buf_reset(&g->buf);
	if (ff_record_add_tag(rec, "Game", r->name, strlen(r->name), 0, 0) ||
	    ff_record_add_tag(rec, "Rules", r->presets[g->cfg.preset].name,
			      strlen(r->presets[g->cfg.preset].name), 0, 0) ||
	    ff_config_options(&g->cfg, &g->buf) ||
	    (g->buf.len && ff_record_add_tag(rec, "Options", g->buf.p, g->buf.len, 0, 0)))
		ff_fuzz_fail("memory", "out of memory");
	snprintf(v, sizeof v, "%d", g->cfg.seats);
	ff_record_add_tag(rec, "Seats", v, strlen(v), 0, 0);
	if (r->sides(g->st) != g->cfg.seats) {
		ff_buf_reset(&g->buf);
		for (side = 0; side < r->sides(g->st); side++) {
			if (side)
				ff_buf_addc(&g->buf, ' ');
			for (seat = 0, any = 0; seat < g->cfg.seats; seat++)
				if (r->side_of(g->st, seat) == side) {
					if (any)
						ff_buf_addc(&g->buf, '+');
					ff_buf_addf(&g->buf, "%d", seat + 1);
					any = 1;
				}
		}
		ff_record_add_tag(rec, "Teams", g->buf.p, g->buf.len, 0, 0);
	}
	if (g->cfg.first) {
		snprintf(v, sizeof v, "%d", g->cfg.first + 1);
		ff_record_add_tag(rec, "First", v, strlen(v), 0, 0);
	}
	if (g->seeded) {
		snprintf(v, sizeof v, "%llu", (unsigned long long)g->seed);
		ff_record_add_tag(rec, "Seed", v, strlen(v), 0, 0);
	}
	r->outcome(g->st, &o);
	ff_result_token(&o, r->sides(g->st), res);
	ff_record_add_tag(rec, "Result", res, strlen(res), 0, 0);
	if (o.term != FF_TERM_NONE && o.term != FF_TERM_NORMAL)
		ff_record_add_tag(rec, "Termination", ff_termination_name(o.term),
				  strlen(ff_termination_name(o.term)), 0, 0);
	if (ff_record_set_result(rec, res, 0, 0))
		ff_fuzz_fail("memory", "out of memory");
}

/* The "replay" checks on the finished record. */
static void check_record(struct play *g)
{
	struct ff_record out;
	struct ff_game game;
	struct ff_error err;
	size_t i;

	ff_fuzz_check_record(ff_format_find("fgn"), &g->rec, NULL, 0);
	if (!ff_fuzz_on("replay"))
		return;
	if (ff_record_init(&out))
		ff_fuzz_fail("memory", "out of memory");
	ff_game_init(&game);
	ff_error_clear(&err);
	if (ff_game_rewrite(&game, &g->rec, FF_FORM_LONG, &out, &err) != FF_VALID) {
		ff_buf_reset(&g->buf);
		ff_fgn_write(&g->rec, &g->buf);
		ff_fuzz_fail("replay", "the game played does not replay valid: game %ld, ply %d: %s: "
			     "%s\n%s", err.game, err.ply, ff_code_name(err.code), err.msg, g->buf.p);
	}
	for (i = 0; i < g->rec.nplies; i++)
		if (strcmp(ff_record_str(&g->rec, g->rec.plies[i].tok),
			   ff_record_str(&out, out.plies[i].tok)) != 0)
			ff_fuzz_fail("replay", "ply %zu '%s' is rewritten as '%s'", i + 1,
				     ff_record_str(&g->rec, g->rec.plies[i].tok),
				     ff_record_str(&out, out.plies[i].tok));
	if (ff_fuzz_replay(&g->rec) != FF_VALID)
		ff_fuzz_fail("replay", "the game played does not replay valid");
	ff_game_free(&game);
	ff_record_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bytes in = { data, size };
	struct play g;
	struct ff_buf tok = FF_BUF_INIT;
	struct ff_outcome o;
	struct ff_ply p;
	int plies, chance, n, i, step, claimed, idx, trace;

	trace = getenv("FF_FUZZ_TRACE") != NULL;
	memset(&g, 0, sizeof g);
	if (!(g.r = ff_rules_find(FUZZ_ENGINE)))
		ff_fuzz_fail("setup", "no engine '%s'", FUZZ_ENGINE);
	if (ff_record_init(&g.rec))
		ff_fuzz_fail("memory", "out of memory");
	start(&g, &in);
	for (plies = 0; plies < MAX_PLIES && !exhausted(&in); plies++) {
		check_state(&g);
		g.r->outcome(g.st, &o);
		if (o.term != FF_TERM_NONE)
			break;
		chance = next_chance(&g, &in);
		n = list_legal(&g, chance, legal_a);
		step = n <= SAMPLE ? 1 : n / SAMPLE;
		for (i = n <= SAMPLE ? 0 : plies % step; i < n; i += step)
			check_legal_ply(&g, &legal_a[i], chance);
		for (i = 0; i < n; i += step)
			remember(&g, &legal_a[i]);
		maybe_probe(&g, &in, chance, legal_a, n);
		/* the probes may have listed other chances: list this one again */
		n = list_legal(&g, chance, legal_a);
		idx = (int)pick(&in, (unsigned)n);
		p = legal_a[idx];
		claimed = 0;
		if (g.r->format_post && byte(&in) < 16) {
			p.post[0] = (int16_t)((int)pick(&in, FF_CARD_KINDS + 1) - 1);
			claimed = p.post[0] != FF_NO_CARD;
		}
		ff_buf_reset(&tok);
		if (g.r->format(g.st, &p, FF_FORM_LONG, &tok))
			ff_fuzz_fail("format", "format() of a legal ply failed");
		check_legal_ply(&g, &legal_a[idx], chance);   /* the one played, sampled or not */
		if (fork_apply(&g, &p, claimed, chance))
			break;
		if (ff_rules_format_post(g.r, &p, &tok) ||
		    ff_record_add_ply(&g.rec, tok.p, tok.len, NULL, 0, 0))
			ff_fuzz_fail("memory", "out of memory");
		if (trace) {
			g.r->outcome(g.st, &o);
			fprintf(stderr, "fuzz: ply %d: %s (%d legal); outcome %d, winner %d\n", plies + 1,
				tok.p, n, (int)o.term, o.winner);
		}
	}
	check_state(&g);
	add_tags(&g, &g.rec);
	check_record(&g);
	free(g.st);
	ff_buf_free(&g.buf);
	ff_buf_free(&g.buf2);
	ff_buf_free(&tok);
	ff_record_free(&g.rec);
	return 0;
}
