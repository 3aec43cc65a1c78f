/* The regression replay: a main() for a fuzz target built with the normal
   compiler (no libFuzzer). Each operand is a file whose bytes are given to
   the target's LLVMFuzzerTestOneInput once, in a buffer of exactly their
   size (so that the sanitizer build sees any read past the end); a file
   that breaks a check aborts the program. Prints one line per file and a
   summary. Usage: replay-TARGET FILE... (tests/fuzz.sh runs it). */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Read the whole file into a buffer of its exact size (*n bytes; a
   1-byte buffer for an empty file). Returns NULL with errno set. */
static uint8_t *slurp(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *p = NULL, *q;
	size_t len = 0, cap = 0, got;
	int e;

	if (!fp)
		return NULL;
	for (;;) {
		if (len == cap) {
			cap = cap ? cap * 2 : 65536;
			if (!(q = realloc(p, cap)))
				goto fail;
			p = q;
		}
		got = fread(p + len, 1, cap - len, fp);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(fp))
		goto fail;
	fclose(fp);
	/* exactly len bytes, so that a read past the end is caught */
	if (!(q = malloc(len ? len : 1))) {
		free(p);
		errno = ENOMEM;
		return NULL;
	}
	memcpy(q, p, len);
	free(p);
	*n = len;
	return q;
fail:
	e = errno ? errno : EIO;
	free(p);
	fclose(fp);
	errno = e;
	return NULL;
}

int main(int argc, char **argv)
{
	uint8_t *data;
	size_t n;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (!(data = slurp(argv[i], &n))) {
			fprintf(stderr, "%s: cannot read '%s': %s\n", argv[0], argv[i], strerror(errno));
			return 1;
		}
		LLVMFuzzerTestOneInput(data, n);
		free(data);
		printf("ok %s (%zu bytes)\n", argv[i], n);
		fflush(stdout);
	}
	printf("%d files replayed\n", argc - 1);
	return 0;
}
