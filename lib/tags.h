/* What a record's tags may say, beyond what the engines read: the tags
   fivefold knows (and names near one of them, likely misspelt), dates
   (PGN's YYYY.MM.DD and ISO 8601's YYYY-MM-DD, one normal form), the
   Termination values, and why a text is not a result (docs/fgn.md,
   "Tags"). */
#ifndef FF_TAGS_H
#define FF_TAGS_H

#include <stddef.h>

#include "lib/error.h"
#include "lib/record.h"

/* Whether name is a tag fivefold reads (Game, Rules, ..., Seat<k> for
   any k from 1). */
int ff_tag_known(const char *name);

/* The known tag that name (not a known one) is likely a misspelling of:
   the same but for case, or within one edit (two from six letters on;
   ff_text_distance). Returns a static string ("Seat<k>" names in buf,
   at least 24 bytes), or NULL when none is near (a custom tag) or name
   is not made of letters, digits and _ as FGN's tag names are. */
const char *ff_tag_near(const char *name, char *buf);

/* Read a Date tag value: PGN's YYYY.MM.DD (`??` or `?` for an unknown
   part) or ISO 8601's YYYY-MM-DD, YYYY-MM or YYYY. Returns 1 with the
   normal form YYYY.MM.DD (`????`, `??` for unknown parts) in out (11
   bytes); 0 for a date wholly unknown (`????.??.??`, an empty value;
   out is ""); -1 for anything else (no such month or day, another
   spelling; out is ""). */
int ff_date_normal(const char *s, char out[11]);

/* The Termination values (NULL-terminated): normal, repetition,
   blocked, movecap, resigned, abandoned, time-forfeit. */
extern const char *const ff_terminations[];

/* Whether a Termination value allows a result not reached on the board
   (resigned, abandoned, time-forfeit, movecap). */
int ff_termination_off_board(const char *t);

/* Whether s has the shape of a result token (1-0 0-1 1/2-1/2 * D W<k>). */
int ff_result_shape(const char *s);

/* Write into msg (cap bytes) why s, which is not a result token, is not
   one, for a game of `sides` sides (0: not known): "'1-O' is not a
   result (did you mean '1-0'?); results are 1-0, 0-1, 1/2-1/2 and * (W1,
   W2, D too)", naming a character such as U+2013 EN DASH that stands
   where ASCII is meant. Returns msg. */
char *ff_result_typo(const char *s, int sides, char *msg, size_t cap);

/* Whether s, not a result token, looks like one mistyped: ff_result_typo
   has a fix for it ('1-O', '1:0', an en dash for '-'). */
int ff_result_near(const char *s);

/* The warnings about rec's tags: unknown-tag for a tag near a known one,
   bad-date for a Date that is no date. Fills w[0, max), each located at
   its tag (game rec->number, ply 0). Returns how many there are (may be
   more than max; only max are filled). */
size_t ff_tags_lint(const struct ff_record *rec, struct ff_error *w, size_t max);

#endif
