#!/bin/sh
# make bench, conversion part: throughput of each conversion direction in
# games/s and MB/s (of input) on a file of at least BENCH_CONVERT_MB MB
# (default 200) of simulated Schaedler games, and the peak memory of each
# against the same conversion of a small file (streaming: it must not
# grow with the input). usage: bench/convert.sh FIVEFOLD FFBENCH
set -eu
ff=$1
fb=$2
mb=${BENCH_CONVERT_MB:-200}
. "$(dirname "$0")/row.sh"
size() { awk -v b="$(wc -c <"$1")" 'BEGIN { printf "%.1f", b / 1e6 }'; }

n=0
: >"$dir/big.fgn"
while [ "$(wc -c <"$dir/big.fgn")" -lt $((mb * 1000000)) ]; do
	"$ff" simulate --game fivelines --games 20000 --seed $((n * 20000 + 1)) --threads 2 >>"$dir/big.fgn"
	n=$((n + 1))
done
games=$((n * 20000))
head -c 2000000 "$dir/big.fgn" >"$dir/cut"
"$ff" convert -q --no-validate "$dir/cut" >"$dir/small.fgn" 2>/dev/null || true
for f in jsonl csv csvply; do
	"$ff" convert -q --to $f "$dir/big.fgn" >"$dir/big.$f"
	"$ff" convert -q --to $f "$dir/small.fgn" >"$dir/small.$f"
done
"$ff" convert -q --plies short "$dir/big.fgn" >"$dir/big.short"
"$ff" convert -q --plies short "$dir/small.fgn" >"$dir/small.short"
echo "conversion: $games games, $(size "$dir/big.fgn") MB of FGN; peak RSS for the big file and a $(size "$dir/small.fgn") MB one"
printf '%-22s %9s %9s %8s %12s %12s\n' direction "input MB" games/s MB/s "RSS big KB" "RSS small KB"
run() { # name, input big, input small, args...
	name=$1 big=$2 small=$3
	shift 3
	r=$("$fb" -o /dev/null -- "$ff" convert -q "$@" "$big")
	[ "$(field status "$r")" = 0 ] || { echo "convert $name failed: $r"; exit 1; }
	s=$("$fb" -o /dev/null -- "$ff" convert -q "$@" "$small")
	w=$(field wall "$r")
	printf '%-22s %9s %9.0f %8.1f %12s %12s\n' "$name" "$(size "$big")" \
		"$(awk -v g="$games" -v t="$w" 'BEGIN { print g / t }')" \
		"$(awk -v m="$(size "$big")" -v t="$w" 'BEGIN { print m / t }')" \
		"$(field maxrss_kb "$r")" "$(field maxrss_kb "$s")"
}
run "fgn -> jsonl" "$dir/big.fgn" "$dir/small.fgn" --to jsonl
run "jsonl -> fgn" "$dir/big.jsonl" "$dir/small.jsonl" --from jsonl
run "fgn -> csv" "$dir/big.fgn" "$dir/small.fgn" --to csv
run "csv -> fgn" "$dir/big.csv" "$dir/small.csv" --from csv
run "fgn -> csvply" "$dir/big.fgn" "$dir/small.fgn" --to csvply
run "csvply -> fgn" "$dir/big.csvply" "$dir/small.csvply" --from csvply
run "long -> short" "$dir/big.fgn" "$dir/small.fgn" --plies short
run "short -> long" "$dir/big.short" "$dir/small.short"
run "fgn -> fgn, no engine" "$dir/big.fgn" "$dir/small.fgn" --no-validate
echo "(every direction goes through the engine, validating, except the last; fgn -> csv reads its input twice, the first time for the tag columns)"

# --threads, against cat of the same file
c=$(field wall "$("$fb" -o /dev/null -- cat "$dir/big.fgn")")
printf '%-22s %3s %8s %10s\n' direction thr MB/s "x cat"
for to in jsonl csv; do
	for t in 1 2; do
		r=$("$fb" -o /dev/null -- "$ff" convert -q --to $to --threads "$t" "$dir/big.fgn")
		[ "$(field status "$r")" = 0 ] || { echo "convert --threads $t failed: $r"; exit 1; }
		w=$(field wall "$r")
		m=$(awk -v m="$(size "$dir/big.fgn")" -v t="$w" 'BEGIN { printf "%.1f", m / t }')
		x=$(awk -v a="$w" -v b="$c" 'BEGIN { printf "%.1f", a / b }')
		printf '%-22s %3s %8s %10s\n' "fgn -> $to" "$t" "$m" "$x"
		row "convert fgn -> $to, $(size "$dir/big.fgn") MB" "$t" "$m MB/s" "cat ${c} s" "${x}x cat" \
			">= 150 MB/s; --threads scales"
	done
done
