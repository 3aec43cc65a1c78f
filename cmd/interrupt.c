/* Interrupting a long command (SIGINT, SIGTERM): the commands that write
   games (simulate, convert, export, analyse, import) and solve catch both
   signals, stop at the next game (or, for solve, the next step they poll
   at), write what they finished and leave with 128 + the signal's number
   (130, 143) after saying how far they got. The handler only sets a flag:
   the one variable of the program outside a command's context, because a
   signal handler has nowhere else to put it (a static volatile
   sig_atomic_t, here only). A second signal changes nothing (it often
   comes at once: `timeout` passes SIGINT on to its command and then to
   its whole process group), so SIGKILL is the way to end a command at
   once. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"

static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
	caught = sig;
}

void ff_cmd_catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;   /* a write under way goes on */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

int ff_cmd_interrupted(void)
{
	return caught;
}

const volatile sig_atomic_t *ff_cmd_stop_flag(void)
{
	return &caught;
}

int ff_cmd_interrupt_status(const struct ff_cmd *cmd, unsigned long long n, const char *what)
{
	int sig = caught;

	fprintf(stderr, "fivefold %s: interrupted (%s) after %llu %s%s\n", cmd->name,
		sig == SIGTERM ? "SIGTERM" : "SIGINT", n, what, n == 1 ? "" : "s");
	return 128 + sig;
}
