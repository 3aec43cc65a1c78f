/* The file a command writes (-o FILE, stats --plot FILE): written to a
   temporary file beside it (.NAME.XXXXXX in the same directory) and
   renamed over it only when the command succeeded, so that a failure
   leaves the old file as it was; standard output for none or "-"; a
   device or FIFO written directly (it cannot be renamed over). And the
   check, at the end of every command, that standard output took what
   was written to it. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/cmd.h"

/* The permissions of a file created now: the umask's (read without
   changing it for long: no other thread creates files meanwhile). */
static mode_t created_mode(void)
{
	mode_t mask = umask(022);

	umask(mask);
	return 0666 & ~mask;
}

/* The path the output goes to: path itself, or the file a symbolic link
   at path leads to (so that the link stays a link). Owned by the caller;
   NULL when memory runs out. */
static char *final_path(const char *path)
{
	struct stat st;
	char *real;

	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && (real = realpath(path, NULL)))
		return real;
	return strdup(path);
}

/* The descriptor under an output file's stream, and the errno of the
   first write that failed (stdio keeps only that one failed). */
struct ff_out_sink {
	int fd, err;
};

static ssize_t sink_write(void *cookie, const char *buf, size_t n)
{
	struct ff_out_sink *s = cookie;
	size_t done = 0;
	ssize_t k;

	while (done < n) {
		if ((k = write(s->fd, buf + done, n - done)) < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			if (!s->err)
				s->err = errno;
			return done ? (ssize_t)done : -1;
		}
		done += (size_t)k;
	}
	return (ssize_t)done;
}

static int sink_close(void *cookie)
{
	struct ff_out_sink *s = cookie;
	int rc = close(s->fd);

	if (rc && !s->err)
		s->err = errno;
	return rc;
}

static const cookie_io_functions_t sink_io = { NULL, sink_write, NULL, sink_close };

/* out->fp and out->sink on fd (closed on failure). Returns 0, or -1 with
   errno. */
static int sink_open(struct ff_out *out, int fd)
{
	if (!(out->sink = calloc(1, sizeof *out->sink)) ||
	    !(out->fp = fopencookie(out->sink, "wb", sink_io))) {
		int e = errno;

		close(fd);
		free(out->sink);
		out->sink = NULL;
		errno = e;
		return -1;
	}
	out->sink->fd = fd;
	return 0;
}

/* Open a temporary file beside out->path, with the mode the old file had
   (a new one's otherwise). Returns 0, or -1 with errno. */
static int open_temp(struct ff_out *out, const struct stat *old)
{
	const char *slash = strrchr(out->path, '/');
	size_t dir = slash ? (size_t)(slash - out->path) + 1 : 0;
	int fd;

	if (!(out->tmp = malloc(strlen(out->path) + 9)))
		return -1;
	sprintf(out->tmp, "%.*s.%s.XXXXXX", (int)dir, out->path, out->path + dir);
	if ((fd = mkstemp(out->tmp)) < 0 ||
	    fchmod(fd, old ? old->st_mode & 07777 : created_mode()) || sink_open(out, fd)) {
		int e = errno;

		if (fd >= 0) {
			if (!out->sink)
				close(fd);
			unlink(out->tmp);
		}
		free(out->tmp);
		out->tmp = NULL;
		errno = e;
		return -1;
	}
	return 0;
}

/* Open out->path itself for writing. Returns 0, or -1 with errno. */
static int write_directly(struct ff_out *out)
{
	int fd = open(out->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);

	return fd < 0 ? -1 : sink_open(out, fd);
}

/* The message for path that could not be opened (errno says why); out
   freed. Returns -1. */
static int open_failed(struct ff_out *out, const char *path)
{
	fprintf(stderr, "fivefold %s: cannot open '%s': %s\n", out->cmd->name, path,
		strerror(errno));
	free(out->path);
	free(out->quoted);
	out->path = out->quoted = NULL;
	return -1;
}

