/* The CLI's command table and the helpers commands share. Each command is
   one file with one const struct ff_cmd; --help text comes from the
   command's option table. */
#ifndef FF_CMD_H
#define FF_CMD_H

#include <signal.h>
#include <stdio.h>

#include "lib/buf.h"
#include "lib/error.h"

/* Exit codes (documented in README and `fivefold help`). */
enum { FF_EXIT_OK = 0, FF_EXIT_FAIL = 1, FF_EXIT_USAGE = 2 };

#include "cmd/opt.h"

/* A command: its table of options and where they go (a settings struct
   of `settings` bytes, zeroed, then the table's defaults), and run, given
   the settings and the operands. */
struct ff_cmd {
	const char *name;
	const char *summary;  /* one line, for the command list */
	const char *operands; /* the operands in usage ("[FILES...]"); NULL: none taken */
	enum ff_optcheck operand;  /* what an operand is, for completion */
	const char *about;    /* a paragraph for `help NAME` and the man page */
	const struct ff_opt *opts;   /* ends with FF_OPT_DONE; --help is added */
	size_t settings;
	int (*run)(const struct ff_cmd *cmd, void *set, int argc, char **argv);
};

extern const struct ff_cmd ff_cmd_rules, ff_cmd_validate, ff_cmd_show, ff_cmd_replay, ff_cmd_simulate,
	ff_cmd_import, ff_cmd_stats, ff_cmd_export, ff_cmd_store, ff_cmd_convert, ff_cmd_solve, ff_cmd_analyse, ff_cmd_help_cmd,
	ff_cmd_fit;
extern const struct ff_cmd ff_cmd_ratings, ff_cmd_standings;
extern const struct ff_cmd ff_cmd_play;
extern const struct ff_cmd ff_cmd_serve;

/* The i-th command of the CLI, NULL past the end (cmd/commands.c). */
const struct ff_cmd *ff_cmd_at(int i);
/* The command called name, or NULL. */
const struct ff_cmd *ff_cmd_find(const char *name);
/* The usage error for an unknown command, with the nearest one; returns
   FF_EXIT_USAGE. */
int ff_cmd_unknown(const char *name);
/* Run cmd on argv (argv[0] is the command's name): parse its options into
   fresh settings and call its run. Returns the exit status. */
int ff_cmd_main(const struct ff_cmd *cmd, int argc, char **argv);
/* The general help: games, formats, commands and exit codes, to fp. */
void ff_cmd_overview(FILE *fp);

/* Parse argv[1, argc) by cmd's table into set (zeroed by the caller).
   Returns -1 when the command should run, with *first the index of the
   first operand; else the exit status to return at once: FF_EXIT_OK after
   --help, FF_EXIT_USAGE after a usage error (printed). */
int ff_cmd_parse(const struct ff_cmd *cmd, int argc, char **argv, void *set, int *first);
/* The i-th option cmd takes (its table, then --help), NULL past the end. */
const struct ff_opt *ff_cmd_opt(const struct ff_cmd *cmd, int i);
/* The help text of o as its command takes it. */
const char *ff_opt_help(const struct ff_opt *o);
/* Print "fivefold NAME --required ARG [OPTIONS] OPERANDS" to fp. */
void ff_cmd_usage_line(const struct ff_cmd *cmd, FILE *fp);
/* Print the command's help to fp. */
void ff_cmd_help(const struct ff_cmd *cmd, FILE *fp);

struct ff_format;
/* The format called name; NULL after a usage error for cmd that names the
   nearest format and lists them all. */
const struct ff_format *ff_cmd_format(const struct ff_cmd *cmd, const char *name);

/* The output format: given (--format or --to) when there is one, else the
   one whose extension ends output, else FGN when output has no extension
   (or there is no output file). NULL after a usage error for an extension
   that names no format. */
const struct ff_format *ff_cmd_output_format(const struct ff_cmd *cmd,
					     const struct ff_format *given,
					     const char *output);

/* A command's output file (-o FILE, stats --plot FILE): written to a
   temporary file beside it (.NAME.XXXXXX, same directory, the old file's
   mode or a new file's) and renamed over it only on ff_out_commit, so a
   failure leaves the old file as it was; standard output for none or
   "-"; a device or FIFO written directly. cmd/output.c. */
struct ff_out_sink;
struct ff_out {
	FILE *fp;                  /* write here */
	const struct ff_cmd *cmd;  /* for messages */
	char *path;                /* the file to replace (owned); NULL: standard output */
	char *tmp;                 /* the temporary file (owned); NULL: written directly */
	char *quoted;              /* 'path' for messages (owned); NULL: standard output */
	struct ff_out_sink *sink;  /* under fp, for a file (owned) */
};
/* Open the output named by -o (path NULL or "-": standard output). Returns
   0, or -1 after a message (nothing created). */
int ff_out_open(struct ff_out *out, const struct ff_cmd *cmd, const char *path);
/* Flush and check everything written (a failed write is an error naming
   the file), then put the file in place. Returns 0, or -1 after a message
   (the temporary removed, the old file as it was). Closes out either way. */
int ff_out_commit(struct ff_out *out);
/* Close out without putting it in place: the temporary removed (with a
   note that the file was left as it was); standard output flushed. */
