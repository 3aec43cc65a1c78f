#!/bin/sh
# The store's tests through the CLI, one suite over every store backend
# this fivefold was built with (`fivefold store backends` lists them; a
# backend built in with no adapter below fails, one left out of the build
# or whose server is missing is a SKIP saying why). Run once per backend,
# with the same expectations: import counts and idempotence, the key is
# the SHA-256 of the canonical FGN, the plies kept as codes, the
# quarantine keeps raw text, a killed import completes on rerun with the
# contents of an uninterrupted one, two imports at once, a duplicate in
# one batch, a newer schema refused, older stores (each backend's
# fixtures) read as they are and upgraded by their first import, export
# gives canonical FGN in every format, stats and --compare formats and
# filters against plain SQL, stats per seat count (Sequence), hash
# collisions quarantined, not dropped, Date tags in one stored form and
# --since/--until in both spellings. Then each backend's own cases, in
# its section: SQLite a full disk, a read-only store, a damaged file, a
# missing store, docs/store.md's SQL; PostgreSQL (a throw-away server,
# tests/pgserver.sh) the same imports as a SQLite file agreeing byte for
# byte, store copy both ways, four importers at once, the refusals of a
# database that is no store, and every stats filter served by an index
# (tests/test_store with FF_TEST_PG_URL). Each check's name starts with
# the backend it ran on. Needs the sqlite3 shell; the full-disk and
# read-only tests need to mount a tmpfs and a read-only bind mount
# (root), else they are skipped.
#
# A new backend needs an adapter: functions NAME_start (0, or 77 saying
# why it cannot run here), NAME_new BASE (print the --db value of a new
# empty store), NAME_q DB SQL (rows, columns joined by |), NAME_hex EXPR
# and NAME_bytes HEX (SQL for a blob's hex and a blob literal),
# NAME_version DB, NAME_set_version DB N, NAME_consistent DB,
# NAME_take_codes DB (every ply code taken), NAME_all_fgn (SQL: every
# game's FGN, joined, in id order), NAME_dump DB (every table's rows),
# NAME_schema DB, NAME_snap DB (what a read may not change), NAME_copy DB
# BASE (a copy; print its --db value), NAME_key32 (SQL: the key is 32
# bytes), NAME_fixtures (the older stores it has: v1 v2 v5) and
# NAME_fixture DB VERSION (load one), and optionally NAME_section (its
# own cases) and NAME_stop. STORE_BACKENDS="NAME..." runs only those.
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
cli=$srcdir/tests/cli
json_check=$(cd "$top_builddir" && pwd)/tests/json_check
tmp=$(mktemp -d) || exit 1
mounts= immutable= be=all stop=
cleanup() {
	[ -z "$stop" ] || "$stop"
	for m in $mounts; do umount "$m" 2>/dev/null || umount -l "$m"; done
	for f in $immutable; do chattr -i "$f" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
pass=0 fail=0 skip=0 tally=
check() {
	if [ "$2" = 0 ]; then pass=$((pass + 1)); [ -z "${VERBOSE:-}" ] || echo "ok: [$be] $1"
	else fail=$((fail + 1)); echo "FAIL: [$be] $1"; fi
}
skipped() { skip=$((skip + 1)); echo "SKIP: [$be] $1"; }
# the adapter's operation $1 for the backend under test
q() { "${be}_q" "$@"; }
hex() { "${be}_hex" "$@"; }
version() { "${be}_version" "$@"; }
consistent() { "${be}_consistent" "$@"; }
dump() { "${be}_dump" "$@"; }
new() { "${be}_new" "$@"; }
# the SHA-256 of a file, in hex
sha() { sha256sum "$1" | cut -d' ' -f1; }
# a file's bytes in hex
hexdump() { od -An -tx1 -v "$1" | tr -d ' \n'; }
# the value of a one-row, one-column query, byte for byte (the shells end
# every row with a newline: the last one is theirs)
value() { q "$1" "$2" | head -c -1; }
# the stored FGN of game id $2 of store $1, into file $3, byte for byte
# (the games_fgn view, which rebuilds it from the compact form)
fgn_of() { value "$1" "SELECT fgn FROM games_fgn WHERE id = $2" >"$3"; }
# whether the quarantine's raw text of entry (SQL condition) $2 of store
# $1 is file $3's bytes, or those less its last newline
raw_is() {
	r=$(q "$1" "SELECT $(hex raw) FROM quarantine WHERE $2")
	[ "$r" = "$(hexdump "$3")" ] || { head -c -1 "$3" >"$tmp/trim"; [ "$r" = "$(hexdump "$tmp/trim")" ]; }
}
# whether every seat belongs to a stored game and player, every game to
# its ruleset and source (the references, on any backend)
refs_hold() {
	[ "$(q "$1" "SELECT (SELECT count(*) FROM seats WHERE game_id NOT IN (SELECT id FROM games))
		+ (SELECT count(*) FROM seats WHERE player_id IS NOT NULL AND player_id NOT IN
		(SELECT id FROM players)) + (SELECT count(*) FROM games WHERE ruleset NOT IN
		(SELECT ruleset FROM rulesets)) + (SELECT count(*) FROM games WHERE source_id
		NOT IN (SELECT id FROM sources))")" = 0 ]
}

command -v sqlite3 >/dev/null || { echo "store: the sqlite3 shell is needed"; exit 1; }

# --- the adapters -----------------------------------------------------

# SQLite: a file in $tmp
sqlite_start() { :; }
sqlite_new() { echo "$tmp/$1.db"; }
sqlite_q() { sqlite3 "$1" "$2"; }
sqlite_hex() { echo "lower(hex($1))"; }
sqlite_bytes() { echo "X'$1'"; }
sqlite_version() { sqlite3 "$1" 'PRAGMA user_version'; }
sqlite_set_version() { sqlite3 "$1" "PRAGMA user_version = $2"; }
sqlite_consistent() {
	[ "$(sqlite3 "$1" 'PRAGMA integrity_check')" = ok ] && [ -z "$(sqlite3 "$1" 'PRAGMA foreign_key_check')" ] &&
		refs_hold "$1"
}
sqlite_take_codes() { sqlite3 "$1" "INSERT INTO ply_codes(code, ply) VALUES (1112063, 'the last code')"; }
sqlite_all_fgn() { echo "SELECT group_concat(fgn, '') FROM (SELECT fgn FROM games_fgn ORDER BY id)"; }
# a store's contents, for comparisons: every table, in id order
sqlite_dump() {
	sqlite3 "$1" "SELECT id, lower(hex(hash)), ruleset, plies, result, winner_side, origin,
		(SELECT path FROM sources WHERE id = source_id), source_game FROM games ORDER BY id;
		SELECT id, fgn FROM games_fgn ORDER BY id; SELECT * FROM rulesets ORDER BY ruleset;
		SELECT * FROM seats ORDER BY game_id, seat; SELECT * FROM players ORDER BY id;
		SELECT id, hash, source_game, code, length(raw) FROM quarantine ORDER BY id;"
}
sqlite_schema() { sqlite3 "$1" 'SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name'; }
sqlite_snap() { sha "$1"; }
sqlite_copy() { cp "$1" "$tmp/$2.db" && echo "$tmp/$2.db"; }
sqlite_key32() { echo "typeof(hash) = 'blob' AND length(hash) = 32"; }
sqlite_fixtures() { echo v1 v2 v5; }
sqlite_fixture() {
	case $2 in
	v1) sqlite3 "$1" <"$cli/store_v1.sql" ;;
	v5) sqlite3 "$1" <"$cli/store_v5.sql" ;;
	# a version-2 store, keys of 32 hex digits (two 64-bit FNV-1a
	# hashes): the version-5 fixture with its keys cut to 32 digits and
	# schema 2's index
	v2) sqlite3 "$1" <"$cli/store_v5.sql" && sqlite3 "$1" "UPDATE games SET hash = substr(hash, 1, 32);
		UPDATE quarantine SET hash = substr(hash, 1, 32); DROP INDEX games_stats;
		ALTER TABLE games DROP COLUMN players; CREATE INDEX games_stats ON games(ruleset, seats,
		plies, sides, first_side, winner_side, result, origin, options, date); PRAGMA user_version = 2" ;;
	*) return 1 ;;
	esac
}

