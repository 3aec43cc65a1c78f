/* The option vocabulary (one row per option of any command) and the
   shared parser that fills a command's settings from its table. */
#include "config.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "formats/fgn.h"
#include "formats/format.h"
#include "lib/tags.h"
#include "lib/text.h"

#define TEXT(c) FF_K_TEXT, c
#define FILE_ARG "FILE", TEXT(FF_C_FILE)

static const struct ff_optword words[FF_O_COUNT] = {
	[FF_O_OUTPUT] = { "output", 'o', FILE_ARG, "write to FILE instead of standard output" },
	[FF_O_FORMAT] = { "format", 'f', "FORMAT", FF_K_FORMAT, 0,
			  "output format (default: by -o's extension, else fgn)" },
	[FF_O_TO] = { "to", 0, "FORMAT", FF_K_FORMAT, 0, "the same as --format" },
	[FF_O_FROM] = { "from", 0, "FORMAT", FF_K_FORMAT, 0,
			"input format (default: by extension, else by the first bytes)" },
	[FF_O_RAWCSV] = { "raw-csv", 0, NULL, FF_K_FLAG, 0,
			  "CSV cells as they are: no spreadsheet guard (docs/formats.md)" },
	[FF_O_QUIET] = { "quiet", 'q', NULL, FF_K_FLAG, 0, "no summary line" },
	[FF_O_THREADS] = { "threads", 'j', "N", FF_K_NUM, 0, "work with N threads" },
	[FF_O_GAME] = { "game", 'g', "GAME", TEXT(FF_C_GAME), "the game (see `fivefold rules`)" },
	[FF_O_RULES] = { "rules", 'r', "PRESET", TEXT(FF_C_PRESET),
			 "the rules preset (default: the game's first)" },
	[FF_O_OPTIONS] = { "options", 0, "OPTS", TEXT(FF_C_OPTLIST),
			   "header options, e.g. \"skip-last dice=knuckle\"" },
	[FF_O_SEATS] = { "seats", 0, "N", TEXT(FF_C_ANY),
			 "number of seats, where the game has a choice (see `fivefold rules`)" },
	[FF_O_GAMES] = { "games", 'n', "N", FF_K_NUM, 0, "number of games" },
	[FF_O_SEED] = { "seed", 's', "S", FF_K_U64, FF_C_U64, "seed of the first game; game i gets S+i" },
	[FF_O_AGENTS] = { "agents", 'a', "A[,B...]", TEXT(FF_C_ANY),
			  "agent for every seat, or one per seat (see `fivefold rules`); "
			  "NAME:OPT=V;OPT=V gives one options, e.g. "
			  "mcts:iterations=2000;playout=greedy,greedy (docs/agents.md)" },
	[FF_O_MAXPLIES] = { "max-plies", 0, "N", FF_K_NUM, 0, "only games of at most N plies" },
	[FF_O_MINPLIES] = { "min-plies", 0, "N", FF_K_NUM, 0, "only games of at least N plies" },
	[FF_O_PLIES] = { "plies", 0, "FORM", FF_K_CHOICE, 0, "ply form to write" },
	[FF_O_LEGAL] = { "legal", 0, NULL, FF_K_FLAG, 0, "list the legal plies at every ply" },
	[FF_O_STRICT] = { "strict", 0, NULL, FF_K_FLAG, 0,
			  "warnings (a tag name near a known one, a Date that is no date) are "
			  "errors: the game is not valid" },
	[FF_O_INDEX] = { "index", 'i', "N", FF_K_NUM, 0,
			 "the N-th game of the input, counting across files" },
	[FF_O_PLY] = { "ply", 'p', "K", FF_K_NUM, 0,
		       "the position after ply K (0 = the start; default: the last)" },
	[FF_O_ALL] = { "all", 0, NULL, FF_K_FLAG, 0, "the start and the position after every ply" },
	[FF_O_DB] = { "db", 'd', "DB", FF_K_TEXT, FF_C_FILE,
		      "the store: a SQLite file, or a postgresql:// URL" },
	[FF_O_INIT] = { "init", 0, NULL, FF_K_FLAG, 0,
			"add the store's tables to a database that has tables of its own "
			"(without it, such a database is refused)" },
	[FF_O_COMPARE] = { "compare", 0, "OPTION", TEXT(FF_C_OPTNAME),
			   "compare ruleset ids that differ only in OPTION (e.g. skip-last), "
			   "or, with `rules`, only in the rules preset" },
	[FF_O_OPTION] = { "option", 0, "OPTS", TEXT(FF_C_OPTLIST), "the same as --options" },
	[FF_O_ORIGIN] = { "origin", 0, "ORIGIN", TEXT(FF_C_WORD), "only games of this origin" },
	[FF_O_PLAYER] = { "player", 0, "NAME", TEXT(FF_C_ANY), "only games with this player in a seat" },
	[FF_O_SINCE] = { "since", 0, "YYYY.MM.DD", TEXT(FF_C_DATE),
			 "only games dated on or after (YYYY-MM-DD too)" },
	[FF_O_UNTIL] = { "until", 0, "YYYY.MM.DD", TEXT(FF_C_DATE),
			 "only games dated on or before (YYYY-MM-DD too)" },
	[FF_O_RESULT] = { "result", 0, "TOKEN", TEXT(FF_C_RESULT),
			  "only games with this result (1-0, 0-1, 1/2-1/2, D, W<k>, *)" },
	[FF_O_LIMIT] = { "limit", 0, "N", FF_K_NUM, 0, "at most N games (the first stored)" },
	[FF_O_NOVALIDATE] = { "no-validate", 0, NULL, FF_K_FLAG, 0,
			      "re-format only, without the rules engine" },
	[FF_O_SOLUTION] = { "solution", 0, "FILE", TEXT(FF_C_FILE),
			    "the solution the perfect agent plays from (fivefold solve -o FILE)" },
	[FF_O_THRESHOLD] = { "threshold", 0, "X", TEXT(FF_C_FRACTION),
			     "count the plies that lose more than X (a probability from 0 to 1)" },
	[FF_O_ANNOTATE] = { "annotate", 0, NULL, FF_K_FLAG, 0,
			    "write the games back as FGN with the figures as comments and NAGs" },
	[FF_O_PLOT] = { "plot", 0, "FILE", TEXT(FF_C_FILE),
			"also draw the figures as an SVG chart in FILE" },
	[FF_O_EXPLAIN] = { "explain", 0, NULL, FF_K_FLAG, 0,
			   "print the plan the database makes for the query instead of running it" },
	[FF_O_BY] = { "by", 0, "WHAT", FF_K_CHOICE, 0, "rate within each game family or ruleset id" },
	[FF_O_ASOF] = { "as-of", 0, "YYYY.MM.DD", TEXT(FF_C_DATE),
			"the ratings after the games dated on or before (and the undated)" },
	[FF_O_METHOD] = { "method", 0, "METHOD", FF_K_CHOICE, 0, "the rating system(s) to show" },
	[FF_O_EVENT] = { "event", 0, "NAME", TEXT(FF_C_ANY), "the games of this Event" },
	[FF_O_PERIOD] = { "period", 0, "PERIOD", FF_K_CHOICE, 0,
			  "Glicko-2's rating period: each game, or the games of a day, month, year or all" },
	[FF_O_CHANCE] = { "chance", 0, "HOW", FF_K_CHOICE, 0,
			  "seeded: throws and deals from the Seed; typed: each throw and drawn card "
			  "asked for (real dice and cards); auto: seeded for a new game, the "
			  "record's (Seed or none) with --resume" },
	[FF_O_PUBLIC] = { "public", 0, NULL, FF_K_FLAG, 0,
			  "show every hand in the diagram (default: hands hidden from the people)" },
	[FF_O_RESUME] = { "resume", 0, "FILE", TEXT(FF_C_FILE),
			  "go on with the game FILE records (its rules, Seed and seats), writing to it" },
	[FF_O_MODEL] = { "model", 0, "MODEL", FF_K_CHOICE, 0,
			 "the player model the choices' likelihood is taken under" },
	[FF_O_TEMPERATURE] = { "temperature", 0, "T", TEXT(FF_C_ANY),
			       "the perfect model's softmax temperature, a decimal number above 0" },
	[FF_O_EPSILON] = { "epsilon", 0, "X", TEXT(FF_C_FRACTION),
			   "the greedy model's chance of a ply drawn at random instead (0 to 1)" },
	[FF_O_TOP] = { "top", 0, "N", FF_K_NUM, 0, "show the N best-ranked rulesets of each game (0: all)" },
	[FF_O_LISTEN] = { "listen", 0, "ADDR:PORT", TEXT(FF_C_ANY),
			  "listen on this address and port (127.0.0.1: this machine only; "
			  "0.0.0.0: every network; port 0: any free port)" },
	[FF_O_ITERATIONS] = { "iterations", 0, "N", FF_K_NUM, 0, "N playouts a position" },
	[FF_O_TIMEMS] = { "time-ms", 0, "N", FF_K_NUM, 0,
			  "search N milliseconds a position instead (not reproducible)" },
	[FF_O_HINDSIGHT] = { "hindsight", 0, NULL, FF_K_FLAG, 0,
			     "see every card: other hands and the pile's order (labelled so)" },
	/* one name, two rows: show writes a set-up (a switch), simulate
	   starts from one (a value) */
	[FF_O_SETUP] = { "setup", 0, NULL, FF_K_FLAG, 0,
			 "write the position as a SetUp tag value (docs/fgn.md), one a line" },
	[FF_O_SETUP_POS] = { "setup", 0, "POS", TEXT(FF_C_ANY),
			     "start from the set-up position POS, a SetUp tag value (docs/fgn.md)" },
	[FF_O_SHARD] = { "shard", 0, "I/K", TEXT(FF_C_SHARD),
			 "only the I-th of K equal runs of the games, in order: the K shards' "
			 "outputs concatenated in shard order are one run's (docs/analyse.md)" },
	[FF_O_ANALYSE] = { "analyse", 0, NULL, FF_K_FLAG, 0,
			   "also analyse the game as fivefold analyse does (exact where its "
			   "ruleset can be solved, else by search) and show its value graph: a "
			   "click on a point goes to that ply" },
	[FF_O_ANALYSIS] = { "analysis", 0, FILE_ARG,
			    "also write each game's analysis kept last (analyse --db) to FILE as "
			    "JSON Lines, a line a game in the order written: {\"id\":N,"
			    "\"analysis\":{...}} (null: none; docs/store.md)" },
	[FF_O_MAN] = { "man", 0, NULL, FF_K_FLAG, 0, "the manual page fivefold(1), in roff" },
	[FF_O_COMPLETION] = { "completion", 0, "SHELL", TEXT(FF_C_WORD),
			      "the shell's completion script for fivefold" },
	[FF_O_HELP] = { "help", 'h', NULL, FF_K_HELP, 0, "show this help" },
};

