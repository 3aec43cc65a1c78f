#!/bin/sh
# make bench, card-game part: simulate (random agents) and validate
# throughput of GAME at SEATS seats with 1 and 2 threads, with `cat` and
# `wc -l` of the same file as the floor measured in the same run; and the
# peak memory of validate on files of growing size (streaming: it must not
# grow with the file). Prints figures; asserts only that the runs
# succeeded. usage: bench/game.sh FIVEFOLD FFBENCH GAME SEATS GAMES TARGETS
# (env: BENCH_DIR; TARGETS is a line printed at the end)
set -eu
ff=$1
fb=$2
game=$3
seats=$4
games=$5
targets=$6
. "$(dirname "$0")/row.sh"
div() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.0f", a / b; else print "inf" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "inf" }'; }

f=$dir/$game.fgn
echo "$game: $games games, $seats seats, random agents, Seed 1.."
printf '%-9s %3s %10s %12s %8s %12s\n' command thr games/s plies/s seconds "peak RSS KB"
for t in 1 2; do
	r=$("$fb" -o "$f" -- "$ff" simulate --game "$game" --seats "$seats" --games "$games" --seed 1 --threads "$t")
	[ "$(field status "$r")" = 0 ] || { echo "simulate failed: $r"; exit 1; }
	w=$(field wall "$r")
	plies=$("$ff" validate -q "$f" | sed -n 's/.* \([0-9]*\) plies$/\1/p')
	printf '%-9s %3s %10s %12s %8s %12s\n' simulate "$t" "$(div "$games" "$w")" \
		"$(div "$plies" "$w")" "$w" "$(field maxrss_kb "$r")"
	eval "s$t=\$w"
done
for t in 1 2; do
	r=$("$fb" -o /dev/null -- "$ff" validate -q --threads "$t" "$f")
	[ "$(field status "$r")" = 0 ] || { echo "validate failed: $r"; exit 1; }
	w=$(field wall "$r")
	printf '%-9s %3s %10s %12s %8s %12s\n' validate "$t" "$(div "$games" "$w")" \
		"$(div "$plies" "$w")" "$w" "$(field maxrss_kb "$r")"
	eval "v$t=\$w"
done
c=$(field wall "$("$fb" -o /dev/null -- cat "$f")")
l=$(field wall "$("$fb" -o /dev/null -- wc -l "$f")")
for t in 1 2; do
	eval "w=\$s$t"
	row "simulate $game, $seats seats, random" "$t" "$(div "$games" "$w") games/s" "cat ${c} s" \
		"$(ratio "$w" "$c")x cat" "${targets#targets: }"
	eval "w=\$v$t"
	row "validate $game, $seats seats" "$t" "$(div "$plies" "$w") plies/s" "wc -l ${l} s" \
		"$(ratio "$w" "$l")x wc -l" "${targets#targets: }"
done
echo "floor on the same $(awk -v b="$(wc -c <"$f")" 'BEGIN { printf "%.0f", b / 1e6 }') MB: cat ${c} s, wc -l ${l} s;" \
	"validate (1 thread) takes $(ratio "$v1" "$l")x wc -l and $(ratio "$v1" "$c")x cat"

echo
echo "$game streaming memory: peak RSS of validate -q (1 thread) as the file grows"
printf '%-8s %9s %12s\n' games MB "peak RSS KB"
for n in 1000 $((games / 10)) "$games"; do
	head -c "$(awk -v n="$n" -v g="$games" -v b="$(wc -c <"$f")" 'BEGIN { printf "%d", b * n / g }')" "$f" >"$dir/part"
	"$ff" convert -q --no-validate "$dir/part" >"$dir/cut.fgn" 2>/dev/null || true
	r=$("$fb" -o /dev/null -- "$ff" validate -q "$dir/cut.fgn")
	printf '%-8s %9s %12s\n' "$n" "$(awk -v b="$(wc -c <"$dir/cut.fgn")" 'BEGIN { printf "%.1f", b / 1e6 }')" \
		"$(field maxrss_kb "$r")"
done
echo "$targets"
