/* The replay page of one game (lib/page.h).

   The positions are written into a hidden element (div#steps) as text, one
   record per position, each a list of edits to the lines of the picture
   before it (the first: to no lines), one edit a line:
     =N   keep the next N lines
     -N   drop the next N lines
     +N   insert the N lines that follow (the lines themselves)
     .    the end of the record
   A picture's lines are its text split at '\n' (the last, after the final
   '\n', is empty), so that joining them with '\n' gives it back byte for
   byte. The edits come from a shortest line diff (Myers), the lines both
   pictures start and end with left out first; where the two differ by
   more than DIFF_MAX lines the record drops the old and inserts the new. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/page.h"
#include "lib/svg.h"

#define DIFF_MAX 200       /* the largest diff searched (edits) */
#define DIFF_WORK ((2 * DIFF_MAX + 1) * (DIFF_MAX + 1))

/* The page's style and script. The script reads the edits, rebuilds the
   picture of the ply shown (from the nearest position kept every CK plies
   before it, or from the one shown when stepping forward by one) and marks
   the ply (li of ol#plies). */
static const char head[] =
	"<style>\n"
	"body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:1em;color:#000}\n"
	"#main{display:flex;gap:2em;align-items:flex-start}\n"
	"#plies{max-height:80vh;overflow:auto;margin:0;padding-left:3.5em;min-width:12em}\n"
	"#plies li{cursor:pointer;padding:0 .3em}\n"
	"#plies li.cur{background:#0072B2;color:#fff}\n"
	"#plies li.bad{background:#D55E00;color:#fff}\n"
	".pos{display:none}.pos.cur{display:block}\n"
	"#diag{border:2px solid #D55E00;padding:.5em;white-space:pre-wrap}\n"
	"table{border-collapse:collapse}td{padding:0 .6em 0 0}\n"
	"</style>\n";

static const char script[] =
	"<script>\n"
	"(function(){\n"
	"var box=document.getElementById('pos'),li=document.querySelectorAll('#plies li');\n"
	"var d=document.getElementById('steps').textContent.split('\\n'),at=[],i=1,CK=64;\n"
	"while(i<d.length&&d[i]!==''){at.push(i);\n"
	" while(d[i]!=='.'){if(d[i].charAt(0)==='+')i+=+d[i].slice(1);i++;}i++;}\n"
	"var n=at.length-1,k=0,cur=null,ck=[];\n"
	"function apply(old,p){var out=[],o=0,i=at[p],t,c,j;\n"
	" for(;(t=d[i])!=='.';i++){c=+t.slice(1);\n"
	"  if(t.charAt(0)==='=')for(j=0;j<c;j++)out.push(old[o++]);\n"
	"  else if(t.charAt(0)==='-')o+=c;\n"
	"  else for(j=0;j<c;j++)out.push(d[++i]);}\n"
	" return out;}\n"
	"function lines(j){var m=Math.floor(j/CK),p,L;\n"
	" if(cur&&j===k+1)return apply(cur,j);\n"
	" if(!ck.length)ck.push(apply([],0));\n"
	" while(ck.length<=m){L=ck[ck.length-1];for(p=(ck.length-1)*CK+1;p<=ck.length*CK;p++)L=apply(L,p);ck.push(L);}\n"
	" for(L=ck[m],p=m*CK+1;p<=j;p++)L=apply(L,p);\n"
	" return L;}\n"
	"function show(j){j=Math.max(0,Math.min(n,j));\n"
	" if(n<0)return;\n"
	" if(j!==k||!cur){cur=lines(j);box.innerHTML=cur.join('\\n');}\n"
	" if(k>0&&li[k-1])li[k-1].classList.remove('cur');k=j;box.classList.add('cur');\n"
	" if(k>0&&li[k-1]){li[k-1].classList.add('cur');li[k-1].scrollIntoView({block:'nearest'});}\n"
	" document.getElementById('at').textContent=k?'after ply '+k+' of '+n:'start ('+n+' plies)';\n"
	" document.body.setAttribute('data-ply',k);}\n"
	"document.getElementById('first').onclick=function(){show(0);};\n"
	"document.getElementById('prev').onclick=function(){show(k-1);};\n"
	"document.getElementById('next').onclick=function(){show(k+1);};\n"
	"document.getElementById('last').onclick=function(){show(n);};\n"
	"document.getElementById('plies').onclick=function(e){\n"
	" var i=Array.prototype.indexOf.call(li,e.target);if(i>=0)show(i+1);};\n"
	"var gr=document.getElementById('graph');\n"
	"if(gr)gr.onclick=function(e){var t=e.target.closest('[data-ply]');\n"
	" if(t)show(+t.getAttribute('data-ply'));};\n"
	"document.addEventListener('keydown',function(e){\n"
	" var m={ArrowRight:k+1,ArrowLeft:k-1,Home:0,End:n}[e.key];\n"
	" if(m!==undefined){show(m);e.preventDefault();}});\n"
	"show(0);\n"
	"})();\n"
	"</script>\n";

