/* CSV in two shapes, a row per game ("csv") and a row per ply ("csvply");
   formats/csv.c describes the columns. (Not called csv.h: that is
   libcsv's.) The readers and writers made here keep the spreadsheet
   guard; the formats table's entries (ff_format_csv, ff_format_csvply)
   turn it off with FF_FMT_RAW_CSV. */
#ifndef FF_CSVFMT_H
#define FF_CSVFMT_H

#include <stdio.h>

#include "lib/buf.h"
#include "lib/error.h"
#include "lib/record.h"

struct ff_derived;

struct ff_csv_reader;
struct ff_csv_writer;

/* A reader on fp (not closed by the reader); per_ply chooses the shape.
   NULL when memory runs out. */
struct ff_csv_reader *ff_csv_reader_new(FILE *fp, int per_ply);
/* The functions below that take a reader or a writer take one made here,
   as a void * (the formats table's signatures). */

/* Free the reader (NULL is fine). */
void ff_csv_reader_free(void *reader);
/* The next game: 1, 0 at the end, -1 with err (the record number as line
   and the field as column, as are the positions in rec; FF_ESYNTAX,
   FF_EBAD_BYTE, FF_ETOO_LONG, or a code of the FGN reader's; the reader
   goes on with the next game where it can). */
int ff_csv_read(void *reader, struct ff_record *rec, struct ff_error *err);

/* A writer. tags (borrowed, kept) lists the tag columns of a per-game CSV
   in order: every tag name the input has. The first put writes the header.
   NULL when memory runs out. */
struct ff_csv_writer *ff_csv_writer_new(int per_ply, char **tags, size_t ntags);
/* Free the writer (NULL is fine; the tags stay the caller's). */
void ff_csv_writer_free(void *writer);
/* Append rec's row(s); d (NULL: nothing known) gives a per-game row's
   derived columns (without it, the ruleset id and seats of the game its
   tags start, the other derived cells empty). Returns 0, or -1 (no memory; per game: a tag that
   is not among the writer's columns, or a tag given twice, which one
   column cannot hold), with nothing appended for a game that does not
   fit. */
int ff_csv_writer_put(void *writer, const struct ff_record *rec, const struct ff_derived *d,
		      struct ff_buf *out);

#endif
