/* JSON Lines: one game per line as a JSON object (formats/jsonl.c says
   which); streaming reader and writer. */
#ifndef FF_JSONL_H
#define FF_JSONL_H

#include <stdio.h>

#include "lib/buf.h"
#include "lib/error.h"
#include "lib/record.h"

struct ff_jsonl_reader;

struct ff_jsonl_reader *ff_jsonl_reader_new(FILE *fp);
void ff_jsonl_reader_free(struct ff_jsonl_reader *r);
/* The next game: 1, 0 at the end, -1 with err (FF_ESYNTAX at the line and
   column of the problem; the reader goes on with the next line). */
int ff_jsonl_read(struct ff_jsonl_reader *r, struct ff_record *rec, struct ff_error *err);
/* The line of the game last read (borrowed). */
const char *ff_jsonl_raw(const struct ff_jsonl_reader *r, size_t *len);
unsigned long long ff_jsonl_offset(const struct ff_jsonl_reader *r);
/* Append rec as one line. Returns 0 or -1. */
int ff_jsonl_write(const struct ff_record *rec, struct ff_buf *out);

#endif
