/* fivefold: the command-line entry point. Dispatches to the command table
   (cmd/commands.c); `fivefold --help` is `fivefold help`. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"

int main(int argc, char **argv)
{
	const struct ff_cmd *cmd;

	if (argc < 2) {
		ff_cmd_overview(stderr);
		return FF_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("fivefold %s\n", PACKAGE_VERSION);
		return ff_cmd_check_stdout(NULL, FF_EXIT_OK);
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		argv[1] = (char *)"help";
	cmd = ff_cmd_find(argv[1]);
	if (!cmd)
		return ff_cmd_unknown(argv[1]);
	return ff_cmd_main(cmd, argc - 1, argv + 1);
}
