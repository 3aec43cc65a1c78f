/* The one parallel pipeline of the commands that process many games.
   Those that read them (validate, convert, import, the tag
   pass, analyse): the input is read in order into slots (a few games read
   one by one, or a chunk of an FGN file that a worker reads), each game
   is worked on by one of N threads (the command's `work`), and each slot
   is handed back in input order (the command's `emit`), so the output is
   the same whatever the number of threads. Those that make them
   (simulate: ff_batch_run with no input): each slot is a run of game
   indices [first, first + n) that the command's `make` hands out, and
   work(ctx, slot, i, worker) makes game first + i; emitted in order the
   same way. The shape of git's run_processes_parallel: the batch owns the
   games, the reading, the chunks and the game numbers; the command owns
   what it does with one game and what it writes. Built on lib/pool.c,
   which no command uses itself. */
#ifndef FF_BATCH_H
#define FF_BATCH_H

#include <stddef.h>

#include "cmd/input.h"
#include "lib/buf.h"
#include "lib/error.h"
#include "lib/record.h"

/* One slot: games [0, n) in input order. rstat[i] is 1 for a game read
   whole, -1 for a malformed one (rerr[i] says why), -2 for a file that
   failed (rerr[i]); file[i] names its file. With FF_BATCH_RAW, the game's
   text as read is raw_text.p[raw[i], raw[i] + raw_len[i]). A chunk's
   games (chunk set) are read by the worker: all kept in [0, n) with
   FF_BATCH_KEEP, else each passes through index 0 in turn (work() sees
   it there; n is 0 when emit() runs). ngames counts the chunk's games.
   A slot of made games (no input) holds none of the arrays (cap 0): its
   games are [first, first + n), each the command's to make and keep. */
struct ff_batch_slot {
	struct ff_record *recs;
	struct ff_error *rerr;
	int *rstat;
	const char **file;
	long *serial, *assumed;    /* for the game numbers (cmd/input.h) */
	size_t *raw, *raw_len;
	int n, cap;
	int chunk;
	struct ff_chunk ch;
	long ngames;
	struct ff_buf out, err;    /* what the command writes, emptied before work */
	struct ff_buf raw_text;
	unsigned long long at;     /* input read when the slot was filled (progress) */
	unsigned long long first;  /* the input's games (files that failed not counted)
				      read before this slot's; not kept with chunks;
				      made games: the index of the slot's first */
	void *unit;                /* the command's own, ops->unit_size bytes */
};

enum {
	FF_BATCH_KEEP = 1,     /* a chunk's games all kept for emit() */
	FF_BATCH_RAW = 2,      /* each game's text as read kept (not with chunks) */
	FF_BATCH_NUMBERED = 4  /* game numbers made right before emit() (work redone
				  where a chunk's cutter assumed them wrong) */
};

struct ff_batch_ops {
	size_t unit_size;
	/* Optional: set up and tear down a slot's unit (else zeroed, nothing). */
	int (*unit_init)(void *ctx, void *unit);
	void (*unit_free)(void *ctx, void *unit);
	/* Optional: the slot has room for cap games now (FF_BATCH_KEEP grows
	   it): the unit's arrays a game follow. Returns 0 or -1. */
	int (*grow)(void *ctx, void *unit, int cap);
	/* Optional: before a slot's games are worked on (again, when they are
	   redone): reset the unit's counters. */
	void (*begin)(void *ctx, struct ff_batch_slot *s);
	/* Game i of s, on worker `worker` (0 .. threads; threads is the
	   emitting thread's own, for work redone there). No lock is held. */
	void (*work)(void *ctx, struct ff_batch_slot *s, int i, int worker);
	/* The slot, in input order, on the calling thread. Returns 0, or -1
	   to stop the run. */
	int (*emit)(void *ctx, struct ff_batch_slot *s);
	/* Optional: 0 when no more input is to be read or made (a signal came). */
	int (*more)(void *ctx);
	/* Made games (run with in NULL; required then): how many games, at
	   most per_slot, the slot starting at game `first` gets; 0 when
	   there are no more. */
	int (*make)(void *ctx, unsigned long long first, int per_slot);
};

/* Run the pipeline over `in` with `threads` workers (1: everything on the
   calling thread), each slot reading up to per_slot games one by one;
   flags are FF_BATCH_ bits. With in NULL the games are made, not read:
   slots of up to per_slot games from ops->make (flags 0). The command's
   contexts a worker must number threads + 1 (the last: the emitting
   thread's, used only with FF_BATCH_NUMBERED). Returns 0, or -1 when a
   callback failed, memory ran out or a thread could not be started. */
int ff_batch_run(const struct ff_batch_ops *ops, void *ctx, struct ff_input *in, int threads,
		 int per_slot, unsigned flags);

#endif
