/* Reading games from the command's operands: each FILE in turn (or
   standard input where there are none, or for "-"), in the format named by
   --from or by the file's extension (FGN by default). */
#ifndef FF_INPUT_H
#define FF_INPUT_H

#include <stdio.h>

#include "cmd/opt.h"
#include "formats/format.h"

/* What the input options say: --from and --raw-csv; and, set by a
   command that reads its input twice, the seekable stream standard input
   was spooled to (read from its start for the operand "-", which keeps
   the name <stdin>; the command closes it). */
struct ff_input_opts {
	const struct ff_format *from;   /* NULL: by extension, else by the first bytes */
	int raw_csv;
	FILE *stdin_spool;              /* NULL: standard input itself */
};

/* The rows of a command's option table for a struct ff_input_opts at
   `field` of its settings. */
#define FF_INPUT_OPTS(type, field) \
	FF_OPT(FROM, type, field.from), FF_OPT(RAWCSV, type, field.raw_csv)

/* A piece of a file for a worker to read (ff_input_step), of a format
   with a chunking (formats/format.h): p[0, len) are the file's bytes from
   offset `off` on, starting at line `line` where the reader would start
   a game (or at the file's start), and ending where it would start one
   (or at the file's end); p[len, len + look) are the bytes after it that
   the reader needs to see (so that the games read from p end as they do
   in the file), then a NUL. `base` is the number of games of the file
   before it and `pieces` the games it holds, as the format's cutter
   assumes them. The true counts can be larger (for FGN, a game without
   tags after a result on its line): the consumer checks
   (ff_numbering_unit). */
struct ff_chunk {
	char *p;
	size_t len, look, cap;
	long line;
	long base, pieces;
	unsigned long long off;
	long serial;           /* the file's serial number (ff_input.serial) */
	const char *file;      /* its name (borrowed, stable) */
	const struct ff_format *fmt;   /* its format */
	unsigned flags;        /* FF_FMT_ flags for the reader */
};

struct ff_split;

/* Invariant: while reader != NULL, fp is open and fmt is its format;
   while split != NULL, fp is open, fmt is FGN and reader is NULL. */
struct ff_input {
	char **files;          /* operands (borrowed) */
	int nfiles;
	int next;              /* index of the next file to open */
	const struct ff_format *forced;   /* --from, or NULL */
	const char *name;      /* current file's name for diagnostics */
	FILE *fp;              /* the stream the reader reads */
	FILE *src;             /* the file under fp when fp gives bytes read first, or NULL */
	const struct ff_format *fmt;
	void *reader;
	unsigned long long done;   /* bytes of the files already finished */
	unsigned flags;        /* FF_FMT_ flags for the readers */
	FILE *stdin_spool;     /* ff_input_opts.stdin_spool */
	int chunked;           /* FGN files go out in chunks (ff_input_step) */
	size_t chunk_bytes;    /* their size (0: none; FF_SPLIT in the environment) */
	struct ff_split *split;   /* the current file's splitter, or NULL */
	long serial;           /* files opened so far */
	long assumed;          /* the reader went on from a splitter that assumed this
				  many games before it (-1: it did not) */
};

/* Before a command reads its input files[0, n): when there are none
   (standard input is read) and standard input is a terminal, a note on
   standard error that it is read (else the command seems to hang). */
void ff_input_hint(const char *cmd, int n, const struct ff_input_opts *opts);
/* Start reading files[0..n) (n == 0: standard input) as opts say (NULL:
   the defaults). */
void ff_input_init(struct ff_input *in, char **files, int n, const struct ff_input_opts *opts);
/* Next game into rec. Returns 1 (a game), 0 (end of all input), -1 (the
   game is malformed: err says why, rec holds what was read) or -2 (a file
   could not be opened or read: err says why; the input moves on).
   *file receives the name of the game's file (borrowed, stable). */
int ff_input_next(struct ff_input *in, struct ff_record *rec, struct ff_error *err,
		  const char **file);
/* As ff_input_next, for an input with `chunked` set; an FGN file goes
   out in chunks: returns 2 with the next chunk in ch (whose buffer it
   may swap with the one it keeps; ch zeroed at first, ff_chunk_free at
   the end). With ch NULL, returns 3 without reading anything when the
   next unit would be a chunk. A file the splitter finds no game start in
   for too long is read game by game from there on (in->assumed >= 0 for
   its games: their numbers go on from that many). */
int ff_input_step(struct ff_input *in, struct ff_chunk *ch, struct ff_record *rec,
		  struct ff_error *err, const char **file);
void ff_chunk_free(struct ff_chunk *ch);

/* A slot's games read one by one (cmd/batch.h), for ff_numbering_unit:
   arrays of at least n entries. */
struct ff_fill {
	struct ff_record *recs;
	int *rstat;                /* ff_input_step's return: 1, -1, -2 */
	struct ff_error *rerr;
	const char **file;
	long *serial, *assumed;    /* in->serial and in->assumed when read */
};
/* A reader of the chunk's games, numbered from ch->base; NULL when
   memory runs out. The caller frees it with ff_chunk_reader_free. */
void *ff_chunk_reader(const struct ff_chunk *ch);
void ff_chunk_reader_free(const struct ff_chunk *ch, void *r);
/* The chunk's next game from r, as ff_input_next returns: 1 read, 0 the
   chunk's end, -1 malformed, -2 out of memory (r NULL too; err says so:
   the rest of the chunk's file is not read). */
int ff_chunk_read(const struct ff_chunk *ch, void *r, struct ff_record *rec,
		  struct ff_error *err);

/* The game numbers of the games consumed so far, in order, for commands
   whose workers read chunks ahead of the consumer: a chunk's games are
   numbered from its base, which the cutter may have put too low, and the
   games read one by one after a file stopped being split go on from the
   number it had reached. Zeroed at the start. */
struct ff_numbering {
	long serial, count;    /* the file consumed last, its games so far */
};
/* For the slot the batch filled, consumed next: a chunk (chunk set) of
   ngames games numbered from ch->base, or the games to->recs[0, n) read
   one by one, with in->serial and in->assumed as they were when each was
   read (to's serial and assumed, which with rerr must be kept). Returns 1
   when their numbers were right; otherwise sets them right (the chunk's
   base; the game numbers of the records, of rerr and of assumed) and
   returns 0: the unit's work is to be done again. */
int ff_numbering_unit(struct ff_numbering *nb, int chunk, struct ff_chunk *ch, long ngames, int n,
		      const struct ff_fill *to);
/* Bytes read so far over all files (for progress lines). */
unsigned long long ff_input_offset(const struct ff_input *in);
/* Read the index-th game (1-based) of the input into rec, for command
   cmd (its name, for messages). Returns 0, or FF_EXIT_FAIL after a
   message (no such game, a file that cannot be read, a malformed game). */
int ff_input_nth(struct ff_input *in, long index, struct ff_record *rec, const char **file,
		 const char *cmd);
/* Print err as a diagnostic for file on standard error. */
void ff_input_report(const char *file, const struct ff_error *err);
/* Close whatever is open. */
void ff_input_close(struct ff_input *in);

#endif
