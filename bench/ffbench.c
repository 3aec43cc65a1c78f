/* ffbench: run one command and print its wall time, CPU time and peak
   memory (from wait4's rusage), for bench/run.sh. Not a test.

   usage: ffbench [-i INFILE] [-o OUTFILE] -- COMMAND [ARGS...]
   prints: wall=SECONDS user=SECONDS sys=SECONDS maxrss_kb=KB status=N */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int redirect(const char *path, int fd, int flags)
{
	int f = open(path, flags, 0644);

	if (f < 0 || dup2(f, fd) < 0)
		return -1;
	close(f);
	return 0;
}

int main(int argc, char **argv)
{
	const char *in = NULL, *out = NULL;
	struct rusage ru;
	double t0, t1;
	int i = 1, status;
	pid_t pid;

	while (i < argc && strcmp(argv[i], "--") != 0) {
		if (!strcmp(argv[i], "-i") && i + 1 < argc)
			in = argv[i + 1];
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[i + 1];
		else {
			fprintf(stderr, "usage: ffbench [-i IN] [-o OUT] -- COMMAND [ARGS...]\n");
			return 2;
		}
		i += 2;
	}
	if (i + 1 >= argc) {
		fprintf(stderr, "usage: ffbench [-i IN] [-o OUT] -- COMMAND [ARGS...]\n");
		return 2;
	}
	t0 = now();
	pid = fork();
	if (pid < 0) {
		perror("ffbench: fork");
		return 1;
	}
	if (pid == 0) {
		if ((in && redirect(in, 0, O_RDONLY)) ||
		    (out && redirect(out, 1, O_WRONLY | O_CREAT | O_TRUNC))) {
			perror("ffbench: redirect");
			_exit(127);
		}
		execvp(argv[i + 1], argv + i + 1);
		perror("ffbench: exec");
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("ffbench: wait4");
		return 1;
	}
	t1 = now();
	printf("wall=%.3f user=%.3f sys=%.3f maxrss_kb=%ld status=%d\n", t1 - t0,
	       (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6,
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6, ru.ru_maxrss,
	       WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	return 0;
}
