/* Fuzz target: the solution-file loader (lib/analysis/solve.h,
   docs/solve.md "Solution files"). The input is a solution file of
   fivelines/schaedler without its last four bytes: the harness appends
   the CRC-32 of the input, so that every input passes the checksum and
   reaches the parser below it (the header, its counts against the size,
   the keys, the values). The input as it is, without the fix-up, is
   loaded first too (almost always refused for its checksum).

   Checks (abort with "fuzz: CHECK: ..."):
   - "refusal": a refused file comes with a code (io, bad-option,
     no-memory) and a message;
   - "loaded": a loaded solution has 1 to 2^31 - 1 positions of keys of 1
     to FF_MAX_KEY bytes, exactly as many as the file's size says, and
     every value in [0, 1];
   - "find": looking up the start finds a position whose key is the
     start's, or none;
   - "fixpoint": the loaded solution saved again gives the loaded bytes
     (what is read is what was written). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz.h"
#include "lib/analysis/solve.h"
#include "lib/ruleset.h"

#define ID "fivelines/schaedler"

/* CRC-32 (ISO-HDLC) of n bytes, bit by bit: independent of the
   loader's tables. */
static uint32_t crc32_bits(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	int k;

	while (n--) {
		c ^= *p++;
		for (k = 0; k < 8; k++)
			c = c & 1 ? c >> 1 ^ 0xedb88320u : c >> 1;
	}
	return ~c;
}

static void check_refusal(const struct ff_error *err)
{
	if ((err->code != FF_EIO && err->code != FF_EBAD_OPTION && err->code != FF_ENOMEM) ||
	    err->msg[0] == '\0')
		ff_fuzz_fail("refusal", "code %s, message '%s'", ff_code_name(err->code), err->msg);
}

/* The loaded solution sol of the size bytes at file. */
static void check_loaded(const struct ff_solution *sol, const struct ff_rules *r,
			 const void *start, const uint8_t *file, size_t size)
{
	uint8_t key[FF_MAX_KEY];
	size_t i, head = 9 + strlen(ID) + 1 + 16;
	char *out = NULL;
	size_t outlen = 0;
	struct ff_error err;
	FILE *fp;
	long j;

	if (sol->nstates == 0 || sol->nstates > 0x7fffffffu || sol->key_len == 0 ||
	    sol->key_len > FF_MAX_KEY || head + sol->nstates * (sol->key_len + 8) + 4 != size)
		ff_fuzz_fail("loaded", "%zu positions of %zu bytes in %zu bytes", sol->nstates,
			     sol->key_len, size);
	for (i = 0; i < sol->nstates; i++)
		if (!(sol->value[i] >= 0 && sol->value[i] <= 1))
			ff_fuzz_fail("loaded", "position %zu: value %g", i, sol->value[i]);
	j = ff_solution_find(sol, start);
	if (j >= 0 && (ff_rules_key(r, start, key) != sol->key_len || (size_t)j >= sol->nstates ||
		       memcmp(sol->keys + (size_t)j * sol->key_len, key, sol->key_len) != 0))
		ff_fuzz_fail("find", "the start found at position %ld, another key", j);
	if (ff_fuzz_on("fixpoint")) {
		if (!(fp = open_memstream(&out, &outlen)))
			abort();
		if (ff_solution_save(sol, ID, fp, &err))
			ff_fuzz_fail("fixpoint", "cannot save: %s", err.msg);
		fclose(fp);
		if (outlen != size || memcmp(out, file, size) != 0)
			ff_fuzz_fail("fixpoint", "saved again: %zu bytes, differ from the %zu read",
				     outlen, size);
		free(out);
	}
}

/* Load the size bytes at file; check what comes out. */
static void load(const struct ff_rules *r, const void *start, const uint8_t *file, size_t size)
{
	struct ff_solution sol;
	struct ff_error err;
	FILE *fp = size ? fmemopen((void *)file, size, "rb") : tmpfile();

	if (!fp)
		abort();
	ff_error_clear(&err);
	if (ff_solution_load(&sol, r, ID, fp, &err) == 0) {
		check_loaded(&sol, r, start, file, size);
		ff_solution_free(&sol);
	} else {
		check_refusal(&err);
	}
	fclose(fp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct ff_rules *r;
	static _Alignas(16) unsigned char start[4096];
	uint8_t *file;
	uint32_t crc;
	int i;

	if (!r) {
		struct ff_config cfg;
		struct ff_error err;

		if (ff_config_parse(&cfg, "fivelines", "schaedler", NULL, NULL, NULL, NULL, &err) ||
		    cfg.rules->state_size > sizeof start || ff_rules_init(cfg.rules, start, &cfg, NULL, &err))
			abort();
		r = cfg.rules;
	}
	load(r, start, data, size);
	if (!(file = malloc(size + 4)))
		abort();
	memcpy(file, data, size);
	crc = crc32_bits(data, size);
	for (i = 0; i < 4; i++)
		file[size + i] = (uint8_t)(crc >> 8 * i);
	load(r, start, file, size + 4);
	free(file);
	return 0;
}
