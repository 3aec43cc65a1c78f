/* The game record: one game's tags, plies, comments and annotations, kept
   as written (ply tokens are not interpreted here; engines do that). */
#ifndef FF_RECORD_H
#define FF_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "lib/buf.h"

/* Strings live in the record's text arena; fields hold offsets into it,
   each string NUL-terminated there. Offsets stay valid while the record
   grows (the arena may move; pointers from ff_record_str may not). */

/* A tag, in the order read. */
struct ff_tag {
	uint32_t name;   /* offset of the name, e.g. "Game" */
	uint32_t value;  /* offset of the unescaped value */
	long line;       /* where the tag stands (1-based; 0 = made, not read) */
	long col;
};

/* A ply token with its suffix annotation: 20 bytes, as a game may hold
   millions (the memory bound of docs/formats.md, "Limits"). */
struct ff_rec_ply {
	uint32_t tok;    /* offset of the token without suffix, e.g. "4:3-7" */
	uint32_t line;   /* where the token starts (1-based; 0 = made; a line
			    past 4,294,967,295 is kept as that number) */
	uint32_t col;    /* column in characters (1-based; a game line holds
			    at most FF_MAX_GAME_BYTES, so it fits) */
	uint16_t len;    /* its length in bytes */
	char suffix[3];  /* "", "!", "?", "!!", "??", "!?" or "?!" */
};

/* A comment or numeric annotation. Notes stand after a ply: after == k
   means after the k-th ply (1-based), 0 means before the first ply. Notes
   with the same `after` keep their order. */
enum ff_note_kind {
	FF_NOTE_BRACE = '{',  /* {text}: text is what stood between the braces */
	FF_NOTE_LINE = ';',   /* ;text to end of line: text excludes the newline */
	FF_NOTE_NAG = '$'     /* $n: text is the decimal digits of n */
};

struct ff_note {
	uint32_t after;
	uint32_t text;
	uint32_t len;
	char kind;       /* an enum ff_note_kind value */
};

/* One game. Invariant: every offset field < text.len; ntags <= tags_cap,
   and likewise for plies and notes. The record owns all its arrays.
   Reset between games keeps the memory, so reading a stream reuses it. */
struct ff_record {
	struct ff_buf text;            /* the arena (starts with one "\0" byte) */
	struct ff_tag *tags;
	size_t ntags, tags_cap;
	struct ff_rec_ply *plies;
	size_t nplies, plies_cap;
	struct ff_note *notes;
	size_t nnotes, notes_cap;
	uint32_t result;               /* offset of the result token; 0 = none */
	long result_line, result_col;  /* where it stands; 0 = made */
	long number;                   /* game number in its file (1-based) */
	long line, col;                /* where the game starts in its file */
};

/* Initialise an empty record. Returns 0, or -1 when memory runs out. */
int ff_record_init(struct ff_record *rec);
/* Empty the record for the next game, keeping its memory. */
void ff_record_reset(struct ff_record *rec);
/* Free everything the record owns. */
void ff_record_free(struct ff_record *rec);

/* The string at offset off (borrowed; valid until the record next grows). */
static inline const char *ff_record_str(const struct ff_record *rec, uint32_t off)
{
	return rec->text.p + off;
}

/* Store n bytes (plus a NUL) in the arena. Returns the offset, or 0 when
   memory runs out (offset 0 is the empty string and never returned). */
uint32_t ff_record_intern(struct ff_record *rec, const char *s, size_t n);

/* Append a tag (name and value are copied). Returns 0 or -1 (no memory). */
int ff_record_add_tag(struct ff_record *rec, const char *name, const char *value,
		      size_t value_len, long line, long col);
/* Set tag name to value: replace the first tag of that name, or append.
   Returns 0 or -1. */
int ff_record_set_tag(struct ff_record *rec, const char *name, const char *value);
/* The value of the first tag called name (case-sensitive), or NULL. */
const char *ff_record_tag(const struct ff_record *rec, const char *name);

/* Make room for one more ply and `bytes` more bytes of text (plus the
   arena's NUL). Returns 0 or -1 (no memory). */
int ff_record_room(struct ff_record *rec, size_t bytes);

/* A position as a ply keeps it: 0 for none, UINT32_MAX past it. */
static inline uint32_t ff_rec_pos(long v)
{
	return v < 0 ? 0 : (unsigned long)v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/* Append the ply whose token is at text offset off (len bytes, NUL after;
   suffix may be NULL) to the plies, which have room for it. */
static inline void ff_record_push_ply(struct ff_record *rec, uint32_t off, size_t len,
				      const char *suffix, long line, long col)
{
	struct ff_rec_ply *p = &rec->plies[rec->nplies++];

	p->tok = off;
	p->len = (uint16_t)len;
	p->suffix[0] = p->suffix[1] = p->suffix[2] = '\0';
	if (suffix && suffix[0]) {
		p->suffix[0] = suffix[0];
		p->suffix[1] = suffix[1];
	}
	p->line = ff_rec_pos(line);
	p->col = ff_rec_pos(col);
}

/* Append a ply token (copied; suffix may be NULL). Returns 0 or -1.
   Inline: readers add a ply per token. */
static inline int ff_record_add_ply(struct ff_record *rec, const char *tok, size_t len,
				    const char *suffix, long line, long col)
{
	size_t off = rec->text.len;

	if (len > UINT16_MAX || off > UINT32_MAX - len - 1 ||
	    ((rec->nplies == rec->plies_cap || off + len + 2 > rec->text.cap) &&
	     ff_record_room(rec, len + 1)))
		return -1;
	ff_copy(rec->text.p + off, tok, len);
	rec->text.p[off + len] = '\0';
	rec->text.len = off + len + 1;
	rec->text.p[rec->text.len] = '\0';
	ff_record_push_ply(rec, (uint32_t)off, len, suffix, line, col);
	return 0;
}
/* Append a ply whose token the caller wrote straight into rec->text:
   the bytes from offset start (rec->text.len before writing; never 0)
   to its end (no copy; for writers of many plies, as the simulator and
   ff_game_rewrite), with suffix (may be NULL) and where it stands.
   Returns 0 or -1. Inline, as ff_record_add_ply. */
static inline int ff_record_add_ply_text(struct ff_record *rec, size_t start, const char *suffix,
					 long line, long col)
{
	size_t len = rec->text.len - start;

	if (start == 0 || start > rec->text.len || start > UINT32_MAX - 1 || len > UINT16_MAX ||
	    ((rec->nplies == rec->plies_cap || rec->text.len + 2 > rec->text.cap) &&
	     ff_record_room(rec, 1)))
		return -1;
	rec->text.p[rec->text.len++] = '\0';
	rec->text.p[rec->text.len] = '\0';
	ff_record_push_ply(rec, (uint32_t)start, len, suffix, line, col);
	return 0;
}
/* Append a note after the current last ply. Returns 0 or -1. */
int ff_record_add_note(struct ff_record *rec, char kind, const char *text, size_t len);
/* Append to out the notes of rec that stand after ply `after`, from
   rec->notes[*j] on (advancing *j past them). Returns 0 or -1. */
int ff_record_copy_notes(const struct ff_record *rec, size_t *j, size_t after,
			 struct ff_record *out);
/* Set the result token (copied). Returns 0 or -1. */
int ff_record_set_result(struct ff_record *rec, const char *tok, long line, long col);

/* The result token, or "" when none was read. */
const char *ff_record_result(const struct ff_record *rec);

#endif
