/* fivefold: the command-line entry point. Dispatches to the command table;
   `help` and `--help` text come from the same table. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "formats/format.h"
#include "lib/ruleset.h"
#include "lib/text.h"

static const struct ff_cmd *const commands[] = {
	&ff_cmd_rules,
	&ff_cmd_validate,
	&ff_cmd_convert,
	&ff_cmd_show,
	&ff_cmd_simulate,
	&ff_cmd_import,
	&ff_cmd_stats,
	&ff_cmd_export,
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const struct ff_cmd *find_cmd(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

static void main_help(FILE *fp)
{
	const struct ff_rules *r;
	const struct ff_format *f;
	size_t i;

	fputs("usage: fivefold <command> [options] [FILES...]\n"
	      "       fivefold help [command]\n"
	      "       fivefold --version\n\n"
	      "fivefold records, validates, converts, simulates and shows game records,\n"
	      "and keeps them in a SQLite store for statistics. Input comes from FILES,\n"
	      "or standard input where there are none.\n\ngames:\n", fp);
	for (i = 0; (r = ff_rules_at((int)i)); i++)
		fprintf(fp, "  %-10s %s\n", r->name, r->title);
	fputs("\nformats:\n", fp);
	for (i = 0; (f = ff_format_at((int)i)); i++)
		fprintf(fp, "  %-10s .%-10s %s\n", f->name, f->ext, f->help);
	fputs("\ncommands:\n", fp);
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(fp, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
	fputs("  help       this text, or a command's\n\n"
	      "exit codes: 0 fine, 1 some game invalid (import: one quarantined) or a\n"
	      "runtime failure, 2 usage (an unknown option, name or format, a bad filter,\n"
	      "a missing store)\n", fp);
}

/* The usage error for an unknown command, with the nearest one. */
static int unknown_command(const char *name)
{
	const char *names[NCOMMANDS + 1];
	char hint[200];
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		names[i] = commands[i]->name;
	names[i] = "help";
	fprintf(stderr, "fivefold: unknown command '%s'%s\ntry 'fivefold help'\n", name,
		ff_text_suggest(hint, sizeof hint, name, "commands", names, NCOMMANDS + 1));
	return FF_EXIT_USAGE;
}

int main(int argc, char **argv)
{
	const struct ff_cmd *cmd;

	if (argc < 2) {
		main_help(stderr);
		return FF_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("fivefold %s\n", PACKAGE_VERSION);
		return FF_EXIT_OK;
	}
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		if (argc > 2 && strcmp(argv[1], "help") == 0) {
			if (!strcmp(argv[2], "help")) {
				puts("usage: fivefold help [COMMAND]\n\nThe commands and the exit codes, "
				     "or one command's options.");
				return FF_EXIT_OK;
			}
			cmd = find_cmd(argv[2]);
			if (!cmd)
				return unknown_command(argv[2]);
			ff_cmd_help(cmd, stdout);
			return FF_EXIT_OK;
		}
		main_help(stdout);
		return FF_EXIT_OK;
	}
	cmd = find_cmd(argv[1]);
	if (!cmd)
		return unknown_command(argv[1]);
	return cmd->run(cmd, argc - 1, argv + 1);
}
