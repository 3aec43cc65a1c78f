/* fivefold help: the overview (games, formats, commands, exit codes), a
   command's help, the manual page and the shell completions, all made
   from the command, option, engine and format tables. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/doc.h"
#include "formats/format.h"
#include "lib/ruleset.h"

const char ff_doc_intro[] =
	"fivefold records, validates, converts, simulates and shows game records,\n"
	"and keeps them in a store (a SQLite file, or PostgreSQL) for statistics.\n"
	"Input comes from FILES, or standard input where there are none; its\n"
	"format comes from --from, else the file's extension, else its first\n"
	"bytes.";

const char ff_doc_exit[] =
	"0 fine; 1 some game invalid (import: one quarantined), a file that could\n"
	"not be read, or a runtime failure; 2 usage (an unknown option, name or\n"
	"format, a bad filter value, a missing store)";

void ff_cmd_overview(FILE *fp)
{
	const struct ff_rules *r;
	const struct ff_format *f;
	const struct ff_cmd *c;
	const char *p;
	int i;

	fprintf(fp, "usage: fivefold <command> [options] [FILES...]\n"
		"       fivefold help [command]\n"
		"       fivefold --version\n\n%s\n\ngames:\n", ff_doc_intro);
	for (i = 0; (r = ff_rules_at(i)); i++)
		fprintf(fp, "  %-10s %s\n", r->name, r->title);
	fputs("\nformats:\n", fp);
	for (i = 0; (f = ff_format_at(i)); i++)
		fprintf(fp, "  %-10s .%-10s %s\n", f->name, f->ext, f->help);
	fputs("\ncommands:\n", fp);
	for (i = 0; (c = ff_cmd_at(i)); i++)
		fprintf(fp, "  %-10s %s\n", c->name, c->summary);
	fputs("\nexit codes:\n  ", fp);
	for (p = ff_doc_exit; *p; p++) {
		fputc(*p, fp);
		if (*p == '\n')
			fputs("  ", fp);
	}
	fputc('\n', fp);
}

struct help_set {
	int man;
	const char *completion;
};

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct help_set *h = set;
	const struct ff_cmd *c;

	if (h->man + (h->completion != NULL) + (argc > 0) > 1)
		return ff_cmd_usage_error(cmd, "give one of COMMAND, --man and --completion");
	if (argc > 1)
		return ff_cmd_usage_error(cmd, "unexpected operand '%s'", argv[1]);
	if (h->man)
		return ff_doc_man(stdout) ? FF_EXIT_FAIL : FF_EXIT_OK;
	if (h->completion)
		return ff_doc_completion(stdout, h->completion) ? FF_EXIT_FAIL : FF_EXIT_OK;
	if (argc == 0) {
		ff_cmd_overview(stdout);
		return FF_EXIT_OK;
	}
	if (!(c = ff_cmd_find(argv[0])))
		return ff_cmd_unknown(argv[0]);
	ff_cmd_help(c, stdout);
	return FF_EXIT_OK;
}

#define S struct help_set
static const struct ff_opt opts[] = {
	FF_OPT(MAN, S, man),
	FF_OPT(COMPLETION, S, completion, .choices = "bash|zsh"),
	FF_OPT_DONE
};
#undef S

const struct ff_cmd ff_cmd_help_cmd = {
	.name = "help",
	.summary = "this overview, a command's options, the manual page or shell completions",
	.operands = "[COMMAND]",
	.operand = FF_C_COMMAND,
	.about = "Without COMMAND: the games, formats, commands and exit codes. With\n"
		 "COMMAND: its options. --man writes the manual page fivefold(1) and\n"
		 "--completion bash|zsh the shell's completion script (make install\n"
		 "installs both).",
	.opts = opts,
	.settings = sizeof(struct help_set),
	.run = run,
};
