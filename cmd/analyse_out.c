/* What fivefold analyse writes: text, JSON Lines, CSV, annotated FGN. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/analyse_out.h"
#include "cmd/cmd.h"

#define CSV_HEAD "file,game,row,ply,seat,throw,played,value,best,best_value,before,error," \
		 "luck,errors,legal,decisions,value_se,best_se,error_se,method\n"

/* The result token of rec, "*" when it has none. */
static const char *result_of(const struct ff_record *rec)
{
	return ff_record_result(rec)[0] ? ff_record_result(rec) : "*";
}

/* The method and budget of a ("exact", "search iterations=600 ...") into
   out, reset first; 0 or -1. */
static int method_text(const struct ff_analysis *a, struct ff_buf *out)
{
	ff_buf_reset(out);
	if (!a->search)
		return ff_buf_adds(out, "exact");
	return ff_search_describe(a->search, out);
}

/* Is q's error flagged? */
static int flagged(const struct ff_analysis *a, const struct ff_analysed_ply *q)
{
	return ff_ply_eval_flagged(&q->e, a->threshold, ff_analysis_z(a));
}

static int text_ply(const struct ff_analysis *a, const struct ff_analysed_ply *q,
		    struct ff_buf *out)
{
	if (a->search)
		return ff_buf_addf(out, "%4d %4d %5d %5d %-12s %6.4f %-12s %6.4f %7.4f %6.4f "
				   "%+7.4f%s\n", q->ply, q->seat, q->chance, q->e.nlegal,
				   ff_analysis_str(a, q->played), q->e.played,
				   ff_analysis_str(a, q->best), q->e.best, ff_ply_eval_error(&q->e),
				   q->e.error_se, ff_ply_eval_luck(&q->e), flagged(a, q) ? " *" : "");
	return ff_buf_addf(out, "%4d %4d %5d %5d %-12s %6.4f %-12s %6.4f %7.4f %+7.4f\n", q->ply,
			   q->seat, q->chance, q->e.nlegal, ff_analysis_str(a, q->played),
			   q->e.played, ff_analysis_str(a, q->best), q->e.best,
			   ff_ply_eval_error(&q->e), ff_ply_eval_luck(&q->e));
}

/* The mean error a decision of seat s (0 without decisions). */
static double mean_error(const struct ff_seat_eval *s)
{
	return s->decisions ? s->error / s->decisions : 0;
}

static int text_seat(const struct ff_analysis *a, int s, struct ff_buf *out)
{
	const struct ff_seat_eval *e = &a->seat[s];

	return ff_buf_addf(out, "seat %d: %d plies, %d decisions (%d forced, left out of the "
			   "mean), error %.4f (%d over %g%s), mean %.4f a decision, luck %+.4f\n",
			   s + 1, e->plies, e->decisions, e->plies - e->decisions, e->error,
			   e->errors, a->threshold, a->search ? " and 2 standard errors" : "",
			   mean_error(e), e->luck);
}

static int text_game(const struct ff_analysis *a, int quiet, const char *file,
		     const struct ff_record *rec, const char *id, struct ff_buf *out)
{
	struct ff_buf m = FF_BUF_INIT;
	size_t i;
	int rc, s;

	rc = method_text(a, &m);
	if (a->search)
		rc |= ff_buf_addf(out, "%s: game %ld (%s, %zu plies, %s): the side to move first "
				  "wins about %.4f (method: %s)\n", file, rec->number, id, a->n,
				  result_of(rec), a->start, m.p);
	else
		rc |= ff_buf_addf(out, "%s: game %ld (%s, %zu plies, %s): the side to move first "
				  "wins %.4f under perfect play (method: exact)\n", file,
				  rec->number, id, a->n, result_of(rec), a->start);
	if (!quiet && a->n && a->search)
		rc |= ff_buf_adds(out, " ply seat throw legal played       value  best         "
				  "value    error     se    luck\n");
	else if (!quiet && a->n)
		rc |= ff_buf_adds(out, " ply seat throw legal played       value  best         "
				  "value    error    luck\n");
	for (i = 0; !quiet && i < a->n; i++)
		rc |= text_ply(a, &a->v[i], out);
	for (s = 0; s < a->seats; s++)
		rc |= text_seat(a, s, out);
	ff_buf_free(&m);
	return rc;
}

/* A search's figures of q: standard errors, whether flagged, the plies
   valued. */
static int json_search(const struct ff_analysis *a, const struct ff_analysed_ply *q,
		       struct ff_buf *out)
{
	const char *c = ff_analysis_str(a, q->cands);
	int rc, i;

