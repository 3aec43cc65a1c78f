/* The byte policy's checks (lib/text.c): UTF-8 by the table of RFC 3629
   section 4 (its example sequences and the edges of each row), NUL,
   bounded numbers, and the cleaning of messages. */
#include "config.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "lib/error.h"
#include "lib/tags.h"
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

/* Bidirectional controls are shown, not obeyed; ff_text_quote cuts
   between characters and says so with "...". */
static void test_bidi(void)
{
	char msg[64], out[16];
	struct ff_error err;

	strcpy(msg, "Ann\xE2\x80\xAEgnp.exe\xE2\x80\xAC");
	ff_text_clean(msg, sizeof msg);
	CU_ASSERT_STRING_EQUAL(msg, "Ann<U+202E>gnp.exe<U+202C>");
	strcpy(msg, "\xE2\x80\x8E\xE2\x80\x8F\xE2\x81\xA6\xE2\x81\xA9 \xE2\x80\xAF\xE2\x81\xAA");
	ff_text_clean(msg, sizeof msg);   /* U+202F and U+206A are no bidi controls */
	CU_ASSERT_STRING_EQUAL(msg, "<U+200E><U+200F><U+2066><U+2069> \xE2\x80\xAF\xE2\x81\xAA");
	ff_error_clear(&err);
	ff_error_set(&err, FF_EBAD_TAG, "seat '%s'", "A\xE2\x81\xA7" "B");
	CU_ASSERT_STRING_EQUAL(err.msg, "seat 'A<U+2067>B'");
	ff_text_quote(out, sizeof out, "abcdefghij\xC3\xA9\xC3\xA9", 14);   /* 15 bytes: cut */
	CU_ASSERT_STRING_EQUAL(out, "abcdefghij\xC3\xA9...");
	ff_text_quote(out, sizeof out, "ab\x1b\xff", 4);
	CU_ASSERT_STRING_EQUAL(out, "ab\\x1b\\xff");
	ff_text_quote(out, sizeof out, "\xE2\x80\xAE\xE2\x80\xAE", 6);   /* an escape is never cut */
	CU_ASSERT_STRING_EQUAL(out, "<U+202E>...");
}

/* ff_date_normal of s: "N:form" (1), "none" (0) or "bad" (-1). */
static const char *date(const char *s)
{
	static char out[32];
	char d[11];
	int rc = ff_date_normal(s, d);

	if (rc > 0)
		snprintf(out, sizeof out, "N:%s", d);
	return rc > 0 ? out : rc == 0 ? "none" : "bad";
}

static void test_dates(void)
{
	CU_ASSERT_STRING_EQUAL(date("2026.11.30"), "N:2026.11.30");
	CU_ASSERT_STRING_EQUAL(date("2026-11-30"), "N:2026.11.30");
	CU_ASSERT_STRING_EQUAL(date("2026.11.??"), "N:2026.11.??");
	CU_ASSERT_STRING_EQUAL(date("2026.?.?"), "N:2026.??.??");
	CU_ASSERT_STRING_EQUAL(date("????.11.30"), "N:????.11.30");
	CU_ASSERT_STRING_EQUAL(date("2026-11"), "N:2026.11.??");
	CU_ASSERT_STRING_EQUAL(date("2026"), "N:2026.??.??");
	CU_ASSERT_STRING_EQUAL(date("2024.02.29"), "N:2024.02.29");   /* a leap year */
	CU_ASSERT_STRING_EQUAL(date("????.??.??"), "none");
	CU_ASSERT_STRING_EQUAL(date(""), "none");
	CU_ASSERT_STRING_EQUAL(date("2026.02.29"), "bad");
	CU_ASSERT_STRING_EQUAL(date("1900.02.29"), "bad");
	CU_ASSERT_STRING_EQUAL(date("2026-13-40"), "bad");
	CU_ASSERT_STRING_EQUAL(date("2026.04.31"), "bad");
	CU_ASSERT_STRING_EQUAL(date("30/11/2026"), "bad");
	CU_ASSERT_STRING_EQUAL(date("2026.11.30 "), "bad");
	CU_ASSERT_STRING_EQUAL(date("2026-11-3"), "bad");
	CU_ASSERT_STRING_EQUAL(date("2026.00.10"), "bad");
	CU_ASSERT_STRING_EQUAL(date("2026-11-?" "?"), "bad");
	CU_ASSERT_STRING_EQUAL(date("???" "?-11-30"), "bad");
	CU_ASSERT_STRING_EQUAL(date("26.11.30"), "bad");
}

