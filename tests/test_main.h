/* The shared main() of the CUnit test programs: each program lists its
   tests in a table and calls ff_test_main with its command line, so that
   one test can be run alone:

       tests/test_fgn                  every test
       tests/test_fgn -l               list the tests' names
       tests/test_fgn -t golden -t bom the tests whose names contain
                                       "golden" or "bom"

   Included by one .c file each. */
#ifndef FF_TEST_MAIN_H
#define FF_TEST_MAIN_H

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

struct ff_test {
	const char *name;
	void (*fn)(void);
};

/* Whether test NAME is chosen by the -t filters in argv[1..argc) (every
   test when there is none). */
static inline int ff_test_chosen(const char *name, int argc, char **argv)
{
	int i, any = 0;

	for (i = 1; i + 1 < argc; i++)
		if (strcmp(argv[i], "-t") == 0) {
			any = 1;
			if (strstr(name, argv[++i]))
				return 1;
		}
	return !any;
}

/* Read the command line: -l (sets *list), or pairs of -t NAME. Returns 0
   when it is usable, 2 after printing a usage line. */
static inline int ff_test_args(const char *prog, int argc, char **argv, int *list)
{
	int i;

	*list = 0;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-l") == 0) {
			*list = 1;
			continue;
		}
		if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
			i++;
			continue;
		}
		fprintf(stderr, "usage: %s [-l] [-t NAME]...\n", prog);
		return 2;
	}
	return 0;
}

/* Run the tests of tests[0..n) that the command line chooses, as one
   suite in verbose mode; with -l, list their names instead. Returns the
   exit status: 0 when every test run passed (CU_basic_run_tests does not
   return the failure count; CU_get_number_of_tests_failed does), 1 when
   one failed or the -t filters chose none, 2 on a usage error. */
static inline int ff_test_main(const char *suite_name, const struct ff_test *tests, size_t n,
	int argc, char **argv)
{
	CU_pSuite suite;
	unsigned failed;
	size_t i, chosen = 0;
	int list;

	if (ff_test_args(argv[0], argc, argv, &list))
		return 2;
	if (list) {
		for (i = 0; i < n; i++)
			if (ff_test_chosen(tests[i].name, argc, argv))
				printf("%s\n", tests[i].name);
		return 0;
	}
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	suite = CU_add_suite(suite_name, NULL, NULL);
	for (i = 0; suite && i < n; i++) {
		if (!ff_test_chosen(tests[i].name, argc, argv))
			continue;
		chosen++;
		if (!CU_add_test(suite, tests[i].name, tests[i].fn))
			suite = NULL;
	}
	if (!suite || chosen == 0) {
		if (suite)
			fprintf(stderr, "%s: no test matches\n", argv[0]);
		CU_cleanup_registry();
		return 1;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failed = CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	return failed != 0;
}

#define FF_TEST_MAIN(name, table) \
	int main(int argc, char **argv) \
	{ return ff_test_main((name), (table), sizeof(table) / sizeof((table)[0]), argc, argv); }

#endif
