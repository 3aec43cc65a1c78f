#!/bin/sh
# CLI tests: run `fivefold` on the cases in tests/cli/cases and compare exit
# code, stdout and stderr byte for byte with the stored expectations; then
# check properties that need two runs (thread independence, round trips).
#
#     sh tests/cli.sh [--regen] [PATTERN...]
#
# With PATTERNs (shell globs on the case names, e.g. 'validate-*') only the
# matching cases run and the two-run checks are left out. `--regen`
# rewrites the expectations of the cases it runs (review the diff!).
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
dir=$srcdir/tests/cli
regen=
pats=
for a in "$@"; do
	case $a in --regen) regen=--regen ;; *) pats="$pats $a" ;; esac
done
chosen() { # name: whether a PATTERN matches it (every name without one)
	[ -z "$pats" ] && return 0
	set -f
	for p in $pats; do
		set +f
		case $1 in $p) return 0 ;; esac
	done
	set +f
	return 1
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

check() { # name, condition-result
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

while read -r name args; do
	case $name in ''|'#'*) continue ;; esac
	chosen "$name" || continue
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
if [ -n "$pats" ]; then
	[ $((pass + fail)) -gt 0 ] || { echo "cli: no case matches$pats"; exit 1; }
	echo "cli: $pass passed, $fail failed (cases matching$pats)"
	[ "$fail" = 0 ]
	exit
fi

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

# validate --rules: records of one preset relabelled as another are valid
# under --rules with their true preset, at 1 and 2 threads alike, and the
# verdicts name it; under their header's preset they are not
"$ff" simulate --game fivelines --rules locusludi-knockoff --games 40 --seed 3 |
	sed 's/^\[Rules "locusludi-knockoff"\]/[Rules "schaedler"]/' >"$tmp/relabel.fgn"
"$ff" validate -q "$tmp/relabel.fgn" >/dev/null 2>&1
[ $? = 1 ]; check "relabelled records are not valid under their header's rules" $?
"$ff" validate --rules locusludi-knockoff --threads 1 "$tmp/relabel.fgn" >"$tmp/r1" 2>&1 &&
	"$ff" validate --rules locusludi-knockoff --threads 2 "$tmp/relabel.fgn" >"$tmp/r2" 2>&1 &&
	cmp -s "$tmp/r1" "$tmp/r2" && [ "$(grep -c 'valid (fivelines/locusludi-knockoff,' "$tmp/r1")" = 40 ]
check "validate --rules: the true preset, 40 valid, the same with 2 threads" $?

# convert writes the same bytes and messages whatever --threads is, with
# valid, illegal, malformed and unreadable games mixed among many
"$ff" simulate --game fivelines --rules kidd --games 200 --seed 5 >"$tmp/mix.fgn"
cat "$dir/illegal.fgn" "$dir/syntax.fgn" "$dir/badroll.fgn" >>"$tmp/mix.fgn"
"$ff" simulate --game fivelines --games 100 --seed 9 >>"$tmp/mix.fgn"
printf '[Game "fivelines"]\n[Result "1-0"]\n\n1. 3:x-3 "unterminated\n' >>"$tmp/mix.fgn"
for to in fgn jsonl csv csvply ludii; do
	for plies in long short; do
		"$ff" convert --to $to --plies $plies --threads 1 "$tmp/mix.fgn" >"$tmp/c1" 2>"$tmp/e1"
		r1=$?
		"$ff" convert --to $to --plies $plies --threads 2 "$tmp/mix.fgn" >"$tmp/c2" 2>"$tmp/e2"
		r2=$?
		cmp -s "$tmp/c1" "$tmp/c2" && cmp -s "$tmp/e1" "$tmp/e2" && [ $r1 = 1 ] && [ $r2 = 1 ] &&
			grep -q "; 4 not valid" "$tmp/e1"
		check "threads-independent convert (to $to, $plies)" $?
	done
done