const struct ff_optword *ff_optword(enum ff_optid id)
{
	return id > FF_O_END && id < FF_O_COUNT ? &words[id] : NULL;
}

enum ff_optkind ff_opt_kind(const struct ff_opt *o)
{
	if (o->kind)
		return o->kind;
	if (o->choices && words[o->id].kind == FF_K_FORMAT)
		return FF_K_CHOICE;   /* a command's own output, e.g. text|json */
	return words[o->id].kind;
}

const char *ff_opt_arg(const struct ff_opt *o)
{
	if (!words[o->id].arg)
		return NULL;
	return o->arg ? o->arg : o->choices ? o->choices : words[o->id].arg;
}

/* --help is every command's last option, whether its table says so or
   not. */
static const struct ff_opt help_opt = { .id = FF_O_HELP };

const struct ff_opt *ff_cmd_opt(const struct ff_cmd *cmd, int i)
{
	int n = 0;

	while (cmd->opts && cmd->opts[n].id != FF_O_END)
		n++;
	return i < n ? &cmd->opts[i] : i == n ? &help_opt : NULL;
}

/* The index of arg in choices "a|b|c", or -1. */
static int choice_index(const char *choices, const char *arg)
{
	const char *p = choices;
	size_t len = strlen(arg);
	int i;

	for (i = 0; *p; i++) {
		size_t n = strcspn(p, "|");

		if (n == len && strncmp(p, arg, len) == 0)
			return i;
		p += n + (p[n] == '|');
	}
	return -1;
}

