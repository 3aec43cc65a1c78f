/* fivefold serve: a read-only web view of a store and its JSON API
   (docs/serve.md), served by libmicrohttpd with a pool of threads on
   --listen ADDR:PORT (loopback unless told otherwise). Here: the options,
   the daemon, the request's checks (method, path, length, parameters),
   the routes, the headers every answer gets, the access log on standard
   error and the stop on SIGINT or SIGTERM. The pages are serve_html.c
   and serve_api.c; what they read, serve_data.c. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>
#include <nettle/base64.h>
#include <nettle/sha2.h>

#include "cmd/cmd.h"
#include "cmd/serve.h"
#include "lib/page.h"

struct svset {
	const char *db, *listen;
	long threads;
};

#define S struct svset
static const struct ff_opt opts[] = {
	FF_OPT(DB, S, db, .required = 1),
	FF_OPT(LISTEN, S, listen, .dflt = "127.0.0.1:8080"),
	FF_OPT(THREADS, S, threads, .lo = 1, .hi = 64, .dflt = "4",
	       .help = "answer N requests at once (threads)"),
	FF_OPT_DONE
};
#undef S

/* A request: from its first line (the URI log callback) to its end (the
   completion callback, which logs it). */
struct req {
	char uri[FF_SERVE_MAX_URI + 1];   /* as sent, cut */
	size_t uri_len;                   /* its whole length */
	struct timespec t0;
	int status;
	size_t bytes;
	int done;                         /* answered */
	char method[12];                  /* cut */
};

/* The CSP of the pages: no script, style only inline, nothing from
   elsewhere; the game page may run its own script, and only it (named by
   its SHA-256, script_csp). */
#define CSP_BASE "default-src 'none'; style-src 'unsafe-inline'; img-src data:; " \
	"form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

/* CSP_BASE and "; script-src 'sha256-...'" for the replay page's script
   (lib/page.h), into out (room for 512 bytes). */
static void script_csp(char *out, size_t cap)
{
	const char *s = ff_page_script(), *open = "<script>", *end = strstr(s, "</script>");
	struct sha256_ctx h;
	uint8_t d[SHA256_DIGEST_SIZE];
	char b64[BASE64_ENCODE_RAW_LENGTH(SHA256_DIGEST_SIZE) + 1];

	snprintf(out, cap, "%s", CSP_BASE);   /* without it the page shows its start only */
	if (strncmp(s, open, strlen(open)) != 0 || !end)
		return;
	s += strlen(open);
	sha256_init(&h);
	sha256_update(&h, (size_t)(end - s), (const uint8_t *)s);
	sha256_digest(&h, sizeof d, d);
	base64_encode_raw(b64, sizeof d, d);
	b64[BASE64_ENCODE_RAW_LENGTH(SHA256_DIGEST_SIZE)] = '\0';
	snprintf(out, cap, "%s; script-src 'sha256-%s'", CSP_BASE, b64);
}

static void *on_uri(void *cls, const char *uri, struct MHD_Connection *conn)
{
	struct req *q = calloc(1, sizeof *q);

	(void)cls;
	(void)conn;
	if (!q)
		return NULL;
	q->uri_len = strlen(uri);
	memcpy(q->uri, uri, q->uri_len > FF_SERVE_MAX_URI ? FF_SERVE_MAX_URI : q->uri_len);
	clock_gettime(CLOCK_MONOTONIC, &q->t0);
	return q;
}

/* Append s to out for a log line: bytes outside printable ASCII (and
   '"' and '\') as \xNN, so that a request cannot forge log lines. */
static void log_text(struct ff_buf *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
			ff_buf_addf(out, "\\x%02X", c);
		else
			ff_buf_addc(out, (char)c);
	}
}

/* The bytes of a URI the log shows at most. */
#define LOG_URI 512

/* The access log: one line per request on standard error,
   ADDR "METHOD URI" STATUS BYTES MS. */