int ff_out_open(struct ff_out *out, const struct ff_cmd *cmd, const char *path)
{
	struct stat st;
	int exists;

	memset(out, 0, sizeof *out);
	out->cmd = cmd;
	if (!path || strcmp(path, "-") == 0) {
		out->fp = stdout;
		return 0;
	}
	if (!(out->path = final_path(path)) || !(out->quoted = malloc(strlen(path) + 3))) {
		fprintf(stderr, "fivefold %s: out of memory\n", cmd->name);
		return -1;
	}
	sprintf(out->quoted, "'%s'", path);
	exists = stat(out->path, &st) == 0;
	if (exists && !S_ISREG(st.st_mode))   /* a device, a FIFO: written as it is */
		return write_directly(out) ? open_failed(out, path) : 0;
	if (open_temp(out, exists ? &st : NULL) == 0)
		return 0;
	if (errno == EACCES && exists && access(out->path, W_OK) == 0 && write_directly(out) == 0)
		return 0;   /* a writable file in a directory we cannot write to */
	return open_failed(out, path);
}

/* Why a write failed, from errno e. */
static const char *why(int e)
{
	return e ? strerror(e) : "a write failed";
}

/* Drop what was written: the temporary file removed. */
static void drop(struct ff_out *out)
{
	if (out->tmp) {
		unlink(out->tmp);
		free(out->tmp);
		out->tmp = NULL;
	}
	free(out->path);
	free(out->quoted);
	free(out->sink);
	out->path = out->quoted = NULL;
	out->sink = NULL;
	out->fp = NULL;
}

/* Flush fp, sync it and close it (with sink: not standard output): 0, or
   -1 with errno (the first failed write's; 0 when that is not known). */
static int finish(FILE *fp, struct ff_out_sink *sink)
{
	int bad = fflush(fp) != 0, e = errno;

	if (ferror(fp))
		bad = 1, e = sink && sink->err ? sink->err : bad ? e : 0;
	if (!bad && sink && fsync(sink->fd) && errno != EINVAL && errno != EROFS)
		bad = 1, e = errno;   /* EINVAL: a device or FIFO that cannot be synced */
	if (sink && fclose(fp) && !bad)
		bad = 1, e = sink->err ? sink->err : errno;
	errno = e;
	return bad ? -1 : 0;
}

/* Sync the directory that holds path, so that a rename into it outlasts
   a power cut (the file's own data is synced before the rename). A
   directory that cannot be opened or synced (a file system that does not
   sync directories) is left as it is: the file is written either way. */
static void sync_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	int fd;

	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else if (slash == path)
		snprintf(dir, sizeof dir, "/");
	else if ((size_t)(slash - path) < sizeof dir)
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	else
		return;
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		(void)fsync(fd);
		close(fd);
	}
}

int ff_out_commit(struct ff_out *out)
{
	int rc = 0;

	if (!out->fp)
		return -1;
	if (finish(out->fp, out->sink) || (out->tmp && rename(out->tmp, out->path))) {
		fprintf(stderr, "fivefold %s: cannot write %s: %s%s\n", out->cmd->name,
			ff_out_name(out), why(errno), out->tmp ? " (the file is left as it was)" : "");
		rc = -1;
	} else if (out->tmp) {
		sync_dir(out->path);
		free(out->tmp);   /* renamed: nothing to remove */
		out->tmp = NULL;
	}
	drop(out);
	return rc;
}

void ff_out_abort(struct ff_out *out)
{
	if (!out->fp)
		return;
	if (out->fp == stdout)
		fflush(stdout);
	else
		fclose(out->fp);
	if (out->tmp)
		fprintf(stderr, "fivefold %s: %s not written: left as it was\n", out->cmd->name,
			out->quoted);
	drop(out);
}

const char *ff_out_name(const struct ff_out *out)
{
	return out->quoted ? out->quoted : "standard output";
}

int ff_out_close(struct ff_out *out, int ok)
{
	if (ok)
		return ff_out_commit(out);
	ff_out_abort(out);
	return -1;
}

int ff_cmd_check_stdout(const struct ff_cmd *cmd, int status)
{
	if (finish(stdout, NULL) == 0)
		return status;
	fprintf(stderr, "fivefold%s%s: cannot write standard output: %s\n", cmd ? " " : "",
		cmd ? cmd->name : "", why(errno));
	return status == FF_EXIT_OK ? FF_EXIT_FAIL : status;
}
