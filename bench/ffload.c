/* ffload: a bounded HTTP load on a server of this machine, for
   bench/serve.sh. Not a test. CLIENTS threads send REQUESTS GET requests
   in all (each on a connection of its own, the paths taken in turn), wait
   for each whole answer, and the requests per second and the latency
   quantiles are printed; it stops by itself after the last request.

   usage: ffload CLIENTS REQUESTS PORT PATH [PATH...]   (host 127.0.0.1)
   prints: requests=N errors=E wall=S rps=R p50_ms=A p99_ms=B max_ms=C */
#include "config.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

struct load {
	pthread_mutex_t lock;
	long next, total, errors;
	int port;
	char **paths;
	int npaths;
	double *ms;     /* each request's latency */
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One GET of path: 0 when the answer is a whole 200, else -1. */
static int get(int port, const char *path)
{
	struct sockaddr_in sa;
	char buf[65536];
	int fd = socket(AF_INET, SOCK_STREAM, 0), ok = -1, first = 1;
	ssize_t n;

	if (fd < 0)
		return -1;
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((unsigned short)port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0) {
		n = snprintf(buf, sizeof buf, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
			     "Connection: close\r\n\r\n", path);
		if (n > 0 && (size_t)n < sizeof buf && write(fd, buf, (size_t)n) == n) {
			while ((n = read(fd, buf, sizeof buf - 1)) > 0) {
				if (first) {
					buf[n] = '\0';
					ok = strncmp(buf, "HTTP/1.1 200 ", 13) == 0 ? 0 : -1;
					first = 0;
				}
			}
			if (n < 0)
				ok = -1;
		}
	}
	close(fd);
	return ok;
}

static void *client(void *arg)
{
	struct load *l = arg;
	long i;
	double t0;
	int rc;

	for (;;) {
		pthread_mutex_lock(&l->lock);
		i = l->next < l->total ? l->next++ : -1;
		pthread_mutex_unlock(&l->lock);
		if (i < 0)
			return NULL;
		t0 = now();
		rc = get(l->port, l->paths[i % l->npaths]);
		l->ms[i] = (now() - t0) * 1e3;
		if (rc) {
			pthread_mutex_lock(&l->lock);
			l->errors++;
			pthread_mutex_unlock(&l->lock);
		}
	}
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	struct load l;
	pthread_t *t;
	long clients, i;
	double t0, wall;

	if (argc < 5 || (clients = atol(argv[1])) < 1 || (l.total = atol(argv[2])) < 1) {
		fprintf(stderr, "usage: ffload CLIENTS REQUESTS PORT PATH [PATH...]\n");
		return 2;
	}
	pthread_mutex_init(&l.lock, NULL);
	l.next = l.errors = 0;
	l.port = atoi(argv[3]);
	l.paths = argv + 4;
	l.npaths = argc - 4;
	l.ms = calloc((size_t)l.total, sizeof *l.ms);
	t = calloc((size_t)clients, sizeof *t);
	if (!l.ms || !t)
		return 1;
	t0 = now();
	for (i = 0; i < clients; i++)
		if (pthread_create(&t[i], NULL, client, &l))
			return 1;
	for (i = 0; i < clients; i++)
		pthread_join(t[i], NULL);
	wall = now() - t0;
	qsort(l.ms, (size_t)l.total, sizeof *l.ms, by_value);
	printf("requests=%ld errors=%ld wall=%.3f rps=%.1f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f\n",
	       l.total, l.errors, wall, (double)l.total / wall, l.ms[l.total / 2],
	       l.ms[(long)((double)l.total * 0.99)], l.ms[l.total - 1]);
	free(l.ms);
	free(t);
	return l.errors ? 1 : 0;
}
