/* The manual page fivefold(1), in roff, from the command, option, game
   and format tables: one page with a section per command. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/doc.h"
#include "formats/format.h"
#include "lib/ruleset.h"

/* Write one line of s (up to its newline) as roff text: backslashes
   escaped, a leading control character guarded, and with dash set, every
   '-' a minus (for option names). */
static const char *line(FILE *fp, const char *s, int dash)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", fp);
	for (; *s && *s != '\n'; s++) {
		if (*s == '\\')
			fputs("\\e", fp);
		else if (*s == '-' && dash)
			fputs("\\-", fp);
		else
			fputc(*s, fp);
	}
	return s;
}

/* Write s as roff text; a line that starts with a space (an example) is
   kept as it is, unfilled. */
static void text(FILE *fp, const char *s, int dash)
{
	while (*s) {
		int literal = *s == ' ';

		if (literal)
			fputs("\n.nf\n", fp);
		s = line(fp, s, dash);
		if (literal)
			fputs("\n.fi", fp);
		if (*s == '\n') {
			fputc('\n', fp);
			s++;
		}
	}
}

/* ".TP" and the option's left side: "\fB\-o\fR, \fB\-\-output\fR \fIFILE\fR". */
static void option(FILE *fp, const struct ff_opt *o)
{
	const struct ff_optword *w = ff_optword(o->id);
	const char *arg = ff_opt_arg(o);

	fputs(".TP\n", fp);
	if (w->letter)
		fprintf(fp, "\\fB\\-%c\\fR, ", w->letter);
	fputs("\\fB", fp);
	text(fp, "--", 1);
	text(fp, w->name, 1);
	fputs("\\fR", fp);
	if (arg) {
		fputs(" \\fI", fp);
		text(fp, arg, 0);
		fputs("\\fR", fp);
	}
	fputc('\n', fp);
	text(fp, ff_opt_help(o), 0);
	if (o->dflt) {
		fputs(" (default ", fp);
		text(fp, o->dflt, 0);
		fputc(')', fp);
	}
	fputs(o->required ? " (required)\n" : "\n", fp);
}

static void command(FILE *fp, const struct ff_cmd *c)
{
	const struct ff_opt *o;
	char line[256];
	FILE *mem = fmemopen(line, sizeof line, "w");
	int i;

	if (mem) {
		ff_cmd_usage_line(c, mem);
		fclose(mem);
	} else {
		snprintf(line, sizeof line, "fivefold %s", c->name);
	}
	fputs(".SS \"", fp);
	text(fp, line, 1);
	fputs("\"\n", fp);
	text(fp, c->about, 0);
	fputs("\n", fp);
	for (i = 0; (o = ff_cmd_opt(c, i)); i++)
		option(fp, o);
}

static void tables(FILE *fp)
{
	const struct ff_rules *r;
	const struct ff_format *f;
	int i;

	fputs(".SH GAMES\n`fivefold rules` lists each game's presets, options and agents.\n", fp);
	for (i = 0; (r = ff_rules_at(i)); i++) {
		fprintf(fp, ".TP\n.B %s\n", r->name);
		text(fp, r->title, 0);
		fputc('\n', fp);
	}
	fputs(".SH FORMATS\n", fp);
	for (i = 0; (f = ff_format_at(i)); i++) {
		fprintf(fp, ".TP\n.BR %s \" (.%s)\"\n", f->name, f->ext);
		text(fp, f->help, 0);
		fputc('\n', fp);
	}
}

int ff_doc_man(FILE *fp)
{
	const struct ff_cmd *c;
	int i;

	fprintf(fp, ".\\\" fivefold(1), made by `fivefold help --man` from the CLI's tables\n"
		".TH FIVEFOLD 1 \"\" \"fivefold %s\" \"User Commands\"\n.SH NAME\n"
		"fivefold \\- record, validate, convert, simulate and analyse game records\n"
		".SH SYNOPSIS\n.B fivefold\n.I command\n.RI [ options ]\n.RI [ files... ]\n.br\n"
		".B fivefold help\n.RI [ command ]\n.SH DESCRIPTION\n", PACKAGE_VERSION);
	text(fp, ff_doc_intro, 0);
	fputs("\n.PP\nOptions mean the same in every command: \\fB\\-o\\fR is the output "
	      "file, \\fB\\-f\\fR the output format, \\fB\\-\\-from\\fR the input format, "
	      "\\fB\\-g\\fR the game, \\fB\\-r\\fR the rules preset, \\fB\\-j\\fR the "
	      "threads, \\fB\\-q\\fR quiet.\n.SH COMMANDS\n", fp);
	for (i = 0; (c = ff_cmd_at(i)); i++)
		command(fp, c);
	tables(fp);
	fputs(".SH \"EXIT STATUS\"\n", fp);
	text(fp, ff_doc_exit, 0);
	fputs("\n.SH \"SEE ALSO\"\n"
	      "The source's README.md and docs/: fgn.md (the notation), formats.md,\n"
	      "diagnostics.md (every diagnostic code), store.md (the store and its SQL),\n"
	      "rules.md (every rules decision), sources.md (the sources of every\n"
	      "reconstruction and how each disputed point is decided).\n", fp);
	return fflush(fp) || ferror(fp) ? -1 : 0;
}
