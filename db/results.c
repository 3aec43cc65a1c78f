/* `ratings` and `standings`' reading of the store, the same from every
   backend: the backend's query sends one row per seat of each game that
   passes the filter, in date order (db/store.h); this folds a game's rows
   into one struct ff_result_game and hands it on, so only one game is
   held at a time. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "db/backend.h"

/* Invariants: g describes game id (when have is 1) with its first
   g.seats... rows gathered in player[] and side[] (n of them). */
struct ff_result_acc {
	struct ff_result_game g;
	int have;
	int n;                                /* seat rows gathered */
	long long player[FF_RESULT_MAX_SEATS];
	int side[FF_RESULT_MAX_SEATS];
	struct ff_buf ruleset, date;
	int (*cb)(void *ctx, const struct ff_result_game *g);
	void *ctx;
};

/* Hand the game gathered so far to the callback. */
static int emit(struct ff_result_acc *a)
{
	if (!a->have)
		return 0;
	a->have = 0;
	a->g.ruleset = a->ruleset.p;
	a->g.player = a->player;
	a->g.side = a->side;
	return a->cb(a->ctx, &a->g);
}

int ff_result_acc_add(struct ff_result_acc *a, long long id, const char *ruleset,
		      const char *date, int winner_side, int unfinished, int seats, int seat,
		      int side, long long player)
{
	int rc;

	if (!a->have || a->g.id != id) {
		if ((rc = emit(a)) != 0)
			return rc;
		ff_buf_reset(&a->ruleset);
		ff_buf_reset(&a->date);
		if (ff_buf_adds(&a->ruleset, ruleset) || (date && ff_buf_adds(&a->date, date)))
			return -1;
		a->g.id = id;
		a->g.date = date ? a->date.p : NULL;
		a->g.winner_side = winner_side;
		a->g.unfinished = unfinished;
		a->g.seats = seats;
		a->have = 1;
		memset(a->player, 0, sizeof a->player);
		memset(a->side, 0, sizeof a->side);
	}
	if (seat >= 1 && seat <= FF_RESULT_MAX_SEATS) {
		a->player[seat - 1] = player;
		a->side[seat - 1] = side;
	}
	return 0;
}

int ff_store_each_result(struct ff_store *s, const struct ff_result_filter *q,
			 int (*cb)(void *ctx, const struct ff_result_game *g), void *ctx,
			 struct ff_error *err)
{
	struct ff_result_acc *a = calloc(1, sizeof *a);
	int rc;

	if (!a)
		return ff_error_set(err, FF_ENOMEM, "out of memory");
	a->cb = cb;
	a->ctx = ctx;
	rc = s->be->results(s, q, a, err);
	if (rc == 0)
		rc = emit(a);
	else if (rc == -1 && !err->msg[0])
		ff_error_set(err, FF_ENOMEM, "out of memory");
	ff_buf_free(&a->ruleset);
	ff_buf_free(&a->date);
	free(a);
	return rc;
}

int ff_store_each_player(struct ff_store *s, int (*cb)(void *ctx, long long id, const char *name),
			 void *ctx, struct ff_error *err)
{
	return s->be->players(s, cb, ctx, err);
}
