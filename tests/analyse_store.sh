#!/bin/sh
# analyse --db and stats --by player, on both backends: analyse keeps each
# stored game's analysis (per seat: decisions, error, errors, luck; method
# and budget; every ply's figures); a game the store does not hold is
# refused with a message and nothing kept; analysing again replaces, never
# adds; stats --by player gives each player's mean error a decision equal
# to the mean plain SQL computes over the stored per-game figures (on
# SQLite and on a throw-away PostgreSQL server, tests/pgserver.sh), and
# the two backends give the same bytes; store copy carries every analysis
# from SQLite to PostgreSQL and back (the doubles to the bit, export
# --analysis and stats --by player the same from all three stores), a
# second copy changes nothing, and a store older than schema 8 copies with
# none. The PostgreSQL half is skipped, saying why, when the server
# binaries are missing.
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
. "$srcdir/tests/pgserver.sh"
tmp=$(mktemp -d) || exit 1
trap 'pg_stop 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {
	if [ "$2" = 0 ]; then pass=$((pass + 1)); [ -z "${VERBOSE:-}" ] || echo "ok: $1"
	else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
command -v sqlite3 >/dev/null || { echo "analyse_store: the sqlite3 shell is needed"; exit 1; }

# greedy and random, each in both seats; a Sequence game by search too
"$ff" simulate --game fivelines --games 6 --seed 3 --agents greedy,random >"$tmp/g.fgn"
"$ff" simulate --game fivelines --games 6 --seed 11 --agents random,greedy >>"$tmp/g.fgn"
"$ff" simulate --game fivelines --games 1 --seed 40 --agents random >"$tmp/other.fgn"
"$ff" solve --game fivelines -o "$tmp/s.sol" >/dev/null 2>&1

# each player's mean error a decision by plain SQL over the stored
# per-seat figures (the same on both backends' SQL)
mean_sql="SELECT p.name, a.method, round(CAST(sum(x.error) / sum(x.decisions) AS numeric), 6)
	FROM analysis_seats x JOIN analyses a ON a.id = x.analysis_id
	JOIN seats st ON st.game_id = a.game_id AND st.seat = x.seat
	JOIN players p ON p.id = st.player_id GROUP BY p.name, a.method ORDER BY p.name, a.method"
# every analysis of SQLite store $1 in store $2 (found by its game's key,
# method and budget) with the same numbers, doubles compared as stored (=),
# and no other: prints 1
same_analyses() {
	sqlite3 "$1" "ATTACH '$2' AS b;
	SELECT (SELECT count(*) FROM b.analyses) = (SELECT count(*) FROM analyses)
	AND (SELECT count(*) FROM b.analysis_seats) = (SELECT count(*) FROM analysis_seats)
	AND (SELECT count(*) FROM analyses x JOIN games g ON g.id = x.game_id
		JOIN b.games h ON h.hash = g.hash JOIN b.analyses y ON y.game_id = h.id
		AND y.method = x.method AND y.budget = x.budget AND y.threshold = x.threshold
		AND y.start = x.start AND y.plies = x.plies) = (SELECT count(*) FROM analyses)
	AND (SELECT count(*) FROM analysis_seats xs JOIN analyses x ON x.id = xs.analysis_id
		JOIN games g ON g.id = x.game_id JOIN b.games h ON h.hash = g.hash
		JOIN b.analyses y ON y.game_id = h.id AND y.method = x.method AND y.budget = x.budget
		JOIN b.analysis_seats ys ON ys.analysis_id = y.id AND ys.seat = xs.seat
		AND ys.plies = xs.plies AND ys.decisions = xs.decisions AND ys.error = xs.error
		AND ys.mean_error IS xs.mean_error AND ys.errors = xs.errors AND ys.luck = xs.luck)
		= (SELECT count(*) FROM analysis_seats)"
}
# the analyses of SQLite store $1 in the order kept: game key, method, budget
kept_order() {
	sqlite3 "$1" 'SELECT hex(g.hash), a.method, a.budget FROM analyses a
		JOIN games g ON g.id = a.game_id ORDER BY a.id'
}
# every row of the analyses of SQLite store $1, ids and all
dump_analyses() {
	sqlite3 "$1" 'SELECT *, quote(threshold), quote(start) FROM analyses ORDER BY id;
		SELECT *, quote(error), quote(luck) FROM analysis_seats ORDER BY analysis_id, seat'
}
# export --analysis from store $1 into $2.jsonl and $2.fgn
export_an() {
	"$ff" export --db "$1" --analysis "$2.jsonl" -o "$2.fgn"
}
# stats --by player from store $1, every format, into $2.text, .csv, .json
by_player() {
	for f in text csv json; do "$ff" stats --db "$1" --by player -f "$f" >"$2.$f" || return 1; done
}
# the copy's summary line of $1 games and $2 analyses copied into a store
# that had none of them (new) or all of them (again)
summary() {
	if [ "$3" = new ]; then g="$1 stored, 0 duplicates"; else g="0 stored, $1 duplicates"; fi
	echo "copied $1 games: $g, 0 quarantined; 0 quarantine entries: 0 added, 0 there already; $2 analyses: $2 kept, 0 without their game"
}
# the same from stats --by player (pg_psql sets db: the store is sdb) -f csv: player, method, mean error
stats_mean() {
	"$ff" stats --db "$1" --by player -f csv | awk -F, 'NR > 1 { gsub(/"/, "", $1);
		printf "%s|%s|%.6f\n", $1, $2, $7 }'
}

