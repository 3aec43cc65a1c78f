/* fivefold export: stored games back out as canonical FGN, filtered. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/progress.h"
#include "db/store.h"

enum { OPT_TO = 256 };

static const struct ff_opt opts[] = {
	{ "db", required_argument, 'd', "FILE", "the store (required)" },
	FF_FILTER_OPTS,
	{ "format", required_argument, 'f', "FORMAT", "output format (fgn, the only one so far)" },
	{ "to", required_argument, OPT_TO, "FORMAT", "the same as --format" },
	{ "help", no_argument, 'h', NULL, "show this help" },
	{ NULL, 0, 0, NULL, NULL }
};

/* What writing needs: the games written and the progress line. */
struct exporting {
	unsigned long long n;
	struct ff_progress prog;
};

static int write_game(void *ctx, const char *fgn, size_t len)
{
	struct exporting *x = ctx;

	x->n++;
	ff_progress_show(&x->prog, x->n, 0, 0);
	return fwrite(fgn, 1, len, stdout) == len ? 0 : 1;
}

static int run(const struct ff_cmd *cmd, int argc, char **argv)
{
	struct ff_getopt go;
	struct ff_stats_filter f;
	struct ff_store *store;
	struct ff_error err;
	const char *db = NULL;
	struct exporting x;
	char *arg;
	int c, rc;

	memset(&f, 0, sizeof f);
	ff_getopt_init(&go, cmd);
	while ((c = ff_getopt_next(&go, argc, argv, &arg)) != -1) {
		switch (c) {
		case 'd': db = arg; break;
		case FF_OPT_GAME: case FF_OPT_RULES: case FF_OPT_OPTION: case FF_OPT_ORIGIN:
		case FF_OPT_PLAYER: case FF_OPT_SINCE: case FF_OPT_UNTIL:
			if (ff_cmd_filter_option(cmd, c, arg, &f))
				return FF_EXIT_USAGE;
			break;
		case 'f': case OPT_TO:
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
	if (optind < argc)
		return ff_cmd_usage_error(cmd, "unexpected operand '%s'", argv[optind]);
	if ((rc = ff_cmd_open_store(cmd, db, 1, &store)) != 0)
		return rc;
	ff_error_clear(&err);
	memset(&x, 0, sizeof x);
	ff_progress_init(&x.prog, NULL, 0, 0, 1);
	rc = ff_store_export(store, &f, write_game, &x, &err);
	ff_store_close(store);
	if (rc == 0)
		ff_progress_show(&x.prog, x.n, 0, 1);
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
