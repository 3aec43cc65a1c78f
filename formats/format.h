/* The formats table: every notation fivefold reads or writes is one entry
   {name, extension, reader, writer}. Commands pick entries by name or by a
   file's extension and never switch on the format themselves. */
#ifndef FF_FORMAT_H
#define FF_FORMAT_H

#include <stdio.h>

#include "lib/buf.h"
#include "lib/error.h"
#include "lib/record.h"

/* Flags for readers and writers. */
#define FF_FMT_RAW_CSV 1u   /* CSV cells as they are: no spreadsheet guard (formats/csv.c) */

struct ff_format {
	const char *name;       /* "fgn" */
	const char *ext;        /* file extension without the dot */
	const char *help;
	/* A streaming reader on fp with FF_FMT_ flags; NULL when memory runs
	   out. */
	void *(*reader_new)(FILE *fp, unsigned flags);
	/* Next game into rec: 1 read, 0 end, -1 error in err (see fgn.h). */
	int (*read)(void *reader, struct ff_record *rec, struct ff_error *err);
	/* The raw text of the game last read (borrowed). */
	const char *(*raw)(const void *reader, size_t *len);
	/* Bytes consumed so far. */
	unsigned long long (*offset)(const void *reader);
	void (*reader_free)(void *reader);
	/* Append rec in this format. Returns 0 or -1. NULL for formats whose
	   writer keeps state (a header): those use the writer_ hooks. */
	int (*write)(const struct ff_record *rec, struct ff_buf *out);
	/* Stateful writers. needs_tags: writer_new wants the names of every
	   tag of the whole input, in first-seen order (a first pass). */
	int needs_tags;
	void *(*writer_new)(char **tags, size_t ntags, unsigned flags);
	int (*writer_put)(void *w, const struct ff_record *rec, struct ff_buf *out);
	void (*writer_free)(void *w);
};

/* The format called name, or NULL. */
const struct ff_format *ff_format_find(const char *name);
/* The format whose extension ends path, or NULL. */
const struct ff_format *ff_format_for_path(const char *path);
/* The format the first bytes of an input look like (head[0, n), n up to
   a few KiB): JSON Lines when the first thing is {, a Ludii trial when it
   is game=, CSV when the first line is a per-game or per-ply header; NULL
   when nothing says (FGN, then). A BOM and blank lines are passed over. */
const struct ff_format *ff_format_sniff(const char *head, size_t n);
/* The i-th format, NULL past the end. */
const struct ff_format *ff_format_at(int i);

#endif
