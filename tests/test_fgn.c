/* Unit tests for the FGN reader and writer: every syntax element, positions,
   several games, malformed input and recovery, raw text, games larger than
   the read buffer, the golden files in tests/golden/fgn and write/read
   idempotence. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>
#include <CUnit/CUnit.h>

#include "formats/fgn.h"

#include "tests/test_main.h"

/* The reader's initial buffer size (formats/fgn_read.c); the boundary test
   puts tokens across it. */
#define READ_BUF ((size_t)256 * 1024)

/* One reader on an in-memory input. */
struct fx {
	char *data;
	FILE *fp;
	struct ff_fgn_reader *r;
	struct ff_record rec;
	struct ff_error err;
};

static void fx_open(struct fx *f, const char *s, size_t n)
{
	memset(f, 0, sizeof *f);
	f->data = malloc(n + 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f->data);
	memcpy(f->data, s, n);
	f->data[n] = '\0';
	f->fp = n ? fmemopen(f->data, n, "r") : tmpfile();
	CU_ASSERT_PTR_NOT_NULL_FATAL(f->fp);
	f->r = ff_fgn_reader_new(f->fp);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f->r);
	CU_ASSERT_EQUAL_FATAL(ff_record_init(&f->rec), 0);
}

static void fx_opens(struct fx *f, const char *s)
{
	fx_open(f, s, strlen(s));
}

static int fx_next(struct fx *f)
{
	return ff_fgn_read(f->r, &f->rec, &f->err);
}

static void fx_close(struct fx *f)
{
	ff_fgn_reader_free(f->r);
	ff_record_free(&f->rec);
	fclose(f->fp);
	free(f->data);
}

/* Whether the raw text of the last game is exactly s. */
static int raw_is(const struct fx *f, const char *s)
{
	size_t n;
	const char *p = ff_fgn_raw(f->r, &n);

	return n == strlen(s) && memcmp(p, s, n) == 0;
}

static const char *tok(const struct ff_record *rec, size_t i)
{
	return i < rec->nplies ? ff_record_str(rec, rec->plies[i].tok) : "(none)";
}

/* A tag's value, never NULL (for the string asserts). */
static const char *tagv(const struct ff_record *rec, const char *name)
{
	const char *v = ff_record_tag(rec, name);

	return v ? v : "(none)";
}

#define PLY(rec, i, t, suf, ln, cl)                                          \
	do {                                                                 \
		CU_ASSERT_FATAL((i) < (rec)->nplies);                        \
		CU_ASSERT_STRING_EQUAL(ff_record_str(rec, (rec)->plies[i].tok), t); \
		CU_ASSERT_EQUAL((rec)->plies[i].len, strlen(t));             \
		CU_ASSERT_STRING_EQUAL((rec)->plies[i].suffix, suf);         \
		CU_ASSERT_EQUAL((rec)->plies[i].line, ln);                   \
		CU_ASSERT_EQUAL((rec)->plies[i].col, cl);                    \
	} while (0)

#define TAG(rec, i, n, v, ln, cl)                                            \
	do {                                                                 \
		CU_ASSERT_FATAL((i) < (rec)->ntags);                         \
		CU_ASSERT_STRING_EQUAL(ff_record_str(rec, (rec)->tags[i].name), n); \
		CU_ASSERT_STRING_EQUAL(ff_record_str(rec, (rec)->tags[i].value), v); \
		CU_ASSERT_EQUAL((rec)->tags[i].line, ln);                    \
		CU_ASSERT_EQUAL((rec)->tags[i].col, cl);                     \
	} while (0)

#define NOTE(rec, i, k, a, t)                                                \
	do {                                                                 \
		CU_ASSERT_FATAL((i) < (rec)->nnotes);                        \
		CU_ASSERT_EQUAL((rec)->notes[i].kind, k);                    \
		CU_ASSERT_EQUAL((rec)->notes[i].after, a);                   \
		CU_ASSERT_EQUAL((rec)->notes[i].len, strlen(t));             \
		CU_ASSERT_STRING_EQUAL(ff_record_str(rec, (rec)->notes[i].text), t); \
	} while (0)

#define ERR(f, ln, cl, g, k, m)                                              \
	do {                                                                 \
		CU_ASSERT_EQUAL((f)->err.code, FF_ESYNTAX);                  \
		CU_ASSERT_EQUAL((f)->err.line, ln);                          \
		CU_ASSERT_EQUAL((f)->err.col, cl);                           \
		CU_ASSERT_EQUAL((f)->err.game, g);                           \
		CU_ASSERT_EQUAL((f)->err.ply, k);                            \
		CU_ASSERT_EQUAL((f)->err.seat, 0);                           \
		CU_ASSERT_STRING_EQUAL((f)->err.msg, m);                     \
	} while (0)

static void test_basic(void)
{
	struct fx f;

	fx_opens(&f, "[Event \"Club night\"]\n[Game \"fivelines\"]\n\n"
		     "4:3-7 2:0-2\n5:2-7 1-0\n");
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.err.code, FF_OK);
	CU_ASSERT_EQUAL(f.rec.number, 1);
	CU_ASSERT_EQUAL(f.rec.line, 1);
	CU_ASSERT_EQUAL(f.rec.col, 1);
	CU_ASSERT_EQUAL(f.rec.ntags, 2);
	TAG(&f.rec, 0, "Event", "Club night", 1, 1);
	TAG(&f.rec, 1, "Game", "fivelines", 2, 1);
	CU_ASSERT_EQUAL(f.rec.nplies, 3);
	PLY(&f.rec, 0, "4:3-7", "", 4, 1);
	PLY(&f.rec, 1, "2:0-2", "", 4, 7);
	PLY(&f.rec, 2, "5:2-7", "", 5, 1);
	CU_ASSERT_EQUAL(f.rec.nnotes, 0);
	CU_ASSERT_STRING_EQUAL(ff_record_result(&f.rec), "1-0");
	CU_ASSERT_EQUAL(f.rec.result_line, 5);
	CU_ASSERT_EQUAL(f.rec.result_col, 7);
	CU_ASSERT_STRING_EQUAL(tagv(&f.rec, "Game"), "fivelines");
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	CU_ASSERT_EQUAL(ff_fgn_offset(f.r), strlen(f.data));
	fx_close(&f);
}

