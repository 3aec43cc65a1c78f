#!/bin/sh
# The example program examples/count.c (the library's API as an outside
# program uses it), run on fixtures of several formats; its standard output
# and exit status are compared with tests/example/FIXTURE.out. make check
# runs the build made against this tree; make installcheck passes count=,
# the build made against the installed library with pkg-config.
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
count=${count:-$top_builddir/examples/count}
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT
pass=0 fail=0
# an FGN file of every verdict, JSON Lines and CSV (picked by extension),
# and FGN under another extension (the fallback)
for f in cli/pegsjokers_rules.fgn cli/bad.jsonl golden/csv/multi.csv golden/fgn/multi.expected; do
	exp=$srcdir/tests/example/$(basename "$f").out
	"$count" "$srcdir/tests/$f" >"$tmp" 2>&1
	echo "exit $?" >>"$tmp"
	if cmp -s "$tmp" "$exp"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: count tests/$f"
		diff "$exp" "$tmp" | head -20
	fi
done
echo "example: $pass passed, $fail failed"
[ "$fail" = 0 ]
