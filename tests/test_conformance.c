/* The conformance suite: every registered ruleset, every preset and every
   option value, through the ruleset interface only (no engine internals),
   so a new engine is covered by adding it to the registry. For each
   configuration, simulated games (random and engine agents):
   - validate (replay verdict FF_VALID);
   - survive FGN write -> read -> write byte for byte;
   - survive long -> short -> long ply rewriting;
   - with one ply replaced by an illegal one, are reported at that ply
     (illegal-move), with its chance outcome changed, at that ply
     (seed-mismatch), with a drawn card changed (bad-draw, card games),
     with a ply after the end (after-end), and with a wrong result
     (result-mismatch); every illegal ply met gets a reason from the
     engine's explain, and the message names the ply;
   - canon: a configuration's canonical form is a fixed point, and an
     option value canon sets back to the default plays the same games.
   Engines with several seat counts run at every count they accept;
   integer options are tried at 1, 2, 3 and 60 where the engine accepts
   them. Ply numbers are the replay's (a prelude belongs to the ply after
   it). */
#include "config.h"

/* checks the engines' hooks themselves, past the door (lib/ruleset.h, FF_HOOK) */
#define FF_RULES_DOOR 1

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/fgn.h"
#include "formats/format.h"
#include "lib/agent.h"
#include "lib/replay.h"
#include "lib/simulate.h"

#include "tests/test_json.h"
#include "tests/test_main.h"
#include "tests/test_sample.h"

#define GAMES_PER_AGENT 12
#define MAX_PLIES 3000

struct stats {
	long configs, games, chance_games, mutated_illegal, mutated_chance, draw_games,
	     mutated_draw, after_end, result, format_trips, step_taken, step_left, samples,
	     sample_lists, json_positions, json_over, cased, explained, canon_same, canon_kept, setups;
};

static struct stats totals;

/* 3b. tok[0, len), the canonical ply p, written in upper case and in
   lower case parses to p (FGN reads plies in either letter case,
   docs/fgn.md). */
static void check_cased(const struct ff_game *g, const char *tok, size_t len,
			const struct ff_ply *p)
{
	char cased[256];
	struct ff_ply q;
	struct ff_error err;
	size_t i;
	int upper;

	if (len >= sizeof cased)
		return;
	for (upper = 0; upper < 2; upper++) {
		for (i = 0; i < len; i++)
			cased[i] = (char)(upper && tok[i] >= 'a' && tok[i] <= 'z' ? tok[i] - 32 :
					  !upper && tok[i] >= 'A' && tok[i] <= 'Z' ? tok[i] + 32 :
					  tok[i]);
		ff_error_clear(&err);
		if (g->rules->parse(g->state, cased, len, &q, &err) != 0 || !ff_ply_eq(p, &q) ||
		    p->post[0] != q.post[0]) {
			fprintf(stderr, "conformance: %s: '%.*s' as '%.*s': %s\n", g->rules->name,
				(int)len, tok, (int)len, cased, err.msg);
			CU_FAIL("a ply in another letter case parses to another ply");
		}
		totals.cased++;
	}
}

/* 3c. where the engine has set-up positions: the position written by
   setup_write reads back (over a fresh initial position of the same
   rules) to a state that writes the same text, draws the same picture,
   has the same seat to move and the same outcome. */
static void check_setup(const struct ff_game *g)
{
	const struct ff_rules *r = g->rules;
	struct ff_buf a = FF_BUF_INIT, b = FF_BUF_INIT, ra = FF_BUF_INIT, rb = FF_BUF_INIT;
	struct ff_outcome oa, ob;
	struct ff_error err;
	void *st;

	if (!r->setup_read)
		return;
	st = malloc(r->state_size);
	CU_ASSERT_FATAL(st != NULL && r->setup_write != NULL);
	CU_ASSERT_EQUAL(r->setup_write(g->state, &a), 0);
	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(r->init(st, &g->cfg, NULL, &err), 0);
	if (r->setup_read(st, &g->cfg, a.p, a.len, &err) != 0) {
		fprintf(stderr, "conformance: %s: set-up '%s' refused: %s\n", r->name, a.p, err.msg);
		CU_FAIL("a position written by setup_write does not read back");
	} else {
		CU_ASSERT_EQUAL(r->setup_write(st, &b), 0);
		CU_ASSERT_STRING_EQUAL(a.p, b.p);
		r->render(g->state, &ra);
		r->render(st, &rb);
		CU_ASSERT_STRING_EQUAL(ra.p, rb.p);
		r->outcome(g->state, &oa);
		r->outcome(st, &ob);
		CU_ASSERT(oa.term == ob.term && oa.winner == ob.winner);
		CU_ASSERT_EQUAL(r->to_move(g->state), r->to_move(st));
		totals.setups++;
	}
	ff_buf_free(&a);
	ff_buf_free(&b);
	ff_buf_free(&ra);
	ff_buf_free(&rb);
	free(st);
}

/* Copy rec with ply k's token replaced by tok (k == nplies appends). */
static void copy_with_ply(struct ff_record *dst, const struct ff_record *src, size_t k,
			  const char *tok, const char *result)
{
	size_t i;

	ff_record_reset(dst);
	dst->number = src->number;
	for (i = 0; i < src->ntags; i++) {
		const char *name = ff_record_str(src, src->tags[i].name);
		const char *val = ff_record_str(src, src->tags[i].value);

		if (result && strcmp(name, "Result") == 0)
			val = result;
		ff_record_add_tag(dst, name, val, strlen(val), 0, 0);
	}
	for (i = 0; i < src->nplies; i++) {
		const char *t = i == k ? tok : ff_record_str(src, src->plies[i].tok);

		ff_record_add_ply(dst, t, strlen(t), NULL, 0, 0);
	}
	if (k == src->nplies)
		ff_record_add_ply(dst, tok, strlen(tok), NULL, 0, 0);
	ff_record_set_result(dst, result ? result : ff_record_result(src), 0, 0);
}

