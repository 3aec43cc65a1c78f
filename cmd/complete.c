/* Shell completions for bash and zsh, made from the command and option
   tables: the commands, each command's options, and the values an option
   or operand takes (games, presets, options, formats, choices, paths). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/doc.h"
#include "formats/format.h"

/* What a value of o, or an operand of cmd (o NULL), is. */
static enum ff_optcheck value_check(const struct ff_cmd *cmd, const struct ff_opt *o)
{
	if (!o)
		return cmd->operand;
	if (ff_opt_kind(o) == FF_K_FORMAT || ff_opt_kind(o) == FF_K_CHOICE)
		return FF_C_WORD;
	return ff_optword(o->id)->check;
}

int ff_doc_is_path(const struct ff_cmd *cmd, const struct ff_opt *o)
{
	return value_check(cmd, o) == FF_C_FILE;
}

static int add_words(struct ff_buf *out, const char *const *names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((out->len && ff_buf_addc(out, ' ')) || ff_buf_adds(out, names[i]))
			return -1;
	return 0;
}

int ff_doc_values(const struct ff_cmd *cmd, const struct ff_opt *o, struct ff_buf *out)
{
	const char *names[64];
	const struct ff_cmd *c;
	size_t n = 0;
	const char *p;

	switch (value_check(cmd, o)) {
	case FF_C_GAME: n = ff_cmd_engine_names(0, names, 64); break;
	case FF_C_PRESET: n = ff_cmd_engine_names(1, names, 64); break;
	case FF_C_OPTNAME: case FF_C_OPTVAL: case FF_C_OPTLIST:
		n = ff_cmd_engine_names(2, names, 63);
		if (o->id == FF_O_COMPARE)
			names[n++] = "rules";   /* the presets side by side */
		break;
	case FF_C_COMMAND:
		while (n < 64 && (c = ff_cmd_at((int)n)))
			names[n++] = c->name;
		break;
	case FF_C_WORD:
		if (ff_opt_kind(o) == FF_K_FORMAT) {
			while (n < 64 && ff_format_at((int)n))
				names[n] = ff_format_at((int)n)->name, n++;
			break;
		}
		for (p = o->choices; p && *p; p += strcspn(p, "|") + (p[strcspn(p, "|")] == '|'))
			if (ff_buf_addf(out, "%s%.*s", out->len ? " " : "", (int)strcspn(p, "|"), p))
				return -1;
		return 0;
	default:
		return 0;
	}
	return add_words(out, names, n);
}

/* What the names a value of o are (1 presets, 2 options) when they
   follow the game of cmd's -g, else 0. */
static int by_game(const struct ff_cmd *cmd, const struct ff_opt *o)
{
	const struct ff_opt *g;
	enum ff_optcheck c = value_check(cmd, o);
	int i;

	for (i = 0; (g = ff_cmd_opt(cmd, i)) && g->id != FF_O_GAME; i++)
		;
	if (!g || !o)
		return 0;
	return c == FF_C_PRESET ? 1 : c == FF_C_OPTNAME || c == FF_C_OPTVAL || c == FF_C_OPTLIST ? 2 : 0;
}

/* The names (what: 1 presets, 2 options) of game (NULL: every game's),
   separated by spaces, into b. Returns 0 or -1. */
static int game_words(struct ff_buf *b, const char *game, int what)
{
	const char *names[64];

	ff_buf_reset(b);
	return add_words(b, names, ff_cmd_game_names(game, what, names, 64));
}

/* "-o --output" or "--from", the spellings of o. */
static void spellings(FILE *fp, const struct ff_opt *o, const char *sep)
{
	const struct ff_optword *w = ff_optword(o->id);

	if (w->letter)
		fprintf(fp, "-%c%s", w->letter, sep);
	fprintf(fp, "--%s", w->name);
}

/* The branch of a value that follows -g: the names (what: 1 presets,
   2 options) of the game _fivefold_game finds, else every game's. */
static int bash_by_game(FILE *fp, int what, struct ff_buf *b)
{
	const char *games[16];
	size_t n = ff_cmd_engine_names(0, games, 16), i;

	fputs(") case $(_fivefold_game) in\n", fp);
	for (i = 0; i <= n; i++) {
		if (game_words(b, i < n ? games[i] : NULL, what))
			return -1;
		fprintf(fp, "\t\t\t%s) w=\"%s\";;\n", i < n ? games[i] : "*", b->p ? b->p : "");
	}
	fputs("\t\t\tesac; COMPREPLY=($(compgen -W \"$w\" -- \"$cur\")); return;;\n", fp);
	return 0;
}

