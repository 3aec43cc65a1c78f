/* The store's statistics query plans (db/stats.c): for every filter of
   `stats`, alone and combined, SQLite answers from the covering index
   games_stats in group order -- it reads no row of the games table and
   sorts nothing -- and the filters that bound the ruleset id (game,
   preset) seek a range of the index instead of scanning it all. A filter
   that falls back to reading the table fails here. The figures the
   filters give are checked against plain SQL in tests/store.sh. */
#include "config.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/store.h"
#include "lib/buf.h"

#include "tests/test_main.h"

static struct ff_store *store;
static char dir[] = "/tmp/ff_test_store.XXXXXX";
static char path[sizeof dir + 16];

/* A fresh store in a scratch directory (the schema at its newest). */
static int open_store(void)
{
	struct ff_error err;

	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof path, "%s/s.db", dir);
	return ff_store_open(&store, path, &err);
}

static void close_store(void)
{
	char side[sizeof path + 8];

	ff_store_close(store);
	store = NULL;
	remove(path);
	snprintf(side, sizeof side, "%s-wal", path);
	remove(side);
	snprintf(side, sizeof side, "%s-shm", path);
	remove(side);
	rmdir(dir);
}

/* The plan of the stats query for f, in a static buffer, in the words of
   SQLite 3.36 and later: older versions write "SCAN TABLE games" and
   "SEARCH TABLE games", whose "TABLE " is taken out. */
static const char *plan_of(const struct ff_stats_filter *f)
{
	static struct ff_buf plan = FF_BUF_INIT;
	struct ff_error err;
	char *p, *t;

	ff_buf_reset(&plan);
	if (ff_store_stats_plan(store, f, &plan, &err) != 0 || !plan.p)
		return "";
	for (p = plan.p; (t = strstr(p, "TABLE ")); p = t) {
		if ((t - plan.p >= 5 && strncmp(t - 5, "SCAN ", 5) == 0) ||
		    (t - plan.p >= 7 && strncmp(t - 7, "SEARCH ", 7) == 0))
			memmove(t, t + 6, strlen(t + 6) + 1);
		else
			t += 6;
	}
	return plan.p;
}

/* Does every line of plan that names the games table read it through the
   covering index, and nothing sort? */
static int covered(const char *plan)
{
	const char *line = plan, *end;
	char one[512];

	for (; *line; line = *end ? end + 1 : end) {
		size_t n;

		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		n = (size_t)(end - line) < sizeof one - 1 ? (size_t)(end - line) : sizeof one - 1;
		memcpy(one, line, n);
		one[n] = '\0';
		if (strstr(one, "TEMP B-TREE"))
			return 0;
		if ((strncmp(one, "SCAN games", 10) == 0 || strncmp(one, "SEARCH games", 12) == 0) &&
		    !strstr(one, "USING COVERING INDEX games_stats"))
			return 0;
	}
	return 1;
}

static void check_filter(const struct ff_stats_filter *f, const char *seek)
{
	const char *plan = plan_of(f);

	CU_ASSERT(plan[0] != '\0');
	CU_ASSERT(covered(plan));
	if (seek)
		CU_ASSERT_PTR_NOT_NULL(strstr(plan, seek));
	if (!covered(plan) || (seek && !strstr(plan, seek)))
		fprintf(stderr, "\nthe plan:\n%s", plan);
}

#define RANGE "SEARCH games USING COVERING INDEX games_stats (ruleset=?)"

/* Each filter of `stats`, and all of them at once, with what its plan must
   show beyond being covered (NULL: nothing more). */
static const struct {
	struct ff_stats_filter f;
	const char *seek;
} cases[] = {
	{ { 0 }, "SCAN games USING COVERING INDEX games_stats" },
	{ { .game = "fivelines" }, RANGE },
	{ { .game = "fivelines", .preset = "kidd" }, RANGE },
	{ { .preset = "kidd" }, RANGE },
	{ { .option = "skip-last" }, RANGE },
	{ { .origin = "imported" }, NULL },
	{ { .since = "2026.01.01" }, NULL },
	{ { .since = "2026.01.01", .until = "2026.12.31" }, NULL },
	/* the player's id, looked up once by name, is matched in the index */
	{ { .player = "Ann" }, "SEARCH players USING COVERING INDEX sqlite_autoindex_players_1 (name=?)" },
	{ { .game = "fivelines", .preset = "kidd", .option = "skip-last", .origin = "imported",
	    .player = "Ann", .since = "2026.01.01", .until = "2026.12.31" }, RANGE },
};

