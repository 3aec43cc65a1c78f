/* Ludii trials of Pente Grammai (docs/formats.md, "Ludii trials"):
   a reader that turns one trial into an FGN game of the matching Locus
   Ludi preset, faithfully (Ludii's own winner claim is kept as the result
   and as a tag, and validation judges it), and a writer that turns an FGN
   game of those presets back into a trial carrying the same moves.

   A trial is one game. Its Move= lines without `decision=true` only set up
   the die and the hands and are skipped; a turn's line carries the mover,
   the die (`SetStateAndUpdateDice:site=13,state=S`: the die shows S+1) and
   the chosen action (`decision=true`): a Move from/to, or a forced Pass.
   Ludii vertices map to fivefold's points by the README's table; sites 11
   and 12 are the hands (x); an extra action sending an enemy piece to 11 or
   12 is a capture (`*`); one moving a piece to 10 (the central line) is the
   goal, written as the goal point.

   The format names its game (ff_format_ludii.game), and every ply goes
   through that game's engine, found in the registry by that name
   (lib/replay.h replays; decode_ply): the reader writes each turn in FGN's
   long form and has the engine decode it; the writer has the engine decode
   each ply and takes the throw from the decoded ply and the sites from
   the engine's long form of it. A ply is decoded in the position the game
   has reached: the position follows the game up to the first ply the
   engine does not take (an illegal one, one after the end), and from
   there on stays. What a record claims is kept: the reader's plies are
   Ludii's turns as the trial has them, a capture (which Ludii 1.3.12
   writes before the decision) as `*`, and the writer's captures are the
   game's `*`; validation judges both. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/format.h"
#include "lib/replay.h"
#include "lib/text.h"

#define MAX_TRIAL ((size_t)64 << 20)
#define MAX_FIELD 1000000   /* no number in a trial is larger */

/* This file's entry of the formats table (at its end), which names the
   game. */
extern const struct ff_format ff_format_ludii;

/* Ludii vertex -> fivefold point, and back. */
static const int to_point[10] = { 4, 5, 3, 6, 2, 7, 1, 8, 0, 9 };
static const int to_vertex[10] = { 8, 6, 4, 2, 0, 1, 3, 5, 7, 9 };

/* A turn as a trial has it: the die (1-6) and the decision, a pass or a
   move from site `from` (a vertex 0-9, or the mover's hand: 11 for seat
   1, 12 for seat 2) to vertex `to`, which captures or not. */
struct turn {
	int die, pass, from, to, capture;
};

struct ludii_reader {
	FILE *fp;
	struct ff_buf text;
	int done;
	unsigned long long offset;
	long games;
	struct ff_game game;      /* the engine that decodes the plies */
};

/* A reader on fp (one trial per stream; fp is not closed). NULL when
   memory runs out. */
static void *ludii_new(FILE *fp, unsigned flags)
{
	struct ludii_reader *r = calloc(1, sizeof *r);

	(void)flags;
	if (!r)
		return NULL;
	r->fp = fp;
	ff_game_init(&r->game);
	return r;
}

static void ludii_free(void *reader)
{
	struct ludii_reader *r = reader;

	if (!r)
		return;
	ff_buf_free(&r->text);
	ff_game_free(&r->game);
	free(r);
}

/* The trial's text (borrowed). */
static const char *ludii_raw(const void *reader, size_t *len)
{
	const struct ludii_reader *r = reader;

	*len = r->text.len;
	return r->text.p ? r->text.p : "";
}

static unsigned long long ludii_offset(const void *reader)
{
	return ((const struct ludii_reader *)reader)->offset;
}

/* The integer after `key` in [p, end): -1 when absent, -2 when it is
   larger than MAX_FIELD (parsed with a bound: nothing wraps). */