/* One command's branch of the bash function. */
static int bash_command(FILE *fp, const struct ff_cmd *c, struct ff_buf *b)
{
	const struct ff_opt *o;
	int i;

	fprintf(fp, "\t%s)\n\t\tcase $prev in\n", c->name);
	for (i = 0; (o = ff_cmd_opt(c, i)); i++) {
		if (!ff_optword(o->id)->arg)
			continue;
		fputs("\t\t", fp);
		spellings(fp, o, "|");
		if (by_game(c, o)) {
			if (bash_by_game(fp, by_game(c, o), b))
				return -1;
			continue;
		}
		ff_buf_reset(b);
		if (ff_doc_values(c, o, b))
			return -1;
		if (ff_doc_is_path(c, o))
			fputs(") COMPREPLY=($(compgen -f -- \"$cur\")); return;;\n", fp);
		else
			fprintf(fp, ") COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")); return;;\n",
				b->p ? b->p : "");
	}
	fputs("\t\tesac\n\t\topts=\"", fp);
	for (i = 0; (o = ff_cmd_opt(c, i)); i++) {
		fputs(i ? " " : "", fp);
		spellings(fp, o, " ");
	}
	ff_buf_reset(b);
	if (ff_doc_values(c, NULL, b))
		return -1;
	fprintf(fp, "\"\n\t\tvalues=\"%s\"\n\t\tpaths=%d;;\n", b->p ? b->p : "",
		c->operands && ff_doc_is_path(c, NULL));
	return 0;
}

static int bash(FILE *fp)
{
	struct ff_buf b = FF_BUF_INIT, cmds = FF_BUF_INIT;
	const struct ff_cmd *c;
	int i, rc = 0;

	for (i = 0; (c = ff_cmd_at(i)); i++)
		rc |= ff_buf_addf(&cmds, "%s%s", i ? " " : "", c->name);
	fprintf(fp, "# bash completion for fivefold, made by `fivefold help --completion bash`\n"
		"# the game a -g or --game before the cursor names (the last one)\n"
		"_fivefold_game()\n{\n\tlocal i g=''\n"
		"\tfor ((i = 2; i < COMP_CWORD; i++)); do\n\t\tcase ${COMP_WORDS[i]} in\n"
		"\t\t-g|--game) g=${COMP_WORDS[i+1]}\n"
		"\t\t\t[ \"$g\" = = ] && g=${COMP_WORDS[i+2]};;\n"
		"\t\t--game=*) g=${COMP_WORDS[i]#--game=};;\n"
		"\t\t-g?*) g=${COMP_WORDS[i]#-g};;\n\t\tesac\n\tdone\n\techo \"$g\"\n}\n"
		"_fivefold()\n{\n\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
		"\tlocal opts='' values='' paths=0 w=''\n\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n"
		"\t\tCOMPREPLY=($(compgen -W \"%s --help --version\" -- \"$cur\"))\n\t\treturn\n"
		"\tfi\n\tcase ${COMP_WORDS[1]} in\n", cmds.p ? cmds.p : "");
	for (i = 0; !rc && (c = ff_cmd_at(i)); i++)
		rc = bash_command(fp, c, &b);
	fputs("\tesac\n\tif [[ $cur == -* ]]; then\n"
	      "\t\tCOMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
	      "\telif [ \"$paths\" = 1 ]; then\n\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n"
	      "\telse\n\t\tCOMPREPLY=($(compgen -W \"$values\" -- \"$cur\"))\n\tfi\n}\n"
	      "complete -o filenames -F _fivefold fivefold\n", fp);
	ff_buf_free(&b);
	ff_buf_free(&cmds);
	return rc;
}

/* s as the inside of a zsh single-quoted _arguments description: quotes
   closed and reopened, brackets and colons escaped. */
static void zsh_desc(FILE *fp, const char *s)
{
	for (; *s && *s != '\n'; s++) {
		if (*s == '\'')
			fputs("'\\''", fp);
		else if (*s == '[' || *s == ']' || *s == ':')
			fprintf(fp, "\\%c", *s);
		else
			fputc(*s, fp);
	}
}

/* The action of a value: _files, or (a b c), or _fivefold_names for names
   that follow -g, or nothing to offer. */
