/* Elo and Glicko-2 (lib/rating.h): the formulas of Elo's system and of
   Glickman's "Example of the Glicko-2 system" (2013), and the pairwise
   rating of one game's sides. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rating.h"

/* Glicko-2's scale: Glicko ratings are 173.7178 times the internal ones
   (400 / ln 10), centred on 1500. */
#define SCALE 173.7178
#define CENTRE 1500.0
#define EPSILON 0.000001
#define MAX_STEPS 200

void ff_rating_params_default(struct ff_rating_params *p)
{
	p->elo_start = 1500;
	p->k = 32;
	p->r0 = 1500;
	p->rd0 = 350;
	p->vol0 = 0.06;
	p->tau = 0.5;
	p->periods = 0;
}

void ff_rating_init(struct ff_rating *r, const struct ff_rating_params *p)
{
	memset(r, 0, sizeof *r);
	r->elo = p->elo_start;
	r->r = p->r0;
	r->rd = p->rd0;
	r->vol = p->vol0;
}

void ff_rating_free(struct ff_rating *r)
{
	free(r->pend);
	r->pend = NULL;
	r->npend = r->cappend = 0;
}

/* Room for need opponents in r's open period. Returns 0 or -1 (no
   memory). */
static int pend_grow(struct ff_rating *r, int need)
{
	int cap = r->cappend ? r->cappend : 8;
	struct ff_glicko2_game *v;

	if (need <= r->cappend)
		return 0;
	while (cap < need)
		cap *= 2;
	if (!(v = realloc(r->pend, (size_t)cap * sizeof *v)))
		return -1;
	r->pend = v;
	r->cappend = cap;
	return 0;
}

int ff_rating_close(struct ff_rating *r, const struct ff_rating_params *p)
{
	double r2, rd2, vol2;

	if (r->npend == 0)
		return 0;
	if (ff_glicko2_update(r->r, r->rd, r->vol, r->pend, r->npend, p->tau, &r2, &rd2,
			      &vol2) == 0) {
		r->r = r2;
		r->rd = rd2;
		r->vol = vol2;
	}
	r->npend = 0;
	return 1;
}

double ff_elo_expected(double a, double b)
{
	return 1.0 / (1.0 + pow(10.0, (b - a) / 400.0));
}

/* Glickman's g(phi) */
static double g_of(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

/* Glickman's f(x) of step 5 */
static double f_of(double x, double delta, double phi, double v, double a, double tau)
{
	double ex = exp(x), d = phi * phi + v + ex;

	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. Returns 0, or -1
   when it does not converge. */
static int new_vol(double vol, double delta, double phi, double v, double tau, double *out)
{
	double a = log(vol * vol), A = a, B, C, fA, fB, fC;
	int k, steps = 0;

	if (delta * delta > phi * phi + v) {
		B = log(delta * delta - phi * phi - v);
	} else {
		for (k = 1; f_of(a - k * tau, delta, phi, v, a, tau) < 0; k++)
			if (k > MAX_STEPS)
				return -1;
		B = a - k * tau;
	}
	fA = f_of(A, delta, phi, v, a, tau);
	fB = f_of(B, delta, phi, v, a, tau);
	while (fabs(B - A) > EPSILON) {
		if (++steps > MAX_STEPS || fB == fA)
			return -1;
		C = A + (A - B) * fA / (fB - fA);
		fC = f_of(C, delta, phi, v, a, tau);
		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else {
			fA /= 2;
		}
		B = C;
		fB = fC;
	}
	*out = exp(A / 2);
	return 0;
}

int ff_glicko2_update(double r, double rd, double vol, const struct ff_glicko2_game *g, int n,
		      double tau, double *r2, double *rd2, double *vol2)
{
	double mu = (r - CENTRE) / SCALE, phi = rd / SCALE, vinv = 0, sum = 0;
	double v, delta, vol1, pstar, phi1;
	int j;

	if (n <= 0) {
		*r2 = r;
		*rd2 = SCALE * sqrt(phi * phi + vol * vol);
		*vol2 = vol;
		return 0;
	}
	for (j = 0; j < n; j++) {
		double gj = g_of(g[j].rd / SCALE);
		double e = 1.0 / (1.0 + exp(-gj * (mu - (g[j].r - CENTRE) / SCALE)));

		vinv += gj * gj * e * (1 - e);
		sum += gj * (g[j].score - e);
	}
	v = 1.0 / vinv;
	delta = v * sum;
	if (new_vol(vol, delta, phi, v, tau, &vol1))
		return -1;
	pstar = sqrt(phi * phi + vol1 * vol1);
	phi1 = 1.0 / sqrt(1.0 / (pstar * pstar) + 1.0 / v);
	*r2 = CENTRE + SCALE * (mu + phi1 * phi1 * sum);
	*rd2 = SCALE * phi1;
	*vol2 = vol1;
	return 0;
}

/* The score of a player of side a against one of side b when winner won
   (0: a draw), or -1 when the two are not scored against each other. */
static double pair_score(int a, int b, int winner)
{
	if (winner == 0)
		return 0.5;
	if (a == winner)
		return 1;
	if (b == winner)
		return 0;
	return -1;
}

/* The players of the game, each once: u[0, *nu) with their sides. Returns
   FF_RATED, or why the game is not rated. */
static enum ff_rating_done distinct(struct ff_rating *const *player, const int *side, int n,
				    struct ff_rating **u, int *us, int *nu)
{
	int i, j, sides = 0;

	*nu = 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < *nu && u[j] != player[i]; j++)
			;
		if (j < *nu) {
			if (us[j] != side[i])
				return FF_RATING_TWO_SIDES;
			continue;
		}
		u[*nu] = player[i];
		us[(*nu)++] = side[i];
	}
	for (i = 0; i < *nu; i++) {
		for (j = 0; j < i && us[j] != us[i]; j++)
			;
		sides += j == i;
	}
	return sides < 2 ? FF_RATING_ONE_SIDE : FF_RATED;
}

