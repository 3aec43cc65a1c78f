/* Fuzz target: the replay page (lib/page.h) and the SVG writers
   (lib/svg.h, the engines' render_svg). The input is read as an FGN game
   (its tags and comments as they come); its bytes are also taken whole,
   as they are (NULs made spaces), as a tag's name and value added to the
   record, as the page's file name and diagnostic, as an SVG title and
   text and as every engine's caption. Checks:
   - "script": the page has exactly one "<script" and one "</script"
     (in any case), the project's own script (ff_page_script), byte for
     byte;
   - "markup": outside the style and the script, every '<' opens one of
     the page's own elements (or the doctype) and every '&' an entity the
     page writes (no text of the input unescaped);
   - "utf8": the page and every picture are UTF-8 without NUL or other
     C0 controls than tab, LF and CR;
   - "xml": every picture (the SVG writers' document, each engine's
     position with the caption, and each position the page's edits
     rebuild) is well-formed XML: one root element, tags nested and
     closed, attributes quoted without '<', '&' only in entities;
   - "steps": the page's edits rebuild, position after position, exactly
     the pictures the engine draws when the game is replayed anew. */
#include "config.h"

#include <ctype.h>
#include <strings.h>

#include "fuzz/fuzz.h"
#include "lib/page.h"
#include "lib/svg.h"

#define MAX_PLIES 60    /* the page of a longer game is left to tests/replay.sh: speed */

/* Is s[0, n) UTF-8 without NUL and C0 controls other than \t \n \r? */
static int clean_text(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
			return 0;
	return ff_fuzz_utf8_bad((const unsigned char *)s, n) == n;
}

static int entity_at(const char *s, size_t n, size_t i, const char *const *ok)
{
	size_t k, l;

	for (k = 0; ok[k]; k++) {
		l = strlen(ok[k]);
		if (i + l <= n && memcmp(s + i, ok[k], l) == 0)
			return 1;
	}
	return 0;
}

static const char *const xml_entities[] = { "&lt;", "&gt;", "&amp;", "&quot;", "&apos;", NULL };

/* An XML name at s[i]: its length (0: none). */
static size_t xml_name(const char *s, size_t n, size_t i)
{
	size_t j = i;

	while (j < n && (isalnum((unsigned char)s[j]) || s[j] == '-' || s[j] == '_' ||
			 s[j] == ':' || s[j] == '.'))
		j++;
	return j > i && !isdigit((unsigned char)s[i]) && s[i] != '-' ? j - i : 0;
}

/* Is s[0, n) one well-formed XML element (whitespace around it)? */
static const char *xml_bad(const char *s, size_t n)
{
	size_t i = 0, l, depth = 0, roots = 0, top = 0;
	size_t stack[64][2];   /* name offset, length */
	char q;

	if (!clean_text(s, n))
		return "not UTF-8 text";
	while (i < n) {
		if (s[i] == '&') {
			if (!entity_at(s, n, i, xml_entities))
				return "a bare '&'";
			i++;
			continue;
		}
		if (s[i] != '<') {
			if (!depth && !isspace((unsigned char)s[i]))
				return "text outside the root";
			i++;
			continue;
		}
		if (i + 1 < n && s[i + 1] == '/') {          /* an end tag */
			l = xml_name(s, n, i + 2);
			if (!l || !depth || stack[depth - 1][1] != l ||
			    memcmp(s + stack[depth - 1][0], s + i + 2, l) || i + 2 + l >= n ||
			    s[i + 2 + l] != '>')
				return "an end tag that closes nothing open";
			depth--;
			i += 3 + l;
			continue;
		}
		if (!(l = xml_name(s, n, i + 1)))
			return "a '<' that opens no element";
		if (!depth && roots++)
			return "two roots";
		top = i + 1;
		i += 1 + l;
		for (;;) {                                    /* attributes */
			size_t a;

			while (i < n && isspace((unsigned char)s[i]))
				i++;
			if (i < n && s[i] == '>') {
				if (depth == 64)
					return "nested too deep";
				stack[depth][0] = top;
				stack[depth][1] = l;
				depth++;
				i++;
				break;
			}
			if (i + 1 < n && s[i] == '/' && s[i + 1] == '>') {
				i += 2;
				break;
			}
			if (!(a = xml_name(s, n, i)))
				return "a bad attribute";
			i += a;
			if (i + 1 >= n || s[i] != '=' || (s[i + 1] != '"' && s[i + 1] != '\''))
				return "an attribute without a quoted value";
			q = s[i + 1];
			for (i += 2; i < n && s[i] != q; i++) {
				if (s[i] == '<')
					return "a '<' in an attribute";
				if (s[i] == '&' && !entity_at(s, n, i, xml_entities))
					return "a bare '&' in an attribute";
			}
			if (i >= n)
				return "an unclosed attribute";
			i++;
		}
	}
	if (depth)
		return "an element left open";
	return roots == 1 ? NULL : "no root";
}

