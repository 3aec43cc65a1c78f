/* The value graph of an analysed game (analyse --plot, the replay page):
   the value for seat 1's side after every ply, the errors marked, as
   lichess's evaluation chart, drawn with lib/svg.h. */
#ifndef FF_GRAPH_H
#define FF_GRAPH_H

#include "lib/analysis/analyse.h"
#include "lib/buf.h"

/* The value for seat 1's side of a's ply i (0: the start, i: after ply
   i), given each seat's side (side[0..a->seats), any numbering) and the
   number of sides: the mover's value where the mover is on seat 1's
   side, 1 - it where there are two sides, else -1 (not known: the
   analysis values each ply for its mover only). */
double ff_graph_value(const struct ff_analysis *a, const int *side, int sides, size_t i);

/* Append to out the graph of a as one <svg> element (no XML prologue):
   title (escaped) above it; x the plies 0..n, y the value 0..1 for seat
   1's side, a line through the values, a dot a ply (each in a <g> with
   data-ply="K", K the ply, for a page's script), and every flagged
   error marked with its mover's marker (lib/svg.h: shape and colour of
   the seat). Returns 0 or -1 (no memory). */
int ff_graph_svg(const struct ff_analysis *a, const int *side, int sides, const char *title,
		 struct ff_buf *out);

#endif
