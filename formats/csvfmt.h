/* CSV in two shapes, a row per game ("csv") and a row per ply ("csvply");
   formats/csv.c describes the columns. (Not called csv.h: that is
   libcsv's.) */
#ifndef FF_CSVFMT_H
#define FF_CSVFMT_H

#include <stdio.h>

#include "lib/buf.h"
#include "lib/error.h"
#include "lib/record.h"

struct ff_csv_reader;
struct ff_csv_writer;

/* A reader on fp; per_ply chooses the shape. NULL when memory runs out. */
struct ff_csv_reader *ff_csv_reader_new(FILE *fp, int per_ply);
void ff_csv_reader_free(struct ff_csv_reader *r);
/* Read cells as they are, without taking off the spreadsheet guard
   (formats/csv.c). */
void ff_csv_reader_set_raw(struct ff_csv_reader *r, int raw);
/* The next game: 1, 0 at the end, -1 with err (the record number as line
   and the field as column, as are the positions in rec; FF_ESYNTAX,
   FF_EBAD_BYTE, FF_ETOO_LONG, or a code of the FGN reader's; the reader
   goes on with the next game where it can). */
int ff_csv_read(struct ff_csv_reader *r, struct ff_record *rec, struct ff_error *err);
/* The rows of the game last read, re-quoted (borrowed). */
const char *ff_csv_raw(const struct ff_csv_reader *r, size_t *len);
unsigned long long ff_csv_offset(const struct ff_csv_reader *r);

/* A writer. tags (borrowed, kept) lists the tag columns of a per-game CSV
   in order: every tag name the input has. The first put writes the header.
   NULL when memory runs out. */
struct ff_csv_writer *ff_csv_writer_new(int per_ply, char **tags, size_t ntags);
void ff_csv_writer_free(struct ff_csv_writer *w);
/* Write cells as they are, without the spreadsheet guard. */
void ff_csv_writer_set_raw(struct ff_csv_writer *w, int raw);
/* Append rec's row(s). Returns 0, or -1 (no memory; per game: a tag that
   is not among the writer's columns, or a tag given twice, which one
   column cannot hold), with nothing appended for a game that does not
   fit. */
int ff_csv_writer_put(struct ff_csv_writer *w, const struct ff_record *rec, struct ff_buf *out);

#endif
