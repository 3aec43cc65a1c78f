/* The progress line of the commands that can run long (simulate, validate,
   convert, import, export; solve and analyse while they solve): on
   standard error, on a terminal only, at most four times a second, and
   ended with a newline when the work ends. */
#ifndef FF_PROGRESS_H
#define FF_PROGRESS_H

struct ff_progress {
	int on;                      /* standard error is a terminal */
	double start, last;
	unsigned long long bytes;    /* bytes of all input files; 0 unknown */
	unsigned long long games;    /* games to do; 0 unknown */
};

/* Start: the input is files[0, n) (their sizes give the share done; none
   when one is standard input or not a regular file) and games the number
   of games when it is known (simulate), else 0. stdout_busy: the command
   writes to standard output as it goes, so that no line is shown when
   that is the terminal too (the lines would mix). */
void ff_progress_init(struct ff_progress *p, char **files, int n, unsigned long long games,
		      int stdout_busy);
/* Show done games (and, where the input's size is known, at bytes of it
   read) unless the line was shown less than a quarter second ago; final
   shows it always and ends the line. */
void ff_progress_show(struct ff_progress *p, unsigned long long done, unsigned long long at,
		      int final);

struct ff_solve_progress;

/* A solve's progress (solve, and analyse when it solves first): what it
   will take, said before it starts, then the positions found and the
   sweeps, all on standard error when it is a terminal. */
struct ff_solve_watch {
	int on;
	const char *cmd;
	double start, last;
	size_t found;     /* how far the solve got, on a terminal or not */
	int sweeps;
};
/* Start watching the solve of ruleset id for command cmd: on a terminal,
   a line with its size where it was measured (the presets without
   options), else a line that says the size comes once the positions are
   found. */
void ff_progress_solve_start(struct ff_solve_watch *w, const char *cmd, const char *id);
/* The callback for ff_solve_opts.progress, ctx a struct ff_solve_watch:
   the positions found (and, once all are, their count, successors and
   memory on a line of their own), then the sweeps. */
void ff_progress_solve(void *ctx, const struct ff_solve_progress *p);
/* End the line the sweeps were shown on. */
void ff_progress_solve_end(struct ff_solve_watch *w);

#endif
