#!/bin/sh
# No PostgreSQL password in anything fivefold prints (issue 33, defect 1):
# a throw-away server (tests/pgserver.sh) gets a role with a password
# (scram-sha-256 on its socket), and every error path of the store that
# takes a --db URL -- bad URL syntax, bad escapes, unknown host, refused
# port, bad port, wrong password (in the user info, as a parameter, from
# PGPASSWORD), a password the URL cuts at an unescaped '@', missing
# database, bad sslmode and other bad parameters, a database that is no
# store, no right to create tables, store copy both ways, a same-store
# usage error -- must exit as it should and print no secret, neither as
# written in the URL nor %-decoded. Then a URL without a password
# connects with the password from PGPASSWORD, from PGPASSFILE and from
# ~/.pgpass (libpq's own look-up, which fivefold leaves alone), and
# without any of them fails saying so. Skipped, saying why, only when the
# PostgreSQL server binaries are missing.
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
pg_start
case $? in 0) ;; 77) exit 77 ;; *) echo "store_secret: cannot start a PostgreSQL server"; exit 1 ;; esac

# a role with a password, which the server asks for on its socket (the
# other roles keep trust); every secret below has S3cr3t in it
pw='S3cr3tPW!xyz'     # the password; in a URL: S3cr3tPW%21xyz
pwu='S3cr3tPW%21xyz'
pg_psql postgres -c "CREATE ROLE sekrit LOGIN PASSWORD '$pw'" \
	-c "CREATE DATABASE secretdb OWNER sekrit" -c "CREATE DATABASE notours OWNER fivefold" >/dev/null
pg_psql notours -c "CREATE TABLE customers (id int)" -c "REVOKE CREATE ON SCHEMA public FROM PUBLIC" >/dev/null
pg_as sh -c "printf 'local all sekrit scram-sha-256\n' | cat - '$FF_PG_DIR/data/pg_hba.conf' \
	>'$FF_PG_DIR/data/hba' && mv '$FF_PG_DIR/data/hba' '$FF_PG_DIR/data/pg_hba.conf'"
pg_as "$FF_PG_BIN/pg_ctl" -D "$FF_PG_DIR/data" reload >/dev/null
sleep 1
h="host=$FF_PG_DIR"
good="postgresql://sekrit:$pwu@/secretdb?$h"
"$ff" simulate --game fivelines --games 3 --seed 1 >"$tmp/g.fgn"
"$ff" import --db "$tmp/s.db" "$tmp/g.fgn" >/dev/null

# a port no one listens on
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null || echo 9)

# run NAME RC PATTERN fivefold-args...: the exit status is RC, stderr
# matches PATTERN (grep -E), and neither stdout nor stderr holds a secret
n=0
run() {
	name=$1 want=$2 pat=$3
	shift 3
	n=$((n + 1))
	timeout 60 "$ff" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" = "$want" ]; check "$name: exit $want (got $rc)" $?
	grep -Eq -- "$pat" "$tmp/err"; check "$name: says '$pat'" $?
	if grep -Fq -e S3cr3t -e "$pw" -e 'PW%21' -e 'PW!' "$tmp/out" "$tmp/err"; then
		check "$name: no secret printed" 1
		cat "$tmp/err"
	else
		check "$name: no secret printed" 0
	fi
	[ -z "${VERBOSE:-}" ] || cat "$tmp/err"
}

run "bad URL syntax" 1 "sekrit:\*\*\*@\[::1" stats --db "postgresql://sekrit:$pwu@[::1/fivefold"
run "bad %-escape in the password" 1 "percent-encoded" stats --db "postgresql://sekrit:S3cr3tPW%2xyz@localhost/x"
run "%00 in the password" 1 "forbidden value %00" stats --db "postgresql://sekrit:S3cr3t%00PW@localhost/x"
run "unknown host, password as a parameter" 1 "nonexistent.invalid" \
	stats --db "postgresql://sekrit@nonexistent.invalid/x?password=$pwu&connect_timeout=5"
