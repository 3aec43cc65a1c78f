/* JSON Lines: one game per line as a JSON object (formats/jsonl.c says
   which); streaming reader and writer. */
#ifndef FF_JSONL_H
#define FF_JSONL_H

#include <stdio.h>

#include "lib/buf.h"
#include "lib/error.h"
#include "lib/record.h"

struct ff_jsonl_reader;

/* A reader on fp (not closed by the reader). Returns NULL when memory runs
   out. */
struct ff_jsonl_reader *ff_jsonl_reader_new(FILE *fp);
/* The functions below that take a reader take one from
   ff_jsonl_reader_new, as a void * (the formats table's signatures). */

/* Free the reader (NULL is fine). */
void ff_jsonl_reader_free(void *reader);
/* The next game: 1, 0 at the end, -1 with err (FF_ESYNTAX at the line and
   column of the problem; the reader goes on with the next line). */
int ff_jsonl_read(void *reader, struct ff_record *rec, struct ff_error *err);
/* Append rec as one line. Returns 0 or -1. */
int ff_jsonl_write(const struct ff_record *rec, struct ff_buf *out);

#endif
