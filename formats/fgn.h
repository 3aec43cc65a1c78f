/* FGN (fivefold game notation): a streaming, lenient reader and a
   canonical writer. The reader holds one game at a time. */
#ifndef FF_FGN_H
#define FF_FGN_H

#include <stdio.h>

#include "formats/format.h"
#include "lib/buf.h"
#include "lib/error.h"
#include "lib/record.h"

struct ff_fgn_reader;

/* Where FGN input may be cut into chunks (formats/fgn_split.c). */
extern const struct ff_chunking ff_fgn_chunking;

/* A reader on fp (not closed by the reader). Returns NULL when memory runs
   out. */
struct ff_fgn_reader *ff_fgn_reader_new(FILE *fp);
/* A reader over p[0, len), which must stay as it is while the reader
   is used and be followed by a NUL (p[len] == '\0'), as if it were the
   input from byte `offset` on, at the start of line `line`, after
   `number` games: games are numbered from number + 1, positions and
   offsets go on from there; a BOM is skipped only at offset 0. The
   caller must start it where a new game would start (the start of the
   input, or a line the reader would begin a game at). flags: the
   formats table's FF_FMT_ flags (FF_FMT_TAGS_ONLY). Returns NULL when
   memory runs out. */
struct ff_fgn_reader *ff_fgn_reader_mem(const char *p, size_t len, long line, long number,
				       unsigned long long offset, unsigned flags);
/* Set where a reader from ff_fgn_reader_new starts, before its first
   read, as for ff_fgn_reader_mem: its stream is the input from byte
   `offset` on, at the start of line `line`, after `number` games. */
void ff_fgn_reader_start(void *reader, long line, long number, unsigned long long offset);
/* The functions below that take a reader take one from
   ff_fgn_reader_new, as a void * (the formats table's signatures). */

/* Free the reader (NULL is fine). */
void ff_fgn_reader_free(void *reader);

/* Read the next game into rec (reset first; rec->number, line, col set).
   Returns 1 when a game was read, 0 at the end of the input, -1 when the
   game is malformed or reading failed: err then holds the code
   (FF_ESYNTAX, FF_EIO or FF_ENOMEM), line, col, game and ply (the
   1-based index of the ply token at or after which it broke; 0 in the
   tag section). After a syntax error the reader has skipped to where the
   next game starts, so calling again goes on with the next game; after
   FF_EIO or FF_ENOMEM it returns 0 from then on. */
int ff_fgn_read(void *reader, struct ff_record *rec, struct ff_error *err);

/* Read the first game of text[0, len) into rec, as ff_fgn_read does
   (err may be NULL). Returns 1, 0 when there is none, -1 (FF_ENOMEM in
   err when no reader could be made). */
int ff_fgn_read_text(const char *text, size_t len, struct ff_record *rec, struct ff_error *err);

/* The raw bytes of the game last returned (1 or -1), from its first byte
   through the end of the line of its result token (or the point where the
   reader resumed). Borrowed: valid until the next ff_fgn_read. */
const char *ff_fgn_raw(const void *reader, size_t *len);

/* For a reader from ff_fgn_reader_mem: where the game last returned
   (1 or -1) starts, as an index into its buffer. */
size_t ff_fgn_game_start(const void *reader);

/* Bytes consumed so far (for progress reports). */
unsigned long long ff_fgn_offset(const void *reader);

/* Is s[0, n) a result token (1-0 0-1 1/2-1/2 * D W<k>)? */
int ff_fgn_result_token(const char *s, size_t n);
/* Does s[0, n) read back from FGN as this one ply token: not empty, no
   white space or { ; ( ) [ ], not a NAG ($...), a move number (12.) or a
   result, and not ending in a suffix (! ?)? The readers of other formats
   check their plies with it, so that a game written as FGN reads back the
   same. */
int ff_fgn_ply_token(const char *s, size_t n);
/* Can s[0, n) be written as a brace comment as it is: no }, and no line
   whose first non-blank character is [ ? */
int ff_fgn_comment_ok(const char *s, size_t n);

/* Append rec to out in canonical FGN. Returns 0 or -1 (no memory). */
int ff_fgn_write(const struct ff_record *rec, struct ff_buf *out);
/* Append rec's movetext as ff_fgn_write writes it (notes included),
   without the result and without a final newline, but on one line: items
   are always separated by one space, so the only line breaks are those
   of the game's own text (the end of a ; comment, one inside a {comment}).
   Nothing for a game with neither plies nor notes. Returns 0 or -1 (no
   memory). */
int ff_fgn_write_movetext(const struct ff_record *rec, struct ff_buf *out);

#endif
