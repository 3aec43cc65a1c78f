#!/bin/sh
# make bench, PostgreSQL part: on a throw-away server (tests/pgserver.sh;
# fsync off, as for the floor), import GAMES simulated Five Lines games
# (default 1,000,000, Schaedler, greedy agents) into a fresh database, next
# to the time psql takes to COPY the same rows into the same tables (same
# schema and indexes, made by fivefold): the floor PostgreSQL itself sets.
# Then the store grows to TEN times as many games (default 10: 10,000,000),
# the copies under other keys, and `stats` runs on it, plain, with
# --compare and with each filter, with the plan PostgreSQL makes shown.
# Skipped, saying so, without the server binaries.
# usage: bench/store_pg.sh FIVEFOLD FFBENCH  (env: BENCH_STORE_GAMES,
# BENCH_PG_TIMES, BENCH_DIR)
set -eu
ff=$1
fb=$2
games=${BENCH_STORE_GAMES:-1000000}
times=${BENCH_PG_TIMES:-10}
. "$(dirname "$0")/row.sh"
. "$(dirname "$0")/../tests/pgserver.sh"
rc=0
pg_start || rc=$?
[ "$rc" = 77 ] && { echo "store on PostgreSQL: skipped (no server binaries)"; exit 0; }
[ "$rc" = 0 ] || { echo "bench/store_pg.sh: cannot start a PostgreSQL server"; exit 1; }
trap 'pg_stop; rm -rf "$dir"' EXIT

echo "store on PostgreSQL $("$FF_PG_BIN/postgres" --version | sed 's/.*(PostgreSQL) \([^ ]*\).*/\1/'): import $games simulated games (schaedler, greedy agents)"
"$ff" simulate --game fivelines --games "$games" --seed 1 --agents greedy --threads 2 >"$dir/g.fgn"
url=$(pg_newdb bench)
r=$("$fb" -o "$dir/import.out" -- "$ff" import -q --db "$url" "$dir/g.fgn")
[ "$(field status "$r")" = 0 ] || { echo "import failed: $r"; cat "$dir/import.out"; exit 1; }
ti=$(field wall "$r")
cat "$dir/import.out"
printf 'fivefold import: %8.2f s  %8.0f games/s  peak RSS %s KB\n' "$ti" \
	"$(awk -v n="$games" -v t="$ti" 'BEGIN { print n / t }')" "$(field maxrss_kb "$r")"

# the same rows, COPYed into an empty store of the same schema
floor=$(pg_newdb floor)
"$ff" import -q --db "$floor" </dev/null >/dev/null
tables="games players seats rulesets sources headers ply_codes"
for t in $tables; do
	pg_psql bench -c "\\copy (SELECT * FROM $t) TO '$dir/$t.copy'"
done
{
	echo 'BEGIN;'
	for t in $tables; do printf '\\copy %s FROM %s\n' "$t" "'$dir/$t.copy'"; done
	echo 'COMMIT;'
} >"$dir/copy.sql"
r=$("$fb" -o /dev/null -- "$FF_PG_BIN/psql" -X -q -h "$FF_PG_DIR" -U fivefold -d floor \
	-v ON_ERROR_STOP=1 -f "$dir/copy.sql")
[ "$(field status "$r")" = 0 ] || { echo "psql COPY failed: $r"; exit 1; }
tc=$(field wall "$r")
[ "$(pg_psql floor -At -c 'SELECT count(*) FROM games')" = "$games" ] || { echo "COPY lost rows"; exit 1; }
rows=$(for t in $tables; do pg_psql bench -At -c "SELECT count(*) FROM $t"; done |
	awk '{ s += $1 } END { print s }')
printf 'psql COPY:       %8.2f s  (%s rows of 7 tables into the same schema)\n' "$tc" "$rows"
x=$(awk -v a="$ti" -v b="$tc" 'BEGIN { printf "%.2f", a / b }')
printf 'ratio import / COPY: %s\n' "$x"
row "PostgreSQL: import $games games" - "$ti s" "psql COPY ${tc} s" "${x}x COPY" "(a ratio; no target)"

# TIMES x the games: the copies under other keys (and other seeds)
n=$((games * times))
echo "growing the store to $n games (the games again under other keys)..."
pg_psql bench -c "INSERT INTO games (hash, ruleset, game, seats, sides, first_seat, first_side,
	result, winner_side, termination, plies, seed, origin, event, site, date, round, source_id,
	source_game, source_line, players, header, moves, body)
	SELECT hash || int4send(k), ruleset, game, seats, sides, first_seat, first_side, result,
	winner_side, termination, plies, seed, origin, event, site, date, round, source_id,
	source_game, source_line, players, header, moves, body
	FROM games, generate_series(1, $((times - 1))) AS k" \
	-c "VACUUM ANALYZE games"
[ "$(pg_psql bench -At -c 'SELECT count(*) FROM games')" = "$n" ] || { echo "growing the store failed"; exit 1; }
echo "the plan PostgreSQL makes for stats (no filter), as stats --explain shows it:"
"$ff" stats --db "$url" --explain | sed 's/^/  /'
f0=$(field wall "$("$fb" -o /dev/null -- "$FF_PG_BIN/psql" -X -q -h "$FF_PG_DIR" -U fivefold -d bench \
	-c 'SELECT count(*) FROM games')")
for args in "" "--compare four-stones" "--game fivelines" "--rules schaedler" \
	"--game fivelines --rules schaedler" "--options skip-last" "--origin simulated" \
	"--player greedy" "--since 2026.01.01"; do
	r=$("$fb" -o /dev/null -- "$ff" stats --db "$url" $args)
	[ "$(field status "$r")" = 0 ] || { echo "stats $args failed: $r"; exit 1; }
	printf 'stats %-36s %6.2f s  (target: under 10 s)\n' "$args" "$(field wall "$r")"
	row "PostgreSQL: stats ${args:-(no filter)}, $n games" - "$(field wall "$r") s" \
		"psql count(*) ${f0} s" "$(awk -v a="$(field wall "$r")" -v b="$f0" \
		'BEGIN { printf "%.1fx", a / b }') count(*)" "< 10 s"
done
