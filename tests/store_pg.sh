#!/bin/sh
# The store on PostgreSQL, through the CLI, with the SQLite store as the
# reference: a throw-away server (tests/pgserver.sh) gets the same imports
# as a SQLite file, and the two must agree byte for byte: import's counts
# and diagnostics, every table's rows, stats (every filter, --compare,
# every format), export; then what PostgreSQL must do on its own: the key
# is the SHA-256 of the stored FGN, the plies are kept as codes, the
# quarantine keeps raw bytes, a hash
# collision is quarantined, not dropped; store copy to and from SQLite
# without loss; an import killed with SIGKILL at several points and run
# again gives the store an uninterrupted import gives; four importers at
# once of overlapping files lose nothing and store nothing twice; a newer
# schema and a database that is no store are refused; a version-5 store
# (made by the previous fivefold) is read and upgraded; every stats filter
# is served by an index (tests/test_store with FF_TEST_PG_URL). Skipped,
# saying why, only when the PostgreSQL server binaries are missing.
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
cli=$srcdir/tests/cli
. "$srcdir/tests/pgserver.sh"
tmp=$(mktemp -d) || exit 1
trap 'pg_stop; rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {
	if [ "$2" = 0 ]; then pass=$((pass + 1)); [ -z "${VERBOSE:-}" ] || echo "ok: $1"
	else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
command -v sqlite3 >/dev/null || { echo "store_pg: the sqlite3 shell is needed"; exit 1; }
pg_start
case $? in 0) ;; 77) exit 77 ;; *) echo "store_pg: cannot start a PostgreSQL server"; exit 1 ;; esac

# the same rows of a store, for comparisons: games (its template and
# source by text, its FGN through the games_fgn view), rulesets, seats
# (with the player's name) and the quarantine (raw text in hex), in id
# order, ids left out (a PostgreSQL import numbers the duplicates it skips
# too), codes left out (an import killed part way may leave one unused)
cols="ruleset, seats, sides, first_seat, first_side, result, winner_side, termination, plies,
	seed, origin, event, site, date, round, (SELECT path FROM sources WHERE id = source_id),
	source_game, source_line, (SELECT template FROM headers WHERE id = header), body"
rest_sql="SELECT fgn FROM games_fgn ORDER BY id; SELECT * FROM rulesets ORDER BY ruleset"
seats_sql="s.seat, s.side, p.name FROM seats s JOIN games g ON g.id = s.game_id
	LEFT JOIN players p ON p.id = s.player_id ORDER BY g.id, s.seat"
dump_sqlite() {
	sqlite3 "$1" "SELECT lower(hex(hash)), $cols FROM games ORDER BY id; $rest_sql;
		SELECT lower(hex(g.hash)), $seats_sql; SELECT hash, source_file, source_game,
		source_line, verdict, code, diagnostics, lower(hex(raw)) FROM quarantine ORDER BY id"
}
dump_pg() {
	pg_psql "$1" -At -F '|' -c "SELECT encode(hash, 'hex'), $cols FROM games ORDER BY id" \
		-c "$rest_sql" -c "SELECT encode(g.hash, 'hex'), $seats_sql" -c "SELECT hash,
		source_file, source_game, source_line, verdict, code, diagnostics, encode(raw, 'hex')
		FROM quarantine ORDER BY id"
}