run "refused port" 1 "sekrit:\*\*\*@127.0.0.1" export --db "postgresql://sekrit:$pwu@127.0.0.1:$port/x"
run "refused port, password as a parameter" 1 "password=\*\*\*" \
	import --db "postgresql://sekrit@127.0.0.1:$port/x?password=$pwu" "$tmp/g.fgn"
run "bad port" 1 "invalid integer value" stats --db "postgresql://sekrit:$pwu@localhost:notaport/x"
run "wrong password" 1 "password authentication failed" \
	stats --db "postgresql://sekrit:WrongS3cr3t@/secretdb?$h"
run "wrong password as a parameter" 1 "password authentication failed" \
	stats --db "postgresql:///secretdb?$h&user=sekrit&password=WrongS3cr3t"
run "wrong password, %-encoded parameter name" 1 "password authentication failed" \
	stats --db "postgresql:///secretdb?$h&user=sekrit&pass%77ord=WrongS3cr3t"
run "a password cut at an unescaped @" 1 "password authentication failed" \
	stats --db "postgresql://sekrit:S3cr3t@PW@/secretdb?$h"
run "missing database" 1 'database "nosuchdb" does not exist' \
	stats --db "postgresql://sekrit:$pwu@/nosuchdb?$h"
run "bad sslmode" 1 "sslmode" stats --db "$good&sslmode=bogusmode"
run "unknown parameter" 1 "invalid URI query parameter" stats --db "$good&bogus=1"
run "extra = in the password parameter" 1 "extra key/value separator" \
	stats --db "postgresql:///secretdb?$h&password=S3cr3t=PW"
run "sslpassword parameter, wrong password" 1 "password authentication failed" \
	stats --db "postgresql://sekrit:WrongS3cr3t@/secretdb?$h&sslpassword=S3cr3tSSL"
run "a database that is no store" 1 "sekrit:\*\*\*@/secretdb.*is not a fivefold store" stats --db "$good"
run "no right to create tables" 1 "permission denied" \
	import --init --db "postgresql://sekrit:$pwu@/notours?$h" "$tmp/g.fgn"
run "store copy from a wrong password" 1 "password authentication failed" \
	store copy "postgresql://sekrit:WrongS3cr3t@/secretdb?$h" "$tmp/t.db"
run "store copy to a wrong password" 1 "password authentication failed" \
	store copy "$tmp/s.db" "postgresql://sekrit:WrongS3cr3t@/secretdb?$h"
run "store copy to the same store" 2 "the same store 'postgresql://sekrit:\*\*\*@" \
	store copy "$good" "$good"
echo "store_secret: $n error paths"

# the password from PGPASSWORD, PGPASSFILE or ~/.pgpass: the URL has none
bare="postgresql:///secretdb?$h&user=sekrit"
PGPASSWORD=$pw "$ff" import --db "$bare" "$tmp/g.fgn" >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] && grep -q '3 stored' "$tmp/out"; check "PGPASSWORD: import connects and stores" $?
printf '*:*:*:sekrit:%s\n' "$pw" >"$tmp/passfile"
chmod 600 "$tmp/passfile"
PGPASSFILE=$tmp/passfile "$ff" stats --db "$bare" >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] && grep -q '3' "$tmp/out"; check "PGPASSFILE: stats connects" $?
mkdir "$tmp/home"
cp "$tmp/passfile" "$tmp/home/.pgpass"
HOME=$tmp/home PGPASSFILE= "$ff" export --db "$bare" >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] && [ "$(grep -c '^\[Game ' "$tmp/out")" = 3 ]; check "~/.pgpass: export connects" $?
HOME=$tmp PGPASSFILE= PGPASSWORD= "$ff" stats --db "$bare" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && grep -q 'no password supplied' "$tmp/err"; check "no password anywhere: refused, saying so" $?
PGPASSWORD=WrongS3cr3t "$ff" stats --db "$bare" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && grep -q 'password authentication failed' "$tmp/err" && ! grep -q S3cr3t "$tmp/err"
check "a wrong PGPASSWORD: refused, not printed" $?

echo "store_secret: $pass passed, $fail failed"
[ "$fail" = 0 ]
