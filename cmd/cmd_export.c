/* fivefold export: stored games back out as canonical FGN, filtered. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "db/store.h"

enum { OPT_GAME = 256, OPT_RULES, OPT_OPTION, OPT_ORIGIN, OPT_PLAYER, OPT_SINCE, OPT_UNTIL, OPT_TO };

static const struct ff_opt opts[] = {
	{ "db", required_argument, 'd', "FILE", "the store (required)" },
	{ "game", required_argument, OPT_GAME, "GAME", "only this game" },
	{ "rules", required_argument, OPT_RULES, "PRESET", "only this rules preset" },
	{ "option", required_argument, OPT_OPTION, "OPT", "only ruleset ids with this option" },
	{ "origin", required_argument, OPT_ORIGIN, "imported|simulated", "only games of this origin" },
	{ "player", required_argument, OPT_PLAYER, "NAME", "only games with this player in a seat" },
	{ "since", required_argument, OPT_SINCE, "YYYY.MM.DD", "only games dated on or after" },
	{ "until", required_argument, OPT_UNTIL, "YYYY.MM.DD", "only games dated on or before" },
	{ "to", required_argument, OPT_TO, "FORMAT", "output format (fgn, the only one so far)" },
	{ "help", no_argument, 'h', NULL, "show this help" },
	{ NULL, 0, 0, NULL, NULL }
};

static int write_game(void *ctx, const char *fgn, size_t len)
{
	unsigned long *n = ctx;

	(*n)++;
	return fwrite(fgn, 1, len, stdout) == len ? 0 : 1;
}

static int run(const struct ff_cmd *cmd, int argc, char **argv)
{
	struct ff_getopt go;
	struct ff_stats_filter f;
	struct ff_store *store;
	struct ff_error err;
	const char *db = NULL;
	unsigned long n = 0;
	char *arg;
	int c, rc;

	memset(&f, 0, sizeof f);
	ff_getopt_init(&go, cmd);
	while ((c = ff_getopt_next(&go, argc, argv, &arg)) != -1) {
		switch (c) {
		case 'd': db = arg; break;
		case OPT_GAME: f.game = arg; break;
		case OPT_RULES: f.preset = arg; break;
		case OPT_OPTION: f.option = arg; break;
		case OPT_ORIGIN: f.origin = arg; break;
		case OPT_PLAYER: f.player = arg; break;
		case OPT_SINCE: f.since = arg; break;
		case OPT_UNTIL: f.until = arg; break;
		case OPT_TO:
			if (strcmp(arg, "fgn") != 0)
				return ff_cmd_usage_error(cmd, "export writes fgn only so far, not '%s'", arg);
			break;
		case 'h':
			ff_cmd_help(cmd, stdout);
			return FF_EXIT_OK;
		default:
			return FF_EXIT_USAGE;
		}
	}
	if (!db)
		return ff_cmd_usage_error(cmd, "--db FILE is required");
	if (optind < argc)
		return ff_cmd_usage_error(cmd, "unexpected operand '%s'", argv[optind]);
	ff_error_clear(&err);
	if (ff_store_open(&store, db, &err)) {
		fprintf(stderr, "fivefold export: %s\n", err.msg);
		return FF_EXIT_FAIL;
	}
	rc = ff_store_export(store, &f, write_game, &n, &err);
	ff_store_close(store);
	if (rc || fflush(stdout)) {
		fprintf(stderr, "fivefold export: %s\n", rc < 0 ? err.msg : strerror(errno));
		return FF_EXIT_FAIL;
	}
	return FF_EXIT_OK;
}

const struct ff_cmd ff_cmd_export = {
	.name = "export",
	.summary = "write stored games back out as canonical FGN, filtered",
	.usage = "--db FILE [OPTIONS]",
	.about = "Writes the stored games that pass the filters, in the order they were\n"
		 "stored, as canonical FGN: the bytes fivefold writes for those records\n"
		 "(plies in canonical long form), so export after import gives the\n"
		 "canonical form of the imported games.",
	.opts = opts,
	.run = run,
};
