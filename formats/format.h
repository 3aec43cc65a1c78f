/* The formats table: every notation fivefold reads or writes is one entry
   {name, extension, reader, writer}, a const struct ff_format that its own
   file exports (as each rules engine exports its struct ff_rules);
   formats/format.c lists them. Commands pick entries by name, by a file's
   extension or by an input's first bytes, and never switch on the format
   themselves. */
#ifndef FF_FORMAT_H
#define FF_FORMAT_H

#include <stdio.h>

#include "lib/buf.h"
#include "lib/error.h"
#include "lib/record.h"

/* Flags for readers and writers. */
#define FF_FMT_RAW_CSV 1u   /* CSV cells as they are: no spreadsheet guard (formats/csv.c) */
/* Only the tags and whether each game reads are wanted: a reader may
   leave plies, notes and the result out of the records (FGN does). */
#define FF_FMT_TAGS_ONLY 2u

/* What is known of a game beyond its record's text: the facts the store
   keeps beside it (export), or those of its replay (convert). A per-game
   CSV writes them as its derived columns (formats/csv.c). Strings are
   borrowed; NULL, and -1 for numbers, where a fact is not known. */
struct ff_derived {
	const char *ruleset;      /* the canonical ruleset id, game/preset[:options] */
	int seats;
	int plies;                /* plies, not tokens (preludes are not plies) */
	int winner;               /* the winning side, 1-based; 0 for none (a draw, unfinished) */
	const char *termination;  /* normal, blocked, ..., unfinished */
	const char *origin;       /* "imported" or "simulated" */
	const char *date;         /* the date as the store keeps it (NULL: none) */
	char date_buf[11];        /* room for date, where the writer's caller fills it */
};

/* A struct ff_derived with nothing known. */
#define FF_DERIVED_NONE { NULL, -1, -1, -1, NULL, NULL, NULL, "" }

/* What a format's sniff method says of an input's first bytes. */
enum ff_sniff {
	FF_SNIFF_NO = 0,        /* not this format */
	FF_SNIFF_SIGN = 1,      /* a sign of it (a weaker claim) */
	FF_SNIFF_SIGNATURE = 2  /* its signature */
};

/* Reading an input in chunks that workers parse apart (cmd/input.c): the
   format says where the input may be cut, and reads a chunk from memory. */
struct ff_chunking {
	size_t size;   /* of a cutter's state, zeroed at the input's start */
	/* Where the reader must start a game, at or after min in p[0, n), the
	   input's bytes not yet cut off (p[0] is the input's start or the last
	   cut; p[0, n) holds the bytes of the last call and perhaps more):
	   returns its offset (0: none yet), with *look the bytes past it the
	   reader must see to end the game before it, and *pieces the games
	   assumed before it (the true count may be larger: the caller checks).
	   With eof (nothing follows p[0, n)), returns n when n > 0, *look 0. */
	size_t (*cut)(void *state, const unsigned char *p, size_t n, size_t min, int eof,
		      size_t *look, long *pieces);
	/* A reader over p[0, len), with p[len] == '\0', kept as it is while
	   the reader is used: the input from byte `offset` on, at the start
	   of line `line`, after `number` games. NULL when memory runs out. */
	void *(*reader_mem)(const char *p, size_t len, long line, long number,
			    unsigned long long offset, unsigned flags);
	/* Say where a reader from reader_new starts, before its first read,
	   as for reader_mem. */
	void (*reader_start)(void *reader, long line, long number, unsigned long long offset);
	/* For a reader from reader_mem: where the game last read starts, as
	   an index into p. */
	size_t (*game_start)(const void *reader);
};

struct ff_format {
	const char *name;       /* "fgn" */
	const char *ext;        /* file extension without the dot */
	const char *help;
	/* The game (its engine's registry name, lib/ruleset.h) of every
	   record in this format, e.g. "fivelines"; NULL when the format holds
	   games of any kind. */
	const char *game;
	/* Optional (NULL: the format is never guessed): how much head[0, n),
	   the first bytes of an input with a BOM and blank lines passed over
	   (n >= 1, up to a few KiB), looks like this format: an enum
	   ff_sniff value. */
	int (*sniff)(const char *head, size_t n);
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
	/* Optional (NULL: read game by game only). */
	const struct ff_chunking *chunking;
	/* Append rec in this format. Returns 0 or -1. NULL for formats whose
	   writer keeps state (a header): those use the writer_ hooks. */
	int (*write)(const struct ff_record *rec, struct ff_buf *out);
	/* Stateful writers. needs_tags: writer_new wants the names of every
	   tag of the whole input, in first-seen order (a first pass). */
	int needs_tags;
	void *(*writer_new)(char **tags, size_t ntags, unsigned flags);
	/* d: what is known beyond the record (NULL: nothing). */
	int (*writer_put)(void *w, const struct ff_record *rec, const struct ff_derived *d,
			  struct ff_buf *out);
	void (*writer_free)(void *w);
	/* Optional (NULL: the rows are made in order, on one thread): append
	   the header writer_put writes before its first row, unless it is
	   written, and count it written. Returns 0 or -1. A format with it
	   makes each row from its record alone: writers whose header was
	   counted written this way may make rows on other threads. */
	int (*writer_header)(void *w, struct ff_buf *out);
};

/* The format called name, or NULL. */
const struct ff_format *ff_format_find(const char *name);
/* The format whose extension ends path, or NULL. */
const struct ff_format *ff_format_for_path(const char *path);
/* The format the first bytes of an input look like (head[0, n), n up to
   a few KiB): the one whose sniff method says so most surely, the first
   in the list on a tie; NULL when none does (FGN, then). A BOM and blank
   lines are passed over first. */
const struct ff_format *ff_format_sniff(const char *head, size_t n);
/* The i-th format, NULL past the end. */
const struct ff_format *ff_format_at(int i);

#endif