const char *ff_page_script(void)
{
	return script;
}

void ff_page_init(struct ff_page *pg)
{
	memset(pg, 0, sizeof *pg);
}

void ff_page_free(struct ff_page *pg)
{
	ff_buf_free(&pg->steps);
	ff_buf_free(&pg->plies);
	ff_buf_free(&pg->prev);
	ff_buf_free(&pg->cur);
	ff_buf_free(&pg->caption);
	ff_buf_free(&pg->graph);
	free(pg->work);
	memset(pg, 0, sizeof *pg);
}

/* --- lines and their diff --- */

/* A picture's lines: line i is p[off[i] .. off[i + 1] - 1) (the '\n'
   left out); n lines. Lines are compared by length, then bytes (memcmp):
   a hash of every line cost more than the comparisons it saved, most
   lines of two pictures in a row being equal (compared once, whole). */
struct lines {
	const char *p;
	size_t n;
	size_t *off;
};

static int lines_split(struct lines *l, const struct ff_buf *b)
{
	const char *p = b->p ? b->p : "", *end = p + b->len, *nl;
	size_t n = 1, k = 0;

	for (nl = p; (nl = memchr(nl, '\n', (size_t)(end - nl))) != NULL; nl++)
		n++;
	l->p = p;
	l->n = n;
	l->off = malloc((n + 1) * sizeof *l->off);
	if (!l->off)
		return -1;
	l->off[0] = 0;
	for (nl = p; (nl = memchr(nl, '\n', (size_t)(end - nl))) != NULL; nl++)
		l->off[++k] = (size_t)(nl - p) + 1;
	l->off[++k] = b->len + 1;
	return 0;
}

static void lines_free(struct lines *l)
{
	free(l->off);
}

static size_t line_len(const struct lines *l, size_t i)
{
	return l->off[i + 1] - l->off[i] - 1;
}

static int same(const struct lines *a, size_t i, const struct lines *b, size_t j)
{
	size_t n = line_len(a, i);

	return n == line_len(b, j) && memcmp(a->p + a->off[i], b->p + b->off[j], n) == 0;
}

/* Append line i of l, escaped for HTML text, and a newline. */
static int put_line(struct ff_buf *out, const struct lines *l, size_t i)
{
	const char *s = l->p + l->off[i], *e = s + line_len(l, i);
	int rc = 0;

	for (; s < e && !rc; s++)
		switch (*s) {
		case '<': rc = ff_buf_adds(out, "&lt;"); break;
		case '>': rc = ff_buf_adds(out, "&gt;"); break;
		case '&': rc = ff_buf_adds(out, "&amp;"); break;
		case '\r': rc = ff_buf_adds(out, "&#13;"); break;  /* the parser would drop it */
		default: rc = ff_buf_addc(out, *s);
		}
	return rc | ff_buf_addc(out, '\n');
}

/* The edits so far: op ('=', '-', '+') and count, a run of '+' being lines
   [from, from + n) of the new picture. */
struct edits {
	struct ff_buf *out;
	const struct lines *b;
	char op;
	size_t n, from;
	int rc;
};