# PostgreSQL: a database on a throw-away server (tests/pgserver.sh)
postgresql_start() {
	. "$srcdir/tests/pgserver.sh"
	pg_start
	case $? in 0) stop=pg_stop ;; 77) return 77 ;; *) echo "cannot start a PostgreSQL server"; return 1 ;; esac
}
postgresql_stop() { pg_stop; stop=; }
# the database name of a URL pg_newdb made
pg_name() { n=${1#postgresql:///}; echo "${n%%\?*}"; }
postgresql_new() { pg_newdb "$1"; }
postgresql_q() { pg_psql "$(pg_name "$1")" -At -F '|' -c "$2"; }
postgresql_hex() { echo "encode($1, 'hex')"; }
postgresql_bytes() { echo "decode('$1', 'hex')"; }
postgresql_version() { postgresql_q "$1" 'SELECT version FROM fivefold_schema'; }
postgresql_set_version() { postgresql_q "$1" "UPDATE fivefold_schema SET version = $2"; }
postgresql_consistent() { refs_hold "$1"; }
postgresql_take_codes() { postgresql_q "$1" "SELECT setval('ply_codes_code_seq', 1112063)" >/dev/null; }
postgresql_all_fgn() { echo "SELECT string_agg(fgn, '' ORDER BY id) FROM games_fgn"; }
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
postgresql_dump() {
	pg_psql "$(pg_name "$1")" -At -F '|' -c "SELECT encode(hash, 'hex'), $cols FROM games ORDER BY id" \
		-c "$rest_sql" -c "SELECT encode(g.hash, 'hex'), $seats_sql" -c "SELECT hash,
		source_file, source_game, source_line, verdict, code, diagnostics, encode(raw, 'hex')
		FROM quarantine ORDER BY id"
}
postgresql_schema() {
	pg_psql "$(pg_name "$1")" -At -F '|' -c "SELECT table_name, column_name, data_type, is_nullable,
		column_default FROM information_schema.columns WHERE table_schema = 'public'
		ORDER BY 1, 2" -c "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
		ORDER BY 1"
}
# every table's rows (whatever the schema version), and the schema
postgresql_snap() {
	for t in $(postgresql_q "$1" "SELECT table_name FROM information_schema.tables WHERE
		table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1"); do
		postgresql_q "$1" "SELECT '$t', count(*), md5(coalesce(string_agg(x::text, ' ' ORDER BY
			x::text), '')) FROM $t x"
	done
	postgresql_schema "$1"
}
postgresql_copy() {
	pg_psql postgres -c "CREATE DATABASE $2 TEMPLATE $(pg_name "$1")" &&
		echo "postgresql:///$2?host=$FF_PG_DIR&user=fivefold"
}
postgresql_key32() { echo "octet_length(hash) = 32"; }
postgresql_fixtures() { echo v5; }
postgresql_fixture() {
	case $2 in
	v5) pg_psql "$(pg_name "$1")" -f "$cli/store_v5_pg.sql" >/dev/null 2>&1 ;;
	*) return 1 ;;
	esac
}

# --- the inputs, made once for every backend ----------------------------
"$ff" simulate --game fivelines --rules kidd --games 200 --seed 5 --agents greedy >"$tmp/a.fgn"
cp "$cli/illegal.fgn" "$cli/syntax.fgn" "$tmp/"
"$ff" simulate --game pegsjokers --games 3 --seed 1 >"$tmp/pj.fgn"
"$ff" simulate --game fivelines --rules schaedler --games 60000 --seed 9 --threads 2 >"$tmp/big.fgn"
cat "$cli/syntax.fgn" >>"$tmp/big.fgn"
"$ff" simulate --game fivelines --rules kidd --games 20000 --seed 100 --agents greedy >"$tmp/c1.fgn"
"$ff" simulate --game fivelines --rules locusludi-race --games 20000 --seed 100 >"$tmp/c2.fgn"
"$ff" simulate --game fivelines --rules kidd --games 1 --seed 999 --agents greedy >"$tmp/one.fgn"
for a in "fivelines schaedler" "fivelines kidd" "fivelines kidd skip-last" \
	"fivelines locusludi-race" "fivelines locusludi-knockoff" "fiveplay standard" \
	"sequence standard"; do
	set -- $a
	"$ff" simulate --game "$1" --rules "$2" ${3:+--options "$3"} --games 12 --seed 3
done >"$tmp/mix.fgn"
for o in "" skip-last dice=knuckle "skip-last dice=knuckle"; do
	"$ff" simulate --game fivelines --rules kidd --options "$o" --games 3 --seed 2
done >"$tmp/opts.fgn"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	"$ff" simulate --game fivelines --games 2 --seed "$i" |
		sed "s/^\[Seat1 .*/[Seat1 \"p$i\"]/; s/^\[Seat2 .*/[Seat2 \"p$((i % 5 + 1))\"]/"
done >"$tmp/pl.fgn"
for o in "" skip-last; do
	"$ff" simulate --game fivelines --rules kidd --options "$o" --games 300 --seed 1 --agents greedy
done >"$tmp/arms.fgn"
for o in "" skip-last; do
	"$ff" simulate --game fivelines --rules schaedler --options "$o" --games 300 --seed 1 --agents greedy
done >"$tmp/presets.fgn"
"$ff" simulate --game fivelines --rules locusludi-race --games 40 --seed 1 --agents greedy >>"$tmp/presets.fgn"
for n in 2 3 4; do
	"$ff" simulate --game sequence --seats $n --agents greedy --games 300 --seed $n >"$tmp/seq$n.fgn"
done
"$ff" simulate --game sequence --seats 4 --options sequences=1 --agents greedy --games 300 --seed 4 \
	>"$tmp/seq4s1.fgn"

