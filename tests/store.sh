#!/bin/sh
# Store tests through the CLI: import counts and idempotence, the key is
# the SHA-256 of the canonical FGN, the quarantine keeps raw text, a killed
# import completes on rerun with the same contents as an uninterrupted
# one, two imports at once, a newer schema refused, version-1 and
# version-2 stores upgraded by their first import and only read by stats
# and export, export gives canonical FGN, stats and --compare formats,
# stats per seat count (Sequence); hash collisions quarantined, not
# dropped; the faults: a full disk, a read-only store, a damaged file;
# Date tags in one stored form, --since/--until in both spellings.
# Needs the sqlite3 shell; the full-disk and read-only tests need to
# mount a tmpfs and a read-only bind mount (root), else they are skipped.
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
cli=$srcdir/tests/cli
tmp=$(mktemp -d) || exit 1
mounts= immutable=
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null || umount -l "$m"; done
	for f in $immutable; do chattr -i "$f" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
pass=0 fail=0 skip=0
check() {
	if [ "$2" = 0 ]; then pass=$((pass + 1)); [ -z "${VERBOSE:-}" ] || echo "ok: $1"
	else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
skipped() { skip=$((skip + 1)); echo "SKIP: $1"; }
q() { sqlite3 "$1" "$2"; }
qr() { sqlite3 -readonly "$1" "$2"; }
# the SHA-256 of a file, in hex
sha() { sha256sum "$1" | cut -d' ' -f1; }
# the stored FGN of game id $2 of store $1, into file $3, byte for byte
# (the games_fgn view, which rebuilds it from the compact form)
fgn_of() { sqlite3 "$1" "SELECT writefile('$3', fgn) FROM games_fgn WHERE id = $2" >/dev/null; }
# a store's contents, for comparisons: every table, in id order
dump() {
	sqlite3 "$1" "SELECT id, lower(hex(hash)), ruleset, plies, result, winner_side, origin,
		(SELECT path FROM sources WHERE id = source_id), source_game FROM games ORDER BY id;
		SELECT id, fgn FROM games_fgn ORDER BY id; SELECT * FROM rulesets ORDER BY ruleset;
		SELECT * FROM seats ORDER BY game_id, seat; SELECT * FROM players ORDER BY id;
		SELECT id, hash, source_game, code, length(raw) FROM quarantine ORDER BY id;"
}

command -v sqlite3 >/dev/null || { echo "store: the sqlite3 shell is needed"; exit 1; }

# 1. counts: 200 simulated games, one illegal and one malformed record
"$ff" simulate --game fivelines --rules kidd --games 200 --seed 5 --agents greedy >"$tmp/a.fgn"
cp "$cli/illegal.fgn" "$cli/syntax.fgn" "$tmp/"
(cd "$tmp" && "$ff" import --db s.db a.fgn illegal.fgn syntax.fgn >out 2>err)
[ $? = 1 ]; check "import exits 1: games went to quarantine" $?
grep -qx 'read 202 games: 200 stored, 0 duplicates, 2 quarantined' "$tmp/out"; check "import counts" $?
grep -q 'illegal.fgn:8:23: error: game 1, ply 5 (seat 1)' "$tmp/err"; check "import prints diagnostics" $?
# with two threads replaying: the same output, diagnostics and rows
(cd "$tmp" && "$ff" import --threads 2 --db s2.db a.fgn illegal.fgn syntax.fgn >out2 2>err2)
[ $? = 1 ] && cmp -s "$tmp/out" "$tmp/out2" && cmp -s "$tmp/err" "$tmp/err2" &&
	[ "$(dump "$tmp/s.db")" = "$(dump "$tmp/s2.db")" ]
check "import --threads 2: the same output, diagnostics and rows as one thread" $?
[ "$(q "$tmp/s.db" 'PRAGMA user_version')" = 8 ]; check "schema version 8" $?
[ "$(q "$tmp/s.db" "SELECT count(*) FROM games WHERE origin = 'simulated'")" = 200 ]; check "origin simulated" $?
# compact: the 200 games share one header template, and every one keeps
# its plies as codes (one character each)
[ "$(q "$tmp/s.db" 'SELECT count(*) FROM headers')" = 1 ] &&
	[ "$(q "$tmp/s.db" 'SELECT count(*) FROM games WHERE header = 1 AND body IS NULL
	AND length(moves) = plies')" = 200 ]
check "games stored compact" $?
[ "$(q "$tmp/s.db" 'SELECT count(*) FROM seats')" = 400 ]; check "seats stored" $?
# every ply code taken (one for each of 1,112,063 code points: 100,000
# games at 6 seats of Pegs and Jokers take them all): games with a ply
# that has no code keep their body, and read back byte for byte
"$ff" simulate --game pegsjokers --games 3 --seed 1 >"$tmp/pj.fgn"
cp "$tmp/s.db" "$tmp/full.db"
q "$tmp/full.db" "INSERT INTO ply_codes(code, ply) VALUES (1112063, 'the last code')" &&
	(cd "$tmp" && "$ff" import --db full.db pj.fgn >full.out 2>full.err) &&
	grep -qx 'read 3 games: 3 stored, 0 duplicates, 0 quarantined' "$tmp/full.out" && [ ! -s "$tmp/full.err" ] &&
	[ "$(q "$tmp/full.db" "SELECT count(*) FROM games WHERE moves IS NULL AND body IS NOT NULL")" = 3 ] &&
	"$ff" export --db "$tmp/full.db" --game pegsjokers | cmp -s - "$tmp/pj.fgn"
check "every ply code taken: new games keep their body and read back byte for byte" $?
# fivefold's connection does not enforce foreign keys (each child row is
# written right after its parent); every reference holds all the same
[ -z "$(q "$tmp/s.db" 'PRAGMA foreign_key_check')" ] && [ "$(q "$tmp/s.db" 'SELECT count(*) FROM
	seats WHERE game_id NOT IN (SELECT id FROM games)')" = 0 ]
check "every seat belongs to a stored game and player, every game to its ruleset and source" $?
# the key is the SHA-256 of the canonical FGN, 64 hex digits
fgn_of "$tmp/s.db" 1 "$tmp/g1"
[ "$(q "$tmp/s.db" 'SELECT lower(hex(hash)) FROM games WHERE id = 1')" = "$(sha "$tmp/g1")" ] &&
	[ "$(q "$tmp/s.db" 'SELECT hash FROM games_fgn WHERE id = 1')" = "$(sha "$tmp/g1")" ]
check "key = SHA-256 of the stored FGN" $?
[ "$(q "$tmp/s.db" "SELECT count(*) FROM games WHERE typeof(hash) = 'blob' AND length(hash) = 32")" = 200 ]
check "keys are the SHA-256's 32 bytes" $?
# the view gives every game's canonical FGN: what export writes
q "$tmp/s.db" "SELECT writefile('$tmp/view.fgn', group_concat(fgn, '')) FROM
	(SELECT fgn FROM games_fgn ORDER BY id)" >/dev/null
cmp -s "$tmp/view.fgn" "$tmp/a.fgn" && "$ff" export --db "$tmp/s.db" | cmp -s - "$tmp/a.fgn"
check "games_fgn and export give the games back byte for byte" $?

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
# export in every format (-f, or -o's extension) gives the same games
for f in jsonl csv csvply; do
	"$ff" export --db "$tmp/s.db" --origin simulated -f $f | "$ff" convert -q --from $f >"$tmp/e2.fgn"
	cmp -s "$tmp/e2.fgn" "$tmp/a.fgn"; check "export -f $f, read back = canonical FGN" $?
done
"$ff" export --db "$tmp/s.db" --origin simulated -o "$tmp/e.jsonl" && "$ff" convert -q "$tmp/e.jsonl" |
	cmp -s - "$tmp/a.fgn"; check "export -o X.jsonl writes JSON Lines" $?
# --result, --min-plies, --max-plies, --seed and --limit, against the same
# selection made from the FGN with awk
"$ff" export --db "$tmp/s.db" --limit 7 | grep -c '^\[Game ' | grep -qx 7; check "export --limit" $?
"$ff" export --db "$tmp/s.db" --seed 17 | grep -x '\[Seed "17"\]' | wc -l | grep -qx 1
check "export --seed" $?
n=$(grep -c '^\[Result "1-0"\]' "$tmp/a.fgn")
[ "$("$ff" export --db "$tmp/s.db" --result 1-0 | grep -c '^\[Game ')" = "$n" ]; check "export --result ($n games)" $?
n=$(sqlite3 "$tmp/s.db" 'SELECT count(*) FROM games WHERE plies BETWEEN 20 AND 30')
[ "$("$ff" export --db "$tmp/s.db" --min-plies 20 --max-plies 30 | grep -c '^\[Game ')" = "$n" ]
check "export --min-plies --max-plies ($n games)" $?
"$ff" export --db "$tmp/s.db" --result 2-0 >/dev/null 2>&1; [ $? = 2 ]; check "export --result 2-0: usage error" $?
# export -f csv: the store's derived columns, each row's last seven cells
# as SQL reads them (a simulated game has no Date: @date empty), and the
# same bytes as convert --to csv makes of the same games from their replay
"$ff" export --db "$tmp/s.db" -f csv | tr -d '\r' >"$tmp/x.csv"
head -n 1 "$tmp/x.csv" | grep -q ',@order,@movetext,@result,@ruleset,@seats,@plies,@winner,@termination,@origin,@date$'
check "export -f csv: the derived columns in the header" $?
q "$tmp/s.db" "SELECT ruleset, seats, plies, coalesce(winner_side, 0), termination, origin, date
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
"$ff" export --db "$tmp/s.db" -f csv -o "$tmp/x2.csv" && "$ff" import -q --db "$tmp/x2.db" "$tmp/x2.csv" >/dev/null &&
	"$ff" export --db "$tmp/x2.db" | cmp -s - "$tmp/a.fgn"
check "export -f csv, import the CSV: the same games" $?

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
[ "$(q "$tmp/k.db" 'PRAGMA integrity_check')" = ok ] && [ -z "$(q "$tmp/k.db" 'PRAGMA foreign_key_check')" ]
check "killed store is consistent" $?
"$ff" import -q --db "$tmp/k.db" "$tmp/big.fgn" >"$tmp/kout" 2>&1
[ $? = 1 ] && grep -q ' 1 quarantined' "$tmp/kout"
check "rerun after kill completes (exit 1: syntax.fgn's game is quarantined)" $?
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
grep -q "schema version 99, newer than this fivefold's 8" "$tmp/newer"; check "newer store: message" $?
"$ff" import --db "$tmp/c.db" "$tmp/c1.fgn" >/dev/null 2>"$tmp/newer"
[ $? = 1 ] && grep -q "schema version 99, newer" "$tmp/newer"; check "newer store: import refuses it" $?

# 8. a version-1 store made by the previous fivefold (tests/cli/store_v1.sql:
# three games, Sequence at 2 and 3 seats among them): stats and export read
# it as it is; its first import upgrades it to the schema of a new store,
# recomputing its keys, and it keeps its games
schema() { q "$1" 'SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name'; }
sqlite3 "$tmp/v1.db" <"$cli/store_v1.sql"
[ "$(q "$tmp/v1.db" 'PRAGMA user_version')" = 1 ]; check "version-1 store: fixture loads" $?
cp "$tmp/v1.db" "$tmp/v1.orig"
"$ff" stats --db "$tmp/v1.db" >"$tmp/v1.out" 2>&1; check "version-1 store: stats exits 0" $?
"$ff" export --db "$tmp/v1.db" >"$tmp/v1.fgn"; check "version-1 store: export exits 0" $?
cmp -s "$tmp/v1.db" "$tmp/v1.orig" && [ "$(q "$tmp/v1.db" 'PRAGMA user_version')" = 1 ]
check "version-1 store: stats and export leave it as it was" $?
[ "$(grep -c '^sequence/standard, [23] seats  ' "$tmp/v1.out")" = 2 ]; check "version-1 store: stats per seat count" $?
"$ff" import --db "$tmp/v1.db" "$tmp/v1.fgn" 2>&1 | grep -qx 'read 3 games: 0 stored, 3 duplicates, 0 quarantined'
check "version-1 store: its games are found again" $?
[ "$(q "$tmp/v1.db" 'PRAGMA user_version')" = 8 ]; check "version-1 store: upgraded to 8 by import" $?
[ "$(q "$tmp/v1.db" 'PRAGMA integrity_check')" = ok ]; check "version-1 store: consistent" $?
schema "$tmp/v1.db" >"$tmp/sch1"
schema "$tmp/s.db" >"$tmp/sch2"
cmp -s "$tmp/sch1" "$tmp/sch2"; check "version-1 store: schema = a new store's" $?
ok=0
for id in 1 2 3; do
	fgn_of "$tmp/v1.db" $id "$tmp/v1g"
	[ "$(q "$tmp/v1.db" "SELECT lower(hex(hash)) FROM games WHERE id = $id")" = "$(sha "$tmp/v1g")" ] || ok=1
done
check "version-1 store: keys recomputed as SHA-256" $ok
# 8a. a version-5 store made by the previous fivefold (tests/cli/store_v5.sql:
# every game family, tags with " and \, a comment, a NAG and a suffix, two
# entries in quarantine). stats and export read it as it is; its first
# import upgrades it to 6, its games kept whole (body), and every game
# reads back the same, through export and the games_fgn view alike; store
# copy makes them compact, and they still read back the same
sqlite3 "$tmp/v5.db" <"$cli/store_v5.sql"
[ "$(q "$tmp/v5.db" 'PRAGMA user_version')" = 5 ]; check "version-5 store: fixture loads" $?
cp "$tmp/v5.db" "$tmp/v5.orig"
"$ff" stats --db "$tmp/v5.db" --format csv >"$tmp/v5.stats" && "$ff" export --db "$tmp/v5.db" >"$tmp/v5.fgn" &&
	cmp -s "$tmp/v5.db" "$tmp/v5.orig" && [ "$(grep -c '^\[Game ' "$tmp/v5.fgn")" = 9 ]
check "version-5 store: stats and export read it and leave it as it was" $?
"$ff" import -q --db "$tmp/v5.db" "$tmp/v5.fgn" | grep -qx 'read 9 games: 0 stored, 9 duplicates, 0 quarantined'
check "version-5 store: its games are found again" $?
[ "$(q "$tmp/v5.db" 'PRAGMA user_version')" = 8 ] && [ "$(q "$tmp/v5.db" 'PRAGMA integrity_check')" = ok ] &&
	[ -z "$(q "$tmp/v5.db" 'PRAGMA foreign_key_check')" ]
check "version-5 store: upgraded to 8, consistent" $?
schema "$tmp/v5.db" >"$tmp/sch5"
cmp -s "$tmp/sch5" "$tmp/sch2"; check "version-5 store: schema = a new store's" $?
q "$tmp/v5.db" "SELECT writefile('$tmp/v5.view', group_concat(fgn, '')) FROM
	(SELECT fgn FROM games_fgn ORDER BY id)" >/dev/null
"$ff" export --db "$tmp/v5.db" | cmp -s - "$tmp/v5.fgn" && cmp -s "$tmp/v5.view" "$tmp/v5.fgn" &&
	"$ff" stats --db "$tmp/v5.db" --format csv | cmp -s - "$tmp/v5.stats"
check "version-5 store: export, games_fgn and stats as before the upgrade" $?
"$ff" store copy "$tmp/v5.db" "$tmp/v5c.db" >/dev/null 2>&1
[ "$(q "$tmp/v5c.db" 'SELECT count(*) FROM games WHERE moves IS NOT NULL')" = 8 ] &&
	[ "$(q "$tmp/v5c.db" 'SELECT count(*) FROM games WHERE header IS NOT NULL AND body IS NOT NULL')" = 1 ] &&
	[ "$(q "$tmp/v5c.db" 'SELECT count(*) FROM quarantine')" = 2 ]
check "version-5 store: store copy keeps 8 games as codes, the annotated one's movetext as text" $?
q "$tmp/v5c.db" "SELECT writefile('$tmp/v5c.view', group_concat(fgn, '')) FROM
	(SELECT fgn FROM games_fgn ORDER BY id)" >/dev/null
"$ff" export --db "$tmp/v5c.db" | cmp -s - "$tmp/v5.fgn" && cmp -s "$tmp/v5c.view" "$tmp/v5.fgn"
check "version-5 store: the compact copy reads back byte for byte" $?
# a version-2 store, keys of 32 hex digits (two 64-bit FNV-1a hashes): the
# version-5 fixture with its keys cut to 32 digits and schema 2's index.
# stats leaves it alone; its first import recomputes every key, of games
# and of the quarantine, to the keys the version-5 store has, and finds
# every game again
sqlite3 "$tmp/v2.db" <"$cli/store_v5.sql"
q "$tmp/v2.db" "UPDATE games SET hash = substr(hash, 1, 32); UPDATE quarantine SET hash =
	substr(hash, 1, 32); DROP INDEX games_stats; ALTER TABLE games DROP COLUMN players;
	CREATE INDEX games_stats ON games(ruleset, seats, plies, sides, first_side, winner_side,
	result, origin, options, date); PRAGMA user_version = 2"
cp "$tmp/v2.db" "$tmp/v2.orig"
"$ff" stats --db "$tmp/v2.db" >/dev/null && cmp -s "$tmp/v2.db" "$tmp/v2.orig"
check "version-2 store: stats reads it and leaves it as it was" $?
"$ff" import -q --db "$tmp/v2.db" "$tmp/v5.fgn" >"$tmp/v2.out" 2>&1
grep -qx 'read 9 games: 0 stored, 9 duplicates, 0 quarantined' "$tmp/v2.out"
check "version-2 store: every game found again" $?
[ "$(q "$tmp/v2.db" 'PRAGMA user_version')" = 8 ]; check "version-2 store: upgraded to 8" $?
dump "$tmp/v2.db" >"$tmp/dv2"
dump "$tmp/v5.db" >"$tmp/dv5"
cmp -s "$tmp/dv2" "$tmp/dv5"; check "version-2 store: keys recomputed = the version-5 store's" $?
# (that the stats query reads only the covering index, in its order, for
# every filter: tests/test_store.c, on the query db/stats.c makes)

# 8b. the filters that seek a range of ruleset ids (--game, --rules) count
# the games plain SQL counts: a preset that begins another's name, ids
# with options, other games
for a in "fivelines schaedler" "fivelines kidd" "fivelines kidd skip-last" \
	"fivelines locusludi-race" "fivelines locusludi-knockoff" "fiveplay standard" \
	"sequence standard"; do
	set -- $a
	"$ff" simulate --game "$1" --rules "$2" ${3:+--options "$3"} --games 12 --seed 3
done >"$tmp/mix.fgn"
"$ff" import -q --db "$tmp/mix.db" "$tmp/mix.fgn" >/dev/null
for f in "--game fivelines" "--game fiveplay" "--rules kidd" "--game fivelines --rules kidd" \
	"--rules locusludi-race" "--game sequence --rules standard" "--game fiveplay --rules kidd"; do
	"$ff" stats --db "$tmp/mix.db" $f --format csv 2>/dev/null | sed 1d | cut -d, -f1-3 | tr -d '"' >"$tmp/mix.got"
	where=$(echo "$f" | sed "s/--game \([a-z]*\)/AND game = '\1'/; s/--rules \([a-z-]*\)/AND preset = '\1'/")
	q "$tmp/mix.db" "SELECT ruleset || ',' || seats || ',' || count(*) FROM games JOIN rulesets
		USING (ruleset) WHERE 1 $where
		GROUP BY ruleset, seats ORDER BY ruleset, seats" >"$tmp/mix.want"
	cmp -s "$tmp/mix.got" "$tmp/mix.want" && { [ -s "$tmp/mix.want" ] || [ "$f" = "--game fiveplay --rules kidd" ]; }
	check "stats $f: the games plain SQL counts" $?
done

# 8b'. --options (and its alias --option) keeps the ruleset ids that have
# every option it names, each a name or name=value
for o in "" skip-last dice=knuckle "skip-last dice=knuckle"; do
	"$ff" simulate --game fivelines --rules kidd --options "$o" --games 3 --seed 2
done >"$tmp/opts.fgn"
"$ff" import -q --db "$tmp/opts.db" "$tmp/opts.fgn" >/dev/null
ids() { "$ff" stats --db "$tmp/opts.db" "$@" --format csv | sed 1d | cut -d'"' -f2 | tr '\n' ' '; }
[ "$(ids --options 'skip-last dice=knuckle')" = "fivelines/kidd:dice=knuckle,skip-last " ]
check "stats --options 'skip-last dice=knuckle': only the id with both" $?
[ "$(ids --option skip-last)" = "fivelines/kidd:dice=knuckle,skip-last fivelines/kidd:skip-last " ]
check "stats --option skip-last (the alias): both ids with it" $?
[ "$("$ff" export --db "$tmp/opts.db" --options 'dice=knuckle skip-last' | grep -c '^\[Game ')" = 3 ]
check "export --options with two options: the games of the id with both" $?
# a value no engine's option takes filters nothing: a usage error (exit 2)
# that lists the values, not "no games" (issue 33); a value it takes runs
for cmd in stats export; do
	"$ff" $cmd --db "$tmp/opts.db" --option skip-last=bogus >/dev/null 2>"$tmp/optv.err"
	[ $? = 2 ] && grep -q "takes no|yes|strict (fivelines), not 'bogus'" "$tmp/optv.err"
	check "$cmd --option skip-last=bogus: exit 2 with the values" $?
done
"$ff" stats --db "$tmp/opts.db" --option skip-last=yes >/dev/null
check "stats --option skip-last=yes: runs" $?

# 8c. --player (games.players, schema 5) counts the games plain SQL
# counts through seats: ids that are digits of others (p1 is id 1, p11
# id 11), a player in both seats, one in no game
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	"$ff" simulate --game fivelines --games 2 --seed "$i" |
		sed "s/^\[Seat1 .*/[Seat1 \"p$i\"]/; s/^\[Seat2 .*/[Seat2 \"p$((i % 5 + 1))\"]/"
done >"$tmp/pl.fgn"
"$ff" import -q --db "$tmp/pl.db" "$tmp/pl.fgn" >/dev/null
for p in p1 p2 p3 p5 p11 p12 nobody; do
	"$ff" stats --db "$tmp/pl.db" --player $p --format csv 2>/dev/null | sed 1d | cut -d, -f1-3 | tr -d '"' >"$tmp/pl.got"
	q "$tmp/pl.db" "SELECT ruleset || ',' || seats || ',' || count(*) FROM games WHERE id IN
		(SELECT game_id FROM seats JOIN players ON players.id = player_id WHERE name = '$p')
		GROUP BY ruleset, seats ORDER BY ruleset, seats" >"$tmp/pl.want"
	cmp -s "$tmp/pl.got" "$tmp/pl.want" && { [ -s "$tmp/pl.want" ] || [ $p = nobody ]; }
	check "stats --player $p: the games plain SQL counts" $?
done
[ "$(q "$tmp/pl.db" "SELECT players FROM games ORDER BY id LIMIT 1")" = " 1 2 " ]
check "games.players: the seats' player ids, space-separated" $?

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
for f in stats cmp; do
	"$(cd "$top_builddir" && pwd)/tests/json_check" -l <"$tmp/$f.json"
	check "$f --format json: JSON Lines" $?
done

# 9b. --compare rules: the presets side by side (Schaedler or Kidd: who
# wins more as first player?), with and without skip-last; each arm's
# figures are the plain stats' of its ruleset id
for o in "" skip-last; do
	"$ff" simulate --game fivelines --rules schaedler --options "$o" --games 300 --seed 1 --agents greedy
done >"$tmp/presets.fgn"
"$ff" simulate --game fivelines --rules locusludi-race --games 40 --seed 1 --agents greedy >>"$tmp/presets.fgn"
cp "$tmp/arms.db" "$tmp/presets.db"
"$ff" import -q --db "$tmp/presets.db" "$tmp/presets.fgn" >/dev/null
for f in text csv json; do
	"$ff" stats --db "$tmp/presets.db" --compare rules --format $f >"$tmp/cmpr.$f"
	cmp -s "$tmp/cmpr.$f" "$cli/compare_rules.$f" || { [ -n "${REGEN:-}" ] && cp "$tmp/cmpr.$f" "$cli/compare_rules.$f"; diff "$cli/compare_rules.$f" "$tmp/cmpr.$f" | head; false; }
	check "stats --compare rules --format $f" $?
done
"$(cd "$top_builddir" && pwd)/tests/json_check" -l <"$tmp/cmpr.json"
check "stats --compare rules --format json: JSON Lines" $?
"$ff" stats --db "$tmp/presets.db" --format csv | awk -F, 'NR > 1 { gsub(/"/, "", $1); print $1, $7 }' | sort >"$tmp/plain.wins"
awk -F, 'NR > 1 { gsub(/"/, "", $1); gsub(/"/, "", $3); split($1, b, ":");
	print b[1] "/" $3 (b[2] != "" ? ":" b[2] : ""), $6 }' "$tmp/cmpr.csv" | sort >"$tmp/cmpr.wins"
[ "$(wc -l <"$tmp/cmpr.wins")" = 5 ] && cmp -s "$tmp/plain.wins" "$tmp/cmpr.wins"
check "stats --compare rules: each arm's first-player wins are its ruleset id's" $?
grep -q '^fivelines  kidd               games      300  first player 0.5333 ' "$tmp/cmpr.text" &&
	grep -q '^           kidd - schaedler: first player ' "$tmp/cmpr.text"
check "stats --compare rules: Kidd against Schaedler, the default preset first" $?
"$ff" stats --db "$tmp/presets.db" --compare rules --plot "$tmp/cmpr.svg" >/dev/null &&
	grep -q 'compare rules: each base' "$tmp/cmpr.svg" && grep -q '>fivelines:skip-last: kidd<' "$tmp/cmpr.svg"
check "stats --compare rules --plot: the arms named by preset" $?

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
# export --seats N: the games of one of stats' groups
ok=0
for n in 2 3 4 5; do
	[ "$("$ff" export --db "$tmp/seq.db" --seats $n | grep -c '^\[Game ')" = \
	  "$(q "$tmp/seq.db" "SELECT count(*) FROM games WHERE seats = $n")" ] || ok=1
done
[ "$("$ff" export --db "$tmp/seq.db" --seats 3 -f csv | awk -F, 'NR > 1' | tr -d '\r' | grep -c ',sequence/standard,3,[0-9]*,[0-3],')" = 300 ] || ok=1
check "export --seats N: the games stored with N seats" $ok
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
# made; an existing store's file is not written
for c in stats export; do
	"$ff" $c --db "$tmp/none.db" >/dev/null 2>"$tmp/none.err"
	[ $? = 2 ] && grep -qx "fivefold $c: no store '$tmp/none.db' (import creates one)" \
		"$tmp/none.err" && [ ! -e "$tmp/none.db" ]
	check "$c: a missing store is a usage error (exit 2), and not made" $?
done
cp "$tmp/s.db" "$tmp/s.orig"
"$ff" stats --db "$tmp/s.db" >/dev/null && "$ff" export --db "$tmp/s.db" >/dev/null &&
	cmp -s "$tmp/s.db" "$tmp/s.orig"
check "stats and export do not write the store" $?

# 12. a hash collision does not drop a game. In a copy of s.db, game 1
# carries (crafted) the key of a game that is not stored; importing that
# game finds its key taken by another text and quarantines it, saying so
"$ff" simulate --game fivelines --rules kidd --games 1 --seed 999 --agents greedy >"$tmp/one.fgn"
"$ff" import -q --db "$tmp/one.db" "$tmp/one.fgn" >/dev/null
key=$(q "$tmp/one.db" 'SELECT lower(hex(hash)) FROM games')
[ "$key" = "$(sha "$tmp/one.fgn")" ]; check "collision: a one-game file's key is its SHA-256" $?
cp "$tmp/s.db" "$tmp/col.db"
q "$tmp/col.db" "UPDATE games SET hash = X'$key' WHERE id = 1"
(cd "$tmp" && "$ff" import --db col.db one.fgn >col.out 2>col.err)
[ $? = 1 ]; check "collision: import exits 1 (the game is in quarantine)" $?
grep -qx 'read 1 game: 0 stored, 0 duplicates, 1 quarantined' "$tmp/col.out"
check "collision: counted as quarantined (read = stored + duplicates + quarantined)" $?
grep -qx "$tmp/one.fgn:1:1: error: game 1: hash collision: its key $key (SHA-256 of its canonical FGN) is that of stored game 1 ($tmp/a.fgn, game 1), a different game; kept in quarantine \[hash-collision\]" "$tmp/col.err"
check "collision: the diagnostic names the stored game" $?
[ "$(q "$tmp/col.db" "SELECT verdict || ' ' || code || ' ' || source_file || ' ' || source_game
	FROM quarantine WHERE id = 3")" = "collision hash-collision $tmp/one.fgn 1" ]
check "collision: the quarantine entry (its file's absolute path)" $?
q "$tmp/col.db" "SELECT writefile('$tmp/colraw', raw) FROM quarantine WHERE id = 3" >/dev/null
cmp -s "$tmp/colraw" "$tmp/one.fgn" || { head -c -1 "$tmp/one.fgn" >"$tmp/trim"; cmp -s "$tmp/colraw" "$tmp/trim"; }
check "collision: the quarantine keeps the game's text" $?
fgn_of "$tmp/col.db" 1 "$tmp/colg1"
[ "$(q "$tmp/col.db" 'SELECT count(*) FROM games')" = 200 ] && cmp -s "$tmp/colg1" "$tmp/g1"
check "collision: the stored game is untouched" $?
(cd "$tmp" && "$ff" import -q --db col.db one.fgn) |
	grep -qx 'read 1 game: 0 stored, 0 duplicates, 1 quarantined (1 of them already in quarantine)'
check "collision: a rerun finds the entry" $?
(cd "$tmp" && "$ff" import --db col.db --format json one.fgn) >"$tmp/colj"
"$(cd "$top_builddir" && pwd)/tests/json_check" -l <"$tmp/colj" &&
	grep -q '^{"index":0,"file":"","game":0,"verdict":"collision",.*"code":"hash-collision","message":".*one.fgn:1:1: error: game 1: hash collision: its key [0-9a-f]* .*kept in quarantine \[hash-collision\]","already_quarantined":true}$' "$tmp/colj" &&
	tail -n 1 "$tmp/colj" | grep -qx '{"summary":{"read":1,"stored":0,"duplicates":0,"quarantined":1,"already_quarantined":1,"failed_files":0}}'
check "collision: import --format json gives the store's line" $?
# a quarantine key held by another entry: the copy's entry for illegal.fgn
# gets other text; importing illegal.fgn again keeps a new entry, under
# KEY+1, and a rerun finds it there
q "$tmp/col.db" "UPDATE quarantine SET raw = 'crafted' WHERE code = 'illegal-move'"
(cd "$tmp" && "$ff" import -q --db col.db illegal.fgn) | grep -qx 'read 1 game: 0 stored, 0 duplicates, 1 quarantined'
check "quarantine key collision: a new entry" $?
[ "$(q "$tmp/col.db" "SELECT count(*) FROM quarantine WHERE code = 'illegal-move' AND raw <> 'crafted'
	AND hash = (SELECT hash FROM quarantine WHERE raw = 'crafted') || '+1'")" = 1 ]
check "quarantine key collision: under KEY+1" $?
(cd "$tmp" && "$ff" import -q --db col.db illegal.fgn) |
	grep -qx 'read 1 game: 0 stored, 0 duplicates, 1 quarantined (1 of them already in quarantine)'
check "quarantine key collision: a rerun finds it" $?

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

# dates (issue 32): PGN's YYYY.MM.DD and ISO's YYYY-MM-DD stored in one
# form, anything else a located warning and no date (the tag kept as
# written); --since/--until take both spellings
(cd "$cli" && "$ff" import --db "$tmp/dates.db" dates.fgn >"$tmp/dates.out" 2>"$tmp/dates.err")
[ $? = 0 ] && grep -qx 'read 6 games: 6 stored, 0 duplicates, 0 quarantined' "$tmp/dates.out"
check "dates: every game stored, warnings do not change the exit status" $?
[ "$(grep -c '^dates.fgn:[0-9]*:1: warning: game [34]: Date .* is not a date: .* \[bad-date\]$' "$tmp/dates.err")" = 2 ] &&
	[ "$(wc -l <"$tmp/dates.err")" = 2 ]
check "dates: import prints a located warning for each date that is none" $?
[ "$(q "$tmp/dates.db" "SELECT group_concat(coalesce(date, '-'), ' ') FROM (SELECT date FROM games ORDER BY source_game)")" = \
	'2026.11.30 2026.11.29 - - 2026.11.?? -' ]
check "dates: the store keeps one form (YYYY.MM.DD), none for a date that is none" $?
"$ff" export --db "$tmp/dates.db" | grep '^\[Date ' | tr '\n' ' ' >"$tmp/dates.tags"
[ "$(cat "$tmp/dates.tags")" = '[Date "2026-11-30"] [Date "2026.11.29"] [Date "30/11/2026"] [Date "2026-13-40"] [Date "2026.11.??"] [Date "????.??.??"] ' ]
check "dates: the records keep their Date tags as written" $?
for since in 2026-11-01 2026.11.01; do
	[ "$("$ff" export --db "$tmp/dates.db" --since "$since" | grep -c '^\[Game ')" = 3 ] &&
		"$ff" stats --db "$tmp/dates.db" --since "$since" | grep -q '^fivelines/schaedler  *3 '
	check "dates: export and stats --since $since find the 3 games dated from Nov 2026" $?
done
[ "$("$ff" export --db "$tmp/dates.db" --until 2026-11-29 | grep -c '^\[Game ')" = 1 ]
check "dates: export --until 2026-11-29 finds the one game dated 29 Nov" $?

echo "store: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
