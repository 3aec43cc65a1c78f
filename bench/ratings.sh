#!/bin/sh
# make bench, ratings part (issue 38; docs/ratings.md).
#
# Strength: 50 players of known strength, mcts agents at budgets of 1 to
# 50 iterations a decision (random playouts, no prior: more iterations,
# a stronger player), each Seat naming its budget, play
# BENCH_RATINGS_STRENGTH_GAMES (default 10,000) seeded Fiveplay games in
# matches of 4 between pairs drawn by a seeded awk generator (the seat
# order drawn too). `ratings` must rank them in the order of their
# budgets: Spearman's rank correlation between rating and budget, printed
# for Glicko-2 and Elo game by game and for Glicko-2 with all the games
# one rating period (glicko2-all: --period all), target >= 0.9.
#
# Speed: `ratings` over BENCH_RATINGS_GAMES (default 1,000,000) stored
# Fiveplay games, timed with ffbench (one core: ratings has one thread),
# target under 10 s. A tenth of the games are simulated (random agents,
# the Seats renamed to 50 players by a seeded awk generator) and each is
# stored 10 times under other names (distinct records).
#
# BENCH_RATINGS_PARTS: "strength speed" (the default), or one of them.
#
# Both stores take long to make (the strength games some 10 minutes of
# CPU, the large store longer): they are made once and kept in
# BENCH_CACHE (default bench-cache in the build directory), and the time
# it took is printed when one is made. Remove the directory to make them
# again.
# usage: bench/ratings.sh FIVEFOLD FFBENCH
set -eu
ff=$1
fb=$2
. "$(dirname "$0")/row.sh"
cache=${BENCH_CACHE:-bench-cache}
sgames=${BENCH_RATINGS_STRENGTH_GAMES:-10000}
games=${BENCH_RATINGS_GAMES:-1000000}
mkdir -p "$cache"
ff=$(cd "$(dirname "$ff")" && pwd)/$(basename "$ff")

parts=${BENCH_RATINGS_PARTS:-strength speed}

# --- strength ---
sdb=$cache/ratings-strength-$sgames.db
case " $parts " in *" strength "*) ;; *) sdb= ;; esac
if [ -n "$sdb" ] && [ ! -f "$sdb" ]; then
	echo "ratings: making $sgames games between 50 mcts budgets (kept in $sdb)"
	t0=$(date +%s)
	awk -v n="$sgames" 'BEGIN { srand(38); for (m = 0; m * 4 < n; m++) {
		i = int(rand() * 50) + 1; do j = int(rand() * 50) + 1; while (j == i)
		if (rand() < 0.5) { t = i; i = j; j = t }
		printf "%d %d %d\n", m, i, j } }' |
	while read -r m i j; do
		echo "$m mcts:iterations=$i;playout=random;prior=none,mcts:iterations=$j;playout=random;prior=none"
	done >"$dir/matches"
	mkdir "$dir/m"
	# two processes at a time; match m's games get seeds 1,000,000 + 4m ...
	FF=$ff D=$dir xargs -P 2 -L 1 sh -c '"$FF" simulate --game fiveplay --games 4 \
		--seed $((1000000 + 4 * $1)) --agents "$2" -o "$D/m/$1.fgn"' _ <"$dir/matches"
	awk '{ print "'"$dir"'/m/" $1 ".fgn" }' "$dir/matches" | xargs cat >"$dir/strength.fgn"
	"$ff" import -q --db "$sdb.tmp" "$dir/strength.fgn"
	mv "$sdb.tmp" "$sdb"
	echo "ratings: the strength games took $(($(date +%s) - t0)) s to make"
fi
for method in ${sdb:+glicko2 elo glicko2-all}; do
	col=9
	[ "$method" = elo ] && col=8
	per=game
	[ "$method" = glicko2-all ] && per=all
	rho=$("$ff" ratings --db "$sdb" --period $per --format csv | awk -F, -v col="$col" 'NR > 1 {
		match($3, /iterations=[0-9]+/); b = substr($3, RSTART + 11, RLENGTH - 11) + 0
		n++; B[n] = b; R[n] = $col }
	END {
		for (i = 1; i <= n; i++) { rb = 1; rr = 1
			for (j = 1; j <= n; j++) { if (B[j] > B[i]) rb++; if (R[j] > R[i]) rr++ }
			d += (rb - rr) ^ 2 }
		printf "%.4f %d", 1 - 6 * d / (n * (n * n - 1)), n }')
	set -- $rho
	printf 'ratings: %s over %s games, %s players: Spearman rank correlation with the budget %s (target >= 0.9)\n' \
		"$method" "$sgames" "$2" "$1"
	row "ratings ranks 50 mcts budgets ($method, $sgames games)" - "Spearman $1" - - ">= 0.9"
done

# --- speed ---
case " $parts " in *" speed "*) ;; *) exit 0 ;; esac
bdb=$cache/ratings-$games.db
if [ ! -f "$bdb" ]; then
	echo "ratings: making a store of $games Fiveplay games (kept in $bdb)"
	t0=$(date +%s)
	# a tenth of them simulated; each written 10 times with its Seats
	# renamed (P1..P50 shifted by 7 a copy: distinct records, the same
	# shape of store), which spares 90% of the simulation
	"$ff" simulate --game fiveplay --games $((games / 10)) --seed 1 --agents random |
		awk 'BEGIN { srand(380) } /^\[Seat[12] / {
			if ($1 == "[Seat1") { a = int(rand() * 50); do b = int(rand() * 50); while (b == a) }
			printf "%s \"@%d\"]\n", $1, $1 == "[Seat1" ? a : b; next } { print }' >"$dir/tenth.fgn"
	for k in 0 1 2 3 4 5 6 7 8 9; do
		awk -v k="$k" '/^\[Seat[12] "@/ { match($2, /[0-9]+/)
			printf "%s \"P%d\"]\n", $1, (substr($2, RSTART, RLENGTH) + 7 * k) % 50 + 1; next }
			{ print }' "$dir/tenth.fgn"
	done >"$dir/big.fgn"
	rm -f "$dir/tenth.fgn"
	"$ff" import -q --db "$bdb.tmp" "$dir/big.fgn"
	rm -f "$dir/big.fgn"
	mv "$bdb.tmp" "$bdb"
	echo "ratings: the store of $games games took $(($(date +%s) - t0)) s to make"
fi
r=$("$fb" -o "$dir/r.out" -- "$ff" ratings --db "$bdb")
[ "$(field status "$r")" = 0 ] || { echo "ratings failed: $r"; exit 1; }
t=$(field wall "$r")
head -1 "$dir/r.out"
printf 'fivefold ratings over %s games: %.2f s  peak RSS %s KB (target: under 10 s)\n' "$games" "$t" \
	"$(field maxrss_kb "$r")"
row "ratings over $games games" 1 "$t s" - - "< 10 s"
