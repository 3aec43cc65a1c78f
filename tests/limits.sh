#!/bin/sh
# Limits (docs/formats.md, "Limits"): readers and writers stay linear in
# the number of tag columns, and a game's memory stays within a small
# multiple of its size. The inputs are generated here: a per-game CSV of
# one game with 200,000 tag columns, an FGN game with 200,000 tags, and a
# 16 MiB game of one-byte plies. Each timed step has a generous bound
# (60 s; linear code takes a few seconds, the quadratic readers and
# writers fivefold had took minutes).
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
n=${FF_LIMITS_COLUMNS:-200000}
bound=${FF_LIMITS_SECONDS:-60}

check() { # name, condition-result
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

awk -v n="$n" 'BEGIN { printf "Game,Rules"; for (i = 0; i < n; i++) printf ",X%d", i;
	print ",@movetext"; printf "fivelines,schaedler"; for (i = 0; i < n; i++) printf ",v%d", i;
	print ",2:0-2 *" }' >"$tmp/wide.csv"
awk -v n="$n" 'BEGIN { print "[Game \"fivelines\"]"; print "[Rules \"schaedler\"]";
	for (i = 0; i < n; i++) print "[X" i " \"v" i "\"]"; print ""; print "2:0-2 *" }' >"$tmp/wide.fgn"

# reading: every column a tag of the game
timeout "$bound" "$ff" validate -q "$tmp/wide.csv" >"$tmp/v.out" 2>&1
check "validate a CSV of $n tag columns within $bound s" $?
timeout "$bound" "$ff" convert --to fgn "$tmp/wide.csv" >"$tmp/back.fgn" 2>/dev/null &&
	[ "$(grep -c '^\[X' "$tmp/back.fgn")" = "$n" ] && grep -q "^\[X$((n - 1)) \"v$((n - 1))\"\]" "$tmp/back.fgn"
check "convert a CSV of $n tag columns to FGN within $bound s, every tag kept" $?

# writing: a column per tag, the row's cells in their columns
timeout "$bound" "$ff" convert --to csv "$tmp/wide.fgn" >"$tmp/w.csv" 2>/dev/null &&
	[ "$(head -1 "$tmp/w.csv" | tr ',' '\n' | grep -c '^X')" = "$n" ] &&
	[ "$(sed -n 2p "$tmp/w.csv" | tr ',' '\n' | grep -c '^v')" = "$n" ]
check "convert an FGN game of $n tags to CSV within $bound s" $?
timeout "$bound" "$ff" convert --to fgn "$tmp/w.csv" 2>/dev/null | grep -v '^$' | tr -d '\n' >"$tmp/a"
grep -v '^$' "$tmp/wide.fgn" | tr -d '\n' >"$tmp/b"
sed 's/2:0-2\*$/2:0-2 */' "$tmp/a" | cmp -s - "$tmp/b"
check "the game of $n tags round-trips through CSV" $?

# memory: a 16 MiB game of one-byte plies (the most plies a byte can
# hold); peak resident memory within 14 times the game plus 16 MiB
if grep -qa __asan_init "$ff"; then
	echo "SKIP: the memory bound (a sanitizer build: AddressSanitizer's shadow memory counts too)"
elif [ -x /usr/bin/time ] && /usr/bin/time -v true 2>/dev/null; then
	awk 'BEGIN { print "[Game \"fivelines\"]"; print "[Rules \"schaedler\"]"; print "";
		for (j = 0; j < 2048; j++) { for (i = 0; i < 4096; i++) printf "a "; print "" }
		print "*" }' >"$tmp/big.fgn"
	size=$(wc -c <"$tmp/big.fgn")
	/usr/bin/time -v "$ff" validate -q "$tmp/big.fgn" >/dev/null 2>"$tmp/time"
	peak=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time")
	limit=$(( (14 * size + 16 * 1048576) / 1024 ))
	[ -n "$peak" ] && [ "$peak" -le "$limit" ]
	check "validate a game of $size bytes in at most $limit KiB (took ${peak:-?} KiB)" $?
else
	echo "SKIP: no /usr/bin/time -v for the memory bound"
fi

echo "limits: $pass passed, $fail failed"
[ "$fail" = 0 ]