static int zsh_action(FILE *fp, const struct ff_cmd *c, const struct ff_opt *o,
		      struct ff_buf *b)
{
	if (by_game(c, o)) {
		fprintf(fp, "_fivefold_names %s", by_game(c, o) == 1 ? "presets" : "options");
		return 0;
	}
	ff_buf_reset(b);
	if (ff_doc_values(c, o, b))
		return -1;
	if (ff_doc_is_path(c, o))
		fputs("_files", fp);
	else if (b->len)
		fprintf(fp, "(%s)", b->p);
	else
		fputs(" ", fp);
	return 0;
}

static int zsh_command(FILE *fp, const struct ff_cmd *c, struct ff_buf *b)
{
	const struct ff_opt *o;
	int i;

	fprintf(fp, "\t(%s)\n\t\t_arguments -s -S", c->name);
	for (i = 0; (o = ff_cmd_opt(c, i)); i++) {
		const struct ff_optword *w = ff_optword(o->id);

		fputs(" \\\n\t\t\t", fp);
		if (w->letter)
			fprintf(fp, "'(-%c --%s)'{-%c%s,--%s%s}'", w->letter, w->name, w->letter,
				w->arg ? "+" : "", w->name, w->arg ? "=" : "");
		else
			fprintf(fp, "'--%s%s", w->name, w->arg ? "=" : "");
		fputc('[', fp);
		zsh_desc(fp, ff_opt_help(o));
		fputc(']', fp);
		if (w->arg) {
			fputc(':', fp);
			zsh_desc(fp, w->arg);
			fputc(':', fp);
			if (zsh_action(fp, c, o, b))
				return -1;
		}
		fputc('\'', fp);
	}
	if (c->operands) {
		fputs(" \\\n\t\t\t'*:operand:", fp);
		if (zsh_action(fp, c, NULL, b))
			return -1;
		fputc('\'', fp);
	}
	fputs(";;\n", fp);
	return 0;
}

/* _fivefold_names presets|options: the presets or options of the game a
   -g or --game before the cursor names, else every game's. */
static int zsh_names(FILE *fp, struct ff_buf *b)
{
	static const char *const kinds[] = { "", "presets", "options" };
	const char *games[16];
	size_t n = ff_cmd_engine_names(0, games, 16), i;
	int what;

	fputs("_fivefold_names() {\n\tlocal g i\n\tfor (( i = 1; i < CURRENT; i++ )); do\n"
	      "\t\tcase $words[i] in\n\t\t(-g|--game) g=$words[i+1];;\n"
	      "\t\t(--game=*) g=${words[i]#--game=};;\n\t\t(-g?*) g=${words[i]#-g};;\n"
	      "\t\tesac\n\tdone\n\tcase $1:$g in\n", fp);
	for (what = 1; what <= 2; what++)
		for (i = 0; i <= n; i++) {
			if (game_words(b, i < n ? games[i] : NULL, what))
				return -1;
			fprintf(fp, "\t(%s:%s) compadd -- %s;;\n", kinds[what],
				i < n ? games[i] : "*", b->p ? b->p : "");
		}
	fputs("\tesac\n}\n", fp);
	return 0;
}

static int zsh(FILE *fp)
{
	struct ff_buf b = FF_BUF_INIT;
	const struct ff_cmd *c;
	int i, rc = 0;

	fputs("#compdef fivefold\n"
	      "# zsh completion for fivefold, made by `fivefold help --completion zsh`\n", fp);
	if (zsh_names(fp, &b))
		return -1;
	fputs("_fivefold() {\n\tlocal -a cmds\n\tcmds=(\n", fp);
	for (i = 0; (c = ff_cmd_at(i)); i++) {
		fprintf(fp, "\t\t'%s:", c->name);
		zsh_desc(fp, c->summary);
		fputs("'\n", fp);
	}
	fputs("\t)\n\tif (( CURRENT == 2 )); then\n\t\t_describe -t commands 'fivefold command' cmds\n"
	      "\t\treturn\n\tfi\n\tlocal cmd=$words[2]\n\tshift words\n\t(( CURRENT-- ))\n"
	      "\tcase $cmd in\n", fp);
	for (i = 0; !rc && (c = ff_cmd_at(i)); i++)
		rc = zsh_command(fp, c, &b);
	fputs("\tesac\n}\n_fivefold \"$@\"\n", fp);
	ff_buf_free(&b);
	return rc;
}

int ff_doc_completion(FILE *fp, const char *shell)
{
	int rc = strcmp(shell, "zsh") == 0 ? zsh(fp) : bash(fp);

	return rc || fflush(fp) || ferror(fp) ? -1 : 0;
}
