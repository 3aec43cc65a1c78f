/* fivefold: the command-line entry point. Dispatches to the command table;
   `help` and `--help` text come from the same table. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
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
	size_t i;

	fputs("usage: fivefold <command> [options] [FILES...]\n"
	      "       fivefold help [command]\n"
	      "       fivefold --version\n\n"
	      "fivefold records, validates, simulates and shows games of Five Lines\n"
	      "(Pente Grammai) in FGN, the fivefold game notation, and keeps them in a\n"
	      "SQLite store. Input comes from FILES, or standard input where there are\n"
	      "none.\n\n"
	      "commands:\n", fp);
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(fp, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
	fputs("  help       this text, or a command's\n\n"
	      "exit codes: 0 fine, 1 some game invalid or a runtime failure, 2 usage\n", fp);
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
