/* Small SVG writers (lib/svg.h). */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/svg.h"

#define PI 3.14159265358979323846

/* Okabe and Ito's colours for colour-blind readers (yellow last: it is
   the hardest to read on white). */
static const char *const colours[] = {
	"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000", "#F0E442",
};

const char *ff_svg_colour(int k)
{
	return colours[(unsigned)k % (sizeof colours / sizeof colours[0])];
}

/* The length of the UTF-8 character at s (RFC 3629: no overlong form,
   no surrogate, nothing past U+10FFFF), 0 when s holds none. */
static int utf8_len(const unsigned char *s)
{
	int n = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2, k;
	unsigned cp = s[0] & (0x7F >> n), min = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;

	if (s[0] < 0xC2 || s[0] > 0xF4)
		return 0;
	for (k = 1; k < n; k++) {
		if ((s[k] & 0xC0) != 0x80)   /* the terminator stops it too */
			return 0;
		cp = cp << 6 | (s[k] & 0x3F);
	}
	return cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) ? 0 : n;
}

/* The bidirectional control (U+200E, U+200F, U+202A-U+202E,
   U+2066-U+2069) whose UTF-8 starts at s, or 0. */
static unsigned bidi_at(const unsigned char *s)
{
	unsigned cp;

	if (s[0] != 0xE2 || (s[1] != 0x80 && s[1] != 0x81) || (s[2] & 0xC0) != 0x80)
		return 0;
	cp = 0x2000u | (unsigned)(s[1] & 0x3F) << 6 | (unsigned)(s[2] & 0x3F);
	return cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
	       (cp >= 0x2066 && cp <= 0x2069) ? cp : 0;
}

void ff_svg_escape(struct ff_buf *out, const char *s)
{
	unsigned cp;
	int n;

	for (; *s; s++)
		if ((cp = bidi_at((const unsigned char *)s)) != 0) {
			ff_buf_addf(out, "&lt;U+%04X&gt;", cp);   /* shown, not obeyed */
			s += 2;
		} else if ((unsigned char)*s >= 0x80) {   /* UTF-8 kept, any other byte shown as U+FFFD */
			if ((n = utf8_len((const unsigned char *)s)) == 0) {
				ff_buf_adds(out, "\xEF\xBF\xBD");
			} else {
				ff_buf_add(out, s, (size_t)n);
				s += n - 1;
			}
		} else switch (*s) {
		case '<': ff_buf_adds(out, "&lt;"); break;
		case '>': ff_buf_adds(out, "&gt;"); break;
		case '&': ff_buf_adds(out, "&amp;"); break;
		case '"': ff_buf_adds(out, "&quot;"); break;
		default:
			if ((unsigned char)*s >= 0x20 || *s == '\t' || *s == '\n')
				ff_buf_addc(out, *s);
		}
}

void ff_svg_begin(struct ff_buf *out, double w, double h, const char *title)
{
	ff_buf_addf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.1f %.1f\" "
		    "width=\"%.1f\" height=\"%.1f\" font-family=\"DejaVu Sans, Verdana, sans-serif\" "
		    "role=\"img\">\n", w, h, w, h);
	if (title) {
		ff_buf_adds(out, "<title>");
		ff_svg_escape(out, title);
		ff_buf_adds(out, "</title>\n");
	}
	ff_buf_addf(out, "<rect x=\"0\" y=\"0\" width=\"%.1f\" height=\"%.1f\" fill=\"#ffffff\"/>\n",
		    w, h);
}

void ff_svg_end(struct ff_buf *out)
{
	ff_buf_adds(out, "</svg>\n");
}

/* Append before, then v as printf's "%.1f" writes it, the same bytes:
   tenths counted in integers where the rounding is plain, printf where v
   is near a half tenth (its exact value decides) or large. The pictures
   of a replay page print tens of thousands of numbers; printf's float
   formatting was most of the page's time. */
static void num(struct ff_buf *out, const char *before, double v)
{
	double t = v * 10, f = fabs(t) - floor(fabs(t));
	char b[40];
	long long a;
	int n;

	if (!(fabs(t) < 1e12) || fabs(f - 0.5) < 1e-6) {
		snprintf(b, sizeof b, "%s%.1f", before, v);
		ff_buf_adds(out, b);
		return;
	}
	a = llround(fabs(t));
	n = snprintf(b, sizeof b, "%s%s", before, signbit(v) ? "-" : "");
	ff_buf_add(out, b, (size_t)n);
	b[sizeof b - 1] = (char)('0' + a % 10);
	b[sizeof b - 2] = '.';
	a /= 10;
	n = 2;
	do {
		b[sizeof b - 1 - n++] = (char)('0' + a % 10);
		a /= 10;
	} while (a);
	ff_buf_add(out, b + sizeof b - n, (size_t)n);
}