/* Replay rec up to (not including) ply k into g. */
static int replay_to(struct ff_game *g, const struct ff_record *rec, size_t k)
{
	struct ff_error err;
	struct ff_ply p;
	size_t i;

	if (ff_game_start(g, rec, &err))
		return -1;
	for (i = 0; i < k; i++)
		if (ff_game_step(g, rec, i, &p, &err))
			return -1;
	return 0;
}

/* An engine whose sampler is exact (sample_exact) counts what legal()
   lists, and its k-th ply is legal()'s k-th, for every k, in the position
   before ply k of rec (g stands there). */
static void check_counting(struct ff_game *g, const struct ff_record *rec, size_t k)
{
	static struct ff_ply legal[FF_MAX_LEGAL];
	const struct ff_rules *r = g->rules;
	struct ff_ply p, one;
	struct ff_error err;
	struct ff_pick_fixed want;
	int n, bad = 0;

	if (!r->sample_exact ||
	    r->parse(g->state, ff_record_str(rec, rec->plies[k].tok), rec->plies[k].len, &p, &err))
		return;
	n = r->legal(g->state, p.chance, legal);
	for (want.want = 0; want.want < n; want.want++) {
		bad += r->sample(g->state, p.chance, ff_pick_fixed, &want, &one) != 0 || want.n != n;
		bad += !ff_ply_eq(&one, &legal[want.want]);
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/* An engine that samples (sample) takes as its first draw's answer
   exactly one of its candidates for each legal ply, or none at all: made
   to take each answer k of the first draw in turn, it keeps the candidate
   at once (a single draw) for as many answers as legal() lists plies,
   each a different one of them, or for no answer (then every draw is
   rejected until the engine lists the plies). So every legal ply is as
   likely as any other, whatever it rejects. At every 8th ply (the check
   decides every candidate). */
static void check_sampling(struct ff_game *g, const struct ff_record *rec, size_t k)
{
	static struct ff_ply legal[FF_MAX_LEGAL], room[FF_MAX_LEGAL];
	static unsigned char kept[FF_MAX_LEGAL];
	const struct ff_rules *r = g->rules;
	struct test_pick_once pk = { 0, 0, 0 };
	struct ff_ply p;
	struct ff_error err;
	int n, i, took, twice = 0;

	if (!r->sample || k % 8 ||
	    r->parse(g->state, ff_record_str(rec, rec->plies[k].tok), rec->plies[k].len, &p, &err))
		return;
	n = r->legal(g->state, p.chance, legal);
	took = test_sample_all(r, g->state, p.chance, legal, n, kept, room);
	for (i = 0; i < n; i++)
		twice += kept[i] > 1;
	CU_ASSERT_TRUE(took == n || took == 0);
	CU_ASSERT_EQUAL(twice, 0);
	if (took == 0) {   /* every candidate rejected: each draw falls back to the list */
		CU_ASSERT_EQUAL(r->sample(g->state, p.chance, test_pick_once, &pk, room), 0);
		for (i = 0; i < n && !ff_ply_eq(&legal[i], &room[0]); i++)
			;
		CU_ASSERT_TRUE(i < n);
		totals.sample_lists++;
	}
	totals.samples++;
}

/* An engine that can be solved (chances, key) lists chance outcomes the
   engine takes (check_chance), with positive weights summing to the
   total, the outcome of the ply about to be played among them; and its
   key is a function of the position: the same for a copy, within
   FF_MAX_KEY. */
static void check_chances(struct ff_game *g, const struct ff_record *rec, size_t k)
{
	const struct ff_rules *r = g->rules;
	int outcome[FF_MAX_CHANCES], weight[FF_MAX_CHANCES], total, n, i, sum = 0, seen = 0;
	uint8_t a[FF_MAX_KEY], b[FF_MAX_KEY];
	struct ff_error err;
	struct ff_ply p;
	void *copy;
	size_t la;

	if (!r->chances ||
	    r->parse(g->state, ff_record_str(rec, rec->plies[k].tok), rec->plies[k].len, &p, &err))
		return;
	n = r->chances(g->state, outcome, weight, &total);
	CU_ASSERT(n >= 1 && n <= FF_MAX_CHANCES);
	for (i = 0; i < n; i++) {
		CU_ASSERT(weight[i] > 0);
		CU_ASSERT_EQUAL(ff_rules_check_chance(r, g->state, outcome[i], &err), 0);
		sum += weight[i];
		seen += outcome[i] == p.chance;
	}
	CU_ASSERT_EQUAL(sum, total);
	CU_ASSERT_EQUAL(seen, 1);
	copy = malloc(r->state_size);
	CU_ASSERT_FATAL(copy != NULL);
	memcpy(copy, g->state, r->state_size);
	la = r->key(g->state, a);
	CU_ASSERT(la >= 1 && la <= FF_MAX_KEY);
	CU_ASSERT_EQUAL(r->key(copy, b), la);
	CU_ASSERT(memcmp(a, b, la) == 0);
	free(copy);
}

/* An engine that hides cards (determinize) redeals only what the seat to
   move cannot see: after determinize the seat has the same legal plies,
   the game the same outcome and the same seat to move; and two calls
   from the same stream give the same state. */
/* render_svg: every engine has one; it writes one whole document, whose
   text elements all close, and the same bytes for a copy of the state. */
static void check_svg(struct ff_game *g)
{
	const struct ff_rules *r = g->rules;
	struct ff_buf a = FF_BUF_INIT, b = FF_BUF_INIT;
	void *copy = malloc(r->state_size);
	const char *p;
	int open = 0, shut = 0;

	CU_ASSERT_FATAL(r->render_svg != NULL && copy != NULL);
	memcpy(copy, g->state, r->state_size);
	r->render_svg(g->state, "a <caption> & more", &a);
	r->render_svg(copy, "a <caption> & more", &b);
	CU_ASSERT_FATAL(a.len > 12);
	CU_ASSERT(strncmp(a.p, "<svg ", 5) == 0 && strcmp(a.p + a.len - 7, "</svg>\n") == 0);
	CU_ASSERT(a.len == b.len && memcmp(a.p, b.p, a.len) == 0);
	CU_ASSERT(strstr(a.p, "a &lt;caption&gt; &amp; more") != NULL);
	for (p = a.p; (p = strstr(p, "<text ")); p++)
		open++;
	for (p = a.p; (p = strstr(p, "</text>")); p++)
		shut++;
	CU_ASSERT(open > 0 && open == shut);
	ff_buf_free(&a);
	ff_buf_free(&b);
	free(copy);
}

/* render_json: every engine has one; it writes one JSON object (RFC 8259,
   tests/test_json.h), the same bytes for a copy of the state, and
   ff_game_json wraps it in one JSON object too (rec's tokens [k0, k) the
   last ply's, as show passes them). */
static void check_json(struct ff_game *g, const struct ff_record *rec, size_t k0, size_t k)
{
	const struct ff_rules *r = g->rules;
	struct ff_buf a = FF_BUF_INIT, b = FF_BUF_INIT;
	struct ff_outcome o;
	void *copy = malloc(r->state_size);
	const char *why = "";
	size_t at = 0;
	int ok;

	CU_ASSERT_FATAL(r->render_json != NULL && copy != NULL);
	memcpy(copy, g->state, r->state_size);
	CU_ASSERT_EQUAL(r->render_json(g->state, &a), 0);
	CU_ASSERT_EQUAL(r->render_json(copy, &b), 0);
	CU_ASSERT(a.len == b.len && a.len > 2 && memcmp(a.p, b.p, a.len) == 0);
	ok = ff_json_check(a.p, a.len, '{', &why, &at) == 0;
	if (!ok)
		fprintf(stderr, "conformance: %s: render_json: %s at byte %zu: %.200s\n", r->name, why,
			at, a.p + (at > 40 ? at - 40 : 0));
	CU_ASSERT(ok);
	ff_buf_reset(&b);
	CU_ASSERT_EQUAL(ff_game_json(g, rec, g->turns, k0, k, &b), 0);
	ok = ff_json_check(b.p, b.len, '{', &why, &at) == 0;
	if (!ok)
		fprintf(stderr, "conformance: %s: ff_game_json: %s at byte %zu\n", r->name, why, at);
	CU_ASSERT(ok);
	CU_ASSERT(strstr(b.p, a.p) != NULL);   /* the engine's object, whole */
	r->outcome(g->state, &o);
	CU_ASSERT((strstr(b.p, ",\"to_move\":null,") != NULL) == (o.term != FF_TERM_NONE));
	totals.json_positions++;
	totals.json_over += o.term != FF_TERM_NONE;
	ff_buf_free(&a);
	ff_buf_free(&b);
	free(copy);
}

static void check_determinize(struct ff_game *g)
{
	const struct ff_rules *r = g->rules;
	struct ff_ply *a, *b;
	struct ff_outcome oa, ob;
	struct ff_rng rng, again;
	void *copy, *twin;
	int seat = r->to_move(g->state), na, nb, i, bad = 0;

	if (!r->determinize)
		return;
	a = malloc(2 * FF_MAX_LEGAL * sizeof *a);
	copy = malloc(r->state_size);
	twin = malloc(r->state_size);
	CU_ASSERT_FATAL(a && copy && twin);
	b = a + FF_MAX_LEGAL;
	memcpy(copy, g->state, r->state_size);
	memcpy(twin, g->state, r->state_size);
	ff_rng_seed(&rng, 5);
	again = rng;
	r->determinize(copy, seat, &rng);
	r->determinize(twin, seat, &again);
	CU_ASSERT(memcmp(copy, twin, r->state_size) == 0);
	CU_ASSERT_EQUAL(r->to_move(copy), seat);
	r->outcome(g->state, &oa);
	r->outcome(copy, &ob);
	CU_ASSERT(oa.term == ob.term && oa.winner == ob.winner);
	na = r->legal(g->state, FF_NO_CHANCE, a);
	nb = r->legal(copy, FF_NO_CHANCE, b);
	CU_ASSERT_EQUAL(na, nb);
	for (i = 0; i < na && na == nb; i++)
		bad += !ff_ply_eq(&a[i], &b[i]);
	CU_ASSERT_EQUAL(bad, 0);
	free(a);
	free(copy);
	free(twin);
}

/* Whether tok would be played in g's position by the usual path (outcome,
   parse, check_chance, roll from *chance when seeded, membership in
   legal(), apply), which plays it on st (a copy of g's state) and writes
   it to text (format's long form, format_post). */
static int usual_step(struct ff_game *g, void *st, const char *tok, size_t len,
		      struct ff_rng *chance, struct ff_buf *text)
{
	const struct ff_rules *r = g->rules;
	struct ff_ply p, *list = malloc(FF_MAX_LEGAL * sizeof *list);
	struct ff_outcome o;
	struct ff_error err;
	int n, i = -1;

	r->outcome(st, &o);
	if (list && o.term == FF_TERM_NONE && r->parse(st, tok, len, &p, &err) == 0 &&
	    !(p.flags & FF_PLY_PRELUDE) && ff_rules_check_chance(r, st, p.chance, &err) == 0 &&
	    (!g->seeded || p.chance == FF_NO_CHANCE || ff_rules_roll(r, st, chance) == p.chance)) {
		n = r->legal(st, p.chance, list);
		for (i = 0; i < n && !ff_ply_eq(&list[i], &p); i++)
			;
		i = i < n && r->format(st, &p, FF_FORM_LONG, text) == 0 &&
		    r->apply(st, &p, g->seeded ? chance : NULL, &err) == 0 &&
		    ff_rules_format_post(r, &p, text) == 0;
	}
	free(list);
	return i > 0;
}

/* 9. the engine's one-call step (rules->step) plays and writes a token
   as the usual path would, or leaves the state, the chance stream and
   the text as they were: for ply k's token and for tokens of other plies
   of the game. */
static void check_step(struct ff_game *g, const struct ff_record *rec, size_t k)
{
	const struct ff_rules *r = g->rules;
	void *a = ff_rules_state_alloc(r), *b = ff_rules_state_alloc(r);
	struct ff_rng ca, cb;
	struct ff_buf ta = FF_BUF_INIT, tb = FF_BUF_INIT;
	size_t t, j;
	int taken, usual;

	for (t = 0; r->step && a && b && t < 4; t++) {
		j = (k + t * 7) % rec->nplies;
		memcpy(a, g->state, r->state_size);
		memcpy(b, g->state, r->state_size);
		ca = cb = g->chance;
		ff_buf_reset(&ta);
		ff_buf_reset(&tb);
		ff_buf_adds(&tb, "x");   /* the step appends */
		taken = r->step(b, ff_record_str(rec, rec->plies[j].tok), rec->plies[j].len,
				g->seeded ? &cb : NULL, (t & 1) ? NULL : &tb);
		usual = usual_step(g, a, ff_record_str(rec, rec->plies[j].tok), rec->plies[j].len,
				   &ca, &ta);
		if (taken) {
			CU_ASSERT_TRUE(usual);
			CU_ASSERT_EQUAL(taken, r->to_move(g->state) + 1);
			CU_ASSERT(memcmp(a, b, r->state_size) == 0);
			CU_ASSERT(memcmp(&ca, &cb, sizeof ca) == 0);
			if (!(t & 1))
				CU_ASSERT(tb.len == ta.len + 1 && memcmp(tb.p + 1, ta.p, ta.len) == 0);
			totals.step_taken++;
		} else {
			CU_ASSERT(memcmp(g->state, b, r->state_size) == 0);
			CU_ASSERT(memcmp(&g->chance, &cb, sizeof cb) == 0);
			CU_ASSERT_EQUAL(tb.len, 1);
			totals.step_left++;
		}
	}
	ff_buf_free(&ta);
	ff_buf_free(&tb);
	free(a);
	free(b);
}

/* Replay rec whole, noting for each token k its ply number (1-based,
   preludes belong to the ply after them) and what it drew as text
   (format_post; "" for none). Returns the number of tokens with a draw. */
static int ply_facts(struct ff_game *g, const struct ff_record *rec, int *plyno,
		     char (*post)[8])
{
	struct ff_error err;
	struct ff_buf b = FF_BUF_INIT;
	struct ff_ply p;
	size_t k;
	int draws = 0;

	if (ff_game_start(g, rec, &err))
		return 0;
	for (k = 0; k < rec->nplies; k++) {
		plyno[k] = g->turns + 1;
		post[k][0] = '\0';
		check_counting(g, rec, k);
		check_sampling(g, rec, k);
		check_chances(g, rec, k);
		check_determinize(g);
		check_step(g, rec, k);
		if (k % 16 == 0) {
			check_svg(g);
			check_json(g, rec, k ? k - 1 : 0, k);
		}
		if (ff_game_step(g, rec, k, &p, &err))
			break;
		ff_buf_reset(&b);
		ff_rules_format_post(g->rules, &p, &b);
		if (b.len && b.len < 8) {
			memcpy(post[k], b.p, b.len + 1);
			draws++;
		}
	}
	if (k == rec->nplies)   /* the last position: the game over, mostly */
		check_json(g, rec, k ? k - 1 : 0, k);
	ff_buf_free(&b);
	return draws;
}

/* 4b. every illegal ply met gets a reason from explain: non-empty, one
   line, no full stop (replay writes it after the ply:
   "illegal ply 'TOK': REASON") */
static void check_explain(struct ff_game *g, const struct ff_ply *ply)
{
	struct ff_buf why = FF_BUF_INIT;

	g->rules->explain(g->state, ply, &why);
	CU_ASSERT_TRUE_FATAL(why.len > 0 && why.p);
	CU_ASSERT_PTR_NULL(memchr(why.p, '\n', why.len));
	CU_ASSERT_NOT_EQUAL(why.p[why.len - 1], '.');
	totals.explained++;
	ff_buf_free(&why);
}

/* Look for a token of the game that parses at ply k with the same (want_same
   = 1) or a different chance outcome than the played ply and is not legal.
   Returns its index or -1. */
static long find_mutant(struct ff_game *g, const struct ff_record *rec, size_t k, int want_same)
{
	struct ff_ply played, cand, legal[FF_MAX_LEGAL];
	struct ff_error err;
	const struct ff_rules *r;
	int n, i;
	size_t j;

	if (replay_to(g, rec, k))
		return -1;
	r = g->rules;
	if (r->parse(g->state, ff_record_str(rec, rec->plies[k].tok), rec->plies[k].len, &played, &err))
		return -1;
	n = r->legal(g->state, played.chance, legal);
	if (r->is_legal)
		CU_ASSERT_TRUE(r->is_legal(g->state, &played));
	for (j = 0; j < rec->nplies; j++) {
		if (r->parse(g->state, ff_record_str(rec, rec->plies[j].tok), rec->plies[j].len, &cand,
			     &err))
			continue;
		if ((cand.chance == played.chance) != want_same)
			continue;
		if (want_same) {
			for (i = 0; i < n; i++)
				if (ff_ply_eq(&legal[i], &cand))
					break;
			/* the engine's direct test agrees with the list */
			if (r->is_legal)
				CU_ASSERT_EQUAL(r->is_legal(g->state, &cand), i < n);
			if (i < n)
				continue;
			check_explain(g, &cand);
		} else if (ff_rules_check_chance(r, g->state, cand.chance, &err)) {
			continue;
		}
		return (long)j;
	}
	return -1;
}

/* 8. a drawn card changed to another card that the game drew elsewhere
   is caught at that ply (games with post-ply draws only). */
static void check_draws(struct ff_game *g, const struct ff_record *rec, struct ff_record *tmp,
			const int *plyno, char (*post)[8])
{
	struct ff_error err;
	char tok[64];
	size_t k, j, len;

	for (k = rec->nplies / 2; k < rec->nplies; k++) {
		if (!post[k][0])
			continue;
		for (j = 0; j < rec->nplies && (!post[j][0] || !strcmp(post[j], post[k])); j++)
			;
		if (j == rec->nplies)
			continue;
		len = rec->plies[k].len - strlen(post[k]);
		snprintf(tok, sizeof tok, "%.*s%s", (int)len, ff_record_str(rec, rec->plies[k].tok),
			 post[j]);
		copy_with_ply(tmp, rec, k, tok, NULL);
		ff_error_clear(&err);
		CU_ASSERT_EQUAL(ff_game_replay(g, tmp, &err), FF_ILLEGAL);
		CU_ASSERT_EQUAL(err.code, FF_EBAD_DRAW);
		CU_ASSERT_EQUAL(err.ply, plyno[k]);
		totals.mutated_draw++;
		return;
	}
}

static void check_game(struct ff_game *g, const struct ff_record *rec, struct ff_record *tmp,
		       struct ff_buf *b1, struct ff_buf *b2)
{
	struct ff_error err;
	struct ff_outcome o;
	struct ff_ply p;
	size_t k;
	long j;
	FILE *fp;
	int rc, *plyno, turns, chance = 0;
	char (*post)[8];

	/* 1. validates */
	ff_error_clear(&err);
	rc = ff_game_replay(g, rec, &err);
	if (rc != FF_VALID)
		fprintf(stderr, "conformance: game invalid: %s [%s] at ply %d\n", err.msg,
			ff_code_name(err.code), err.ply);
	CU_ASSERT_EQUAL(rc, FF_VALID);
	if (rc != FF_VALID)
		return;
	g->rules->outcome(g->state, &o);
	turns = g->turns;
	plyno = calloc(rec->nplies + 1, sizeof *plyno);
	post = calloc(rec->nplies + 1, sizeof *post);
	CU_ASSERT_FATAL(plyno && post);
	if (ply_facts(g, rec, plyno, post) > 0) {
		totals.draw_games++;
		check_draws(g, rec, tmp, plyno, post);
	}

	/* 2. FGN write -> read -> write is the identity */
	ff_buf_reset(b1);
	ff_buf_reset(b2);
	CU_ASSERT_EQUAL(ff_fgn_write(rec, b1), 0);
	fp = fmemopen(b1->p, b1->len, "rb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	{
		struct ff_fgn_reader *rd = ff_fgn_reader_new(fp);

		ff_error_clear(&err);
		CU_ASSERT_EQUAL(ff_fgn_read(rd, tmp, &err), 1);
		CU_ASSERT_EQUAL(tmp->nplies, rec->nplies);
		CU_ASSERT_EQUAL(ff_fgn_write(tmp, b2), 0);
		ff_fgn_reader_free(rd);
	}
	fclose(fp);
	CU_ASSERT_TRUE(b1->len == b2->len && memcmp(b1->p, b2->p, b1->len) == 0);

	/* 3. long -> short -> long gives the same plies */
	{
		struct ff_ply q;

		if (replay_to(g, rec, 0) == 0) {
			for (k = 0; k < rec->nplies; k++) {
				const char *tok = ff_record_str(rec, rec->plies[k].tok);

				CU_ASSERT_EQUAL(g->rules->parse(g->state, tok, rec->plies[k].len, &p, &err), 0);
				check_cased(g, tok, rec->plies[k].len, &p);
				ff_buf_reset(b1);
				g->rules->format(g->state, &p, FF_FORM_SHORT, b1);
				CU_ASSERT_EQUAL(g->rules->parse(g->state, b1->p, b1->len, &q, &err), 0);
				CU_ASSERT_TRUE(ff_ply_eq(&p, &q));
				ff_buf_reset(b2);
				g->rules->format(g->state, &q, FF_FORM_LONG, b2);
				ff_rules_format_post(g->rules, &p, b2);   /* the claimed draw */
				CU_ASSERT_STRING_EQUAL(b2->p, tok);
				if (ff_game_step(g, rec, k, &p, &err))
					break;
				check_setup(g);
			}
		}
	}

	/* 4. an illegal ply with the same chance is caught at that ply */
	for (k = rec->nplies / 2; k < rec->nplies; k++) {
		j = find_mutant(g, rec, k, 1);
		if (j < 0)
			continue;
		copy_with_ply(tmp, rec, k, ff_record_str(rec, rec->plies[j].tok), NULL);
		ff_error_clear(&err);
		CU_ASSERT_EQUAL(ff_game_replay(g, tmp, &err), FF_ILLEGAL);
		CU_ASSERT_EQUAL(err.code, FF_EILLEGAL);
		CU_ASSERT_EQUAL(err.ply, plyno[k]);
		/* the message names the ply and gives the engine's reason */
		{
			char named[80];

			snprintf(named, sizeof named, "illegal ply '%.*s': ",
				 (int)rec->plies[j].len, ff_record_str(rec, rec->plies[j].tok));
			CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, named));
			CU_ASSERT_PTR_NULL(strstr(err.msg, ": not allowed"));
		}
		totals.mutated_illegal++;
		break;
	}
	/* 5. a ply whose chance outcome differs from the Seed's is caught
	   (games with pre-ply chance only) */
	if (rec->nplies && replay_to(g, rec, 0) == 0 &&
	    g->rules->parse(g->state, ff_record_str(rec, rec->plies[0].tok), rec->plies[0].len, &p,
			    &err) == 0 && p.chance != FF_NO_CHANCE) {
		totals.chance_games++;
		chance = 1;
	}
	for (k = 0; chance && k < rec->nplies; k++) {
		j = find_mutant(g, rec, k, 0);
		if (j < 0)
			continue;
		copy_with_ply(tmp, rec, k, ff_record_str(rec, rec->plies[j].tok), NULL);
		ff_error_clear(&err);
		CU_ASSERT_EQUAL(ff_game_replay(g, tmp, &err), FF_ILLEGAL);
		CU_ASSERT_EQUAL(err.code, FF_ESEED);
		CU_ASSERT_EQUAL(err.ply, plyno[k]);
		totals.mutated_chance++;
		break;
	}
	/* 6. a ply after the end */
	if (o.term != FF_TERM_NONE && rec->nplies > 0) {
		copy_with_ply(tmp, rec, rec->nplies,
			      ff_record_str(rec, rec->plies[rec->nplies - 1].tok), NULL);
		ff_error_clear(&err);
		CU_ASSERT_EQUAL(ff_game_replay(g, tmp, &err), FF_ILLEGAL);
		CU_ASSERT_EQUAL(err.code, FF_EAFTER_END);
		CU_ASSERT_EQUAL(err.ply, turns + 1);
		totals.after_end++;
	}
	/* 7. a wrong result (only where the board decided it: a game cut by
	   the move cap may carry any result with Termination "movecap") */
	if (o.term != FF_TERM_NONE) {
		const char *res = ff_record_result(rec);
		const char *wrong = g->rules->sides(g->state) == 2
				    ? (strcmp(res, "1-0") == 0 ? "0-1" : "1-0")
				    : (strcmp(res, "W1") == 0 ? "W2" : "W1");

		copy_with_ply(tmp, rec, (size_t)-1, "", wrong);
		ff_error_clear(&err);
		CU_ASSERT_EQUAL(ff_game_replay(g, tmp, &err), FF_ILLEGAL);
		CU_ASSERT_EQUAL(err.code, FF_ERESULT);
		totals.result++;
	}
	totals.games++;
	free(plyno);
	free(post);
}