# the formats a game of any kind round-trips through: every format of
# the formats table (fivefold help) but FGN that takes a Fiveplay game (a
# format tied to one game, as Ludii's trials are, does not), so a new
# format is checked without an edit here
"$ff" simulate --game fiveplay --games 1 --seed 1 >"$tmp/any.fgn"
anyfmts=
for f in $("$ff" help | sed -n '/^formats:/,/^$/s/^  \([a-z]*\) .*/\1/p'); do
	[ "$f" = fgn ] && continue
	"$ff" convert -q --to "$f" "$tmp/any.fgn" >/dev/null 2>&1 && anyfmts="$anyfmts $f"
done
case "$anyfmts " in *" jsonl "*" csv "*|*" csv "*" jsonl "*) ok=0 ;; *) ok=1 ;; esac
check "the formats for any game are found in fivefold help (got '$anyfmts')" $ok

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
	for f in $anyfmts; do
		"$ff" convert -q --to $f "$tmp/t1" | "$ff" convert -q --from $f >"$tmp/r2.fgn"
		cmp -s "$tmp/t1" "$tmp/r2.fgn"; check "fgn -> $f -> fgn (pegsjokers $arm)" $?
	done
	"$ff" convert -q --plies short "$tmp/t1" | "$ff" convert -q >"$tmp/s2.fgn"
	cmp -s "$tmp/t1" "$tmp/s2.fgn"; check "long -> short -> long (pegsjokers $arm)" $?
done

# mcts: the same seed and budget give the same bytes with 1 and 2
# threads, in every game (card games with their hidden hands too), and
# the Seat tags say which agent with which options played: every option,
# the engine's defaults included (mcts:iterations=25 is written out in
# full), so that the Seat tags given back as --agents play the same games
a="mcts:iterations=40;playout=greedy" b="mcts:iterations=25"
for game in "fiveplay" "fivelines --rules kidd" "sequence" "pegsjokers"; do
	agents="$a,$b"
	[ "$game" = pegsjokers ] && agents="$a,$b,$a,$b"
	for t in 1 2; do
		"$ff" simulate --game $game --agents "$agents" --games 4 --seed 9 --max-plies 400 \
			--threads $t >"$tmp/m$t" 2>&1
	done
	s1=$(sed -n 's/^\[Seat1 "\(.*\)"\]$/\1/p' "$tmp/m1" | head -1)
	s2=$(sed -n 's/^\[Seat2 "\(.*\)"\]$/\1/p' "$tmp/m1" | head -1)
	agents="$s1,$s2"
	[ "$game" = pegsjokers ] && agents="$s1,$s2,$s1,$s2"
	"$ff" simulate --game $game --agents "$agents" --games 4 --seed 9 --max-plies 400 >"$tmp/m3" 2>&1
	cmp -s "$tmp/m1" "$tmp/m2" && cmp -s "$tmp/m1" "$tmp/m3" &&
		case $s1 in mcts:iterations=40\;c=*playout=greedy*) true ;; *) false ;; esac &&
		case $s2 in mcts:iterations=25\;c=0.7\;z=*\;width=*\;playout=*\;prior=*) true ;; *) false ;; esac &&
		[ "$(grep -c '^\[Result' "$tmp/m1")" = 4 ]
	check "mcts: the same bytes with 1 and 2 threads, and from the Seat tags ($game)" $?
done

# solve: positions, sweeps and P(first player wins), a probability
"$ff" solve --game fivelines --rules locusludi-race --options skip-last >"$tmp/solve" 2>&1
[ $? = 0 ] && grep -Eq '^fivelines/locusludi-race:skip-last: [0-9]+ positions, [0-9]+ successors, [0-9]+ sweeps' "$tmp/solve" &&
	grep -Eq '^P\(first player wins\) with perfect play: 0\.[0-9]{10} \(seat 1 moves first' "$tmp/solve"
check "solve prints the positions and P(first player wins)" $?
"$ff" solve --game fivelines --rules locusludi-race --options skip-last=strict -o "$tmp/race.sol" >"$tmp/solve" 2>&1 &&
	n=$(sed -n 's/^[^ ]* \([0-9]*\) positions.*/\1/p' "$tmp/solve") &&
	[ "$(head -c 9 "$tmp/race.sol")" = FFSOLVE2 ] &&
	[ "$(wc -c <"$tmp/race.sol")" = $((9 + 42 + 16 + n * (27 + 8) + 4)) ]
