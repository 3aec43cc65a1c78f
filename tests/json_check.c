/* json_check: is standard input one JSON value (json_check), or JSON
   Lines, each non-empty line one JSON object (json_check -l)? Exit 0, or
   1 with the first problem on standard error: how the CLI tests check
   the JSON fivefold writes without python3 or jq. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/test_json.h"

int main(int argc, char **argv)
{
	int lines = argc > 1 && strcmp(argv[1], "-l") == 0;
	size_t n = 0, cap = 1 << 16, at, k, line = 1, count = 0;
	const char *why;
	char *buf = malloc(cap), *p, *nl;

	while (buf && (k = fread(buf + n, 1, cap - n, stdin)) > 0)
		if ((n += k) == cap && !(buf = realloc(buf, cap *= 2)))
			break;
	if (!buf) {
		fputs("json_check: out of memory\n", stderr);
		return 1;
	}
	if (!lines) {
		if (ff_json_check(buf, n, 0, &why, &at)) {
			fprintf(stderr, "json_check: byte %zu: %s\n", at + 1, why);
			return 1;
		}
		free(buf);
		return 0;
	}
	for (p = buf; p < buf + n; p = nl + 1, line++) {
		nl = memchr(p, '\n', (size_t)(buf + n - p));
		if (!nl) {
			fprintf(stderr, "json_check: line %zu: no newline at the end\n", line);
			return 1;
		}
		if (ff_json_check(p, (size_t)(nl - p), '{', &why, &at)) {
			fprintf(stderr, "json_check: line %zu, byte %zu: %s\n", line, at + 1, why);
			return 1;
		}
		count++;
	}
	free(buf);
	if (!count) {
		fputs("json_check: no JSON line\n", stderr);
		return 1;
	}
	return 0;
}
