/* The command table of the CLI, and running one command: its settings
   from its option table, then its run function. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "lib/text.h"

static const struct ff_cmd *const commands[] = {
	&ff_cmd_rules,
	&ff_cmd_validate,
	&ff_cmd_convert,
	&ff_cmd_show,
	&ff_cmd_replay,
	&ff_cmd_simulate,
	&ff_cmd_play,
	&ff_cmd_import,
	&ff_cmd_stats,
	&ff_cmd_export,
	&ff_cmd_ratings,
	&ff_cmd_standings,
	&ff_cmd_store,
	&ff_cmd_solve,
	&ff_cmd_analyse,
	&ff_cmd_help_cmd,
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

const struct ff_cmd *ff_cmd_at(int i)
{
	return i >= 0 && (size_t)i < NCOMMANDS ? commands[i] : NULL;
}

const struct ff_cmd *ff_cmd_find(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

int ff_cmd_unknown(const char *name)
{
	const char *names[NCOMMANDS];
	char hint[200];
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		names[i] = commands[i]->name;
	fprintf(stderr, "fivefold: unknown command '%s'%s\ntry 'fivefold help'\n", name,
		ff_text_suggest(hint, sizeof hint, name, "commands", names, NCOMMANDS));
	return FF_EXIT_USAGE;
}

int ff_cmd_main(const struct ff_cmd *cmd, int argc, char **argv)
{
	void *set = calloc(1, cmd->settings ? cmd->settings : 1);
	int first = argc, rc;

	if (!set) {
		fprintf(stderr, "fivefold %s: out of memory\n", cmd->name);
		return FF_EXIT_FAIL;
	}
	rc = ff_cmd_parse(cmd, argc, argv, set, &first);
	if (rc < 0)
		rc = cmd->run(cmd, set, argc - first, argv + first);
	free(set);
	return ff_cmd_check_stdout(cmd, rc);   /* output lost is a failure too */
}