# 1. one import into each: the same counts, diagnostics and rows
"$ff" simulate --game fivelines --rules kidd --games 200 --seed 5 --agents greedy >"$tmp/a.fgn"
"$ff" simulate --game sequence --seats 3 --games 40 --seed 7 >"$tmp/b.fgn"
"$ff" simulate --game fiveplay --games 40 --seed 3 >"$tmp/c.fgn"
"$ff" simulate --game pegsjokers --games 10 --seed 2 --agents greedy >"$tmp/d.fgn"
cp "$cli/illegal.fgn" "$cli/syntax.fgn" "$tmp/"
printf '[Game "fivelines"]\n\377\000 1. 4:x *\n' >"$tmp/bytes.fgn"   # bytes no text column takes
files="a.fgn b.fgn c.fgn d.fgn illegal.fgn syntax.fgn bytes.fgn"
u1=$(pg_newdb one)
(cd "$tmp" && "$ff" import --db s.db $files >s.out 2>s.err; echo $? >s.rc)
(cd "$tmp" && "$ff" import --db "$u1" $files >p.out 2>p.err; echo $? >p.rc)
[ "$(cat "$tmp/p.rc")" = 1 ] && cmp -s "$tmp/s.rc" "$tmp/p.rc"; check "import exits 1 on both (quarantined games)" $?
grep -qx 'read 293 games: 290 stored, 0 duplicates, 3 quarantined' "$tmp/p.out" && cmp -s "$tmp/s.out" "$tmp/p.out"
check "import counts the same" $?
[ -s "$tmp/p.err" ] && cmp -s "$tmp/s.err" "$tmp/p.err"; check "import diagnostics the same" $?
dump_sqlite "$tmp/s.db" >"$tmp/ds"
dump_pg one >"$tmp/dp"
[ "$(wc -l <"$tmp/dp")" -gt 2000 ] && cmp -s "$tmp/ds" "$tmp/dp"; check "the same rows in every table" $?
[ "$(pg_psql one -At -c "SELECT count(*) FROM games_fgn WHERE hash <> encode(sha256(convert_to(fgn, 'UTF8')), 'hex')")" = 0 ]
check "key = SHA-256 of the stored FGN" $?
sqlite3 "$tmp/s.db" "SELECT code, ply, (SELECT count(*) FROM games WHERE moves IS NOT NULL) FROM ply_codes ORDER BY code" >"$tmp/cs"
pg_psql one -At -F '|' -c "SELECT code, ply, (SELECT count(*) FROM games WHERE moves IS NOT NULL) FROM ply_codes ORDER BY code" |
	cmp -s - "$tmp/cs" && [ "$(pg_psql one -At -c "SELECT count(*) FROM games g JOIN games_fgn f USING (id) WHERE g.moves IS NOT NULL")" = 290 ]
check "the same ply codes; every game's plies kept as codes" $?
[ "$(pg_psql one -At -c "SELECT encode(raw, 'hex') FROM quarantine WHERE source_file LIKE '%bytes.fgn'")" = "$(od -An -tx1 -v "$tmp/bytes.fgn" | tr -d ' \n')" ]
check "quarantine keeps raw bytes (a NUL, a byte not UTF-8)" $?
[ "$(pg_psql one -At -c "SELECT count(*) FROM pg_inherits WHERE inhparent = 'games'::regclass")" = 5 ]
check "games partitioned: an engine's games each in its own partition, and a default one" $?

# every ply code taken (one for each of 1,112,063 code points): games with
# a ply that has no code keep their body, and read back byte for byte
"$ff" simulate --game pegsjokers --games 3 --seed 1 >"$tmp/pjf.fgn"
uf=$(pg_newdb codesfull)
(cd "$tmp" && "$ff" import -q --db "$uf" a.fgn >/dev/null 2>&1) &&
	pg_psql codesfull -At -c "SELECT setval('ply_codes_code_seq', 1112063)" >/dev/null &&
	(cd "$tmp" && "$ff" import --db "$uf" pjf.fgn >pf.out 2>pf.err) &&
	grep -qx 'read 3 games: 3 stored, 0 duplicates, 0 quarantined' "$tmp/pf.out" && [ ! -s "$tmp/pf.err" ] &&
	[ "$(pg_psql codesfull -At -c "SELECT count(*) FROM games WHERE moves IS NULL AND body IS NOT NULL")" = 3 ] &&
	"$ff" export --db "$uf" --game pegsjokers | cmp -s - "$tmp/pjf.fgn"
check "every ply code taken: new games keep their body and read back byte for byte" $?

# 2. the same import again changes nothing
(cd "$tmp" && "$ff" import -q --db "$u1" $files >p2.out 2>&1)
grep -qx 'read 293 games: 0 stored, 290 duplicates, 3 quarantined (3 of them already in quarantine)' "$tmp/p2.out"
check "rerun: every game a duplicate, every entry there already" $?
dump_pg one | cmp -s - "$tmp/dp"; check "rerun leaves every row as it was" $?
cat "$tmp/a.fgn" "$tmp/a.fgn" >"$tmp/twice.fgn"   # a game and its duplicate in one batch
u6=$(pg_newdb twice)
"$ff" import -q --db "$u6" "$tmp/twice.fgn" >"$tmp/tw.out" 2>&1
grep -qx 'read 400 games: 200 stored, 200 duplicates, 0 quarantined' "$tmp/tw.out"
check "a duplicate in the same batch: counted, stored once" $?