	rc = ff_buf_addf(out, ",\"error_se\":%.10f,\"flagged\":%s,\"samples\":%ld,"
			 "\"candidates\":[", q->e.error_se, flagged(a, q) ? "true" : "false",
			 q->samples);
	for (i = 0; i < q->ncand; i++) {
		const char *sp = strrchr(c, ' '), *vp;
		size_t len;

		/* "PLY VALUE SE": the ply is all before the last two blanks */
		for (vp = sp - 1; vp > c && *vp != ' '; vp--)
			;
		len = (size_t)(vp - c);
		rc |= ff_buf_adds(out, i ? ",{\"ply\":" : "{\"ply\":");
		{
			char t[256];

			snprintf(t, sizeof t, "%.*s", (int)(len < 255 ? len : 255), c);
			rc |= ff_json_str(out, t);
		}
		rc |= ff_buf_addf(out, ",\"value\":%.*s,\"se\":%s}", (int)(sp - vp - 1), vp + 1,
				  sp + 1);
		c += strlen(c) + 1;
	}
	return rc | ff_buf_addc(out, ']');
}

static int json_ply(const struct ff_analysis *a, const struct ff_analysed_ply *q,
		    struct ff_buf *out)
{
	int rc = ff_buf_addf(out, "{\"ply\":%d,\"seat\":%d,\"throw\":%d,\"played\":", q->ply,
			     q->seat, q->chance);

	rc |= ff_json_str(out, ff_analysis_str(a, q->played));
	rc |= ff_buf_addf(out, ",\"value\":%.10f,\"best\":", q->e.played);
	rc |= ff_json_str(out, ff_analysis_str(a, q->best));
	rc |= ff_buf_addf(out, ",\"best_value\":%.10f,\"before\":%.10f,\"error\":%.10f,"
			  "\"luck\":%.10f,\"legal\":%d", q->e.best, q->e.before,
			  ff_ply_eval_error(&q->e), ff_ply_eval_luck(&q->e), q->e.nlegal);
	if (a->search)
		rc |= json_search(a, q, out);
	return rc | ff_buf_addc(out, '}');
}

/* ,"method":...,"budget":... of a. */
static int json_method(const struct ff_analysis *a, struct ff_buf *out)
{
	const struct ff_search_opts *o = a->search;

	if (!o)
		return ff_buf_adds(out, ",\"method\":\"exact\",\"budget\":null");
	return ff_buf_addf(out, ",\"method\":\"search\",\"budget\":{\"iterations\":%ld,"
			   "\"time_ms\":%ld,\"width\":%d,\"seed\":%llu,\"z\":%g,"
			   "\"hindsight\":%s}", o->time_ms > 0 ? 0 : o->iterations, o->time_ms,
			   o->width, (unsigned long long)o->seed, o->z,
			   o->hindsight ? "true" : "false");
}

static int json_game(const struct ff_analysis *a, int quiet, const char *file,
		     const struct ff_record *rec, const char *id, struct ff_buf *out)
{
	size_t i;
	int rc, s;

	rc = ff_buf_adds(out, "{\"file\":") | ff_json_str(out, file);
	rc |= ff_buf_addf(out, ",\"game\":%ld,\"ruleset\":", rec->number) | ff_json_str(out, id);
	rc |= ff_buf_adds(out, ",\"result\":") | ff_json_str(out, result_of(rec));
	rc |= json_method(a, out);
	rc |= ff_buf_addf(out, ",\"start\":%.10f,\"threshold\":%g,\"seats\":[", a->start,
			  a->threshold);
	for (s = 0; s < a->seats; s++)
		rc |= ff_buf_addf(out, "%s{\"seat\":%d,\"plies\":%d,\"decisions\":%d,"
				  "\"error\":%.10f,\"mean_error\":%.10f,\"errors\":%d,"
				  "\"luck\":%.10f}", s ? "," : "", s + 1, a->seat[s].plies,
				  a->seat[s].decisions, a->seat[s].error, mean_error(&a->seat[s]),
				  a->seat[s].errors, a->seat[s].luck);
	rc |= ff_buf_adds(out, "]");
	if (!quiet) {
		rc |= ff_buf_adds(out, ",\"plies\":[");
		for (i = 0; i < a->n; i++)
			rc |= (i ? ff_buf_addc(out, ',') : 0) | json_ply(a, &a->v[i], out);
		rc |= ff_buf_adds(out, "]");
	}
	return rc | ff_buf_adds(out, "}\n");
}