# --- the cases every backend runs ---------------------------------------
neutral() {
# 1. counts: 200 simulated games, one illegal and one malformed record
S=$(new s)
(cd "$tmp" && "$ff" import --db "$S" a.fgn illegal.fgn syntax.fgn >out 2>err)
[ $? = 1 ]; check "import exits 1: games went to quarantine" $?
grep -qx 'read 202 games: 200 stored, 0 duplicates, 2 quarantined' "$tmp/out"; check "import counts" $?
grep -q 'illegal.fgn:8:23: error: game 1, ply 5 (seat 1)' "$tmp/err"; check "import prints diagnostics" $?
# with two threads replaying: the same output, diagnostics and rows
S2=$(new s2)
(cd "$tmp" && "$ff" import --threads 2 --db "$S2" a.fgn illegal.fgn syntax.fgn >out2 2>err2)
[ $? = 1 ] && cmp -s "$tmp/out" "$tmp/out2" && cmp -s "$tmp/err" "$tmp/err2" &&
	[ "$(dump "$S")" = "$(dump "$S2")" ]
check "import --threads 2: the same output, diagnostics and rows as one thread" $?
[ "$(version "$S")" = 8 ]; check "schema version 8" $?
[ "$(q "$S" "SELECT count(*) FROM games WHERE origin = 'simulated'")" = 200 ]; check "origin simulated" $?
# compact: the 200 games share one header template, and every one keeps
# its plies as codes (one character each)
[ "$(q "$S" 'SELECT count(*) FROM headers')" = 1 ] &&
	[ "$(q "$S" 'SELECT count(*) FROM games WHERE header = 1 AND body IS NULL
	AND length(moves) = plies')" = 200 ]
check "games stored compact" $?
[ "$(q "$S" 'SELECT count(*) FROM seats')" = 400 ]; check "seats stored" $?
# every ply code taken (one for each of 1,112,063 code points: 100,000
# games at 6 seats of Pegs and Jokers take them all): games with a ply
# that has no code keep their body, and read back byte for byte
F=$(new codesfull)
(cd "$tmp" && "$ff" import -q --db "$F" a.fgn >/dev/null 2>&1) && "${be}_take_codes" "$F" &&
	(cd "$tmp" && "$ff" import --db "$F" pj.fgn >full.out 2>full.err) &&
	grep -qx 'read 3 games: 3 stored, 0 duplicates, 0 quarantined' "$tmp/full.out" && [ ! -s "$tmp/full.err" ] &&
	[ "$(q "$F" "SELECT count(*) FROM games WHERE moves IS NULL AND body IS NOT NULL")" = 3 ] &&
	"$ff" export --db "$F" --game pegsjokers | cmp -s - "$tmp/pj.fgn"
check "every ply code taken: new games keep their body and read back byte for byte" $?
# fivefold's connection does not enforce foreign keys (each child row is
# written right after its parent); every reference holds all the same
consistent "$S"
check "every seat belongs to a stored game and player, every game to its ruleset and source" $?
# the key is the SHA-256 of the canonical FGN, 64 hex digits
fgn_of "$S" 1 "$tmp/g1"
[ "$(q "$S" "SELECT $(hex hash) FROM games WHERE id = 1")" = "$(sha "$tmp/g1")" ] &&
	[ "$(q "$S" 'SELECT hash FROM games_fgn WHERE id = 1')" = "$(sha "$tmp/g1")" ]
check "key = SHA-256 of the stored FGN" $?
[ "$(q "$S" "SELECT count(*) FROM games WHERE $("${be}_key32")")" = 200 ]
check "keys are the SHA-256's 32 bytes" $?
# the view gives every game's canonical FGN: what export writes
value "$S" "$("${be}_all_fgn")" >"$tmp/view.fgn"
cmp -s "$tmp/view.fgn" "$tmp/a.fgn" && "$ff" export --db "$S" | cmp -s - "$tmp/a.fgn"
check "games_fgn and export give the games back byte for byte" $?

# 2. the quarantine keeps the raw text, byte for byte, and the diagnostics
raw_is "$S" "code = 'illegal-move'" "$tmp/illegal.fgn"; check "quarantine raw text" $?
[ "$(q "$S" "SELECT verdict || ' ' || code FROM quarantine ORDER BY id" | tr '\n' ' ')" = "illegal illegal-move malformed syntax " ]
check "quarantine verdicts and codes" $?

# 3. idempotence: the same import again changes nothing
dump "$S" >"$tmp/d1"
(cd "$tmp" && "$ff" import -q --db "$S" a.fgn illegal.fgn syntax.fgn >out2 2>&1)
grep -qx 'read 202 games: 0 stored, 200 duplicates, 2 quarantined (2 of them already in quarantine)' "$tmp/out2"
check "rerun counts" $?
dump "$S" >"$tmp/d2"
cmp -s "$tmp/d1" "$tmp/d2"; check "rerun leaves the store unchanged" $?
# a game and its duplicate in one batch: counted, stored once
cat "$tmp/a.fgn" "$tmp/a.fgn" >"$tmp/twice.fgn"
"$ff" import -q --db "$(new twice)" "$tmp/twice.fgn" >"$tmp/tw.out" 2>&1
grep -qx 'read 400 games: 200 stored, 200 duplicates, 0 quarantined' "$tmp/tw.out"
check "a duplicate in the same batch: counted, stored once" $?

# 4. export gives canonical FGN: the simulator's own bytes
"$ff" export --db "$S" --origin simulated >"$tmp/e.fgn"
cmp -s "$tmp/e.fgn" "$tmp/a.fgn"; check "export = canonical FGN" $?
# export in every format (-f, or -o's extension) gives the same games
for f in jsonl csv csvply; do
	"$ff" export --db "$S" --origin simulated -f $f | "$ff" convert -q --from $f >"$tmp/e2.fgn"
	cmp -s "$tmp/e2.fgn" "$tmp/a.fgn"; check "export -f $f, read back = canonical FGN" $?
done
rm -f "$tmp/e.jsonl"
"$ff" export --db "$S" --origin simulated -o "$tmp/e.jsonl" && "$ff" convert -q "$tmp/e.jsonl" |
	cmp -s - "$tmp/a.fgn"; check "export -o X.jsonl writes JSON Lines" $?
# --result, --min-plies, --max-plies, --seed and --limit, against the same
# selection made from the FGN with awk
"$ff" export --db "$S" --limit 7 | grep -c '^\[Game ' | grep -qx 7; check "export --limit" $?
"$ff" export --db "$S" --seed 17 | grep -x '\[Seed "17"\]' | wc -l | grep -qx 1
check "export --seed" $?
n=$(grep -c '^\[Result "1-0"\]' "$tmp/a.fgn")
[ "$("$ff" export --db "$S" --result 1-0 | grep -c '^\[Game ')" = "$n" ]; check "export --result ($n games)" $?
n=$(q "$S" 'SELECT count(*) FROM games WHERE plies BETWEEN 20 AND 30')
[ "$("$ff" export --db "$S" --min-plies 20 --max-plies 30 | grep -c '^\[Game ')" = "$n" ]
check "export --min-plies --max-plies ($n games)" $?
"$ff" export --db "$S" --result 2-0 >/dev/null 2>&1; [ $? = 2 ]; check "export --result 2-0: usage error" $?
# export -f csv: the store's derived columns, each row's last seven cells
# as SQL reads them (a simulated game has no Date: @date empty), and the
# same bytes as convert --to csv makes of the same games from their replay
"$ff" export --db "$S" -f csv | tr -d '\r' >"$tmp/x.csv"
head -n 1 "$tmp/x.csv" | grep -q ',@order,@movetext,@result,@ruleset,@seats,@plies,@winner,@termination,@origin,@date$'
check "export -f csv: the derived columns in the header" $?
q "$S" "SELECT ruleset, seats, plies, coalesce(winner_side, 0), termination, origin, date
	FROM games ORDER BY id" | tr '|' , >"$tmp/x.facts"
sed 1d "$tmp/x.csv" | paste -d '\t' "$tmp/x.facts" - |
	awk -F '\t' '{ n = length($1) + 1; if (substr($2, length($2) - n + 1) != "," $1) bad++ }
	END { exit NR != 200 || bad > 0 }'
check "export -f csv: @ruleset ... @date as stored" $?
[ "$(wc -l <"$tmp/x.csv")" = 201 ]
check "export -f csv: a row a line (the movetext on one line)" $?
"$ff" convert -q --to csv "$tmp/a.fgn" | tr -d '\r' | cmp -s - "$tmp/x.csv"
check "export -f csv = convert --to csv of the same games" $?
# and back: import the exported CSV into a new store, export it again
X2=$(new x2)
rm -f "$tmp/x2.csv"
"$ff" export --db "$S" -f csv -o "$tmp/x2.csv" && "$ff" import -q --db "$X2" "$tmp/x2.csv" >/dev/null &&
	"$ff" export --db "$X2" | cmp -s - "$tmp/a.fgn"
check "export -f csv, import the CSV: the same games" $?

# 5. SIGKILL part way, several times, then once to the end: the same
# store as an uninterrupted import, nothing lost, nothing twice
C=$(new clean)
t0=$(date +%s.%N)
"$ff" import -q --db "$C" "$tmp/big.fgn" >/dev/null 2>&1
t1=$(date +%s.%N)
K=$(new killed)
kills=0
# first as soon as the first batch is committed (export finds a game),
# so that the runs after it start from a part-filled store
"$ff" import -q --db "$K" "$tmp/big.fgn" >/dev/null 2>&1 &
pid=$!
while kill -0 "$pid" 2>/dev/null &&
	[ "$("$ff" export --db "$K" --limit 1 2>/dev/null | grep -c '^\[Game ')" = 0 ]; do
	sleep 0.02
done
kill -9 "$pid" 2>/dev/null && kills=$((kills + 1))
wait "$pid" 2>/dev/null
n1=$(q "$K" 'SELECT count(*) FROM games' 2>/dev/null || echo 0)
[ "$n1" -gt 0 ] && [ "$n1" -lt 60000 ]
check "an import killed after its first batch ($n1 of 60000 stored)" $?
# then after 1/8, 1/6, 1/5 and 1/4 of the uninterrupted import's time T:
# each run reaches at most its time's share of the games past the last
# one's, so the four together store at most 0.74 of them
for delay in $(awk -v a="$t0" -v b="$t1" 'BEGIN { t = b - a; printf "%.2f %.2f %.2f %.2f", t / 8, t / 6, t / 5, t / 4 }'); do
	"$ff" import -q --db "$K" "$tmp/big.fgn" >/dev/null 2>&1 &
	pid=$!
	sleep "$delay"
	kill -9 "$pid" 2>/dev/null && kills=$((kills + 1))
	wait "$pid" 2>/dev/null
done
n=$(q "$K" 'SELECT count(*) FROM games' 2>/dev/null || echo 0)
[ "$kills" -ge 2 ] && [ "$n" -lt 60000 ]; check "imports killed part way ($kills kills, $n of 60000 stored)" $?
consistent "$K"; check "killed store is consistent" $?
"$ff" import -q --db "$K" "$tmp/big.fgn" >"$tmp/kout" 2>&1
[ $? = 1 ] && grep -q ' 1 quarantined' "$tmp/kout"
check "rerun after kill completes (exit 1: syntax.fgn's game is quarantined)" $?
dump "$K" >"$tmp/dk"
dump "$C" >"$tmp/dc"
cmp -s "$tmp/dk" "$tmp/dc"; check "rerun after kill = uninterrupted import" $?

# 6. two imports into one store at once: both finish, nothing lost
CC=$(new c)
"$ff" import -q --db "$CC" "$tmp/c1.fgn" >"$tmp/o1" 2>&1 &
p1=$!
"$ff" import -q --db "$CC" "$tmp/c2.fgn" >"$tmp/o2" 2>&1 &
p2=$!
wait $p1; r1=$?
wait $p2; r2=$?
[ "$r1$r2" = 00 ]; check "concurrent imports both exit 0" $?
[ "$(q "$CC" 'SELECT count(*) FROM games')" = 40000 ]; check "concurrent imports lose nothing" $?

# 7. a store newer than the program is refused
"${be}_set_version" "$CC" 99
"$ff" stats --db "$CC" >/dev/null 2>"$tmp/newer"
[ $? = 1 ]; check "newer store: exit 1" $?
grep -q "schema version 99, newer than this fivefold's 8" "$tmp/newer"; check "newer store: message" $?
"$ff" import --db "$CC" "$tmp/c1.fgn" >/dev/null 2>"$tmp/newer"
[ $? = 1 ] && grep -q "schema version 99, newer" "$tmp/newer"; check "newer store: import refuses it" $?

# 8. older stores made by the previous fivefold, each backend's fixtures
"${be}_schema" "$S" >"$tmp/sch.new"
upgrades

# 8b. the filters that seek a range of ruleset ids (--game, --rules) count
# the games plain SQL counts: a preset that begins another's name, ids
# with options, other games
M=$(new mix)
"$ff" import -q --db "$M" "$tmp/mix.fgn" >/dev/null
for f in "--game fivelines" "--game fiveplay" "--rules kidd" "--game fivelines --rules kidd" \
	"--rules locusludi-race" "--game sequence --rules standard" "--game fiveplay --rules kidd"; do
	"$ff" stats --db "$M" $f --format csv 2>/dev/null | sed 1d | cut -d, -f1-3 | tr -d '"' >"$tmp/mix.got"
	where=$(echo "$f" | sed "s/--game \([a-z]*\)/AND rulesets.game = '\1'/; s/--rules \([a-z-]*\)/AND rulesets.preset = '\1'/")
	q "$M" "SELECT ruleset || ',' || seats || ',' || count(*) FROM games JOIN rulesets
		USING (ruleset) WHERE 1 = 1 $where
		GROUP BY ruleset, seats ORDER BY ruleset, seats" >"$tmp/mix.want"
	cmp -s "$tmp/mix.got" "$tmp/mix.want" && { [ -s "$tmp/mix.want" ] || [ "$f" = "--game fiveplay --rules kidd" ]; }
	check "stats $f: the games plain SQL counts" $?
done

# 8b'. --options (and its alias --option) keeps the ruleset ids that have
# every option it names, each a name or name=value
O=$(new opts)
"$ff" import -q --db "$O" "$tmp/opts.fgn" >/dev/null
ids() { "$ff" stats --db "$O" "$@" --format csv | sed 1d | cut -d'"' -f2 | tr '\n' ' '; }
[ "$(ids --options 'skip-last dice=knuckle')" = "fivelines/kidd:dice=knuckle,skip-last " ]
check "stats --options 'skip-last dice=knuckle': only the id with both" $?
[ "$(ids --option skip-last)" = "fivelines/kidd:dice=knuckle,skip-last fivelines/kidd:skip-last " ]
check "stats --option skip-last (the alias): both ids with it" $?
[ "$("$ff" export --db "$O" --options 'dice=knuckle skip-last' | grep -c '^\[Game ')" = 3 ]
check "export --options with two options: the games of the id with both" $?
# a value no engine's option takes filters nothing: a usage error (exit 2)
# that lists the values, not "no games" (issue 33); a value it takes runs
for cmd in stats export; do
	"$ff" $cmd --db "$O" --option skip-last=bogus >/dev/null 2>"$tmp/optv.err"
	[ $? = 2 ] && grep -q "takes no|yes|strict (fivelines), not 'bogus'" "$tmp/optv.err"
	check "$cmd --option skip-last=bogus: exit 2 with the values" $?
done
"$ff" stats --db "$O" --option skip-last=yes >/dev/null
check "stats --option skip-last=yes: runs" $?

# 8c. --player (games.players, schema 5) counts the games plain SQL
# counts through seats: ids that are digits of others (p1 is id 1, p11
# id 11), a player in both seats, one in no game
P=$(new pl)
"$ff" import -q --db "$P" "$tmp/pl.fgn" >/dev/null
for p in p1 p2 p3 p5 p11 p12 nobody; do
	"$ff" stats --db "$P" --player $p --format csv 2>/dev/null | sed 1d | cut -d, -f1-3 | tr -d '"' >"$tmp/pl.got"
	q "$P" "SELECT ruleset || ',' || seats || ',' || count(*) FROM games WHERE id IN
		(SELECT game_id FROM seats JOIN players ON players.id = player_id WHERE name = '$p')
		GROUP BY ruleset, seats ORDER BY ruleset, seats" >"$tmp/pl.want"
	cmp -s "$tmp/pl.got" "$tmp/pl.want" && { [ -s "$tmp/pl.want" ] || [ $p = nobody ]; }
	check "stats --player $p: the games plain SQL counts" $?
done
q "$P" "SELECT game_id, player_id FROM seats ORDER BY game_id, seat" |
	awk -F'|' '$1 != g { if (g != "") print g "| " s; g = $1; s = "" } { s = s $2 " " } END { print g "| " s }' >"$tmp/pl.seats"
q "$P" "SELECT id, players FROM games ORDER BY id" | cmp -s - "$tmp/pl.seats" && [ "$(wc -l <"$tmp/pl.seats")" = 24 ]
check "games.players: the seats' player ids, space-separated, in seat order" $?

# 9. stats and --compare on a fixed store (expected files in tests/cli)
A=$(new arms)
"$ff" import -q --db "$A" "$tmp/arms.fgn" >/dev/null
for f in text csv json; do
	"$ff" stats --db "$A" --format $f >"$tmp/stats.$f"
	cmp -s "$tmp/stats.$f" "$cli/stats.$f" || { [ -n "${REGEN:-}" ] && cp "$tmp/stats.$f" "$cli/stats.$f"; diff "$cli/stats.$f" "$tmp/stats.$f" | head; false; }
	check "stats --format $f" $?
	"$ff" stats --db "$A" --compare skip-last --format $f >"$tmp/cmp.$f"
	cmp -s "$tmp/cmp.$f" "$cli/compare.$f" || { [ -n "${REGEN:-}" ] && cp "$tmp/cmp.$f" "$cli/compare.$f"; diff "$cli/compare.$f" "$tmp/cmp.$f" | head; false; }
	check "stats --compare --format $f" $?
done
for f in stats cmp; do
	"$json_check" -l <"$tmp/$f.json"
	check "$f --format json: JSON Lines" $?
done

# 9b. --compare rules: the presets side by side (Schaedler or Kidd: who
# wins more as first player?), with and without skip-last; each arm's
# figures are the plain stats' of its ruleset id
PR=$("${be}_copy" "$A" presets)
"$ff" import -q --db "$PR" "$tmp/presets.fgn" >/dev/null
for f in text csv json; do
	"$ff" stats --db "$PR" --compare rules --format $f >"$tmp/cmpr.$f"
	cmp -s "$tmp/cmpr.$f" "$cli/compare_rules.$f" || { [ -n "${REGEN:-}" ] && cp "$tmp/cmpr.$f" "$cli/compare_rules.$f"; diff "$cli/compare_rules.$f" "$tmp/cmpr.$f" | head; false; }
	check "stats --compare rules --format $f" $?
done
"$json_check" -l <"$tmp/cmpr.json"
check "stats --compare rules --format json: JSON Lines" $?
"$ff" stats --db "$PR" --format csv | awk -F, 'NR > 1 { gsub(/"/, "", $1); print $1, $7 }' | sort >"$tmp/plain.wins"
awk -F, 'NR > 1 { gsub(/"/, "", $1); gsub(/"/, "", $3); split($1, b, ":");
	print b[1] "/" $3 (b[2] != "" ? ":" b[2] : ""), $6 }' "$tmp/cmpr.csv" | sort >"$tmp/cmpr.wins"
[ "$(wc -l <"$tmp/cmpr.wins")" = 5 ] && cmp -s "$tmp/plain.wins" "$tmp/cmpr.wins"
check "stats --compare rules: each arm's first-player wins are its ruleset id's" $?
grep -q '^fivelines  kidd               games      300  first player 0.5333 ' "$tmp/cmpr.text" &&
	grep -q '^           kidd - schaedler: first player ' "$tmp/cmpr.text"
check "stats --compare rules: Kidd against Schaedler, the default preset first" $?
rm -f "$tmp/cmpr.svg"
"$ff" stats --db "$PR" --compare rules --plot "$tmp/cmpr.svg" >/dev/null &&
	grep -q 'compare rules: each base' "$tmp/cmpr.svg" && grep -q '>fivelines:skip-last: kidd<' "$tmp/cmpr.svg"
check "stats --compare rules --plot: the arms named by preset" $?

# 10. Sequence at 2, 3 and 4 seats (one ruleset id): one group per seat count
SQ=$(new seq)
(cd "$tmp" && "$ff" import -q --db "$SQ" seq2.fgn seq3.fgn seq4.fgn >/dev/null)
"$ff" stats --db "$SQ" >"$tmp/seq.text"
[ "$(awk '$1 == "sequence/standard," { print $2, $3, $4 }' "$tmp/seq.text" | tr '\n' ' ')" = \
  "2 seats 300 3 seats 300 4 seats 300 " ]
check "sequence: three groups of 300 games" $?
[ "$(grep -c '^sequence/' "$tmp/seq.text")" = 3 ]; check "sequence: nothing pooled" $?
# a side rate per side: three at 3 seats, two (teams) at 4 seats
[ "$(grep '^sequence/standard, 3 seats' "$tmp/seq.text" | grep -o '\[0\.[0-9]*, ' | wc -l)" = 4 ]
check "sequence: three side columns at 3 seats" $?
[ "$(grep '^sequence/standard, 4 seats' "$tmp/seq.text" | grep -o '\[0\.[0-9]*, ' | wc -l)" = 3 ]
check "sequence: two side columns at 4 seats (teams)" $?
# export --seats N: the games of one of stats' groups
ok=0
for n in 2 3 4 5; do
	[ "$("$ff" export --db "$SQ" --seats $n | grep -c '^\[Game ')" = \
	  "$(q "$SQ" "SELECT count(*) FROM games WHERE seats = $n")" ] || ok=1
done
[ "$("$ff" export --db "$SQ" --seats 3 -f csv | awk -F, 'NR > 1' | tr -d '\r' | grep -c ',sequence/standard,3,[0-9]*,[0-3],')" = 300 ] || ok=1
check "export --seats N: the games stored with N seats" $ok
"$ff" stats --db "$SQ" --format csv >"$tmp/seq.csv"
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
"$ff" stats --db "$SQ" --format json | grep -q '^{"ruleset":"sequence/standard","seats":3,"games":300,'
check "sequence json: seats key" $?
# --compare pairs only groups with the same seat count
"$ff" import -q --db "$SQ" "$tmp/seq4s1.fgn" >/dev/null
"$ff" stats --db "$SQ" --compare sequences >"$tmp/seqcmp.text"
[ "$(grep -c ' games  *300  first player' "$tmp/seqcmp.text")" = 2 ] &&
	grep -q '^sequence/standard, 4 seats  (default)  ' "$tmp/seqcmp.text" &&
	grep -q '^sequence/standard, 4 seats  sequences=1  ' "$tmp/seqcmp.text" &&
	grep -q 'sequences=1 - (default): first player' "$tmp/seqcmp.text"
check "sequence --compare: the 4-seat arms only" $?
"$ff" stats --db "$SQ" --compare sequences --format csv >"$tmp/seqcmp.csv"
[ "$(awk -F, 'NR > 1 { print $1, $2, $3, $4 }' "$tmp/seqcmp.csv" | tr '\n' ' ')" = \
  '"sequence/standard" 4 "(default)" 300 "sequence/standard" 4 "sequences=1" 300 ' ]
check "sequence --compare csv: same seat count" $?

# 11. stats and export only read: an existing store is not written
"${be}_snap" "$S" >"$tmp/snap0"
"$ff" stats --db "$S" >/dev/null && "$ff" export --db "$S" >/dev/null &&
	"${be}_snap" "$S" | cmp -s - "$tmp/snap0"
check "stats and export do not write the store" $?

# 12. a hash collision does not drop a game. In a copy of the store, game 1
# carries (crafted) the key of a game that is not stored; importing that
# game finds its key taken by another text and quarantines it, saying so
ONE=$(new one)
"$ff" import -q --db "$ONE" "$tmp/one.fgn" >/dev/null
key=$(q "$ONE" "SELECT $(hex hash) FROM games")
[ "$key" = "$(sha "$tmp/one.fgn")" ]; check "collision: a one-game file's key is its SHA-256" $?
COL=$("${be}_copy" "$S" col)
q "$COL" "UPDATE games SET hash = $("${be}_bytes" "$key") WHERE id = 1"
(cd "$tmp" && "$ff" import --db "$COL" one.fgn >col.out 2>col.err)
[ $? = 1 ]; check "collision: import exits 1 (the game is in quarantine)" $?
grep -qx 'read 1 game: 0 stored, 0 duplicates, 1 quarantined' "$tmp/col.out"
check "collision: counted as quarantined (read = stored + duplicates + quarantined)" $?
grep -qx "$tmp/one.fgn:1:1: error: game 1: hash collision: its key $key (SHA-256 of its canonical FGN) is that of stored game 1 ($tmp/a.fgn, game 1), a different game; kept in quarantine \[hash-collision\]" "$tmp/col.err"
check "collision: the diagnostic names the stored game" $?
last="id = (SELECT max(id) FROM quarantine)"
[ "$(q "$COL" "SELECT verdict || ' ' || code || ' ' || source_file || ' ' || source_game
	FROM quarantine WHERE $last")" = "collision hash-collision $tmp/one.fgn 1" ]
check "collision: the quarantine entry (its file's absolute path)" $?
raw_is "$COL" "$last" "$tmp/one.fgn"; check "collision: the quarantine keeps the game's text" $?
fgn_of "$COL" 1 "$tmp/colg1"
[ "$(q "$COL" 'SELECT count(*) FROM games')" = 200 ] && cmp -s "$tmp/colg1" "$tmp/g1"
check "collision: the stored game is untouched" $?
(cd "$tmp" && "$ff" import -q --db "$COL" one.fgn) |
	grep -qx 'read 1 game: 0 stored, 0 duplicates, 1 quarantined (1 of them already in quarantine)'
check "collision: a rerun finds the entry" $?
(cd "$tmp" && "$ff" import --db "$COL" --format json one.fgn) >"$tmp/colj"
"$json_check" -l <"$tmp/colj" &&
	grep -q '^{"index":0,"file":"","game":0,"verdict":"collision",.*"code":"hash-collision","message":".*one.fgn:1:1: error: game 1: hash collision: its key [0-9a-f]* .*kept in quarantine \[hash-collision\]","already_quarantined":true}$' "$tmp/colj" &&
	tail -n 1 "$tmp/colj" | grep -qx '{"summary":{"read":1,"stored":0,"duplicates":0,"quarantined":1,"already_quarantined":1,"failed_files":0}}'
check "collision: import --format json gives the store's line" $?
# a quarantine key held by another entry: the copy's entry for illegal.fgn
# gets other text; importing illegal.fgn again keeps a new entry, under
# KEY+1, and a rerun finds it there
q "$COL" "UPDATE quarantine SET raw = $("${be}_bytes" 63726166746564) WHERE code = 'illegal-move'"
(cd "$tmp" && "$ff" import -q --db "$COL" illegal.fgn) | grep -qx 'read 1 game: 0 stored, 0 duplicates, 1 quarantined'
check "quarantine key collision: a new entry" $?
[ "$(q "$COL" "SELECT count(*) FROM quarantine WHERE code = 'illegal-move' AND $(hex raw) <> '63726166746564'
	AND hash = (SELECT hash FROM quarantine WHERE $(hex raw) = '63726166746564') || '+1'")" = 1 ]
check "quarantine key collision: under KEY+1" $?
(cd "$tmp" && "$ff" import -q --db "$COL" illegal.fgn) |
	grep -qx 'read 1 game: 0 stored, 0 duplicates, 1 quarantined (1 of them already in quarantine)'
check "quarantine key collision: a rerun finds it" $?

# dates (issue 32): PGN's YYYY.MM.DD and ISO's YYYY-MM-DD stored in one
# form, anything else a located warning and no date (the tag kept as
# written); --since/--until take both spellings
D=$(new dates)
(cd "$cli" && "$ff" import --db "$D" dates.fgn >"$tmp/dates.out" 2>"$tmp/dates.err")
[ $? = 0 ] && grep -qx 'read 6 games: 6 stored, 0 duplicates, 0 quarantined' "$tmp/dates.out"
check "dates: every game stored, warnings do not change the exit status" $?
[ "$(grep -c '^dates.fgn:[0-9]*:1: warning: game [34]: Date .* is not a date: .* \[bad-date\]$' "$tmp/dates.err")" = 2 ] &&
	[ "$(wc -l <"$tmp/dates.err")" = 2 ]
check "dates: import prints a located warning for each date that is none" $?
[ "$(q "$D" "SELECT coalesce(date, '-') FROM games ORDER BY source_game" | tr '\n' ' ')" = \
	'2026.11.30 2026.11.29 - - 2026.11.?? - ' ]
check "dates: the store keeps one form (YYYY.MM.DD), none for a date that is none" $?
"$ff" export --db "$D" | grep '^\[Date ' | tr '\n' ' ' >"$tmp/dates.tags"
[ "$(cat "$tmp/dates.tags")" = '[Date "2026-11-30"] [Date "2026.11.29"] [Date "30/11/2026"] [Date "2026-13-40"] [Date "2026.11.??"] [Date "????.??.??"] ' ]
check "dates: the records keep their Date tags as written" $?
for since in 2026-11-01 2026.11.01; do
	[ "$("$ff" export --db "$D" --since "$since" | grep -c '^\[Game ')" = 3 ] &&
		"$ff" stats --db "$D" --since "$since" | grep -q '^fivelines/schaedler  *3 '
	check "dates: export and stats --since $since find the 3 games dated from Nov 2026" $?
done
[ "$("$ff" export --db "$D" --until 2026-11-29 | grep -c '^\[Game ')" = 1 ]
check "dates: export --until 2026-11-29 finds the one game dated 29 Nov" $?
}

