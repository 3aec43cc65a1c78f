/* The statistics behind `stats`, against values computed independently:
   the worked examples of Newcombe (1998, Statistics in Medicine 17,
   857-872 and 873-890) to their four published decimals, and a separate
   Python implementation of the same textbook formulas (math.erfc,
   statistics.quantiles(method='inclusive')) to 1e-9. */
#include "config.h"

#include <CUnit/Basic.h>
#include <math.h>

#include "lib/statmath.h"

#include "tests/test_main.h"

#define NEAR(a, b, eps) CU_ASSERT_TRUE(fabs((a) - (b)) < (eps))

static void test_wilson(void)
{
	double lo, hi;

	ff_wilson(81, 263, FF_Z95, &lo, &hi);      /* Newcombe: 0.2553 to 0.3662 */
	NEAR(lo, 0.2553, 5e-5);
	NEAR(hi, 0.3662, 5e-5);
	ff_wilson(15, 148, FF_Z95, &lo, &hi);      /* Newcombe: 0.0624 to 0.1605 */
	NEAR(lo, 0.0624, 5e-5);
	NEAR(hi, 0.1605, 5e-5);
	ff_wilson(0, 20, FF_Z95, &lo, &hi);        /* Python */
	NEAR(lo, 0.0, 1e-12);
	NEAR(hi, 0.16112515805281938, 1e-9);
	ff_wilson(513, 1000, FF_Z95, &lo, &hi);
	NEAR(lo, 0.48203026873001686, 1e-9);
	NEAR(hi, 0.5438702355493588, 1e-9);
	ff_wilson(0, 0, FF_Z95, &lo, &hi);
	NEAR(lo, 0, 1e-12);
	NEAR(hi, 1, 1e-12);
}

static void test_newcombe(void)
{
	double lo, hi;

	ff_newcombe(56, 70, 48, 80, FF_Z95, &lo, &hi);   /* Newcombe: 0.0524 to 0.3339 */
	NEAR(lo, 0.0524, 5e-5);
	NEAR(hi, 0.3339, 5e-5);
	NEAR(lo, 0.052431472402365065, 1e-9);
	NEAR(hi, 0.333872654036906, 1e-9);
	ff_newcombe(9, 10, 3, 10, FF_Z95, &lo, &hi);     /* Newcombe: 0.1705 to 0.8090 */
	NEAR(lo, 0.1705, 5e-5);
	NEAR(hi, 0.8090, 5e-5);
}

static void test_two_prop(void)
{
	double z, p;

	p = ff_two_prop_test(56, 70, 48, 80, &z);
	NEAR(z, 2.6501719512585336, 1e-9);
	NEAR(p, 0.008045081368196568, 1e-9);
	p = ff_two_prop_test(5126, 10000, 5174, 10000, &z);
	NEAR(z, -0.6791281864156655, 1e-9);
	NEAR(p, 0.4970566444927146, 1e-9);
	p = ff_two_prop_test(0, 0, 1, 2, &z);
	NEAR(p, 1, 1e-12);
	NEAR(ff_normal_p(1.959963984540054), 0.05, 1e-9);
}

static void test_mean_diff(void)
{
	double lo, hi;

	/* (10 - 8) +- 1.96 * sqrt(4/100 + 9/100) */
	ff_mean_diff(10, 4, 100, 8, 9, 100, FF_Z95, &lo, &hi);
	NEAR(lo, 2 - FF_Z95 * sqrt(0.13), 1e-12);
	NEAR(hi, 2 + FF_Z95 * sqrt(0.13), 1e-12);
}

