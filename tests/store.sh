#!/bin/sh
# Store tests through the CLI: import counts and idempotence, the
# quarantine keeps raw text, a killed import completes on rerun with the
# same contents as an uninterrupted one, two imports at once, a newer
# schema refused, export gives canonical FGN, stats and --compare formats.
# Needs the sqlite3 shell.
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
cli=$srcdir/tests/cli
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }
q() { sqlite3 "$1" "$2"; }
# a store's contents, for comparisons: every table, in id order
dump() {
	sqlite3 "$1" "SELECT id, hash, ruleset, plies, result, winner_side, origin, source_file,
		source_game FROM games ORDER BY id; SELECT * FROM tags ORDER BY game_id, pos;
		SELECT * FROM seats ORDER BY game_id, seat; SELECT * FROM players ORDER BY id;
		SELECT id, hash, source_game, code, length(raw) FROM quarantine ORDER BY id;"
}

command -v sqlite3 >/dev/null || { echo "store: the sqlite3 shell is needed"; exit 1; }

# 1. counts: 200 simulated games, one illegal and one malformed record
"$ff" simulate --game fivelines --rules kidd --games 200 --seed 5 --agents greedy >"$tmp/a.fgn"
cp "$cli/illegal.fgn" "$cli/syntax.fgn" "$tmp/"
(cd "$tmp" && "$ff" import --db s.db a.fgn illegal.fgn syntax.fgn >out 2>err)
check "import exits 0" $?
grep -qx 'read 202 games: 200 stored, 0 duplicates, 2 quarantined' "$tmp/out"; check "import counts" $?
grep -q 'illegal.fgn:8:23: error: game 1, ply 5 (seat 1)' "$tmp/err"; check "import prints diagnostics" $?
[ "$(q "$tmp/s.db" 'PRAGMA user_version')" = 1 ]; check "schema version 1" $?
[ "$(q "$tmp/s.db" "SELECT count(*) FROM games WHERE origin = 'simulated'")" = 200 ]; check "origin simulated" $?
[ "$(q "$tmp/s.db" 'SELECT count(*) FROM tags')" = 1400 ]; check "tags stored" $?
[ "$(q "$tmp/s.db" 'SELECT count(*) FROM seats')" = 400 ]; check "seats stored" $?

# 2. the quarantine keeps the raw text, byte for byte, and the diagnostics
q "$tmp/s.db" "SELECT raw FROM quarantine WHERE code = 'illegal-move'" >"$tmp/raw"
printf '\n' >>"$tmp/illegal.fgn.nl"
cmp -s "$tmp/raw" "$tmp/illegal.fgn" || { head -c -1 "$tmp/illegal.fgn" >"$tmp/trim"; cmp -s "$tmp/raw" "$tmp/trim"; }
check "quarantine raw text" $?
[ "$(q "$tmp/s.db" "SELECT verdict || ' ' || code FROM quarantine ORDER BY id" | tr '\n' ' ')" = "illegal illegal-move malformed syntax " ]
check "quarantine verdicts and codes" $?

# 3. idempotence: the same import again changes nothing
dump "$tmp/s.db" >"$tmp/d1"
(cd "$tmp" && "$ff" import -q --db s.db a.fgn illegal.fgn syntax.fgn >out2 2>&1)
grep -qx 'read 202 games: 0 stored, 200 duplicates, 2 quarantined (2 of them already in quarantine)' "$tmp/out2"
check "rerun counts" $?
dump "$tmp/s.db" >"$tmp/d2"
cmp -s "$tmp/d1" "$tmp/d2"; check "rerun leaves the store unchanged" $?

# 4. export gives canonical FGN: the simulator's own bytes
"$ff" export --db "$tmp/s.db" --origin simulated >"$tmp/e.fgn"
cmp -s "$tmp/e.fgn" "$tmp/a.fgn"; check "export = canonical FGN" $?

