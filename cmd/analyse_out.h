/* What fivefold analyse writes of an analysed game (lib/analysis/
   analyse.h): a text table, a JSON Lines object or CSV rows, or the game
   back as FGN with the figures as comments and NAGs. */
#ifndef FF_ANALYSE_OUT_H
#define FF_ANALYSE_OUT_H

#include <stdio.h>

#include "db/store.h"
#include "formats/format.h"
#include "lib/analysis/analyse.h"
#include "lib/buf.h"
#include "lib/record.h"

/* The output formats, in the order of analyse's --format choices. */
enum { FF_AN_TEXT = 0, FF_AN_JSON, FF_AN_CSV };

/* Append a's figures for rec, the game-th game of file, of ruleset id,
   in fmt; with quiet only the sums per seat. Returns 0 or -1 (no
   memory). */
int ff_analysis_write(const struct ff_analysis *a, int fmt, int quiet, const char *file,
		      const struct ff_record *rec, const char *id, struct ff_buf *out);
/* Fill sa (and seat, FF_MAX_SEATS of them) with what the store keeps of
   a: method, budget (its text, into budget), threshold, start, the seats'
   sums and every ply's figures as analyse --format json gives them (a
   JSON array, into plies). sa's strings point into budget and plies; its
   key and game are the caller's. Returns 0 or -1 (no memory). */
int ff_analysis_stored(const struct ff_analysis *a, struct ff_buf *budget, struct ff_buf *plies,
		       struct ff_store_seat_analysis *seat, struct ff_store_analysis *sa);
/* The CSV header line, to fp. */
void ff_analysis_csv_header(FILE *fp);
/* Append rec as fgn writes it, with a comment after every ply (its luck,
   and its error and the best ply where it has one), a NAG after each
   error over the threshold ($6 over it, $2 over twice it, $4 over four
   times), and the sums per seat after the last ply; the record's own
   notes and suffixes are kept. Returns 0 or -1 (no memory). */
int ff_analysis_annotate(const struct ff_analysis *a, const struct ff_record *rec,
			 const struct ff_format *fgn, struct ff_buf *out);

#endif
