/* The CLI's command table and the helpers commands share. Each command is
   one file with one const struct ff_cmd; --help text comes from the
   command's option table. */
#ifndef FF_CMD_H
#define FF_CMD_H

#include <stdio.h>

#include "lib/buf.h"
#include "lib/error.h"

/* Exit codes (documented in README and `fivefold help`). */
enum { FF_EXIT_OK = 0, FF_EXIT_FAIL = 1, FF_EXIT_USAGE = 2 };

/* One option of a command: getopt_long's fields plus its help. val is the
   short option letter, or a value >= 256 for long-only options. */
struct ff_opt {
	const char *name;
	int has_arg;          /* no_argument or required_argument */
	int val;
	const char *arg;      /* the argument's name in help, or NULL */
	const char *help;
};

struct ff_cmd {
	const char *name;
	const char *summary;  /* one line, for the command list */
	const char *usage;    /* after "fivefold NAME " */
	const char *about;    /* a paragraph for `help NAME` */
	const struct ff_opt *opts;   /* ends with a zeroed entry */
	int (*run)(const struct ff_cmd *cmd, int argc, char **argv);
};

extern const struct ff_cmd ff_cmd_rules, ff_cmd_validate, ff_cmd_show, ff_cmd_simulate,
	ff_cmd_import, ff_cmd_stats, ff_cmd_export, ff_cmd_convert;

/* Print the command's help to fp. */
void ff_cmd_help(const struct ff_cmd *cmd, FILE *fp);

#include <getopt.h>

/* getopt_long's tables, built from a command's option table. */
struct ff_getopt {
	const struct ff_cmd *cmd;
	struct option longs[40];
	char shorts[100];
};

/* Build g for cmd and reset getopt for a new pass over argv. */
void ff_getopt_init(struct ff_getopt *g, const struct ff_cmd *cmd);
/* The next option's val, -1 at the end, '?' on a bad option (after printing
   a message). *arg receives the option's argument. After -1, optind is the
   first operand. */
int ff_getopt_next(struct ff_getopt *g, int argc, char **argv, char **arg);

struct ff_format;
/* The format called name; NULL after a usage error for cmd that names the
   nearest format and lists them all. */
const struct ff_format *ff_cmd_format(const struct ff_cmd *cmd, const char *name);

/* The output format: given (--format or --to) when there is one, else the
   one whose extension ends output, else FGN when output has no extension
   (or there is no output file). NULL after a usage error for an extension
   that names no format. */
const struct ff_format *ff_cmd_output_format(const struct ff_cmd *cmd, const char *given,
					     const char *output);

/* Print a usage error for cmd and return FF_EXIT_USAGE. */
int ff_cmd_usage_error(const struct ff_cmd *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The store filters `stats` and `export` share: option values from
   FF_OPT_FILTER up, and the table rows to put in a command's option table. */
enum { FF_OPT_FILTER = 512, FF_OPT_GAME = FF_OPT_FILTER, FF_OPT_RULES, FF_OPT_OPTION,
       FF_OPT_ORIGIN, FF_OPT_PLAYER, FF_OPT_SINCE, FF_OPT_UNTIL, FF_OPT_FILTER_END };
#define FF_FILTER_OPTS \
	{ "game", required_argument, FF_OPT_GAME, "GAME", "only this game" }, \
	{ "rules", required_argument, FF_OPT_RULES, "PRESET", "only this rules preset" }, \
	{ "option", required_argument, FF_OPT_OPTION, "OPT", \
	  "only ruleset ids with this option (name or name=value)" }, \
	{ "origin", required_argument, FF_OPT_ORIGIN, "imported|simulated", "only games of this origin" }, \
	{ "player", required_argument, FF_OPT_PLAYER, "NAME", "only games with this player in a seat" }, \
	{ "since", required_argument, FF_OPT_SINCE, "YYYY.MM.DD", "only games dated on or after" }, \
	{ "until", required_argument, FF_OPT_UNTIL, "YYYY.MM.DD", "only games dated on or before" }

/* Is name[0, len) the name (what 0), a preset (1) or an option (2) of some
   engine? Returns 0, or FF_EXIT_USAGE after a usage error for option opt
   that names the nearest and lists them. */
int ff_cmd_known_name(const struct ff_cmd *cmd, int what, const char *opt, const char *name,
		      size_t len);

struct ff_stats_filter;
struct ff_store;
/* Open the store named by --db for cmd (read_only: never created,
   upgraded or written): a usage error when db is NULL, a message when it
   cannot be opened. Returns 0 (and *out), or the exit status to return. */
int ff_cmd_open_store(const struct ff_cmd *cmd, const char *db, int read_only,
		      struct ff_store **out);
/* Apply filter option c (FF_OPT_FILTER <= c < FF_OPT_FILTER_END) with its
   argument to f. Returns 0, or FF_EXIT_USAGE after printing why. */
int ff_cmd_filter_option(const struct ff_cmd *cmd, int c, char *arg, struct ff_stats_filter *f);

/* Parse a non-negative decimal integer in [lo, hi]. Returns 0 or -1. */
int ff_parse_long(const char *s, long lo, long hi, long *out);

/* Append a diagnostic in design.md's form to out:
   FILE:LINE:COL: error: game N, ply K (seat S): message [code]
   (", ply K" left out when ply is 0, " (seat S)" when the seat is not
   known, as for errors the reader finds). */
int ff_diag_format(struct ff_buf *out, const char *file, const struct ff_error *err);
/* Append s as a JSON string literal. */
int ff_json_str(struct ff_buf *out, const char *s);

#endif