static void test_tags(void)
{
	struct fx f;

	fx_opens(&f, "  [ Name_1   \"a \\\"b\\\" \\\\ c \\x \\\"\"  ]  \r\n"
		     "[E\t\"\"]\n[U \"Zoë ☺\"]\n[Bs \"end\\\\\"]\n*");
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.line, 1);
	CU_ASSERT_EQUAL(f.rec.col, 3);
	CU_ASSERT_EQUAL(f.rec.ntags, 4);
	TAG(&f.rec, 0, "Name_1", "a \"b\" \\ c \\x \"", 1, 3);
	TAG(&f.rec, 1, "E", "", 2, 1);
	TAG(&f.rec, 2, "U", "Zoë ☺", 3, 1);
	TAG(&f.rec, 3, "Bs", "end\\", 4, 1);
	CU_ASSERT_EQUAL(f.rec.nplies, 0);
	CU_ASSERT_STRING_EQUAL(ff_record_result(&f.rec), "*");
	CU_ASSERT_EQUAL(f.rec.result_line, 5);
	CU_ASSERT_EQUAL(f.rec.result_col, 1);
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);
}

static void test_comments(void)
{
	struct fx f;

	fx_opens(&f, "{before} ;line one\r\n"
		     "4:3-7 {multi\nline {x\n} ;after ply 1\n"
		     "2:0-2;glued\n{}; \n5:2-7{tight}6:1-7 *\n");
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.ntags, 0);
	CU_ASSERT_EQUAL(f.rec.nplies, 4);
	PLY(&f.rec, 0, "4:3-7", "", 2, 1);
	PLY(&f.rec, 1, "2:0-2", "", 5, 1);
	PLY(&f.rec, 2, "5:2-7", "", 7, 1);
	PLY(&f.rec, 3, "6:1-7", "", 7, 13);
	CU_ASSERT_EQUAL(f.rec.nnotes, 8);
	NOTE(&f.rec, 0, FF_NOTE_BRACE, 0, "before");
	NOTE(&f.rec, 1, FF_NOTE_LINE, 0, "line one");
	NOTE(&f.rec, 2, FF_NOTE_BRACE, 1, "multi\nline {x\n");
	NOTE(&f.rec, 3, FF_NOTE_LINE, 1, "after ply 1");
	NOTE(&f.rec, 4, FF_NOTE_LINE, 2, "glued");
	NOTE(&f.rec, 5, FF_NOTE_BRACE, 2, "");
	NOTE(&f.rec, 6, FF_NOTE_LINE, 2, " ");
	NOTE(&f.rec, 7, FF_NOTE_BRACE, 3, "tight");
	CU_ASSERT_EQUAL(f.rec.result_line, 7);
	CU_ASSERT_EQUAL(f.rec.result_col, 19);
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);
}

static void test_nags_suffixes(void)
{
	struct fx f;

	fx_opens(&f, "$0 4:3-7! 2:0-2? 5:2-7!! 1:x-1?? 3:2-4!? 6:0-6?! $1 $123 "
		     "a?b x.y W0 *");
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.nplies, 9);
	PLY(&f.rec, 0, "4:3-7", "!", 1, 4);
	PLY(&f.rec, 1, "2:0-2", "?", 1, 11);
	PLY(&f.rec, 2, "5:2-7", "!!", 1, 18);
	PLY(&f.rec, 3, "1:x-1", "??", 1, 26);
	PLY(&f.rec, 4, "3:2-4", "!?", 1, 34);
	PLY(&f.rec, 5, "6:0-6", "?!", 1, 42);
	PLY(&f.rec, 6, "a?b", "", 1, 58);
	PLY(&f.rec, 7, "x.y", "", 1, 62);
	PLY(&f.rec, 8, "W0", "", 1, 66);
	CU_ASSERT_EQUAL(f.rec.nnotes, 3);
	NOTE(&f.rec, 0, FF_NOTE_NAG, 0, "0");
	NOTE(&f.rec, 1, FF_NOTE_NAG, 6, "1");
	NOTE(&f.rec, 2, FF_NOTE_NAG, 6, "123");
	CU_ASSERT_STRING_EQUAL(ff_record_result(&f.rec), "*");
	CU_ASSERT_EQUAL(f.rec.result_col, 69);
	fx_close(&f);
}

static void test_move_numbers(void)
{
	struct fx f;

	fx_opens(&f, "1. 4:3-7 1... 2:0-2 2.5:2-7 2...1:1-2! 12 3. 4.$2 5...* 6.7. 8.\n1-0\n");
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.nplies, 5);
	PLY(&f.rec, 0, "4:3-7", "", 1, 4);
	PLY(&f.rec, 1, "2:0-2", "", 1, 15);
	PLY(&f.rec, 2, "5:2-7", "", 1, 23);
	PLY(&f.rec, 3, "1:1-2", "!", 1, 33);
	PLY(&f.rec, 4, "12", "", 1, 40);
	CU_ASSERT_EQUAL(f.rec.nnotes, 1);
	NOTE(&f.rec, 0, FF_NOTE_NAG, 5, "2");
	/* "5...*" is a move number glued to the result token */
	CU_ASSERT_STRING_EQUAL(ff_record_result(&f.rec), "*");
	CU_ASSERT_EQUAL(f.rec.result_line, 1);
	CU_ASSERT_EQUAL(f.rec.result_col, 55);
	/* "6.7. 8." and "1-0" then form the next game */
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.number, 2);
	CU_ASSERT_EQUAL(f.rec.line, 1);
	CU_ASSERT_EQUAL(f.rec.col, 57);
	CU_ASSERT_EQUAL(f.rec.nplies, 0);
	CU_ASSERT_STRING_EQUAL(ff_record_result(&f.rec), "1-0");
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);
}

static void test_results(void)
{
	static const char *const res[] = { "1-0", "0-1", "1/2-1/2", "*", "W3", "W12", "D" };
	struct fx f;
	size_t i;

	fx_opens(&f, "4:3-7 1-0\n4:3-7 0-1\n4:3-7 1/2-1/2\n4:3-7 *\n"
		     "4:3-7 W3\n4:3-7 W12\n4:3-7 D\n4:3-7 W01 W0x 1-0x 1/2 *\n");
	for (i = 0; i < sizeof res / sizeof *res; i++) {
		CU_ASSERT_EQUAL(fx_next(&f), 1);
		CU_ASSERT_EQUAL(f.rec.number, (long)i + 1);
		CU_ASSERT_EQUAL(f.rec.line, (long)i + 1);
		CU_ASSERT_EQUAL(f.rec.nplies, 1);
		CU_ASSERT_STRING_EQUAL(ff_record_result(&f.rec), res[i]);
		CU_ASSERT_EQUAL(f.rec.result_line, (long)i + 1);
		CU_ASSERT_EQUAL(f.rec.result_col, 7);
	}
	/* not result tokens: plies */
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.nplies, 5);
	CU_ASSERT_STRING_EQUAL(tok(&f.rec, 1), "W01");
	CU_ASSERT_STRING_EQUAL(tok(&f.rec, 2), "W0x");
	CU_ASSERT_STRING_EQUAL(tok(&f.rec, 3), "1-0x");
	CU_ASSERT_STRING_EQUAL(tok(&f.rec, 4), "1/2");
	CU_ASSERT_STRING_EQUAL(ff_record_result(&f.rec), "*");
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);
}

