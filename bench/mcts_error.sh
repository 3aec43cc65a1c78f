#!/bin/sh
# make bench, search part (issue 36): how close mcts plays to perfect
# play in the dice games the solver solves exactly.
#
# For each Five Lines preset of BENCH_ERR_PRESETS (default
# "locusludi-race locusludi-knockoff") the preset is solved (fivefold
# solve), then mcts at each budget of BENCH_ERR_BUDGETS (default
# "1000 10000")
# plays random over BENCH_ERR_GAMES games (default 200: half as seat 1,
# half as seat 2; --seed 1), every game is analysed against the solution
# (fivefold analyse --solution) and the mcts seat's mean error per
# decision is printed, a decision being a ply with more than one legal
# ply (validate --legal; a forced ply has no error to make), with its
# 95% interval (games as clusters: the ratio estimator's standard error
# over games). The goal (issue 36): at 1,000 iterations at most half of
# Ludii UCT's error (race 0.0017, knock-off 0.0052: at most 0.00085 and
# 0.0026), at 10,000 at most 0.0005. BENCH_ERR_AGENT replaces the agent
# (default mcts; BENCH_ERR_OPTIONS are appended after ":iterations=N");
# BENCH_ERR_SOLUTIONS names a directory of solutions PRESET.sol to use
# instead of solving.
# usage: bench/mcts_error.sh FIVEFOLD
set -eu
ff=$1
. "$(dirname "$0")/row.sh"
games=${BENCH_ERR_GAMES:-200}
half=$((games / 2))
agent=${BENCH_ERR_AGENT:-mcts}
opts=${BENCH_ERR_OPTIONS:-}
goal() { # preset iterations
	case $1:$2 in
	locusludi-race:1000) echo "<= 0.00085 (Ludii 0.0017)" ;;
	locusludi-knockoff:1000) echo "<= 0.0026 (Ludii 0.0052)" ;;
	locusludi-race:100) echo "- (Ludii 0.0071)" ;;
	locusludi-knockoff:100) echo "- (Ludii 0.0134)" ;;
	*:10000) echo "<= 0.0005" ;;
	*) echo "-" ;;
	esac
}
# decisions FILE SEAT: "FILE:GAME ERROR" for each decision of seat in
# FILE (a ply with more than one legal ply)
decisions() {
	"$ff" validate --legal --format json "$1" |
		awk '/"legal":/ { g = $0; sub(/.*"game":/, "", g); sub(/,.*/, "", g);
			p = $0; sub(/.*"ply":/, "", p); sub(/,.*/, "", p);
			l = $0; sub(/.*"legal":\[/, "", l); n = gsub(/","/, "", l) + 1;
			print g, p, n }' >"$dir/legal"
	"$ff" analyse --solution "$dir/p.sol" --format csv "$1" |
		awk -F, '$3 == "ply" { print $2, $4, $5, $12 }' >"$dir/err"
	awk -v seat="$2" -v f="$1" 'NR == FNR { n[$1 " " $2] = $3; next }
		$3 == seat && n[$1 " " $2] > 1 { print f ":" $1, $4 }' "$dir/legal" "$dir/err"
}
# summary: the decisions, and the mean error with its 95% interval (games
# as clusters), of the "GAME ERROR" lines on standard input
summary() {
	awk '{ e[$1] += $2; d[$1]++; E += $2; D++ }
		END { if (!D) { print 0, "-"; exit }
			m = E / D; G = 0; v = 0
			for (g in d) { G++; v += (e[g] - m * d[g]) ^ 2 }
			se = G > 1 ? sqrt(v / (G * (G - 1))) / (D / G) : 0
			lo = m - 1.96 * se; if (lo < 0) lo = 0
			printf "%d %.5f [%.5f, %.5f]\n", D, m, lo, m + 1.96 * se }'
}
echo "mcts error per decision against the exact solution, $((2 * half)) games a row against random, seats swapped half the time"
printf '%-20s %-32s %9s %8s %-28s %s\n' preset agent decisions seconds "mean error, 95% interval" goal
for p in ${BENCH_ERR_PRESETS:-locusludi-race locusludi-knockoff}; do
	if [ -n "${BENCH_ERR_SOLUTIONS:-}" ] && [ -f "$BENCH_ERR_SOLUTIONS/$p.sol" ]; then
		cp "$BENCH_ERR_SOLUTIONS/$p.sol" "$dir/p.sol"
	else
		"$ff" solve --game fivelines --rules "$p" -o "$dir/p.sol" >/dev/null
	fi
	for it in ${BENCH_ERR_BUDGETS:-1000 10000}; do
		a="$agent:iterations=$it${opts:+;$opts}"
		t0=$(date +%s)
		"$ff" simulate --game fivelines --rules "$p" --agents "$a,random" --games "$half" --seed 1 \
			--threads "${BENCH_ERR_THREADS:-2}" >"$dir/a.fgn"
		"$ff" simulate --game fivelines --rules "$p" --agents "random,$a" --games "$half" --seed 1 \
			--threads "${BENCH_ERR_THREADS:-2}" >"$dir/b.fgn"
		t=$(($(date +%s) - t0))
		r=$( (decisions "$dir/a.fgn" 1; decisions "$dir/b.fgn" 2) | summary)
		printf '%-20s %-32s %9s %8s %-28s %s\n' "$p" "$a" "${r%% *}" "$t" "${r#* }" \
			"$(goal "$p" "$it")"
		row "$a error per decision, $p" "${BENCH_ERR_THREADS:-2}" "${r#* }" "0 (perfect play)" "-" \
			"$(goal "$p" "$it")"
	done
done
