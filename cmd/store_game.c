/* What the store keeps of a valid game, from its replay (cmd/store_game.h). */
#include "config.h"

#include <string.h>

#include "cmd/store_game.h"
#include "formats/fgn.h"
#include "lib/tags.h"
#include "lib/text.h"

/* The winner and termination of a valid game, from the board or, for a
   game not finished there, from its result token and Termination tag. */
static void outcome_of(const struct ff_game *g, const struct ff_record *rec, int *winner,
		       const char **term)
{
	struct ff_outcome o;
	const char *res = ff_record_result(rec), *t = ff_record_tag(rec, "Termination");
	uint64_t k;

	ff_rules_outcome(g->rules, g->state, &o);
	if (o.term != FF_TERM_NONE) {
		*winner = o.winner + 1;
		*term = ff_termination_name(o.term);
		return;
	}
	*winner = 0;
	if (!strcmp(res, "1-0"))
		*winner = 1;
	else if (!strcmp(res, "0-1"))
		*winner = 2;
	else if (res[0] == 'W' && ff_parse_uint(res + 1, strlen(res + 1), FF_MAX_SEATS, &k) == 0)
		*winner = (int)k;
	*term = t ? t : "unfinished";
}

/* Where a game comes from, by its Source tag. */
static const char *origin_of(const struct ff_record *rec)
{
	const char *src = ff_record_tag(rec, "Source");

	return src && strcmp(src, "fivefold simulate") == 0 ? "simulated" : "imported";
}

int ff_game_derived(const struct ff_game *g, const struct ff_record *rec, struct ff_buf *id,
		    struct ff_derived *d)
{
	const char *date;

	ff_buf_reset(id);
	if (ff_config_id(&g->cfg, id))
		return -1;
	d->ruleset = id->p;
	d->seats = g->cfg.seats;
	d->plies = g->turns;   /* preludes (dead-card exchanges) are not plies */
	outcome_of(g, rec, &d->winner, &d->termination);
	d->origin = origin_of(rec);
	date = ff_record_tag(rec, "Date");
	/* the date as the store keeps it (ff_game_facts_fill) */
	d->date = date && ff_date_normal(date, d->date_buf) > 0 ? d->date_buf : NULL;
	return 0;
}

int ff_game_facts_fill(struct ff_game_facts *f, const struct ff_game *g,
		       const struct ff_record *rec, const struct ff_record *canon,
		       struct ff_store_game *sg)
{
	const char *date = ff_record_tag(rec, "Date");
	int s;

	ff_buf_reset(&f->fgn);
	ff_buf_reset(&f->id);
	ff_buf_reset(&f->opts);
	if (ff_fgn_write(canon, &f->fgn) || ff_config_id(&g->cfg, &f->id) ||
	    ff_config_options(&g->cfg, &f->opts))
		return -1;
	memset(sg, 0, sizeof *sg);
	for (s = 0; s < g->cfg.seats; s++)
		f->sides[s] = ff_rules_side_of(g->rules, g->state, s) + 1;
	sg->rec = canon;
	sg->fgn = f->fgn.p;
	sg->fgn_len = f->fgn.len;
	sg->ruleset = f->id.p;
	sg->game = g->rules->name;
	sg->preset = g->rules->presets[g->cfg.preset].name;
	sg->options = f->opts.p ? f->opts.p : "";
	sg->seats = g->cfg.seats;
	sg->sides = ff_rules_sides(g->rules, g->state);
	sg->first_seat = g->cfg.first + 1;
	sg->first_side = f->sides[g->cfg.first];
	sg->side_of_seat = f->sides;
	sg->result = ff_record_result(rec);
	outcome_of(g, rec, &sg->winner_side, &sg->termination);
	sg->plies = g->turns;   /* preludes (dead-card exchanges) are not plies */
	sg->origin = origin_of(rec);
	/* one form of date in the store; a Date that is no date (a warning)
	   stores none, its tag stays in the record as written */
	sg->date = date && ff_date_normal(date, f->date) > 0 ? f->date : NULL;
	return 0;
}

void ff_game_facts_free(struct ff_game_facts *f)
{
	ff_buf_free(&f->fgn);
	ff_buf_free(&f->id);
	ff_buf_free(&f->opts);
}
