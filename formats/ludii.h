/* Ludii trials of Pente Grammai: read one trial as an FGN game of the
   matching Locus Ludi preset; write such a game back as a trial. */
#ifndef FF_LUDII_H
#define FF_LUDII_H

#include <stdio.h>

#include "lib/buf.h"
#include "lib/error.h"
#include "lib/record.h"

struct ff_ludii_reader;

/* A reader on fp (one trial per stream). NULL when memory runs out. */
struct ff_ludii_reader *ff_ludii_reader_new(FILE *fp);
void ff_ludii_reader_free(struct ff_ludii_reader *r);
/* The trial as a game: 1, 0 at the end, -1 with err (FF_ESYNTAX with the
   line of the bad Move= line, FF_EIO, FF_ENOMEM). */
int ff_ludii_read(struct ff_ludii_reader *r, struct ff_record *rec, struct ff_error *err);
/* The trial's text (borrowed). */
const char *ff_ludii_raw(const struct ff_ludii_reader *r, size_t *len);
unsigned long long ff_ludii_offset(const struct ff_ludii_reader *r);
/* Append rec as a trial. rec must be a locusludi-race or -knockoff game
   without extra throws, its plies in canonical long form (convert rewrites
   them through the engine first). Returns 0, or -1 when it cannot be
   written (or memory runs out). The file is fivefold's, in the format of
   Ludii 1.3.12's trials; the die and hands set-up lines are Ludii's. */
int ff_ludii_write(const struct ff_record *rec, struct ff_buf *out);

#endif