# 1. SQLite
sdb=$tmp/s.db
"$ff" import -q --db "$sdb" "$tmp/g.fgn" >/dev/null 2>&1
[ "$(sqlite3 "$sdb" 'PRAGMA user_version')" = 8 ]; check "sqlite: schema version 8" $?
"$ff" analyse -q --solution "$tmp/s.sol" --db "$sdb" "$tmp/g.fgn" >"$tmp/a.txt" 2>"$tmp/a.err"
[ $? = 0 ] && [ "$(sqlite3 "$sdb" 'SELECT count(*) FROM analyses')" = 12 ] &&
	[ "$(sqlite3 "$sdb" 'SELECT count(*) FROM analysis_seats')" = 24 ]
check "sqlite: analyse --db keeps 12 analyses, 24 seats" $?
# the stored seats are the text's figures
sqlite3 "$sdb" "SELECT printf('seat %d: %d plies, %d decisions (%d forced, left out of the mean), error %.4f (%d over 0.02), mean %.4f a decision, luck %+.4f', seat, plies, decisions, plies - decisions, error, errors, coalesce(mean_error, 0), luck) FROM analysis_seats ORDER BY analysis_id, seat" >"$tmp/seats.sql"
grep '^seat' "$tmp/a.txt" | cmp -s - "$tmp/seats.sql"; check "sqlite: the stored seats are analyse's figures" $?
# every ply's figures: analyse --format json's plies, byte for byte
"$ff" analyse --solution "$tmp/s.sol" -f json "$tmp/g.fgn" 2>/dev/null | grep '"plies":\[' |
	sed 's/.*"plies":\(.*\)}$/\1/' >"$tmp/plies.json"
sqlite3 "$sdb" 'SELECT plies FROM analyses ORDER BY id' | cmp -s - "$tmp/plies.json"
check "sqlite: every ply's figures kept as analyse -f json gives them" $?
stats_mean "$sdb" >"$tmp/m.stats"
sqlite3 "$sdb" "$(echo "$mean_sql" | sed 's/CAST(\(.*\) AS numeric)/\1/')" >"$tmp/m.sql"
[ -s "$tmp/m.stats" ] && [ "$(wc -l <"$tmp/m.stats")" = 2 ] &&
	awk -F'|' 'NR == FNR { v[$1 $2] = $3; next } { d = v[$1 $2] - $3; if (d < 0) d = -d;
		if (!($1 $2 in v) || d > 5e-7) bad = 1 } END { exit bad }' "$tmp/m.sql" "$tmp/m.stats"