check "solve -o writes the solution file docs/solve.md describes" $?

# the perfect agent (Schaedler's solution): it beats greedy and random
# over 10,000 games each (5,000 in each seat), the Wilson 95% interval of
# its share of the wins above one half; and in self-play the 99% interval
# of the first player's rate over 10,000 games holds the solved value
wilson() { # wins games z: the interval's lower and upper ends
	awk -v k="$1" -v n="$2" -v z="$3" 'BEGIN { p = k / n; d = 1 + z * z / n;
		c = (p + z * z / (2 * n)) / d; h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
		printf "%.6f %.6f\n", c - h, c + h }'
}
"$ff" solve --game fivelines --rules schaedler -o "$tmp/sch.sol" >"$tmp/solve" 2>&1
v=$(sed -n 's/^P(first player wins) with perfect play: \([0-9.]*\).*/\1/p' "$tmp/solve")
wins() { # agents seat: the games seat (1 or 2) wins of 5,000
	"$ff" simulate --game fivelines --agents "$1" --solution "$tmp/sch.sol" --games 5000 --seed 1 |
		grep -c "^\[Result \"$([ "$2" = 1 ] && echo 1-0 || echo 0-1)\"\]"
}
for other in greedy random; do
	k=$(( $(wins "perfect,$other" 1) + $(wins "$other,perfect" 2) ))
	set -- $(wilson "$k" 10000 1.96)
	awk -v lo="$1" 'BEGIN { exit !(lo > 0.5) }'
	check "perfect beats $other: $k of 10,000 games, 95% interval [$1, $2]" $?
done
"$ff" simulate --game fivelines --agents perfect --solution "$tmp/sch.sol" --games 10000 --seed 101 >"$tmp/pp.fgn"
k=$(grep -c '^\[Result "1-0"\]' "$tmp/pp.fgn")
set -- $(wilson "$k" 10000 2.576)
[ -n "$v" ] && awk -v lo="$1" -v hi="$2" -v v="$v" 'BEGIN { exit !(lo <= v && v <= hi) }'
check "perfect self-play: first player $k of 10,000, 99% interval [$1, $2] holds $v" $?
"$ff" simulate --game fivelines --agents perfect --games 1 >/dev/null 2>"$tmp/e"
[ $? = 2 ] && grep -q 'needs --solution FILE' "$tmp/e"; check "perfect without --solution: usage error" $?
"$ff" simulate --game fivelines --rules kidd --agents perfect --solution "$tmp/sch.sol" --games 1 >/dev/null 2>"$tmp/e"
[ $? = 2 ] && grep -q "the solution is of 'fivelines/schaedler', not 'fivelines/kidd'" "$tmp/e"
check "perfect with another ruleset's solution: refused" $?

# analyse: a side that always plays the solver's best ply (perfect, seat 1)
# has zero error in every game; its opponent (greedy) errs in some; and a
# game's value moves from the start's to its result exactly by the
# seats' luck less their error (seat 1's minus seat 2's)
"$ff" simulate --game fivelines --agents perfect,greedy --solution "$tmp/sch.sol" --games 300 \
	--seed 5 >"$tmp/pg.fgn"
"$ff" analyse --solution "$tmp/sch.sol" --format csv "$tmp/pg.fgn" >"$tmp/an.csv"
[ $? = 0 ] && awk -F, '$3 == "seat" && $5 == 1 { n1++; if ($12 != 0) bad++ }
	$3 == "seat" && $5 == 2 && $12 > 0 { erred++ }
	END { exit !(n1 == 300 && !bad && erred > 0) }' "$tmp/an.csv"
check "analyse: perfect play has zero error, in all 300 games" $?
"$ff" analyse --solution "$tmp/sch.sol" --format json -q "$tmp/pg.fgn" |
	sed -n 's/.*"result":"\([^"]*\)",.*"start":\([0-9.]*\).*"seats":\[{[^}]*"error":\([0-9.]*\),[^}]*"luck":\([-0-9.]*\)},{[^}]*"error":\([0-9.]*\),[^}]*"luck":\([-0-9.]*\)}.*/\1 \2 \3 \4 \5 \6/p' |
	awk '{ w = $1 == "1-0" ? 1 : $1 == "0-1" ? 0 : 0.5; d = w - $2 - ($4 - $3) + ($6 - $5);
		if (d > 1e-8 || d < -1e-8) bad++; n++ } END { exit !(n == 300 && !bad) }'
