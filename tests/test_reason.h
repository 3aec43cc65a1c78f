/* A helper the rule tests share: an illegal ply and the reason its
   engine gives for it (rules->explain), checked through the ruleset's
   table so that every engine is asked the same way. */
#ifndef FF_TEST_REASON_H
#define FF_TEST_REASON_H

#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

#include "lib/buf.h"
#include "lib/error.h"
#include "lib/ruleset.h"

/* checks the engines' hooks themselves, past the door (FF_HOOK) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/* Parse tok in state st of rules r: it must be a well-formed ply that is
   not legal, and r's reason for it must be want, whole. */
static inline void test_reason(const struct ff_rules *r, const void *st, const char *tok,
			       const char *want)
{
	struct ff_buf b = FF_BUF_INIT;
	struct ff_error err;
	struct ff_ply p;

	ff_error_clear(&err);
	CU_ASSERT_EQUAL_FATAL(r->parse(st, tok, strlen(tok), &p, &err), 0);
	CU_ASSERT_FALSE(r->is_legal(st, &p));
	r->explain(st, &p, &b);
	if (!b.p || strcmp(b.p, want) != 0)
		fprintf(stderr, "\n  '%s': '%s', not '%s'\n", tok, b.p ? b.p : "", want);
	CU_ASSERT(b.p && strcmp(b.p, want) == 0);
	ff_buf_free(&b);
}

#pragma GCC diagnostic pop

#endif
