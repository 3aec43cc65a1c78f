/* Small SVG writers shared by the engines' pictures (render_svg in
   lib/ruleset.h) and the plots: a document, shapes, real text (escaped),
   and the markers that tell seats and sides apart by shape as well as by
   colour (the Okabe-Ito palette, safe for colour-blind readers), each
   with its number written in it. Every writer appends to a buffer and
   formats its numbers with one decimal, so a picture is the same bytes
   on every machine. */
#ifndef FF_SVG_H
#define FF_SVG_H

#include "lib/buf.h"

/* The colour of seat or side k (0-based), as "#rrggbb". */
const char *ff_svg_colour(int k);

/* Open a document of w x h units; title (may be NULL) becomes its <title>. */
void ff_svg_begin(struct ff_buf *out, double w, double h, const char *title);
/* Close it. */
void ff_svg_end(struct ff_buf *out);

/* Text at (x, y): size in units, anchor "start", "middle" or "end", fill a
   colour; the text (printf format) is escaped for XML. */
void ff_svg_text(struct ff_buf *out, double x, double y, double size, const char *anchor,
		 const char *fill, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* Shapes; fill or stroke "none" for none, sw the stroke's width. */
void ff_svg_rect(struct ff_buf *out, double x, double y, double w, double h, const char *fill,
		 const char *stroke, double sw);
void ff_svg_circle(struct ff_buf *out, double cx, double cy, double r, const char *fill,
		   const char *stroke, double sw);
void ff_svg_line(struct ff_buf *out, double x1, double y1, double x2, double y2,
		 const char *stroke, double sw);

/* The marker of seat or side k centred at (cx, cy) with radius r: shape
   k % 6 (circle, square, triangle, diamond, hexagon, triangle down) in
   colour k. hollow: an outline only (thick). label (may be NULL) is
   written in it. */
void ff_svg_marker(struct ff_buf *out, double cx, double cy, double r, int k, int hollow,
		   const char *label);

/* The point at distance r from (cx, cy) in direction `turn` (a fraction
   of a full turn, clockwise from straight up), into *x and *y. */
void ff_svg_polar(double cx, double cy, double r, double turn, double *x, double *y);

/* Append s escaped for XML text and attributes: < > & " as entities, the
   C0 controls other than tab and newline left out, every byte that is not
   part of a UTF-8 character as U+FFFD, so that any bytes give well-formed
   XML, and a bidirectional control (U+200E, U+200F, U+202A-U+202E,
   U+2066-U+2069), which would reorder the text around it, as the text
   "<U+202E>". */
void ff_svg_escape(struct ff_buf *out, const char *s);

#endif