static void check_xml(const char *what, const struct ff_buf *b)
{
	const char *why = xml_bad(b->p ? b->p : "", b->len);

	if (why && ff_fuzz_on("xml"))
		ff_fuzz_fail("xml", "%s: %s", what, why);
}

/* The elements a page is made of, outside its pictures. */
static const char *const page_tags[] = {
	"html", "head", "meta", "title", "style", "body", "h1", "table", "tr", "td", "bdi", "div", "p",
	"button", "span", "ol", "li", "script", NULL
};
static const char *const page_entities[] = {
	"&lt;", "&gt;", "&amp;", "&quot;", "&#13;", "&laquo;", "&lsaquo;", "&rsaquo;", "&raquo;",
	NULL
};

static size_t count_ci(const char *s, size_t n, const char *what)
{
	size_t l = strlen(what), i, c = 0;

	for (i = 0; i + l <= n; i++)   /* what starts with '<' */
		if (s[i] == '<' && strncasecmp(s + i, what, l) == 0)
			c++;
	return c;
}

/* The "script" and "markup" checks of page p[0, n). */
static void check_page(const char *p, size_t n)
{
	const char *script = ff_page_script(), *at, *style, *style_end;
	size_t i, l, k;

	if (!clean_text(p, n) && ff_fuzz_on("utf8"))
		ff_fuzz_fail("utf8", "the page is not UTF-8 text");
	at = strstr(p, script);
	if (ff_fuzz_on("script") && (!at || count_ci(p, n, "<script") != 1 ||
				      count_ci(p, n, "</script") != 1))
		ff_fuzz_fail("script", "the page has %zu '<script' and %zu '</script', %s its own",
			     count_ci(p, n, "<script"), count_ci(p, n, "</script"),
			     at ? "with" : "without");
	style = strstr(p, "<style>");
	style_end = style ? strstr(style, "</style>") : NULL;
	for (i = 0; i < n; i++) {
		if (at && p + i == at) {            /* the script's own bytes */
			i += strlen(script) - 1;
			continue;
		}
		if (style && style_end && p + i > style && p + i < style_end)
			continue;
		if (p[i] == '&' && !entity_at(p, n, i, page_entities) && ff_fuzz_on("markup"))
			ff_fuzz_fail("markup", "a bare '&' at byte %zu", i);
		if (p[i] != '<')
			continue;
		if (i + 15 <= n && memcmp(p + i, "<!DOCTYPE html>", 15) == 0)
			continue;
		l = p[i + 1] == '/' ? 2 : 1;
		for (k = 0; page_tags[k]; k++) {
			size_t t = strlen(page_tags[k]);

			if (i + l + t < n && memcmp(p + i + l, page_tags[k], t) == 0 &&
			    (p[i + l + t] == '>' || p[i + l + t] == ' '))
				break;
		}
		if (!page_tags[k] && ff_fuzz_on("markup"))
			ff_fuzz_fail("markup", "a '<' that opens none of the page's elements at byte %zu: "
				     "%.20s", i, p + i);
	}
}

/* Undo the page's escapes of div#steps' text into out. */
static void unescape(const char *s, size_t n, struct ff_buf *out)
{
	static const char *const from[] = { "&lt;", "&gt;", "&amp;", "&quot;", "&#13;" };
	static const char to[] = "<>&\"\r";
	size_t i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < 5; k++)
			if (strlen(from[k]) <= n - i && memcmp(s + i, from[k], strlen(from[k])) == 0)
				break;
		if (k < 5) {
			ff_buf_addc(out, to[k]);
			i += strlen(from[k]) - 1;
		} else {
			ff_buf_addc(out, s[i]);
		}
	}
}

