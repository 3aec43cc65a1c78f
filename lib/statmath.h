/* Statistics for `stats`: intervals and tests on proportions and means.
   Pure functions, no allocation. Formulas are the textbook ones, named
   with each function so they can be checked independently. */
#ifndef FF_STATMATH_H
#define FF_STATMATH_H

#include <stddef.h>

/* z for a two-sided 95% interval. */
#define FF_Z95 1.959963984540054

/* Wilson score interval for k successes in n trials at z. n == 0 gives
   [0, 1]. */
void ff_wilson(long k, long n, double z, double *lo, double *hi);

/* Newcombe's hybrid score interval (his method 10) for p1 - p2, built from
   the two Wilson intervals. */
void ff_newcombe(long k1, long n1, long k2, long n2, double z, double *lo, double *hi);

/* Pooled two-proportion z test of p1 == p2: returns the two-sided p-value
   (1 when it cannot be computed) and sets *zstat. */
double ff_two_prop_test(long k1, long n1, long k2, long n2, double *zstat);

/* Two-sided p-value of a standard normal statistic. */
double ff_normal_p(double z);

/* Welch interval for mean1 - mean2 with normal critical value z, from the
   means, sample variances and sizes. */
void ff_mean_diff(double m1, double v1, long n1, double m2, double v2, long n2, double z,
		  double *lo, double *hi);

/* The q-quantile (0..1) of sorted[0..n) by linear interpolation between
   order statistics (Hyndman and Fan type 7, R's default). n must be > 0. */
double ff_quantile(const int *sorted, size_t n, double q);
/* The same over n values given as counts: value[j] taken count[j] times,
   value[0..k) ascending, the counts summing to n > 0. */
double ff_quantile_counts(const int *value, const long *count, size_t k, long n, double q);

/* The standard error of the ratio mean m = E / D of a sample of g
   clusters, cluster i holding the total e_i over d_i units (an analysed
   game: a player's error over its decisions), linearised with the games
   as clusters: sqrt(sum (e_i - m d_i)^2 / (g (g - 1))) / (D / g), from
   the sums E = sum e_i, D = sum d_i, see = sum e_i^2, sed = sum e_i d_i,
   sdd = sum d_i^2. 0 when g < 2 or D is 0. */
double ff_ratio_se(double e, double d, double see, double sed, double sdd, long g);

#endif
