#!/bin/sh
# make bench, analysis speed (issue 35): positions `fivefold analyse`
# values a second by search at its default budget (400 playouts a
# position; Five Lines with --method search, which its exact method,
# a lookup a ply, leaves far behind) for each family, on one thread and
# on two (--threads 2: a game a thread, the same bytes), and the two
# threads' time against one's; the goal is at most 0.55. Games:
# BENCH_AR_GAMES (default 6) of greedy against random a family (--seed
# 1; Pegs and Jokers: greedy and random in turn at 4 seats; Five Lines,
# whose games are short, 40 unless BENCH_AR_GAMES is set). The figures
# need two idle cores.
# usage: bench/analyse_rate.sh FIVEFOLD
set -eu
ff=$1
games=${BENCH_AR_GAMES:-6}
. "$(dirname "$0")/row.sh"
now() { date +%s.%N; }
echo "analyse at the default budget: positions a second, 1 and 2 threads"
printf '%-12s %6s %8s %12s %12s %7s\n' family games plies "1 thread/s" "2 threads/s" "time 2/1"
for fam in fivelines fiveplay sequence pegsjokers; do
	n=$games
	[ $fam = fivelines ] && n=${BENCH_AR_GAMES:-40}
	agents=greedy,random
	[ $fam = pegsjokers ] && agents=greedy,random,greedy,random
	"$ff" simulate --game $fam --games $n --seed 1 --agents $agents >"$dir/g.fgn"
	t0=$(now)
	"$ff" analyse --method search -q "$dir/g.fgn" >"$dir/a1" 2>"$dir/e1"
	t1=$(now)
	"$ff" analyse --method search -q --threads 2 "$dir/g.fgn" >"$dir/a2" 2>"$dir/e2"
	t2=$(now)
	cmp -s "$dir/a1" "$dir/a2" || { echo "analyse_rate: $fam: two threads wrote other bytes" >&2; exit 1; }
	plies=$(sed -n 's/^summary: .* \([0-9]*\) pl[iy]e*s*$/\1/p' "$dir/a1")
	r=$(awk -v p="$plies" -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN {
		printf "%.0f %.0f %.2f", p / (b - a), p / (c - b), (c - b) / (b - a) }')
	set -- $r
	printf '%-12s %6s %8s %12s %12s %7s\n' $fam $n "$plies" "$1" "$2" "$3"
	row "analyse positions/s, $fam, default budget" 2 "$2" "$1 (1 thread)" "$3 (time)" "<= 0.55"
done
