#!/bin/sh
# The main job: set up, then simulate 3,000 Five Lines games under each of
# two presets (Schaedler's and Kidd's, greedy agents), validate them all,
# import them into the SQLite store _build/fivefold.db and print its
# statistics. The games are left in _build/games.fgn.
set -eu
cd "$(dirname "$0")/.."
log=$(mktemp)
if ! sh scripts/setup.sh >"$log" 2>&1; then
	cat "$log"
	echo "main-job: set-up failed (output above)" >&2
	exit 1
fi
rm -f "$log"
ff=_build/fivefold
db=_build/fivefold.db
{
	$ff simulate --game fivelines --rules schaedler --games 3000 --seed 1 --agents greedy --threads 2
	$ff simulate --game fivelines --rules kidd --games 3000 --seed 1 --agents greedy --threads 2
} >_build/games.fgn
echo "simulated 6000 games into _build/games.fgn ($(wc -c <_build/games.fgn) bytes)"
$ff validate -q --threads 2 _build/games.fgn
rm -f "$db" "$db-wal" "$db-shm"
printf 'store %s: ' "$db"
$ff import --db "$db" _build/games.fgn
$ff stats --db "$db"