static long field(const char *p, const char *end, const char *key)
{
	size_t k = strlen(key), n;
	const char *q;
	uint64_t v;

	for (q = p; q + k <= end; q++) {
		if (memcmp(q, key, k) != 0)
			continue;
		q += k;
		for (n = 0; q + n < end && q[n] >= '0' && q[n] <= '9'; n++)
			;
		if (n == 0)
			return -1;
		return ff_parse_uint(q, n, MAX_FIELD, &v) ? -2 : (long)v;
	}
	return -1;
}

static const char *find(const char *p, const char *end, const char *s)
{
	size_t k = strlen(s);

	for (; p + k <= end; p++)
		if (memcmp(p, s, k) == 0)
			return p;
	return NULL;
}

/* The byte policy over the whole trial: UTF-8, no NUL. Returns 0, or -1
   with err (bad-byte at the line and column of the first wrong byte). */
static int bad_bytes(const char *text, size_t n, long game, struct ff_error *err)
{
	enum ff_text_fault f = ff_text_check(text, n, &n);
	long line = 1, col = 1;
	const char *p;

	if (f == FF_TEXT_OK)
		return 0;
	for (p = text; p < text + n; p++) {
		if (*p == '\n') {
			line++;
			col = 1;
		} else {
			col += ((unsigned char)*p & 0xC0) != 0x80;
		}
	}
	if (err) {
		err->line = line;
		err->col = col;
		err->game = game;
		err->ply = 0;
		err->seat = 0;
	}
	return ff_error_set(err, FF_EBAD_BYTE, "%s in the trial (byte 0x%02x)", ff_text_fault_name(f),
			    (unsigned char)text[n]);
}

/* A syntax error at the start of line `line`; excerpt (may be NULL) is
   quoted after the message. */
static int fail(struct ff_error *err, long line, long game, int ply, const char *msg,
		const char *excerpt)
{
	if (err) {
		err->line = line;
		err->col = 1;
		err->game = game;
		err->ply = ply;
		err->seat = 0;
	}
	if (excerpt)
		return ff_error_set(err, FF_ESYNTAX, "%s in '%s'", msg, excerpt);
	return ff_error_set(err, FF_ESYNTAX, "%s", msg);
}

/* Read one Move= line (a turn): its mover (1 or 2) and the turn. Returns
   0, or -1 with a message in *why. */
static int line_turn(const char *p, const char *end, int *mover, struct turn *t,
		     const char **why)
{
	const char *seg, *next, *dec;
	long state, from, to;

	*mover = (int)field(p, end, "mover=");
	state = field(p, end, "SetStateAndUpdateDice:site=13,state=");
	if (*mover != 1 && *mover != 2) {
		*why = "a turn without mover 1 or 2";
		return -1;
	}
	if (state < 0 || state > 5) {
		*why = "a turn without a die state 0-5";
		return -1;
	}
	dec = find(p, end, "decision=true");
	/* the action holding decision=true starts after the last '[' before it */
	for (seg = dec; seg && seg > p && seg[-1] != '['; seg--)
		;
	if (!dec || !seg) {
		*why = "a turn without a decision";
		return -1;
	}
	memset(t, 0, sizeof *t);
	t->die = (int)state + 1;
	if (strncmp(seg, "Pass:", 5) == 0) {
		t->pass = 1;
		return 0;
	}
	next = find(dec, end, "]");
	from = field(seg, next ? next : end, "from=");
	to = field(seg, next ? next : end, "to=");
	if (strncmp(seg, "Move:", 5) != 0 || from < 0 || from > 12 || from == 10 || to < 0 || to > 9) {
		*why = "a decision that is neither a pass nor a move between sites";
		return -1;
	}
	if ((from == 11 && *mover != 1) || (from == 12 && *mover != 2)) {
		*why = "a piece taken from the other player's hand";
		return -1;
	}
	/* another action sending a piece to a hand is a capture (Ludii 1.3.12
	   writes it before the decision) */
	for (seg = p; (seg = find(seg, end, "[Move:")) != NULL; seg++) {
		const char *e = find(seg, end, "]");
		long site = field(seg, e ? e : end, ",to=");

		if (site == 11 || site == 12)
			t->capture = 1;
	}
	t->from = (int)from;
	t->to = (int)to;
	return 0;
}

