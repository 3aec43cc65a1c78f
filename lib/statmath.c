/* Intervals and tests on proportions and means. */
#include "config.h"

#include <math.h>

#include "lib/statmath.h"

void ff_wilson(long k, long n, double z, double *lo, double *hi)
{
	double p, z2, den, centre, half;

	if (n <= 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	p = (double)k / (double)n;
	z2 = z * z;
	den = 1 + z2 / (double)n;
	centre = (p + z2 / (2.0 * (double)n)) / den;
	half = z / den * sqrt(p * (1 - p) / (double)n + z2 / (4.0 * (double)n * (double)n));
	*lo = centre - half < 0 ? 0 : centre - half;
	*hi = centre + half > 1 ? 1 : centre + half;
}

void ff_newcombe(long k1, long n1, long k2, long n2, double z, double *lo, double *hi)
{
	double p1 = n1 ? (double)k1 / (double)n1 : 0, p2 = n2 ? (double)k2 / (double)n2 : 0;
	double l1, u1, l2, u2, d = p1 - p2;

	ff_wilson(k1, n1, z, &l1, &u1);
	ff_wilson(k2, n2, z, &l2, &u2);
	*lo = d - sqrt((p1 - l1) * (p1 - l1) + (u2 - p2) * (u2 - p2));
	*hi = d + sqrt((u1 - p1) * (u1 - p1) + (p2 - l2) * (p2 - l2));
}

double ff_normal_p(double z)
{
	return erfc(fabs(z) / sqrt(2.0));
}

double ff_two_prop_test(long k1, long n1, long k2, long n2, double *zstat)
{
	double p1, p2, p, se;

	*zstat = 0;
	if (n1 <= 0 || n2 <= 0)
		return 1;
	p1 = (double)k1 / (double)n1;
	p2 = (double)k2 / (double)n2;
	p = (double)(k1 + k2) / (double)(n1 + n2);
	se = sqrt(p * (1 - p) * (1.0 / (double)n1 + 1.0 / (double)n2));
	if (se <= 0)
		return 1;
	*zstat = (p1 - p2) / se;
	return ff_normal_p(*zstat);
}

void ff_mean_diff(double m1, double v1, long n1, double m2, double v2, long n2, double z,
		  double *lo, double *hi)
{
	double se = sqrt((n1 > 0 ? v1 / (double)n1 : 0) + (n2 > 0 ? v2 / (double)n2 : 0));

	*lo = m1 - m2 - z * se;
	*hi = m1 - m2 + z * se;
}

double ff_quantile(const int *sorted, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t i = (size_t)h;

	if (i + 1 >= n)
		return sorted[n - 1];
	return sorted[i] + (h - (double)i) * (sorted[i + 1] - sorted[i]);
}

/* Order statistic i (0-based) of the values given as counts. */
static int order_stat(const int *value, const long *count, size_t k, long i)
{
	long cum = 0;
	size_t j;

	for (j = 0; j < k; j++)
		if (i < (cum += count[j]))
			return value[j];
	return value[k - 1];
}

double ff_quantile_counts(const int *value, const long *count, size_t k, long n, double q)
{
	double h = (double)(n - 1) * q;
	long i = (long)h;
	int a, b;

	if (i + 1 >= n)
		return order_stat(value, count, k, n - 1);
	a = order_stat(value, count, k, i);
	b = order_stat(value, count, k, i + 1);
	return a + (h - (double)i) * (b - a);
}

double ff_ratio_se(double e, double d, double see, double sed, double sdd, long g)
{
	double m, v;

	if (g < 2 || d <= 0)
		return 0;
	m = e / d;
	v = see - 2 * m * sed + m * m * sdd;   /* sum (e_i - m d_i)^2 */
	if (v < 0)
		v = 0;
	return sqrt(v / ((double)g * (double)(g - 1))) / (d / (double)g);
}
