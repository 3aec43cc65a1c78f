#!/bin/sh
# make bench, search part (issue 14): the mcts agent.
#
# Throughput: MCTS iterations per second on one core, for each game:
# mcts against mcts (ITER iterations a decision, random playouts) over a
# few games, timed; the decisions are the plies that had more than one
# legal ply (validate --legal --format json counts them; a forced ply
# searches nothing). The yardstick is a JVM peer's random games per
# second on the same rules (TabletopGames about 1,200 Schaedler games/s,
# Ludii about 465 Locus Ludi race games/s on this machine type): the
# target is 10 times that, in iterations per second.
#
# Strength (issue 32): `mcts` as a user types it, with the options its
# engine gives it (fivefold rules; docs/agents.md), at each budget of
# BENCH_MCTS_BUDGETS (default "500 1000" iterations) against greedy,
# BENCH_MCTS_GAMES games (default 200) per game family and Five Lines
# preset, seats swapped for half of them (Pegs and Jokers: 4 seats, mcts
# on one team), with the Wilson 95% interval of mcts's share of the wins
# (a draw is half); the goal is an interval above 0.5. For the Five Lines
# presets the ceiling comes first: perfect play (from the preset's
# solution, solved here) against greedy over the same games, since
# against greedy no agent does better on average than perfect play.
# BENCH_MCTS_GAMES=0 leaves the strength part out; BENCH_MCTS_FAMILIES
# names the families played: by default the ones that fit in a few
# minutes, "pegsjokers schaedler locusludi-race locusludi-knockoff";
# "all" adds fiveplay, sequence and kidd, whose greedy playouts cost
# some 5 to 15 s of CPU a game (an hour or more for their 1,200 games);
# BENCH_MCTS_CEILING=0 leaves the perfect-play rows out (Kidd's solve
# takes 155 s of CPU and 550 MB).
# usage: bench/mcts.sh FIVEFOLD FFBENCH
set -eu
ff=$1
fb=$2
. "$(dirname "$0")/row.sh"
games=${BENCH_MCTS_GAMES:-200}
iter=${BENCH_MCTS_ITER:-200}

# the engines' defaults (greedy playouts, width, cut) left out: random
# playouts to the end, every ply searched
plain="playout=random;width=0;cut=none;z=0.5"
echo "mcts throughput: mcts:iterations=$iter;$plain against itself, one thread"
printf '%-28s %6s %10s %9s %12s %10s\n' game games decisions seconds "iterations/s" target
tput() { # label games target game-args...
	label=$1 n=$2 target=$3
	shift 3
	r=$("$fb" -o "$dir/t.fgn" -- "$ff" simulate "$@" --agents "mcts:iterations=$iter;$plain" --games "$n" \
		--seed 1)
	[ "$(field status "$r")" = 0 ] || { echo "simulate failed: $r"; exit 1; }
	w=$(field wall "$r")
	d=$("$ff" validate --legal --format json "$dir/t.fgn" | grep -c '"legal":\["[^"]*",' || true)
	ips=$(awk -v d="$d" -v i="$iter" -v w="$w" 'BEGIN { printf "%.0f", (w > 0 ? d * i / w : 0) }')
	printf '%-28s %6s %10s %9s %12s %10s\n' "$label" "$n" "$d" "$w" "$ips" "$target"
	row "mcts iterations/s, $label" 1 "$ips it/s" "-" "-" "$target"
}
tput "fivelines schaedler" 4 ">= 12,000" --game fivelines --rules schaedler
tput "fivelines locusludi-race" 10 ">= 4,650" --game fivelines --rules locusludi-race
tput "fivelines kidd" 2 "-" --game fivelines --rules kidd --max-plies 2000
tput "fiveplay" 10 "-" --game fiveplay
tput "sequence, 2 seats" 10 "-" --game sequence
tput "pegsjokers, 4 seats" 2 "-" --game pegsjokers --max-plies 2000

[ "$games" -gt 0 ] || exit 0
wilson() { # k n: the 95% interval
	awk -v k="$1" -v n="$2" 'BEGIN { z = 1.96; p = k / n; d = 1 + z * z / n;
		c = (p + z * z / (2 * n)) / d; h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
		printf "%.3f [%.3f, %.3f]", p, c - h, c + h }'
}
# the points the side of seat (1 or 2) scored in file: wins, and a half
# for each draw
points() {
	awk -v seat="$2" '/^\[Result / { r = $2; gsub(/[]"]/, "", r);
		if (r == "1/2-1/2") p += 0.5; else if ((r == "1-0") == (seat == 1) && r != "*") p += 1 }
		END { printf "%.1f", p }' "$1"
}
half=$((games / 2))
echo "mcts strength: the default mcts against greedy, $((2 * half)) games a row, seats swapped half the time"
printf '%-22s %-26s %8s %8s %s\n' game agent points seconds "share, 95% interval"
# play: label agent seats game-args...: agent against greedy, seats swapped
play() {
	label=$1 m=$2 seats=$3
	shift 3
	a="$m,greedy" b="greedy,$m"
	[ "$seats" = 4 ] && a="$m,greedy,$m,greedy" b="greedy,$m,greedy,$m"
	t0=$(date +%s)
	"$ff" simulate "$@" --agents "$a" --games "$half" --seed 1 --threads 2 >"$dir/a.fgn"
	"$ff" simulate "$@" --agents "$b" --games "$half" --seed 1 --threads 2 >"$dir/b.fgn"
	t=$(($(date +%s) - t0))
	p=$(awk -v a="$(points "$dir/a.fgn" 1)" -v b="$(points "$dir/b.fgn" 2)" 'BEGIN { print a + b }')
	s=$(wilson "$p" $((2 * half)))
	printf '%-22s %-26s %8s %8s %s\n' "$label" "$m" "$p" "$t" "$s"
	target="interval above 0.5"
	[ "$m" = perfect ] && target="- (the ceiling)"
	row "$m vs greedy, $label" 2 "$s" "-" "-" "$target"
}
# strength: label seats game-args...: the ceiling where there is one,
# then the default mcts at each budget
strength() {
	label=$1 seats=$2
	shift 2
	if [ "${BENCH_MCTS_CEILING:-1}" != 0 ] && [ "$1 $2" = "--game fivelines" ]; then
		"$ff" solve "$@" -o "$dir/p.sol" >/dev/null
		play "$label" perfect "$seats" "$@" --solution "$dir/p.sol"
		rm -f "$dir/p.sol"
	fi
	for it in ${BENCH_MCTS_BUDGETS:-500 1000}; do
		play "$label" "mcts:iterations=$it" "$seats" "$@"
	done
}
families=${BENCH_MCTS_FAMILIES:-pegsjokers schaedler locusludi-race locusludi-knockoff}
[ "$families" = all ] &&
	families="fiveplay sequence pegsjokers schaedler locusludi-race locusludi-knockoff kidd"
for f in $families; do
	case $f in
	fiveplay) strength fiveplay 2 --game fiveplay ;;
	sequence) strength "sequence, 2 seats" 2 --game sequence ;;
	pegsjokers) strength "pegsjokers, 4 seats" 4 --game pegsjokers --seats 4 ;;
	schaedler | kidd | locusludi-race | locusludi-knockoff)
		strength "fivelines $f" 2 --game fivelines --rules "$f" ;;
	*) echo "bench/mcts.sh: no family '$f'" >&2; exit 2 ;;
	esac
done