check "analyse: result - start = (luck - error) of seat 1 - that of seat 2, every game" $?
"$ff" simulate --game fivelines --rules kidd --games 1 --seed 3 >"$tmp/kidd.fgn"
"$ff" analyse --solution "$tmp/sch.sol" "$tmp/kidd.fgn" >/dev/null 2>"$tmp/e"
[ $? = 1 ] && grep -q "the solution is of 'fivelines/schaedler', not 'fivelines/kidd' \[unsolved\]" "$tmp/e"
check "analyse with another ruleset's solution: the game is not analysed, exit 1" $?
# --solution that is no regular file: a FIFO is refused at once, not
# waited on for ever (timeout gives up after 20 s: exit 124), and a
# directory is called a directory (issue 33)
mkfifo "$tmp/fifo"
timeout 20 "$ff" analyse --solution "$tmp/fifo" "$tmp/pg.fgn" >/dev/null 2>"$tmp/e"
[ $? = 1 ] && grep -q "'$tmp/fifo' is a FIFO (named pipe), not a solution file" "$tmp/e"
check "analyse --solution FIFO: refused at once, exit 1" $?
timeout 20 "$ff" simulate --game fivelines --agents perfect --solution "$tmp/fifo" --games 1 \
	>/dev/null 2>"$tmp/e"
[ $? = 1 ] && grep -q "'$tmp/fifo' is a FIFO (named pipe), not a solution file \[io\]" "$tmp/e"
check "simulate --solution FIFO: refused at once, exit 1" $?
mkdir "$tmp/sol.d"
"$ff" analyse --solution "$tmp/sol.d" "$tmp/pg.fgn" >/dev/null 2>"$tmp/e"
[ $? = 1 ] && grep -q "'$tmp/sol.d' is a directory, not a solution file" "$tmp/e"
check "analyse --solution DIRECTORY: called a directory, exit 1" $?
"$ff" simulate --game fivelines --agents perfect --solution "$tmp/sol.d" --games 1 >/dev/null 2>"$tmp/e"
[ $? = 1 ] && grep -q "'$tmp/sol.d' is a directory, not a solution file \[io\]" "$tmp/e"
check "simulate --solution DIRECTORY: called a directory, exit 1" $?

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
# the Ludii writer has the engine read the plies: a game in short form
# gives the trial of its long form; a ply the engine cannot read is not
# written (it was read out of bounds before)
"$ff" convert -q --plies short "$dir/ludii.fgn" | "$ff" convert -q --no-validate --to ludii |
	cmp -s - "$dir/fgn_to_ludii.out"
check "ludii: a game in short form writes the trial of its long form" $?
printf '[Game "fivelines"]\n[Rules "locusludi-race"]\n\n4:x-3 4:a-7 *\n' |
	"$ff" convert --no-validate --to ludii >"$tmp/l.trial" 2>"$tmp/l.err"
[ $? = 1 ] && [ ! -s "$tmp/l.trial" ] && grep -q 'game 1 cannot be written as ludii' "$tmp/l.err"
check "ludii: a ply the engine cannot read is not written" $?

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

# JSON output is well-formed (tests/json_check: one JSON value, or -l JSON
# Lines of objects)
jc=$(cd "$top_builddir" && pwd)/tests/json_check
"$ff" rules --format json | "$jc"; check "rules --format json: one JSON document" $?
"$ff" rules --format json | grep -c '^{"name":"' | grep -qx 4; check "rules --format json: four games" $?
# every case that writes JSON (its output was compared with its .out
# above): JSON Lines of objects, or one document for rules
while read -r name args; do
	case " $args " in *" --format json "*|*" -f json "*) ;; *) continue ;; esac
	[ -s "$dir/$name.out" ] || continue
	case $name in rules_json) "$jc" <"$dir/$name.out" ;; *) "$jc" -l <"$dir/$name.out" ;; esac
	check "case $name: well-formed JSON" $?
