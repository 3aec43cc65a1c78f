/* The value graph of an analysed game (lib/analysis/graph.h). */
#include "config.h"

#include "lib/analysis/graph.h"
#include "lib/svg.h"

#define W 720.0      /* the picture's width */
#define H 262.0      /* and height */
#define X0 50.0      /* the plot's left edge */
#define X1 700.0     /* its right edge */
#define Y0 48.0      /* its top (value 1) */
#define Y1 222.0     /* its bottom (value 0) */

double ff_graph_value(const struct ff_analysis *a, const int *side, int sides, size_t i)
{
	const struct ff_analysed_ply *q;
	double v;
	int mover;

	if (a->n == 0)
		return a->start;
	q = &a->v[i ? i - 1 : 0];
	v = i ? q->e.played : q->e.before;   /* the start: before ply 1's throw */
	mover = side[q->seat - 1];
	if (mover == side[0])
		return v;
	return sides == 2 ? 1 - v : -1;
}

/* The point of ply i at value v. */
static double px(const struct ff_analysis *a, size_t i)
{
	return X0 + (a->n ? (double)i / (double)a->n : 0) * (X1 - X0);
}

static double py(double v)
{
	return Y1 - v * (Y1 - Y0);
}

/* The frame: the axes, the 0, 0.5 and 1 lines and their labels, the ply
   numbers at the ends. */
static void frame(const struct ff_analysis *a, struct ff_buf *out)
{
	static const double ticks[] = { 0, 0.5, 1 };
	size_t k;

	ff_svg_rect(out, X0, Y0, X1 - X0, Y1 - Y0, "#f4f4f4", "#888888", 1);
	for (k = 0; k < sizeof ticks / sizeof ticks[0]; k++) {
		ff_svg_line(out, X0, py(ticks[k]), X1, py(ticks[k]), "#bbbbbb", k == 1 ? 1.5 : 0.5);
		ff_svg_text(out, X0 - 6, py(ticks[k]) + 4, 11, "end", "#000000", "%g", ticks[k]);
	}
	ff_svg_text(out, X0, Y1 + 16, 11, "middle", "#000000", "0");
	ff_svg_text(out, X1, Y1 + 16, 11, "middle", "#000000", "%zu", a->n);
	ff_svg_text(out, (X0 + X1) / 2, Y1 + 16, 11, "middle", "#000000", "ply");
}

int ff_graph_svg(const struct ff_analysis *a, const int *side, int sides, const char *title,
		 struct ff_buf *out)
{
	double z = ff_analysis_z(a), v, prev = -1;
	size_t i;
	int rc = 0;

	ff_svg_begin(out, W, H, title);
	ff_svg_text(out, 10, 18, 13, "start", "#000000", "%s", title ? title : "");
	ff_svg_text(out, 10, 33, 11, "start", "#444444",
		    "value for seat 1's side after every ply (%s); marked: errors over %g%s",
		    a->search ? "estimated by search" : "exact", a->threshold,
		    a->search ? " and 2 standard errors" : "");
	frame(a, out);
	for (i = 0; i < (size_t)a->seats; i++) {   /* the legend: whose error each marker is */
		ff_svg_marker(out, X0 + 6 + 90 * (double)i, H - 12, 5, (int)i, 0, NULL);
		ff_svg_text(out, X0 + 16 + 90 * (double)i, H - 8, 11, "start", "#000000",
			    "seat %zu", i + 1);
	}
	for (i = 0; i <= a->n; i++) {   /* the line, where both ends are known */
		v = ff_graph_value(a, side, sides, i);
		if (i > 0 && v >= 0 && prev >= 0)
			ff_svg_line(out, px(a, i - 1), py(prev), px(a, i), py(v), "#222222", 1.5);
		prev = v;
	}
	for (i = 0; i <= a->n; i++) {   /* a dot a ply, and the errors' markers */
		v = ff_graph_value(a, side, sides, i);
		if (v < 0)
			continue;
		rc |= ff_buf_addf(out, "<g data-ply=\"%zu\">", i);
		if (i > 0 && ff_ply_eval_flagged(&a->v[i - 1].e, a->threshold, z))
			ff_svg_marker(out, px(a, i), py(v), 6, a->v[i - 1].seat - 1, 0, NULL);
		else
			ff_svg_circle(out, px(a, i), py(v), 2.5, "#222222", "none", 0);
		rc |= ff_buf_adds(out, "</g>\n");
	}
	ff_svg_end(out);
	return rc ? -1 : 0;
}
