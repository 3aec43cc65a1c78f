/* Agents from a string, as --agents gives them: "NAME" or
   "NAME:OPTIONS" for one seat, and "A" (every seat) or "A,B,..." (one a
   seat) for a game's seats. What simulate and play read, so that a
   library user can build agents from the same text (lib/agent.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "lib/agent.h"
#include "lib/text.h"

/* The error for an agent cfg's game does not have, with the nearest. */
static int unknown_agent(const struct ff_rules *r, const char *name, struct ff_error *err)
{
	const char *names[17];
	const struct ff_agent *a;
	char hint[320];
	int n = 0;

	while (n < 17 && (a = ff_agent_at(r, n)) != NULL)
		names[n++] = a->name;
	return ff_error_set(err, FF_EBAD_OPTION, "game '%s' has no agent '%s'%s", r->name, name,
			    ff_text_suggest(hint, sizeof hint, name, "agents", names, (size_t)n));
}

/* as->tag from the agent's description of itself: its name and every
   option it plays with. Returns 0, or -1 with err. */
static int describe(struct ff_agent_spec *as, struct ff_error *err)
{
	struct ff_buf b = FF_BUF_INIT;
	int rc = 0;

	if (ff_buf_addf(&b, "%s:", as->agent->name) || as->agent->describe(as->ctx, &b) ||
	    b.len >= sizeof as->tag)
		rc = ff_error_set(err, FF_ETOO_LONG, "the options of '%s' are too long",
				  as->agent->name);
	else
		memcpy(as->tag, b.p, b.len + 1);
	ff_buf_free(&b);
	return rc;
}

int ff_agent_spec_parse(struct ff_agent_spec *as, const struct ff_config *cfg, const char *spec,
			size_t len, struct ff_error *err)
{
	char name[64];
	const char *colon = memchr(spec, ':', len);
	size_t nl = colon ? (size_t)(colon - spec) : len;

	memset(as, 0, sizeof *as);
	if (len == 0 || len >= sizeof as->tag)
		return ff_error_set(err, FF_ETOO_LONG, "an empty or overlong agent");
	if (nl >= sizeof name)
		return ff_error_set(err, FF_ETOO_LONG, "an overlong agent name");
	memcpy(name, spec, nl);
	name[nl] = '\0';
	memcpy(as->tag, spec, len);
	as->tag[len] = '\0';
	if (!(as->agent = ff_agent_find(cfg->rules, name)))
		return unknown_agent(cfg->rules, name, err);
	if (colon && !as->agent->create)
		return ff_error_set(err, FF_EBAD_OPTION, "agent '%s' takes no options", name);
	if (!as->agent->create)
		return 0;
	if (!(as->ctx = ff_agent_create(cfg, as->agent, colon ? as->tag + nl + 1 : NULL, err)))
		return -1;
	if (as->agent->describe && describe(as, err)) {
		ff_agent_spec_free(as);
		return -1;
	}
	return 0;
}

void ff_agent_spec_free(struct ff_agent_spec *as)
{
	if (as->ctx)
		as->agent->destroy(as->ctx);
	as->ctx = NULL;
}

int ff_agent_seats_parse(struct ff_agent_seats *s, const struct ff_config *cfg, const char *spec,
			 struct ff_error *err)
{
	const char *p = spec;
	int n = 0;

	memset(s, 0, sizeof *s);
	while (*spec && n < FF_MAX_SEATS) {   /* "" is no agents; "A," ends in an empty one */
		size_t len = strcspn(p, ",");
		struct ff_error e;

		ff_error_clear(&e);
		if (ff_agent_spec_parse(&s->seat[n], cfg, p, len, &e)) {
			s->n = n;
			ff_agent_seats_free(s);
			if (n > 0 || p[len] == ',')   /* one of several: which */
				return ff_error_set(err, e.code, "seat %d: %s", n + 1, e.msg);
			*err = e;
			return -1;
		}
		n++;
		p += len;
		if (*p != ',')
			break;
		p++;
	}
	s->n = n;
	if (*p || (n != 1 && n != cfg->seats)) {
		ff_agent_seats_free(s);
		return ff_error_set(err, FF_EBAD_OPTION, "%s agents for %d seats (one for every "
				    "seat, or one a seat)", *p ? "more" : n == 0 ? "no" : "other",
				    cfg->seats);
	}
	return 0;
}

const struct ff_agent_spec *ff_agent_seat(const struct ff_agent_seats *s, int seat)
{
	return &s->seat[s->n == 1 ? 0 : seat];
}

void ff_agent_seats_free(struct ff_agent_seats *s)
{
	int i;

	for (i = 0; i < s->n && i < FF_MAX_SEATS; i++)
		ff_agent_spec_free(&s->seat[i]);
	s->n = 0;
}