/* rec with notes and suffixes added (every 5th ply "!", every 7th a
   comment and a NAG, one comment before the first ply). */
static void annotate(struct ff_record *dst, const struct ff_record *src)
{
	char text[48];
	size_t i;

	ff_record_reset(dst);
	dst->number = src->number;
	for (i = 0; i < src->ntags; i++) {
		const char *v = ff_record_str(src, src->tags[i].value);

		ff_record_add_tag(dst, ff_record_str(src, src->tags[i].name), v, strlen(v), 0, 0);
	}
	ff_record_add_note(dst, FF_NOTE_BRACE, "a game, \"quoted\", with commas", 29);
	for (i = 0; i < src->nplies; i++) {
		ff_record_add_ply(dst, ff_record_str(src, src->plies[i].tok), src->plies[i].len,
				  i % 5 == 4 ? "!" : NULL, 0, 0);
		if (i % 7 == 6) {
			snprintf(text, sizeof text, "after ply %zu; a line\nbreak", i + 1);
			ff_record_add_note(dst, FF_NOTE_BRACE, text, strlen(text));
			ff_record_add_note(dst, FF_NOTE_NAG, "3", 1);
		}
	}
	ff_record_set_result(dst, ff_record_result(src), 0, 0);
}

/* Write rec with format fmt (its stateless writer, or a writer made for
   rec's tags), read it back with fmt's reader, and compare the canonical
   FGN of both. */