# load the backend's fixture of version $1 (v1, v2...) into a new store,
# its --db value into F, and what a read may not change into $tmp/$1.snap
# (a fixture that does not load fails the checks that follow); 1, saying
# so, when the backend has none
load_fixture() {
	case " $("${be}_fixtures") " in
	*" $1 "*) F=$(new "$1"); "${be}_fixture" "$F" "$1"; "${be}_snap" "$F" >"$tmp/$1.snap" ;;
	*) skipped "version-${1#v} store: no fixture for $be"; return 1 ;;
	esac
}

# 8. older stores made by the previous fivefold: read as they are by stats
# and export, upgraded to the schema of a new store by their first import
# (tests/cli/store_v*.sql; a backend runs the versions it has fixtures of)
upgrades() {
V5=
# a version-1 store (three games, Sequence at 2 and 3 seats among them):
# its first import recomputes its keys, and it keeps its games
if load_fixture v1; then
	V1=$F
	[ "$(version "$V1")" = 1 ]; check "version-1 store: fixture loads" $?
	"$ff" stats --db "$V1" >"$tmp/v1.out" 2>&1; check "version-1 store: stats exits 0" $?
	"$ff" export --db "$V1" >"$tmp/v1.fgn"; check "version-1 store: export exits 0" $?
	"${be}_snap" "$V1" | cmp -s - "$tmp/v1.snap" && [ "$(version "$V1")" = 1 ]
	check "version-1 store: stats and export leave it as it was" $?
	[ "$(grep -c '^sequence/standard, [23] seats  ' "$tmp/v1.out")" = 2 ]; check "version-1 store: stats per seat count" $?
	"$ff" import --db "$V1" "$tmp/v1.fgn" 2>&1 | grep -qx 'read 3 games: 0 stored, 3 duplicates, 0 quarantined'
	check "version-1 store: its games are found again" $?
	[ "$(version "$V1")" = 8 ]; check "version-1 store: upgraded to 8 by import" $?
	consistent "$V1"; check "version-1 store: consistent" $?
	"${be}_schema" "$V1" | cmp -s - "$tmp/sch.new"; check "version-1 store: schema = a new store's" $?
	ok=0
	for id in 1 2 3; do
		fgn_of "$V1" $id "$tmp/v1g"
		[ "$(q "$V1" "SELECT $(hex hash) FROM games WHERE id = $id")" = "$(sha "$tmp/v1g")" ] || ok=1
	done
	check "version-1 store: keys recomputed as SHA-256" $ok
fi
# a version-5 store (every game family, tags with " and \, a comment, a
# NAG and a suffix, two entries in quarantine): its first import upgrades
# it, its games kept whole (body), and every game reads back the same,
# through export and the games_fgn view alike; store copy makes them
# compact, and they still read back the same
if load_fixture v5; then
	V5=$F
	[ "$(version "$V5")" = 5 ]; check "version-5 store: fixture loads" $?
	"$ff" stats --db "$V5" --format csv >"$tmp/v5.stats" && "$ff" export --db "$V5" >"$tmp/v5.fgn" &&
		"${be}_snap" "$V5" | cmp -s - "$tmp/v5.snap" && [ "$(grep -c '^\[Game ' "$tmp/v5.fgn")" = 9 ]
	check "version-5 store: stats and export read it and leave it as it was" $?
	"$ff" import -q --db "$V5" "$tmp/v5.fgn" | grep -qx 'read 9 games: 0 stored, 9 duplicates, 0 quarantined'
	check "version-5 store: its games are found again" $?
	[ "$(version "$V5")" = 8 ] && consistent "$V5"
	check "version-5 store: upgraded to 8, consistent" $?
	"${be}_schema" "$V5" | cmp -s - "$tmp/sch.new"; check "version-5 store: schema = a new store's" $?
	value "$V5" "$("${be}_all_fgn")" >"$tmp/v5.view"
	"$ff" export --db "$V5" | cmp -s - "$tmp/v5.fgn" && cmp -s "$tmp/v5.view" "$tmp/v5.fgn" &&
		"$ff" stats --db "$V5" --format csv | cmp -s - "$tmp/v5.stats"
	check "version-5 store: export, games_fgn and stats as before the upgrade" $?
	V5C=$(new v5c)
	"$ff" store copy "$V5" "$V5C" >/dev/null 2>&1
	[ "$(q "$V5C" 'SELECT count(*) FROM games WHERE moves IS NOT NULL')" = 8 ] &&
		[ "$(q "$V5C" 'SELECT count(*) FROM games WHERE header IS NOT NULL AND body IS NOT NULL')" = 1 ] &&
		[ "$(q "$V5C" 'SELECT count(*) FROM quarantine')" = 2 ]
	check "version-5 store: store copy keeps 8 games as codes, the annotated one's movetext as text" $?
	value "$V5C" "$("${be}_all_fgn")" >"$tmp/v5c.view"
	"$ff" export --db "$V5C" | cmp -s - "$tmp/v5.fgn" && cmp -s "$tmp/v5c.view" "$tmp/v5.fgn"
	check "version-5 store: the compact copy reads back byte for byte" $?
fi
# a version-2 store, keys of 32 hex digits: stats leaves it alone; its
# first import recomputes every key, of games and of the quarantine, to
# the keys the version-5 store has, and finds every game again
if [ -n "${V5:-}" ] && load_fixture v2; then   # (its games are the version-5 store's)
	V2=$F
	"$ff" stats --db "$V2" >/dev/null && "${be}_snap" "$V2" | cmp -s - "$tmp/v2.snap"
	check "version-2 store: stats reads it and leaves it as it was" $?
	"$ff" import -q --db "$V2" "$tmp/v5.fgn" >"$tmp/v2.out" 2>&1
	grep -qx 'read 9 games: 0 stored, 9 duplicates, 0 quarantined' "$tmp/v2.out"
	check "version-2 store: every game found again" $?
	[ "$(version "$V2")" = 8 ]; check "version-2 store: upgraded to 8" $?
	dump "$V2" >"$tmp/dv2"
	dump "$V5" >"$tmp/dv5"
	cmp -s "$tmp/dv2" "$tmp/dv5"; check "version-2 store: keys recomputed = the version-5 store's" $?
fi
# (that the stats query reads only the covering index, in its order, for
# every filter: tests/test_store.c, on the query db/stats.c makes; on
# PostgreSQL in its section below)
}
# --- SQLite's own cases ------------------------------------------------
qr() { sqlite3 -readonly "$1" "$2"; }
sqlite_section() {
# what the cases below start from: the store of section 1, as it was
cp "$tmp/s.db" "$tmp/s.orig"

# 10b. the first-player query of docs/store.md gives the figures stats
# gives (draws count as games not won), on a store with draws
sql=$(sed -n '/^    -- first-player win rate/,/^$/p' "$srcdir/docs/store.md" | sed 's/^    //')
"$ff" simulate -g sequence --seats 3 -n 300 -s 1 --agents greedy | "$ff" import -q --db "$tmp/draws.db" >/dev/null
printf "%s\n" "$sql" | sqlite3 -csv "$tmp/draws.db" | awk -F, '{ printf "%s,%s,%.6f\n", $1, $2, $4 }' >"$tmp/doc.csv"
"$ff" stats --db "$tmp/draws.db" -f csv | awk -F, 'NR > 1 { gsub(/"/, "", $1); print $1 "," $2 "," $8 }' >"$tmp/st.csv"
[ -s "$tmp/doc.csv" ] && cmp -s "$tmp/doc.csv" "$tmp/st.csv" &&
	"$ff" stats --db "$tmp/draws.db" -f csv | cut -d, -f5 | grep -qx 32   # 32 draws
check "docs/store.md's first-player SQL = stats (with draws)" $?

# 11. stats and export only read: a missing store is an error and is not
# made (that an existing one is not written: above)
for c in stats export; do
	"$ff" $c --db "$tmp/none.db" >/dev/null 2>"$tmp/none.err"
	[ $? = 2 ] && grep -qx "fivefold $c: no store '$tmp/none.db' (import creates one)" \
		"$tmp/none.err" && [ ! -e "$tmp/none.db" ]
	check "$c: a missing store is a usage error (exit 2), and not made" $?
done
# 13. a full disk: a small tmpfs (28 MB) holds the 200 games of a.fgn; importing
# 100,000 more fills it. The import fails, says the disk is full, exits 1;
# what was committed stays (the earlier games as they were, whole batches
# of the new ones, a consistent file). With room again the same import
# completes, its counts add up, and the store equals one that never failed
# (24 MB until schema 7's two indexes: the first batch of 32,768 then no
# longer fitted, no batch was kept, and the uncommitted WAL filled the disk)
"$ff" simulate --game fivelines --rules schaedler --games 100000 --seed 3 --agents greedy >"$tmp/fill.fgn"
full=$tmp/full
mkdir "$full"
if ! mount -t tmpfs -o size=28m fivefold-test "$full" 2>"$tmp/mount.err"; then
	skipped "full disk: cannot mount a tmpfs here ($(head -n 1 "$tmp/mount.err"))"
else
	mounts="$full $mounts"
	(cd "$tmp" && "$ff" import -q --db "$full/f.db" a.fgn >/dev/null); check "full disk: the first import fits" $?
	"$ff" stats --db "$full/f.db" >"$tmp/full.stats0"
	"$ff" export --db "$full/f.db" >"$tmp/full.fgn0"
	(cd "$tmp" && "$ff" import -q --db "$full/f.db" fill.fgn >/dev/null 2>"$tmp/full.err")
	[ $? = 1 ]; check "full disk: import exits 1" $?
	grep -q "^fivefold import: store '$full/f.db': .*database or disk is full" "$tmp/full.err"
	check "full disk: says the disk is full" $?
	"$ff" stats --db "$full/f.db" --rules kidd >"$tmp/full.stats1" && cmp -s "$tmp/full.stats0" "$tmp/full.stats1"
	check "full disk: stats of the earlier games unchanged" $?
	"$ff" export --db "$full/f.db" --rules kidd >"$tmp/full.fgn1" && cmp -s "$tmp/full.fgn0" "$tmp/full.fgn1"
	check "full disk: export of the earlier games unchanged" $?
	[ "$(qr "$full/f.db" 'PRAGMA integrity_check')" = ok ]; check "full disk: store consistent" $?
	n=$(($(qr "$full/f.db" 'SELECT count(*) FROM games') - 200))
	[ $((n % 32768)) = 0 ] && [ "$n" -lt 100000 ]; check "full disk: whole batches kept ($n of 100000 games)" $?
	mount -o remount,size=256m "$full"; check "full disk: room again" $?
	(cd "$tmp" && "$ff" import -q --db "$full/f.db" fill.fgn >"$tmp/full.out" 2>&1)
	check "full disk: the rerun exits 0" $?
	grep -qx "read 100000 games: $((100000 - n)) stored, $n duplicates, 0 quarantined" "$tmp/full.out"
	check "full disk: the rerun's counts add up" $?
	(cd "$tmp" && "$ff" import -q --db ref.db a.fgn && "$ff" import -q --db ref.db fill.fgn) >/dev/null
	dump "$full/f.db" >"$tmp/dfull"
	dump "$tmp/ref.db" >"$tmp/dref"
	cmp -s "$tmp/dfull" "$tmp/dref"; check "full disk: the store = an import that never failed" $?
fi

# 14. a read-only store. Root ignores file modes, so the store is made
# read-only by a read-only bind mount of its directory, or else by
# chattr +i (others: chmod a-w). Import fails, says why, exits 1 and
# changes nothing; stats and export read it as before (on the read-only
# file system too)
mkdir "$tmp/rw" "$tmp/ro"
cp "$tmp/s.orig" "$tmp/rw/r.db"
"$ff" stats --db "$tmp/rw/r.db" >"$tmp/ro.stats0"
"$ff" export --db "$tmp/rw/r.db" >"$tmp/ro.fgn0"
rm -f "$tmp/rw/r.db-wal" "$tmp/rw/r.db-shm"
cp "$tmp/rw/r.db" "$tmp/r.orig"
how= db=
if mount --bind "$tmp/rw" "$tmp/ro" 2>"$tmp/mount.err"; then
	mounts="$tmp/ro $mounts"
	mount -o remount,bind,ro "$tmp/ro" 2>>"$tmp/mount.err" && how="read-only bind mount" db=$tmp/ro/r.db
fi
if [ -z "$how" ] && [ "$(id -u)" = 0 ] && chattr +i "$tmp/rw/r.db" 2>>"$tmp/mount.err"; then
	immutable="$tmp/rw/r.db" how="chattr +i" db=$tmp/rw/r.db
elif [ -z "$how" ] && [ "$(id -u)" != 0 ] && chmod a-w "$tmp/rw/r.db"; then
	how="chmod a-w" db=$tmp/rw/r.db
fi
if [ -z "$how" ]; then
	skipped "read-only store: neither a read-only bind mount nor chattr +i works here ($(tr '\n' ' ' <"$tmp/mount.err"))"
else
	(cd "$tmp" && "$ff" import --db "$db" a.fgn >/dev/null 2>"$tmp/ro.err")
	[ $? = 1 ]; check "read-only store ($how): import exits 1" $?
	grep -qx "fivefold import: store '$db' is read-only (its file or its file system cannot be written): nothing was written" "$tmp/ro.err"
	check "read-only store ($how): says so" $?
	cmp -s "$tmp/rw/r.db" "$tmp/r.orig"; check "read-only store ($how): the file is unchanged" $?
	"$ff" stats --db "$db" >"$tmp/ro.stats1" && cmp -s "$tmp/ro.stats0" "$tmp/ro.stats1"
	check "read-only store ($how): stats as before" $?
	"$ff" export --db "$db" >"$tmp/ro.fgn1" && cmp -s "$tmp/ro.fgn0" "$tmp/ro.fgn1"
	check "read-only store ($how): export as before" $?
	[ "$(qr "$tmp/rw/r.db" 'PRAGMA integrity_check')" = ok ]; check "read-only store ($how): consistent" $?
fi

# 15. a damaged file: a copy of s.db with pages in its middle overwritten
# (the fewest pages around the middle page that take in pages of both the
# table games, which export reads, and the index games_stats, which stats
# reads). Every command says the store is damaged and exits 1; none
# crashes or writes the file; the original stays intact
psize=$(qr "$tmp/s.orig" 'PRAGMA page_size')
mid=$(($(qr "$tmp/s.orig" 'PRAGMA page_count') / 2)) k=0
while [ $k -lt $mid ] && [ "$(qr "$tmp/s.orig" "SELECT count(DISTINCT name) FROM dbstat WHERE name IN
	('games', 'games_stats') AND pageno BETWEEN $((mid - k)) AND $((mid + k))")" != 2 ]; do
	k=$((k + 1))
done
# overwrite pages $2 .. $2+$3-1 (1-based) of file $1 with bytes 0xA5
damage() {
	head -c $(($3 * psize)) /dev/zero | tr '\0' '\245' |
		dd of="$1" bs="$psize" seek=$(($2 - 1)) conv=notrunc status=none
}
cp "$tmp/s.orig" "$tmp/bad.db"
damage "$tmp/bad.db" $((mid - k)) $((2 * k + 1))
cp "$tmp/bad.db" "$tmp/bad.copy"
for c in "import a.fgn" stats "stats --compare skip-last --format csv" export; do
	(cd "$tmp" && "$ff" $c --db bad.db >/dev/null 2>"$tmp/bad.err")
	rc=$?
	[ $rc = 1 ] && grep -q '^fivefold [a-z]*: .*\(malformed\|damaged\)' "$tmp/bad.err" &&
		cmp -s "$tmp/bad.db" "$tmp/bad.copy"
	check "damaged file (pages $((mid - k))-$((mid + k))): $c says so, exits 1 (got $rc), writes nothing" $?
done
cmp -s "$tmp/s.db" "$tmp/s.orig" && [ "$(qr "$tmp/s.db" 'PRAGMA integrity_check')" = ok ] &&
	"$ff" export --db "$tmp/s.db" --origin simulated | cmp -s - "$tmp/a.fgn"
check "damaged file: the original is intact" $?
# damage to one page of seats alone, which neither stats nor export reads:
# they print what the intact pages hold, the same as from the original;
# import checks the whole file and refuses it
t=$(qr "$tmp/s.orig" "SELECT pageno FROM dbstat WHERE name = 'seats' AND pagetype = 'leaf'
	ORDER BY abs(pageno - $mid) LIMIT 1")
cp "$tmp/s.orig" "$tmp/bad2.db"
damage "$tmp/bad2.db" "$t" 1
cp "$tmp/bad2.db" "$tmp/bad2.copy"
"$ff" stats --db "$tmp/bad2.db" >"$tmp/bad2.stats" && "$ff" stats --db "$tmp/s.orig" | cmp -s - "$tmp/bad2.stats"
check "damaged seats page: stats as from the original" $?
"$ff" export --db "$tmp/bad2.db" >"$tmp/bad2.fgn" && "$ff" export --db "$tmp/s.orig" | cmp -s - "$tmp/bad2.fgn"
check "damaged seats page: export as from the original" $?
(cd "$tmp" && "$ff" import --db bad2.db a.fgn >/dev/null 2>"$tmp/bad2.err")
[ $? = 1 ] && grep -q "^fivefold import: store 'bad2.db' is damaged (.*): nothing was written" "$tmp/bad2.err" &&
	cmp -s "$tmp/bad2.db" "$tmp/bad2.copy"
check "damaged seats page: import refuses it, writes nothing" $?

}
# --- PostgreSQL's own cases --------------------------------------------
dump_sqlite() {
	sqlite3 "$1" "SELECT lower(hex(hash)), $cols FROM games ORDER BY id; $rest_sql;
		SELECT lower(hex(g.hash)), $seats_sql; SELECT hash, source_file, source_game,
		source_line, verdict, code, diagnostics, lower(hex(raw)) FROM quarantine ORDER BY id"
}
dump_pg() { postgresql_dump "postgresql:///$1?host=$FF_PG_DIR&user=fivefold"; }
postgresql_section() {
# the same imports into a SQLite file and into PostgreSQL, in a folder of
# their own
pt=$tmp/pg
mkdir -p "$pt"
# 1. one import into each: the same counts, diagnostics and rows
"$ff" simulate --game fivelines --rules kidd --games 200 --seed 5 --agents greedy >"$pt/a.fgn"
"$ff" simulate --game sequence --seats 3 --games 40 --seed 7 >"$pt/b.fgn"
"$ff" simulate --game fiveplay --games 40 --seed 3 >"$pt/c.fgn"
"$ff" simulate --game pegsjokers --games 10 --seed 2 --agents greedy >"$pt/d.fgn"
cp "$cli/illegal.fgn" "$cli/syntax.fgn" "$pt/"
printf '[Game "fivelines"]\n\377\000 1. 4:x *\n' >"$pt/bytes.fgn"   # bytes no text column takes
files="a.fgn b.fgn c.fgn d.fgn illegal.fgn syntax.fgn bytes.fgn"
u1=$(pg_newdb pg_one)
(cd "$pt" && "$ff" import --db s.db $files >s.out 2>s.err; echo $? >s.rc)
(cd "$pt" && "$ff" import --db "$u1" $files >p.out 2>p.err; echo $? >p.rc)
[ "$(cat "$pt/p.rc")" = 1 ] && cmp -s "$pt/s.rc" "$pt/p.rc"; check "import exits 1 on both (quarantined games)" $?
grep -qx 'read 293 games: 290 stored, 0 duplicates, 3 quarantined' "$pt/p.out" && cmp -s "$pt/s.out" "$pt/p.out"
check "import counts the same" $?
[ -s "$pt/p.err" ] && cmp -s "$pt/s.err" "$pt/p.err"; check "import diagnostics the same" $?
dump_sqlite "$pt/s.db" >"$pt/ds"
dump_pg pg_one >"$pt/dp"
[ "$(wc -l <"$pt/dp")" -gt 2000 ] && cmp -s "$pt/ds" "$pt/dp"; check "the same rows in every table" $?
[ "$(pg_psql pg_one -At -c "SELECT count(*) FROM games_fgn WHERE hash <> encode(sha256(convert_to(fgn, 'UTF8')), 'hex')")" = 0 ]
check "key = SHA-256 of the stored FGN" $?
sqlite3 "$pt/s.db" "SELECT code, ply, (SELECT count(*) FROM games WHERE moves IS NOT NULL) FROM ply_codes ORDER BY code" >"$pt/cs"
pg_psql pg_one -At -F '|' -c "SELECT code, ply, (SELECT count(*) FROM games WHERE moves IS NOT NULL) FROM ply_codes ORDER BY code" |
	cmp -s - "$pt/cs" && [ "$(pg_psql pg_one -At -c "SELECT count(*) FROM games g JOIN games_fgn f USING (id) WHERE g.moves IS NOT NULL")" = 290 ]
check "the same ply codes; every game's plies kept as codes" $?
[ "$(pg_psql pg_one -At -c "SELECT encode(raw, 'hex') FROM quarantine WHERE source_file LIKE '%bytes.fgn'")" = "$(od -An -tx1 -v "$pt/bytes.fgn" | tr -d ' \n')" ]
check "quarantine keeps raw bytes (a NUL, a byte not UTF-8)" $?
[ "$(pg_psql pg_one -At -c "SELECT count(*) FROM pg_inherits WHERE inhparent = 'games'::regclass")" = 5 ]
check "games partitioned: an engine's games each in its own partition, and a default one" $?

# 2. the same import again changes nothing
(cd "$pt" && "$ff" import -q --db "$u1" $files >p2.out 2>&1)
grep -qx 'read 293 games: 0 stored, 290 duplicates, 3 quarantined (3 of them already in quarantine)' "$pt/p2.out"
check "rerun: every game a duplicate, every entry there already" $?
dump_pg pg_one | cmp -s - "$pt/dp"; check "rerun leaves every row as it was" $?

# 3. stats and export give the same bytes from both
# whether command $1 gives the same output from both stores with each
# argument list after it
same_both() {
	c=$1 ok=0
	shift
	for args in "$@"; do
		"$ff" $c --db "$pt/s.db" $args >"$pt/o1" 2>&1
		"$ff" $c --db "$u1" $args >"$pt/o2" 2>&1
		cmp -s "$pt/o1" "$pt/o2" || { ok=1; echo "$c $args differs"; }
	done
	return $ok
}
same_both stats "" "--game fivelines" "--game fivelines --rules kidd" "--rules standard" \
	"--options skip-last" "--option dice" "--origin simulated" "--origin imported" "--since 2026.01.01" \
	"--until 2020.01.01" "--player nobody" "--compare skip-last" "-f csv" "-f json" \
	"--game sequence -f csv"
check "stats: the same output for every filter and format" $?
same_both export "" "-f jsonl" "-f csv" "--result 1-0" "--min-plies 20 --max-plies 60" "--limit 7" \
	"--seed 6" "--game sequence --limit 3" "-f csv --seats 3" "--seats 4 --limit 3" "-f csvply --seats 3"
check "export: the same output for every filter and format" $?
# export --seats N: the games stored with N seats (and -f csv their
# derived columns, the same bytes from both, above)
ok=0
for n in 2 3 4 5; do
	[ "$("$ff" export --db "$u1" --seats $n | grep -c '^\[Game ')" = \
	  "$(sqlite3 "$pt/s.db" "SELECT count(*) FROM games WHERE seats = $n")" ] || ok=1
done
[ "$("$ff" export --db "$u1" --seats 3 -f csv | grep -c ',sequence/standard,3,[0-9]*,[0-3],[a-z]*,simulated,')" = 40 ] || ok=1
check "export --seats N from PostgreSQL: the games stored with N seats" $ok

# 4. store copy, SQLite -> PostgreSQL -> SQLite, loses nothing
u2=$(pg_newdb pg_two)
"$ff" store copy "$pt/s.db" "$u2" >"$pt/c1.out" 2>&1
grep -qx 'copied 290 games: 290 stored, 0 duplicates, 0 quarantined; 3 quarantine entries: 3 added, 0 there already; 0 analyses: 0 kept, 0 without their game' "$pt/c1.out"
check "store copy to PostgreSQL: counts" $?
dump_pg pg_two | cmp -s - "$pt/dp"; check "store copy to PostgreSQL: every row" $?
"$ff" store copy "$u2" "$pt/back.db" >/dev/null 2>&1
dump_sqlite "$pt/back.db" | cmp -s - "$pt/ds"; check "store copy back to SQLite: every row" $?
"$ff" store copy "$pt/s.db" "$u2" >"$pt/c2.out" 2>&1
grep -qx 'copied 290 games: 0 stored, 290 duplicates, 0 quarantined; 3 quarantine entries: 0 added, 3 there already; 0 analyses: 0 kept, 0 without their game' "$pt/c2.out"
check "store copy again adds nothing" $?
"$ff" store copy "$pt/s.db" "$pt/s.db" >/dev/null 2>&1; [ $? = 2 ]
check "store copy onto itself: usage error" $?

# 5. a hash collision is kept in quarantine, with the same diagnostic as
# SQLite's: game 2 taken out, and its key given to game 1
k2=$(sqlite3 "$pt/s.db" 'SELECT lower(hex(hash)) FROM games WHERE id = 2')
u3=$(pg_newdb pg_three)
"$ff" import -q --db "$u3" "$pt/a.fgn" >/dev/null 2>&1
cp "$pt/s.db" "$pt/col.db"
sqlite3 "$pt/col.db" "DELETE FROM seats WHERE game_id = 2;
	DELETE FROM games WHERE id = 2; UPDATE games SET hash = X'$k2' WHERE id = 1"
pg_psql pg_three -c "DELETE FROM seats WHERE game_id = 2;
	DELETE FROM games WHERE id = 2; UPDATE games SET hash = decode('$k2', 'hex') WHERE id = 1"
(cd "$pt" && "$ff" import --db col.db a.fgn >col1.out 2>col1.err)
(cd "$pt" && "$ff" import --db "$u3" a.fgn >col2.out 2>col2.err)
grep -q 'read 200 games: 1 stored, 198 duplicates, 1 quarantined' "$pt/col2.out" &&
	grep -q 'hash collision' "$pt/col2.err" && cmp -s "$pt/col1.err" "$pt/col2.err"
check "hash collision quarantined, as SQLite does it" $?
[ "$(pg_psql pg_three -At -c "SELECT verdict || ' ' || code FROM quarantine")" = "collision hash-collision" ]
check "collision entry: verdict and code" $?

# 7. four importers at once of overlapping files: every game once
"$ff" simulate --game fivelines --rules kidd --games 16000 --seed 100 >"$pt/all.fgn"
part() { awk -v a="$1" -v b="$2" -v m="$3" '/^\[Game /{ n++ } n > a && n <= b && n % m == 0' "$pt/all.fgn"; }
part 0 8000 1 >"$pt/p1.fgn"
part 4000 12000 1 >"$pt/p2.fgn"
part 8000 16000 1 >"$pt/p3.fgn"
part 0 16000 2 >"$pt/p4.fgn"
u4=$(pg_newdb pg_four)
for i in 1 2 3 4; do
	"$ff" import -q --db "$u4" "$pt/p$i.fgn" >"$pt/o$i" 2>&1 &
	eval "p$i=\$!"
done
rcs=
for i in 1 2 3 4; do eval "wait \$p$i"; rcs="$rcs$?"; done
[ "$rcs" = 0000 ]; check "four concurrent importers all exit 0" $?
stored=$(cat "$pt/o1" "$pt/o2" "$pt/o3" "$pt/o4" | sed -n 's/.*: \([0-9]*\) stored.*/\1/p' | awk '{ s += $1 } END { print s }')
"$ff" import -q --db "$pt/all.db" "$pt/all.fgn" >/dev/null 2>&1
[ "$stored" = 16000 ] && [ "$(pg_psql pg_four -At -c 'SELECT count(*), count(DISTINCT hash) FROM games')" = "16000|16000" ] &&
	[ "$(pg_psql pg_four -At -c 'SELECT count(*) FROM seats')" = "$(sqlite3 "$pt/all.db" 'SELECT count(*) FROM seats')" ]
check "concurrent importers: every game stored once ($stored stored in all)" $?
sqlite3 "$pt/all.db" 'SELECT lower(hex(hash)) FROM games ORDER BY 1' >"$pt/h1"
pg_psql pg_four -At -c "SELECT encode(hash, 'hex') FROM games ORDER BY 1" | cmp -s - "$pt/h1"
check "concurrent importers: the games are the file's" $?

# 8. refusals (a newer schema: above): a database that is no store, no server
u5=$(pg_newdb pg_empty)
"$ff" stats --db "$u5" >/dev/null 2>"$pt/none"; [ $? = 1 ] && grep -q "is not a fivefold store" "$pt/none" &&
	[ "$(pg_psql pg_empty -At -c "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")" = 0 ]
check "stats of a database that is no store: refused, nothing made" $?
"$ff" stats --db "postgresql:///nodb?host=$FF_PG_DIR&user=fivefold" >/dev/null 2>"$pt/nodb"
[ $? = 1 ] && grep -q "cannot open store 'postgresql:///nodb" "$pt/nodb"; check "no such database: exit 1, a message" $?
"$ff" stats --db "postgresql://fivefold:secret@localhost:1/x" >/dev/null 2>"$pt/pw"
[ $? = 1 ] && ! grep -q secret "$pt/pw"; check "a password in the URL is not printed" $?

# 9. a version-5 store made by the previous fivefold on PostgreSQL
# (tests/cli/store_v5_pg.sql: the games of the SQLite fixture
# tests/cli/store_v5.sql): read as it is, the same as the SQLite store
# (its upgrade: above)
u5=$(pg_newdb pg_five)
pg_psql pg_five -f "$cli/store_v5_pg.sql" >/dev/null 2>&1
sqlite3 "$pt/v5.db" <"$cli/store_v5.sql"
"$ff" export --db "$pt/v5.db" >"$pt/v5s.fgn"
"$ff" stats --db "$pt/v5.db" --format csv >"$pt/v5s.stats"
"$ff" export --db "$u5" | cmp -s - "$pt/v5s.fgn" && "$ff" stats --db "$u5" --format csv | cmp -s - "$pt/v5s.stats"
check "version-5 store: read as the SQLite fixture reads" $?

# 10. every stats filter is served by an index (the plan check of test_store)
FF_TEST_PG_URL=$u1 "$top_builddir/tests/test_store" >"$pt/plan" 2>&1
[ $? = 0 ] && grep -q 'postgresql: every stats filter' "$pt/plan"; check "PostgreSQL plans: every filter served by an index" $?
[ $? = 0 ] || cat "$pt/plan"
}

# --- the backends: every one this fivefold was built with ---------------
have=$("$ff" store backends | awk '{ print $1 }' | tr '\n' ' ')
case $have in "sqlite "*) ok=0 ;; *) ok=1 ;; esac
check "store backends lists sqlite first (got: $have)" $ok
grep -q '^#define HAVE_LIBPQ 1' "$top_builddir/config.h"; built=$?
case " $have" in *" postgresql "*) listed=0 ;; *) listed=1 ;; esac
[ "$built" = "$listed" ]; check "store backends lists postgresql exactly when configure found libpq" $?
# the adapters above for a backend left out of this build
for be in $(sed -n 's/^\([a-z0-9]*\)_start() .*/\1/p' "$srcdir/tests/store.sh"); do
	case " $have" in *" $be "*) ;; *) skipped "every case: not built into this fivefold (fivefold store backends does not list it)" ;; esac