done <"$dir/cases"

# show --all --format json: a JSON object a line, one per position (the
# start and every ply), for a game of every engine and preset
for gr in fiveplay/standard fivelines/schaedler fivelines/kidd fivelines/locusludi-race \
	fivelines/locusludi-knockoff sequence/standard pegsjokers/liftbridge pegsjokers/pagat; do
	"$ff" simulate --game "${gr%/*}" --rules "${gr#*/}" --games 1 --seed 3 --agents greedy \
		--max-plies 400 >"$tmp/pos.fgn"
	n=$("$ff" validate --format json "$tmp/pos.fgn" | sed -n 's/.*"plies":\([0-9]*\).*/\1/p' | head -n 1)
	"$ff" show --all --format json "$tmp/pos.fgn" >"$tmp/pos.json" && "$jc" -l <"$tmp/pos.json" &&
		[ "$(wc -l <"$tmp/pos.json")" -eq $((n + 1)) ] &&
		grep -q "^{\"game\":1,\"ruleset\":\"$gr\",.*\"ply\":0,\"last\":\[\]," "$tmp/pos.json"
	check "show --all --format json: a JSON object per position ($gr)" $?
done

# import --format json: a line per quarantined game (its index in the
# input, file, position, code, message), then the counts; a second import
# finds them in quarantine already
(cd "$dir" && "$ff" import --db "$tmp/imp.db" --format json good.fgn illegal.fgn syntax.fgn \
	good.fgn >"$tmp/imp.json" 2>"$tmp/imp.err"; echo $? >"$tmp/imp.rc")
[ "$(cat "$tmp/imp.rc")" = 1 ] && [ ! -s "$tmp/imp.err" ] && "$jc" -l <"$tmp/imp.json" &&
	[ "$(wc -l <"$tmp/imp.json")" = 3 ] &&
	grep -q '^{"index":2,"file":"illegal.fgn","game":1,"verdict":"illegal","line":8,"col":23,"ply":5,"seat":1,"code":"illegal-move","message":"illegal ply .1:3-4.: point 4 is occupied","already_quarantined":false}$' "$tmp/imp.json" &&
	grep -q '^{"index":3,"file":"syntax.fgn","game":1,"verdict":"malformed",.*"code":"syntax",' "$tmp/imp.json" &&
	tail -n 1 "$tmp/imp.json" | grep -qx '{"summary":{"read":4,"stored":1,"duplicates":1,"quarantined":2,"already_quarantined":0,"failed_files":0}}'
check "import --format json: quarantined games and counts" $?
(cd "$dir" && "$ff" import --db "$tmp/imp.db" -f json illegal.fgn missing.fgn >"$tmp/imp.json" 2>"$tmp/imp.err")
[ $? = 1 ] && [ ! -s "$tmp/imp.err" ] && "$jc" -l <"$tmp/imp.json" &&
	grep -q '"index":1,"file":"illegal.fgn",.*"already_quarantined":true}$' "$tmp/imp.json" &&
	grep -q '^{"index":0,"file":"missing.fgn","game":0,"verdict":"failed",.*"code":"io",' "$tmp/imp.json" &&
	tail -n 1 "$tmp/imp.json" | grep -qx '{"summary":{"read":1,"stored":0,"duplicates":0,"quarantined":1,"already_quarantined":1,"failed_files":1}}'
check "import --format json: again in quarantine; a file not read" $?
(cd "$dir" && "$ff" import --db "$tmp/imp.db" -f json -q illegal.fgn good.fgn >"$tmp/imp.json")
[ "$(cat "$tmp/imp.json")" = '{"summary":{"read":2,"stored":0,"duplicates":1,"quarantined":1,"already_quarantined":1,"failed_files":0}}' ]
check "import --format json --quiet: the counts alone" $?