static void on_done(void *cls, struct MHD_Connection *conn, void **con_cls,
		    enum MHD_RequestTerminationCode why)
{
	struct ff_serve *srv = cls;
	struct req *q = *con_cls;
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	char addr[INET6_ADDRSTRLEN + 2] = "-";
	struct timespec t1;
	struct ff_buf line = FF_BUF_INIT;
	double ms = 0;

	(void)why;
	if (ci && ci->client_addr) {
		const struct sockaddr *sa = ci->client_addr;

		if (sa->sa_family == AF_INET)
			inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr,
				  addr, sizeof addr);
		else if (sa->sa_family == AF_INET6)
			inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr,
				  addr, sizeof addr);
	}
	if (q) {
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ms = (double)(t1.tv_sec - q->t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - q->t0.tv_nsec) / 1e6;
	}
	ff_buf_addf(&line, "%s \"", addr);
	log_text(&line, q && q->method[0] ? q->method : "-");
	ff_buf_addc(&line, ' ');
	if (q && q->uri_len > LOG_URI) {
		q->uri[LOG_URI] = '\0';
		log_text(&line, q->uri);
		ff_buf_adds(&line, "...");
	} else {
		log_text(&line, q ? q->uri : "-");
	}
	ff_buf_addf(&line, "\" %d %zu %.1f\n", q ? q->status : 0, q ? q->bytes : 0, ms);
	if (line.p)
		fputs(line.p, stderr);
	ff_buf_free(&line);
	pthread_mutex_lock(&srv->lock);
	srv->requests++;
	pthread_mutex_unlock(&srv->lock);
	free(q);
	*con_cls = NULL;
}