check "sqlite: stats --by player's mean error = plain SQL's" $?
# again with the same method and budget: replaced, not added; by search: added
"$ff" analyse -q --solution "$tmp/s.sol" --db "$sdb" "$tmp/g.fgn" >/dev/null 2>&1
"$ff" analyse -q --method search --iterations 40 --db "$sdb" "$tmp/g.fgn" >/dev/null 2>&1
[ "$(sqlite3 "$sdb" "SELECT k || ' ' || count(*) FROM (SELECT method || ' ' || budget AS k FROM analyses) GROUP BY k ORDER BY k")" = "exact  12
search iterations=40 width=6 seed=1 12" ] && [ "$(sqlite3 "$sdb" 'SELECT count(*) FROM analysis_seats')" = 48 ]
check "sqlite: analysing again replaces; another method is kept beside" $?
"$ff" stats --db "$sdb" --by player >"$tmp/bp.txt"
[ "$(grep -c '^greedy (\|^random (' "$tmp/bp.txt")" = 4 ] &&
	grep -q '^greedy (search iterations=40 width=6 seed=1): 12 games, ' "$tmp/bp.txt"
check "sqlite: stats --by player: a line per player and method" $?
"$ff" stats --db "$sdb" --by player -f json | "$(cd "$top_builddir" && pwd)/tests/json_check" -l
check "sqlite: stats --by player -f json: JSON Lines" $?
# export --analysis: a line a game exported, its analysis kept last (by
# search, kept after the exact one) with every ply's figures as stored
"$ff" export --db "$sdb" --analysis "$tmp/e.jsonl" -o "$tmp/e.fgn"
[ $? = 0 ] && [ "$(wc -l <"$tmp/e.jsonl")" = 12 ] &&
	"$(cd "$top_builddir" && pwd)/tests/json_check" -l <"$tmp/e.jsonl" &&
	[ "$(grep -c '^{"id":[0-9]*,"analysis":{"method":"search","budget":"iterations=40 width=6 seed=1","threshold":0.0200000000,"start":[0-9.]*,"seats":\[{"seat":1,' "$tmp/e.jsonl")" = 12 ] &&
	sed 's/.*,"plies":\(.*\)}}$/\1/' "$tmp/e.jsonl" >"$tmp/e.plies" &&
	sqlite3 "$sdb" "SELECT plies FROM analyses WHERE method = 'search' ORDER BY game_id" | cmp -s - "$tmp/e.plies"
check "sqlite: export --analysis: each game's last analysis, every ply" $?
"$ff" export --db "$sdb" --analysis "$tmp/e2.jsonl" --player nobody -o "$tmp/e2.fgn" &&
	[ ! -s "$tmp/e2.jsonl" ] && "$ff" simulate --game fivelines --seed 99 -n 1 >"$tmp/x.fgn" &&
	"$ff" import -q --db "$tmp/x.db" "$tmp/x.fgn" >/dev/null &&
	"$ff" export --db "$tmp/x.db" --analysis "$tmp/e3.jsonl" -o "$tmp/e3.fgn" &&
	grep -qx '{"id":1,"analysis":null}' "$tmp/e3.jsonl"
check "sqlite: export --analysis: no game, no line; a game not analysed, null" $?
# a store of schema 7 (this one with the analyses' tables dropped): opened
# by analyse --db, it is migrated to 8 and keeps the analyses
"$ff" import -q --db "$tmp/v6.db" "$tmp/g.fgn" >/dev/null 2>&1
sqlite3 "$tmp/v6.db" 'DROP TABLE analysis_seats; DROP TABLE analyses; PRAGMA user_version = 7'
"$ff" analyse -q --solution "$tmp/s.sol" --db "$tmp/v6.db" "$tmp/g.fgn" >/dev/null 2>&1 &&
	[ "$(sqlite3 "$tmp/v6.db" 'PRAGMA user_version; SELECT count(*) FROM analysis_seats')" = "8
24" ]
check "sqlite: a version-7 store is migrated to 8" $?
"$ff" stats --db "$sdb" --by player --compare skip-last >/dev/null 2>&1; [ $? = 2 ]
check "stats --by player --compare: a usage error" $?
# a game not stored: a message, exit 1, nothing kept
"$ff" analyse -q --solution "$tmp/s.sol" --db "$sdb" "$tmp/other.fgn" >/dev/null 2>"$tmp/o.err"
[ $? = 1 ] && grep -q 'game 1: not in the store (fivefold import it first)' "$tmp/o.err" &&
	[ "$(sqlite3 "$sdb" 'SELECT count(*) FROM analyses')" = 24 ]
check "sqlite: a game not in the store: refused, nothing kept" $?
# store copy to another SQLite file: every analysis, to the bit; again: nothing changes
"$ff" store copy "$sdb" "$tmp/c.db" >"$tmp/cc.out" 2>&1 &&
	[ "$(cat "$tmp/cc.out")" = "$(summary 12 24 new)" ]
check "sqlite: store copy counts the analyses" $?
[ "$(same_analyses "$sdb" "$tmp/c.db")" = 1 ] && kept_order "$sdb" >"$tmp/o0" &&
	kept_order "$tmp/c.db" | cmp -s - "$tmp/o0" && export_an "$sdb" "$tmp/x0" &&
	export_an "$tmp/c.db" "$tmp/xc" && cmp -s "$tmp/xc.jsonl" "$tmp/x0.jsonl" &&
	cmp -s "$tmp/xc.fgn" "$tmp/x0.fgn" && by_player "$sdb" "$tmp/b0" && by_player "$tmp/c.db" "$tmp/bc" &&
	cmp -s "$tmp/bc.text" "$tmp/b0.text" && cmp -s "$tmp/bc.csv" "$tmp/b0.csv" &&
	cmp -s "$tmp/bc.json" "$tmp/b0.json" && [ -s "$tmp/b0.text" ]
check "sqlite: store copy keeps every analysis, in order, to the bit" $?
dump_analyses "$tmp/c.db" >"$tmp/dc"
"$ff" store copy "$sdb" "$tmp/c.db" >"$tmp/cc2.out" 2>&1 &&
	[ "$(cat "$tmp/cc2.out")" = "$(summary 12 24 again)" ] && dump_analyses "$tmp/c.db" | cmp -s - "$tmp/dc"
check "sqlite: store copy again changes no analysis" $?
# stores older than schema 8 copy with no analyses: version 1 (a fixture
# made by an earlier fivefold) and version 7 (the analyses' tables dropped)
sqlite3 "$tmp/v1.db" <"$srcdir/tests/cli/store_v1.sql"
"$ff" import -q --db "$tmp/v7.db" "$tmp/g.fgn" >/dev/null 2>&1
sqlite3 "$tmp/v7.db" 'DROP TABLE analysis_seats; DROP TABLE analyses; PRAGMA user_version = 7'
"$ff" store copy "$tmp/v1.db" "$tmp/v1c.db" >"$tmp/v1c.out" 2>&1 &&
	[ "$(cat "$tmp/v1c.out")" = "$(summary 3 0 new)" ] &&
	"$ff" store copy "$tmp/v7.db" "$tmp/v7c.db" >"$tmp/v7c.out" 2>&1 &&
	[ "$(cat "$tmp/v7c.out")" = "$(summary 12 0 new)" ] &&
	[ "$(sqlite3 "$tmp/v1.db" 'PRAGMA user_version')" = 1 ] &&
	[ "$(sqlite3 "$tmp/v7c.db" 'SELECT count(*) FROM analyses')" = 0 ]
check "sqlite: stores of schema 1 and 7 copy, with no analyses" $?

# 2. PostgreSQL: the same figures, the same bytes as SQLite
pg_start
case $? in
0)
	u=$(pg_newdb an)
	"$ff" import -q --db "$u" "$tmp/g.fgn" >/dev/null 2>&1
	"$ff" analyse -q --solution "$tmp/s.sol" --db "$u" "$tmp/g.fgn" >"$tmp/pa.txt" 2>&1
	[ $? = 0 ] && [ "$(pg_psql an -At -c 'SELECT count(*) FROM analysis_seats')" = 24 ]
	check "postgresql: analyse --db keeps 24 seats" $?
	"$ff" analyse -q --solution "$tmp/s.sol" --db "$u" "$tmp/g.fgn" >/dev/null 2>&1
	"$ff" analyse -q --method search --iterations 40 --db "$u" "$tmp/g.fgn" >/dev/null 2>&1
	[ "$(pg_psql an -At -c 'SELECT count(*) FROM analyses')" = 24 ] &&
		[ "$(pg_psql an -At -c 'SELECT count(*) FROM analysis_seats')" = 48 ]
	check "postgresql: analysing again replaces; another method is kept beside" $?
	pg_psql an -At -F '|' -c "$mean_sql" >"$tmp/pm.sql"
	stats_mean "$u" >"$tmp/pm.stats"
	[ "$(wc -l <"$tmp/pm.stats")" = 4 ] &&
		awk -F'|' 'NR == FNR { v[$1 $2] = $3; next } { d = v[$1 $2] - $3; if (d < 0) d = -d;
			if (!($1 $2 in v) || d > 5e-7) bad = 1 } END { exit bad }' "$tmp/pm.sql" "$tmp/pm.stats"
	check "postgresql: stats --by player's mean error = plain SQL's" $?
	same=0
	for f in text csv json; do
		"$ff" stats --db "$sdb" --by player -f "$f" >"$tmp/s.$f"
		"$ff" stats --db "$u" --by player -f "$f" | cmp -s - "$tmp/s.$f" || same=1
	done
	[ -s "$tmp/s.text" ]; check "postgresql: stats --by player, every format, as SQLite's" $((same + $?))
	"$ff" stats --db "$u" --by player --player greedy --game fivelines >"$tmp/pf.text"
	[ -s "$tmp/pf.text" ] && cmp -s "$tmp/pf.text" "$tmp/s.text"
	check "postgresql: stats --by player with filters" $?
	"$ff" export --db "$u" --analysis "$tmp/pe.jsonl" -o "$tmp/pe.fgn" &&
		cmp -s "$tmp/pe.jsonl" "$tmp/e.jsonl" && cmp -s "$tmp/pe.fgn" "$tmp/e.fgn"
	check "postgresql: export --analysis as SQLite's, byte for byte" $?
	u6=$(pg_newdb six)
	"$ff" import -q --db "$u6" "$tmp/g.fgn" >/dev/null 2>&1
	pg_psql six -c 'DROP TABLE analysis_seats; DROP TABLE analyses; UPDATE fivefold_schema SET version = 7'
	"$ff" analyse -q --solution "$tmp/s.sol" --db "$u6" "$tmp/g.fgn" >/dev/null 2>&1 &&
		[ "$(pg_psql six -At -c 'SELECT version FROM fivefold_schema' -c 'SELECT count(*) FROM analysis_seats')" = "8
24" ]
	check "postgresql: a version-7 store is migrated to 8" $?
	# store copy, SQLite -> PostgreSQL -> SQLite: every analysis kept
	uc=$(pg_newdb cp)
	"$ff" store copy "$sdb" "$uc" >"$tmp/pc.out" 2>&1 && [ "$(cat "$tmp/pc.out")" = "$(summary 12 24 new)" ]
	check "postgresql: store copy to PostgreSQL counts the analyses" $?
	"$ff" store copy "$uc" "$tmp/back.db" >"$tmp/pb.out" 2>&1 &&
		[ "$(cat "$tmp/pb.out")" = "$(summary 12 24 new)" ]
	check "postgresql: store copy back to SQLite counts the analyses" $?
	export_an "$uc" "$tmp/xp" && export_an "$tmp/back.db" "$tmp/xb" &&
		cmp -s "$tmp/xp.jsonl" "$tmp/x0.jsonl" && cmp -s "$tmp/xb.jsonl" "$tmp/x0.jsonl" &&
		cmp -s "$tmp/xp.fgn" "$tmp/x0.fgn" && cmp -s "$tmp/xb.fgn" "$tmp/x0.fgn"
	check "postgresql: export --analysis, the same bytes from the three stores" $?
	same=0
	by_player "$uc" "$tmp/bp" && by_player "$tmp/back.db" "$tmp/bb" || same=1
	for f in text csv json; do
		cmp -s "$tmp/bp.$f" "$tmp/b0.$f" && cmp -s "$tmp/bb.$f" "$tmp/b0.$f" || same=1
	done
	check "postgresql: stats --by player, the same from the three stores" $same
	[ "$(same_analyses "$sdb" "$tmp/back.db")" = 1 ] && kept_order "$tmp/back.db" | cmp -s - "$tmp/o0"
	check "postgresql: through PostgreSQL and back, every analysis in order, to the bit" $?
	pg_dump_an() {
		pg_psql cp -At -c 'SELECT id, game_id, method, budget, float8send(threshold),
			float8send(start), md5(plies) FROM analyses ORDER BY id' -c 'SELECT analysis_id,
			seat, plies, decisions, float8send(error), float8send(mean_error), errors,
			float8send(luck) FROM analysis_seats ORDER BY analysis_id, seat'
	}
	pg_dump_an >"$tmp/dp"
	dump_analyses "$tmp/back.db" >"$tmp/db"
	"$ff" store copy "$sdb" "$uc" >"$tmp/pc2.out" 2>&1 &&
		[ "$(cat "$tmp/pc2.out")" = "$(summary 12 24 again)" ] && pg_dump_an | cmp -s - "$tmp/dp" &&
		"$ff" store copy "$uc" "$tmp/back.db" >"$tmp/pb2.out" 2>&1 &&
		[ "$(cat "$tmp/pb2.out")" = "$(summary 12 24 again)" ] &&
		dump_analyses "$tmp/back.db" | cmp -s - "$tmp/db" && [ "$(wc -l <"$tmp/dp")" = 72 ]
	check "postgresql: store copy again, both ways, changes no analysis" $?
	uo=$(pg_newdb old)
	"$ff" store copy "$tmp/v1.db" "$uo" >"$tmp/po.out" 2>&1 && [ "$(cat "$tmp/po.out")" = "$(summary 3 0 new)" ] &&
		"$ff" store copy "$tmp/v7.db" "$uo" >"$tmp/po7.out" 2>&1 &&
		[ "$(cat "$tmp/po7.out")" = "$(summary 12 0 new)" ] &&
		[ "$(pg_psql old -At -c 'SELECT count(*) FROM analyses')" = 0 ]
	check "postgresql: stores of schema 1 and 7 copy into it, with no analyses" $?
	;;
77) echo "analyse_store: PostgreSQL half skipped" ;;
*) echo "analyse_store: cannot start a PostgreSQL server"; fail=$((fail + 1)) ;;
esac

echo "analyse_store: $pass passed, $fail failed"
[ "$fail" = 0 ]
