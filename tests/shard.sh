#!/bin/sh
# --shard I/K of simulate and analyse: the K shards' outputs concatenated
# in shard order are the bytes of one run (simulate: the run without
# --shard; analyse: --shard 1/1, which is the run without it less its
# summary line, which a shard writes to standard error), in every output
# format, with more shards than games too; the four shards run at once
# (GNU parallel where installed, else xargs -P 4), each importing its
# simulated games and keeping its analyses in one throw-away PostgreSQL
# store (tests/pgserver.sh), give the store and `stats --by player` that
# one sequential run into a SQLite store gives. Bad values are usage
# errors. The PostgreSQL part is skipped, saying why, without the server
# binaries.
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
# run "$@" with {} replaced by 1..4, four at once
four() {
	if command -v parallel >/dev/null 2>&1 && parallel --version 2>/dev/null | grep -q GNU; then
		parallel -q -j 4 "$@" ::: 1 2 3 4
	else
		printf '%s\n' 1 2 3 4 | xargs -P 4 -I {} "$@"
	fi
}

# 1. simulate: FGN and JSON Lines, 10 games in 4 shards and 3 in 4
for n in 10 3; do
	for f in fgn jsonl; do
		"$ff" simulate --game sequence --games $n --seed 7 -f $f >"$tmp/one.$f"
		for i in 1 2 3 4; do
			"$ff" simulate --game sequence --games $n --seed 7 -f $f --shard $i/4
		done >"$tmp/four.$f"
		cmp -s "$tmp/one.$f" "$tmp/four.$f"; check "simulate --games $n -f $f: 4 shards = one run" $?
	done
done

# 2. analyse: text, JSON Lines, CSV, annotated FGN; 9 games over two files
"$ff" simulate --game fivelines --games 5 --seed 3 --agents greedy,random >"$tmp/a.fgn"
"$ff" simulate --game fivelines --games 4 --seed 9 --agents random,greedy >"$tmp/b.fgn"
an="--method search --iterations 30"
for f in text json csv annotate; do
	case $f in annotate) fo="--annotate" ;; *) fo="-f $f" ;; esac
	"$ff" analyse $an $fo --shard 1/1 "$tmp/a.fgn" "$tmp/b.fgn" >"$tmp/one.$f" 2>"$tmp/one.err"
	for i in 1 2 3 4; do
		"$ff" analyse $an $fo --shard $i/4 "$tmp/a.fgn" "$tmp/b.fgn" 2>>"$tmp/four.err"
	done >"$tmp/four.$f"
	[ -s "$tmp/one.$f" ] && cmp -s "$tmp/one.$f" "$tmp/four.$f"
	check "analyse $fo: 4 shards = --shard 1/1" $?
done
"$ff" analyse $an "$tmp/a.fgn" "$tmp/b.fgn" >"$tmp/plain" 2>/dev/null
"$ff" analyse $an --shard 1/1 "$tmp/a.fgn" "$tmp/b.fgn" 2>"$tmp/one.err" >/dev/null
grep -v '^summary: ' "$tmp/plain" | cmp -s - "$tmp/one.text" &&
	grep -qx 'summary: 9 games, 9 analysed, 0 not analysed, [0-9]* plies' "$tmp/one.err"
check "analyse --shard 1/1: the plain run, its summary on standard error" $?
"$ff" analyse $an -q --shard 4/4 "$tmp/b.fgn" >"$tmp/few" 2>"$tmp/few.err" &&
	grep -qx 'summary: 1 game, 1 analysed, 0 not analysed, [0-9]* plies' "$tmp/few.err" &&
	grep -q '/b.fgn: game 4 ' "$tmp/few" && [ "$(grep -c ': game ' "$tmp/few")" = 1 ]
check "analyse --shard 4/4 of 4 games: the last game" $?

# 3. bad values: usage errors
bad=0
for v in 0/4 5/4 4 a/b 1/0 /4; do
	"$ff" simulate --game fivelines --shard "$v" >/dev/null 2>"$tmp/err"
	[ $? = 2 ] && grep -q "shard I of K" "$tmp/err" || bad=1
done
check "--shard 0/4, 5/4, 4, a/b, 1/0, /4: usage errors" $bad
"$ff" analyse --shard 1/2 <"$tmp/a.fgn" >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "not standard input" "$tmp/err"; check "analyse --shard of standard input: a usage error" $?

# 4. four shards at once into one PostgreSQL store: the store a
# sequential run into SQLite makes
pg_start
case $? in
0)
	u=$(pg_newdb shards)
	export ff u tmp
	sim="--game fivelines --games 24 --seed 100 --agents greedy,random"
	four sh -c '"$ff" simulate '"$sim"' --shard {}/4 -o "$tmp/s{}.fgn" && "$ff" import -q --db "$u" "$tmp/s{}.fgn"' >/dev/null
	"$ff" simulate $sim -o "$tmp/all.fgn"
	cat "$tmp/s1.fgn" "$tmp/s2.fgn" "$tmp/s3.fgn" "$tmp/s4.fgn" | cmp -s - "$tmp/all.fgn"
	check "simulate: 4 shards at once = one run" $?
	"$ff" solve --game fivelines -o "$tmp/s.sol" >/dev/null 2>&1
	four sh -c '"$ff" analyse -q --solution "$tmp/s.sol" --db "$u" --shard {}/4 -o "$tmp/a{}.txt" "$tmp/all.fgn"' 2>/dev/null
	cat "$tmp/a1.txt" "$tmp/a2.txt" "$tmp/a3.txt" "$tmp/a4.txt" >"$tmp/a.txt"
	"$ff" import -q --db "$tmp/seq.db" "$tmp/all.fgn" >/dev/null
	"$ff" analyse -q --solution "$tmp/s.sol" --db "$tmp/seq.db" --shard 1/1 -o "$tmp/seq.txt" "$tmp/all.fgn" 2>/dev/null
	cmp -s "$tmp/a.txt" "$tmp/seq.txt"; check "analyse: 4 shards at once = one run" $?
	[ "$(pg_psql shards -At -c 'SELECT count(*) FROM games' -c 'SELECT count(*) FROM analysis_seats')" = "24
48" ]; check "postgresql: 24 games, 48 seats' analyses from 4 shards at once" $?
	"$ff" export --db "$u" | cmp -s - "$tmp/all.fgn" || "$ff" export --db "$u" | sort | cmp -s - "$(sort "$tmp/all.fgn" >"$tmp/sorted"; echo "$tmp/sorted")"
	check "postgresql: the games of the 4 shards, each once" $?
	"$ff" stats --db "$tmp/seq.db" --by player -f csv >"$tmp/p.seq"
	"$ff" stats --db "$u" --by player -f csv | cmp -s - "$tmp/p.seq" && [ "$(wc -l <"$tmp/p.seq")" = 3 ]
	check "postgresql: stats --by player as the sequential SQLite run's" $?
	;;
77) echo "shard: PostgreSQL part skipped" ;;
*) echo "shard: cannot start a PostgreSQL server"; fail=$((fail + 1)) ;;
esac

echo "shard: $pass passed, $fail failed"
[ "$fail" = 0 ]
