#!/bin/sh
# Store tests through the CLI: import counts and idempotence, the
# quarantine keeps raw text, a killed import completes on rerun with the
# same contents as an uninterrupted one, two imports at once, a newer
# schema refused, a version-1 store upgraded, export gives canonical FGN,
# stats and --compare formats, stats per seat count (Sequence).
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
[ "$(q "$tmp/s.db" 'PRAGMA user_version')" = 2 ]; check "schema version 2" $?
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
grep -q "schema version 99, newer than this fivefold's 2" "$tmp/newer"; check "newer store: message" $?

# 8. a version-1 store made by the previous fivefold (tests/cli/store_v1.sql:
# three games, Sequence at 2 and 3 seats among them) is upgraded on opening
# to the schema of a new store, and keeps its games
schema() { q "$1" 'SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name'; }
sqlite3 "$tmp/v1.db" <"$cli/store_v1.sql"
[ "$(q "$tmp/v1.db" 'PRAGMA user_version')" = 1 ]; check "version-1 store: fixture loads" $?
"$ff" stats --db "$tmp/v1.db" >"$tmp/v1.out" 2>&1; check "version-1 store: stats exits 0" $?
[ "$(q "$tmp/v1.db" 'PRAGMA user_version')" = 2 ]; check "version-1 store: upgraded to 2" $?
[ "$(q "$tmp/v1.db" 'PRAGMA integrity_check')" = ok ]; check "version-1 store: consistent" $?
schema "$tmp/v1.db" >"$tmp/sch1"
schema "$tmp/s.db" >"$tmp/sch2"
cmp -s "$tmp/sch1" "$tmp/sch2"; check "version-1 store: schema = a new store's" $?
[ "$(grep -c '^sequence/standard, [23] seats  ' "$tmp/v1.out")" = 2 ]; check "version-1 store: stats per seat count" $?
"$ff" export --db "$tmp/v1.db" >"$tmp/v1.fgn"
"$ff" import --db "$tmp/v1.db" "$tmp/v1.fgn" 2>&1 | grep -qx 'read 3 games: 0 stored, 3 duplicates, 0 quarantined'
check "version-1 store: its games are found again" $?
# the query of db/stats.c reads only the index, in its order
plan=$(q "$tmp/v1.db" 'EXPLAIN QUERY PLAN SELECT ruleset, seats, sides, plies, first_side, winner_side,
	result FROM games INDEXED BY games_stats WHERE 1 ORDER BY ruleset, seats, plies')
case $plan in *'COVERING INDEX games_stats'*) ! echo "$plan" | grep -q 'TEMP B-TREE' ;; *) false ;; esac
check "stats query: covering index, no sort" $?

# 9. stats and --compare on a fixed store (expected files in tests/cli)
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

# 10. Sequence at 2, 3 and 4 seats (one ruleset id): one group per seat count
for n in 2 3 4; do
	"$ff" simulate --game sequence --seats $n --agents greedy --games 300 --seed $n >"$tmp/seq$n.fgn"
done
(cd "$tmp" && "$ff" import -q --db seq.db seq2.fgn seq3.fgn seq4.fgn >/dev/null)
"$ff" stats --db "$tmp/seq.db" >"$tmp/seq.text"
[ "$(awk '$1 == "sequence/standard," { print $2, $3, $4 }' "$tmp/seq.text" | tr '\n' ' ')" = \
  "2 seats 300 3 seats 300 4 seats 300 " ]
check "sequence: three groups of 300 games" $?
[ "$(grep -c '^sequence/' "$tmp/seq.text")" = 3 ]; check "sequence: nothing pooled" $?
# a side rate per side: three at 3 seats, two (teams) at 4 seats
[ "$(grep '^sequence/standard, 3 seats' "$tmp/seq.text" | grep -o '\[0\.[0-9]*, ' | wc -l)" = 4 ]
check "sequence: three side columns at 3 seats" $?
[ "$(grep '^sequence/standard, 4 seats' "$tmp/seq.text" | grep -o '\[0\.[0-9]*, ' | wc -l)" = 3 ]
check "sequence: two side columns at 4 seats (teams)" $?
"$ff" stats --db "$tmp/seq.db" --format csv >"$tmp/seq.csv"
head -n 1 "$tmp/seq.csv" | grep -q '^ruleset,seats,games,'; check "sequence csv: seats column" $?
[ "$(awk -F, 'NR > 1 { print $1, $2, $3 }' "$tmp/seq.csv" | tr '\n' ' ')" = \
  '"sequence/standard" 2 300 "sequence/standard" 3 300 "sequence/standard" 4 300 ' ]
check "sequence csv: seats and games" $?
# at 3 seats W1, W2 and W3 are each side's wins, D the draws; with the
# unfinished games they add up to the games
w=$(for k in 1 2 3; do grep -c "^\[Result \"W$k\"\]" "$tmp/seq3.fgn"; done | tr '\n' ' ')
d=$(grep -c '^\[Result "D"\]' "$tmp/seq3.fgn")
awk -F, -v w="$w" -v d="$d" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	$2 == 3 {
		got = $c["side1_wins"] " " $c["side2_wins"] " " $c["side3_wins"] " "
		sum = $c["side1_wins"] + $c["side2_wins"] + $c["side3_wins"] + $c["draws"] + $c["unfinished"]
		ok = got == w && $c["draws"] == d && sum == $c["games"] && $c["games"] == 300
	}
	END { exit !ok }' "$tmp/seq.csv"
check "sequence csv: W1/W2/W3 and D counted at 3 seats ($w/ $d)" $?
"$ff" stats --db "$tmp/seq.db" --format json | grep -q '^{"ruleset":"sequence/standard","seats":3,"games":300,'
check "sequence json: seats key" $?
# --compare pairs only groups with the same seat count
"$ff" simulate --game sequence --seats 4 --options sequences=1 --agents greedy --games 300 --seed 4 \
	>"$tmp/seq4s1.fgn"
"$ff" import -q --db "$tmp/seq.db" "$tmp/seq4s1.fgn" >/dev/null
"$ff" stats --db "$tmp/seq.db" --compare sequences >"$tmp/seqcmp.text"
[ "$(grep -c ' games  *300  first player' "$tmp/seqcmp.text")" = 2 ] &&
	grep -q '^sequence/standard, 4 seats  (default)  ' "$tmp/seqcmp.text" &&
	grep -q '^sequence/standard, 4 seats  sequences=1  ' "$tmp/seqcmp.text" &&
	grep -q 'sequences=1 - (default): first player' "$tmp/seqcmp.text"
check "sequence --compare: the 4-seat arms only" $?
"$ff" stats --db "$tmp/seq.db" --compare sequences --format csv >"$tmp/seqcmp.csv"
[ "$(awk -F, 'NR > 1 { print $1, $2, $3, $4 }' "$tmp/seqcmp.csv" | tr '\n' ' ')" = \
  '"sequence/standard" 4 "(default)" 300 "sequence/standard" 4 "sequences=1" 300 ' ]
check "sequence --compare csv: same seat count" $?

echo "store: $pass passed, $fail failed"
[ "$fail" = 0 ]
