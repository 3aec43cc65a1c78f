#!/bin/sh
# make bench, analysis part (issue 35): the search method of fivefold
# analyse against the exact one, where the truth is known, and a sanity
# check in every family.
#
# 1. For each Five Lines preset of BENCH_AS_PRESETS (default "schaedler
#    locusludi-race locusludi-knockoff kidd"), BENCH_AS_GAMES games
#    (default 200; half greedy as seat 1 against random, half the seats
#    swapped; --seed 1) are analysed exactly (against the preset's
#    solution) and by search at each budget of BENCH_AS_BUDGETS (default
#    "200 400 2000" playouts a position, --seed 1). Over the decisions
#    (plies with more than one legal ply: a forced ply has error 0 in
#    both methods, and counting them would flatter the search): the mean
#    absolute difference of the two errors, and the precision and recall
#    of the search's flagged errors (over --threshold 0.02 and 2 standard
#    errors) against the exact method's (over 0.02); with the seconds a
#    game the search took (one thread). The goal (issue 35): at the
#    default budget a mean absolute difference <= 0.02, precision and
#    recall >= 0.9.
# 2. For each family of BENCH_AS_FAMILIES (default "fiveplay fivelines
#    sequence pegsjokers"), BENCH_AS_SANITY_GAMES games (default 20) of
#    mcts (its defaults) against random (seats alternate; Pegs and Jokers:
#    mcts in seats 1 and 3) analysed by search at BENCH_AS_SANITY_BUDGET
#    playouts a position (default 200): each agent's mean error per
#    decision with its 95% interval (games as clusters). random's should
#    be larger, the intervals apart.
# BENCH_AS_PRESETS= or BENCH_AS_FAMILIES= (empty) leaves that part out.
# BENCH_AS_SOLUTIONS names a directory of solutions PRESET.sol to use
# instead of solving. usage: bench/analyse_search.sh FIVEFOLD
set -eu
ff=$1
. "$(dirname "$0")/row.sh"
games=${BENCH_AS_GAMES:-200}
half=$((games / 2))

# ply rows of analyse's CSV on standard input: "FILE:GAME:PLY ERROR
# FLAGGED LEGAL SEAT"
plies() {
	awk -F, '$3 == "ply" { print $1 ":" $2 ":" $4, $12, $14, $15, $5 }'
}
# compare EXACT SEARCH: "N MEANABSDIFF PRECISION RECALL" over the
# decisions
compare() {
	awk 'NR == FNR { e[$1] = $2; f[$1] = $3; next }
		$4 > 1 { n++; d = $2 - e[$1]; s += d < 0 ? -d : d
			tp += $3 && f[$1]; fp += $3 && !f[$1]; fn += !$3 && f[$1] }
		END { printf "%d %.4f %s %s\n", n, n ? s / n : 0,
			tp + fp ? sprintf("%.3f", tp / (tp + fp)) : "-",
			tp + fn ? sprintf("%.3f", tp / (tp + fn)) : "-" }' "$1" "$2"
}
# summary: the decisions and the mean error per decision with its 95%
# interval (games as clusters) of "GAME ERROR" lines on standard input
summary() {
	awk '{ e[$1] += $2; d[$1]++; E += $2; D++ }
		END { if (!D) { print 0, "-"; exit }
			m = E / D; G = 0; v = 0
			for (g in d) { G++; v += (e[g] - m * d[g]) ^ 2 }
			se = G > 1 ? sqrt(v / (G * (G - 1))) / (D / G) : 0
			printf "%d %.4f [%.4f, %.4f]\n", D, m, m - 1.96 * se, m + 1.96 * se }'
}
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN { printf "%.2f", (b - a) / n }'; }

echo "analyse by search against the exact method, Five Lines, $((2 * half)) greedy-vs-random games a preset (seats swapped in half), over the decisions"
printf '%-20s %10s %9s %10s %9s %9s %7s\n' preset budget decisions "s a game" "mean|d|" precision recall
for p in ${BENCH_AS_PRESETS-schaedler locusludi-race locusludi-knockoff kidd}; do
	if [ -n "${BENCH_AS_SOLUTIONS:-}" ] && [ -f "$BENCH_AS_SOLUTIONS/$p.sol" ]; then
		cp "$BENCH_AS_SOLUTIONS/$p.sol" "$dir/p.sol"
	else
		"$ff" solve --game fivelines --rules "$p" -o "$dir/p.sol" >/dev/null
	fi
	"$ff" simulate --game fivelines --rules "$p" --agents greedy,random --games "$half" --seed 1 >"$dir/g.fgn"
	"$ff" simulate --game fivelines --rules "$p" --agents random,greedy --games "$half" --seed 1 >>"$dir/g.fgn"
	"$ff" analyse --solution "$dir/p.sol" --format csv "$dir/g.fgn" | plies >"$dir/exact"
	for b in ${BENCH_AS_BUDGETS:-200 400 2000}; do
		t0=$(now)
		"$ff" analyse --method search --iterations "$b" --format csv "$dir/g.fgn" | plies >"$dir/search"
		t=$(secs "$t0" "$(now)" $((2 * half)))
		r=$(compare "$dir/exact" "$dir/search")
		set -- $r
		printf '%-20s %10s %9s %10s %9s %9s %7s\n' "$p" "$b" "$1" "$t" "$2" "$3" "$4"
		row "analyse --method search --iterations $b, $p: mean |search - exact| error a decision (precision, recall)" \
			1 "$2 ($3, $4)" "0" "-" "<= 0.02 (>= 0.9, >= 0.9)"
	done
done

sg=${BENCH_AS_SANITY_GAMES:-20}
sb=${BENCH_AS_SANITY_BUDGET:-200}
echo
echo "sanity: mcts (default options) against random, $sg games a family, analysed by search at $sb playouts a position"
printf '%-11s %-7s %9s %-26s %s\n' family agent decisions "mean error, 95% interval" "s a game"
for g in ${BENCH_AS_FAMILIES-fiveplay fivelines sequence pegsjokers}; do
	case $g in
	pegsjokers) a1=mcts,random,mcts,random a2=random,mcts,random,mcts ;;
	*) a1=mcts,random a2=random,mcts ;;
	esac
	"$ff" simulate --game "$g" --agents "$a1" --games $((sg / 2)) --seed 1 --threads 2 >"$dir/s.fgn"
	"$ff" simulate --game "$g" --agents "$a2" --games $((sg - sg / 2)) --seed 1001 --threads 2 >>"$dir/s.fgn"
	t0=$(now)
	"$ff" analyse --method search --iterations "$sb" --format csv "$dir/s.fgn" | plies >"$dir/sp"
	t=$(secs "$t0" "$(now)" "$sg")
	# the agent of each seat of each game, from its Seat tags
	awk '/^\[Game / { n++ } /^\[Seat[0-9]+ / { s = $1; sub(/^\[Seat/, "", s)
		v = $2; gsub(/["\]]/, "", v); sub(/:.*/, "", v); print n, s, v }' "$dir/s.fgn" >"$dir/seats"
	for ag in mcts random; do
		r=$(awk -v ag="$ag" 'NR == FNR { a[$1 " " $2] = $3; next }
			{ split($1, k, ":"); if ($4 > 1 && a[k[2] " " $5] == ag) print k[2], $2 }' \
			"$dir/seats" "$dir/sp" | summary)
		printf '%-11s %-7s %9s %-26s %s\n' "$g" "$ag" "${r%% *}" "${r#* }" "$t"
		row "analyse by search, $g: $ag's mean error a decision against the other" 1 "${r#* }" "-" "-" \
			"random's > mcts's"
	done
done