static void test_quantile(void)
{
	static const int ten[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	static const int eight[] = { 1, 1, 2, 3, 4, 5, 6, 9 };
	static const int one[] = { 7 };

	NEAR(ff_quantile(ten, 10, 0.1), 1.9, 1e-12);   /* Python: 1.9 ... 9.1 */
	NEAR(ff_quantile(ten, 10, 0.9), 9.1, 1e-12);
	NEAR(ff_quantile(ten, 10, 0.5), 5.5, 1e-12);
	NEAR(ff_quantile(eight, 8, 0.5), 3.5, 1e-12);
	NEAR(ff_quantile(eight, 8, 0.9), 6.9, 1e-9);
	NEAR(ff_quantile(one, 1, 0.9), 7, 1e-12);
	NEAR(ff_quantile(ten, 10, 1.0), 10, 1e-12);
}

/* Quantiles of values given as counts are those of the values written
   out: eight as counts, and a pseudo-random sample of lengths. */
static void test_quantile_counts(void)
{
	static const int eight_v[] = { 1, 2, 3, 4, 5, 6, 9 };
	static const long eight_c[] = { 2, 1, 1, 1, 1, 1, 1 };
	static const double qs[] = { 0, 0.1, 0.25, 0.5, 0.9, 0.99, 1 };
	int sorted[500], value[60];
	long count[60] = { 0 };
	unsigned x = 12345;
	size_t i, k = 0, q;

	NEAR(ff_quantile_counts(eight_v, eight_c, 7, 8, 0.5), 3.5, 1e-12);
	NEAR(ff_quantile_counts(eight_v, eight_c, 7, 8, 0.9), 6.9, 1e-9);
	for (i = 0; i < 500; i++) {   /* lengths 40..99, then sorted by counting */
		x = x * 1103515245u + 12345u;
		count[(x >> 16) % 60]++;
	}
	for (i = 0, q = 0; i < 60; i++)
		while (count[i]-- > 0)
			sorted[q++] = (int)i + 40;
	for (i = 0; i < 500; i = q) {
		for (q = i; q < 500 && sorted[q] == sorted[i]; q++)
			;
		value[k] = sorted[i];
		count[k++] = (long)(q - i);
	}
	for (q = 0; q < sizeof qs / sizeof qs[0]; q++)
		CU_ASSERT_EQUAL(ff_quantile_counts(value, count, k, 500, qs[q]),
				ff_quantile(sorted, 500, qs[q]));
}

/* The ratio's standard error, games as clusters: with one unit a cluster
   it is the standard error of a mean, s / sqrt(g) (e = 1, 2, 3, 4: s^2 =
   5/3, se = sqrt(5/12)); with clusters of other sizes it equals the
   residual form sqrt(sum (e_i - m d_i)^2 / (g (g - 1))) / (D / g) summed
   in two passes. */
static void test_ratio_se(void)
{
	static const double e[] = { 0.1, 0.3, 0.0, 0.25, 0.05 }, d[] = { 2, 4, 3, 7, 1 };
	double se = 0, sd = 0, see = 0, sed = 0, sdd = 0, m, v = 0;
	size_t i, n = sizeof e / sizeof e[0];

	NEAR(ff_ratio_se(10, 4, 30, 10, 4, 4), sqrt(5.0 / 12.0), 1e-12);
	for (i = 0; i < n; i++) {
		se += e[i];
		sd += d[i];
		see += e[i] * e[i];
		sed += e[i] * d[i];
		sdd += d[i] * d[i];
	}
	m = se / sd;
	for (i = 0; i < n; i++)
		v += (e[i] - m * d[i]) * (e[i] - m * d[i]);
	NEAR(ff_ratio_se(se, sd, see, sed, sdd, (long)n),
	     sqrt(v / ((double)n * (double)(n - 1))) / (sd / (double)n), 1e-12);
	CU_ASSERT_EQUAL(ff_ratio_se(1, 2, 1, 2, 4, 1), 0);   /* one game: none */
	CU_ASSERT_EQUAL(ff_ratio_se(0, 0, 0, 0, 0, 3), 0);   /* no decisions */
}

static const struct ff_test tests[] = {
	{ "wilson interval", test_wilson },
	{ "newcombe difference interval", test_newcombe },
	{ "two-proportion z test", test_two_prop },
	{ "welch mean difference", test_mean_diff },
	{ "quantiles (type 7)", test_quantile },
	{ "quantiles of values given as counts", test_quantile_counts },
	{ "ratio standard error, games as clusters", test_ratio_se },
};

FF_TEST_MAIN("statmath", tests)