/* The turn as a ply in FGN's long form (docs/fgn.md, Five Lines: ROLL:FROM-TO
   with x for the hand and * for a capture, ROLL:- for a pass), for the
   engine to read. */
static void turn_ply(const struct turn *t, char *tok, size_t cap)
{
	if (t->pass)
		snprintf(tok, cap, "%d:-", t->die);
	else if (t->from >= 11)
		snprintf(tok, cap, "%d:x-%d%s", t->die, to_point[t->to], t->capture ? "*" : "");
	else
		snprintf(tok, cap, "%d:%d-%d%s", t->die, to_point[t->from], to_point[t->to],
			 t->capture ? "*" : "");
}

/* Decode ply k of rec into *p through the engine of g (started on rec's
   header, k plies decoded) and, when out is not NULL, put its text there.
   While *follow, the ply is stepped (parsed in the position reached,
   checked, applied) and its text is the engine's long form; at the first
   ply the engine does not take (illegal, after the end) *follow becomes
   0, and from there on a ply is only parsed, in the position reached, and
   its text is the token as rec has it. Returns 0, or -1 with err:
   FF_ENOMEM, or the engine's code for a token it cannot read. */
static int decode_ply(struct ff_game *g, const struct ff_record *rec, size_t k, int *follow,
		      struct ff_ply *p, struct ff_buf *out, struct ff_error *err)
{
	const struct ff_rec_ply *rp = &rec->plies[k];
	const char *tok = ff_record_str(rec, rp->tok);
	struct ff_error e;

	ff_error_clear(&e);
	if (out)
		ff_buf_reset(out);
	if (*follow && (out ? ff_game_step_text(g, rec, k, FF_FORM_LONG, out, p, &e)
			    : ff_game_step(g, rec, k, p, &e)) == 0)
		return 0;
	if (e.code == FF_ENOMEM)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	*follow = 0;
	if (out)
		ff_buf_reset(out);
	if (ff_rules_parse(g->rules, g->state, tok, rp->len, p, err))
		return -1;
	return out && ff_buf_add(out, tok, rp->len) ? ff_error_set(err, FF_ENOMEM, "out of memory")
						     : 0;
}

/* Have the engine of the format's game decode every ply of rec, a trial
   read (decode_ply). Returns 0, or -1 with err: a ply it cannot read is a
   syntax error at its line. */
static int decode(struct ludii_reader *r, const struct ff_record *rec, struct ff_error *err)
{
	struct ff_error e;
	struct ff_ply p;
	size_t k;
	int follow = 1;

	if (ff_game_start(&r->game, rec, err))
		return -1;
	for (k = 0; k < rec->nplies; k++)
		if (decode_ply(&r->game, rec, k, &follow, &p, NULL, &e))
			return e.code == FF_ENOMEM ? ff_error_set(err, FF_ENOMEM, "out of memory")
						   : fail(err, rec->plies[k].line, rec->number, (int)k + 1,
							  e.msg, NULL);
	return 0;
}

/* The trial as a game: 1, 0 at the end, -1 with err (FF_ESYNTAX with the
   line of the bad Move= line, FF_EIO, FF_ENOMEM). */
