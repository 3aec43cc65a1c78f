/* Set-up positions (lib/setup.h): the SetUp tag's chance part around the
   engine's position. */
#include "config.h"

#include <string.h>

#include "lib/setup.h"

#define DRAWS " draws:"

int ff_setup_fields(const char *text, size_t len, struct ff_setup_field *f, int max)
{
	size_t i = 0, start;
	int n = 0;

	if (len == 0 || text[0] == ' ' || text[len - 1] == ' ')
		return -1;
	while (i <= len) {
		start = i;
		while (i < len && text[i] != ' ')
			i++;
		if (i == start || n == max)
			return -1;
		f[n].p = text + start;
		f[n].len = i - start;
		f[n].at = start;
		n++;
		i++;   /* past the space (or the end) */
	}
	return n;
}

/* The draws part "N" of s[0, len): 0 and *out, or -1. */
static int parse_draws(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;

	if (len == 0 || len > 12 || (s[0] == '0' && len > 1))
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*out = v;
	return v <= FF_SETUP_MAX_DRAWS ? 0 : -1;
}

int ff_setup_read(const struct ff_rules *r, void *st, const struct ff_config *cfg,
		  const char *value, struct ff_rng *chance, uint64_t seed, struct ff_error *err)
{
	const char *d = strstr(value, DRAWS);
	size_t len = d ? (size_t)(d - value) : strlen(value);
	uint64_t draws = 0, i;

	if (d) {
		const char *n = d + strlen(DRAWS);

		if (parse_draws(n, strlen(n), &draws))
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: "
					    "expected draws:N at the end, N from 0 to %llu",
					    (size_t)(d - value) + 2,
					    (unsigned long long)FF_SETUP_MAX_DRAWS);
		if (!chance)
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: draws:%llu "
					    "counts the draws of the Seed's stream, and the record "
					    "has no Seed", (size_t)(d - value) + 2,
					    (unsigned long long)draws);
	}
	if (ff_rules_setup_read(r, st, cfg, value, len, err)) {
		if (err && strncmp(err->msg, "bad SetUp", 9) != 0) {
			char msg[sizeof err->msg];

			memcpy(msg, err->msg, sizeof msg);
			ff_error_set(err, err->code, "bad SetUp: %s", msg);
		}
		return -1;
	}
	if (chance)
		ff_rng_seed(chance, seed);
	for (i = 0; chance && i < draws; i++)
		(void)ff_rng_next(chance);
	return 0;
}

int ff_setup_write(const struct ff_rules *r, const void *st, const struct ff_rng *chance,
		   uint64_t seed, struct ff_buf *out)
{
	struct ff_rng g;
	uint64_t n = 0;

	if (ff_rules_setup_write(r, st, out))
		return -1;
	if (!chance || (!ff_rules_can(r, FF_CAN_CHANCE) && !ff_rules_can(r, FF_CAN_DRAW)))
		return 0;   /* nothing follows from the stream */
	ff_rng_seed(&g, seed);
	while (memcmp(g.s, chance->s, sizeof g.s) != 0) {
		if (n++ == FF_SETUP_MAX_DRAWS)
			return -1;
		(void)ff_rng_next(&g);
	}
	return ff_buf_addf(out, DRAWS "%llu", (unsigned long long)n);
}