void ff_out_abort(struct ff_out *out);
/* What messages call out: "'PATH'" or "standard output" (borrowed; valid
   until out is closed). */
const char *ff_out_name(const struct ff_out *out);
/* ff_out_commit when ok, else ff_out_abort and -1. */
int ff_out_close(struct ff_out *out, int ok);
/* At the end of a command: flush standard output and check that every
   write to it succeeded. Returns status, or FF_EXIT_FAIL (for
   FF_EXIT_OK) after a message when one failed. */
int ff_cmd_check_stdout(const struct ff_cmd *cmd, int status);

/* SIGINT and SIGTERM (cmd/interrupt.c): from ff_cmd_catch_signals on, the
   first of them only sets a flag that the command's loops poll with
   ff_cmd_interrupted (the signal's number, 0 while none came) or, in the
   library, through the pointer ff_cmd_stop_flag gives (non-zero: stop);
   ff_cmd_interrupt_status prints "fivefold
   CMD: interrupted (SIGINT) after N WHATs" and returns the exit status,
   128 + the signal's number (130 for SIGINT, 143 for SIGTERM). A second
   signal changes nothing. */
void ff_cmd_catch_signals(void);
int ff_cmd_interrupted(void);
const volatile sig_atomic_t *ff_cmd_stop_flag(void);
int ff_cmd_interrupt_status(const struct ff_cmd *cmd, unsigned long long n, const char *what);

/* Print a usage error for cmd and return FF_EXIT_USAGE. */
int ff_cmd_usage_error(const struct ff_cmd *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Is name[0, len) the name (what 0), a preset (1) or an option (2) of some
   engine? Returns 0, or FF_EXIT_USAGE after a usage error for option opt
   (NULL: an operand) that names the nearest and lists them. */
int ff_cmd_known_name(const struct ff_cmd *cmd, int what, const char *opt, const char *name,
		      size_t len);
/* The same among the presets or options of game only (NULL: of every
   engine); the error names the game and lists only its names. */
int ff_cmd_known_name_of(const struct ff_cmd *cmd, const char *game, int what, const char *opt,
			 const char *name, size_t len);
/* Is item[0, len), "name=value", a value that option name takes in game
   (NULL: in some engine that has the option)? The name is known already;
   a name alone passes (any value, to a filter). Returns 0, or
   FF_EXIT_USAGE after a usage error for option opt that lists the values
   each game takes. */
int ff_cmd_known_value_of(const struct ff_cmd *cmd, const char *game, const char *opt,
			  const char *item, size_t len);

struct ff_store;
/* Open the store named by --db for cmd, as mode says: 0 for writing, 1
   for reading only (never created, upgraded or written), 2 for writing
   into another program's database (import --init): a usage error when db
   is NULL, a message when it cannot be opened. Returns 0 (and *out), or
   the exit status to return. */
int ff_cmd_open_store(const struct ff_cmd *cmd, const char *db, int mode,
		      struct ff_store **out);
/* db with its secrets hidden (ff_store_hide), in b, for a message; "***"
   when out of memory. The caller frees b. */
const char *ff_cmd_store_name(const char *db, struct ff_buf *b);
/* The names of what every engine has: its name (what 0), its presets (1)
   or its options (2), each once, into names (room for max; borrowed).
   Returns how many. */
size_t ff_cmd_engine_names(int what, const char **names, size_t max);
/* The same for game only (NULL: every engine; no such game: none). */
size_t ff_cmd_game_names(const char *game, int what, const char **names, size_t max);

/* Parse a non-negative decimal integer in [lo, hi]. Returns 0 or -1. */
int ff_parse_long(const char *s, long lo, long hi, long *out);
/* The decimal number s (digits, at most one point) when it lies in
   [0, 1], else -1. */
double ff_parse_fraction(const char *s);

/* --shard I/K: shard i of k, 1 <= i <= k <= 1000000. Returns 0 (and *i,
   *k) or -1 when s is no such pair. */
int ff_parse_shard(const char *s, long *i, long *k);
/* The items [*lo, *hi) of n, numbered from 0, that shard i of k takes:
   the i-th of k contiguous runs, their sizes differing by one at most,
   so that the k shards in order take 0..n once each, in order. */
void ff_shard_range(unsigned long long n, long i, long k, unsigned long long *lo,
		    unsigned long long *hi);

/* Append a diagnostic in docs/diagnostics.md's form to out:
   FILE:LINE:COL: error: game N, ply K (seat S): message [code]
   (", ply K" left out when ply is 0, " (seat S)" when the seat is not
   known, as for errors the reader finds); "warning:" in place of
   "error:" for a warning's code (ff_code_is_warning). Returns 0 or -1. */
int ff_diag_format(struct ff_buf *out, const char *file, const struct ff_error *err);
/* ff_diag_format with the severity given ("error", "warning"): validate
   --strict reports warnings as errors. Returns 0 or -1. */
int ff_diag_format_as(struct ff_buf *out, const char *file, const struct ff_error *err,
		      const char *severity);
/* Append the "warnings" member of a JSON object, ,"warnings":[{...}],
   for w[0, n) (nothing when n is 0). Returns 0 or -1. */
int ff_json_warnings(struct ff_buf *out, const struct ff_error *w, size_t n);
/* Append s as a JSON string literal. */
int ff_json_str(struct ff_buf *out, const char *s);

#endif
