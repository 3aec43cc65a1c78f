#!/bin/sh
# CLI tests: run `fivefold` on the cases in tests/cli/cases and compare exit
# code, stdout and stderr byte for byte with the stored expectations; then
# check properties that need two runs (thread independence, round trips).
# `tests/cli.sh --regen` rewrites the expectations (review the diff!).
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
dir=$srcdir/tests/cli
regen=${1:-}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

check() { # name, condition-result
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

while read -r name args; do
	case $name in ''|'#'*) continue ;; esac
	(cd "$dir" && eval "set -- $args" && "$ff" "$@" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc")
	if [ "$regen" = --regen ]; then
		cp "$tmp/out" "$dir/$name.out"; cp "$tmp/err" "$dir/$name.err"; cp "$tmp/rc" "$dir/$name.rc"
		continue
	fi
	ok=0
	for k in out err rc; do
		if ! cmp -s "$tmp/$k" "$dir/$name.$k"; then
			ok=1
			echo "--- $name: $k differs:"
			diff "$dir/$name.$k" "$tmp/$k" | head -20
		fi
	done
	check "$name" $ok
done <"$dir/cases"
[ "$regen" = --regen ] && { echo "regenerated"; exit 0; }

# simulate writes the same bytes whatever --threads is
for rules in schaedler kidd locusludi-race; do
	"$ff" simulate --game fivelines --rules "$rules" --games 300 --seed 77 --threads 1 --agents greedy >"$tmp/t1"
	"$ff" simulate --game fivelines --rules "$rules" --games 300 --seed 77 --threads 2 --agents greedy >"$tmp/t2"
	cmp -s "$tmp/t1" "$tmp/t2"; check "threads-independent simulate ($rules)" $?
	# and validate gives the same verdicts with 1 and 2 threads
	"$ff" validate --threads 1 "$tmp/t1" >"$tmp/v1" 2>&1
	"$ff" validate --threads 2 "$tmp/t1" >"$tmp/v2" 2>&1
	cmp -s "$tmp/v1" "$tmp/v2"; check "threads-independent validate ($rules)" $?
	grep -q '^summary: 300 games, 300 valid, 0 illegal, 0 malformed' "$tmp/v1"; check "simulated $rules games validate" $?
done

# Sequence: simulate is thread-independent at every seat count, and its
# games validate
for seats in 2 3 4 6 8 9 10 12; do
	"$ff" simulate --game sequence --seats $seats --games 100 --seed 21 --threads 1 --agents greedy >"$tmp/t1"
	"$ff" simulate --game sequence --seats $seats --games 100 --seed 21 --threads 2 --agents greedy >"$tmp/t2"
	cmp -s "$tmp/t1" "$tmp/t2"; check "threads-independent simulate (sequence, $seats seats)" $?
	"$ff" validate -q --threads 2 "$tmp/t1" >"$tmp/v1" 2>&1
	grep -q '^summary: 100 games, 100 valid, 0 illegal, 0 malformed' "$tmp/v1"
	check "simulated sequence games validate ($seats seats)" $?
done

# Pegs and Jokers: the same, for every preset and seat count and players=2
for arm in liftbridge:4 liftbridge:6 liftbridge:8 pagat:4 pagat:8 liftbridge:4:players=2; do
	set -- $(echo "$arm" | tr ':' ' ')
	"$ff" simulate --game pegsjokers --rules "$1" --seats "$2" --options "${3:-}" --games 40 --seed 21 --threads 1 --agents greedy >"$tmp/t1"
	"$ff" simulate --game pegsjokers --rules "$1" --seats "$2" --options "${3:-}" --games 40 --seed 21 --threads 2 --agents greedy >"$tmp/t2"
	cmp -s "$tmp/t1" "$tmp/t2"; check "threads-independent simulate (pegsjokers $arm)" $?
	"$ff" validate -q --threads 2 "$tmp/t1" >"$tmp/v1" 2>&1
	grep -q '^summary: 40 games, 40 valid, 0 illegal, 0 malformed' "$tmp/v1"
	check "simulated pegsjokers games validate ($arm)" $?
	for f in jsonl csv csvply; do
		"$ff" convert -q --to $f "$tmp/t1" | "$ff" convert -q --from $f >"$tmp/r2.fgn"
		cmp -s "$tmp/t1" "$tmp/r2.fgn"; check "fgn -> $f -> fgn (pegsjokers $arm)" $?
	done
	"$ff" convert -q --plies short "$tmp/t1" | "$ff" convert -q >"$tmp/s2.fgn"
	cmp -s "$tmp/t1" "$tmp/s2.fgn"; check "long -> short -> long (pegsjokers $arm)" $?
done

# simulate | validate from standard input, exit 0
"$ff" simulate --game fivelines --games 50 --seed 3 | "$ff" validate -q >"$tmp/p" 2>&1
check "simulate | validate exits 0" $?
grep -q '^summary: 50 games, 50 valid' "$tmp/p"; check "pipe summary" $?

# game i of a run can be replayed alone: --seed S+i --games 1 gives game i
"$ff" simulate --game fivelines --rules kidd --games 5 --seed 100 --agents greedy >"$tmp/five"
"$ff" simulate --game fivelines --rules kidd --games 1 --seed 103 --agents greedy >"$tmp/one"
awk 'BEGIN{RS="";ORS="\n\n"} NR==7||NR==8' "$tmp/five" >"$tmp/fourth"
cmp -s "$tmp/fourth" "$tmp/one"; check "game i carries Seed S+i" $?

# Ludii trials: trial -> FGN -> trial -> FGN gives the same FGN
for t in "$srcdir"/tests/ludii/*.txt; do
	"$ff" convert -q --from ludii "$t" >"$tmp/l1.fgn" 2>/dev/null
	"$ff" convert -q --to ludii "$tmp/l1.fgn" >"$tmp/l.trial" 2>/dev/null
	"$ff" convert -q --from ludii "$tmp/l.trial" >"$tmp/l2.fgn" 2>/dev/null
	[ -s "$tmp/l1.fgn" ] && cmp -s "$tmp/l1.fgn" "$tmp/l2.fgn"
	check "ludii round trip $(basename "$t")" $?
done

# FGN -> short plies -> FGN (long) gives the canonical bytes, every preset
for r in schaedler kidd locusludi-race locusludi-knockoff; do
	"$ff" simulate --game fivelines --rules "$r" --options nonexact --games 200 --seed 4 >"$tmp/s1.fgn"
	"$ff" convert -q --plies short "$tmp/s1.fgn" | "$ff" convert -q >"$tmp/s2.fgn"
	cmp -s "$tmp/s1.fgn" "$tmp/s2.fgn"; check "long -> short -> long ($r nonexact)" $?
done
"$ff" simulate --game fiveplay --games 200 --seed 4 >"$tmp/s1.fgn"
"$ff" convert -q --plies short "$tmp/s1.fgn" | "$ff" convert -q >"$tmp/s2.fgn"
cmp -s "$tmp/s1.fgn" "$tmp/s2.fgn"; check "long -> short -> long (fiveplay)" $?
"$ff" simulate --game sequence --seats 4 --games 200 --seed 4 >"$tmp/s1.fgn"
"$ff" convert -q --plies short "$tmp/s1.fgn" | "$ff" convert -q >"$tmp/s2.fgn"
cmp -s "$tmp/s1.fgn" "$tmp/s2.fgn"; check "long -> short -> long (sequence)" $?

# golden files: FGN <-> JSON Lines, byte for byte, both directions
for g in "$srcdir"/tests/golden/fgn/*.expected; do
	b=$(basename "$g" .expected)
	"$ff" convert -q --no-validate --to jsonl "$g" >"$tmp/g.jsonl"
	cmp -s "$tmp/g.jsonl" "$srcdir/tests/golden/jsonl/$b.jsonl"; check "golden fgn -> jsonl ($b)" $?
	"$ff" convert -q --no-validate --from jsonl "$srcdir/tests/golden/jsonl/$b.jsonl" >"$tmp/g.fgn"
	cmp -s "$tmp/g.fgn" "$g"; check "golden jsonl -> fgn ($b)" $?
done

# golden files: FGN <-> both CSV shapes, byte for byte, both directions
for g in "$srcdir"/tests/golden/fgn/*.expected; do
	b=$(basename "$g" .expected)
	for shape in csv:csv csvply:plies.csv; do
		"$ff" convert -q --no-validate --to "${shape%%:*}" "$g" >"$tmp/g.out"
		cmp -s "$tmp/g.out" "$srcdir/tests/golden/csv/$b.${shape#*:}"; check "golden fgn -> ${shape%%:*} ($b)" $?
		"$ff" convert -q --no-validate --from "${shape%%:*}" "$srcdir/tests/golden/csv/$b.${shape#*:}" >"$tmp/g.fgn"
		cmp -s "$tmp/g.fgn" "$g"; check "golden ${shape%%:*} -> fgn ($b)" $?
	done
done

# simulated games of every preset: FGN -> JSON Lines -> FGN is the identity
for gr in fivelines:schaedler fivelines:kidd fivelines:locusludi-race fivelines:locusludi-knockoff \
	  fiveplay:standard; do
	"$ff" simulate --game "${gr%%:*}" --rules "${gr#*:}" --games 300 --seed 8 --agents greedy >"$tmp/r1.fgn"
	for f in jsonl csv csvply; do
		"$ff" convert -q --to $f "$tmp/r1.fgn" | "$ff" convert -q --from $f >"$tmp/r2.fgn"
		cmp -s "$tmp/r1.fgn" "$tmp/r2.fgn"; check "fgn -> $f -> fgn ($gr)" $?
	done
done
for seats in 2 3 4 12; do
	"$ff" simulate --game sequence --seats $seats --games 200 --seed 8 --agents greedy >"$tmp/r1.fgn"
	for f in jsonl csv csvply; do
		"$ff" convert -q --to $f "$tmp/r1.fgn" | "$ff" convert -q --from $f >"$tmp/r2.fgn"
		cmp -s "$tmp/r1.fgn" "$tmp/r2.fgn"; check "fgn -> $f -> fgn (sequence, $seats seats)" $?
	done
done

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