int ff_analysis_stored(const struct ff_analysis *a, struct ff_buf *budget, struct ff_buf *plies,
		       struct ff_store_seat_analysis *seat, struct ff_store_analysis *sa)
{
	size_t i;
	int rc, s;

	ff_buf_reset(budget);
	ff_buf_reset(plies);
	rc = method_text(a, budget) | ff_buf_addc(plies, '[');
	for (i = 0; i < a->n; i++)
		rc |= (i ? ff_buf_addc(plies, ',') : 0) | json_ply(a, &a->v[i], plies);
	rc |= ff_buf_addc(plies, ']');
	if (rc)
		return -1;
	sa->method = a->search ? "search" : "exact";
	/* the budget: the method's text less "search " */
	sa->budget = a->search ? budget->p + strlen("search ") : "";
	sa->threshold = a->threshold;
	sa->start = a->start;
	sa->plies = plies->p;
	sa->seats = a->seats;
	sa->seat = seat;
	for (s = 0; s < a->seats; s++) {
		seat[s].seat = s + 1;
		seat[s].plies = a->seat[s].plies;
		seat[s].decisions = a->seat[s].decisions;
		seat[s].errors = a->seat[s].errors;
		seat[s].error = a->seat[s].error;
		seat[s].luck = a->seat[s].luck;
	}
	return 0;
}

/* The standard error of the ply valued whose text is at offset ply (q's
   played or best ply) among q's candidates. */
static double cand_se(const struct ff_analysis *a, const struct ff_analysed_ply *q, size_t ply)
{
	const char *want = ff_analysis_str(a, ply), *c = ff_analysis_str(a, q->cands), *sp;
	size_t len = strlen(want);
	int i;

	for (i = 0; i < q->ncand; i++, c += strlen(c) + 1)
		if (strncmp(c, want, len) == 0 && c[len] == ' ' && (sp = strrchr(c, ' ')) &&
		    sp == strchr(c + len + 1, ' '))
			return strtod(sp + 1, NULL);
	return 0;
}

/* A CSV text cell: always quoted, quotes doubled. */
static int csv_text(struct ff_buf *out, const char *s)
{
	int rc = ff_buf_addc(out, '"');

	for (; *s; s++)
		rc |= *s == '"' ? ff_buf_adds(out, "\"\"") : ff_buf_addc(out, *s);
	return rc | ff_buf_adds(out, "\",");
}

static int csv_game(const struct ff_analysis *a, int quiet, const char *file,
		    const struct ff_record *rec, struct ff_buf *out)
{
	struct ff_buf m = FF_BUF_INIT;
	size_t i;
	int rc = method_text(a, &m), s;

	for (i = 0; !quiet && i < a->n; i++) {
		const struct ff_analysed_ply *q = &a->v[i];

		rc |= csv_text(out, file);
		rc |= ff_buf_addf(out, "%ld,ply,%d,%d,%d,", rec->number, q->ply, q->seat, q->chance);
		rc |= csv_text(out, ff_analysis_str(a, q->played));
		rc |= ff_buf_addf(out, "%.10f,", q->e.played);
		rc |= csv_text(out, ff_analysis_str(a, q->best));
		rc |= ff_buf_addf(out, "%.10f,%.10f,%.10f,%.10f,%d,%d,,", q->e.best, q->e.before,
				  ff_ply_eval_error(&q->e), ff_ply_eval_luck(&q->e), flagged(a, q),
				  q->e.nlegal);
		if (a->search)
			rc |= ff_buf_addf(out, "%.10f,%.10f,%.10f,", cand_se(a, q, q->played),
					  cand_se(a, q, q->best), q->e.error_se);
		else
			rc |= ff_buf_adds(out, "0,0,0,");
		rc |= csv_text(out, m.p);
		out->p[out->len - 1] = '\n';
	}
	for (s = 0; s < a->seats; s++) {
		rc |= csv_text(out, file);
		rc |= ff_buf_addf(out, "%ld,seat,,%d,,,,,,,%.10f,%.10f,%d,,%d,,,,", rec->number,
				  s + 1, a->seat[s].error, a->seat[s].luck, a->seat[s].errors,
				  a->seat[s].decisions);
		rc |= csv_text(out, m.p);
		out->p[out->len - 1] = '\n';
	}
	ff_buf_free(&m);
	return rc;
}

int ff_analysis_write(const struct ff_analysis *a, int fmt, int quiet, const char *file,
		      const struct ff_record *rec, const char *id, struct ff_buf *out)
{
	if (fmt == FF_AN_JSON)
		return json_game(a, quiet, file, rec, id, out);
	if (fmt == FF_AN_CSV)
		return csv_game(a, quiet, file, rec, out);
	return text_game(a, quiet, file, rec, id, out);
}

