/* The shared main() of the CUnit test programs: each program lists its
   tests in a table and calls ff_test_main. Included by one .c file each. */
#ifndef FF_TEST_MAIN_H
#define FF_TEST_MAIN_H

#include <CUnit/Basic.h>
#include <stddef.h>

struct ff_test {
	const char *name;
	void (*fn)(void);
};

/* Run tests[0..n) as one suite in verbose mode. Returns the exit status:
   0 when every test passed (CU_basic_run_tests does not return the
   failure count; CU_get_number_of_tests_failed does). */
static inline int ff_test_main(const char *suite_name, const struct ff_test *tests, size_t n)
{
	CU_pSuite suite;
	unsigned failed;
	size_t i;

	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	suite = CU_add_suite(suite_name, NULL, NULL);
	for (i = 0; suite && i < n; i++)
		if (!CU_add_test(suite, tests[i].name, tests[i].fn))
			suite = NULL;
	if (!suite) {
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
	int main(void) { return ff_test_main((name), (table), sizeof(table) / sizeof((table)[0])); }

#endif