# 5. kill -9 part way, rerun, compare with an uninterrupted import
"$ff" simulate --game fivelines --rules schaedler --games 60000 --seed 9 --threads 2 >"$tmp/big.fgn"
cat "$cli/syntax.fgn" >>"$tmp/big.fgn"
"$ff" import -q --db "$tmp/clean.db" "$tmp/big.fgn" >/dev/null 2>&1
killed=0
for delay in 0.3 0.6 1 0.15; do
	rm -f "$tmp/k.db" "$tmp/k.db-wal" "$tmp/k.db-shm"
	"$ff" import -q --db "$tmp/k.db" "$tmp/big.fgn" >/dev/null 2>&1 &
	pid=$!
	sleep "$delay"
	if kill -9 "$pid" 2>/dev/null; then
		wait "$pid" 2>/dev/null
		n=$(q "$tmp/k.db" 'SELECT count(*) FROM games' 2>/dev/null || echo 0)
		if [ "$n" -lt 60000 ]; then killed=1; break; fi
	fi
	wait "$pid" 2>/dev/null
done
[ "$killed" = 1 ]; check "an import was killed part way ($n of 60000 stored)" $?
[ "$(q "$tmp/k.db" 'PRAGMA integrity_check')" = ok ]; check "killed store is consistent" $?
"$ff" import -q --db "$tmp/k.db" "$tmp/big.fgn" >"$tmp/kout" 2>&1
check "rerun after kill exits 0" $?
dump "$tmp/k.db" >"$tmp/dk"
dump "$tmp/clean.db" >"$tmp/dc"
cmp -s "$tmp/dk" "$tmp/dc"; check "rerun after kill = uninterrupted import" $?

# 6. two imports into one store at once: both finish, nothing lost
"$ff" simulate --game fivelines --rules kidd --games 20000 --seed 100 --agents greedy >"$tmp/c1.fgn"
"$ff" simulate --game fivelines --rules locusludi-race --games 20000 --seed 100 >"$tmp/c2.fgn"
"$ff" import -q --db "$tmp/c.db" "$tmp/c1.fgn" >"$tmp/o1" 2>&1 &
p1=$!
"$ff" import -q --db "$tmp/c.db" "$tmp/c2.fgn" >"$tmp/o2" 2>&1 &
p2=$!
wait $p1; r1=$?
wait $p2; r2=$?
[ "$r1$r2" = 00 ]; check "concurrent imports both exit 0" $?
[ "$(q "$tmp/c.db" 'SELECT count(*) FROM games')" = 40000 ]; check "concurrent imports lose nothing" $?

# 7. a store newer than the program is refused
q "$tmp/c.db" 'PRAGMA user_version = 99'
"$ff" stats --db "$tmp/c.db" >/dev/null 2>"$tmp/newer"
[ $? = 1 ]; check "newer store: exit 1" $?
grep -q "schema version 99, newer than this fivefold's 1" "$tmp/newer"; check "newer store: message" $?

# 8. stats and --compare on a fixed store (expected files in tests/cli)
for o in "" skip-last; do
	"$ff" simulate --game fivelines --rules kidd --options "$o" --games 300 --seed 1 --agents greedy
done >"$tmp/arms.fgn"
"$ff" import -q --db "$tmp/arms.db" "$tmp/arms.fgn" >/dev/null
for f in text csv json; do
	"$ff" stats --db "$tmp/arms.db" --format $f >"$tmp/stats.$f"
	cmp -s "$tmp/stats.$f" "$cli/stats.$f" || { [ -n "${REGEN:-}" ] && cp "$tmp/stats.$f" "$cli/stats.$f"; diff "$cli/stats.$f" "$tmp/stats.$f" | head; false; }
	check "stats --format $f" $?
	"$ff" stats --db "$tmp/arms.db" --compare skip-last --format $f >"$tmp/cmp.$f"
	cmp -s "$tmp/cmp.$f" "$cli/compare.$f" || { [ -n "${REGEN:-}" ] && cp "$tmp/cmp.$f" "$cli/compare.$f"; diff "$cli/compare.$f" "$tmp/cmp.$f" | head; false; }
	check "stats --compare --format $f" $?
done

echo "store: $pass passed, $fail failed"
[ "$fail" = 0 ]