static int ludii_read(void *reader, struct ff_record *rec, struct ff_error *err)
{
	struct ludii_reader *r = reader;
	const char *p, *end, *nl, *why = NULL;
	const char *game = ff_format_ludii.game;
	char tok[32], tail[64];
	const char *rules = NULL, *version = NULL;
	long line = 0, winner = -1, winner_line = 0;
	size_t vlen = 0;
	int first = 0, mover, ply = 0;
	struct turn t;
	char buf[65536];
	size_t n;

	ff_record_reset(rec);
	if (r->done)
		return 0;
	r->done = 1;
	ff_buf_reset(&r->text);
	while ((n = fread(buf, 1, sizeof buf, r->fp)) > 0) {
		if (r->text.len + n > MAX_TRIAL) {
			fail(err, 1, 1, 0, "", NULL);
			return ff_error_set(err, FF_ETOO_LONG, "a trial larger than 64 MiB");
		}
		if (ff_buf_add(&r->text, buf, n))
			return ff_error_set(err, FF_ENOMEM, "out of memory");
	}
	if (ferror(r->fp))
		return ff_error_set(err, FF_EIO, "cannot read the trial");
	r->offset = r->text.len;
	if (r->text.len == 0)
		return 0;
	rec->number = ++r->games;
	rec->line = rec->col = 1;
	if (bad_bytes(r->text.p, r->text.len, rec->number, err))
		return -1;
	p = r->text.p;
	end = p + r->text.len;
	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		line++;
		/* (a CRLF's \r stays outside every field read below) */
		if (strncmp(p, "Play Rules/No Capture", 21) == 0)
			rules = "locusludi-race";
		else if (strncmp(p, "Play Rules/Capture", 18) == 0)
			rules = "locusludi-knockoff";
		else if (strncmp(p, "winner=", 7) == 0) {
			winner = field(p, nl, "winner=");
			winner_line = line;
			if (nl - p >= 9 && !strncmp(p + 7, "-1", 2) && (nl - p == 9 || p[9] == '\r'))
				winner_line = 0;   /* winner -1: no winner claimed */
			else if (winner < 0 || winner > 2)
				return fail(err, line, rec->number, 0, "a winner that is not -1, 0, 1 or 2",
					    NULL);
		}
		else if (strncmp(p, "LUDII_VERSION=", 14) == 0) {
			version = p + 14;
			vlen = (size_t)(nl - version);
			while (vlen && (version[vlen - 1] == '\r' || version[vlen - 1] == ' '))
				vlen--;
		} else if (strncmp(p, "Move=[", 6) == 0 && find(p, nl, "decision=true")) {
			if (line_turn(p, nl, &mover, &t, &why)) {
				snprintf(tail, sizeof tail, "%.40s", p);
				return fail(err, line, rec->number, ply + 1, why, tail);
			}
			if (!first)
				first = mover;
			ply++;
			turn_ply(&t, tok, sizeof tok);
			if (ff_record_add_ply(rec, tok, strlen(tok), NULL, line, 1))
				return ff_error_set(err, FF_ENOMEM, "out of memory");
		}
		if (nl == end)
			break;
	}
	if (!rules)
		return fail(err, 1, rec->number, 0, "not a Pente Grammai trial: no 'Play Rules/Capture' "
			    "or 'Play Rules/No Capture' option", NULL);
	snprintf(tail, sizeof tail, "Ludii %.*s trial",
		 (int)(version ? ff_utf8_cut(version, vlen, 40) : 0), version ? version : "");
	if (ff_record_add_tag(rec, "Game", game, strlen(game), 0, 0) ||
	    ff_record_add_tag(rec, "Rules", rules, strlen(rules), 0, 0) ||
	    (first == 2 && ff_record_add_tag(rec, "First", "2", 1, 0, 0)) ||
	    ff_record_add_tag(rec, "Source", tail, strlen(tail), 0, 0))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	/* Ludii's claim, kept as it is: validation judges it */
	strcpy(tok, winner == 1 ? "1-0" : winner == 2 ? "0-1" : winner == 0 ? "1/2-1/2" : "*");
	snprintf(tail, sizeof tail, "%ld", winner);
	if ((winner >= 0 && ff_record_add_tag(rec, "LudiiWinner", tail, strlen(tail), 0, 0)) ||
	    ff_record_add_tag(rec, "Result", tok, strlen(tok), 0, 0) ||
	    ff_record_set_result(rec, tok, winner_line, winner_line ? 1 : 0))
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	return decode(r, rec, err) ? -1 : 1;
}

