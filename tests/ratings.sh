#!/bin/sh
# ratings and standings through the CLI (docs/ratings.md): a club's
# double round robin of four named players (Fiveplay games from simulate,
# their Seat, Event and Date tags set here), Pegs and Jokers partner games
# and undated games, in a SQLite store. Elo is checked against an awk
# implementation of the formula over the stored results (K = 32, each
# player against each opponent, K / m); --as-of against a store that holds
# only the games up to that date; standings' points against the results
# counted by awk; every JSON line by tests/json_check. Then the same
# imports into a throw-away PostgreSQL server (tests/pgserver.sh) must
# give the same output byte for byte, every format (skipped, saying why,
# when the server binaries are missing).
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
jc=$(cd "$top_builddir" && pwd)/tests/json_check
tmp=$(mktemp -d) || exit 1
. "$srcdir/tests/pgserver.sh"
trap 'pg_stop; rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {
	if [ "$2" = 0 ]; then pass=$((pass + 1)); [ -z "${VERBOSE:-}" ] || echo "ok: $1"
	else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
command -v sqlite3 >/dev/null || { echo "ratings: the sqlite3 shell is needed"; exit 1; }

# name seats and date games: NAMES is "a b;c d;..." (seat names of game
# 1, 2, ...), DATES the same for dates ("-": no Date tag), EVENT the event
tag() {
	awk -v names="$1" -v dates="$2" -v event="$3" '
	BEGIN { ng = split(names, N, ";"); split(dates, D, ";") }
	/^\[Game / { g++; print; if (event != "") printf "[Event \"%s\"]\n", event
		if (D[g] != "-") printf "[Date \"%s\"]\n", D[g]; split(N[g], S, " "); next }
	/^\[Seat[0-9]+ / { k = substr($1, 6) + 0; printf "[Seat%d \"%s\"]\n", k, S[k]; next }
	{ print }'
}
"$ff" simulate --game fiveplay --games 12 --seed 40 --agents random >"$tmp/rr.sim"
names="Ann Bob;Cid Dee;Ann Cid;Bob Dee;Ann Dee;Bob Cid;Bob Ann;Dee Cid;Cid Ann;Dee Bob;Dee Ann;Cid Bob"
d1=2026.11.01 d2=2026.11.08
dates="$d1;$d1;$d1;$d1;$d1;$d1;$d2;$d2;$d2;$d2;$d2;$d2"
tag "$names" "$dates" "Club night" <"$tmp/rr.sim" >"$tmp/rr.fgn"
"$ff" simulate --game pegsjokers --games 2 --seed 3 --agents greedy >"$tmp/pj.sim"
tag "Ann Bob Cid Dee;Bob Ann Dee Cid" "$d2;$d2" "" <"$tmp/pj.sim" >"$tmp/pj.fgn"
"$ff" simulate --game fiveplay --games 3 --seed 90 >"$tmp/old.sim"
tag "Ann Eve;Eve Bob;Eve Cid" "-;-;-" "" <"$tmp/old.sim" >"$tmp/old.fgn"
"$ff" import --db "$tmp/s.db" "$tmp/rr.fgn" "$tmp/pj.fgn" "$tmp/old.fgn" >/dev/null
check "import the club's games" $?

# 1. Elo of the fiveplay pool against awk over the stored results
sqlite3 -separator ' ' "$tmp/s.db" "SELECT g.id, coalesce(g.winner_side, 0), s.side, p.name
	FROM games g JOIN seats s ON s.game_id = g.id JOIN players p ON p.id = s.player_id
	WHERE g.ruleset LIKE 'fiveplay%' AND g.result <> '*' ORDER BY g.date IS NOT NULL, g.date,
	g.id, s.seat" | awk '
	function flush(   i, j, e) {
		if (n != 2) { n = 0; return }
		for (i = 1; i <= 2; i++) { j = 3 - i; if (!(P[i] in R)) R[P[i]] = 1500; if (!(P[j] in R)) R[P[j]] = 1500 }
		for (i = 1; i <= 2; i++) {
			j = 3 - i; e = 1 / (1 + 10 ^ ((R[P[j]] - R[P[i]]) / 400))
			s = W == 0 ? 0.5 : (SD[i] == W ? 1 : 0); NW[i] = R[P[i]] + 32 * (s - e)
		}
		R[P[1]] = NW[1]; R[P[2]] = NW[2]; n = 0
	}
	$1 != id { flush(); id = $1 } { n++; W = $2; SD[n] = $3; P[n] = $4 }
	END { flush(); for (p in R) printf "%s %.4f\n", p, R[p] }' | sort >"$tmp/elo.awk"
"$ff" ratings --db "$tmp/s.db" --game fiveplay --format csv | awk -F, 'NR > 1 {
	gsub(/"/, "", $3); printf "%s %.4f\n", $3, $8 }' | sort >"$tmp/elo.ff"
[ -s "$tmp/elo.awk" ] && cmp -s "$tmp/elo.awk" "$tmp/elo.ff"; check "Elo as the formula by hand (awk)" $?

# 2. the pools: --by game gives fiveplay and pegsjokers; each partner of
# the two Pegs and Jokers games has 2 games there
"$ff" ratings --db "$tmp/s.db" --format csv >"$tmp/r.csv"
[ "$(cut -d, -f1 "$tmp/r.csv" | sort -u | tr '\n' ' ')" = '"fiveplay" "pegsjokers" pool ' ]
check "ratings --by game: a pool per game" $?
[ "$(grep -c '^"pegsjokers",[0-9]*,"[A-D][a-z]*",2,' "$tmp/r.csv")" = 4 ]; check "each partner rated in both team games" $?
"$ff" ratings --db "$tmp/s.db" --by ruleset --format csv | cut -d, -f1 | sort -u | grep -q '^"fiveplay/'
check "ratings --by ruleset: pools are ruleset ids" $?

# 3. --as-of the first club night: the same as a store of the undated games
# and the first night only
head_games() { awk -v n="$2" '/^\[Game /{g++} g <= n' "$1"; }
head_games "$tmp/rr.fgn" 6 >"$tmp/rr1.fgn"
"$ff" import --db "$tmp/s1.db" "$tmp/rr1.fgn" "$tmp/old.fgn" >/dev/null
"$ff" ratings --db "$tmp/s.db" --as-of 2026-11-01 >"$tmp/asof"
"$ff" ratings --db "$tmp/s1.db" >"$tmp/first"
cmp -s "$tmp/asof" "$tmp/first"; check "ratings --as-of: the games up to that date" $?
! cmp -s "$tmp/asof" "$tmp/r.csv"; check "ratings --as-of changes the ratings" $?

# 4. standings: points as the results say; a crosstable (round robin)
"$ff" standings --db "$tmp/s.db" --event "Club night" --format csv >"$tmp/st.csv"
awk '/^\[Seat1 /{a=$2} /^\[Seat2 /{b=$2} /^\[Result /{r=$2}
	/^\[Result /{ gsub(/["\]]/,"",a); gsub(/["\]]/,"",b)
		if (r ~ /1-0/) P[a]+=1; else if (r ~ /0-1/) P[b]+=1; else { P[a]+=0.5; P[b]+=0.5 }
		P[a]+=0; P[b]+=0 }
	END { for (p in P) print p, P[p] }' "$tmp/rr.fgn" | sort >"$tmp/pts.awk"
awk -F, 'NR > 1 { gsub(/"/, "", $3); print $3, $4 }' "$tmp/st.csv" | sort >"$tmp/pts.ff"
cmp -s "$tmp/pts.awk" "$tmp/pts.ff"; check "standings: each player's points" $?
[ "$(head -1 "$tmp/st.csv" | tr ',' '\n' | wc -l)" = 13 ]; check "standings: a crosstable column per player" $?
"$ff" standings --db "$tmp/s.db" --event "Club night" | grep -q '^a round robin'
check "standings: the round robin is found" $?
"$ff" standings --db "$tmp/s.db" --event "no such event" | grep -q '^no games'
check "standings of an event with no games" $?

# 5. JSON
for c in "ratings --db $tmp/s.db --format json" "ratings --db $tmp/s.db --format json --method glicko2" \
	"standings --db $tmp/s.db --event Club\\ night --format json"; do
	eval "\"$ff\" $c" | "$jc" -l >/dev/null; check "json: $c" $?
done

# 6. rating periods (--period): a game a day is a period a game (the
# same ratings as --period game); two games of one day with the winners
# swapped leave both players level in one period, and not game by game
# (where the later winner is ahead)
dates12="2026.10.01;2026.10.02;2026.10.03;2026.10.04;2026.10.05;2026.10.06"
dates12="$dates12;2026.10.07;2026.10.08;2026.10.09;2026.10.10;2026.10.11;2026.10.12"
tag "$names" "$dates12" "" <"$tmp/rr.sim" >"$tmp/days.fgn"
"$ff" import -q --db "$tmp/days.db" "$tmp/days.fgn" >/dev/null
"$ff" ratings --db "$tmp/days.db" | sed '$d' >"$tmp/per-game"
"$ff" ratings --db "$tmp/days.db" --period day >"$tmp/per-day"
sed '$d' "$tmp/per-day" | cmp -s - "$tmp/per-game"
check "ratings --period day, a game a day: as --period game" $?
tail -1 "$tmp/per-day" | grep -q '12 rating periods (a day each'
check "ratings --period day counts 12 periods" $?
n1=$(awk '/^\[Game / { g++ } /^\[Result "1-0"\]/ { print g; exit }' "$tmp/rr.sim")
awk -v n="${n1:-0}" '/^\[Game / { g++ } g == n' "$tmp/rr.sim" >"$tmp/won1"
[ -s "$tmp/won1" ]; check "a game seat 1 won" $?
{ tag "Xan Yul" "2026.10.01" "" <"$tmp/won1"; tag "Yul Xan" "2026.10.01" "" <"$tmp/won1"; } >"$tmp/swap.fgn"
"$ff" import -q --db "$tmp/swap.db" "$tmp/swap.fgn" >/dev/null
for per in day all; do
	"$ff" ratings --db "$tmp/swap.db" --period $per --method glicko2 --format csv |
		awk -F, 'NR > 1 { gsub(/"/, "", $3); r[$3] = $9 } END { exit !(r["Xan"] == r["Yul"] && r["Xan"] != "") }'
	check "ratings --period $per: swapped winners in one period leave the two level" $?
done
"$ff" ratings --db "$tmp/swap.db" --method glicko2 --format csv |
	awk -F, 'NR > 1 { gsub(/"/, "", $3); r[$3] = $9 } END { exit !(r["Yul"] > r["Xan"]) }'
check "ratings --period game: the later winner is ahead" $?

# 7. the same on PostgreSQL, byte for byte
pg_start
case $? in
0)
	url=$(pg_newdb ratings)
	"$ff" import --db "$url" "$tmp/rr.fgn" "$tmp/pj.fgn" "$tmp/old.fgn" >/dev/null
	check "postgresql: import" $?
	for args in "ratings" "ratings --format csv" "ratings --format json" "ratings --by ruleset" \
		"ratings --as-of 2026.11.01 --method elo" "ratings --player Eve" \
		"ratings --period day" "ratings --period all --format json" \
		"standings --event Club\\ night" "standings --event Club\\ night --format csv" \
		"standings --event Club\\ night --format json"; do
		eval "\"$ff\" $args --db \"$tmp/s.db\"" >"$tmp/sq" 2>&1
		eval "\"$ff\" $args --db \"\$url\"" >"$tmp/pg" 2>&1
		cmp -s "$tmp/sq" "$tmp/pg"; check "postgresql as sqlite: $args" $?
	done ;;
77) ;;
*) check "start a PostgreSQL server" 1 ;;
esac

echo "ratings: $pass passed, $fail failed"
[ "$fail" = 0 ]