# golden files: FGN <-> JSON Lines, byte for byte, both directions
for g in "$srcdir"/tests/golden/fgn/*.expected; do
	b=$(basename "$g" .expected)
	"$ff" convert -q --no-validate --to jsonl "$g" >"$tmp/g.jsonl"
	cmp -s "$tmp/g.jsonl" "$srcdir/tests/golden/jsonl/$b.jsonl"; check "golden fgn -> jsonl ($b)" $?
	"$ff" convert -q --no-validate --from jsonl "$srcdir/tests/golden/jsonl/$b.jsonl" >"$tmp/g.fgn"
	cmp -s "$tmp/g.fgn" "$g"; check "golden jsonl -> fgn ($b)" $?
done

# CSV wants a first pass over its input: standard input, alone or among
# files, is read for both passes (games not lost) and keeps its name in
# diagnostics; the same bytes as the files concatenated
for t in 1 2; do
	cat "$dir/good.fgn" "$dir/illegal.fgn" "$dir/sequence.fgn" >"$tmp/cat.fgn"
	"$ff" convert --to csv --threads $t "$tmp/cat.fgn" >"$tmp/s.ref" 2>/dev/null
	"$ff" convert --to csv --threads $t "$dir/good.fgn" - "$dir/sequence.fgn" <"$dir/illegal.fgn" \
		>"$tmp/s.out" 2>"$tmp/s.err"
	cmp -s "$tmp/s.ref" "$tmp/s.out"; check "convert --to csv with standard input among files (threads $t)" $?
	grep -q '^<stdin>:[0-9]*:[0-9]*: error: ' "$tmp/s.err"; check "convert --to csv names standard input <stdin> (threads $t)" $?
	! grep -q spool "$tmp/s.err"; check "convert --to csv does not name its spool (threads $t)" $?
done

# golden files: FGN <-> both CSV shapes, byte for byte, both directions;
# written through the engine (as convert does by default), so a valid
# game's row has every derived column, an invalid one's those its tags
# give (@ruleset, @seats)
for g in "$srcdir"/tests/golden/fgn/*.expected; do
	b=$(basename "$g" .expected)
	for shape in csv:csv csvply:plies.csv; do
		"$ff" convert -q --to "${shape%%:*}" "$g" >"$tmp/g.out" 2>/dev/null
		cmp -s "$tmp/g.out" "$srcdir/tests/golden/csv/$b.${shape#*:}"; check "golden fgn -> ${shape%%:*} ($b)" $?
		"$ff" convert -q --no-validate --from "${shape%%:*}" "$srcdir/tests/golden/csv/$b.${shape#*:}" >"$tmp/g.fgn"
		cmp -s "$tmp/g.fgn" "$g"; check "golden ${shape%%:*} -> fgn ($b)" $?
	done
done

# simulated games of every preset: FGN -> JSON Lines -> FGN is the identity
for gr in fivelines:schaedler fivelines:kidd fivelines:locusludi-race fivelines:locusludi-knockoff \
	  fiveplay:standard; do
	"$ff" simulate --game "${gr%%:*}" --rules "${gr#*:}" --games 300 --seed 8 --agents greedy >"$tmp/r1.fgn"
	for f in $anyfmts; do
		"$ff" convert -q --to $f "$tmp/r1.fgn" | "$ff" convert -q --from $f >"$tmp/r2.fgn"
		cmp -s "$tmp/r1.fgn" "$tmp/r2.fgn"; check "fgn -> $f -> fgn ($gr)" $?
	done
done
for seats in 2 3 4 12; do
	"$ff" simulate --game sequence --seats $seats --games 200 --seed 8 --agents greedy >"$tmp/r1.fgn"
	for f in $anyfmts; do
		"$ff" convert -q --to $f "$tmp/r1.fgn" | "$ff" convert -q --from $f >"$tmp/r2.fgn"
		cmp -s "$tmp/r1.fgn" "$tmp/r2.fgn"; check "fgn -> $f -> fgn (sequence, $seats seats)" $?
	done
done

# the spreadsheet guard: cells that would start a formula, through CSV and
# back, exactly; and with --raw-csv in both directions
"$ff" convert -q --to csv "$dir/formula.fgn" | "$ff" convert -q --from csv >"$tmp/f1.fgn"
cmp -s "$tmp/f1.fgn" "$dir/formula.fgn"; check "csv guard: fgn -> csv -> fgn" $?
"$ff" convert -q --to csvply "$dir/formula.fgn" | "$ff" convert -q --from csvply >"$tmp/f1.fgn"
cmp -s "$tmp/f1.fgn" "$dir/formula.fgn"; check "csv guard: fgn -> csvply -> fgn" $?
"$ff" convert -q --raw-csv --to csv "$dir/formula.fgn" | "$ff" convert -q --raw-csv --from csv >"$tmp/f1.fgn"
cmp -s "$tmp/f1.fgn" "$dir/formula.fgn"; check "csv guard: --raw-csv both ways" $?

# one option vocabulary: -o FILE is the output, -f the format, -g the
# game, in simulate as in convert; the format follows -o's extension
"$ff" simulate -g fivelines --options skip-last -n 2 -s 3 -o "$tmp/o.jsonl"
"$ff" simulate --game fivelines --options skip-last --games 2 --seed 3 --format jsonl >"$tmp/o2.jsonl"
cmp -s "$tmp/o.jsonl" "$tmp/o2.jsonl"; check "simulate -o X.jsonl writes JSON Lines, as --format jsonl" $?
"$ff" convert -q -o "$tmp/o.csv" "$dir/good.fgn" && head -1 "$tmp/o.csv" | grep -q '@order'
check "convert -o X.csv writes CSV" $?
"$ff" convert -q -f jsonl "$dir/good.fgn" | cmp -s - "$dir/fgn_to_jsonl.out"; check "convert -f is --to" $?

# an input's format from its first bytes when neither --from nor its
# extension says: on standard input too
for f in $anyfmts; do
	"$ff" convert -q -f $f "$dir/good.fgn" | "$ff" validate -q >"$tmp/s.out" 2>&1
	grep -qx 'summary: 1 game, 1 valid, 0 illegal, 0 malformed, 30 plies' "$tmp/s.out"
	check "the format of standard input from its first bytes ($f)" $?
done
"$ff" convert -q -f jsonl "$dir/good.fgn" >"$tmp/games.txt"
"$ff" validate -q "$tmp/games.txt" | grep -q ', 1 valid,'; check "the format of a .txt file from its first bytes" $?
# a format's signature beats another's sign: a JSON line that names
# @movetext (a per-game CSV header's column) is JSON Lines
printf '{"tags":[["Game","fivelines"],["Event","@movetext"]],"plies":[],"result":"*"}\n' |
	"$ff" validate -q 2>&1 | grep -q ', 1 valid,'
check "a JSON line naming @movetext is JSON Lines" $?
# a CSV made by hand, its movetext column named movetext, on standard
# input: CSV by its first line
printf 'Game,Seat1,Seat2,movetext\r\nfivelines,Ann,Ben,2:0-2 4:8-2 2:- 1:6-7 *\r\n' |
	"$ff" validate -q 2>&1 | grep -qx 'summary: 1 game, 1 valid, 0 illegal, 0 malformed, 4 plies'
check "a hand-made CSV (a movetext column) on standard input is CSV" $?

# a progress line on a terminal only (script(1) gives the command one)
if command -v script >/dev/null 2>&1; then
	script -qfc "'$ff' simulate -g fivelines -n 3000 -o '$tmp/p.fgn'" /dev/null | tr '\r' '\n' >"$tmp/p.out"
	grep -q '^3000 games, [0-9]* games/s, 100.0% of 3000$' "$tmp/p.out"; check "progress on a terminal (simulate)" $?
	script -qfc "'$ff' validate -q '$tmp/p.fgn'" /dev/null | tr '\r' '\n' >"$tmp/p.out"
	grep -q '^3000 games, [0-9]* games/s, 100.0% of ' "$tmp/p.out"; check "progress on a terminal (validate -q)" $?
fi
"$ff" simulate -g fivelines -n 3000 -o "$tmp/p.fgn" 2>"$tmp/p.err"
[ ! -s "$tmp/p.err" ]; check "no progress line when standard error is not a terminal" $?

# too-long in every reader (inputs made here: they are large), and the
# reader goes on or stops as docs/formats.md says
expect_diag() { # name, file, code, what validate's stderr must hold
	"$ff" validate ${4:-} "$2" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc = 1 ] && grep -q "\[$3\]\$" "$tmp/err"; check "$1" $?
}
awk 'BEGIN { printf "[Game \"fivelines\"]\n\n1:x-1 "; for (i = 0; i < 70000; i++) printf "x"; print " *" }' >"$tmp/long.fgn"
expect_diag "too-long: fgn ply token" "$tmp/long.fgn" too-long
awk 'BEGIN { printf "{\"tags\":[[\"Game\",\"fivelines\"]],\"plies\":[{\"ply\":\""; for (i = 0; i < 70000; i++) printf "x"; print "\"}],\"result\":\"*\"}" }' >"$tmp/long.jsonl"
expect_diag "too-long: jsonl ply token" "$tmp/long.jsonl" too-long
awk 'BEGIN { print "Game,@order,@movetext,@result"; printf "fivelines,Game,"; for (i = 0; i < 70000; i++) printf "x"; print ",*" }' >"$tmp/long.csv"
expect_diag "too-long: csv ply token" "$tmp/long.csv" too-long
grep -q '^long.csv:2:3: ' "$tmp/err" || sed -n 1p "$tmp/err" | grep -q ':2:3: '; check "too-long: csv at record 2, field 3" $?
{ cat "$srcdir/tests/ludii/race-trial0.txt"; head -c 68000000 /dev/zero | tr '\0' 'x'; } >"$tmp/long.trial"
expect_diag "too-long: ludii trial over 64 MiB" "$tmp/long.trial" too-long --from=ludii
{ printf '[Game "fivelines"]\n\n{'; head -c 270000000 /dev/zero | tr '\0' 'x'; printf '}\n*\n'; } >"$tmp/huge.fgn"
expect_diag "too-long: fgn game over 256 MiB" "$tmp/huge.fgn" too-long
rm -f "$tmp/huge.fgn" "$tmp/long.trial"
{ awk 'BEGIN { printf "{\"tags\":[[\"Game\",\"fivelines\"]],\"x\":\""; for (i = 0; i < 2700; i++) printf "%100000s", "" ; print "\",\"plies\":[],\"result\":\"*\"}" }'
  echo '{"tags":[["Game","fivelines"]],"plies":[],"result":"*"}'; } >"$tmp/huge.jsonl"
"$ff" validate "$tmp/huge.jsonl" >"$tmp/out" 2>"$tmp/err"
grep -q "game 1: malformed \[too-long\]" "$tmp/out" && grep -q "game 2: valid" "$tmp/out"
check "too-long: a jsonl line over 256 MiB is skipped and reading goes on" $?
rm -f "$tmp/huge.jsonl"

# no-memory, where the address space can be limited (not under ASan, which
# needs a large one): a game bigger than the memory allowed
if command -v prlimit >/dev/null 2>&1 && ! nm "$ff" 2>/dev/null | grep -q __asan_init; then
	{ printf '[Game "fivelines"]\n\n{'; head -c 200000000 /dev/zero | tr '\0' 'x'; printf '}\n*\n'; } >"$tmp/big.fgn"
	prlimit --as=$((160 << 20)) "$ff" validate "$tmp/big.fgn" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc = 1 ] && grep -q "^$tmp/big.fgn:1:1: error: game 1: out of memory: .*\[no-memory\]\$" "$tmp/err"
	check "no-memory: a game larger than the memory allowed, at the game with its code" $?
	rm -f "$tmp/big.fgn"
fi

# every code docs/diagnostics.md lists (but a reserved one) has a case:
# in a stored expectation, or among the checks above (too-long, no-memory)
# and in tests/store.sh (hash-collision)
for code in $(sed -n 's/^| `\([a-z-]*\)` | [^|]* | \(.*\)/\1 \2/p' "$srcdir/docs/diagnostics.md" |
	grep -v '^[a-z-]* reserved' | cut -d' ' -f1); do
	case $code in
	too-long|no-memory) grep -q "^check \"$code: \|check \"$code: " "$0" ;;
	hash-collision) grep -q "hash-collision" "$srcdir/tests/store.sh" ;;
	*) cat "$dir"/*.out "$dir"/*.err | grep -q -e "\[$code\]" -e "\"code\":\"$code\"" ;;
	esac
	check "docs/diagnostics.md's code '$code' has a CLI case" $?
done

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
