/* The CLI's option vocabulary and the shared parser. Every option any
   command takes is one row of one table (cmd/opt.c): its long name, its
   letter, its value's name and kind, and its help, so that an option means
   the same and is spelled the same in every command. A command declares
   which of them it takes, where each value goes in its settings struct,
   and its defaults and ranges; ff_cmd_parse fills the settings, checks
   every value (names of games, presets, options and formats, numbers,
   dates, results) and prints the usage error or the help. `--help`, the
   man page and the shell completions are all made from these tables. */
#ifndef FF_OPT_H
#define FF_OPT_H

#include <stddef.h>
#include <stdio.h>

/* Every option of the vocabulary. */
enum ff_optid {
	FF_O_END = 0,   /* ends a command's table */
	FF_O_STRICT,
	FF_O_OUTPUT, FF_O_FORMAT, FF_O_TO, FF_O_FROM, FF_O_RAWCSV, FF_O_QUIET, FF_O_THREADS,
	FF_O_GAME, FF_O_RULES, FF_O_OPTIONS, FF_O_SEATS, FF_O_GAMES, FF_O_SEED, FF_O_AGENTS,
	FF_O_MAXPLIES, FF_O_MINPLIES, FF_O_PLIES, FF_O_LEGAL, FF_O_INDEX, FF_O_PLY, FF_O_ALL,
	FF_O_DB, FF_O_INIT, FF_O_COMPARE, FF_O_OPTION, FF_O_ORIGIN, FF_O_PLAYER, FF_O_SINCE, FF_O_UNTIL,
	FF_O_RESULT, FF_O_LIMIT, FF_O_NOVALIDATE, FF_O_SOLUTION, FF_O_THRESHOLD, FF_O_ANNOTATE, FF_O_PLOT, FF_O_EXPLAIN,
	FF_O_BY, FF_O_ASOF, FF_O_METHOD, FF_O_EVENT,
	FF_O_PERIOD,
	FF_O_CHANCE, FF_O_PUBLIC, FF_O_RESUME,
	FF_O_MODEL, FF_O_TEMPERATURE, FF_O_EPSILON, FF_O_TOP,
	FF_O_LISTEN,
	FF_O_ITERATIONS, FF_O_TIMEMS, FF_O_HINDSIGHT, FF_O_SHARD, FF_O_ANALYSE, FF_O_ANALYSIS,
	FF_O_SETUP, FF_O_SETUP_POS,
	FF_O_MAN, FF_O_COMPLETION, FF_O_HELP, FF_O_COUNT
};

/* How a value is stored in the settings. */
enum ff_optkind {
	FF_K_FLAG = 1,  /* int, set to 1 */
	FF_K_TEXT,      /* const char *, the argument (checked by its check) */
	FF_K_NUM,       /* long in [lo, hi] */
	FF_K_U64,       /* uint64_t, decimal */
	FF_K_CHOICE,    /* int, the index of the argument in choices */
	FF_K_FORMAT,    /* const struct ff_format *, a record format by name */
	FF_K_HELP       /* prints the command's help */
};

/* What a FF_K_TEXT value must be. */
enum ff_optcheck {
	FF_C_ANY = 0,
	FF_C_GAME,      /* the name of a game */
	FF_C_PRESET,    /* a rules preset of some game */
	FF_C_OPTNAME,   /* an option of some game */
	FF_C_OPTVAL,    /* an option of some game, alone or name=value */
	FF_C_OPTLIST,   /* options, each alone or name=value, separated by blanks */
	FF_C_DATE,      /* YYYY.MM.DD */
	FF_C_RESULT,    /* a result token */
	FF_C_U64,       /* a decimal 64-bit number */
	FF_C_FRACTION,  /* a decimal number from 0 to 1 */
	FF_C_SHARD,     /* I/K, 1 <= I <= K */
	FF_C_WORD,      /* one of the command row's choices */
	FF_C_FILE,      /* a path (only for completion) */
	FF_C_COMMAND    /* a command's name (only for completion) */
};

/* One row of the vocabulary. */
struct ff_optword {
	const char *name;       /* long name, without -- */
	int letter;             /* short option letter, or 0 */
	const char *arg;        /* the value's name in help; NULL: no value */
	enum ff_optkind kind;
	enum ff_optcheck check;
	const char *help;
};

/* An option as a command takes it. */
struct ff_opt {
	enum ff_optid id;
	size_t off;             /* where its value goes in the command's settings */
	const char *help;       /* NULL: the vocabulary's */
	const char *choices;    /* "text|json": for FF_K_CHOICE and FF_C_WORD */
	long lo, hi;            /* for FF_K_NUM */
	long unset;             /* for FF_K_NUM without dflt: the value when not given */
	const char *dflt;       /* the default, parsed as if given; NULL: zero */
	int required;
	enum ff_optkind kind;   /* 0: the vocabulary's */
	const char *arg;        /* the value's name in help; NULL: the vocabulary's */
};

/* A row of a command's table: FF_OPT(ID, struct settings, field, ...more
   designated initialisers). Two rows with the same field are two names of
   one setting (--format and --to, --options and --option): a prefix of
   both is not ambiguous. */
#define FF_OPT(ID, type, field, ...) \
	{ .id = FF_O_##ID, .off = offsetof(type, field), __VA_ARGS__ }
#define FF_OPT_DONE { .id = FF_O_END }

/* The rows of the store filters `stats` and `export` share, for a struct
   ff_stats_filter at `field` of the settings. */
#define FF_FILTER_OPTS(type, field) \
	FF_OPT(GAME, type, field.game, .help = "only this game"), \
	FF_OPT(RULES, type, field.preset, .help = "only this rules preset"), \
	FF_OPT(OPTIONS, type, field.option, \
	       .help = "only ruleset ids with all of these options (each name or name=value)"), \
	FF_OPT(OPTION, type, field.option), \
	FF_OPT(ORIGIN, type, field.origin, .choices = "imported|simulated"), \
	FF_OPT(PLAYER, type, field.player), \
	FF_OPT(SINCE, type, field.since), \
	FF_OPT(UNTIL, type, field.until)

/* The vocabulary's row of id. */
const struct ff_optword *ff_optword(enum ff_optid id);
/* The kind of o as its command takes it. */
enum ff_optkind ff_opt_kind(const struct ff_opt *o);
/* The name of o's value as help shows it ("FILE", or its choices "a|b"),
   or NULL for a flag. */
const char *ff_opt_arg(const struct ff_opt *o);

#endif
