#!/bin/sh
# make bench, store part: import GAMES simulated Five Lines games (default
# 1,000,000, Schaedler, greedy agents) into a fresh store, next to the time
# the sqlite3 shell takes to .import CSV files holding the same rows into
# the same tables (same schema and indexes, made by fivefold): the floor
# SQLite itself sets. Then the time of `stats`, `stats --compare` and
# `stats` with each filter on it.
# usage: bench/store.sh FIVEFOLD FFBENCH  (env: BENCH_STORE_GAMES, BENCH_DIR)
set -eu
ff=$1
fb=$2
games=${BENCH_STORE_GAMES:-1000000}
. "$(dirname "$0")/row.sh"
command -v sqlite3 >/dev/null || { echo "bench/store.sh: the sqlite3 shell is needed"; exit 1; }

echo "store: import $games simulated games (schaedler, greedy agents)"
"$ff" simulate --game fivelines --games "$games" --seed 1 --agents greedy --threads 2 >"$dir/g.fgn"
echo "input: $(awk -v b="$(wc -c <"$dir/g.fgn")" 'BEGIN { printf "%.1f", b / 1e6 }') MB of FGN"
r=$("$fb" -o "$dir/import.out" -- "$ff" import -q --db "$dir/f.db" "$dir/g.fgn")
[ "$(field status "$r")" = 0 ] || { echo "import failed: $r"; cat "$dir/import.out"; exit 1; }
ti=$(field wall "$r")
cat "$dir/import.out"
printf 'fivefold import: %8.2f s  %8.0f games/s  peak RSS %s KB\n' "$ti" \
	"$(awk -v n="$games" -v t="$ti" 'BEGIN { print n / t }')" "$(field maxrss_kb "$r")"

# the same rows as CSV, and an empty store of the same schema. The keys go
# in as their 64 hex digits (.import cannot write bytes: the floor's rows
# are 32 bytes longer, its key index twice as wide), and the floor does
# not check constraints (.import gives '' for NULL)
tables="games players seats rulesets sources headers ply_codes"
for t in $tables; do
	cols='*'
	[ "$t" = games ] && cols=$(sqlite3 "$dir/f.db" "SELECT group_concat(CASE name WHEN 'hash'
		THEN 'lower(hex(hash))' ELSE name END, ', ') FROM pragma_table_info('games')")
	sqlite3 -csv "$dir/f.db" "SELECT $cols FROM $t" >"$dir/$t.csv"
done
"$ff" import -q --db "$dir/s.db" </dev/null >/dev/null   # an empty store of the same schema
rows=$(for t in $tables; do sqlite3 "$dir/f.db" "SELECT count(*) FROM $t"; done |
	awk '{ s += $1 } END { print s }')
{
	echo 'PRAGMA journal_mode = WAL;'
	echo 'PRAGMA synchronous = NORMAL;'
	echo 'PRAGMA ignore_check_constraints = ON;'
	echo 'BEGIN;'
	for t in $tables; do echo ".import --csv $dir/$t.csv $t"; done
	echo 'COMMIT;'
} >"$dir/import.sql"
r=$("$fb" -i "$dir/import.sql" -o /dev/null -- sqlite3 "$dir/s.db")
[ "$(field status "$r")" = 0 ] || { echo "sqlite3 .import failed: $r"; exit 1; }
ts=$(field wall "$r")
[ "$(sqlite3 "$dir/s.db" 'SELECT count(*) FROM games')" = "$games" ] || { echo "sqlite3 .import lost rows"; exit 1; }
printf 'sqlite3 .import: %8.2f s  (%s rows of 7 tables from CSV into the same schema)\n' "$ts" "$rows"
x=$(awk -v a="$ti" -v b="$ts" 'BEGIN { printf "%.2f", a / b }')
printf 'ratio import / .import: %s  (target: at most 1.2)\n' "$x"
row "import $games games" 1 "$ti s" "sqlite3 .import ${ts} s" "${x}x .import" "<= 1.2x .import"
# the same with two threads replaying (the store the same)
r=$("$fb" -o /dev/null -- "$ff" import -q --threads 2 --db "$dir/f2.db" "$dir/g.fgn")
[ "$(field status "$r")" = 0 ] || { echo "import --threads 2 failed: $r"; exit 1; }
t2=$(field wall "$r")
x2=$(awk -v a="$t2" -v b="$ts" 'BEGIN { printf "%.2f", a / b }')
printf 'fivefold import --threads 2: %8.2f s  (%s x .import)\n' "$t2" "$x2"
row "import $games games" 2 "$t2 s" "sqlite3 .import ${ts} s" "${x2}x .import" "<= 1.2x .import"
rm -f "$dir/f2.db"*
# bytes per game: the store file against the FGN it came from
fgn=$(wc -c <"$dir/g.fgn")
db=$(sqlite3 "$dir/f.db" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null; wc -c <"$dir/f.db")
bg=$(awk -v b="$db" -v n="$games" 'BEGIN { printf "%.0f", b / n }')
bf=$(awk -v b="$fgn" -v n="$games" 'BEGIN { printf "%.0f", b / n }')
printf 'store size: %s bytes a game; the FGN: %s bytes a game\n' "$bg" "$bf"
row "store size" - "$bg bytes/game" "FGN $bf bytes/game" \
	"$(awk -v a="$bg" -v b="$bf" 'BEGIN { printf "%.2fx", a / b }') FGN" "<= 1x FGN, same information"
f0=$(field wall "$("$fb" -o /dev/null -- sqlite3 "$dir/f.db" 'SELECT count(*) FROM games')")

# every filter (the player and the origin match every game here: the
# slowest case for them; no game has a Date, so --since reads the index
# and finds none)
for args in "" "--compare four-stones" "--game fivelines" "--rules schaedler" \
	"--game fivelines --rules schaedler" "--options skip-last" "--origin simulated" \
	"--player greedy" "--since 2026.01.01"; do
	r=$("$fb" -o /dev/null -- "$ff" stats --db "$dir/f.db" $args)
	printf 'stats %-36s %6.3f s  (target: under 0.5 s)\n' "$args" "$(field wall "$r")"
	row "stats ${args:-(no filter)}, $games games" - "$(field wall "$r") s" \
		"sqlite3 count(*) ${f0} s" "$(awk -v a="$(field wall "$r")" -v b="$f0" \
		'BEGIN { printf "%.1fx", a / b }') count(*)" "< 0.5 s"
done