static void flush(struct edits *e)
{
	size_t i;

	if (!e->n)
		return;
	e->rc |= ff_buf_addf(e->out, "%c%zu\n", e->op, e->n);
	if (e->op == '+')
		for (i = 0; i < e->n; i++)
			e->rc |= put_line(e->out, e->b, e->from + i);
	e->n = 0;
}

/* Add n edits op (for '+': new lines from `from`). */
static void edit(struct edits *e, char op, size_t n, size_t from)
{
	if (!n)
		return;
	if (e->op != op || (op == '+' && e->from + e->n != from))
		flush(e);
	if (!e->n)
		e->from = from;
	e->op = op;
	e->n += n;
}

/* Myers's greedy shortest edit script of a[a0..a1) to b[b0..b1), found
   (v: room for DIFF_WORK longs, read only where written)
   when it takes at most DIFF_MAX edits: the edits are added to e in order
   and 0 returned; else -1 (nothing added). */
static int myers(struct edits *e, long *v, const struct lines *a, size_t a0, size_t a1,
		 const struct lines *b, size_t b0, size_t b1)
{
	long n = (long)(a1 - a0), m = (long)(b1 - b0), max = DIFF_MAX, w = 2 * DIFF_MAX + 1;
	long *vd, d, k, x, y, pk;
	long (*path)[3] = NULL;
	long np = 0;
	int rc = -1;

	for (d = 0; d <= max; d++) {
		vd = v + d * w;
		for (k = -d; k <= d; k += 2) {
			if (d == 0)
				x = 0;
			else if (k == -d || (k != d && v[(d - 1) * w + max + k - 1] <
						      v[(d - 1) * w + max + k + 1]))
				x = v[(d - 1) * w + max + k + 1];          /* down: an insert */
			else
				x = v[(d - 1) * w + max + k - 1] + 1;      /* right: a delete */
			y = x - k;
			while (x < n && y < m && same(a, a0 + (size_t)x, b, b0 + (size_t)y))
				x++, y++;
			vd[max + k] = x;
			if (x >= n && y >= m)
				goto found;
		}
	}
	return -1;
found:
	/* back from (n, m): each step a snake and the edit before it */
	path = malloc((size_t)(d + 1) * sizeof *path);
	if (!path) {
		e->rc = -1;
		goto done;
	}
	x = n;
	y = m;
	for (; d > 0; d--) {
		k = x - y;
		if (k == -d || (k != d && v[(d - 1) * w + max + k - 1] < v[(d - 1) * w + max + k + 1]))
			pk = k + 1;
		else
			pk = k - 1;
		{
			long px = v[(d - 1) * w + max + pk], py = px - pk;
			long sx = pk == k + 1 ? px : px + 1;   /* where the snake starts */

			path[np][0] = x - sx;                  /* the snake's length */
			path[np][1] = pk == k + 1 ? '+' : '-';
			path[np][2] = pk == k + 1 ? py : px;   /* the line inserted or dropped */
			np++;
			x = px;
			y = py;
		}
	}
	/* the first snake, then the edits forward */
	edit(e, '=', (size_t)x, 0);
	while (np--) {
		if (path[np][1] == '+')
			edit(e, '+', 1, b0 + (size_t)path[np][2]);
		else
			edit(e, '-', 1, 0);
		edit(e, '=', (size_t)path[np][0], 0);
	}
	rc = 0;
done:
	free(path);
	return rc;
}

