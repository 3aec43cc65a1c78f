/* stats --by player: each player's figures from the analyses the store
   keeps (analyse --db). */
#ifndef FF_STATS_PLAYER_H
#define FF_STATS_PLAYER_H

#include "db/store.h"

/* Print, per player, method and budget of the analysed games that pass
   f: games, decisions, the mean error a decision with its 95% interval
   (games as clusters), the errors over the threshold and the luck, in
   fmt (0 text, 1 CSV, 2 JSON Lines). Returns 0, or -1 after a message. */
int ff_stats_by_player(struct ff_store *s, const struct ff_stats_filter *f, int fmt);

#endif
