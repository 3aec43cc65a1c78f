#!/bin/sh
# The pictures: every SVG golden of tests/cli (show --format svg, one per
# engine) is well-formed XML (xmllint), and stats --plot draws the same
# bytes as tests/svg/*.svg from a store of simulated games (with and
# without --compare) and analyse --plot draws tests/svg/analyse_*.svg,
# also well-formed. `tests/svg.sh --regen` rewrites the
# plot goldens (look at them: rsvg-convert or a browser).
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
regen=${1:-}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
if ! command -v xmllint >/dev/null; then
	echo "svg.sh: SKIP: no xmllint (apt-get install libxml2-utils)"
	exit 77
fi
n=0
for f in "$srcdir"/tests/cli/svg_*.out; do
	[ -s "$f" ] || continue
	n=$((n + 1))
	xmllint --noout "$f" || { echo "FAIL: $f is not well-formed"; fail=1; }
done
[ "$n" -ge 4 ] || { echo "FAIL: only $n SVG goldens"; fail=1; }

"$ff" simulate --game fivelines --rules schaedler --games 300 --seed 5 >"$tmp/a.fgn"
"$ff" simulate --game fivelines --rules schaedler --options skip-last --games 300 --seed 5 \
	>"$tmp/b.fgn"
"$ff" simulate --game fiveplay --games 100 --seed 5 --agents greedy >"$tmp/c.fgn"
"$ff" import --db "$tmp/s.db" "$tmp/a.fgn" "$tmp/b.fgn" "$tmp/c.fgn" >/dev/null || fail=1
"$ff" stats --db "$tmp/s.db" --plot "$tmp/plot.svg" >/dev/null || fail=1
"$ff" stats --db "$tmp/s.db" --compare skip-last --plot "$tmp/plot_compare.svg" >/dev/null ||
	fail=1
# a ruleset whose games all stopped unfinished (--max-plies 3) has no win
# rate: its row says "no finished games", with no bar and no point
"$ff" simulate --game fivelines --rules kidd --max-plies 3 --games 20 --seed 5 >"$tmp/u.fgn"
"$ff" import --db "$tmp/u.db" "$tmp/a.fgn" "$tmp/u.fgn" >/dev/null || fail=1
"$ff" stats --db "$tmp/u.db" --plot "$tmp/plot_unfinished.svg" >/dev/null || fail=1
awk '/>fivelines\/kidd</ { on = 1 } />fivelines\/schaedler</ { exit } on' "$tmp/plot_unfinished.svg" \
	>"$tmp/row"
grep -q '>no finished games (20 unfinished)<' "$tmp/row" && grep -q '>- (n = 0)<' "$tmp/row" &&
	! grep -q -e '<line' -e '<circle' -e '<rect' -e '<path' -e '<polygon' "$tmp/row" ||
	{ echo "FAIL: a ruleset with no finished game is drawn with a rate"; fail=1; }
# analyse --plot: the value graph of a Five Lines game (exact) and of a
# four-seat Sequence game (search, two teams); its flagged errors marked
"$ff" simulate --game fivelines --games 1 --seed 3 --agents greedy,random >"$tmp/g.fgn"
(cd "$tmp" && "$ff" analyse -q --plot analyse_exact.svg g.fgn >/dev/null 2>&1) || fail=1
"$ff" simulate --game sequence --seats 4 --games 1 --seed 2 >"$tmp/q.fgn"
(cd "$tmp" && "$ff" analyse -q --iterations 60 --plot analyse_search.svg q.fgn >q.txt 2>&1) || fail=1
# as many error markers (hexagons, squares... any marker but a dot) as the
# text counts errors
errs=$(sed -n 's/.*error [0-9.]* (\([0-9]*\) over.*/\1/p' "$tmp/q.txt" | awk '{ s += $1 } END { print s }')
[ "$(grep -c '<g data-ply="[0-9]*"><circle cx="[0-9.]*" cy="[0-9.]*" r="2.5"' "$tmp/analyse_search.svg")" = \
	$((73 - errs)) ] || { echo "FAIL: analyse --plot: not one marker per error ($errs)"; fail=1; }
for p in plot plot_compare plot_unfinished analyse_exact analyse_search; do
	if [ "$regen" = --regen ]; then
		cp "$tmp/$p.svg" "$srcdir/tests/svg/$p.svg"
		continue
	fi
	xmllint --noout "$tmp/$p.svg" || { echo "FAIL: $p.svg is not well-formed"; fail=1; }
	if ! cmp -s "$tmp/$p.svg" "$srcdir/tests/svg/$p.svg"; then
		echo "FAIL: --plot: $p.svg differs"
		diff "$srcdir/tests/svg/$p.svg" "$tmp/$p.svg" | head -10
		fail=1
	fi
done
[ "$fail" = 0 ] && echo "svg.sh: $n engine pictures and 5 plots ok"
exit "$fail"
