/* Player ratings: Elo and Glicko-2, functions over a player's state (no
   I/O; memory only for the games of an open rating period).
   ff_glicko2_update is one rating period of Glickman's "Example of the
   Glicko-2 system" (2013); ff_rating_game rates the players of one game,
   a side against each other side, by the pairwise method docs/ratings.md
   describes, each game a rating period of its own or one of a longer
   period that ff_rating_close ends. */
#ifndef FF_RATING_H
#define FF_RATING_H

/* The most seats ff_rating_game takes. */
#define FF_RATING_MAX_SEATS 16

/* One opponent of a Glicko-2 rating period: its rating and deviation
   before the period, and the score against it (1, 1/2 or 0). */
struct ff_glicko2_game {
	double r, rd, score;
};

/* A player's state in one rating pool. Invariants: rd > 0, vol > 0;
   games = wins + draws + losses; pend[0, npend) are the opponents of the
   open rating period (r and rd still those before it), owned by the
   state (ff_rating_free). */
struct ff_rating {
	double elo;             /* Elo rating */
	double r, rd, vol;      /* Glicko-2 rating, deviation, volatility (Glicko scale) */
	long games, wins, draws, losses;
	struct ff_glicko2_game *pend;
	int npend, cappend;
};

/* The constants of a rating run. */
struct ff_rating_params {
	double elo_start;       /* a new player's Elo (1500) */
	double k;               /* Elo's K factor, per game (32) */
	double r0, rd0, vol0;   /* a new player's Glicko-2 state (1500, 350, 0.06) */
	double tau;             /* Glicko-2's system constant (0.5) */
	int periods;            /* 0: each game a Glicko-2 rating period (the default);
				   1: games add to an open period that ff_rating_close ends */
};

/* The defaults above. */
void ff_rating_params_default(struct ff_rating_params *p);
/* A new player's state under p. */
void ff_rating_init(struct ff_rating *r, const struct ff_rating_params *p);
/* Free the memory r owns (its open period's opponents). */
void ff_rating_free(struct ff_rating *r);

/* Elo's expected score of a player rated a against one rated b:
   1 / (1 + 10^((b - a) / 400)). */
double ff_elo_expected(double a, double b);

/* One Glicko-2 rating period (Glickman 2013, steps 2 to 8) for a player
   rated r, rd, vol against n opponents g[0, n) (n 0: only the deviation
   grows), with system constant tau; the new state into *r2, *rd2, *vol2.
   The volatility is found by the Illinois algorithm to 1e-6. Returns 0, or
   -1 when the iteration does not converge in 200 steps (nothing
   written). */
int ff_glicko2_update(double r, double rd, double vol, const struct ff_glicko2_game *g, int n,
		      double tau, double *r2, double *rd2, double *vol2);

/* What ff_rating_game did. */
enum ff_rating_done {
	FF_RATED = 0,           /* the players were rated */
	FF_RATING_ONE_SIDE,     /* fewer than two sides have players: not rated */
	FF_RATING_TWO_SIDES,    /* a player holds seats on two sides: not rated */
	FF_RATING_TOO_MANY,     /* more than FF_RATING_MAX_SEATS seats: not rated */
	FF_RATING_NOMEM         /* out of memory for a period's games: not rated */
};

/* Rate one finished game: seat i is held by player[i] (a player holding
   several seats of one side counts once) on side side[i] (1-based), and
   winner is the winning side (0: a draw). Each player is scored against
   every player of every other side: 1 against a player of a side that
   lost to its side, 0 the other way, 1/2 in a draw; two sides that both
   lost (a free-for-all) are not scored against each other. Elo moves by
   K / m times the sum of score minus expectation over the player's m
   opponents; Glicko-2 takes those opponents as one rating period, or
   with p->periods adds them to the player's open period (its rating
   and deviation are changed by ff_rating_close). Every player is rated
   from the states before the game. Counts the game as a win, draw or
   loss of each player. Returns what was done (the players are untouched
   unless FF_RATED). */
enum ff_rating_done ff_rating_game(struct ff_rating *const *player, const int *side, int n,
				   int winner, const struct ff_rating_params *p);
/* End r's open rating period: one Glicko-2 update against all its
   opponents (none: nothing changes, as a player who does not play keeps
   their deviation). Returns 1 when r had played in the period (and was
   updated), else 0. */
int ff_rating_close(struct ff_rating *r, const struct ff_rating_params *p);

#endif