void ff_analysis_csv_header(FILE *fp)
{
	fputs(CSV_HEAD, fp);
}

/* The NAG of an error: 6 (?!), 2 (?), 4 (??), or 0 for none. */
static int nag_of(const struct ff_analysis *a, const struct ff_analysed_ply *q)
{
	double error = ff_ply_eval_error(&q->e);

	if (!flagged(a, q))
		return 0;
	if (error > 4 * a->threshold)
		return 4;
	if (error > 2 * a->threshold)
		return 2;
	return error > a->threshold ? 6 : 0;
}

/* The notes of analysed ply q: its NAG and comment. */
static int ply_notes(const struct ff_analysis *a, const struct ff_analysed_ply *q,
		     struct ff_record *rec, struct ff_buf *tmp)
{
	double error = ff_ply_eval_error(&q->e);
	int nag = nag_of(a, q), rc = 0;
	char n[4];

	if (nag) {
		n[0] = (char)('0' + nag);
		rc |= ff_record_add_note(rec, FF_NOTE_NAG, n, 1);
	}
	ff_buf_reset(tmp);
	rc |= ff_buf_addf(tmp, "legal %d; luck %+.4f", q->e.nlegal, ff_ply_eval_luck(&q->e));
	if (error > 0 && a->search)
		rc |= ff_buf_addf(tmp, "; error %.4f (se %.4f), best %s %.4f", error,
				  q->e.error_se, ff_analysis_str(a, q->best), q->e.best);
	else if (error > 0)
		rc |= ff_buf_addf(tmp, "; error %.4f, best %s %.4f", error,
				  ff_analysis_str(a, q->best), q->e.best);
	return rc | ff_record_add_note(rec, FF_NOTE_BRACE, tmp->p, tmp->len);
}

/* The comment of the sums per seat. */
static int seat_notes(const struct ff_analysis *a, struct ff_record *rec, struct ff_buf *tmp)
{
	int rc = 0, s;

	struct ff_buf m = FF_BUF_INIT;

	rc |= method_text(a, &m);
	ff_buf_reset(tmp);
	rc |= ff_buf_addf(tmp, "analyse (method: %s): the side to move first wins %s%.4f%s", m.p,
			  a->search ? "about " : "", a->start,
			  a->search ? "" : " under perfect play");
	for (s = 0; s < a->seats; s++)
		rc |= ff_buf_addf(tmp, "; seat %d error %.4f in %d decisions (%d over %g), "
				  "luck %+.4f", s + 1, a->seat[s].error, a->seat[s].decisions,
				  a->seat[s].errors, a->threshold, a->seat[s].luck);
	ff_buf_free(&m);
	return rc | ff_record_add_note(rec, FF_NOTE_BRACE, tmp->p, tmp->len);
}

/* rec with a's notes into out. */
static int annotated(const struct ff_analysis *a, const struct ff_record *rec,
		     struct ff_record *out, struct ff_buf *tmp)
{
	size_t k, j = 0, i = 0, t;
	int rc = 0;

	out->number = rec->number;
	for (t = 0; t < rec->ntags; t++)
		rc |= ff_record_add_tag(out, ff_record_str(rec, rec->tags[t].name),
					ff_record_str(rec, rec->tags[t].value),
					strlen(ff_record_str(rec, rec->tags[t].value)), 0, 0);
	rc |= ff_record_copy_notes(rec, &j, 0, out);
	for (k = 0; k < rec->nplies; k++) {
		const struct ff_rec_ply *p = &rec->plies[k];

		rc |= ff_record_add_ply(out, ff_record_str(rec, p->tok), p->len, p->suffix, 0, 0);
		rc |= ff_record_copy_notes(rec, &j, k + 1, out);
		if (i < a->n && a->v[i].token == k)
			rc |= ply_notes(a, &a->v[i++], out, tmp);
	}
	rc |= seat_notes(a, out, tmp);
	return rc | ff_record_set_result(out, ff_record_result(rec), 0, 0);
}

int ff_analysis_annotate(const struct ff_analysis *a, const struct ff_record *rec,
			 const struct ff_format *fgn, struct ff_buf *out)
{
	struct ff_record ann;
	struct ff_buf tmp = FF_BUF_INIT;
	int rc;

	if (ff_record_init(&ann))
		return -1;
	rc = annotated(a, rec, &ann, &tmp) || fgn->write(&ann, out) ? -1 : 0;
	ff_record_free(&ann);
	ff_buf_free(&tmp);
	return rc;
}