/* A shape's end: its fill, stroke and stroke width, and "/>". */
static void paint(struct ff_buf *out, const char *fill, const char *stroke, double sw)
{
	ff_buf_addf(out, "\" fill=\"%s\" stroke=\"%s\"", fill, stroke);
	num(out, " stroke-width=\"", sw);
	ff_buf_adds(out, "\"/>\n");
}

void ff_svg_text(struct ff_buf *out, double x, double y, double size, const char *anchor,
		 const char *fill, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	num(out, "<text x=\"", x);
	num(out, "\" y=\"", y);
	num(out, "\" font-size=\"", size);
	ff_buf_addf(out, "\" text-anchor=\"%s\" fill=\"%s\">", anchor, fill);
	ff_svg_escape(out, text);
	ff_buf_adds(out, "</text>\n");
}

void ff_svg_rect(struct ff_buf *out, double x, double y, double w, double h, const char *fill,
		 const char *stroke, double sw)
{
	num(out, "<rect x=\"", x);
	num(out, "\" y=\"", y);
	num(out, "\" width=\"", w);
	num(out, "\" height=\"", h);
	paint(out, fill, stroke, sw);
}

void ff_svg_circle(struct ff_buf *out, double cx, double cy, double r, const char *fill,
		   const char *stroke, double sw)
{
	num(out, "<circle cx=\"", cx);
	num(out, "\" cy=\"", cy);
	num(out, "\" r=\"", r);
	paint(out, fill, stroke, sw);
}

void ff_svg_line(struct ff_buf *out, double x1, double y1, double x2, double y2,
		 const char *stroke, double sw)
{
	num(out, "<line x1=\"", x1);
	num(out, "\" y1=\"", y1);
	num(out, "\" x2=\"", x2);
	num(out, "\" y2=\"", y2);
	ff_buf_addf(out, "\" stroke=\"%s\"", stroke);
	num(out, " stroke-width=\"", sw);
	ff_buf_adds(out, "\"/>\n");
}

void ff_svg_polar(double cx, double cy, double r, double turn, double *x, double *y)
{
	*x = cx + r * sin(2 * PI * turn);
	*y = cy - r * cos(2 * PI * turn);
}

/* A regular polygon of n corners around (cx, cy), the first at t0 (a
   fraction of a turn, clockwise from up), radius r. */
static void polygon(struct ff_buf *out, double cx, double cy, double r, int n, double t0,
		    const char *fill, const char *stroke, double sw)
{
	double x, y;
	int i;

	ff_buf_adds(out, "<polygon points=\"");
	for (i = 0; i < n; i++) {
		ff_svg_polar(cx, cy, r, t0 + (double)i / n, &x, &y);
		num(out, i ? " " : "", x);
		num(out, ",", y);
	}
	paint(out, fill, stroke, sw);
}

void ff_svg_marker(struct ff_buf *out, double cx, double cy, double r, int k, int hollow,
		   const char *label)
{
	const char *c = ff_svg_colour(k);
	const char *fill = hollow ? "none" : c, *stroke = hollow ? c : "#000000";
	double sw = hollow ? r / 3 : 1;

	switch ((unsigned)k % 6) {
	case 0: ff_svg_circle(out, cx, cy, r, fill, stroke, sw); break;
	case 1: ff_svg_rect(out, cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, fill, stroke, sw);
		break;
	case 2: polygon(out, cx, cy + r * 0.15, r * 1.15, 3, 0, fill, stroke, sw); break;
	case 3: polygon(out, cx, cy, r * 1.15, 4, 0, fill, stroke, sw); break;
	case 4: polygon(out, cx, cy, r, 6, 1.0 / 12, fill, stroke, sw); break;
	default: polygon(out, cx, cy - r * 0.15, r * 1.15, 3, 0.5, fill, stroke, sw); break;
	}
	if (label)
		ff_svg_text(out, cx, cy + r * 0.35, r, "middle", hollow ? c : "#ffffff", "%s",
			    label);
}
