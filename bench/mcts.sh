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
# Strength: mcts (1,000 iterations) against greedy, BENCH_MCTS_GAMES games
# per game family (default 1000), seats swapped for half of them, with
# the Wilson 95% interval of mcts's share of the wins (a draw is half).
# BENCH_MCTS_GAMES=0 leaves the strength part out; BENCH_MCTS_FAMILIES
# (default "fiveplay sequence kidd") names the families played.
# usage: bench/mcts.sh FIVEFOLD FFBENCH
set -eu
ff=$1
fb=$2
. "$(dirname "$0")/row.sh"
games=${BENCH_MCTS_GAMES:-1000}
iter=${BENCH_MCTS_ITER:-200}

echo "mcts throughput: mcts:iterations=$iter against itself, random playouts, one thread"
printf '%-28s %6s %10s %9s %12s %10s\n' game games decisions seconds "iterations/s" target
tput() { # label games target game-args...
	label=$1 n=$2 target=$3
	shift 3
	r=$("$fb" -o "$dir/t.fgn" -- "$ff" simulate "$@" --agents "mcts:iterations=$iter" --games "$n" \
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
# the points seat (1 or 2) scored in file: wins, and a half for each draw
points() {
	awk -v seat="$2" '/^\[Result / { r = $2; gsub(/[]"]/, "", r);
		if (r == "1/2-1/2") p += 0.5; else if ((r == "1-0") == (seat == 1) && r != "*") p += 1 }
		END { printf "%.1f", p }' "$1"
}
echo "mcts strength: mcts (1,000 iterations) against greedy, $games games, seats swapped half the time"
printf '%-22s %-34s %8s %s\n' game agent points "share, 95% interval"
strength() { # label options game-args...
	label=$1
	m="mcts:iterations=1000${2:+;$2}"
	shift 2
	half=$((games / 2))
	"$ff" simulate "$@" --agents "$m,greedy" --games "$half" --seed 1 --threads 2 >"$dir/a.fgn"
	"$ff" simulate "$@" --agents "greedy,$m" --games "$half" --seed 1 --threads 2 >"$dir/b.fgn"
	p=$(awk -v a="$(points "$dir/a.fgn" 1)" -v b="$(points "$dir/b.fgn" 2)" 'BEGIN { print a + b }')
	s=$(wilson "$p" $((2 * half)))
	printf '%-22s %-34s %8s %s\n' "$label" "$m" "$p" "$s"
	row "$m vs greedy, $label" 2 "$s" "-" "-" "interval above 0.5"
}
# the options each game family is played with: greedy playouts where
# random games say little (Fiveplay's random games are aimless, Kidd's
# last 5,700 plies); in Sequence random playouts, but only greedy's best
# 3 plies searched at each node and the search's choice taken whenever it
# is better by any margin (a seat with a jack has some 100 plies: 1,000
# iterations spread over all of them say little). Greedy playouts there
# (playout=greedy;width=3;z=0) won 127 of 200 games in a trial, but cost
# 5 times as much.
for f in ${BENCH_MCTS_FAMILIES:-fiveplay sequence kidd}; do
	case $f in
	fiveplay) strength fiveplay "playout=greedy" --game fiveplay ;;
	sequence) strength "sequence, 2 seats" "width=3;z=0" --game sequence ;;
	kidd) strength "fivelines kidd" "playout=greedy" --game fivelines --rules kidd ;;
	*) echo "bench/mcts.sh: no family '$f'" >&2; exit 2 ;;
	esac
done