/* The "steps" check: the page's edits against a replay of rec. */
static void check_steps(const char *p, size_t n, const struct ff_record *rec)
{
	const char *a = strstr(p, "<div id=\"steps\" hidden>\n"), *b;
	struct ff_buf text = FF_BUF_INIT, prev = FF_BUF_INIT, cur = FF_BUF_INIT, want = FF_BUF_INIT;
	struct ff_buf caption = FF_BUF_INIT, t;
	struct ff_game g;
	struct ff_error err;
	struct ff_ply ply;
	size_t at = 0, k, k0 = 0;
	int pos = 0;

	(void)n;
	if (!a || !(b = strstr(a, "</div>")))
		ff_fuzz_fail("steps", "no div#steps");
	a += strlen("<div id=\"steps\" hidden>\n");
	unescape(a, (size_t)(b - a), &text);
	ff_game_init(&g);
	if (ff_game_start(&g, rec, &err) == 0) {
		for (k = 0;; k++) {
			/* the next position the page holds: after the start, after each ply */
			if (k > 0) {
				if (k - 1 >= rec->nplies || ff_game_step(&g, rec, k - 1, &ply, &err))
					break;
				if (ply.flags & FF_PLY_PRELUDE)
					continue;
			}
			ff_buf_reset(&caption);
			ff_buf_reset(&want);
			ff_game_caption(&g, rec, k ? g.turns : 0, k0, k, &caption);
			k0 = k;
			ff_rules_render_svg(g.rules, g.state, caption.p, &want);
			if (ff_page_apply(text.p ? text.p : "", text.len, &at, &prev, &cur))
				ff_fuzz_fail("steps", "position %d: the page's edits do not apply", pos);
			if (cur.len != want.len || memcmp(cur.p, want.p, want.len))
				ff_fuzz_fail("steps", "position %d: the page rebuilds another picture", pos);
			check_xml("a position rebuilt from the page", &cur);
			t = prev;
			prev = cur;
			cur = t;
			pos++;
		}
	}
	if (at != text.len)
		ff_fuzz_fail("steps", "%zu bytes of edits after the last position", text.len - at);
	ff_game_free(&g);
	ff_buf_free(&text);
	ff_buf_free(&prev);
	ff_buf_free(&cur);
	ff_buf_free(&want);
	ff_buf_free(&caption);
}

/* The page of rec (with s as file name and diagnostic), checked. */
static void page_of(const struct ff_record *rec, const char *s)
{
	struct ff_page pg;
	struct ff_game g;
	struct ff_error err;
	struct ff_buf html = FF_BUF_INIT;

	ff_page_init(&pg);
	ff_game_init(&g);
	if (ff_page_walk(&pg, &g, rec, &err) >= 0 && ff_page_write(&pg, rec, s, s, &html) == 0) {
		check_page(html.p, html.len);
		check_steps(html.p, html.len, rec);
	}
	ff_game_free(&g);
	ff_page_free(&pg);
	ff_buf_free(&html);
}

/* The SVG writers with s as title and text, and one engine's picture of
   its start with s as the caption: engine `which` modulo their number
   (one a run, for speed: Pegs and Jokers' picture takes milliseconds;
   the starts made once). */
static void pictures(const char *s, size_t which)
{
	static void *start[16];
	static int made;
	struct ff_buf b = FF_BUF_INIT;
	struct ff_config cfg;
	struct ff_error err;
	const struct ff_rules *r;
	int i;

	ff_svg_begin(&b, 100, 100, s);
	ff_svg_text(&b, 10, 10, 10, "start", "#000000", "%s", s);
	ff_svg_marker(&b, 50, 50, 5, 3, 0, s);
	ff_svg_end(&b);
	check_xml("the SVG writers' document", &b);
	for (i = 0; !made && i < 16 && (r = ff_rules_at(i)) != NULL; i++)
		if (ff_config_parse(&cfg, r->name, NULL, NULL, NULL, NULL, NULL, &err) ||
		    !(start[i] = ff_rules_state_alloc(r)) || ff_rules_init(r, start[i], &cfg, NULL, &err))
			ff_fuzz_fail("memory", "the start of %s", r->name);
	if (!made)
		made = i;
	if ((r = ff_rules_at((int)(which % (size_t)made))) != NULL) {
		ff_buf_reset(&b);
		ff_rules_render_svg(r, start[which % (size_t)made], s, &b);
		check_xml("an engine's picture", &b);
	}
	ff_buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ff_record rec;
	char *s = malloc(size + 1);
	size_t i;
	int got;

	if (!s || ff_record_init(&rec)) {
		free(s);
		return 0;
	}
	for (i = 0; i < size; i++)
		s[i] = data[i] ? (char)data[i] : ' ';
	s[size] = '\0';
	got = ff_fgn_read_text((const char *)data, size, &rec, NULL) == 1;
	if (got && rec.nplies <= MAX_PLIES)
		page_of(&rec, s);                 /* the game as read */
	if (!got)
		ff_record_reset(&rec);
	if (rec.nplies <= MAX_PLIES &&
	    ff_record_add_tag(&rec, "Annotator", s, size, 1, 1) == 0 &&
	    ff_record_add_tag(&rec, s, "x", 1, 1, 1) == 0)
		page_of(&rec, s);                 /* with the bytes as they are */
	pictures(s, size);
	ff_record_free(&rec);
	free(s);
	return 0;
}