/* The usage error of a value that is not one of choices. */
static int bad_choice(const struct ff_cmd *cmd, const char *name, const char *choices,
		      const char *arg)
{
	const char *names[16];
	char buf[256], hint[320];
	size_t n = 0;
	char *p, *save = NULL;

	snprintf(buf, sizeof buf, "%s", choices);
	for (p = strtok_r(buf, "|", &save); p && n < 16; p = strtok_r(NULL, "|", &save))
		names[n++] = p;
	return ff_cmd_usage_error(cmd, "--%s: no such value '%s'%s", name, arg,
				  ff_text_suggest(hint, sizeof hint, arg, "values", names, n));
}

/* Is s a whole date, YYYY.MM.DD or YYYY-MM-DD? Its normal form (as the
   store keeps dates: YYYY.MM.DD) goes to out. */
static int is_date(const char *s, char out[11])
{
	return strlen(s) == 10 && ff_date_normal(s, out) > 0 && !strchr(out, '?');
}

/* Is check one of a name that depends on the game (checked once every
   option is read, against -g's game when there is one)? */
static int by_game(enum ff_optcheck check)
{
	return check == FF_C_PRESET || check == FF_C_OPTNAME || check == FF_C_OPTVAL ||
	       check == FF_C_OPTLIST;
}