static void test_tag_names(void)
{
	char buf[24];
	const char *near;

	CU_ASSERT(ff_tag_known("Rules") && ff_tag_known("Seat12") && !ff_tag_known("Seat"));
	CU_ASSERT(!ff_tag_known("rules") && !ff_tag_known("Time"));
	near = ff_tag_near("Rule", buf);
	CU_ASSERT(near && !strcmp(near, "Rules"));
	near = ff_tag_near("game", buf);
	CU_ASSERT(near && !strcmp(near, "Game"));
	near = ff_tag_near("Terminaton", buf);
	CU_ASSERT(near && !strcmp(near, "Termination"));
	near = ff_tag_near("Rlues", buf);   /* two letters swapped: one edit */
	CU_ASSERT(near && !strcmp(near, "Rules"));
	near = ff_tag_near("seat3", buf);
	CU_ASSERT(near && !strcmp(near, "Seat3"));
	near = ff_tag_near("Seet10", buf);
	CU_ASSERT(near && !strcmp(near, "Seat10"));
	/* PGN's own tags and custom ones stay silent */
	CU_ASSERT_PTR_NULL(ff_tag_near("Time", buf));
	CU_ASSERT_PTR_NULL(ff_tag_near("White", buf));
	CU_ASSERT_PTR_NULL(ff_tag_near("Annotator", buf));
	CU_ASSERT_PTR_NULL(ff_tag_near("Opening", buf));
	CU_ASSERT_PTR_NULL(ff_tag_near("Rules", buf));
	CU_ASSERT_PTR_NULL(ff_tag_near("@seats", buf));
	CU_ASSERT_EQUAL(ff_text_distance("Rules", "rules"), 0);
	CU_ASSERT_EQUAL(ff_text_distance("ab", "ba"), 1);
}

static void test_results(void)
{
	char msg[320];

	CU_ASSERT(ff_result_shape("1-0") && ff_result_shape("W12") && ff_result_shape("*"));
	CU_ASSERT(!ff_result_shape("1-O") && !ff_result_shape("W0") && !ff_result_shape("W"));
	ff_result_typo("1-O", 2, msg, sizeof msg);
	CU_ASSERT_STRING_EQUAL(msg, "'1-O' is not a result (did you mean '1-0'?); results are "
			       "1-0, 0-1, 1/2-1/2 and * (W1, W2, D too)");
	ff_result_typo("1:0", 2, msg, sizeof msg);
	CU_ASSERT(strstr(msg, "did you mean '1-0'?") != NULL);
	ff_result_typo("1\xE2\x80\x93" "0", 2, msg, sizeof msg);   /* an en dash */
	CU_ASSERT_STRING_EQUAL(msg, "'1\xE2\x80\x93" "0' is not a result: it has U+2013 EN DASH where "
			       "a result has '-' (write '1-0'); results are 1-0, 0-1, 1/2-1/2 "
			       "and * (W1, W2, D too)");
	ff_result_typo("\xC2\xBD-\xC2\xBD", 2, msg, sizeof msg);   /* one half */
	CU_ASSERT(strstr(msg, "U+00BD VULGAR FRACTION ONE HALF") && strstr(msg, "'1/2-1/2'"));
	ff_result_typo("won", 3, msg, sizeof msg);
	CU_ASSERT_STRING_EQUAL(msg, "'won' is not a result; results are W<k> (side k won), D and *");
	CU_ASSERT(ff_termination_off_board("time-forfeit") && !ff_termination_off_board("normal"));
}

static void test_utf16(void)
{
	char msg[240];

	CU_ASSERT_EQUAL(ff_text_utf16((const unsigned char *)"\xFF\xFE[\0", 4), 'L');
	CU_ASSERT_EQUAL(ff_text_utf16((const unsigned char *)"\xFE\xFF\0[", 4), 'B');
	CU_ASSERT_EQUAL(ff_text_utf16((const unsigned char *)"[\0G\0", 4), 'L');
	CU_ASSERT_EQUAL(ff_text_utf16((const unsigned char *)"\0[\0G", 4), 'B');
	CU_ASSERT_EQUAL(ff_text_utf16((const unsigned char *)"[Gam", 4), 0);
	CU_ASSERT_EQUAL(ff_text_utf16((const unsigned char *)"\xEF\xBB\xBF[", 4), 0);
	ff_text_utf16_message('B', (const unsigned char *)"\0[", msg, sizeof msg);
	CU_ASSERT(strstr(msg, "big-endian") && strstr(msg, "iconv -f UTF-16BE -t UTF-8"));
}

static const struct ff_test tests[] = {
	{ "dates", test_dates },
	{ "tag names", test_tag_names },
	{ "results", test_results },
	{ "UTF-16", test_utf16 },
	{ "UTF-8 and NUL", test_utf8 },
	{ "bounded numbers", test_numbers },
	{ "clean messages", test_clean },
	{ "bidirectional controls", test_bidi },
};

FF_TEST_MAIN("text", tests)