/* Append the record of edits from picture a to picture b. */
static int diff(struct ff_buf *out, long **v, const struct ff_buf *a, const struct ff_buf *b)
{
	struct lines la = { 0 }, lb = { 0 };
	struct edits e = { out, &lb, 0, 0, 0, 0 };
	size_t pre = 0, suf = 0;

	if ((!*v && !(*v = malloc(DIFF_WORK * sizeof **v))) ||
	    lines_split(&la, a) || lines_split(&lb, b)) {
		lines_free(&la);
		lines_free(&lb);
		return -1;
	}
	if (!a->len)          /* no picture before: no lines at all */
		la.n = 0;
	while (pre < la.n && pre < lb.n && same(&la, pre, &lb, pre))
		pre++;
	while (suf < la.n - pre && suf < lb.n - pre &&
	       same(&la, la.n - 1 - suf, &lb, lb.n - 1 - suf))
		suf++;
	edit(&e, '=', pre, 0);
	if (myers(&e, *v, &la, pre, la.n - suf, &lb, pre, lb.n - suf)) {
		edit(&e, '-', la.n - suf - pre, 0);
		edit(&e, '+', lb.n - suf - pre, pre);
	}
	edit(&e, '=', suf, 0);
	flush(&e);
	e.rc |= ff_buf_adds(out, ".\n");
	lines_free(&la);
	lines_free(&lb);
	return e.rc ? -1 : 0;
}

int ff_page_apply(const char *s, size_t len, size_t *at, const struct ff_buf *prev,
		  struct ff_buf *out)
{
	struct lines l = { 0 };
	size_t i = *at, o = 0, c, j, e;
	char op;
	int rc = -1, first = 1;

	if (lines_split(&l, prev))
		goto done;
	if (!prev->len)
		l.n = 0;
	ff_buf_reset(out);
	for (;;) {
		for (e = i; e < len && s[e] != '\n'; e++)
			;
		if (e == len)
			goto done;
		op = s[i];
		if (e == i + 1 && op == '.')
			break;
		if ((op != '=' && op != '-' && op != '+') || e == i + 1)
			goto done;
		for (c = 0, j = i + 1; j < e; j++) {
			if (s[j] < '0' || s[j] > '9' || c > SIZE_MAX / 10 - 1)
				goto done;
			c = c * 10 + (size_t)(s[j] - '0');
		}
		i = e + 1;
		for (j = 0; j < c; j++) {
			if (op == '-') {
				if (o >= l.n)
					goto done;
				o++;
				continue;
			}
			if (!first && ff_buf_addc(out, '\n'))
				goto done;
			first = 0;
			if (op == '=') {
				if (o >= l.n || ff_buf_add(out, l.p + l.off[o], line_len(&l, o)))
					goto done;
				o++;
			} else {
				for (e = i; e < len && s[e] != '\n'; e++)
					;
				if (e == len || ff_buf_add(out, s + i, e - i))
					goto done;
				i = e + 1;
			}
		}
	}
	*at = e + 1;
	rc = 0;
done:
	lines_free(&l);
	return rc;
}

/* --- the page --- */

/* Add the position g is in (after ply `ply`, tokens [k0, k) of rec). */
static int add_position(struct ff_page *pg, struct ff_game *g, const struct ff_record *rec,
			int ply, size_t k0, size_t k)
{
	struct ff_buf t;
	size_t i;
	int rc;

	ff_buf_reset(&pg->caption);
	ff_buf_reset(&pg->cur);
	rc = ff_game_caption(g, rec, ply, k0, k, &pg->caption);
	ff_rules_render_svg(g->rules, g->state, pg->caption.p, &pg->cur);
	rc |= diff(&pg->steps, &pg->work, &pg->prev, &pg->cur);
	t = pg->prev;          /* the new picture is the old one of the next */
	pg->prev = pg->cur;
	pg->cur = t;
	if (ply > 0) {
		rc |= ff_buf_adds(&pg->plies, "<li>");
		for (i = k0; i < k; i++) {
			if (i > k0)
				rc |= ff_buf_addc(&pg->plies, ' ');
			ff_svg_escape(&pg->plies, ff_record_str(rec, rec->plies[i].tok));
		}
		rc |= ff_buf_adds(&pg->plies, "</li>\n");
	}
	pg->npos++;
	return rc ? -1 : 0;
}

int ff_page_walk(struct ff_page *pg, struct ff_game *g, const struct ff_record *rec,
		 struct ff_error *err)
{
	struct ff_ply p;
	size_t k, k0 = 0;

