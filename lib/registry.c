/* The registry: the one table of rules engines. Adding a game means adding
   its engine file and one line here. */
#include "config.h"

#include <string.h>

#include "lib/ruleset.h"

extern const struct ff_rules ff_fiveplay_rules, ff_fivelines_rules, ff_sequence_rules,
	ff_pegsjokers_rules;
#ifdef FF_TEST_ENGINE   /* a test build's extra engine (tests/nim.c), never fivefold's */
extern const struct ff_rules FF_TEST_ENGINE;
#endif

static const struct ff_rules *const registry[] = {
	&ff_fiveplay_rules,
	&ff_fivelines_rules,
	&ff_sequence_rules,
	&ff_pegsjokers_rules,
#ifdef FF_TEST_ENGINE
	&FF_TEST_ENGINE,
#endif
};

const struct ff_rules *ff_rules_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof registry / sizeof registry[0]; i++)
		if (strcmp(registry[i]->name, name) == 0)
			return registry[i];
	return NULL;
}

const struct ff_rules *ff_rules_at(int i)
{
	if (i < 0 || (size_t)i >= sizeof registry / sizeof registry[0])
		return NULL;
	return registry[i];
}
