/* The formats table: the one list of formats. Each format's file exports
   its entry; adding a format means adding its file and one line here. */
#include "config.h"

#include <string.h>

#include "formats/format.h"

extern const struct ff_format ff_format_fgn, ff_format_csv, ff_format_csvply, ff_format_jsonl,
	ff_format_ludii;

static const struct ff_format *const formats[] = {
	&ff_format_fgn,
	&ff_format_csv,
	&ff_format_csvply,
	&ff_format_jsonl,
	&ff_format_ludii,
};

#define NFORMATS (sizeof formats / sizeof formats[0])

const struct ff_format *ff_format_sniff(const char *head, size_t n)
{
	const struct ff_format *best = NULL;
	const char *p = head, *end = head + n;
	size_t i;
	int score, most = FF_SNIFF_NO;

	if (n >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3))
		p += 3;
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	if (p >= end)
		return NULL;
	for (i = 0; i < NFORMATS; i++) {
		if (!formats[i]->sniff)
			continue;
		score = formats[i]->sniff(p, (size_t)(end - p));
		if (score > most) {
			most = score;
			best = formats[i];
		}
	}
	return best;
}

const struct ff_format *ff_format_find(const char *name)
{
	size_t i;

	for (i = 0; i < NFORMATS; i++)
		if (strcmp(formats[i]->name, name) == 0)
			return formats[i];
	return NULL;
}

const struct ff_format *ff_format_for_path(const char *path)
{
	const struct ff_format *best = NULL;
	size_t i, len = strlen(path), e;

	/* the longest extension that ends the path after a dot
	   ("x.plies.csv" is csvply, "x.csv" csv) */
	for (i = 0; i < NFORMATS; i++) {
		e = strlen(formats[i]->ext);
		if (e < len && path[len - e - 1] == '.' && strcmp(path + len - e, formats[i]->ext) == 0 &&
		    (!best || e > strlen(best->ext)))
			best = formats[i];
	}
	return best;
}

const struct ff_format *ff_format_at(int i)
{
	if (i < 0 || (size_t)i >= NFORMATS)
		return NULL;
	return formats[i];
}