/* Check the names in arg, a value of the option opt, against game's (NULL:
   every game's). Returns 0 or the usage error's status. */
static int check_names(const struct ff_cmd *cmd, enum ff_optcheck check, const char *opt,
		       const char *game, const char *arg)
{
	size_t n;

	switch (check) {
	case FF_C_PRESET: return ff_cmd_known_name_of(cmd, game, 1, opt, arg, strlen(arg));
	case FF_C_OPTNAME:   /* --compare rules: the presets side by side */
		if (strcmp(opt, "--compare") == 0 && strcmp(arg, "rules") == 0)
			return 0;
		return ff_cmd_known_name_of(cmd, game, 2, opt, arg, strlen(arg));
	case FF_C_OPTVAL: return ff_cmd_known_name_of(cmd, game, 2, opt, arg, strcspn(arg, "="));
	case FF_C_OPTLIST:
		for (; *arg; arg += n) {
			arg += strspn(arg, " \t");
			n = strcspn(arg, " \t");
			if (n && (ff_cmd_known_name_of(cmd, game, 2, opt, arg, strcspn(arg, "= \t")) ||
				  ff_cmd_known_value_of(cmd, game, opt, arg, n)))
				return FF_EXIT_USAGE;
		}
		return 0;
	default:
		return 0;
	}
}

/* Check a text value (but for names by_game). Returns 0 or the usage
   error's status. */