static void test_positions(void)
{
	struct fx f;

	/* CRLF, multi-byte UTF-8 in comments, a tab */
	fx_opens(&f, "[Game \"x\"]\r\n\r\n{é€☺} 4:3-7\r\n\t2:0-2 {ü\r\nß} 5:2-7 *\r\n"
		     "{ÄÖÜ}\t{€}  1:2-3 0-1");
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	TAG(&f.rec, 0, "Game", "x", 1, 1);
	CU_ASSERT_EQUAL(f.rec.nplies, 3);
	PLY(&f.rec, 0, "4:3-7", "", 3, 7);
	PLY(&f.rec, 1, "2:0-2", "", 4, 2);
	PLY(&f.rec, 2, "5:2-7", "", 5, 4);
	NOTE(&f.rec, 0, FF_NOTE_BRACE, 0, "é€☺");
	NOTE(&f.rec, 1, FF_NOTE_BRACE, 2, "ü\r\nß");
	CU_ASSERT_EQUAL(f.rec.result_line, 5);
	CU_ASSERT_EQUAL(f.rec.result_col, 10);
	CU_ASSERT(raw_is(&f, "[Game \"x\"]\r\n\r\n{é€☺} 4:3-7\r\n\t2:0-2 {ü\r\nß} 5:2-7 *\r\n"));
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.number, 2);
	CU_ASSERT_EQUAL(f.rec.line, 6);
	CU_ASSERT_EQUAL(f.rec.col, 1);
	PLY(&f.rec, 0, "1:2-3", "", 6, 12);
	CU_ASSERT_EQUAL(f.rec.result_col, 18);
	CU_ASSERT(raw_is(&f, "{ÄÖÜ}\t{€}  1:2-3 0-1"));
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);

	/* spans of over 8 bytes with many continuation bytes between plies
	   (columns counted a word at a time); expected columns from Python's
	   str.index on the same line */
	fx_opens(&f, "[Game \"x\"]\n\n{ééééé€€€☺☺} 4:3-7 {—————————} 2:0-2 *\n");
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	PLY(&f.rec, 0, "4:3-7", "", 3, 14);
	PLY(&f.rec, 1, "2:0-2", "", 3, 32);
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);
}

static void test_bom(void)
{
	struct fx f;

	fx_opens(&f, "\xEF\xBB\xBF[Game \"x\"]\n4:3-7 \xEF\xBB\xBF *");
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.line, 1);
	CU_ASSERT_EQUAL(f.rec.col, 1);
	TAG(&f.rec, 0, "Game", "x", 1, 1);
	/* a BOM elsewhere is not skipped */
	CU_ASSERT_EQUAL(f.rec.nplies, 2);
	PLY(&f.rec, 0, "4:3-7", "", 2, 1);
	PLY(&f.rec, 1, "\xEF\xBB\xBF", "", 2, 7);
	CU_ASSERT_EQUAL(f.rec.result_col, 9);
	CU_ASSERT(raw_is(&f, "[Game \"x\"]\n4:3-7 \xEF\xBB\xBF *"));
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);

	fx_opens(&f, "\xEF\xBB\xBF");
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);
	/* half a BOM is no BOM, and no UTF-8 */
	fx_opens(&f, "\xEF\xBB");
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	CU_ASSERT_EQUAL(f.err.code, FF_EBAD_BYTE);
	CU_ASSERT_EQUAL(f.err.line, 1);
	CU_ASSERT_EQUAL(f.err.col, 1);
	CU_ASSERT_STRING_EQUAL(f.err.msg, "bytes that are not UTF-8 in a ply token (byte 0xef)");
	fx_close(&f);
}

static void test_read_error(void)
{
	FILE *fp = fopen("/dev/null", "w");
	struct ff_fgn_reader *r;
	struct ff_record rec;
	struct ff_error err;

	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	r = ff_fgn_reader_new(fp);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL_FATAL(ff_record_init(&rec), 0);
	CU_ASSERT_EQUAL(ff_fgn_read(r, &rec, &err), -1);
	CU_ASSERT_EQUAL(err.code, FF_EIO);
	CU_ASSERT_STRING_EQUAL(err.msg, "read error");
	CU_ASSERT_EQUAL(ff_fgn_read(r, &rec, &err), 0);
	ff_record_free(&rec);
	ff_fgn_reader_free(r);
	fclose(fp);
}

static void test_empty(void)
{
	struct fx f;
	size_t n;

	fx_open(&f, "", 0);
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	CU_ASSERT_EQUAL(f.err.code, FF_OK);
	ff_fgn_raw(f.r, &n);
	CU_ASSERT_EQUAL(n, 0);
	fx_close(&f);
	fx_opens(&f, "  \n\r\n\t \n");
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	CU_ASSERT_EQUAL(ff_fgn_offset(f.r), 8);
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);
}

static void test_games(void)
{
	struct fx f;

	fx_opens(&f, "4:3-7 1-0 2:0-2 0-1\n[Game \"a\"]\n*\n\n\n"
		     "[Game \"b\"]\n\n5:2-7\n1/2-1/2 {end} ;done\n"
		     "6:1-7 D\t\n\n");
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.number, 1);
	CU_ASSERT_EQUAL(f.rec.line, 1);
	CU_ASSERT_EQUAL(f.rec.col, 1);
	CU_ASSERT_EQUAL(f.rec.nplies, 1);
	CU_ASSERT(raw_is(&f, "4:3-7 1-0"));
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.number, 2);
	CU_ASSERT_EQUAL(f.rec.line, 1);
	CU_ASSERT_EQUAL(f.rec.col, 11);
	PLY(&f.rec, 0, "2:0-2", "", 1, 11);
	CU_ASSERT_STRING_EQUAL(ff_record_result(&f.rec), "0-1");
	CU_ASSERT(raw_is(&f, "2:0-2 0-1\n"));
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.number, 3);
	CU_ASSERT_EQUAL(f.rec.line, 2);
	CU_ASSERT_EQUAL(f.rec.nplies, 0);
	CU_ASSERT_STRING_EQUAL(tagv(&f.rec, "Game"), "a");
	CU_ASSERT(raw_is(&f, "[Game \"a\"]\n*\n"));
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.number, 4);
	CU_ASSERT_EQUAL(f.rec.line, 6);
	CU_ASSERT_STRING_EQUAL(tagv(&f.rec, "Game"), "b");
	PLY(&f.rec, 0, "5:2-7", "", 8, 1);
	/* comments on the result line belong to the game */
	CU_ASSERT_EQUAL(f.rec.nnotes, 2);
	NOTE(&f.rec, 0, FF_NOTE_BRACE, 1, "end");
	NOTE(&f.rec, 1, FF_NOTE_LINE, 1, "done");
	CU_ASSERT(raw_is(&f, "[Game \"b\"]\n\n5:2-7\n1/2-1/2 {end} ;done\n"));
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.number, 5);
	CU_ASSERT_EQUAL(f.rec.line, 10);
	CU_ASSERT_STRING_EQUAL(ff_record_result(&f.rec), "D");
	CU_ASSERT(raw_is(&f, "6:1-7 D\t\n"));
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	CU_ASSERT_EQUAL(ff_fgn_offset(f.r), strlen(f.data));
	fx_close(&f);
}

