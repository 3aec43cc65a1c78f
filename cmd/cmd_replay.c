/* fivefold replay: one game as a self-contained HTML page: its tags, the
   board after every ply (the engine's SVG pictures, inline), the ply list
   with the current ply marked, buttons and arrow keys to step through it,
   and the diagnostic where the record breaks the rules. No network, no
   external script: the page is one file. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/input.h"
#include "lib/replay.h"
#include "lib/svg.h"

struct rpset {
	struct ff_input_opts in;
	long index;
	const char *output;
};

#define S struct rpset
static const struct ff_opt opts[] = {
	FF_OPT(INDEX, S, index, .lo = 1, .hi = 1000000000L, .dflt = "1"),
	FF_OPT(OUTPUT, S, output),
	FF_INPUT_OPTS(S, in),
	FF_OPT_DONE
};
#undef S

/* The page's style and script. The script steps through the positions
   (div.pos, one per ply from 0) and marks the ply (li of ol#plies). */
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
	"var pos=document.querySelectorAll('.pos'),li=document.querySelectorAll('#plies li');\n"
	"var n=pos.length-1,k=0;\n"
	"function show(j){j=Math.max(0,Math.min(n,j));pos[k].classList.remove('cur');\n"
	" if(k>0&&li[k-1])li[k-1].classList.remove('cur');k=j;pos[k].classList.add('cur');\n"
	" if(k>0&&li[k-1]){li[k-1].classList.add('cur');li[k-1].scrollIntoView({block:'nearest'});}\n"
	" document.getElementById('at').textContent=k?'after ply '+k+' of '+n:'start ('+n+' plies)';\n"
	" document.body.setAttribute('data-ply',k);}\n"
	"document.getElementById('first').onclick=function(){show(0);};\n"
	"document.getElementById('prev').onclick=function(){show(k-1);};\n"
	"document.getElementById('next').onclick=function(){show(k+1);};\n"
	"document.getElementById('last').onclick=function(){show(n);};\n"
	"li.forEach(function(e,i){e.onclick=function(){show(i+1);};});\n"
	"document.addEventListener('keydown',function(e){\n"
	" var m={ArrowRight:k+1,ArrowLeft:k-1,Home:0,End:n}[e.key];\n"
	" if(m!==undefined){show(m);e.preventDefault();}});\n"
	"show(0);\n"
	"})();\n"
	"</script>\n";

/* The page so far, and the ply list beside it. */
struct page {
	struct ff_buf html, plies, caption, tmp;
	int npos;
};

/* Add the position g is in (after ply `ply`, tokens [k0, k) of rec). */
static void add_position(struct page *pg, struct ff_game *g, const struct ff_record *rec,
			 int ply, size_t k0, size_t k)
{
	size_t i;

	ff_buf_reset(&pg->caption);
	ff_game_caption(g, rec, ply, k0, k, &pg->caption);
	ff_buf_addf(&pg->html, "<div class=\"pos\" id=\"pos%d\">\n", ply);
	g->rules->render_svg(g->state, pg->caption.p, &pg->html);
	ff_buf_adds(&pg->html, "</div>\n");
	if (ply > 0) {
		ff_buf_adds(&pg->plies, "<li>");
		for (i = k0; i < k; i++) {
			if (i > k0)
				ff_buf_addc(&pg->plies, ' ');
			ff_svg_escape(&pg->plies, ff_record_str(rec, rec->plies[i].tok));
		}
		ff_buf_adds(&pg->plies, "</li>\n");
	}
	pg->npos++;
}

/* Replay rec, adding every position; the diagnostic of the ply that
   breaks the rules goes into diag (and that ply into the list, marked). */
static void walk(struct page *pg, struct ff_game *g, const struct ff_record *rec,
		 const char *file, struct ff_buf *diag)
{
	struct ff_error err;
	struct ff_ply p;
	size_t k, k0 = 0;

	if (ff_game_start(g, rec, &err)) {
		ff_diag_format(diag, file, &err);
		return;
	}
	add_position(pg, g, rec, 0, 0, 0);
	for (k = 0; k < rec->nplies; k++) {
		if (ff_game_step(g, rec, k, &p, &err)) {
			ff_diag_format(diag, file, &err);
			ff_buf_adds(&pg->plies, "<li class=\"bad\" title=\"breaks the rules\">");
			ff_svg_escape(&pg->plies, ff_record_str(rec, rec->plies[k].tok));
			ff_buf_adds(&pg->plies, "</li>\n");
			return;
		}
		if (p.flags & FF_PLY_PRELUDE)
			continue;
		add_position(pg, g, rec, g->turns, k0, k + 1);
		k0 = k + 1;
	}
}

/* The tags as a table, each value in a <bdi> (its direction its own)
   with bidirectional controls shown, not obeyed (ff_svg_escape). */
