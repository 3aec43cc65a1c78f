/* Status codes and error values. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/error.h"
#include "lib/text.h"

static const char *const code_names[FF_ECODE_MAX] = {
	[FF_OK] = "ok",
	[FF_ESYNTAX] = "syntax",
	[FF_EMISSING_TAG] = "missing-tag",
	[FF_EBAD_TAG] = "bad-tag",
	[FF_EUNKNOWN_GAME] = "unknown-game",
	[FF_EUNKNOWN_RULES] = "unknown-rules",
	[FF_EUNKNOWN_OPTION] = "unknown-option",
	[FF_EBAD_OPTION] = "bad-option",
	[FF_EILLEGAL] = "illegal-move",
	[FF_EWRONG_TURN] = "wrong-turn",
	[FF_EBAD_ROLL] = "bad-roll",
	[FF_ESEED] = "seed-mismatch",
	[FF_EBAD_DRAW] = "bad-draw",
	[FF_EAFTER_END] = "after-end",
	[FF_ERESULT] = "result-mismatch",
	[FF_EBAD_BYTE] = "bad-byte",
	[FF_ETOO_LONG] = "too-long",
	[FF_EIO] = "io",
	[FF_ENOMEM] = "no-memory",
	[FF_EUNSOLVED] = "unsolved",
	[FF_EBAD_SEAT] = "bad-seat",
	[FF_WUNKNOWN_TAG] = "unknown-tag",
	[FF_WBAD_DATE] = "bad-date",
};

const char *ff_code_name(enum ff_code code)
{
	if ((int)code < 0 || code >= FF_ECODE_MAX || !code_names[code])
		return "unknown";
	return code_names[code];
}

void ff_error_clear(struct ff_error *err)
{
	memset(err, 0, sizeof *err);
}

int ff_error_set(struct ff_error *err, enum ff_code code, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	ff_text_clean(err->msg, sizeof err->msg);
	return -1;
}
