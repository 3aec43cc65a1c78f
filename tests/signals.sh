#!/bin/sh
# Interrupted work (issue 33): each long command that writes is started
# on a big workload in the background, sent SIGINT or SIGTERM after a
# short delay, and must stop at a game boundary: exit 130 (SIGINT) or 143
# (SIGTERM), "fivefold CMD: interrupted (SIGINT) after N games" on
# standard error, and an output (an -o file put in place, or standard
# output) of exactly N whole games that validate. import: the store holds
# the games it says it read, whole and valid (export | validate). solve:
# no solution file. import runs on SQLite and, where a throw-away server
# can start (tests/pgserver.sh), PostgreSQL. Every command is bounded by
# timeout.
# usage: tests/signals.sh [FIVEFOLD]  (default: top_builddir/fivefold)
set -u
ff=${1:-$(cd "${top_builddir:-.}" && pwd)/fivefold}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
DELAY=${FF_SIGNAL_DELAY:-2}

bad() {
	echo "FAIL: $*"
	fail=1
}

# stop NAME SIG OUT CMD...: run CMD in the background (standard output to
# $tmp/NAME.stdout, standard error to $tmp/NAME.err), send SIG after
# DELAY seconds, check the exit status and the message; sets $n to the
# count the message gives
stop() {
	name=$1 sig=$2
	shift 2
	timeout 300 "$@" >"$tmp/$name.stdout" 2>"$tmp/$name.err" &
	pid=$!
	sleep "$DELAY"
	kill -"$sig" "$pid"
	wait "$pid"
	rc=$?
	want=130
	[ "$sig" = TERM ] && want=143
	n=$(sed -n "s/^fivefold [a-z]*: interrupted (SIG$sig) after \([0-9]*\) [a-z]*$/\1/p" \
		"$tmp/$name.err")
	if [ "$rc" != "$want" ] || [ -z "$n" ]; then
		bad "$name: exit $rc (want $want), message: $(tail -n 2 "$tmp/$name.err")"
		n=
		return 1
	fi
	return 0
}

# whole NAME FILE N: FILE holds exactly N games, all valid
whole() {
	summary=$("$ff" validate -q "$2" 2>&1 | tail -n 1)
	case $summary in
	"summary: $3 game, $3 valid, 0 illegal, 0 malformed"* | \
	"summary: $3 games, $3 valid, 0 illegal, 0 malformed"*)
		echo "ok: $1: stopped after $3 whole games" ;;
	*)
		bad "$1: the output is not $3 whole games: $summary" ;;
	esac
}

"$ff" simulate --game pegsjokers --seats 8 --games 400 --threads 2 -o "$tmp/big.fgn"
# convert reads 1,600 such games in about 1.6 s with two threads on an idle
# machine: sixteen copies keep it busy well past DELAY
cat "$tmp/big.fgn" "$tmp/big.fgn" "$tmp/big.fgn" "$tmp/big.fgn" >"$tmp/big4.fgn"
cat "$tmp/big4.fgn" "$tmp/big4.fgn" "$tmp/big4.fgn" "$tmp/big4.fgn" >"$tmp/big16.fgn"
rm -f "$tmp/big4.fgn"
"$ff" simulate --game fivelines --rules schaedler --games 3000 -o "$tmp/fl.fgn"

for sig in INT TERM; do
	for j in 1 2; do
		name=simulate-$sig-j$j-file
		stop "$name" "$sig" "$ff" simulate --game pegsjokers --seats 8 --games 1000000 \
			--threads "$j" -o "$tmp/$name.fgn" &&
			whole "$name" "$tmp/$name.fgn" "$n"
		ls -a "$tmp" | grep -q "^\.$name" && bad "$name: a temporary file left"
		name=simulate-$sig-j$j-stdout
		stop "$name" "$sig" "$ff" simulate --game pegsjokers --seats 8 --games 1000000 \
			--threads "$j" && whole "$name" "$tmp/$name.stdout" "$n"
	done
done

for j in 1 2; do
	name=convert-j$j-file
	stop "$name" INT "$ff" convert --threads "$j" --to jsonl "$tmp/big16.fgn" \
		-o "$tmp/$name.jsonl" && whole "$name" "$tmp/$name.jsonl" "$n"
	name=convert-j$j-stdout
	stop "$name" TERM "$ff" convert --threads "$j" --to jsonl "$tmp/big16.fgn" &&
		whole "$name" "$tmp/$name.stdout" "$n"
done

for j in 1 2; do
	name=analyse-j$j
	stop "$name" INT "$ff" analyse --threads $j --annotate "$tmp/fl.fgn" -o "$tmp/$name.fgn" &&
		whole "$name" "$tmp/$name.fgn" "$n"
done

# import: a signal between (or in) batches: what it read is stored whole
for j in 1 2; do
	name=import-j$j
	if stop "$name" INT "$ff" import --threads "$j" --db "$tmp/$name.db" "$tmp/big.fgn"; then
		"$ff" export --db "$tmp/$name.db" -o "$tmp/$name.fgn"
		whole "$name" "$tmp/$name.fgn" "$n"
	fi
done

# import into PostgreSQL (a throw-away server, tests/pgserver.sh; left
# out, saying so, where the server binaries are missing)
srcdir=${srcdir:-.}
if [ -f "$srcdir/tests/pgserver.sh" ]; then
	. "$srcdir/tests/pgserver.sh"
	trap 'pg_stop; rm -rf "$tmp"' EXIT
	if pg_start; then
		d=$DELAY
		DELAY=$((d * 4))   # a PostgreSQL store starts slower
		for j in 1 2; do
			name=import-pg-j$j
			url=$(pg_newdb "signals$j")
			if stop "$name" INT "$ff" import --threads "$j" --db "$url" "$tmp/big.fgn"; then
				"$ff" export --db "$url" -o "$tmp/$name.fgn"
				whole "$name" "$tmp/$name.fgn" "$n"
			fi
		done
		DELAY=$d
	else
		echo "signals.sh: no PostgreSQL server: the PostgreSQL import left out"
	fi
fi

# export of that store (400 games: 1.5 s on an idle machine, less than
# DELAY), to a FIFO read slowly: the first 128 KiB or so fill the FIFO and
# the pipe behind it, export waits in write() when the signal comes, and
# the reader drains it all only after the signal
if [ -f "$tmp/import-j1.db" ]; then
	"$ff" import -q --db "$tmp/x.db" "$tmp/big.fgn" >/dev/null
	name=export
	mkfifo "$tmp/$name.fifo"
	cat "$tmp/$name.fifo" | { sleep $((DELAY + 2)); cat; } >"$tmp/$name.jsonl" &
	reader=$!
	stop "$name" INT "$ff" export --db "$tmp/x.db" --to jsonl -o "$tmp/$name.fifo"
	ok=$?
	wait "$reader"
	[ "$ok" = 0 ] && whole "$name" "$tmp/$name.jsonl" "$n"
fi

# solve: a part solved is no solution, so no file
name=solve
if stop "$name" INT "$ff" solve --game fivelines --rules kidd -o "$tmp/kidd.sol"; then
	if [ -e "$tmp/kidd.sol" ] || ls -a "$tmp" | grep -q '^\.kidd'; then
		bad "solve: interrupted, but a solution file (or its temporary) is left"
	else
		echo "ok: solve: stopped after $n positions, no file"
	fi
fi
exit "$fail"