static void format_trip(const struct ff_record *rec, const struct ff_format *fmt,
			struct ff_record *back)
{
	struct ff_buf a = FF_BUF_INIT, b = FF_BUF_INIT, text = FF_BUF_INIT;
	struct ff_error err;
	char *names[64];
	size_t i, n = 0;
	void *w, *r;
	FILE *fp;
	int rc;

	for (i = 0; i < rec->ntags && n < 64; i++)
		names[n++] = (char *)ff_record_str(rec, rec->tags[i].name);
	if (fmt->write) {
		CU_ASSERT_EQUAL(fmt->write(rec, &text), 0);
	} else {
		w = fmt->writer_new(names, n, 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(w);
		CU_ASSERT_EQUAL(fmt->writer_put(w, rec, NULL, &text), 0);
		fmt->writer_free(w);
	}
	fp = fmemopen(text.p, text.len, "rb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	ff_error_clear(&err);
	r = fmt->reader_new(fp, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	rc = fmt->read(r, back, &err);
	fmt->reader_free(r);
	fclose(fp);
	CU_ASSERT_EQUAL(rc, 1);
	if (rc != 1)
		fprintf(stderr, "conformance: format %s: %s\n", fmt->name, err.msg);
	ff_fgn_write(rec, &a);
	ff_fgn_write(back, &b);
	CU_ASSERT_TRUE(a.len == b.len && memcmp(a.p, b.p, a.len) == 0);
	if (a.len != b.len || memcmp(a.p, b.p, a.len) != 0)
		fprintf(stderr, "conformance: format %s changed a game:\n%s\nto\n%s\n", fmt->name,
			a.p, b.p);
	totals.format_trips++;
	ff_buf_free(&a);
	ff_buf_free(&b);
	ff_buf_free(&text);
}

static void run_config(const struct ff_config *cfg)
{
	struct ff_sim sim;
	struct ff_record rec, tmp;
	struct ff_buf scratch = FF_BUF_INIT, b1 = FF_BUF_INIT, b2 = FF_BUF_INIT;
	struct ff_game g;
	struct ff_error err;
	void *state = malloc(cfg->rules->state_size);
	int a, i, s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(state);
	ff_record_init(&rec);
	ff_record_init(&tmp);
	ff_game_init(&g);
	memset(&sim, 0, sizeof sim);
	sim.cfg = cfg;
	sim.max_plies = MAX_PLIES;
	for (a = -1; a < cfg->rules->nagents; a++) {
		for (s = 0; s < cfg->seats; s++)
			sim.agents[s] = a < 0 ? &ff_agent_random : &cfg->rules->agents[a];
		for (i = 0; i < GAMES_PER_AGENT; i++) {
			ff_error_clear(&err);
			CU_ASSERT_EQUAL_FATAL(ff_simulate_game(&sim, 1000 + (uint64_t)i, state, &scratch,
							       &rec, &err), 0);
			rec.number = i + 1;
			check_game(&g, &rec, &tmp, &b1, &b2);
			/* every format gives the same game back, notes included */
			if (i < 4) {
				struct ff_record ann, back;
				int k;

				ff_record_init(&ann);
				ff_record_init(&back);
				annotate(&ann, &rec);
				/* every registered format for games of any
				   kind (one tied to a game is another tool's,
				   carrying what that tool keeps) */
				for (k = 0; ff_format_at(k); k++)
					if (!ff_format_at(k)->game)
						format_trip(&ann, ff_format_at(k), &back);
				ff_record_free(&ann);
				ff_record_free(&back);
			}
		}
	}
	totals.configs++;
	ff_game_free(&g);
	ff_record_free(&rec);
	ff_record_free(&tmp);
	ff_buf_free(&scratch);
	ff_buf_free(&b1);
	ff_buf_free(&b2);
	free(state);
}

/* The plies of a random game of cfg from seed, one token after another. */
static void random_plies(const struct ff_config *cfg, uint64_t seed, void *state,
			 struct ff_buf *out)
{
	struct ff_sim sim;
	struct ff_record rec;
	struct ff_buf scratch = FF_BUF_INIT;
	struct ff_error err;
	size_t k;
	int s;

	memset(&sim, 0, sizeof sim);
	sim.cfg = cfg;
	sim.max_plies = MAX_PLIES;
	for (s = 0; s < cfg->seats; s++)
		sim.agents[s] = &ff_agent_random;
	ff_record_init(&rec);
	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_simulate_game(&sim, seed, state, &scratch, &rec, &err), 0);
	for (k = 0; k < rec.nplies; k++) {
		ff_buf_add(out, ff_record_str(&rec, rec.plies[k].tok), rec.plies[k].len);
		ff_buf_add(out, " ", 1);
	}
	ff_record_free(&rec);
	ff_buf_free(&scratch);
}

/* 10. canon (the option table's): a canonical configuration is a fixed
   point, and where canon set option o back to its default (its value
   given, val, meant the default anyway) the value given plays the same
   games as the default: random games from the same seeds, ply for ply. */
static void check_canon(const struct ff_config *cfg, int o, int val, void *probe)
{
	struct ff_config again = *cfg, raw = *cfg;
	struct ff_buf a = FF_BUF_INIT, b = FF_BUF_INIT;
	struct ff_error err;
	uint64_t seed;

	ff_rules_canon(cfg->rules, &again);
	CU_ASSERT_EQUAL(memcmp(again.opt, cfg->opt, sizeof cfg->opt), 0);
	if (o < 0 || cfg->opt[o] == val)
		return;
	raw.opt[o] = val;   /* what the user wrote, before canon */
	CU_ASSERT_EQUAL_FATAL(cfg->rules->init(probe, &raw, NULL, &err), 0);
	for (seed = 1; seed <= 3; seed++) {
		ff_buf_reset(&a);
		ff_buf_reset(&b);
		random_plies(cfg, seed, probe, &a);
		random_plies(&raw, seed, probe, &b);
		CU_ASSERT_TRUE(a.len > 0 && a.len == b.len && memcmp(a.p, b.p, a.len) == 0);
	}
	totals.canon_same++;
	ff_buf_free(&a);
	ff_buf_free(&b);
}

/* Parse game/preset with opt (NULL: defaults) at `seats` and run it when
   the engine accepts the combination (combinations it refuses, such as
   teams that do not divide the seats, are skipped). opt sets option o
   (-1: none) to val (a choice's index, or the integer). */
static void try_config(const struct ff_rules *r, int p, const char *opt, const char *seats,
		       void *probe, int o, int val)
{
	struct ff_config cfg;
	struct ff_error err;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(ff_config_parse(&cfg, r->name, r->presets[p].name, opt, seats, NULL,
					      NULL, &err), 0);
	if (o >= 0 && cfg.opt[o] == val)
		totals.canon_kept++;
	if (r->init(probe, &cfg, NULL, &err) == 0) {
		check_canon(&cfg, o, val, probe);
		run_config(&cfg);
	}
}

/* Every preset with its defaults, and with each non-default value of each
   option that applies to it (integer options at 1, 2, 3 and 60), at every
   seat count the engine accepts. */
static void run_preset(const struct ff_rules *r, int p, const char *seats, void *probe)
{
	static const char *const ints[] = { "1", "2", "3", "60" };
	char opt[96];
	int o, i, k;

	try_config(r, p, NULL, seats, probe, -1, 0);
	for (o = 0; o < r->noptions; o++) {
		const struct ff_option_desc *od = &r->options[o];
		const char *v = od->values, *bar;

		if (od->presets && !(od->presets & (1u << p)))
			continue;
		if (!v) {
			for (i = 0; i < 4; i++) {
				if (strcmp(ints[i], od->dflt) == 0)
					continue;
				snprintf(opt, sizeof opt, "%s=%s", od->name, ints[i]);
				try_config(r, p, opt, seats, probe, o, atoi(ints[i]));
			}
			continue;
		}
		for (k = 0; v; v = bar ? bar + 1 : NULL, k++) {
			bar = strchr(v, '|');
			snprintf(opt, sizeof opt, "%s=%.*s", od->name,
				 (int)(bar ? (size_t)(bar - v) : strlen(v)), v);
			if (strcmp(opt + strlen(od->name) + 1, od->dflt) != 0)
				try_config(r, p, opt, seats, probe, o, k);
		}
	}
}

/* Whether the engine called name is to be run: every one, or those
   FF_CONFORMANCE_GAMES names (a comma-separated list). */
static int chosen(const char *name)
{
	const char *list = getenv("FF_CONFORMANCE_GAMES"), *p;
	size_t n = strlen(name);

	if (!list || !*list)
		return 1;
	for (p = list; (p = strstr(p, name)) != NULL; p += n)
		if ((p == list || p[-1] == ',') && (p[n] == '\0' || p[n] == ','))
			return 1;
	return 0;
}

/* Whether FF_CONFORMANCE_GAMES chose some engines only. */
static int filtered(void)
{
	const char *list = getenv("FF_CONFORMANCE_GAMES");

	return list && *list;
}

static void test_every_ruleset(void)
{
	const struct ff_rules *r;
	struct ff_config cfg;
	struct ff_error err;
	char seats[8];
	void *probe;
	int ri, p, n, canon = 0;
	long before;

	for (ri = 0; (r = ff_rules_at(ri)); ri++) {
		if (!chosen(r->name))
			continue;
		canon |= r->canon != NULL;
		probe = malloc(r->state_size);
		for (n = r->seats_min; n <= r->seats_max; n++) {
			snprintf(seats, sizeof seats, "%d", n);
			if (ff_config_parse(&cfg, r->name, NULL, NULL, seats, NULL, NULL, &err) ||
			    r->init(probe, &cfg, NULL, &err))
				continue;   /* a seat count the game does not have */
			before = totals.configs;
			for (p = 0; p < r->npresets; p++)
				run_preset(r, p, seats, probe);
			fprintf(stderr, "conformance: %s with %d seats: %ld configurations\n", r->name,
				n, totals.configs - before);
		}
		free(probe);
	}
	fprintf(stderr, "conformance: %ld configurations, %ld games (%ld with chance, %ld with "
		"draws); mutations caught: %ld illegal, %ld chance, %ld draws, %ld after-end, %ld "
		"result; %ld annotated round trips through every format for any game\n", totals.configs, totals.games,
		totals.chance_games, totals.draw_games, totals.mutated_illegal, totals.mutated_chance,
		totals.mutated_draw, totals.after_end, totals.result, totals.format_trips);
	fprintf(stderr, "conformance: %ld plies read back in upper and in lower case\n",
		totals.cased);
	fprintf(stderr, "conformance: %ld positions written as set-ups and read back\n",
		totals.setups);
	CU_ASSERT_TRUE(totals.setups > totals.games || filtered());
	fprintf(stderr, "conformance: the one-call step took %ld tokens and left %ld as the usual "
		"path has them\n", totals.step_taken, totals.step_left);
	fprintf(stderr, "conformance: %ld positions where every candidate of a sampler was "
		"decided (%ld where it rejects them all and lists)\n", totals.samples,
		totals.sample_lists);
	fprintf(stderr, "conformance: %ld positions written as JSON (%ld of them over)\n",
		totals.json_positions, totals.json_over);
	fprintf(stderr, "conformance: %ld illegal plies explained; canon: %ld option values "
		"kept, %ld set back to the default and playing the same games\n", totals.explained,
		totals.canon_kept, totals.canon_same);
	CU_ASSERT_TRUE(totals.explained >= totals.mutated_illegal);
	CU_ASSERT_TRUE(totals.canon_same > 0 || !canon);
	CU_ASSERT_TRUE(totals.json_positions > totals.games);
	CU_ASSERT_TRUE(totals.json_over > totals.games / 2);
	CU_ASSERT_TRUE(totals.step_taken > totals.step_left / 8 || totals.step_left == 0);
	/* a sampler that rejected all its candidates everywhere would still
	   be uniform (from the list) but pointless */
	CU_ASSERT_TRUE(totals.sample_lists * 20 <= totals.samples);
	/* the suite's own minima, for fivefold's engines (not a chosen few) */
	CU_ASSERT_TRUE(totals.configs >= 40 || filtered());
	CU_ASSERT_TRUE(totals.cased > 2 * totals.games);
	CU_ASSERT_TRUE(totals.mutated_illegal > totals.games / 2 || filtered());
	CU_ASSERT_TRUE(totals.mutated_chance > totals.chance_games / 2 || !totals.chance_games);
	CU_ASSERT_TRUE(totals.mutated_draw > totals.draw_games / 2 || !totals.draw_games);
}

static void test_config_ids(void)
{
	struct ff_config cfg;
	struct ff_error err;
	struct ff_buf b = FF_BUF_INIT;

	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "fivelines", "kidd", "skip-last dice=knuckle", NULL,
					NULL, NULL, &err), 0);
	ff_config_id(&cfg, &b);
	CU_ASSERT_STRING_EQUAL(b.p, "fivelines/kidd:dice=knuckle,skip-last");
	ff_buf_reset(&b);
	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "fivelines", NULL, "dice=d6", NULL, NULL, NULL, &err), 0);
	ff_config_id(&cfg, &b);
	CU_ASSERT_STRING_EQUAL(b.p, "fivelines/schaedler");
	ff_buf_reset(&b);
	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "fivelines", "kidd", "holy-hit=no,skip-last=strict",
					NULL, NULL, NULL, &err), 0);
	ff_config_id(&cfg, &b);
	CU_ASSERT_STRING_EQUAL(b.p, "fivelines/kidd:holy-hit=no,skip-last=strict");
	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "fivelines", NULL, "bogus", NULL, NULL, NULL, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EUNKNOWN_OPTION);
	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "fivelines", NULL, "dice=d7", NULL, NULL, NULL, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_OPTION);
	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "fivelines", NULL, "holy-hit=no", NULL, NULL, NULL, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_OPTION);
	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "fivelines", "nope", NULL, NULL, NULL, NULL, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EUNKNOWN_RULES);
	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "chess", NULL, NULL, NULL, NULL, NULL, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EUNKNOWN_GAME);
	CU_ASSERT_EQUAL(ff_config_parse(&cfg, "fivelines", NULL, NULL, "3", NULL, NULL, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EBAD_TAG);
	ff_buf_free(&b);
}

static const struct ff_test tests[] = {
	{ "ruleset ids and option errors", test_config_ids },
	{ "every ruleset, preset and option", test_every_ruleset },
};

FF_TEST_MAIN("conformance", tests)