static void tags(struct ff_buf *out, const struct ff_record *rec)
{
	size_t i;

	ff_buf_adds(out, "<table id=\"tags\">\n");
	for (i = 0; i < rec->ntags; i++) {
		ff_buf_adds(out, "<tr><td>");
		ff_svg_escape(out, ff_record_str(rec, rec->tags[i].name));
		ff_buf_adds(out, "</td><td><bdi>");   /* the value isolated from the page's text */
		ff_svg_escape(out, ff_record_str(rec, rec->tags[i].value));
		ff_buf_adds(out, "</bdi></td></tr>\n");
	}
	ff_buf_adds(out, "</table>\n");
}

/* Write the page of rec to fp. */
static void write_page(FILE *fp, struct page *pg, const struct ff_record *rec, const char *file,
		       const struct ff_buf *diag)
{
	struct ff_buf *t = &pg->tmp;

	ff_buf_reset(t);
	ff_buf_adds(t, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		    "<title>");
	ff_svg_escape(t, file);
	ff_buf_addf(t, ", game %ld</title>\n", rec->number);
	ff_buf_adds(t, head);
	ff_buf_adds(t, "</head>\n<body>\n<h1>");
	ff_svg_escape(t, file);
	ff_buf_addf(t, ", game %ld</h1>\n", rec->number);
	tags(t, rec);
	if (diag->len) {
		ff_buf_adds(t, "<div id=\"diag\">");
		ff_svg_escape(t, diag->p);
		ff_buf_adds(t, "</div>\n");
	}
	ff_buf_adds(t, "<p><button id=\"first\">&laquo; start</button> "
		    "<button id=\"prev\">&lsaquo; back</button> "
		    "<button id=\"next\">forward &rsaquo;</button> "
		    "<button id=\"last\">end &raquo;</button> <span id=\"at\"></span> "
		    "(keys: left and right arrows, Home, End)</p>\n<div id=\"main\">\n<div>\n");
	fwrite(t->p, 1, t->len, fp);
	fwrite(pg->html.p ? pg->html.p : "", 1, pg->html.len, fp);
	fputs("</div>\n<ol id=\"plies\">\n", fp);
	fwrite(pg->plies.p ? pg->plies.p : "", 1, pg->plies.len, fp);
	fputs("</ol>\n</div>\n", fp);
	if (pg->npos == 0)
		fputs("<div class=\"pos cur\"><p>no position: the record cannot be started</p></div>\n",
		      fp);
	fputs(script, fp);
	fputs("</body>\n</html>\n", fp);
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct rpset *o = set;
	struct ff_input in;
	struct ff_record rec;
	struct ff_game g;
	struct page pg = { FF_BUF_INIT, FF_BUF_INIT, FF_BUF_INIT, FF_BUF_INIT, 0 };
	struct ff_buf diag = FF_BUF_INIT;
	const char *file = "";
	struct ff_out out = { .fp = NULL };
	int status;

	if (ff_record_init(&rec))
		return FF_EXIT_FAIL;
	ff_game_init(&g);
	ff_input_hint(cmd->name, argc, &o->in);
	ff_input_init(&in, argv, argc, &o->in);
	status = ff_input_nth(&in, o->index, &rec, &file, "replay");
	if (status == 0) {
		walk(&pg, &g, &rec, file, &diag);
		if (ff_out_open(&out, cmd, o->output))
			status = FF_EXIT_FAIL;
	}
	if (out.fp) {
		write_page(out.fp, &pg, &rec, file, &diag);
		/* a broken record's page shows its diagnostic: put in place too */
		if (ff_out_commit(&out))
			status = FF_EXIT_FAIL;
	}
	if (status == 0 && diag.len) {   /* the page shows it; the exit status says it */
		fputs(diag.p, stderr);
		status = FF_EXIT_FAIL;
	}
	ff_input_close(&in);
	ff_game_free(&g);
	ff_record_free(&rec);
	ff_buf_free(&pg.html);
	ff_buf_free(&pg.plies);
	ff_buf_free(&pg.caption);
	ff_buf_free(&pg.tmp);
	ff_buf_free(&diag);
	return status;
}

const struct ff_cmd ff_cmd_replay = {
	.name = "replay",
	.summary = "write one game as an HTML page to step through in a browser",
	.operands = "[FILE]",
	.operand = FF_C_FILE,
	.about = "Replays one game of the input (--index N) and writes a self-contained\n"
		 "HTML page (-o game.html): its tags, the board after every ply, the ply\n"
		 "list with the current ply marked, buttons and the arrow keys to step\n"
		 "through it. A record that breaks the rules gets its diagnostic on the\n"
		 "page and on standard error (exit 1), and its positions up to that ply.",
	.opts = opts,
	.settings = sizeof(struct rpset),
	.run = run,
};
