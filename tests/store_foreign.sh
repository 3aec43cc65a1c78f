#!/bin/sh
# Stores that are not ours (issue 33, defect 8): import and store copy
# refuse a database that has tables of its own and no fivefold schema
# (exit 1, the database untouched, byte for byte on SQLite) unless --init
# says to add the store's tables beside them (its own rows kept); an empty
# file is still a new store; a SQLite file whose user_version another
# program set (no table games) is refused even with --init. A new store on a read-only file system (a
# tmpfs mounted read-only: as root, or in a user namespace with unshare)
# or in a missing directory says so, not "No such file or directory".
# Then the same refusal and --init on a throw-away PostgreSQL server
# (tests/pgserver.sh), skipped, saying why, when its binaries are missing.
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
. "$srcdir/tests/pgserver.sh"
tmp=$(mktemp -d) || exit 1
mounted=
trap '[ -z "$mounted" ] || umount "$mounted"; pg_stop; rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {
	if [ "$2" = 0 ]; then pass=$((pass + 1)); [ -z "${VERBOSE:-}" ] || echo "ok: $1"
	else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
command -v sqlite3 >/dev/null || { echo "store_foreign: the sqlite3 shell is needed"; exit 1; }
"$ff" simulate --game fiveplay --games 4 --seed 9 >"$tmp/g.fgn"

# 1. SQLite: another program's database
sqlite3 "$tmp/o.db" "CREATE TABLE customers (id integer, name text);
	INSERT INTO customers VALUES (1, 'Ann'), (2, 'Bo'); CREATE VIEW names AS SELECT name FROM customers"
cp "$tmp/o.db" "$tmp/o.orig"
"$ff" import --db "$tmp/o.db" "$tmp/g.fgn" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 1 ]; check "import into another program's SQLite database: exit 1 (got $rc)" $?
grep -q "is not a fivefold store: it has 2 tables of its own (e.g. 'customers')" "$tmp/err" &&
	grep -q -- "--init" "$tmp/err"; check "... says why and names --init" $?
cmp -s "$tmp/o.db" "$tmp/o.orig" && [ ! -e "$tmp/o.db-wal" ] || [ ! -s "$tmp/o.db-wal" ]
check "... the database is unchanged" $?
"$ff" import --db "$tmp/s.db" "$tmp/g.fgn" >/dev/null
"$ff" store copy "$tmp/s.db" "$tmp/o.db" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && grep -q "is not a fivefold store" "$tmp/err" && cmp -s "$tmp/o.db" "$tmp/o.orig"
check "store copy into it: refused, unchanged" $?
"$ff" import --init --db "$tmp/o.db" "$tmp/g.fgn" >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] && grep -q '4 stored' "$tmp/out"; check "import --init: stores the games" $?
# (at the schema version a new store has: s.db's)
[ "$(sqlite3 "$tmp/o.db" "SELECT group_concat(name) FROM names; PRAGMA user_version")" = "Ann,Bo
$(sqlite3 "$tmp/s.db" 'PRAGMA user_version')" ] && [ "$(sqlite3 "$tmp/s.db" 'PRAGMA user_version')" -ge 8 ]
check "... beside the database's own rows" $?
"$ff" import --db "$tmp/o.db" "$tmp/g.fgn" >"$tmp/out" 2>&1 && grep -q '4 duplicates' "$tmp/out" &&
	"$ff" stats --db "$tmp/o.db" >/dev/null; check "then a store: import without --init, stats" $?
: >"$tmp/empty.db"
"$ff" import --db "$tmp/empty.db" "$tmp/g.fgn" >"$tmp/out" 2>&1
[ $? = 0 ] && grep -q '4 stored' "$tmp/out"; check "an empty file is a new store" $?
sqlite3 "$tmp/v.db" "PRAGMA user_version = 0; CREATE TABLE t (x)"
cp "$tmp/v.db" "$tmp/v.orig"
"$ff" store copy "$tmp/s.db" "$tmp/v.db" --init >"$tmp/out" 2>&1
[ $? = 0 ] && grep -q 'copied 4 games: 4 stored' "$tmp/out"; check "store copy --init" $?

sqlite3 "$tmp/u.db" "CREATE TABLE t (x); PRAGMA user_version = 3"
cp "$tmp/u.db" "$tmp/u.orig"
"$ff" import --init --db "$tmp/u.db" "$tmp/g.fgn" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && grep -q "user_version is 3 but it has no table 'games'" "$tmp/err" && cmp -s "$tmp/u.db" "$tmp/u.orig"
check "a user_version another program set: refused, even with --init, unchanged" $?

# 2. a new store where no file can be made
"$ff" import --db "$tmp/nodir/s.db" "$tmp/g.fgn" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && grep -q "its directory '$tmp/nodir' does not exist" "$tmp/err"
check "a missing directory: says so" $?
mkdir "$tmp/ro"
ro_import() {   # import into a new store on a read-only tmpfs at $tmp/ro
	if [ "$(id -u)" = 0 ] && mount -t tmpfs -o ro,size=1m tmpfs "$tmp/ro" 2>/dev/null; then
		mounted=$tmp/ro
		"$ff" import --db "$tmp/ro/new.db" "$tmp/g.fgn"
		echo $? >"$tmp/ro.rc"
	elif unshare -rm true 2>/dev/null; then
		unshare -rm sh -c 'mount -t tmpfs -o ro,size=1m tmpfs "$1" && "$2" import --db "$1/new.db" "$3";
			echo $? >"$4"' sh "$tmp/ro" "$ff" "$tmp/g.fgn" "$tmp/ro.rc"
	else
		return 77
	fi
}
if ro_import >"$tmp/out" 2>"$tmp/err"; then
	[ "$(cat "$tmp/ro.rc")" = 1 ] && grep -q "its directory '$tmp/ro' is on a read-only file system" "$tmp/err" &&
		! grep -q 'No such file' "$tmp/err"; check "a read-only file system: says so" $?
	[ -z "${VERBOSE:-}" ] || cat "$tmp/err"
else
	echo "skip: a read-only file system (neither root's mount nor unshare -rm works here)"
fi

# 3. PostgreSQL: a database with tables of its own
pg_start
case $? in
0)
	u=$(pg_newdb theirs)
	pg_psql theirs -c "CREATE TABLE customers (id int); INSERT INTO customers VALUES (7)" >/dev/null
	"$ff" import --db "$u" "$tmp/g.fgn" >"$tmp/out" 2>"$tmp/err"
	[ $? = 1 ] && grep -q "is not a fivefold store: it has 1 table of its own (e.g. 'customers')" "$tmp/err"
	check "PostgreSQL: another program's database refused" $?
	[ "$(pg_psql theirs -At -c "SELECT count(*) FROM pg_class WHERE relname LIKE 'fivefold%' OR relname = 'games'")" = 0 ]
	check "... nothing made in it" $?
	"$ff" import --init --db "$u" "$tmp/g.fgn" >"$tmp/out" 2>&1 && grep -q '4 stored' "$tmp/out" &&
		[ "$(pg_psql theirs -At -c "SELECT id FROM customers")" = 7 ]
	check "PostgreSQL: import --init stores beside its rows" $?
	u2=$(pg_newdb fresh)
	"$ff" import --db "$u2" "$tmp/g.fgn" >"$tmp/out" 2>&1 && grep -q '4 stored' "$tmp/out"
	check "PostgreSQL: an empty database is a new store" $?
	;;
77) echo "skip: the PostgreSQL part (no server binaries)" ;;
*) check "start a PostgreSQL server" 1 ;;
esac

echo "store_foreign: $pass passed, $fail failed"
[ "$fail" = 0 ]
