/* The formats table. */
#include "config.h"

#include <string.h>

#include "formats/csvfmt.h"
#include "formats/fgn.h"
#include "formats/format.h"
#include "formats/jsonl.h"
#include "formats/ludii.h"

static void *fgn_new(FILE *fp, unsigned flags)
{
	(void)flags;
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

static void *ludii_new(FILE *fp, unsigned flags)
{
	(void)flags;
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

static void *jsonl_new(FILE *fp, unsigned flags)
{
	(void)flags;
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

/* A CSV reader of one shape with the guard setting of flags. */
static void *csv_reader(FILE *fp, int per_ply, unsigned flags)
{
	struct ff_csv_reader *r = ff_csv_reader_new(fp, per_ply);

	if (r)
		ff_csv_reader_set_raw(r, (flags & FF_FMT_RAW_CSV) != 0);
	return r;
}

static void *csv_new(FILE *fp, unsigned flags)
{
	return csv_reader(fp, 0, flags);
}

static void *csvply_new(FILE *fp, unsigned flags)
{
	return csv_reader(fp, 1, flags);
}

static int csv_read(void *r, struct ff_record *rec, struct ff_error *err)
{
	return ff_csv_read(r, rec, err);
}

static const char *csv_raw(const void *r, size_t *len)
{
	return ff_csv_raw(r, len);
}

static unsigned long long csv_offset(const void *r)
{
	return ff_csv_offset(r);
}

static void csv_free(void *r)
{
	ff_csv_reader_free(r);
}

/* A CSV writer of one shape with the guard setting of flags. */
static void *csv_writer(int per_ply, char **tags, size_t ntags, unsigned flags)
{
	struct ff_csv_writer *w = ff_csv_writer_new(per_ply, tags, ntags);

	if (w)
		ff_csv_writer_set_raw(w, (flags & FF_FMT_RAW_CSV) != 0);
	return w;
}

static void *csv_writer_new(char **tags, size_t ntags, unsigned flags)
{
	return csv_writer(0, tags, ntags, flags);
}

static void *csvply_writer_new(char **tags, size_t ntags, unsigned flags)
{
	return csv_writer(1, tags, ntags, flags);
}

static int csv_put(void *w, const struct ff_record *rec, struct ff_buf *out)
{
	return ff_csv_writer_put(w, rec, out);
}

static void csv_writer_free(void *w)
{
	ff_csv_writer_free(w);
}

static const struct ff_format formats[] = {
	{ .name = "fgn", .ext = "fgn", .help = "fivefold game notation (docs/fgn.md)",
	  .reader_new = fgn_new, .read = fgn_read, .raw = fgn_raw, .offset = fgn_offset,
	  .reader_free = fgn_free, .write = ff_fgn_write },
	{ .name = "csv", .ext = "csv",
	  .help = "CSV, a row per game: a column per tag, @order, @movetext, @result",
	  .reader_new = csv_new, .read = csv_read, .raw = csv_raw, .offset = csv_offset,
	  .reader_free = csv_free, .needs_tags = 1, .writer_new = csv_writer_new,
	  .writer_put = csv_put, .writer_free = csv_writer_free },
	{ .name = "csvply", .ext = "plies.csv",
	  .help = "CSV, a row per ply: game,ply,seat,long,short,chance,comment,tags,result",
	  .reader_new = csvply_new, .read = csv_read, .raw = csv_raw, .offset = csv_offset,
	  .reader_free = csv_free, .writer_new = csvply_writer_new, .writer_put = csv_put,
	  .writer_free = csv_writer_free },
	{ .name = "jsonl", .ext = "jsonl",
	  .help = "JSON Lines: one object per game (tags in order, plies, notes, result)",
	  .reader_new = jsonl_new, .read = jsonl_read, .raw = jsonl_raw, .offset = jsonl_offset,
	  .reader_free = jsonl_free, .write = ff_jsonl_write },
	{ .name = "ludii", .ext = "trial",
	  .help = "Ludii 1.3 trial of Pente Grammai (Locus Ludi presets), one game a file",
	  .reader_new = ludii_new, .read = ludii_read, .raw = ludii_raw, .offset = ludii_offset,
	  .reader_free = ludii_free, .write = ff_ludii_write },
};

#define PLY_HEADER "game,ply,seat,long,short,chance,comment,tags,result"

const struct ff_format *ff_format_sniff(const char *head, size_t n)
{
	const char *p = head, *end = head + n, *nl;
	size_t line;

	if (n >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3))
		p += 3;
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	if (p >= end)
		return NULL;
	if (*p == '{')
		return ff_format_find("jsonl");
	if ((size_t)(end - p) >= 5 && !memcmp(p, "game=", 5))
		return ff_format_find("ludii");
	nl = memchr(p, '\n', (size_t)(end - p));
	line = nl ? (size_t)(nl - p) : (size_t)(end - p);
	if (line >= sizeof PLY_HEADER - 1 && !memcmp(p, PLY_HEADER, sizeof PLY_HEADER - 1))
		return ff_format_find("csvply");
	if (*p != '[' && memmem(p, line, "@movetext", 9))
		return ff_format_find("csv");
	return NULL;
}

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
	const struct ff_format *best = NULL;
	size_t i, len = strlen(path), e;

	/* the longest extension that ends the path after a dot
	   ("x.plies.csv" is csvply, "x.csv" csv) */
	for (i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		e = strlen(formats[i].ext);
		if (e < len && path[len - e - 1] == '.' && strcmp(path + len - e, formats[i].ext) == 0 &&
		    (!best || e > strlen(best->ext)))
			best = &formats[i];
	}
	return best;
}

const struct ff_format *ff_format_at(int i)
{
	if (i < 0 || (size_t)i >= sizeof formats / sizeof formats[0])
		return NULL;
	return &formats[i];
}
