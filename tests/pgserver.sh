# A throw-away PostgreSQL server for the tests, sourced by them:
#   pg_start        start one (initdb and pg_ctl in a temporary directory,
#                   Unix socket only, as nobody when run as root); sets
#                   FF_PG_DIR and FF_PG_BIN; returns 77 saying why when the
#                   server binaries are missing
#   pg_newdb NAME   create database NAME, print its postgresql:// URL
#   pg_psql NAME ARGS...   psql on database NAME
#   pg_stop         stop it and remove its directory
# (toolchain-notes: initdb refuses root; socket paths over 107 bytes fail.)

pg_bin() {
	for d in "$(pg_config --bindir 2>/dev/null)" $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
		if [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
			echo "$d"
			return 0
		fi
	done
	return 1
}

pg_as() {
	if [ "$(id -u)" = 0 ]; then
		runuser -u nobody -- "$@"
	else
		"$@"
	fi
}

pg_start() {
	if ! FF_PG_BIN=$(pg_bin); then
		echo "skip: no PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql"
		return 77
	fi
	FF_PG_DIR=$(mktemp -d -p /tmp) || return 1   # short: the socket goes in it
	chmod 755 "$FF_PG_DIR"
	[ "$(id -u)" = 0 ] && chown nobody "$FF_PG_DIR"
	if ! pg_as "$FF_PG_BIN/initdb" -D "$FF_PG_DIR/data" -U fivefold --auth=trust -E UTF8 \
		--locale=C --no-sync >"$FF_PG_DIR/initdb.log" 2>&1; then
		cat "$FF_PG_DIR/initdb.log"
		return 1
	fi
	if ! pg_as "$FF_PG_BIN/pg_ctl" -D "$FF_PG_DIR/data" -l "$FF_PG_DIR/server.log" -w \
		-o "-c listen_addresses= -c unix_socket_directories=$FF_PG_DIR -c fsync=off -c max_connections=40" \
		start >/dev/null; then
		cat "$FF_PG_DIR/server.log"
		return 1
	fi
}

pg_psql() {
	db=$1
	shift
	"$FF_PG_BIN/psql" -X -q -h "$FF_PG_DIR" -U fivefold -d "$db" -v ON_ERROR_STOP=1 "$@"
}

pg_newdb() {
	pg_psql postgres -c "CREATE DATABASE $1" >/dev/null && echo "postgresql:///$1?host=$FF_PG_DIR&user=fivefold"
}

pg_stop() {
	[ -n "${FF_PG_DIR:-}" ] || return 0
	pg_as "$FF_PG_BIN/pg_ctl" -D "$FF_PG_DIR/data" -m immediate stop >/dev/null 2>&1
	rm -rf "$FF_PG_DIR"
	FF_PG_DIR=
}