# 3. stats and export give the same bytes from both
ok=0
for args in "" "--game fivelines" "--game fivelines --rules kidd" "--rules standard" \
	"--options skip-last" "--option dice" "--origin simulated" "--origin imported" "--since 2026.01.01" \
	"--until 2020.01.01" "--player nobody" "--compare skip-last" "-f csv" "-f json" \
	"--game sequence -f csv"; do
	"$ff" stats --db "$tmp/s.db" $args >"$tmp/st1" 2>&1
	"$ff" stats --db "$u1" $args >"$tmp/st2" 2>&1
	cmp -s "$tmp/st1" "$tmp/st2" || { ok=1; echo "stats $args differs"; }
done
check "stats: the same output for every filter and format" $ok
ok=0
for args in "" "-f jsonl" "-f csv" "--result 1-0" "--min-plies 20 --max-plies 60" "--limit 7" \
	"--seed 6" "--game sequence --limit 3" "-f csv --seats 3" "--seats 4 --limit 3" "-f csvply --seats 3"; do
	"$ff" export --db "$tmp/s.db" $args >"$tmp/x1" 2>&1
	"$ff" export --db "$u1" $args >"$tmp/x2" 2>&1
	cmp -s "$tmp/x1" "$tmp/x2" || { ok=1; echo "export $args differs"; }
done
check "export: the same output for every filter and format" $ok
# export --seats N: the games stored with N seats (and -f csv their
# derived columns, the same bytes from both, above)
ok=0
for n in 2 3 4 5; do
	[ "$("$ff" export --db "$u1" --seats $n | grep -c '^\[Game ')" = \
	  "$(sqlite3 "$tmp/s.db" "SELECT count(*) FROM games WHERE seats = $n")" ] || ok=1
done
[ "$("$ff" export --db "$u1" --seats 3 -f csv | grep -c ',sequence/standard,3,[0-9]*,[0-3],[a-z]*,simulated,')" = 40 ] || ok=1
check "export --seats N from PostgreSQL: the games stored with N seats" $ok

# 4. store copy, SQLite -> PostgreSQL -> SQLite, loses nothing
u2=$(pg_newdb two)
"$ff" store copy "$tmp/s.db" "$u2" >"$tmp/c1.out" 2>&1
grep -qx 'copied 290 games: 290 stored, 0 duplicates, 0 quarantined; 3 quarantine entries: 3 added, 0 there already; 0 analyses: 0 kept, 0 without their game' "$tmp/c1.out"
check "store copy to PostgreSQL: counts" $?
dump_pg two | cmp -s - "$tmp/dp"; check "store copy to PostgreSQL: every row" $?
"$ff" store copy "$u2" "$tmp/back.db" >/dev/null 2>&1
dump_sqlite "$tmp/back.db" | cmp -s - "$tmp/ds"; check "store copy back to SQLite: every row" $?
"$ff" store copy "$tmp/s.db" "$u2" >"$tmp/c2.out" 2>&1
grep -qx 'copied 290 games: 0 stored, 290 duplicates, 0 quarantined; 3 quarantine entries: 0 added, 3 there already; 0 analyses: 0 kept, 0 without their game' "$tmp/c2.out"
check "store copy again adds nothing" $?
"$ff" store copy "$tmp/s.db" "$tmp/s.db" >/dev/null 2>&1; [ $? = 2 ]
check "store copy onto itself: usage error" $?

# 5. a hash collision is kept in quarantine, with the same diagnostic as
# SQLite's: game 2 taken out, and its key given to game 1
k2=$(sqlite3 "$tmp/s.db" 'SELECT lower(hex(hash)) FROM games WHERE id = 2')
u3=$(pg_newdb three)
"$ff" import -q --db "$u3" "$tmp/a.fgn" >/dev/null 2>&1
cp "$tmp/s.db" "$tmp/col.db"
sqlite3 "$tmp/col.db" "DELETE FROM seats WHERE game_id = 2;
	DELETE FROM games WHERE id = 2; UPDATE games SET hash = X'$k2' WHERE id = 1"
