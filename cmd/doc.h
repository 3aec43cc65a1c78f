/* Documents made from the CLI's tables: the manual page (cmd/man.c) and
   the shell completions (cmd/complete.c). */
#ifndef FF_DOC_H
#define FF_DOC_H

#include <stdio.h>

#include "cmd/cmd.h"
#include "lib/buf.h"

/* What `fivefold help` says first, and what the exit codes mean. */
extern const char ff_doc_intro[], ff_doc_exit[];

/* Write the manual page fivefold(1) in roff to fp. Returns 0, or -1 when
   a write failed. */
int ff_doc_man(FILE *fp);
/* Write the completion script for shell ("bash" or "zsh") to fp. Returns
   0, or -1 when a write failed. */
int ff_doc_completion(FILE *fp, const char *shell);
/* The words a value of o (or an operand, for o NULL, of cmd) completes
   to, separated by spaces, into out; nothing when it completes to a path
   or has no fixed set. Returns 0 or -1 (no memory). */
int ff_doc_values(const struct ff_cmd *cmd, const struct ff_opt *o, struct ff_buf *out);
/* 1 when a value of o (or an operand of cmd) is a path. */
int ff_doc_is_path(const struct ff_cmd *cmd, const struct ff_opt *o);

#endif