done
for be in $have; do
	case " ${STORE_BACKENDS:-$have} " in *" $be "*) ;; *) skipped "every case: not chosen (STORE_BACKENDS)"; continue ;; esac
	if ! command -v "${be}_start" >/dev/null 2>&1; then
		check "a test adapter for this backend (tests/store.sh: ${be}_start and the rest)" 1
		continue
	fi
	p0=$pass f0=$fail s0=$skip be_t0=$(date +%s)
	"${be}_start" >"$tmp/start.out" 2>&1
	rc=$?
	if [ $rc = 77 ]; then
		skipped "every case: $(tr '\n' ' ' <"$tmp/start.out")"
		continue
	elif [ $rc != 0 ]; then
		check "the backend starts ($(tr '\n' ' ' <"$tmp/start.out"))" 1
		continue
	fi
	neutral
	! command -v "${be}_section" >/dev/null 2>&1 || "${be}_section"
	! command -v "${be}_stop" >/dev/null 2>&1 || "${be}_stop"
	tally="$tally; $be: $((pass - p0)) passed, $((fail - f0)) failed, $((skip - s0)) skipped, $(($(date +%s) - be_t0)) s"
done
be=all
echo "store: $pass passed, $fail failed, $skip skipped${tally:+ (${tally#; })}"
[ "$fail" = 0 ]
