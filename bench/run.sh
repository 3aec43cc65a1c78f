#!/bin/sh
# make bench: throughput of simulate and validate for every Five Lines preset
# with 1 and 2 threads, and the peak memory of validating a >= 500 MB file
# against a small one (streaming: it must not grow with the file).
# Prints figures; it is not a test and asserts nothing but that the runs
# succeeded. usage: bench/run.sh FIVEFOLD FFBENCH  (env: BENCH_GAMES,
# BENCH_BIG_MB, BENCH_DIR)
set -eu
ff=$1
fb=$2
games=${BENCH_GAMES:-20000}
big_mb=${BENCH_BIG_MB:-520}
. "$(dirname "$0")/row.sh"

# field NAME from an ffbench line
rate() { awk -v n="$1" -v t="$2" 'BEGIN { if (t > 0) printf "%.0f", n / t; else print "inf" }'; }
mrate() { awk -v n="$1" -v t="$2" 'BEGIN { if (t > 0) printf "%.2f M", n / t / 1e6; else print "inf" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1fx", a / b; else print "inf" }'; }
# the table's target for simulating a preset (none: no row)
target() {
	case $1 in
	schaedler) echo ">= 12 M plies/s per core (20x TabletopGames' 0.55 M)" ;;
	locusludi-race) echo ">= 7.5 M plies/s per core (50x Ludii)" ;;
	locusludi-knockoff) echo ">= 8.5 M plies/s per core (50x Ludii)" ;;
	standard) echo ">= 3 M plies/s per core" ;;
	esac
}

echo "fivefold benchmark: $("$ff" --version), $(nproc) cores, $(uname -m)"
echo "simulate: --games $games --agents random, writing FGN; validate: the same file"
echo "(the preset 'standard' is Fiveplay; the others are Five Lines)"
printf '%-20s %-9s %3s %10s %12s %8s\n' preset command thr games/s plies/s MB/s
for gr in fivelines:schaedler fivelines:kidd fivelines:locusludi-race \
	  fivelines:locusludi-knockoff fiveplay:standard; do
	game=${gr%%:*}
	rules=${gr#*:}
	f=$dir/$rules.fgn
	for t in 1 2; do
		r=$("$fb" -o "$f" -- "$ff" simulate --game "$game" --rules "$rules" \
			--games "$games" --seed 1 --threads "$t")
		[ "$(field status "$r")" = 0 ] || { echo "simulate failed: $r"; exit 1; }
		w=$(field wall "$r")
		plies=$("$ff" validate -q "$f" | sed -n 's/.* \([0-9]*\) plies$/\1/p')
		mb=$(awk -v b="$(wc -c <"$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
		printf '%-20s %-9s %3s %10s %12s %8s\n' "$rules" simulate "$t" "$(rate "$games" "$w")" \
			"$(rate "$plies" "$w")" "$(awk -v m="$mb" -v t="$w" 'BEGIN { printf "%.0f", m / t }')"
		c=$(field wall "$("$fb" -o /dev/null -- cat "$f")")
		[ -z "$(target "$rules")" ] ||
			row "simulate $game $rules, random" "$t" "$(mrate "$plies" "$w") plies/s" \
				"cat of the output ${c} s" "$(ratio "$w" "$c") cat" "$(target "$rules")"
	done
	for t in 1 2; do
		r=$("$fb" -o /dev/null -- "$ff" validate -q --threads "$t" "$f")
		[ "$(field status "$r")" = 0 ] || { echo "validate failed: $r"; exit 1; }
		w=$(field wall "$r")
		printf '%-20s %-9s %3s %10s %12s %8s\n' "$rules" validate "$t" "$(rate "$games" "$w")" \
			"$(rate "$plies" "$w")" "$(awk -v m="$mb" -v t="$w" 'BEGIN { printf "%.0f", m / t }')"
	done
done

echo
echo "streaming memory: peak RSS of validate on files of growing size (schaedler, random agents)"
small=$dir/small.fgn
mid=$dir/mid.fgn
big=$dir/big.fgn
"$ff" simulate --game fivelines --games 200 --seed 5 >"$small"
"$ff" simulate --game fivelines --games 20000 --seed 1000000 --threads 2 >"$mid"
# about 3 KB a game: generate in parts until the file is large enough
n=0
: >"$big"
while [ "$(wc -c <"$big")" -lt $((big_mb * 1000000)) ]; do
	"$ff" simulate --game fivelines --games 50000 --seed $((1000000 + n * 50000)) --threads 2 >>"$big"
	n=$((n + 1))
done
printf '%-10s %9s %3s %12s %8s %8s\n' file MB thr "peak RSS KB" seconds MB/s
l=$(field wall "$("$fb" -o /dev/null -- wc -l "$big")")
for f in "$small" "$mid" "$big"; do
	for t in 1 2; do
		r=$("$fb" -o "$dir/v.out" -- "$ff" validate -q --threads "$t" "$f")
		[ "$(field status "$r")" = 0 ] || { echo "validate failed: $r"; exit 1; }
		sz=$(awk -v b="$(wc -c <"$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
		w=$(field wall "$r")
		printf '%-10s %9s %3s %12s %8s %8.0f\n' "$(basename "$f")" "$sz" "$t" \
			"$(field maxrss_kb "$r")" "$w" "$(awk -v m="$sz" -v t="$w" 'BEGIN { print m / t }')"
		[ "$f" = "$big" ] || continue
		plies=$(sed -n 's/.* \([0-9]*\) plies$/\1/p' "$dir/v.out")
		fig="$(mrate "$plies" "$w") plies/s, $(awk -v m="$sz" -v t="$w" 'BEGIN { printf "%.0f", m / t }') MB/s"
		if [ "$t" = 1 ]; then
			v1=$w
			row "validate schaedler FGN, $sz MB" 1 "$fig" "wc -l ${l} s" "$(ratio "$w" "$l") wc -l" \
				">= 30 M plies/s per core (<= 25x wc -l)"
		else
			row "validate schaedler FGN, $sz MB" "$t" "$fig" "wc -l ${l} s" \
				"$(ratio "$w" "$l") wc -l; $(ratio "$v1" "$w") one thread" ">= 1.8x one thread"
		fi
	done
done
echo "(one thread holds one game; N threads hold at most 2N chunks of about 128 KiB of FGN, or batches of games of other formats)"
echo "targets: validate >= 5,000,000 plies/s per core; simulate (schaedler, random) >= 20,000 games/s per core"