static int check_text(const struct ff_cmd *cmd, const struct ff_opt *o, const char *arg)
{
	const struct ff_optword *w = &words[o->id];
	char opt[64];
	uint64_t v;
	long lo, k;
	char date[11];

	snprintf(opt, sizeof opt, "--%s", w->name);
	switch (w->check) {
	case FF_C_GAME: return ff_cmd_known_name(cmd, 0, opt, arg, strlen(arg));
	case FF_C_WORD:
		return choice_index(o->choices, arg) < 0 ? bad_choice(cmd, w->name, o->choices, arg) : 0;
	case FF_C_DATE:
		return is_date(arg, date) ? 0 :
			ff_cmd_usage_error(cmd, "%s takes a date YYYY.MM.DD or YYYY-MM-DD, not '%s'",
					   opt, arg);
	case FF_C_RESULT:
		return ff_fgn_result_token(arg, strlen(arg)) ? 0 :
			ff_cmd_usage_error(cmd, "%s takes 1-0, 0-1, 1/2-1/2, D, W<k> or *, not '%s'",
					   opt, arg);
	case FF_C_FRACTION:
		return ff_parse_fraction(arg) >= 0 ? 0 :
			ff_cmd_usage_error(cmd, "%s takes a number from 0 to 1, not '%s'", opt, arg);
	case FF_C_SHARD:
		return ff_parse_shard(arg, &lo, &k) == 0 ? 0 :
			ff_cmd_usage_error(cmd, "%s takes I/K, shard I of K (1 <= I <= K), not '%s'",
					   opt, arg);
	case FF_C_U64:
		return ff_parse_uint(arg, strlen(arg), UINT64_MAX, &v) == 0 ? 0 :
			ff_cmd_usage_error(cmd, "%s takes a decimal 64-bit number, not '%s'", opt, arg);
	default:
		return 0;
	}
}

/* Store the value arg of o in set. Returns 0 or the usage error's
   status. */
static int store(const struct ff_cmd *cmd, const struct ff_opt *o, char *arg, void *set)
{
	const struct ff_optword *w = &words[o->id];
	char *at = (char *)set + o->off;
	uint64_t u;
	long v;
	int i;
	char date[11];

	switch (ff_opt_kind(o)) {
	case FF_K_FLAG:
		*(int *)at = 1;
		return 0;
	case FF_K_TEXT:
		if (check_text(cmd, o, arg))
			return FF_EXIT_USAGE;
		if (w->check == FF_C_DATE && is_date(arg, date))
			memcpy(arg, date, 10);   /* the store's form; both spellings are 10 bytes */
		*(const char **)at = arg;
		return 0;
	case FF_K_NUM:
		if (ff_parse_long(arg, o->lo, o->hi, &v))
			return ff_cmd_usage_error(cmd, "--%s takes a number from %ld to %ld, not '%s'",
						  w->name, o->lo, o->hi, arg);
		*(long *)at = v;
		return 0;
	case FF_K_U64:
		if (ff_parse_uint(arg, strlen(arg), UINT64_MAX, &u))
			return ff_cmd_usage_error(cmd, "--%s takes a decimal 64-bit number, not '%s'",
						  w->name, arg);
		*(uint64_t *)at = u;
		return 0;
	case FF_K_CHOICE:
		if ((i = choice_index(o->choices, arg)) < 0)
			return bad_choice(cmd, w->name, o->choices, arg);
		*(int *)at = i;
		return 0;
	case FF_K_FORMAT:
		*(const struct ff_format **)at = ff_cmd_format(cmd, arg);
		return *(const struct ff_format **)at ? 0 : FF_EXIT_USAGE;
	default:
		return 0;
	}
}

/* getopt_long's tables for cmd: each option's val is its row + 256, the
   short letters map to the same rows. */
struct tables {
	struct option longs[48];
	char shorts[100];
	int row_of[128];
};

/* The first row of cmd's table that sets what row i sets (i itself, or
   an earlier name of the same setting). */
static int same_setting(const struct ff_cmd *cmd, int i)
{
	const struct ff_opt *o = ff_cmd_opt(cmd, i), *p;
	int j;

	for (j = 0; j < i && (p = ff_cmd_opt(cmd, j)); j++)
		if (p->off == o->off && ff_opt_kind(p) == ff_opt_kind(o) &&
		    !words[p->id].arg == !words[o->id].arg && ff_opt_kind(o) != FF_K_HELP)
			return j;
	return i;
}

