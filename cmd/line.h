/* Reading a person's lines for `fivefold play`: with libedit (line
   editing, history, tab completion over words the caller gives) when
   the build has it and standard input is a terminal, else a plain
   prompt that reads lines. */
#ifndef FF_LINE_H
#define FF_LINE_H

#include <stddef.h>
#include <stdio.h>

#include "lib/buf.h"

/* What tab completes: the words that start with prefix[0, len), each
   appended to out followed by a NUL; returns how many. */
typedef int (*ff_line_complete_fn)(void *ctx, const char *prefix, size_t len,
				   struct ff_buf *out);

struct ff_line;

/* A reader of in, prompting on out, completing with complete(ctx, ...)
   (NULL: no completion). Returns it (free with ff_line_close), or NULL
   when memory runs out. */
struct ff_line *ff_line_open(FILE *in, FILE *out, ff_line_complete_fn complete, void *ctx);
/* Print prompt and read one line. Returns it without its newline and
   without blanks at either end (borrowed: valid until the next read), or
   NULL at the end of the input or on a read error. A line that is not
   blank goes into the history. */
const char *ff_line_read(struct ff_line *l, const char *prompt);
/* 1 when lines are edited with libedit, 0 for the plain prompt. */
int ff_line_editing(const struct ff_line *l);
void ff_line_close(struct ff_line *l);

#endif
