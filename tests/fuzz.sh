#!/bin/sh
# The fuzz targets' regression replay (make check, both builds): each
# target's seed corpus and its regression files tests/fuzz/TARGET/
# (fuzz/seeds.sh lists them) are given one at a time to the target's
# LLVMFuzzerTestOneInput, built with the normal compiler as
# fuzz/replay-TARGET. Every file must pass every check of the target (a
# finding aborts) but those fuzz/known leaves out until a known finding is
# fixed. Ends with "fuzz: N targets passed, N failed; N files".
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
. "$srcdir/fuzz/seeds.sh"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 files=0

for t in $FF_FUZZ_TARGETS; do
	bin=$top_builddir/fuzz/replay-$t
	ff_fuzz_seeds "$srcdir" "$t" >"$tmp/list"
	n=$(wc -l <"$tmp/list")
	files=$((files + n))
	if [ "$n" = 0 ]; then
		echo "fuzz: $t: no seed or regression files"
		pass=$((pass + 1))
		continue
	fi
	# checks left out until a known finding is fixed (fuzz/known)
	skip=$(awk -v t="$t" '$1 == t { printf "%s%s", s, $2; s = "," }' "$srcdir/fuzz/known")
	# shellcheck disable=SC2046
	if (IFS='
'; set -f; FF_FUZZ_SKIP=$skip; export FF_FUZZ_SKIP; exec "$bin" $(cat "$tmp/list")) \
		>"$tmp/log" 2>&1; then
		echo "fuzz: $t: $n files pass${skip:+ (left out until fixed, fuzz/known: $skip)}"
		pass=$((pass + 1))
	else
		echo "FAIL: fuzz: $t: a file breaks a check (the last 'ok' line is the file before it):"
		tail -n 40 "$tmp/log"
		fail=$((fail + 1))
	fi
done
echo "fuzz: $pass targets passed, $fail failed; $files files"
[ "$fail" = 0 ]