static void build(const struct ff_cmd *cmd, struct tables *t)
{
	const struct ff_opt *o;
	size_t k = 0;
	int i;

	memset(t, 0, sizeof *t);
	t->shorts[k++] = ':';
	for (i = 0; (o = ff_cmd_opt(cmd, i)) && i + 1 < 48; i++) {
		const struct ff_optword *w = &words[o->id];

		t->longs[i].name = w->name;
		t->longs[i].has_arg = w->arg ? required_argument : no_argument;
		t->longs[i].val = 256 + same_setting(cmd, i);
		if (w->letter && k + 3 < sizeof t->shorts) {
			t->shorts[k++] = (char)w->letter;
			if (w->arg)
				t->shorts[k++] = ':';
			t->row_of[w->letter] = 256 + i;
		}
	}
}

/* Apply the defaults of cmd's table to set. */
static int defaults(const struct ff_cmd *cmd, void *set)
{
	const struct ff_opt *o;
	int i;

	for (i = 0; (o = ff_cmd_opt(cmd, i)); i++) {
		if (o->dflt && store(cmd, o, (char *)o->dflt, set))
			return FF_EXIT_USAGE;
		if (!o->dflt && ff_opt_kind(o) == FF_K_NUM)
			*(long *)((char *)set + o->off) = o->unset;
	}
	return 0;
}

/* The usage error of a required option not given, or of an operand the
   command does not take. */
static int after(const struct ff_cmd *cmd, const char *given, void *set, int argc, char **argv,
		 int first)
{
	const struct ff_opt *o;
	const char *game = NULL, *v;
	char opt[64];
	int i;

	for (i = 0; (o = ff_cmd_opt(cmd, i)); i++)
		if (o->id == FF_O_GAME)
			game = *(const char **)((char *)set + o->off);
	for (i = 0; (o = ff_cmd_opt(cmd, i)); i++) {
		if (ff_opt_kind(o) != FF_K_TEXT || !by_game(words[o->id].check) ||
		    !(v = *(const char **)((char *)set + o->off)))
			continue;
		snprintf(opt, sizeof opt, "--%s", words[o->id].name);
		if (check_names(cmd, words[o->id].check, opt, game, v))
			return FF_EXIT_USAGE;
	}
	for (i = 0; (o = ff_cmd_opt(cmd, i)); i++)
		if (o->required && !given[i])
			return ff_cmd_usage_error(cmd, "--%s %s is required", words[o->id].name,
						  ff_opt_arg(o));
	if (!cmd->operands && first < argc)
		return ff_cmd_usage_error(cmd, "unexpected operand '%s'", argv[first]);
	return -1;
}

/* Spellings a command took once and refuses now, with what to write
   instead. */
static const struct retired {
	const char *cmd, *name, *instead;
} retired[] = {
	{ "store", "from", "write `fivefold store copy SOURCE TARGET` (the stores as operands, "
			   "in that order; --from names an input format elsewhere)" },
	{ "store", "to", "write `fivefold store copy SOURCE TARGET` (the stores as operands, "
			 "in that order; --to names an output format elsewhere)" },
};

/* The usage error of arg, an option cmd does not take (or one that
   needs an argument, when missing): a long name that is a prefix of
   several of cmd's is ambiguous; one that is none is unknown, with the
   nearest of cmd's names. */