/* After the bad game, a good game follows: check it. */
static void good_after(struct fx *f, long number, long line)
{
	CU_ASSERT_EQUAL(fx_next(f), 1);
	CU_ASSERT_EQUAL(f->err.code, FF_OK);
	CU_ASSERT_EQUAL(f->rec.number, number);
	CU_ASSERT_EQUAL(f->rec.line, line);
	CU_ASSERT_EQUAL(f->rec.ntags, 1);
	CU_ASSERT_STRING_EQUAL(tagv(&f->rec, "Game"), "ok");
	CU_ASSERT_EQUAL(f->rec.nplies, 1);
	PLY(&f->rec, 0, "2:0-2", "", line + 2, 1);
	CU_ASSERT_STRING_EQUAL(ff_record_result(&f->rec), "0-1");
	CU_ASSERT_EQUAL(fx_next(f), 0);
}

#define GOOD "[Game \"ok\"]\n\n2:0-2 0-1\n"

static void test_bad_tags(void)
{
	static const struct {
		const char *line;
		long col;
		const char *msg;
	} cases[] = {
		{ "[Game fivelines]", 7, "unexpected character 'f'" },
		{ "[Ga-me \"x\"]", 4, "unexpected character '-'" },
		{ "[Game \"x\" junk]", 11, "unexpected character 'j'" },
		{ "[]", 2, "unexpected character ']'" },
		{ "[ \"x\"]", 3, "unexpected character '\"'" },
		{ "[Game \"x\"", 1, "unterminated tag" },
		{ "[Game \"x\"\r", 1, "unterminated tag" },
		{ "[Game", 1, "unterminated tag" },
		{ "[Game \"x", 7, "unterminated tag value" },
		{ "[Game \"x\\\"]", 7, "unterminated tag value" },
		{ "[Game \"x\"] [Round \"1\"]", 12, "unexpected character '['" },
		{ "[Game \"x\"] ;c", 12, "unexpected character ';'" },
		{ "[Gäme \"x\"]", 3, "unexpected character 'ä'" },
		{ "[Game\x01 \"x\"]", 6, "unexpected character '\\x01'" },
		{ "[Game \"x\"]]", 11, "unexpected character ']'" },
	};
	struct fx f;
	size_t i;
	char in[256];

	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		snprintf(in, sizeof in, "[Event \"e\"]\n%s\n[Round \"2\"]\n\n4:3-7 1-0\n" GOOD,
			 cases[i].line);
		fx_opens(&f, in);
		CU_ASSERT_EQUAL(fx_next(&f), -1);
		ERR(&f, 2, cases[i].col, 1, 0, cases[i].msg);
		/* the rest of the bad game is skipped, up to its result */
		CU_ASSERT_EQUAL(f.rec.nplies, 0);
		CU_ASSERT_EQUAL(strlen(f.data) - strlen(GOOD), ff_fgn_offset(f.r));
		{
			size_t n;
			const char *p = ff_fgn_raw(f.r, &n);

			CU_ASSERT_EQUAL(n, strlen(in) - strlen(GOOD));
			CU_ASSERT(memcmp(p, in, n) == 0);
		}
		good_after(&f, 2, 6);
		fx_close(&f);
	}
}

static void test_eof_in_tag(void)
{
	struct fx f;

	fx_opens(&f, "[Game \"a\"]\n\n4:3-7 1-0\n[Game \"fivel");
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT(raw_is(&f, "[Game \"a\"]\n\n4:3-7 1-0\n"));
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 4, 7, 2, 0, "unterminated tag value");
	CU_ASSERT(raw_is(&f, "[Game \"fivel"));
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);

	fx_opens(&f, "[Game \"x\"");
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 1, 1, 0, "unterminated tag");
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);

	/* tags and then nothing */
	fx_opens(&f, "[Game \"x\"]\n");
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 2, 1, 1, 0, "missing result token");
	CU_ASSERT_EQUAL(f.rec.ntags, 1);
	CU_ASSERT(raw_is(&f, "[Game \"x\"]\n"));
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);
}

static void test_unterminated_comment(void)
{
	struct fx f;

	/* ends at the next line starting with '[' */
	fx_opens(&f, "[Game \"a\"]\n\n4:3-7 {oops\n2:0-2 1-0\n\n  " GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 3, 7, 1, 1, "unterminated comment");
	CU_ASSERT_EQUAL(f.rec.nplies, 1);
	CU_ASSERT_EQUAL(f.rec.nnotes, 0);
	CU_ASSERT(raw_is(&f, "[Game \"a\"]\n\n4:3-7 {oops\n2:0-2 1-0\n"));
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.number, 2);
	CU_ASSERT_EQUAL(f.rec.line, 6);
	CU_ASSERT_EQUAL(f.rec.col, 3);
	PLY(&f.rec, 0, "2:0-2", "", 8, 1);
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);

	/* runs to the end of the input */
	fx_opens(&f, "4:3-7 2:0-2 {oops\n1-0\n");
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 13, 1, 2, "unterminated comment");
	CU_ASSERT(raw_is(&f, "4:3-7 2:0-2 {oops\n1-0\n"));
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);

	/* after the result token */
	fx_opens(&f, "4:3-7 1-0 {oops\n\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 11, 1, 1, "unterminated comment");
	CU_ASSERT(raw_is(&f, "4:3-7 1-0 {oops\n"));
	good_after(&f, 2, 3);
	fx_close(&f);
}

static void test_missing_result(void)
{
	struct fx f;

	fx_opens(&f, "[Game \"a\"]\n\n4:3-7 2:0-2\n\n  " GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 5, 3, 1, 2, "missing result token");
	CU_ASSERT_EQUAL(f.rec.nplies, 2);
	CU_ASSERT(raw_is(&f, "[Game \"a\"]\n\n4:3-7 2:0-2\n"));
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.number, 2);
	CU_ASSERT_EQUAL(f.rec.line, 5);
	CU_ASSERT_EQUAL(f.rec.col, 3);
	PLY(&f.rec, 0, "2:0-2", "", 7, 1);
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);

	/* a comment alone before a tag section is a game without result */
	fx_opens(&f, "; hello\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 2, 1, 1, 0, "missing result token");
	NOTE(&f.rec, 0, FF_NOTE_LINE, 0, " hello");
	CU_ASSERT(raw_is(&f, "; hello\n"));
	good_after(&f, 2, 2);
	fx_close(&f);

	/* at the end of the input */
	fx_opens(&f, "4:3-7\n2:0-2 \n\n");
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 4, 1, 1, 2, "missing result token");
	CU_ASSERT(raw_is(&f, "4:3-7\n2:0-2 \n"));
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);
	fx_opens(&f, "4:3-7 2:0-2");
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 12, 1, 2, "missing result token");
	CU_ASSERT(raw_is(&f, "4:3-7 2:0-2"));
	fx_close(&f);
}

