#!/bin/sh
# make bench, search part (issue 36): mcts on several cores. For each
# game family, the iterations the mcts agent runs in BENCH_MCTSRATE_MS
# ms a decision (default 500) over BENCH_MCTSRATE_POSITIONS positions
# (default 10; the middle of random games) with threads=1 and with
# threads=2 (root parallel: two trees), and their ratio; the goal is at
# least 1.7 on two threads. Measured by bench/mctsrate (the library's
# ff_mcts_search); the figures need two idle cores.
# usage: bench/mcts_threads.sh MCTSRATE
set -eu
rate=$1
ms=${BENCH_MCTSRATE_MS:-500}
positions=${BENCH_MCTSRATE_POSITIONS:-10}
. "$(dirname "$0")/row.sh"
echo "mcts on two threads: iterations in $ms ms a decision, $positions positions a game"
printf '%-11s %14s %14s %7s\n' game "1 thread/s" "2 threads/s" ratio
for g in fivelines fiveplay sequence pegsjokers; do
	out=$("$rate" $g "$ms" 2 "$positions")
	one=$(printf '%s\n' "$out" | sed -n 's/^threads=1 .*per_second=//p')
	two=$(printf '%s\n' "$out" | sed -n 's/^threads=2 .*per_second=//p')
	ratio=$(printf '%s\n' "$out" | sed -n 's/^ratio=//p')
	printf '%-11s %14s %14s %7s\n' "$g" "$one" "$two" "$ratio"
	row "mcts iterations/s, $g, time-ms=$ms" 2 "$two" "$one (1 thread)" "$ratio" ">= 1.7"
done
