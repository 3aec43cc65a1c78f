/* Set-up positions (lib/setup.h): the SetUp tag's streams' part (the
   chance stream's draws, the agents') around the engine's position. */
#include "config.h"

#include <string.h>

#include "lib/setup.h"

#define DRAWS " draws:"
#define AGENTS " agents:"

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

/* The number N of s[0, len) (digits, no leading zero, at most
   FF_SETUP_MAX_DRAWS): 0 and *out, or -1. */
static int parse_count(const char *s, size_t len, uint64_t *out)
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

/* The streams' part of a SetUp value: where the position ends (len), and
   " draws:N" then " agents:M", each optional, in that order. */
struct tail {
	size_t len;
	int has_draws, has_agents;
	uint64_t draws, agents;
};

/* Split value into the position and its tail. Returns 0, or -1 with err
   naming the character where the tail is wrong. */
static int parse_tail(const char *value, struct tail *t, struct ff_error *err)
{
	const char *d = strstr(value, DRAWS), *a = strstr(value, AGENTS), *end;

	memset(t, 0, sizeof *t);
	t->len = d ? (size_t)(d - value) : a ? (size_t)(a - value) : strlen(value);
	if (d) {
		const char *n = d + strlen(DRAWS);

		end = a && a > d ? a : n + strlen(n);
		if (parse_count(n, (size_t)(end - n), &t->draws))
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: "
					    "expected draws:N at the end, N from 0 to %llu",
					    (size_t)(d - value) + 2,
					    (unsigned long long)FF_SETUP_MAX_DRAWS);
		t->has_draws = 1;
	}
	if (a) {
		const char *n = a + strlen(AGENTS);

		if ((d && a < d) || parse_count(n, strlen(n), &t->agents))
			return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: "
					    "expected agents:M at the end (after draws:N), M from "
					    "0 to %llu", (size_t)(a - value) + 2,
					    (unsigned long long)FF_SETUP_MAX_DRAWS);
		t->has_agents = 1;
	}
	return 0;
}

/* Refuse a stream's count in a record without a Seed. */
static int no_seed(const char *value, const struct tail *t, struct ff_error *err)
{
	const char *what = t->has_draws ? DRAWS : AGENTS;

	return ff_error_set(err, FF_EBAD_TAG, "bad SetUp at character %zu: %s:%llu counts the "
			    "draws of the Seed's %sstream, and the record has no Seed",
			    (size_t)(strstr(value, what) - value) + 2,
			    t->has_draws ? "draws" : "agents",
			    (unsigned long long)(t->has_draws ? t->draws : t->agents),
			    t->has_draws ? "" : "agents' ");
}

int ff_setup_read(const struct ff_rules *r, void *st, const struct ff_config *cfg,
		  const char *value, struct ff_rng *chance, uint64_t seed, struct ff_error *err)
{
	struct tail t;
	uint64_t i;

	if (parse_tail(value, &t, err))
		return -1;
	if (!chance && (t.has_draws || t.has_agents))
		return no_seed(value, &t, err);
	if (ff_rules_setup_read(r, st, cfg, value, t.len, err)) {
		if (err && strncmp(err->msg, "bad SetUp", 9) != 0) {
			char msg[sizeof err->msg];

			memcpy(msg, err->msg, sizeof msg);
			ff_error_set(err, err->code, "bad SetUp: %s", msg);
		}
		return -1;
	}
	if (chance)
		ff_rng_seed(chance, seed);
	for (i = 0; chance && i < t.draws; i++)
		(void)ff_rng_next(chance);
	return 0;
}

int ff_setup_agents(const char *value, struct ff_rng *agents, uint64_t seed)
{
	struct tail t;
	uint64_t i;

	if (parse_tail(value, &t, NULL))
		return -1;
	ff_rng_seed(agents, seed ^ FF_AGENT_SEED_XOR);
	for (i = 0; i < t.agents; i++)
		(void)ff_rng_next(agents);
	return t.has_agents;
}

/* How many outputs the stream ff1(seed) gives before it stands at g:
   into *n. Returns 0, or -1 when that is more than FF_SETUP_MAX_DRAWS. */
static int distance(uint64_t seed, const struct ff_rng *at, uint64_t *n)
{
	struct ff_rng g;

	ff_rng_seed(&g, seed);
	for (*n = 0; memcmp(g.s, at->s, sizeof g.s) != 0; ++*n) {
		if (*n == FF_SETUP_MAX_DRAWS)
			return -1;
		(void)ff_rng_next(&g);
	}
	return 0;
}

int ff_setup_write(const struct ff_rules *r, const void *st, const struct ff_rng *chance,
		   uint64_t seed, struct ff_buf *out)
{
	uint64_t n;

	if (ff_rules_setup_write(r, st, out))
		return -1;
	if (!chance || (!ff_rules_can(r, FF_CAN_CHANCE) && !ff_rules_can(r, FF_CAN_DRAW)))
		return 0;   /* nothing follows from the stream */
	if (distance(seed, chance, &n))
		return -1;
	return ff_buf_addf(out, DRAWS "%llu", (unsigned long long)n);
}

int ff_setup_write_agents(const struct ff_rng *agents, uint64_t seed, struct ff_buf *out)
{
	uint64_t n;

	if (distance(seed ^ FF_AGENT_SEED_XOR, agents, &n))
		return -1;
	return n ? ff_buf_addf(out, AGENTS "%llu", (unsigned long long)n) : 0;
}