static void test_parens(void)
{
	struct fx f;

	fx_opens(&f, "[Game \"a\"]\n\n4:3-7 (2:0-2) 5:2-7 1-0\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 3, 7, 1, 1, "unexpected character '('");
	CU_ASSERT_EQUAL(f.rec.nplies, 1);
	CU_ASSERT(raw_is(&f, "[Game \"a\"]\n\n4:3-7 (2:0-2) 5:2-7 1-0\n"));
	good_after(&f, 2, 4);
	fx_close(&f);

	/* glued to a ply; the ply before it counts */
	fx_opens(&f, "4:3-7 2:0-2(5:2-7 1-0\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 12, 1, 2, "unexpected character '('");
	CU_ASSERT_EQUAL(f.rec.nplies, 2);
	good_after(&f, 2, 2);
	fx_close(&f);

	fx_opens(&f, ") 0-1\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 1, 1, 0, "unexpected character ')'");
	good_after(&f, 2, 2);
	fx_close(&f);

	/* brackets in movetext: a stray ']', a '[' that does not start a line */
	fx_opens(&f, "[Game \"a\"]\n\n4:3-7 2:0-2]\n1-0\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 3, 12, 1, 2, "unexpected character ']'");
	CU_ASSERT(raw_is(&f, "[Game \"a\"]\n\n4:3-7 2:0-2]\n1-0\n"));
	good_after(&f, 2, 5);
	fx_close(&f);
	fx_opens(&f, "[Game \"a\"]\n]\n1-0\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 2, 1, 1, 0, "unexpected character ']'");
	good_after(&f, 2, 4);
	fx_close(&f);
	fx_opens(&f, "4:3-7 [Round \"2\"] 1-0\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 7, 1, 1, "unexpected character '['");
	CU_ASSERT(raw_is(&f, "4:3-7 [Round \"2\"] 1-0\n"));
	good_after(&f, 2, 2);
	fx_close(&f);

	/* recovery finds the result, also inside the variation, so a
	   tagless game on the next line is read */
	fx_opens(&f, "4:3-7 (1-0\n2:0-2 0-1\n");
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 7, 1, 1, "unexpected character '('");
	CU_ASSERT(raw_is(&f, "4:3-7 (1-0\n"));
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.number, 2);
	PLY(&f.rec, 0, "2:0-2", "", 2, 1);
	CU_ASSERT_EQUAL(fx_next(&f), 0);
	fx_close(&f);
}

static void test_bad_tokens(void)
{
	struct fx f;

	fx_opens(&f, "4:3-7 $x 1-0\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 7, 1, 1, "bad nag '$x': $ and a number up to 999999999");
	good_after(&f, 2, 2);
	fx_close(&f);

	fx_opens(&f, "4:3-7 2:0-2 $ 1-0\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 13, 1, 2, "bad nag '$': $ and a number up to 999999999");
	good_after(&f, 2, 2);
	fx_close(&f);

	/* a NAG is a number: bounded, and kept without leading zeros */
	fx_opens(&f, "4:3-7 $1000000000 1-0\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 7, 1, 1, "bad nag '$1000000000': $ and a number up to 999999999");
	good_after(&f, 2, 2);
	fx_close(&f);
	fx_opens(&f, "4:3-7 $007 1-0\n");
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.nnotes, 1);
	CU_ASSERT_STRING_EQUAL(ff_record_str(&f.rec, f.rec.notes[0].text), "7");
	fx_close(&f);

	/* a suffix is at most two marks: a third would be left on the ply */
	fx_opens(&f, "4:3-7!!? 1-0\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 1, 1, 1, "more than two of ! and ? after a ply: a suffix is ! ? !! ?? !? or ?!");
	good_after(&f, 2, 2);
	fx_close(&f);

	fx_opens(&f, "4:3-7 !? 1-0\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 7, 1, 1, "annotation '!?' without a ply");
	good_after(&f, 2, 2);
	fx_close(&f);

	/* a ply token longer than a record holds */
	{
		char *in = malloc(70000 + 64);

		CU_ASSERT_PTR_NOT_NULL_FATAL(in);
		memcpy(in, "4:3-7 ", 6);
		memset(in + 6, 'x', 70000);
		strcpy(in + 70006, " 1-0\n" GOOD);
		fx_opens(&f, in);
		CU_ASSERT_EQUAL(fx_next(&f), -1);
		CU_ASSERT_EQUAL(f.err.code, FF_ETOO_LONG);
		CU_ASSERT_EQUAL(f.err.line, 1);
		CU_ASSERT_EQUAL(f.err.col, 7);
		CU_ASSERT_EQUAL(f.err.ply, 2);
		CU_ASSERT_STRING_EQUAL(f.err.msg, "ply token too long (70000 bytes, at most 65535)");
		CU_ASSERT_EQUAL(f.rec.nplies, 1);
		good_after(&f, 2, 2);
		fx_close(&f);
		free(in);
	}

	/* nothing is stored after the error */
	fx_opens(&f, "4:3-7 ( ;c\n{d} $1 5:2-7\n1-0\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 7, 1, 1, "unexpected character '('");
	CU_ASSERT_EQUAL(f.rec.nplies, 1);
	CU_ASSERT_EQUAL(f.rec.nnotes, 0);
	CU_ASSERT_EQUAL(f.rec.result, 0);
	good_after(&f, 2, 4);
	fx_close(&f);

	/* a second error in the same game is not reported */
	fx_opens(&f, "4:3-7 ( ) $y {x\n" GOOD);
	CU_ASSERT_EQUAL(fx_next(&f), -1);
	ERR(&f, 1, 7, 1, 1, "unexpected character '('");
	CU_ASSERT(raw_is(&f, "4:3-7 ( ) $y {x\n"));
	good_after(&f, 2, 2);
	fx_close(&f);
}

/* Many games with every kind of token, shifted across the first buffer
   boundary byte by byte: each must read as when read alone. */
static void test_boundaries(void)
{
	static const char game[] =
		"[Game \"fivelines\"]\r\n[Event \"a \\\"b\\\"\"]\n\n"
		"{brace\ncomment} 1. 4:3-7! 2:0-2 $14 ;line comment\r\n"
		"2...5:2-7?! {é€} 1:1-2 1/2-1/2 ; after result\n";
	const size_t glen = sizeof game - 1;
	struct ff_buf ref = FF_BUF_INIT, out = FF_BUF_INIT;
	struct fx f;
	size_t pad, n, i;
	char *in;
	int ok = 1;

	fx_opens(&f, game);
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(ff_fgn_write(&f.rec, &ref), 0);
	CU_ASSERT_EQUAL(f.rec.nplies, 4);
	CU_ASSERT_EQUAL(f.rec.nnotes, 5);
	fx_close(&f);

	in = malloc(READ_BUF + 4 * glen);
	CU_ASSERT_PTR_NOT_NULL_FATAL(in);
	for (pad = READ_BUF - 2 * glen - 2; pad < READ_BUF; pad++) {
		memset(in, ' ', pad);
		in[pad] = '\n';
		n = pad + 1;
		for (i = 0; i < 3; i++) {
			memcpy(in + n, game, glen);
			n += glen;
		}
		fx_open(&f, in, n);
		for (i = 0; i < 3; i++) {
			ff_buf_reset(&out);
			if (fx_next(&f) != 1 || ff_fgn_write(&f.rec, &out) ||
			    out.len != ref.len || memcmp(out.p, ref.p, ref.len) != 0 ||
			    f.rec.number != (long)i + 1 || f.rec.line != 2 + 6 * (long)i ||
			    f.rec.nplies != 4 || f.rec.plies[3].line != 7 + 6 * (long)i ||
			    f.rec.plies[3].col != 18 || !raw_is(&f, game))
				ok = 0;
		}
		if (fx_next(&f) != 0)
			ok = 0;
		fx_close(&f);
		if (!ok)
			break;
	}
	CU_ASSERT(ok);
	CU_ASSERT_EQUAL(pad, READ_BUF);

	/* blanks before the first token, on its line, across the boundary */
	for (pad = READ_BUF - 4; pad < READ_BUF + 4; pad++) {
		memset(in, ' ', pad);
		memcpy(in + pad, "4:3-7 1-0", 9);
		fx_open(&f, in, pad + 9);
		CU_ASSERT_EQUAL(fx_next(&f), 1);
		CU_ASSERT_EQUAL(f.rec.col, (long)pad + 1);
		CU_ASSERT_EQUAL(f.rec.result_col, (long)pad + 7);
		CU_ASSERT(raw_is(&f, "4:3-7 1-0"));
		CU_ASSERT_EQUAL(fx_next(&f), 0);
		fx_close(&f);
	}
	free(in);
	ff_buf_free(&ref);
	ff_buf_free(&out);
}

/* A game of about 2 MB (several times the read buffer), with a comment of
   600 KB, between two small games. */
static void test_big_game(void)
{
	struct ff_buf in = FF_BUF_INIT;
	struct fx f;
	const size_t nply = 350000, per_line = 13, big = 600000;
	size_t i, n, head;
	const char *raw;
	int ok = 1;

	CU_ASSERT_EQUAL_FATAL(ff_buf_adds(&in, "4:3-7 1-0\n[Game \"big\"]\n\n"), 0);
	head = in.len;
	for (i = 0; i < nply; i++) {
		char t[16];

		snprintf(t, sizeof t, "%zu:%zu-%zu", 1 + i % 6, i % 10, (i + 3) % 10);
		ff_buf_adds(&in, t);
		ff_buf_addc(&in, i % per_line == per_line - 1 ? '\n' : ' ');
		if (i == nply / 2) {
			ff_buf_addc(&in, '{');
			for (n = 0; n < big; n++)
				ff_buf_addc(&in, n % 100 == 99 ? '\n' : 'c');
			ff_buf_adds(&in, "} ");
		}
	}
	CU_ASSERT_EQUAL_FATAL(ff_buf_adds(&in, "\n0-1\n" GOOD), 0);
	CU_ASSERT(in.len > 2000000);

	fx_open(&f, in.p, in.len);
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.nplies, 1);
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.number, 2);
	CU_ASSERT_EQUAL_FATAL(f.rec.nplies, nply);
	for (i = 0; i < nply; i++) {
		char t[16];

		snprintf(t, sizeof t, "%zu:%zu-%zu", 1 + i % 6, i % 10, (i + 3) % 10);
		if (strcmp(tok(&f.rec, i), t) != 0 || f.rec.plies[i].len != 5)
			ok = 0;
	}
	CU_ASSERT(ok);
	PLY(&f.rec, 0, "1:0-3", "", 4, 1);
	PLY(&f.rec, 13, "2:3-6", "", 5, 1);
	/* the comment adds big / 100 newlines after ply nply / 2 + 1 */
	PLY(&f.rec, nply - 1, "2:9-2", "", 4 + (nply - 1) / per_line + big / 100,
	    1 + 6 * ((nply - 1) % per_line));
	CU_ASSERT_EQUAL(f.rec.nnotes, 1);
	CU_ASSERT_EQUAL(f.rec.notes[0].len, big);
	CU_ASSERT_EQUAL(f.rec.notes[0].after, nply / 2 + 1);
	CU_ASSERT_STRING_EQUAL(ff_record_result(&f.rec), "0-1");
	raw = ff_fgn_raw(f.r, &n);
	CU_ASSERT_EQUAL(n, in.len - head + strlen("[Game \"big\"]\n\n") - strlen(GOOD));
	CU_ASSERT(memcmp(raw, "[Game \"big\"]\n\n1:0-3 ", 20) == 0);
	CU_ASSERT(memcmp(raw + n - 5, "\n0-1\n", 5) == 0);
	good_after(&f, 3, 4 + nply / per_line + big / 100 + 2);
	CU_ASSERT_EQUAL(ff_fgn_offset(f.r), in.len);
	fx_close(&f);
	ff_buf_free(&in);
}

static int add_ply(struct ff_record *rec, const char *t, const char *suf)
{
	return ff_record_add_ply(rec, t, strlen(t), suf, 0, 0);
}

static int add_note(struct ff_record *rec, char kind, const char *t)
{
	return ff_record_add_note(rec, kind, t, strlen(t));
}

static void expect_write(const struct ff_record *rec, const char *want)
{
	struct ff_buf out = FF_BUF_INIT;

	CU_ASSERT_EQUAL(ff_fgn_write(rec, &out), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(out.p);
	CU_ASSERT_STRING_EQUAL(out.p, want);
	ff_buf_free(&out);
}

/* write(read(s)) == s */
static void expect_stable(const char *s)
{
	struct ff_buf out = FF_BUF_INIT;
	struct fx f;

	fx_opens(&f, s);
	while (fx_next(&f) == 1)
		CU_ASSERT_EQUAL(ff_fgn_write(&f.rec, &out), 0);
	CU_ASSERT_EQUAL(f.err.code, FF_OK);
	CU_ASSERT_PTR_NOT_NULL_FATAL(out.p);
	CU_ASSERT_STRING_EQUAL(out.p, s);
	fx_close(&f);
	ff_buf_free(&out);
}

static void test_write(void)
{
	struct ff_record rec;

	CU_ASSERT_EQUAL_FATAL(ff_record_init(&rec), 0);
	/* no plies, no result */
	ff_record_add_tag(&rec, "Game", "fiveplay", 8, 0, 0);
	expect_write(&rec, "[Game \"fiveplay\"]\n\n*\n\n");
	/* no tags either */
	ff_record_reset(&rec);
	expect_write(&rec, "\n*\n\n");

	ff_record_reset(&rec);
	ff_record_add_tag(&rec, "Game", "fivelines", 9, 0, 0);
	ff_record_add_tag(&rec, "Event", "a \"q\" \\ b\nc", 11, 0, 0);
	add_note(&rec, FF_NOTE_BRACE, "first");
	add_ply(&rec, "4:3-7", "!");
	add_note(&rec, FF_NOTE_NAG, "1");
	add_note(&rec, FF_NOTE_LINE, "to the end");
	add_ply(&rec, "2:0-2", NULL);
	add_note(&rec, FF_NOTE_BRACE, "two\nlines");
	add_ply(&rec, "5:2-7", "?!");
	ff_record_set_result(&rec, "1-0", 0, 0);
	expect_write(&rec, "[Game \"fivelines\"]\n[Event \"a \\\"q\\\" \\\\ b c\"]\n\n"
			   "{first} 4:3-7! $1 ;to the end\n"
			   "2:0-2 {two\nlines} 5:2-7?!\n1-0\n\n");
	expect_stable("[Game \"fivelines\"]\n[Event \"a \\\"q\\\" \\\\ b c\"]\n\n"
		      "{first} 4:3-7! $1 ;to the end\n"
		      "2:0-2 {two\nlines} 5:2-7?!\n1-0\n\n");

	/* texts FGN cannot carry as they are */
	ff_record_reset(&rec);
	add_ply(&rec, "4:3-7", NULL);
	add_note(&rec, FF_NOTE_BRACE, "a}b");
	add_note(&rec, FF_NOTE_BRACE, "c}d\n [e\n[f [g");
	add_note(&rec, FF_NOTE_LINE, "x\ny\r");
	add_note(&rec, FF_NOTE_BRACE, "cr}\r");
	expect_write(&rec, "\n4:3-7 ;a}b\n{c)d\n (e\n(f [g} ;x y \n{cr)\r}\n*\n\n");
	expect_stable("\n4:3-7 ;a}b\n{c)d\n (e\n(f [g} ;x y \n{cr)\r}\n*\n\n");
	ff_record_free(&rec);
}

static void test_write_wrap(void)
{
	struct ff_record rec;
	struct ff_buf want = FF_BUF_INIT;
	size_t i;
	char longc[120];

	CU_ASSERT_EQUAL_FATAL(ff_record_init(&rec), 0);
	/* 13 plies of 5 bytes fill 77 bytes; the 14th goes on the next line */
	ff_buf_adds(&want, "[Game \"fivelines\"]\n\n");
	for (i = 0; i < 30; i++) {
		add_ply(&rec, "4:3-7", NULL);
		ff_buf_adds(&want, "4:3-7");
		ff_buf_addc(&want, i % 13 == 12 || i == 29 ? '\n' : ' ');
	}
	ff_buf_adds(&want, "D\n\n");
	ff_record_set_result(&rec, "D", 0, 0);
	ff_record_add_tag(&rec, "Game", "fivelines", 9, 0, 0);
	expect_write(&rec, want.p);
	expect_stable(want.p);

	/* exactly 79 bytes fit; an item longer than 79 stands alone */
	ff_record_reset(&rec);
	for (i = 0; i < 12; i++)
		add_ply(&rec, "4:3-7", NULL);
	add_ply(&rec, "1:2-345", NULL);
	add_ply(&rec, "6:1-7", NULL);
	memset(longc, 'x', 90);
	longc[90] = '\0';
	add_note(&rec, FF_NOTE_BRACE, longc);
	add_ply(&rec, "3:0-3", NULL);
	memcpy(longc, "abc\n", 4);
	memset(longc + 4, 'y', 76);
	longc[80] = '\0';
	add_note(&rec, FF_NOTE_BRACE, longc);
	add_note(&rec, FF_NOTE_NAG, "1");
	expect_write(&rec,
		     "\n4:3-7 4:3-7 4:3-7 4:3-7 4:3-7 4:3-7 4:3-7 4:3-7 4:3-7 4:3-7 4:3-7 4:3-7 1:2-345\n"
		     "6:1-7\n"
		     "{xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}\n"
		     "3:0-3 {abc\nyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy}\n"
		     "$1\n*\n\n");
	ff_record_free(&rec);
	ff_buf_free(&want);
}

static void test_tag_roundtrip(void)
{
	static const char *const vals[] = {
		"", "\"", "\\", "\\\"", "a\\\\\"b", "end\\", "\\n\\t", "Zoë \"☺\"",
		"[x] {y} ;z", "\\\\\\",
	};
	struct ff_record rec;
	struct ff_buf out = FF_BUF_INIT, again = FF_BUF_INIT;
	struct fx f;
	size_t i;
	char name[8];

	CU_ASSERT_EQUAL_FATAL(ff_record_init(&rec), 0);
	for (i = 0; i < sizeof vals / sizeof *vals; i++) {
		snprintf(name, sizeof name, "T%zu", i);
		ff_record_add_tag(&rec, name, vals[i], strlen(vals[i]), 0, 0);
	}
	CU_ASSERT_EQUAL(ff_fgn_write(&rec, &out), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.p, "[T4 \"a\\\\\\\\\\\"b\"]\n"));
	fx_open(&f, out.p, out.len);
	CU_ASSERT_EQUAL(fx_next(&f), 1);
	CU_ASSERT_EQUAL(f.rec.ntags, sizeof vals / sizeof *vals);
	for (i = 0; i < sizeof vals / sizeof *vals && i < f.rec.ntags; i++)
		CU_ASSERT_STRING_EQUAL(ff_record_str(&f.rec, f.rec.tags[i].value), vals[i]);
	CU_ASSERT_EQUAL(ff_fgn_write(&f.rec, &again), 0);
	CU_ASSERT_EQUAL(again.len, out.len);
	CU_ASSERT(memcmp(again.p, out.p, out.len) == 0);
	fx_close(&f);
	ff_record_free(&rec);
	ff_buf_free(&out);
	ff_buf_free(&again);
}

static char *slurp(const char *name, const char *ext, size_t *len)
{
	const char *dir = getenv("srcdir");
	char path[4096];
	FILE *fp;
	char *p = NULL;
	long n;

	snprintf(path, sizeof path, "%s/tests/golden/fgn/%s%s", dir ? dir : ".", name, ext);
	fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) >= 0 && fseek(fp, 0, SEEK_SET) == 0 &&
	    (p = malloc((size_t)n + 1)) && fread(p, 1, (size_t)n, fp) == (size_t)n) {
		p[n] = '\0';
		*len = (size_t)n;
	} else {
		free(p);
		p = NULL;
	}
	fclose(fp);
	return p;
}

/* Read every game of s (all must be good) and write them to out; the
   number of games. */
static long rewrite(const char *s, size_t n, struct ff_buf *out)
{
	struct fx f;
	long games = 0;
	int rc;

	fx_open(&f, s, n);
	while ((rc = fx_next(&f)) == 1) {
		games++;
		CU_ASSERT_EQUAL(f.rec.number, games);
		CU_ASSERT_EQUAL(ff_fgn_write(&f.rec, out), 0);
	}
	CU_ASSERT_EQUAL(rc, 0);
	CU_ASSERT_EQUAL(f.err.code, FF_OK);
	fx_close(&f);
	return games;
}

static void test_golden(void)
{
	static const struct {
		const char *name;
		long games;
	} files[] = {
		{ "basic", 1 }, { "annotations", 1 }, { "escapes", 1 },
		{ "crlf", 1 }, { "multi", 7 }, { "sequence", 1 }, { "pegsjokers", 1 },
	};
	size_t i, n, m;
	char *in, *want;

	for (i = 0; i < sizeof files / sizeof *files; i++) {
		struct ff_buf out = FF_BUF_INIT, again = FF_BUF_INIT;

		in = slurp(files[i].name, ".fgn", &n);
		want = slurp(files[i].name, ".expected", &m);
		CU_ASSERT_PTR_NOT_NULL(in);
		CU_ASSERT_PTR_NOT_NULL(want);
		if (in && want) {
			CU_ASSERT_EQUAL(rewrite(in, n, &out), files[i].games);
			CU_ASSERT_EQUAL(out.len, m);
			CU_ASSERT(out.len == m && memcmp(out.p, want, m) == 0);
			CU_ASSERT_EQUAL(rewrite(want, m, &again), files[i].games);
			CU_ASSERT_EQUAL(again.len, m);
			CU_ASSERT(again.len == m && memcmp(again.p, want, m) == 0);
		}
		free(in);
		free(want);
		ff_buf_free(&out);
		ff_buf_free(&again);
	}
}

/* The game starts of text[0, n) as the reader finds them, into at[];
   returns how many. */
static int game_starts(const char *text, size_t n, size_t *at, int max)
{
	struct ff_fgn_reader *r = ff_fgn_reader_mem(text, n, 1, 0, 0, 0);
	struct ff_record rec;
	struct ff_error err;
	int k = 0;

	CU_ASSERT_FATAL(r != NULL && ff_record_init(&rec) == 0);
	while (ff_fgn_read(r, &rec, &err) != 0 && k < max)
		at[k++] = ff_fgn_game_start(r);
	ff_record_free(&rec);
	ff_fgn_reader_free(r);
	return k;
}

/* The cutter (formats/fgn_split.c) against the reader: every place it
   cuts at, for every least size, is where the reader starts a game (the
   line's blanks and the '[' within `look`), never inside a tag section
   or where a comment or a game without tags would be cut; at the end of
   the input it takes the rest; the games it assumes are no more than the
   reader finds. The reader is the oracle: no position is hand-computed. */
static void test_cuts(void)
{
	static const char text[] =
		"\xEF\xBB\xBF" "3:0-3 *\n"                 /* a BOM, a game without tags */
		"[Game \"fivelines\"]\n[Result \"1-0\"]\n\n3:0-3 1-0 4:1-1 *\n"
		" \t[Game \"fivelines\"]\n \r\n"        /* indented, blank-only line */
		"3:0-3 {a\n[Note \"x\"] in a comment}\n1-0 [Game \"fivelines\"]\n"
		"3:0-3 {no end\n[Game \"fivelines\"]\n*\n"
		"[Game \"fivelines\"]\r\n\r\n3:0-3\r\n0-1\r\n";
	size_t n = sizeof text - 1, at[32], min, cut, look, j;
	long pieces, total;
	int k = game_starts(text, n, at, 32), i, found;
	unsigned char state[256];

	CU_ASSERT_FATAL(ff_fgn_chunking.size <= sizeof state);
	CU_ASSERT(k >= 6);
	for (min = 1; min <= n; min++) {
		memset(state, 0, sizeof state);
		cut = ff_fgn_chunking.cut(state, (const unsigned char *)text, n, min, 1, &look,
					  &pieces);
		CU_ASSERT(cut >= min && cut <= n);
		if (cut == n) {
			CU_ASSERT_EQUAL(look, 0);
			continue;
		}
		CU_ASSERT(look >= 1 && text[cut + look - 1] == '[');
		for (i = found = 0; i < k; i++)
			found |= at[i] >= cut && at[i] < cut + look;
		CU_ASSERT(found);
		for (i = total = 0; i < k; i++)
			total += at[i] < cut;
		CU_ASSERT(pieces <= total);
	}
	/* without eof, nothing is cut before more is known */
	memset(state, 0, sizeof state);
	CU_ASSERT_EQUAL(ff_fgn_chunking.cut(state, (const unsigned char *)text, 2, 1, 0, &look,
					    &pieces), 0);
	/* the first cut past the BOM's game is a game start */
	memset(state, 0, sizeof state);
	cut = ff_fgn_chunking.cut(state, (const unsigned char *)text, n, 1, 0, &look, &pieces);
	for (j = 0; j < (size_t)k && at[j] < cut; j++)
		;
	CU_ASSERT(j < (size_t)k && at[j] >= cut && at[j] < cut + look);
}

static const struct ff_test tests[] = {
	{ "basic game", test_basic },
	{ "tags", test_tags },
	{ "comments", test_comments },
	{ "nags and suffixes", test_nags_suffixes },
	{ "move numbers", test_move_numbers },
	{ "result tokens", test_results },
	{ "positions: crlf, utf-8, tab", test_positions },
	{ "bom", test_bom },
	{ "empty input", test_empty },
	{ "read error", test_read_error },
	{ "several games", test_games },
	{ "bad tags", test_bad_tags },
	{ "eof in tag", test_eof_in_tag },
	{ "unterminated comment", test_unterminated_comment },
	{ "missing result", test_missing_result },
	{ "parentheses", test_parens },
	{ "bad tokens", test_bad_tokens },
	{ "buffer boundaries", test_boundaries },
	{ "game larger than the buffer", test_big_game },
	{ "writer", test_write },
	{ "writer line breaks", test_write_wrap },
	{ "tag escape round trip", test_tag_roundtrip },
	{ "golden files", test_golden },
	{ "chunk cuts against the reader", test_cuts },
};

FF_TEST_MAIN("fgn", tests)