/* Room in each player's open period for a game's opponents (fewer than
   nu each), so that a game is added to all of them or to none. Returns 0
   or -1. */
static int reserve(struct ff_rating *const *u, int nu)
{
	int i;

	for (i = 0; i < nu; i++)
		if (pend_grow(u[i], u[i]->npend + nu))
			return -1;
	return 0;
}

enum ff_rating_done ff_rating_game(struct ff_rating *const *player, const int *side, int n,
				   int winner, const struct ff_rating_params *p)
{
	struct ff_rating *u[FF_RATING_MAX_SEATS], before[FF_RATING_MAX_SEATS];
	struct ff_glicko2_game opp[FF_RATING_MAX_SEATS];
	int us[FF_RATING_MAX_SEATS], nu, i, j, m;
	enum ff_rating_done rc;

	if (n > FF_RATING_MAX_SEATS)
		return FF_RATING_TOO_MANY;
	if ((rc = distinct(player, side, n, u, us, &nu)) != FF_RATED)
		return rc;
	for (i = 0; i < nu; i++)
		before[i] = *u[i];
	if (p->periods && reserve(u, nu))
		return FF_RATING_NOMEM;
	for (i = 0; i < nu; i++) {
		double sum = 0, r2, rd2, vol2;

		for (m = 0, j = 0; j < nu; j++) {
			double s = us[j] == us[i] ? -1 : pair_score(us[i], us[j], winner);

			if (s < 0)
				continue;
			sum += s - ff_elo_expected(before[i].elo, before[j].elo);
			opp[m].r = before[j].r;
			opp[m].rd = before[j].rd;
			opp[m++].score = s;
		}
		if (m && p->periods) {
			u[i]->elo = before[i].elo + p->k / m * sum;
			memcpy(u[i]->pend + u[i]->npend, opp, (size_t)m * sizeof *opp);
			u[i]->npend += m;   /* room reserved above */
		} else if (m) {
			u[i]->elo = before[i].elo + p->k / m * sum;
			if (ff_glicko2_update(before[i].r, before[i].rd, before[i].vol, opp, m, p->tau,
					      &r2, &rd2, &vol2) == 0) {
				u[i]->r = r2;
				u[i]->rd = rd2;
				u[i]->vol = vol2;
			}
		}
		u[i]->games++;
		if (winner == 0)
			u[i]->draws++;
		else if (us[i] == winner)
			u[i]->wins++;
		else
			u[i]->losses++;
	}
	return FF_RATED;
}