/* Send r: its body copied, the headers every answer gets. */
static enum MHD_Result send_reply(struct MHD_Connection *conn, struct req *q,
				  const struct ff_serve_reply *r)
{
	struct MHD_Response *resp = r->fd >= 0 ? MHD_create_response_from_pipe(r->fd) :
		MHD_create_response_from_buffer(r->body.len, r->body.p ? r->body.p : (void *)"",
						MHD_RESPMEM_MUST_COPY);
	enum MHD_Result ok;
	char disp[80];

	if (!resp) {
		if (r->fd >= 0)
			close(r->fd);
		return MHD_NO;
	}
	if (r->filename) {
		snprintf(disp, sizeof disp, "attachment; filename=\"%s\"", r->filename);
		MHD_add_response_header(resp, "Content-Disposition", disp);
	}
	MHD_add_response_header(resp, "Content-Type", r->type ? r->type : "text/plain");
	MHD_add_response_header(resp, "Content-Security-Policy", r->script ? r->csp : CSP_BASE);
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(resp, "Cache-Control", "no-cache");
	if (r->location)
		MHD_add_response_header(resp, "Location", r->location);
	if (r->status == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(resp, "Allow", "GET, HEAD");
	ok = MHD_queue_response(conn, (unsigned)r->status, resp);
	MHD_destroy_response(resp);
	if (q) {
		q->status = r->status;
		q->bytes = r->body.len;
	}
	return ok;
}

/* The query's parameters: each known, none twice. */
struct params_check {
	const char *bad;
	char name[64];
	const char *seen[32];
	size_t n;
};

static enum MHD_Result each_param(void *cls, enum MHD_ValueKind kind, const char *key,
				  const char *value)
{
	struct params_check *c = cls;
	size_t i;

	(void)kind;
	(void)value;
	snprintf(c->name, sizeof c->name, "%s", key ? key : "");
	if (!key || !ff_serve_query_known(key)) {
		c->bad = "no such parameter";
		return MHD_NO;
	}
	for (i = 0; i < c->n; i++)
		if (strcmp(c->seen[i], key) == 0) {
			c->bad = "a parameter given twice";
			return MHD_NO;
		}
	if (c->n < sizeof c->seen / sizeof c->seen[0])
		c->seen[c->n++] = key;
	return MHD_YES;
}

static const char *param(void *ctx, const char *name, size_t *len)
{
	const char *v = NULL;

	if (MHD_lookup_connection_value_n(ctx, MHD_GET_ARGUMENT_KIND, name, strlen(name), &v, len) !=
	    MHD_YES)
		return NULL;
	return v;
}

/* The id in s, a game's or a player's (digits to the end or to ".fgn"):
   0 when s is not one;
   *fgn set for ".fgn". */
static long long game_id(const char *s, int *fgn)
{
	long long v = 0;
	size_t i, n = strspn(s, "0123456789");

	*fgn = strcmp(s + n, ".fgn") == 0;
	if (n == 0 || n > 18 || (s[n] && !*fgn) || s[0] == '0')
		return 0;
	for (i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* Route the request (checked: GET or HEAD, a short URI) to its page. */
static void route(struct ff_serve *srv, struct MHD_Connection *conn, const char *url,
		  struct ff_serve_reply *r)
{
	struct params_check pc;
	struct ff_serve_query q;
	int api = strncmp(url, "/api/", 5) == 0, fgn = 0;
	const char *path = api ? url + 4 : url;
	long long id;
	char msg[200];

	if (strstr(url, "..") || url[0] != '/') {
		ff_serve_fail(r, 400, api, "no such path: a path has no '..' and starts with '/'");
		return;
	}
	memset(&pc, 0, sizeof pc);
	MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, each_param, &pc);
	if (pc.bad) {
		snprintf(msg, sizeof msg, "%s: '%.60s'", pc.bad, pc.name);
		ff_serve_fail(r, 400, api, msg);
		return;
	}
	if (ff_serve_query_parse(&q, param, conn)) {
		ff_serve_fail(r, 400, api, q.bad);
		return;
	}
	if (strcmp(url, "/") == 0) {
		r->status = MHD_HTTP_FOUND;
		r->location = "/games";
		r->type = "text/plain";
		ff_buf_adds(&r->body, "see /games\n");
		return;
	}
	if (strcmp(path, "/games") == 0) {
		api ? ff_serve_api_games(srv, &q, r) : ff_serve_html_games(srv, &q, r);
	} else if (strncmp(path, "/games/", 7) == 0) {
		if (!(id = game_id(path + 7, &fgn)) || (fgn && api))
			ff_serve_fail(r, 400, api, "a game's id is a number from 1");
		else if (fgn)
			ff_serve_fgn_game(srv, id, r);
		else
			api ? ff_serve_api_game(srv, id, r) : ff_serve_html_game(srv, id, r);
	} else if (strcmp(path, "/stats") == 0) {
		api ? ff_serve_api_stats(srv, &q, r) : ff_serve_html_stats(srv, &q, r);
	} else if (!api && (strcmp(url, "/export.fgn") == 0 || strcmp(url, "/export.jsonl") == 0 ||
			    strcmp(url, "/export.csv") == 0)) {
		ff_serve_export(srv, &q, url + 8, r);
	} else if (strncmp(path, "/players/", 9) == 0) {
		if (!(id = game_id(path + 9, &fgn)) || fgn)
			ff_serve_fail(r, 400, api, "a player's id is a number from 1");
		else
			api ? ff_serve_api_player(srv, id, r) : ff_serve_html_player(srv, id, r);
	} else if (strcmp(path, "/players") == 0) {
		api ? ff_serve_api_players(srv, r) : ff_serve_html_players(srv, r);
	} else if (strcmp(path, "/quarantine") == 0) {
		api ? ff_serve_api_quarantine(srv, r) : ff_serve_html_quarantine(srv, r);
	} else {
		ff_serve_fail(r, 404, api, "no such page");
	}
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
				  const char *method, const char *version, const char *upload,
				  size_t *upload_size, void **con_cls)
{
	struct ff_serve *srv = cls;
	struct req *q = *con_cls;
	struct ff_serve_reply r;
	enum MHD_Result ok;

	(void)version;
	(void)upload;
	if (q && q->done)   /* a body after the answer: not read */
		return *upload_size = 0, MHD_YES;
	memset(&r, 0, sizeof r);
	r.status = MHD_HTTP_OK;
	r.fd = -1;
	if (q)
		snprintf(q->method, sizeof q->method, "%s", method);
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
		ff_serve_fail(&r, MHD_HTTP_METHOD_NOT_ALLOWED, 0, "only GET and HEAD");
	else if (!q || q->uri_len > FF_SERVE_MAX_URI)
		ff_serve_fail(&r, MHD_HTTP_URI_TOO_LONG, 0, "the address is too long");
	else if (*upload_size)
		ff_serve_fail(&r, MHD_HTTP_CONTENT_TOO_LARGE, 0, "no body is taken");
	else
		route(srv, conn, url, &r);
	if (!r.body.p && ff_buf_adds(&r.body, ""))
		ff_serve_fail(&r, 503, 0, "out of memory");
	ok = send_reply(conn, q, &r);
	if (q)
		q->done = 1;
	ff_buf_free(&r.body);
	return ok;
}

/* Parse ADDR:PORT (an IPv6 address in brackets) into sa. Returns 0, or
   -1 when it is not one. */
static int parse_listen(const char *s, struct sockaddr_storage *sa, socklen_t *len)
{
	const char *colon = strrchr(s, ':');
	char host[INET6_ADDRSTRLEN + 2];
	size_t n;
	long port;

	if (!colon || ff_parse_long(colon + 1, 0, 65535, &port) || colon[1] == '\0')
		return -1;
	n = (size_t)(colon - s);
	if (n >= 2 && s[0] == '[' && s[n - 1] == ']') {
		s++;
		n -= 2;
	}
	if (n == 0 || n >= sizeof host)
		return -1;
	memcpy(host, s, n);
	host[n] = '\0';
	memset(sa, 0, sizeof *sa);
	if (inet_pton(AF_INET, host, &((struct sockaddr_in *)sa)->sin_addr) == 1) {
		((struct sockaddr_in *)sa)->sin_family = AF_INET;
		((struct sockaddr_in *)sa)->sin_port = htons((uint16_t)port);
		*len = sizeof(struct sockaddr_in);
		return 0;
	}
	if (inet_pton(AF_INET6, host, &((struct sockaddr_in6 *)sa)->sin6_addr) == 1) {
		((struct sockaddr_in6 *)sa)->sin6_family = AF_INET6;
		((struct sockaddr_in6 *)sa)->sin6_port = htons((uint16_t)port);
		*len = sizeof(struct sockaddr_in6);
		return 0;
	}
	return -1;
}

/* libmicrohttpd's own messages, said as fivefold's. */
static void mhd_log(void *cls, const char *fmt, va_list ap)
{
	char msg[512];
	size_t n;

	(void)cls;
	vsnprintf(msg, sizeof msg, fmt, ap);
	n = strlen(msg);
	while (n && msg[n - 1] == '\n')
		msg[--n] = '\0';
	fprintf(stderr, "fivefold serve: libmicrohttpd: %s\n", msg);
}

/* A socket bound to sa and listening, or -1 with errno. */
static int listen_on(const struct sockaddr_storage *sa, socklen_t len)
{
	int fd = socket(sa->ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0), on = 1, e;

	if (fd < 0)
		return -1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
	if (sa->ss_family == AF_INET6)   /* [::]:PORT is IPv6 only, as asked */
		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
	if (bind(fd, (const struct sockaddr *)sa, len) == 0 && listen(fd, 128) == 0)
		return fd;
	e = errno;
	close(fd);
	errno = e;
	return -1;
}

/* Wait for SIGINT or SIGTERM. */
static void wait_signal(void)
{
	struct timespec ts = { 0, 100000000L };

	while (!ff_cmd_interrupted())
		nanosleep(&ts, NULL);
}

static int run(const struct ff_cmd *cmd, void *set, int argc, char **argv)
{
	const struct svset *o = set;
	struct ff_serve srv;
	struct sockaddr_storage sa;
	socklen_t salen;
	struct ff_store *s;
	struct ff_buf name = FF_BUF_INIT;
	struct MHD_Daemon *d;
	const union MHD_DaemonInfo *di;
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
	int rc, fd;
	size_t i;

	(void)argc;
	(void)argv;
	if (parse_listen(o->listen, &sa, &salen))
		return ff_cmd_usage_error(cmd, "--listen takes ADDR:PORT (an IP address, [IPv6] in "
					  "brackets, and a port from 0 to 65535), not '%s'",
					  o->listen);
	ff_cmd_catch_signals();
	signal(SIGPIPE, SIG_IGN);   /* a client gone is an error of its write, not the end */
	/* the store opened once first: a store that cannot be read is said now */
	if ((rc = ff_cmd_open_store(cmd, o->db, 1, &s)) != 0)
		return rc;
	memset(&srv, 0, sizeof srv);
	srv.db = o->db;
	pthread_mutex_init(&srv.lock, NULL);
	pthread_cond_init(&srv.exports_done, NULL);
	script_csp(srv.csp, sizeof srv.csp);
	srv.title = strdup(ff_cmd_store_name(o->db, &name));
	ff_buf_free(&name);
	ff_serve_store_put(&srv, s, 0);
	if (sa.ss_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	if ((fd = listen_on(&sa, salen)) < 0) {
		fprintf(stderr, "fivefold serve: cannot listen on %s: %s\n", o->listen, strerror(errno));
		rc = FF_EXIT_FAIL;
		goto done;
	}
	d = MHD_start_daemon(flags, 0, NULL, NULL, on_request, &srv,
			     MHD_OPTION_EXTERNAL_LOGGER, mhd_log, NULL,
			     MHD_OPTION_LISTEN_SOCKET, fd,
			     MHD_OPTION_THREAD_POOL_SIZE, (unsigned)o->threads,
			     MHD_OPTION_URI_LOG_CALLBACK, on_uri, &srv,
			     MHD_OPTION_NOTIFY_COMPLETED, on_done, &srv,
			     MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
			     MHD_OPTION_CONNECTION_LIMIT, 256U,
			     MHD_OPTION_CONNECTION_TIMEOUT, 30U,
			     MHD_OPTION_END);
	if (!d) {
		fprintf(stderr, "fivefold serve: the server did not start on %s\n", o->listen);
		close(fd);
		rc = FF_EXIT_FAIL;
	} else {
		di = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
		fprintf(stderr, "fivefold serve: serving %s on http://%.*s:%u/ (Ctrl-C stops)\n",
			srv.title ? srv.title : "the store", (int)(strrchr(o->listen, ':') - o->listen),
			o->listen, di ? di->port : 0);
		wait_signal();
		MHD_stop_daemon(d);
		ff_serve_export_wait(&srv);
		fprintf(stderr, "fivefold serve: stopped (%s) after %llu request%s\n",
			ff_cmd_interrupted() == SIGTERM ? "SIGTERM" : "SIGINT", srv.requests,
			srv.requests == 1 ? "" : "s");
		rc = FF_EXIT_OK;
	}
done:
	for (i = 0; i < srv.nidle; i++)
		ff_store_close(srv.idle[i]);
	free(srv.idle);
	free(srv.title);
	pthread_cond_destroy(&srv.exports_done);
	pthread_mutex_destroy(&srv.lock);
	return rc;
}

const struct ff_cmd ff_cmd_serve = {
	.name = "serve",
	.summary = "serve a store as web pages and a JSON API, read-only",
	.about = "Serves the store (--db, opened read-only) over HTTP: the games with the\n"
		 "filters of stats and export, a game's replay page, the statistics with\n"
		 "each row a link to its games, the players, the quarantine, exports of\n"
		 "the games a filter passes, and the same as JSON under\n"
		 "/api/ (docs/serve.md). Listens on --listen ADDR:PORT, by default\n"
		 "127.0.0.1:8080 (this machine only; 0.0.0.0:8080 serves the network). Logs\n"
		 "each request on standard error; SIGINT or SIGTERM stops it (exit 0).",
	.opts = opts,
	.settings = sizeof(struct svset),
	.run = run,
};