	if (ff_game_start(g, rec, err))
		return 1;
	if (add_position(pg, g, rec, 0, 0, 0))
		return -1;
	for (k = 0; k < rec->nplies; k++) {
		if (ff_game_step(g, rec, k, &p, err)) {
			ff_buf_adds(&pg->plies, "<li class=\"bad\" title=\"breaks the rules\">");
			ff_svg_escape(&pg->plies, ff_record_str(rec, rec->plies[k].tok));
			return ff_buf_adds(&pg->plies, "</li>\n") ? -1 : 1;
		}
		if (p.flags & FF_PLY_PRELUDE)
			continue;
		if (add_position(pg, g, rec, g->turns, k0, k + 1))
			return -1;
		k0 = k + 1;
	}
	return 0;
}

/* The tags as a table, each value in a <bdi> (its direction its own)
   with bidirectional controls shown, not obeyed (ff_svg_escape). */
static int tags(struct ff_buf *out, const struct ff_record *rec)
{
	size_t i;
	int rc = ff_buf_adds(out, "<table id=\"tags\">\n");

	for (i = 0; i < rec->ntags; i++) {
		rc |= ff_buf_adds(out, "<tr><td>");
		ff_svg_escape(out, ff_record_str(rec, rec->tags[i].name));
		rc |= ff_buf_adds(out, "</td><td><bdi>");   /* the value isolated from the page's text */
		ff_svg_escape(out, ff_record_str(rec, rec->tags[i].value));
		rc |= ff_buf_adds(out, "</bdi></td></tr>\n");
	}
	return rc | ff_buf_adds(out, "</table>\n");
}

int ff_page_write(const struct ff_page *pg, const struct ff_record *rec, const char *file,
		  const char *diag, struct ff_buf *t)
{
	int rc = ff_buf_adds(t, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
			     "<meta charset=\"utf-8\">\n<title>");

	ff_svg_escape(t, file);
	rc |= ff_buf_addf(t, ", game %ld</title>\n", rec->number);
	rc |= ff_buf_adds(t, head);
	rc |= ff_buf_adds(t, "</head>\n<body>\n<h1>");
	ff_svg_escape(t, file);
	rc |= ff_buf_addf(t, ", game %ld</h1>\n", rec->number);
	rc |= tags(t, rec);
	if (diag && *diag) {
		rc |= ff_buf_adds(t, "<div id=\"diag\">");
		ff_svg_escape(t, diag);
		rc |= ff_buf_adds(t, "</div>\n");
	}
	rc |= ff_buf_adds(t, "<p><button id=\"first\">&laquo; start</button> "
			  "<button id=\"prev\">&lsaquo; back</button> "
			  "<button id=\"next\">forward &rsaquo;</button> "
			  "<button id=\"last\">end &raquo;</button> <span id=\"at\"></span> "
			  "(keys: left and right arrows, Home, End)</p>\n");
	if (pg->graph.len) {   /* the value graph, its points links to the plies */
		rc |= ff_buf_adds(t, "<div id=\"graph\">\n");
		rc |= ff_buf_add(t, pg->graph.p, pg->graph.len);
		rc |= ff_buf_adds(t, "</div>\n");
	}
	rc |= ff_buf_adds(t, "<div id=\"main\">\n<div>\n");
	if (pg->npos)
		rc |= ff_buf_adds(t, "<div class=\"pos\" id=\"pos\"></div>\n");
	rc |= ff_buf_adds(t, "</div>\n<ol id=\"plies\">\n");
	rc |= ff_buf_add(t, pg->plies.p ? pg->plies.p : "", pg->plies.len);
	rc |= ff_buf_adds(t, "</ol>\n</div>\n");
	if (pg->npos == 0)
		rc |= ff_buf_adds(t, "<div class=\"pos cur\" id=\"pos\"><p>no position: the record "
				  "cannot be started</p></div>\n");
	rc |= ff_buf_adds(t, "<div id=\"steps\" hidden>\n");
	rc |= ff_buf_add(t, pg->steps.p ? pg->steps.p : "", pg->steps.len);
	rc |= ff_buf_adds(t, "</div>\n");
	rc |= ff_buf_adds(t, script);
	rc |= ff_buf_adds(t, "</body>\n</html>\n");
	return rc ? -1 : 0;
}