pg_psql three -c "DELETE FROM seats WHERE game_id = 2;
	DELETE FROM games WHERE id = 2; UPDATE games SET hash = decode('$k2', 'hex') WHERE id = 1"
(cd "$tmp" && "$ff" import --db col.db a.fgn >col1.out 2>col1.err)
(cd "$tmp" && "$ff" import --db "$u3" a.fgn >col2.out 2>col2.err)
grep -q 'read 200 games: 1 stored, 198 duplicates, 1 quarantined' "$tmp/col2.out" &&
	grep -q 'hash collision' "$tmp/col2.err" && cmp -s "$tmp/col1.err" "$tmp/col2.err"
check "hash collision quarantined, as SQLite does it" $?
[ "$(pg_psql three -At -c "SELECT verdict || ' ' || code FROM quarantine")" = "collision hash-collision" ]
check "collision entry: verdict and code" $?

# 6. SIGKILL part way, several times, then once to the end: the same
# store as an uninterrupted import, nothing lost, nothing twice
"$ff" simulate --game fivelines --rules schaedler --games 30000 --seed 9 --threads 2 >"$tmp/big.fgn"
cat "$cli/syntax.fgn" >>"$tmp/big.fgn"
uc=$(pg_newdb clean)
t0=$(date +%s.%N)
"$ff" import -q --db "$uc" "$tmp/big.fgn" >/dev/null 2>&1
t1=$(date +%s.%N)
uk=$(pg_newdb killed)
kills=0
# kill after 1/8, 1/6, 1/5 and 1/4 of the uninterrupted import's time T:
# each run reaches at most its time's share of the games past the last
# one's, so the four together store at most 0.74 of them
for delay in $(awk -v a="$t0" -v b="$t1" 'BEGIN { t = b - a; printf "%.2f %.2f %.2f %.2f", t / 8, t / 6, t / 5, t / 4 }'); do
	"$ff" import -q --db "$uk" "$tmp/big.fgn" >/dev/null 2>&1 &
	pid=$!
	sleep "$delay"
	kill -9 "$pid" 2>/dev/null && kills=$((kills + 1))
	wait "$pid" 2>/dev/null
done
n=$(pg_psql killed -At -c 'SELECT count(*) FROM games')
[ "$kills" -ge 2 ] && [ "$n" -lt 30000 ]; check "imports killed part way ($kills kills, $n of 30000 stored)" $?
"$ff" import -q --db "$uk" "$tmp/big.fgn" >"$tmp/kout" 2>&1
[ $? = 1 ] && grep -q ' 1 quarantined' "$tmp/kout"; check "rerun after kills completes" $?
dump_pg killed >"$tmp/dk"
dump_pg clean >"$tmp/dc"
cmp -s "$tmp/dk" "$tmp/dc"; check "killed and rerun = uninterrupted import" $?

# 7. four importers at once of overlapping files: every game once
"$ff" simulate --game fivelines --rules kidd --games 16000 --seed 100 >"$tmp/all.fgn"
part() { awk -v a="$1" -v b="$2" -v m="$3" '/^\[Game /{ n++ } n > a && n <= b && n % m == 0' "$tmp/all.fgn"; }
part 0 8000 1 >"$tmp/p1.fgn"
part 4000 12000 1 >"$tmp/p2.fgn"
part 8000 16000 1 >"$tmp/p3.fgn"
part 0 16000 2 >"$tmp/p4.fgn"
u4=$(pg_newdb four)
for i in 1 2 3 4; do
	"$ff" import -q --db "$u4" "$tmp/p$i.fgn" >"$tmp/o$i" 2>&1 &
	eval "p$i=\$!"
done
rcs=
for i in 1 2 3 4; do eval "wait \$p$i"; rcs="$rcs$?"; done
[ "$rcs" = 0000 ]; check "four concurrent importers all exit 0" $?
stored=$(cat "$tmp/o1" "$tmp/o2" "$tmp/o3" "$tmp/o4" | sed -n 's/.*: \([0-9]*\) stored.*/\1/p' | awk '{ s += $1 } END { print s }')
"$ff" import -q --db "$tmp/all.db" "$tmp/all.fgn" >/dev/null 2>&1
[ "$stored" = 16000 ] && [ "$(pg_psql four -At -c 'SELECT count(*), count(DISTINCT hash) FROM games')" = "16000|16000" ] &&
	[ "$(pg_psql four -At -c 'SELECT count(*) FROM seats')" = "$(sqlite3 "$tmp/all.db" 'SELECT count(*) FROM seats')" ]
