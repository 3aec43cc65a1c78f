#!/bin/sh
# SQL metacharacters in what a user gives the store (issue 33's security
# pass): 36 payloads -- quotes, comments, statement ends, LIKE wildcards,
# backslashes, dollar quoting, placeholders, UNION and DROP attempts -- as a
# player (Seat1) and an Event of one game each, imported beside a plain
# game, into a SQLite file and a throw-away PostgreSQL server
# (tests/pgserver.sh; that half skipped, saying why, without the server's
# binaries). For each payload, on each backend: `stats --player` counts
# exactly its one game, `export --player` gives exactly that game with its
# Seat1 tag as written, `standings --event` lists exactly its two seats'
# players; as --rules, --game, --since and --option values it is refused
# (exit 2), never a database error. Afterwards every game is still in the
# store, and PostgreSQL's outputs equal SQLite's byte for byte.
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
. "$srcdir/tests/pgserver.sh"
tmp=$(mktemp -d) || exit 1
trap 'pg_stop; [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {
	if [ "$2" = 0 ]; then pass=$((pass + 1)); [ -z "${VERBOSE:-}" ] || echo "ok: $1"
	else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

cat >"$tmp/payloads" <<'P'
' OR '1'='1
' OR 1=1 --
'; DROP TABLE games; --
" OR ""="
x'); DELETE FROM games; --
%
_
%%
a%b_c
\
\'
' UNION SELECT fgn FROM games_fgn --
1; SELECT pg_sleep(5) --
'||(SELECT version())||'
$$; DROP TABLE games; $$
E'\x41'
\x27
NULL
' AND 1=0 UNION ALL SELECT NULL --
*/ SELECT 1 /*
-- comment
;
' OR 'x' LIKE '%
Robert'); DROP TABLE Students;--
admin'--
' OR ''='
%' OR '%'='
\\' OR 1=1
$1
?
:player
@player
' COLLATE "C" --
Ünïcødé ' OR 1=1
0x27204f52202731273d2731
'); ATTACH DATABASE '/tmp/x' AS x; --
P
n=$(wc -l <"$tmp/payloads")

# a game per payload (Seat1 and Event the payload, FGN-escaped), then a
# plain one; each game its own seed, so every record is distinct
i=0
while IFS= read -r p; do
	i=$((i + 1))
	esc=$(printf '%s' "$p" | sed 's/\\/\\\\/g; s/"/\\"/g')
	"$ff" simulate --game fiveplay --games 1 --seed "$i" --agents random |
		sed "s/^\[Seat1 \"random\"\]/[Event \"$(printf '%s' "$esc" | sed 's/[&/\\]/\\&/g')\"]\n[Seat1 \"$(printf '%s' "$esc" | sed 's/[&/\\]/\\&/g')\"]/" >>"$tmp/g.fgn"
done <"$tmp/payloads"
"$ff" simulate --game fiveplay --games 1 --seed 999 --agents random >>"$tmp/g.fgn"
[ "$(grep -c '^\[Seat1 ' "$tmp/g.fgn")" = $((n + 1)) ]; check "$n payload games made" $?

# run_backend NAME URL: import, then every payload's queries into $tmp/NAME/
run_backend() {
	b=$1 db=$2
	mkdir -p "$tmp/$b"
	"$ff" import --db "$db" "$tmp/g.fgn" >"$tmp/$b/import" 2>&1
	grep -qx "read $((n + 1)) games: $((n + 1)) stored, 0 duplicates, 0 quarantined" "$tmp/$b/import"
	check "$b: import stores all $((n + 1)) games" $?
	i=0 bad=0 refused=0
	while IFS= read -r p; do
		i=$((i + 1))
		o=$tmp/$b/$i
		"$ff" stats --db "$db" --player "$p" --format csv >"$o.stats" 2>&1 &&
			[ "$(sed -n 2p "$o.stats" | cut -d, -f3)" = 1 ] || { bad=$((bad + 1)); echo "$b: stats --player '$p'"; }
		"$ff" export --db "$db" --player "$p" >"$o.export" 2>&1 &&
			[ "$(grep -c '^\[Game ' "$o.export")" = 1 ] &&
			[ "$(grep '^\[Seat1 ' "$o.export")" = "$(grep '^\[Seat1 ' "$tmp/g.fgn" | sed -n "${i}p")" ] ||
			{ bad=$((bad + 1)); echo "$b: export --player '$p'"; }
		"$ff" standings --db "$db" --event "$p" --format csv >"$o.standings" 2>&1 &&
			[ "$(grep -c . "$o.standings")" = 3 ] || { bad=$((bad + 1)); echo "$b: standings --event '$p'"; }
		for opt in --rules --game --since --option; do
			"$ff" stats --db "$db" $opt "$p" >"$o.refused" 2>&1
			rc=$?
			if [ "$rc" != 2 ] || grep -qi 'sql\|syntax error\|pq' "$o.refused"; then
				refused=$((refused + 1)); echo "$b: stats $opt '$p': exit $rc"; cat "$o.refused"
			fi
		done
	done <"$tmp/payloads"
	[ "$bad" = 0 ]; check "$b: every payload as --player and --event finds its game alone" $?
	[ "$refused" = 0 ]; check "$b: every payload as --rules, --game, --since, --option: exit 2, no database error" $?
	"$ff" export --db "$db" >"$tmp/$b/all" 2>&1
	[ "$(grep -c '^\[Game ' "$tmp/$b/all")" = $((n + 1)) ]; check "$b: afterwards the store holds every game" $?
	"$ff" validate -q "$tmp/$b/all" >/dev/null 2>&1; check "$b: and they validate" $?
}

run_backend sqlite "$tmp/s.db"
pg_start
case $? in
0)
	url=$(pg_newdb inject) || exit 1
	run_backend pg "$url"
	for f in $(cd "$tmp/sqlite" && ls); do
		cmp -s "$tmp/sqlite/$f" "$tmp/pg/$f" || { [ "$f" = import ] || echo "differs: $f"; }
	done >"$tmp/diffs"
	[ ! -s "$tmp/diffs" ]; check "PostgreSQL's outputs equal SQLite's byte for byte" $?
	[ -s "$tmp/diffs" ] && head "$tmp/diffs"
	;;
77) ;;
*) check "the throw-away PostgreSQL server starts" 1 ;;
esac

echo "store_inject: $pass passed, $fail failed"
[ "$fail" = 0 ]
