/* count: a small program that uses libfivefold the way any outside program
   would, through its installed headers only (no config.h, nothing of the
   build tree). It reads every game of one file, replays each through its
   rules engine and prints, a line a game, the game's ruleset, the plies
   replayed, its result and whether it is valid, with the diagnostic when it
   is not; then a summary line.

   usage: count FILE
   The format comes from FILE's extension (.fgn, .jsonl, .csv, .plies.csv,
   .trial); any other extension is read as FGN. Exit status: 0 when every
   game is valid, 1 when one is not (or reading failed), 2 for a usage
   error or a file that cannot be opened.

   Build it against an installed fivefold:
       cc count.c $(pkg-config --cflags --libs fivefold) -o count */
#include <stdio.h>

#include <formats/format.h>  /* the formats table: a reader per notation */
#include <lib/replay.h>      /* replaying a record through its engine */

/* Replay rec through its rules engine in game: set up from the header
   (Game, Rules, Options, Seats, Seed...), check and apply every ply, check
   the result. (ff_game_replay does all three in one call; the steps are
   written out here to know whether the header was good.) *started says
   whether the header was: the ruleset is known then. Returns the verdict;
   err holds the first problem when it is not FF_VALID. */
static enum ff_verdict replay(struct ff_game *game, const struct ff_record *rec, int *started,
			      struct ff_error *err)
{
	struct ff_ply ply;           /* a ply as the engine decoded it */
	size_t k;

	ff_error_clear(err);
	*started = ff_game_start(game, rec, err) == 0;
	if (!*started)
		return ff_verdict_of(err->code);
	for (k = 0; k < rec->nplies; k++)
		if (ff_game_step(game, rec, k, &ply, err))
			return ff_verdict_of(err->code);
	if (ff_game_finish(game, rec, err))
		return ff_verdict_of(err->code);
	return FF_VALID;
}

int main(int argc, char **argv)
{
	const struct ff_format *fmt;
	struct ff_record rec;        /* one game, reused for every game */
	struct ff_game game;         /* the replay state, reused likewise */
	struct ff_buf ruleset = FF_BUF_INIT;
	struct ff_error err;
	enum ff_verdict verdict;
	void *reader;
	FILE *fp;
	long games = 0, valid = 0;
	int rc, started;

	if (argc != 2) {
		fprintf(stderr, "usage: count FILE\n");
		return 2;
	}
	/* Pick the reader by the file's extension, falling back to FGN. */
	fmt = ff_format_for_path(argv[1]);
	if (!fmt)
		fmt = ff_format_find("fgn");
	fp = fopen(argv[1], "rb");
	if (!fp) {
		perror(argv[1]);
		return 2;
	}
	/* A reader streams the file one game at a time; 0: no reader flags. */
	reader = fmt->reader_new(fp, 0);
	if (!reader || ff_record_init(&rec)) {
		fprintf(stderr, "count: out of memory\n");
		return 2;
	}
	ff_game_init(&game);

	/* read() returns 1 for a game, 0 at the end, -1 for a game it could
	   not read (err says why; the reader goes on with the next game, or
	   returns 0 next when reading itself failed). */
	while ((rc = fmt->read(reader, &rec, &err)) != 0) {
		games++;
		if (rc < 0) {
			/* nothing of the game is known but where it broke */
			printf("game %ld: -, 0 plies, *: ", err.game);
			verdict = FF_MALFORMED;
		} else {
			verdict = replay(&game, &rec, &started, &err);
			/* The canonical ruleset id, e.g. "fivelines/kidd:skip-last". */
			ff_buf_reset(&ruleset);
			if (started)
				ff_config_id(&game.cfg, &ruleset);
			/* game.turns: the plies replayed (preludes belong to their ply) */
			printf("game %ld: %s, %d %s, %s: ", rec.number,
			       ruleset.len ? ruleset.p : "-", game.turns,
			       game.turns == 1 ? "ply" : "plies",
			       ff_record_result(&rec)[0] ? ff_record_result(&rec) : "*");
		}
		if (verdict == FF_VALID) {
			valid++;
			printf("valid\n");
			continue;
		}
		printf("%s", verdict == FF_ILLEGAL ? "illegal" : "malformed");
		if (err.ply > 0)   /* 0: the header, or the game as a whole */
			printf(" at ply %d", err.ply);
		printf(": %s [%s]\n", err.msg, ff_code_name(err.code));
	}
	printf("%ld games, %ld valid\n", games, valid);

	ff_buf_free(&ruleset);
	ff_game_free(&game);
	ff_record_free(&rec);
	fmt->reader_free(reader);
	fclose(fp);
	return valid == games ? 0 : 1;
}
