#!/bin/sh
# make bench, serve part (issue 39): a store of GAMES simulated Five Lines
# games (default 1,000,000; greedy agents), served on a free loopback port,
# and a bounded load on it (bench/ffload: CLIENTS clients, default 50, a
# fixed number of requests, each its own connection): a page of 50 games
# (the first, one in the middle and the last: keyset pages cost the same),
# a page of 50 filtered by game, and a game's replay page; requests per
# second and the 99th percentile latency printed, first on an idle store,
# then with an import of more games into the same store running. Goal:
# p99 under 100 ms for a page of 50 games, no error.
# usage: bench/serve.sh FIVEFOLD FFLOAD
#        (env: BENCH_SERVE_GAMES, BENCH_SERVE_CLIENTS, BENCH_SERVE_REQUESTS, BENCH_DIR)
set -eu
ff=$1
load=$2
games=${BENCH_SERVE_GAMES:-1000000}
clients=${BENCH_SERVE_CLIENTS:-50}
requests=${BENCH_SERVE_REQUESTS:-5000}
. "$(dirname "$0")/row.sh"
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT

echo "serve: a store of $games simulated games (schaedler, greedy agents)"
"$ff" simulate --game fivelines --games "$games" --seed 1 --agents greedy --threads 2 >"$dir/g.fgn"
"$ff" import -q --db "$dir/s.db" "$dir/g.fgn"
"$ff" simulate --game fivelines --games "$((games / 10 + 1))" --seed 777777777 --agents greedy \
	--threads 2 >"$dir/more.fgn"
: >"$dir/log"
"$ff" serve --db "$dir/s.db" --listen 127.0.0.1:0 2>"$dir/log" &
pid=$!
i=0
while ! grep -q serving "$dir/log" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
port=$(sed -n 's|.* on http://127\.0\.0\.1:\([0-9]*\)/ .*|\1|p' "$dir/log")
mid=$((games / 2)) last=$((games - 50))
run() { # name, paths...
	name=$1
	shift
	r=$("$load" "$clients" "$requests" "$port" "$@") || true
	printf '%-46s %s\n' "$name" "$r"
	row "serve: $name, $games games, $clients clients" 4 "$(field p99_ms "$r") ms p99" - - \
		"< 100 ms"
}
for phase in idle import; do
	if [ $phase = import ]; then
		"$ff" import -q --db "$dir/s.db" "$dir/more.fgn" >"$dir/import.out" 2>&1 &
		imp=$!
		echo "(an import of $((games / 10 + 1)) games into the same store runs meanwhile)"
	fi
	run "$phase: /api/games pages of 50 (1st, mid, last)" "/api/games?limit=50" \
		"/api/games?limit=50&after=$mid" "/api/games?limit=50&after=$last"
	run "$phase: /games HTML pages of 50" "/games?limit=50" "/games?limit=50&after=$mid"
	run "$phase: /api/games?game=fivelines&after=mid" "/api/games?game=fivelines&limit=50&after=$mid"
	run "$phase: /api/games?sort=plies pages (1st, mid)" "/api/games?limit=50&sort=plies" \
		"/api/games?limit=50&sort=plies&after=$mid" "/api/games?limit=50&sort=plies&order=desc&after=$last"
	run "$phase: /games?sort=date (HTML, 1st, mid)" "/games?limit=50&sort=date" \
		"/games?limit=50&sort=date&after=$mid"
	run "$phase: /games/ID (the replay page)" "/games/$mid" "/games/$((mid + 1))"
	if [ $phase = import ]; then
		if kill -0 "$imp" 2>/dev/null; then
			echo "(the import was still running at the end of the load)"
		fi
		wait "$imp" || { echo "the import failed:"; cat "$dir/import.out"; exit 1; }
	fi
done
kill -TERM "$pid"
wait "$pid" || true
pid=
grep -c '" 200 ' "$dir/log" | sed 's/^/answered 200: /'
! grep -q '" [45][0-9][0-9] ' "$dir/log" || { echo "errors in the log:"; grep '" [45][0-9][0-9] ' "$dir/log" | head; exit 1; }