/* --- writing --- */

static int add_setup(struct ff_buf *out)
{
	int s, l, rc = 0;

	rc |= ff_buf_adds(out, "Move=[Move:mover=0,from=13,to=13,actions=[Add:type=Cell,to=13,level=0,what=1]]\n");
	for (s = 11; s <= 12; s++)
		for (l = 0; l < 5; l++)
			rc |= ff_buf_addf(out, "Move=[Move:mover=0,from=%d,to=%d,actions=[Add:type=Cell,"
					       "to=%d,level=%d,what=%d,stack=true]]\n", s, s, s, l, s - 9);
	return rc;
}

/* A point of a ply in long form: 0-9, or 10 for x (the hand); -1 for
   anything else. */
static int point(char c)
{
	return c == 'x' ? 10 : c >= '0' && c <= '9' ? c - '0' : -1;
}

/* The turn of mover that a ply in long form (tok[0, len): the sites, and
   a `*` that is not read) stands for, with the throw die and the capture
   given. Returns 0, or -1 when a trial cannot hold it (a skip, a die past
   6) or it is not in long form. */
static int ply_turn(const char *tok, size_t len, int die, int capture, int mover,
		    struct turn *t)
{
	const char *s = memchr(tok, ':', len);
	size_t n = s ? len - (size_t)(s + 1 - tok) : 0;
	int from, to;

	memset(t, 0, sizeof *t);
	t->die = die;
	if (!s || die < 1 || die > 6)
		return -1;
	s++;
	if (n == 1 && s[0] == '-') {
		t->pass = 1;
		return 0;
	}
	if ((n != 3 && (n != 4 || s[3] != '*')) || s[1] != '-' || (from = point(s[0])) < 0 ||
	    (to = point(s[2])) < 0 || to == 10)
		return -1;
	t->from = from == 10 ? 10 + mover : to_vertex[from];
	t->to = to_vertex[to];
	t->capture = capture;
	return 0;
}

/* Append mover's turn as a Move= line. Returns 0 or -1. */
static int put_turn(struct ff_buf *out, int mover, const struct turn *t)
{
	int rc = 0;

	if (t->pass)
		return ff_buf_addf(out, "Move=[Move:mover=%d,actions=[SetStateAndUpdateDice:site=13,"
				       "state=%d],[SetDiceAllEqual:value=true],[Pass:decision=true,"
				       "forced=true]]\n", mover, t->die - 1);
	rc |= ff_buf_addf(out, "Move=[Move:mover=%d,from=%d,to=%d,actions=[SetStateAndUpdateDice:"
			       "site=13,state=%d],[SetDiceAllEqual:value=true],[Move:typeFrom=%s,"
			       "from=%d,typeTo=Vertex,to=%d,decision=true]", mover, t->from, t->to,
			  t->die - 1, t->from >= 11 ? "Cell" : "Vertex", t->from, t->to);
	if (t->capture)
		rc |= ff_buf_addf(out, ",[Move:typeFrom=Vertex,from=%d,typeTo=Cell,to=%d]", t->to,
				  mover == 1 ? 12 : 11);
	if ((mover == 1 && t->to == 5) || (mover == 2 && t->to == 4))
		rc |= ff_buf_addf(out, ",[Move:typeFrom=Vertex,from=%d,typeTo=Vertex,to=10]", t->to);
	return rc | ff_buf_adds(out, "]\n");
}

/* Append rec as a trial. rec must be a locusludi-race or -knockoff game of
   the format's game without extra throws whose plies the engine reads
   (decode_ply: in any form while the game is followed, in long form after
   a ply it does not take; convert rewrites a valid game's plies in
   canonical long form first). A capture is written where a ply ends in
   `*`. Returns 0, or -1 when it cannot be written (or memory runs out).
   The file is fivefold's, in the format of Ludii 1.3.12's trials; the die
   and hands set-up lines are Ludii's. */