check "concurrent importers: every game stored once ($stored stored in all)" $?
sqlite3 "$tmp/all.db" 'SELECT lower(hex(hash)) FROM games ORDER BY 1' >"$tmp/h1"
pg_psql four -At -c "SELECT encode(hash, 'hex') FROM games ORDER BY 1" | cmp -s - "$tmp/h1"
check "concurrent importers: the games are the file's" $?

# 8. refusals: a newer schema, a database that is no store, no server
pg_psql four -c 'UPDATE fivefold_schema SET version = 99'
"$ff" stats --db "$u4" >/dev/null 2>"$tmp/newer"; [ $? = 1 ] && grep -q "schema version 99, newer than this fivefold's" "$tmp/newer"
check "newer store refused by stats" $?
"$ff" import --db "$u4" "$tmp/p1.fgn" >/dev/null 2>"$tmp/newer"; [ $? = 1 ] && grep -q "schema version 99, newer" "$tmp/newer"
check "newer store refused by import" $?
u5=$(pg_newdb empty)
"$ff" stats --db "$u5" >/dev/null 2>"$tmp/none"; [ $? = 1 ] && grep -q "is not a fivefold store" "$tmp/none" &&
	[ "$(pg_psql empty -At -c "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")" = 0 ]
check "stats of a database that is no store: refused, nothing made" $?
"$ff" stats --db "postgresql:///nodb?host=$FF_PG_DIR&user=fivefold" >/dev/null 2>"$tmp/nodb"
[ $? = 1 ] && grep -q "cannot open store 'postgresql:///nodb" "$tmp/nodb"; check "no such database: exit 1, a message" $?
"$ff" stats --db "postgresql://fivefold:secret@localhost:1/x" >/dev/null 2>"$tmp/pw"
[ $? = 1 ] && ! grep -q secret "$tmp/pw"; check "a password in the URL is not printed" $?

# 9. a version-5 store made by the previous fivefold on PostgreSQL
# (tests/cli/store_v5_pg.sql: the games of the SQLite fixture
# tests/cli/store_v5.sql): read as it is, the same as the SQLite store;
# its first import upgrades it to 6, and its games read back the same
# through export and the games_fgn view
u5=$(pg_newdb five)
pg_psql five -f "$cli/store_v5_pg.sql" >/dev/null 2>&1
sqlite3 "$tmp/v5.db" <"$cli/store_v5.sql"
"$ff" export --db "$tmp/v5.db" >"$tmp/v5s.fgn"
"$ff" stats --db "$tmp/v5.db" --format csv >"$tmp/v5s.stats"
"$ff" export --db "$u5" | cmp -s - "$tmp/v5s.fgn" && "$ff" stats --db "$u5" --format csv | cmp -s - "$tmp/v5s.stats"
check "version-5 store: read as the SQLite fixture reads" $?
"$ff" import -q --db "$u5" "$tmp/v5s.fgn" | grep -qx 'read 9 games: 0 stored, 9 duplicates, 0 quarantined' &&
	[ "$(pg_psql five -At -c 'SELECT version FROM fivefold_schema')" = 8 ]
check "version-5 store: its games found again, upgraded to 8" $?
pg_psql five -At -c "SELECT string_agg(fgn, '' ORDER BY id) FROM games_fgn" >"$tmp/v5p.view"
printf '\n' | cat "$tmp/v5s.fgn" - | cmp -s - "$tmp/v5p.view" && "$ff" export --db "$u5" | cmp -s - "$tmp/v5s.fgn" &&
	"$ff" stats --db "$u5" --format csv | cmp -s - "$tmp/v5s.stats"
check "version-5 store: export, games_fgn and stats as before the upgrade" $?

# 10. every stats filter is served by an index (the plan check of test_store)
FF_TEST_PG_URL=$u1 "$top_builddir/tests/test_store" >"$tmp/plan" 2>&1
[ $? = 0 ] && grep -q 'postgresql: every stats filter' "$tmp/plan"; check "PostgreSQL plans: every filter served by an index" $?
[ $? = 0 ] || cat "$tmp/plan"

echo "store_pg: $pass passed, $fail failed"
[ "$fail" = 0 ]
