/* The byte policy's checks (lib/text.c): UTF-8 by the table of RFC 3629
   section 4 (its example sequences and the edges of each row), NUL,
   bounded numbers, and the cleaning of messages. */
#include "config.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "lib/error.h"
#include "lib/text.h"

#include "tests/test_main.h"

/* The fault of s (n bytes) and where, as "ok", "nul@K" or "utf8@K". */
static const char *check(const char *s, size_t n)
{
	static char out[32];
	size_t at = 99;
	enum ff_text_fault f = ff_text_check(s, n, &at);

	if (f == FF_TEXT_OK)
		return "ok";
	snprintf(out, sizeof out, "%s@%zu", f == FF_TEXT_NUL ? "nul" : "utf8", at);
	return out;
}

#define CHECK(lit, want) CU_ASSERT_STRING_EQUAL(check(lit, sizeof(lit) - 1), want)

static void test_utf8(void)
{
	CHECK("", "ok");
	CHECK("plain ASCII, tabs\tand\nnewlines", "ok");
	/* RFC 3629's examples: A<NOT IDENTICAL TO><ALPHA>. ; Korean; Japanese; a BOM + U+233B4 */
	CHECK("\x41\xE2\x89\xA2\xCE\x91\x2E", "ok");
	CHECK("\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4", "ok");
	CHECK("\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E", "ok");
	CHECK("\xEF\xBB\xBF\xF0\xA3\x8E\xB4", "ok");
	/* the edges of each row of the table */
	CHECK("\x7F", "ok");
	CHECK("\xC2\x80\xDF\xBF", "ok");                 /* U+0080, U+07FF */
	CHECK("\xE0\xA0\x80\xEF\xBF\xBF", "ok");         /* U+0800, U+FFFF */
	CHECK("\xED\x9F\xBF\xEE\x80\x80", "ok");         /* U+D7FF, U+E000 */
	CHECK("\xF0\x90\x80\x80\xF4\x8F\xBF\xBF", "ok"); /* U+10000, U+10FFFF */
	/* what is not UTF-8 */
	CHECK("ab\x80", "utf8@2");                       /* a lone continuation byte */
	CHECK("a\xC0\xAF", "utf8@1");                    /* overlong '/' */
	CHECK("\xC1\xBF", "utf8@0");
	CHECK("\xE0\x80\xAF", "utf8@0");                 /* overlong, three bytes */
	CHECK("\xF0\x80\x80\xAF", "utf8@0");             /* overlong, four bytes */
	CHECK("\xED\xA0\x80", "utf8@0");                 /* surrogate U+D800 */
	CHECK("\xED\xBF\xBF", "utf8@0");                 /* surrogate U+DFFF */
	CHECK("\xF4\x90\x80\x80", "utf8@0");             /* past U+10FFFF */
	CHECK("\xF5\x80\x80\x80", "utf8@0");
	CHECK("\xFF", "utf8@0");
	CHECK("x\xE2\x82", "utf8@1");                    /* cut at the end */
	CHECK("\xE2\x82x", "utf8@0");                    /* cut by another byte */
	CHECK("\xF0\x9F\x98", "utf8@0");
	/* NUL */
	CHECK("gre\0edy", "nul@3");
	CHECK("\xC3\xA9\0", "nul@2");
}

static void test_numbers(void)
{
	uint64_t v = 12345;

	CU_ASSERT_EQUAL(ff_parse_uint("0", 1, 10, &v), 0);
	CU_ASSERT_EQUAL(v, 0);
	CU_ASSERT_EQUAL(ff_parse_uint("10", 2, 10, &v), 0);
	CU_ASSERT_EQUAL(v, 10);
	CU_ASSERT_EQUAL(ff_parse_uint("11", 2, 10, &v), -1);
	CU_ASSERT_EQUAL(ff_parse_uint("7", 1, 5, &v), -1);   /* one digit over a small bound */
	CU_ASSERT_EQUAL(ff_parse_uint("", 0, 10, &v), -1);
	CU_ASSERT_EQUAL(ff_parse_uint("1x", 2, 10, &v), -1);
	CU_ASSERT_EQUAL(ff_parse_uint("-1", 2, 10, &v), -1);
	CU_ASSERT_EQUAL(ff_parse_uint("18446744073709551615", 20, UINT64_MAX, &v), 0);
	CU_ASSERT_EQUAL(v, UINT64_MAX);
	/* 2^64 and 2^64 + 1 (the Ludii winner that wrapped to 1) */
	CU_ASSERT_EQUAL(ff_parse_uint("18446744073709551616", 20, UINT64_MAX, &v), -1);
	CU_ASSERT_EQUAL(ff_parse_uint("18446744073709551617", 20, UINT64_MAX, &v), -1);
	CU_ASSERT_EQUAL(ff_parse_uint("000000000000000000000000000001", 30, 1, &v), 0);
	CU_ASSERT_EQUAL(v, 1);
}

static void test_clean(void)
{
	char msg[40];   /* cleaned as a buffer of 32 */
	struct ff_error err;

	strcpy(msg, "ok caf\xC3\xA9");
	ff_text_clean(msg, 32);
	CU_ASSERT_STRING_EQUAL(msg, "ok caf\xC3\xA9");
	strcpy(msg, "esc \x1B[2J bad \xFF del \x7F");
	ff_text_clean(msg, 32);
	CU_ASSERT_STRING_EQUAL(msg, "esc \\x1b[2J bad \\xff del \\x7f");
	/* cut to fit, never inside a sequence or an escape */
	strcpy(msg, "0123456789012345678901234567\xE2\x82\xAC");   /* 31 bytes: it fits */
	ff_text_clean(msg, 32);
	CU_ASSERT_STRING_EQUAL(msg, "0123456789012345678901234567\xE2\x82\xAC");
	strcpy(msg, "01234567890123456789012345678\xE2\x82\xAC");  /* 32: the euro goes */
	ff_text_clean(msg, 32);
	CU_ASSERT_STRING_EQUAL(msg, "01234567890123456789012345678");
	strcpy(msg, "0123456789012345678901234567\x01");   /* the escape would end at 32 */
	ff_text_clean(msg, 32);
	CU_ASSERT_STRING_EQUAL(msg, "0123456789012345678901234567");
	/* ff_error_set cleans every message */
	ff_error_clear(&err);
	ff_error_set(&err, FF_ESYNTAX, "token '%s'", "a\nb\xC0");
	CU_ASSERT_STRING_EQUAL(err.msg, "token 'a\\x0ab\\xc0'");
	CU_ASSERT_STRING_EQUAL(ff_code_name(FF_EBAD_BYTE), "bad-byte");
	CU_ASSERT_STRING_EQUAL(ff_code_name(FF_ETOO_LONG), "too-long");
}

static const struct ff_test tests[] = {
	{ "UTF-8 and NUL", test_utf8 },
	{ "bounded numbers", test_numbers },
	{ "clean messages", test_clean },
};

FF_TEST_MAIN("text", tests)
