/* Status codes and the error value that library calls fill in. */
#ifndef FF_ERROR_H
#define FF_ERROR_H

/* Stable codes. The names (ff_code_name) are part of the CLI's contract:
   scripts match on them, so a name never changes once released. */
enum ff_code {
	FF_OK = 0,
	FF_ESYNTAX,        /* "syntax": malformed token, tag or movetext */
	FF_EMISSING_TAG,   /* "missing-tag": a required tag is absent */
	FF_EBAD_TAG,       /* "bad-tag": a tag value is malformed */
	FF_EUNKNOWN_GAME,  /* "unknown-game" */
	FF_EUNKNOWN_RULES, /* "unknown-rules": no such preset */
	FF_EUNKNOWN_OPTION,/* "unknown-option": no such option */
	FF_EBAD_OPTION,    /* "bad-option": option value or combination */
	FF_EILLEGAL,       /* "illegal-move": well-formed, breaks the rules */
	FF_EWRONG_TURN,    /* "wrong-turn": a ply by the seat not to move */
	FF_EBAD_ROLL,      /* "bad-roll": a throw the dice cannot show */
	FF_ESEED,          /* "seed-mismatch": a throw the Seed contradicts */
	FF_EBAD_DRAW,      /* "bad-draw": a drawn card that cannot be */
	FF_EAFTER_END,     /* "after-end": a ply after the game ended */
	FF_ERESULT,        /* "result-mismatch": result token/tag vs board */
	FF_EBAD_BYTE,      /* "bad-byte": NUL, bytes that are not UTF-8, a line break where none can be */
	FF_ETOO_LONG,      /* "too-long": a token, value, line or game over its limit */
	FF_EIO,            /* "io": reading or writing failed */
	FF_ENOMEM,         /* "no-memory" */
	FF_EUNSOLVED,      /* "unsolved": no solution holds the position (analyse) */
	FF_EBAD_SEAT,      /* "bad-seat": a Seat<k> tag beyond the seat count */
	FF_WUNKNOWN_TAG,   /* "unknown-tag" (a warning): a tag near a known one */
	FF_WBAD_DATE,      /* "bad-date" (a warning): a Date tag that is no date */
	FF_ECODE_MAX
};

/* What went wrong and where. line/col are 1-based (0 = not known); game
   and ply are 1-based (0 = not known or not about a ply); seat is 1-based
   (0 = not known). msg is lowercase with no full stop, subjects quoted. */
struct ff_error {
	enum ff_code code;
	long line;
	long col;
	long game;
	int ply;
	int seat;
	char msg[240];
};

/* Whether code is a warning's (unknown-tag, bad-date): reported as
   "warning:", it changes no verdict (validate --strict makes it one). */
static inline int ff_code_is_warning(enum ff_code code)
{
	return code == FF_WUNKNOWN_TAG || code == FF_WBAD_DATE;
}

/* The stable name of a code, e.g. "illegal-move". Never NULL. */
const char *ff_code_name(enum ff_code code);

/* Clear err (code FF_OK, no location). */
void ff_error_clear(struct ff_error *err);

/* Set code and message (printf-style), keep the location fields as they
   are. The message is cleaned for printing (ff_text_clean: input quoted in
   it cannot carry control characters or broken UTF-8). Returns -1 so that
   callers can write `return ff_error_set(...)`. err may be NULL. */
int ff_error_set(struct ff_error *err, enum ff_code code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