static int bad_option(const struct ff_cmd *cmd, const struct tables *t, int missing,
		      const char *arg)
{
	const char *names[48];
	char word[64], hint[640], list[320] = "", dashed[48][40];
	size_t n, len, k = 0, m;

	if (missing || strncmp(arg, "--", 2) != 0)
		return ff_cmd_usage_error(cmd, "%s '%s'", missing ? "option needs an argument:" :
					  "unknown option", arg);
	len = strcspn(arg + 2, "=");
	snprintf(word, sizeof word, "%.*s", (int)ff_utf8_cut(arg + 2, len, sizeof word - 1), arg + 2);
	for (n = 0; n < sizeof retired / sizeof *retired; n++)
		if (!strcmp(retired[n].cmd, cmd->name) && !strcmp(retired[n].name, word))
			return ff_cmd_usage_error(cmd, "--%s is no longer taken: %s", word,
						  retired[n].instead);
	for (n = 0; n < 48 && t->longs[n].name; n++)
		if (strncmp(t->longs[n].name, word, len) == 0 && (m = strlen(list)) + 40 < sizeof list)
			k++, snprintf(list + m, sizeof list - m, "%s--%s", m ? ", " : "",
				      t->longs[n].name);
	if (k > 1)
		return ff_cmd_usage_error(cmd, "option '--%s' is ambiguous: %s", word, list);
	for (n = 0; n < 48 && t->longs[n].name; n++) {
		snprintf(dashed[n], sizeof dashed[n], "--%s", t->longs[n].name);
		names[n] = dashed[n];
	}
	return ff_cmd_usage_error(cmd, "unknown option '--%s'%s", word,
				  ff_text_suggest(hint, sizeof hint, word, "options", names, n));
}

int ff_cmd_parse(const struct ff_cmd *cmd, int argc, char **argv, void *set, int *first)
{
	struct tables t;
	char given[48] = { 0 };
	int c;

	build(cmd, &t);
	if (defaults(cmd, set))
		return FF_EXIT_USAGE;
	optind = 0;   /* glibc and gnulib: 0 re-initialises getopt */
	while ((c = getopt_long(argc, argv, t.shorts, t.longs, NULL)) != -1) {
		const struct ff_opt *o;

		if (c > 0 && c < 128 && t.row_of[c])
			c = t.row_of[c];
		if (c < 256)
			return bad_option(cmd, &t, c == ':', argv[optind - 1]);
		o = ff_cmd_opt(cmd, c - 256);
		if (ff_opt_kind(o) == FF_K_HELP) {
			ff_cmd_help(cmd, stdout);
			return FF_EXIT_OK;
		}
		given[c - 256] = 1;
		if (store(cmd, o, optarg, set))
			return FF_EXIT_USAGE;
	}
	*first = optind;
	return after(cmd, given, set, argc, argv, optind);
}

/* "-o, --output FILE" */
static void opt_left(const struct ff_opt *o, char *left, size_t cap)
{
	const struct ff_optword *w = &words[o->id];
	const char *arg = ff_opt_arg(o);

	if (w->letter)
		snprintf(left, cap, "-%c, --%s%s%s", w->letter, w->name, arg ? " " : "",
			 arg ? arg : "");
	else
		snprintf(left, cap, "    --%s%s%s", w->name, arg ? " " : "", arg ? arg : "");
}

const char *ff_opt_help(const struct ff_opt *o)
{
	return o->help ? o->help : words[o->id].help;
}

void ff_cmd_usage_line(const struct ff_cmd *cmd, FILE *fp)
{
	const struct ff_opt *o;
	int i;

	fprintf(fp, "fivefold %s", cmd->name);
	for (i = 0; (o = ff_cmd_opt(cmd, i)); i++)
		if (o->required)
			fprintf(fp, " --%s %s", words[o->id].name, ff_opt_arg(o));
	fprintf(fp, " [OPTIONS]%s%s", cmd->operands ? " " : "", cmd->operands ? cmd->operands : "");
}

void ff_cmd_help(const struct ff_cmd *cmd, FILE *fp)
{
	const struct ff_opt *o;
	char left[64];
	int i;

	fputs("usage: ", fp);
	ff_cmd_usage_line(cmd, fp);
	fprintf(fp, "\n\n%s\n\noptions:\n", cmd->about);
	for (i = 0; (o = ff_cmd_opt(cmd, i)); i++) {
		opt_left(o, left, sizeof left);
		if (strlen(left) > 26)
			fprintf(fp, "  %s\n  %-26s %s", left, "", ff_opt_help(o));
		else
			fprintf(fp, "  %-26s %s", left, ff_opt_help(o));
		if (o->dflt)
			fprintf(fp, " (default %s)", o->dflt);
		if (o->required)
			fputs(" (required)", fp);
		fputc('\n', fp);
	}
}