static void test_each_filter(void)
{
	size_t i;

	CU_ASSERT_FATAL(open_store() == 0);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		check_filter(&cases[i].f, cases[i].seek);
	close_store();
}

/* The check itself fails on a plan that reads the table or sorts. */
static void test_covered_fails(void)
{
	CU_ASSERT(covered("SCAN games USING COVERING INDEX games_stats\n"));
	CU_ASSERT(!covered("SCAN games USING INDEX games_stats\n"));
	CU_ASSERT(!covered("SCAN games\n"));
	CU_ASSERT(!covered("SEARCH games USING INDEX games_by_game (game=?)\n"));
	CU_ASSERT(!covered("SCAN games USING COVERING INDEX games_stats\nUSE TEMP B-TREE FOR ORDER BY\n"));
	CU_ASSERT(covered("SEARCH seats USING INDEX seats_by_player (player_id=?)\n"));
}

/* On PostgreSQL (run by tests/store.sh, which sets FF_TEST_PG_URL to
   a store it made): with sequential scans priced out, every filter's plan
   reads games through an index -- none falls back to reading a partition
   whole. (Without the URL there is nothing to check here.) */
static void test_pg_plans(void)
{
	const char *url = getenv("FF_TEST_PG_URL");
	struct ff_store *pg;
	struct ff_error err;
	size_t i;
	int bad = 0;

	if (!url)
		return;
	setenv("PGOPTIONS", "-c enable_seqscan=off", 1);
	CU_ASSERT_FATAL(ff_store_open_read(&pg, url, &err) == 0);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct ff_buf plan = FF_BUF_INIT;

		CU_ASSERT(ff_store_stats_plan(pg, &cases[i].f, &plan, &err) == 0);
		if (!plan.p || strstr(plan.p, "Seq Scan") || !strstr(plan.p, "Index")) {
			fprintf(stderr, "\nthe plan:\n%s", plan.p ? plan.p : err.msg);
			bad++;
		}
		ff_buf_free(&plan);
	}
	CU_ASSERT_EQUAL(bad, 0);
	if (bad == 0)
		fprintf(stderr, "postgresql: every stats filter is served by an index\n");
	ff_store_close(pg);
}

/* ff_store_hide: what each --db value's messages show. */
static void test_hide(void)
{
	static const struct {
		const char *db, *text, *want;
	} hide_cases[] = {
		{ "postgresql://ann:S3cr%21t@h/db", NULL, "postgresql://ann:***@h/db" },
		{ "postgresql://ann:S3cr%21t@[::1/db", "in URI: \"postgresql://ann:S3cr%21t@[::1/db\"",
		  "in URI: \"postgresql://ann:***@[::1/db\"" },
		{ "postgresql://ann:S3cr%21t@h/db", "the password S3cr!t", "the password ***" },
		{ "postgresql://ann@h/db?user=x&password=p%40w&x=1", NULL,
		  "postgresql://ann@h/db?user=x&password=***&x=1" },
		{ "postgres:///db?sslpassword=k&pass%77ord=w2", NULL,
		  "postgres:///db?sslpassword=***&pass%77ord=***" },
		{ "postgresql://ann:pw?x@h/db", NULL, "postgresql://ann:***@h/db" },
		{ "postgresql://ann:pa@ss@h/db", "host \"ss@h\"", "host \"***@h\"" },
		{ "postgresql://h:5432/db?sslmode=require", NULL, "postgresql://h:5432/db?sslmode=require" },
		{ "postgresql://ann@h:5432/db", NULL, "postgresql://ann@h:5432/db" },
		{ "games.db", NULL, "games.db" },
		{ NULL, "no store", "no store" },
	};
	struct ff_buf out = FF_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof hide_cases / sizeof hide_cases[0]; i++) {
		ff_buf_reset(&out);
		CU_ASSERT_FATAL(ff_store_hide(hide_cases[i].db, hide_cases[i].text ? hide_cases[i].text : hide_cases[i].db,
					      &out) == 0);
		if (strcmp(out.p, hide_cases[i].want) != 0)
			fprintf(stderr, "hide case %zu: got '%s', want '%s'\n", i, out.p, hide_cases[i].want);
		CU_ASSERT_STRING_EQUAL(out.p, hide_cases[i].want);
	}
	ff_buf_free(&out);
}

static const struct ff_test tests[] = {
	{ "ff_store_hide shows every password as ***", test_hide },
	{ "the plan check fails on table reads and sorts", test_covered_fails },
	{ "every stats filter is answered from the covering index", test_each_filter },
	{ "postgresql: every stats filter is served by an index", test_pg_plans },
};

FF_TEST_MAIN("store", tests)
