/* The formats table. */
#include "config.h"

#include <string.h>

#include "formats/fgn.h"
#include "formats/format.h"
#include "formats/jsonl.h"
#include "formats/ludii.h"

static void *fgn_new(FILE *fp)
{
	return ff_fgn_reader_new(fp);
}

static int fgn_read(void *r, struct ff_record *rec, struct ff_error *err)
{
	return ff_fgn_read(r, rec, err);
}

static const char *fgn_raw(const void *r, size_t *len)
{
	return ff_fgn_raw(r, len);
}

static unsigned long long fgn_offset(const void *r)
{
	return ff_fgn_offset(r);
}

static void fgn_free(void *r)
{
	ff_fgn_reader_free(r);
}

static void *ludii_new(FILE *fp)
{
	return ff_ludii_reader_new(fp);
}

static int ludii_read(void *r, struct ff_record *rec, struct ff_error *err)
{
	return ff_ludii_read(r, rec, err);
}

static const char *ludii_raw(const void *r, size_t *len)
{
	return ff_ludii_raw(r, len);
}

static unsigned long long ludii_offset(const void *r)
{
	return ff_ludii_offset(r);
}

static void ludii_free(void *r)
{
	ff_ludii_reader_free(r);
}

static void *jsonl_new(FILE *fp)
{
	return ff_jsonl_reader_new(fp);
}

static int jsonl_read(void *r, struct ff_record *rec, struct ff_error *err)
{
	return ff_jsonl_read(r, rec, err);
}

static const char *jsonl_raw(const void *r, size_t *len)
{
	return ff_jsonl_raw(r, len);
}

static unsigned long long jsonl_offset(const void *r)
{
	return ff_jsonl_offset(r);
}

static void jsonl_free(void *r)
{
	ff_jsonl_reader_free(r);
}

static const struct ff_format formats[] = {
	{ "fgn", "fgn", "fivefold game notation (design.md)", fgn_new, fgn_read, fgn_raw,
	  fgn_offset, fgn_free, ff_fgn_write },
	{ "jsonl", "jsonl", "JSON Lines: one object per game (tags in order, plies, notes, result)",
	  jsonl_new, jsonl_read, jsonl_raw, jsonl_offset, jsonl_free, ff_jsonl_write },
	{ "ludii", "trial", "Ludii 1.3 trial of Pente Grammai (Locus Ludi presets), one game a file",
	  ludii_new, ludii_read, ludii_raw, ludii_offset, ludii_free, ff_ludii_write },
};

const struct ff_format *ff_format_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(formats[i].name, name) == 0)
			return &formats[i];
	return NULL;
}

const struct ff_format *ff_format_for_path(const char *path)
{
	const char *dot = strrchr(path, '.');
	size_t i;

	if (!dot)
		return NULL;
	for (i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(formats[i].ext, dot + 1) == 0)
			return &formats[i];
	return NULL;
}

const struct ff_format *ff_format_at(int i)
{
	if (i < 0 || (size_t)i >= sizeof formats / sizeof formats[0])
		return NULL;
	return &formats[i];
}
