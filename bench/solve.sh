#!/bin/sh
# make bench, solver part: `fivefold solve` for every Five Lines preset
# (Kidd's takes 155 s of CPU and 550 MB; BENCH_SOLVE_KIDD=0 leaves it
# out), with the position count, sweeps, time, peak memory and memory per
# position.
# usage: bench/solve.sh FIVEFOLD FFBENCH
set -eu
ff=$1
fb=$2
. "$(dirname "$0")/row.sh"

presets="schaedler locusludi-race locusludi-knockoff kidd"
[ "${BENCH_SOLVE_KIDD:-1}" = 0 ] && presets="schaedler locusludi-race locusludi-knockoff"
echo "solve: every position and its value under perfect play"
printf '%-22s %10s %7s %8s %12s %10s %14s\n' preset positions sweeps seconds "peak RSS KB" "B/position" "P(first wins)"
for p in $presets; do
	r=$("$fb" -o "$dir/out" -- "$ff" solve --game fivelines --rules "$p")
	[ "$(field status "$r")" = 0 ] || { echo "solve $p failed: $r"; cat "$dir/out"; exit 1; }
	n=$(sed -n 's/^[^ ]* \([0-9]*\) positions.*/\1/p' "$dir/out")
	sw=$(sed -n 's/.* \([0-9]*\) sweeps.*/\1/p' "$dir/out")
	v=$(sed -n 's/^P(first player wins) with perfect play: \([0-9.]*\).*/\1/p' "$dir/out")
	w=$(field wall "$r")
	kb=$(field maxrss_kb "$r")
	bp=$(awk -v k="$kb" -v n="$n" 'BEGIN { printf "%.0f", k * 1024 / n }')
	printf '%-22s %10s %7s %8s %12s %10s %14s\n' "$p" "$n" "$sw" "$w" "$kb" "$bp" "$v"
	row "solve fivelines $p" 1 "$w s, $n positions" "-" "$bp B/position" \
		"schaedler in seconds; memory per position reported"
done
