/* A game's analysis read back from the JSON object the store gives for it
   (docs/store.md, "analyses": export --analysis's object, the one
   /api/games/ID carries), so that a page can draw the value graph of an
   analysis made earlier (fivefold serve's game page) without analysing
   the game again. */
#ifndef FF_STORED_H
#define FF_STORED_H

#include <stddef.h>

#include "lib/analysis/analyse.h"
#include "lib/error.h"

/* Read the analysis object json[0..len) into a (ff_analysis_init done;
   its plies replaced): threshold, start, method (a search's analysis gets
   a->search set to the defaults of lib/analysis/search.h, whose z is the
   one every search analysis flags errors with; its budget text goes to
   budget, reset first, NULL for none), the seats' sums and every ply's
   seat, throw, legal count, values and standard error, the plies played
   and best in a->text. Keys it does not know are passed over. Returns 0,
   or -1 with err (FF_ESYNTAX naming the byte where the text is not such
   an object; FF_ENOMEM). */
int ff_analysis_read_json(struct ff_analysis *a, const char *json, size_t len,
			  struct ff_buf *budget, struct ff_error *err);

#endif