/* The trial's tail for the result token res: a winner (1 or 2, or 0 for a
   draw) and its rankings; an unfinished game ("*") has no winner= or
   endtype= line, so it reads back unfinished, and ranks no one. */
static int put_end(struct ff_buf *out, const char *res)
{
	int one = !strcmp(res, "1-0"), two = !strcmp(res, "0-1");

	if (ff_buf_adds(out, "numInitialPlacementMoves=11\n"))
		return -1;
	if (!strcmp(res, "*") || !res[0])
		return ff_buf_adds(out, "rankings=0.0,0.0,0.0\nLUDII_VERSION=1.3.12\n");
	return ff_buf_addf(out, "winner=%d\nendtype=NaturalEnd\nrankings=0.0,%s\nLUDII_VERSION=1.3.12\n",
			   one ? 1 : two ? 2 : 0, one ? "1.0,2.0" : two ? "2.0,1.0" : "1.5,1.5");
}

static int ludii_write(const struct ff_record *rec, struct ff_buf *out)
{
	const char *game = ff_record_tag(rec, "Game"), *rules = ff_record_tag(rec, "Rules");
	const char *options = ff_record_tag(rec, "Options"), *res = ff_record_result(rec);
	struct ff_buf tok = FF_BUF_INIT;
	struct ff_error err;
	struct ff_game g;
	struct ff_ply p;
	struct turn t;
	int knock, mover, follow = 1, rc = 0;
	size_t k;

	if (!game || strcmp(game, ff_format_ludii.game) || !rules ||
	    (strcmp(rules, "locusludi-race") && strcmp(rules, "locusludi-knockoff")) ||
	    (options && strstr(options, "extra-throw")))
		return -1;
	ff_game_init(&g);
	if (ff_game_start(&g, rec, &err)) {
		ff_game_free(&g);
		return -1;
	}
	knock = strcmp(rules, "locusludi-knockoff") == 0;
	mover = g.cfg.first + 1;
	rc |= ff_buf_addf(out, "game=Pente Grammai.lud\nSTART GAME OPTIONS\nPlay Rules/%s\n"
			       "END GAME OPTIONS\n", knock ? "Capture" : "No Capture");
	rc |= add_setup(out);
	for (k = 0; k < rec->nplies && !rc; k++) {
		const struct ff_rec_ply *rp = &rec->plies[k];
		int capture = rp->len && ff_record_str(rec, rp->tok)[rp->len - 1] == '*';

		rc = decode_ply(&g, rec, k, &follow, &p, &tok, &err) ||
		     ply_turn(tok.p, tok.len, p.chance, capture, mover, &t) || put_turn(out, mover, &t);
		mover = 3 - mover;   /* no extra throws in the Locus Ludi presets written here */
	}
	if (!rc)
		rc |= put_end(out, res);
	ff_game_free(&g);
	ff_buf_free(&tok);
	return rc ? -1 : 0;
}

/* --- the formats table entry (formats/format.h) --- */

/* A trial starts with the game's name. */
static int ludii_sniff(const char *head, size_t n)
{
	return n >= 5 && !memcmp(head, "game=", 5) ? FF_SNIFF_SIGNATURE : FF_SNIFF_NO;
}

const struct ff_format ff_format_ludii = {
	.name = "ludii", .ext = "trial", .game = "fivelines",
	.help = "Ludii 1.3 trial of Pente Grammai (Locus Ludi presets), one game a file",
	.sniff = ludii_sniff, .reader_new = ludii_new, .read = ludii_read, .raw = ludii_raw,
	.offset = ludii_offset, .reader_free = ludii_free, .write = ludii_write,
};
