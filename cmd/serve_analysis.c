/* fivefold serve's game page, its analysis: the analysis the store keeps
   of the game (analyse --db; the one kept last, as export --analysis
   gives it) read back (lib/analysis/stored.h) and shown above the board
   the way `replay --analyse` shows one made there: the value graph, whose
   points step the board to their ply, and under it a line per seat with
   analyse's sums (decisions, error, mean error a decision, errors
   flagged, luck) and the method and budget that made them. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/serve.h"
#include "lib/analysis/graph.h"
#include "lib/analysis/stored.h"
#include "lib/replay.h"
#include "lib/rules.h"
#include "lib/svg.h"

/* The table of the seats' sums of a, made by budget's method. */
static int seats_table(struct ff_buf *out, const struct ff_analysis *a, const char *budget,
		       const struct ff_record *rec)
{
	char tag[16];
	int s, rc;

	rc = ff_buf_adds(out, "<table id=\"analysis\" cellpadding=\"3\">\n<caption>analysis: ");
	rc |= ff_buf_adds(out, a->search ? "search " : "exact");
	if (a->search)
		ff_svg_escape(out, budget);
	rc |= ff_buf_addf(out, "; errors over %g%s are counted</caption>\n", a->threshold,
			  a->search ? " and 2 standard errors" : "");
	rc |= ff_buf_adds(out, "<tr><th>seat</th><th>player</th><th class=\"n\">plies</th>"
			  "<th class=\"n\">decisions</th><th class=\"n\">error</th>"
			  "<th class=\"n\">mean a decision</th><th class=\"n\">errors</th>"
			  "<th class=\"n\">luck</th></tr>\n");
	for (s = 0; s < a->seats; s++) {
		const struct ff_seat_eval *e = &a->seat[s];
		const char *name;

		snprintf(tag, sizeof tag, "Seat%d", s + 1);
		name = ff_record_tag(rec, tag);
		rc |= ff_buf_addf(out, "<tr><td>%d</td><td>", s + 1);
		ff_svg_escape(out, name ? name : "");
		rc |= ff_buf_addf(out, "</td><td class=\"n\">%d</td><td class=\"n\">%d</td>"
				  "<td class=\"n\">%.4f</td><td class=\"n\">", e->plies,
				  e->decisions, e->error);
		rc |= e->decisions ? ff_buf_addf(out, "%.4f", e->error / e->decisions)
				   : ff_buf_adds(out, "-");
		rc |= ff_buf_addf(out, "</td><td class=\"n\">%d</td><td class=\"n\">%+.4f</td></tr>\n",
				  e->errors, e->luck);
	}
	return rc | ff_buf_adds(out, "</table>\n");
}

int ff_serve_analysis(struct ff_buf *out, const char *json, const struct ff_game *g,
		      const struct ff_record *rec, const char *title)
{
	struct ff_analysis a;
	struct ff_buf budget = FF_BUF_INIT;
	struct ff_error err;
	int side[FF_MAX_SEATS], s, rc;

	ff_analysis_init(&a, 0);
	ff_error_clear(&err);
	rc = ff_analysis_read_json(&a, json, strlen(json), &budget, &err);
	if (rc == 0 && a.seats != g->cfg.seats)
		rc = ff_error_set(&err, FF_ESYNTAX, "stored analysis: %d seats, the game %d",
				  a.seats, g->cfg.seats);
	if (rc == 0) {
		for (s = 0; s < a.seats; s++)
			side[s] = ff_rules_side_of(g->rules, g->state, s);
		rc = ff_graph_svg(&a, side, ff_rules_sides(g->rules, g->state), title, out) ||
		     seats_table(out, &a, budget.p ? budget.p : "", rec) ? -1 : 0;
	} else if (err.code != FF_ENOMEM) {   /* shown, not a failure of the page */
		rc = ff_buf_adds(out, "<p id=\"analysis-error\">the stored analysis cannot be read: ");
		ff_svg_escape(out, err.msg);
		rc |= ff_buf_adds(out, "</p>\n");
	}
	ff_analysis_free(&a);
	ff_buf_free(&budget);
	return rc ? -1 : 0;
}
