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
	case FF_C_OPTNAME: case FF_C_OPTVAL:
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

/* "-o --output" or "--from", the spellings of o. */
static void spellings(FILE *fp, const struct ff_opt *o, const char *sep)
{
	const struct ff_optword *w = ff_optword(o->id);

	if (w->letter)
		fprintf(fp, "-%c%s", w->letter, sep);
	fprintf(fp, "--%s", w->name);
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
		"_fivefold()\n{\n\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
		"\tlocal opts='' values='' paths=0\n\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n"
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

/* The action of a value: _files, or (a b c), or nothing to offer. */
static int zsh_action(FILE *fp, const struct ff_cmd *c, const struct ff_opt *o,
		      struct ff_buf *b)
{
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

static int zsh(FILE *fp)
{
	struct ff_buf b = FF_BUF_INIT;
	const struct ff_cmd *c;
	int i, rc = 0;

	fputs("#compdef fivefold\n"
	      "# zsh completion for fivefold, made by `fivefold help --completion zsh`\n"
	      "_fivefold() {\n\tlocal -a cmds\n\tcmds=(\n", fp);
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
