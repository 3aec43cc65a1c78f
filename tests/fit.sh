#!/bin/sh
# fivefold fit (docs/fit.md): a smaller run of the evidence, bench/fit.sh
# with 6 games per ruleset (the generating ruleset always among the fits;
# the dice named right by the likelihood in at least 95 % of the games of
# 100 plies or more: 60-99 plies do not carry enough throws, docs/fit.md);
# fit's verdict for every ruleset agrees with validate --rules --options
# on samples of them; a die that cannot show a throw fails with bad-roll;
# standard input reads as a file does; a card game's fit;
# the perfect model from a solution.
# usage: tests/fit.sh  (from the build directory, srcdir set)
set -eu
srcdir=${srcdir:-.}
ff=$(cd "${top_builddir:-.}" && pwd)/fivefold
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }

# the evidence, smaller
if sh "$srcdir/bench/fit.sh" "$ff" 6 100 >"$tmp/bench" 2>&1; then r=0; else r=1; fi
cat "$tmp/bench"
check "bench/fit.sh 6 100: generating ruleset among the fits, dice named right" $r
grep -q 'games; the generating ruleset among the fits in' "$tmp/bench"
check "bench/fit.sh printed its summary" $?

# fit's verdicts against validate's, ruleset by ruleset: every fit and
# every 97th of the 4,896 rulesets of two records (seedless, two dice)
{
	"$ff" simulate --game fivelines --rules kidd --options "dice=painted skip-last" --agents greedy,random --seed 21
	"$ff" simulate --game fivelines --rules locusludi-race --options "dice=d4" --agents random --seed 22
} | sed '/^\[Seed /d' >"$tmp/two.fgn"
"$ff" fit --format csv --top 0 "$tmp/two.fgn" >"$tmp/two.csv" || true
awk -F'"' 'NR > 1 { split($9, c, ",") } NR > 1 && (NR % 97 == 0 || c[3] == 1) { print $0 }' \
	"$tmp/two.csv" >"$tmp/sample"
n=0 bad=0
while IFS= read -r line; do
	game=$(echo "$line" | cut -d, -f2)
	rules=$(echo "$line" | awk -F'"' '{ print $6 }')
	opts=$(echo "$line" | awk -F'"' '{ print $8 }')
	verdict=$(echo "$line" | awk -F'"' '{ split($9, c, ","); print c[3] == 1 ? "fit" : c[6] }')
	awk -v g="$game" 'BEGIN { RS = ""; ORS = "\n\n" } NR == 2 * g - 1 || NR == 2 * g' "$tmp/two.fgn" >"$tmp/one.fgn"
	if "$ff" validate --rules "$rules" --options "$opts" "$tmp/one.fgn" >"$tmp/v.out" 2>&1; then
		got=fit
	else
		got=$(sed -n 's/.*\[\([a-z-]*\)\]$/\1/p' "$tmp/v.out" | head -1)
	fi
	n=$((n + 1))
	if [ "$got" != "$verdict" ]; then
		bad=$((bad + 1))
		echo "fit says $verdict, validate says $got: game $game, --rules $rules --options '$opts'"
	fi
done <"$tmp/sample"
nfit=$(grep -c ',1,1,[0-9]*,,,\|,0,1,[0-9]*,,,' "$tmp/sample" || true)
echo "fit against validate: $n rulesets sampled ($nfit fits), $bad disagree"
[ "$n" -ge 90 ] && [ "$nfit" -ge 10 ] && [ "$bad" = 0 ]
check "fit's verdicts are validate's" $?

# a d6 record that throws a 5 or a 6: every knuckle ruleset fails with
# bad-roll
"$ff" simulate --game fivelines --rules schaedler --seed 5 | sed '/^\[Seed /d' >"$tmp/d6.fgn"
"$ff" fit --format csv --top 0 "$tmp/d6.fgn" | grep 'dice=knuckle' >"$tmp/kn" || true
grep -q '^[56]:\| [56]:' "$tmp/d6.fgn" && [ -s "$tmp/kn" ] && ! grep -v ',bad-roll,' "$tmp/kn" | grep -q .
check "d6 record: every knuckle ruleset fails with bad-roll" $?

# standard input reads as a file does (its name <stdin>)
"$ff" fit --format csv --top 50 "$tmp/two.fgn" | sed 's|^"[^"]*"|F|' >"$tmp/a"
"$ff" fit --format csv --top 50 - <"$tmp/two.fgn" | sed 's|^"[^"]*"|F|' >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && [ "$(wc -l <"$tmp/a")" = 101 ]
check "fit reads standard input" $?

# a card game: the record's ruleset fits, alone; its choices have a
# likelihood, its deal none (no throws)
"$ff" simulate --game sequence --seed 3 >"$tmp/sq.fgn"
"$ff" fit --format json --top 0 "$tmp/sq.fgn" >"$tmp/sq.json"
grep -q '"fits":1,' "$tmp/sq.json" && grep -q '"rank":1,"ruleset":"sequence/standard","rules":"standard","options":"","header":true,"fit":true' "$tmp/sq.json" &&
	grep -q '"throws":0,' "$tmp/sq.json"
check "sequence: its own ruleset the one fit" $?

# the perfect model: games of the perfect agent are likelier under it than
# under the random model, game by game; a fit of another ruleset has no
# figure, and says why
"$ff" solve -g fivelines -r schaedler -o "$tmp/sch.sol" >/dev/null
"$ff" simulate --game fivelines --rules schaedler --agents perfect --solution "$tmp/sch.sol" \
	--games 3 --seed 9 | sed '/^\[Seed /d' >"$tmp/p.fgn"
"$ff" fit --format csv --top 0 --model perfect --solution "$tmp/sch.sol" "$tmp/p.fgn" >"$tmp/p.csv"
"$ff" fit --format csv --top 0 "$tmp/p.fgn" >"$tmp/r.csv"
own() { grep '^"[^"]*",[0-9]*,[0-9]*,"fivelines/schaedler",' "$1" | awk -F, '{ print $2, $15 }'; }
own "$tmp/p.csv" >"$tmp/p.own"
own "$tmp/r.csv" >"$tmp/r.own"
join "$tmp/p.own" "$tmp/r.own" | awk '$2 != "" && $2 + 0 > $3 + 0 { n++ } END { exit n != 3 }' &&
	grep -q '"fivelines/schaedler:nonexact",.*,perfect,"no solution of this ruleset (--solution holds another.s)"$' "$tmp/p.csv"
check "perfect model: the perfect agent's games likelier than under random" $?
# without --solution each fit is solved here: the same figure for the
# record's ruleset as from the solution file, one for the others
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR == 3 || NR == 4' "$tmp/p.fgn" >"$tmp/p2.fgn"
"$ff" fit --format csv --top 0 --model perfect "$tmp/p2.fgn" 2>/dev/null >"$tmp/p2.csv"
a=$(grep '^"[^"]*",1,[0-9]*,"fivelines/schaedler",' "$tmp/p2.csv" | cut -d, -f15)
b=$(grep '^"[^"]*",2,[0-9]*,"fivelines/schaedler",' "$tmp/p.csv" | cut -d, -f15)
[ -n "$a" ] && [ "$a" = "$b" ] && ! grep ',1,[0-9]*,,,' "$tmp/p2.csv" | grep -q ',perfect,"[^"]'
check "perfect model: fits solved in-process ($a, from the file $b)" $?

echo "fit: $pass passed, $fail failed"
[ "$fail" = 0 ]
