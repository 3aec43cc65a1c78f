#!/bin/sh
# fivefold serve (issue 39, docs/serve.md) over a store of seeded games of
# all four families, a game whose players and Event hold markup, and a
# quarantined game: the server is started on a free loopback port (port
# 0, the port read from its first line), and
# - the JSON API is checked with curl against the CLI: every page of
#   /api/games followed by its next cursor gives each game once, in id
#   order, as many as `export` writes; /api/stats is `stats --format json`
#   line for line; /games/ID.fgn and /export.* are `export`'s bytes;
#   parameters holding SQL metacharacters give the right rows; a bad id,
#   page size, parameter, path with .., over-long URL, unknown path and
#   another method each get their 4xx;
# - headless Chromium loads the pages (Debian's chromium) and the DOM is
#   checked: the games list, a statistics row's link followed to its
#   games (as many as `stats` counts), a game page stepped to its end with
#   the keyboard, and the markup in players, Event and raw text shown as
#   text (no node injected, the title as it should be);
# - the same store copied into PostgreSQL (a throw-away server) gives the
#   same answers, byte for byte;
# - SIGTERM stops it (exit 0, the stop in the log), the store unchanged.
# Screenshots are kept in tests/artefacts/. Skips only where curl or
# chromium is missing.
# usage: tests/serve.sh [FIVEFOLD]  (default: top_builddir/fivefold)
set -u
ff=${1:-$(cd "${top_builddir:-.}" && pwd)/fivefold}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ] || ! command -v curl >/dev/null 2>&1; then
	echo "serve.sh: SKIP: needs chromium and curl (apt-get install chromium curl)"
	exit 77
fi
art=$(pwd)/tests/artefacts
mkdir -p "$art"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; [ -n "${FF_PG_DIR:-}" ] && pg_stop; rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # name, condition-result
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
chrome() { # chromium's headless run of "$@"; its chatter on stderr dropped
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--no-proxy-server --user-data-dir="$tmp/profile" "$@" 2>/dev/null
}

# --- the store: 6 games of each family, seeded; a game with markup in its
# players and Event; a game that breaks the rules (quarantined) with markup
# in its text
for g in fivelines fiveplay sequence pegsjokers; do
	"$ff" simulate --game $g --games 6 --seed 5 >"$tmp/$g.fgn" || exit 1
done
script="<script>document.title='PWNED'</script>"
img="\\\\\"><img src=x onerror=\\\\\"document.title='PWNED'\\\\\">"
"$ff" simulate --game fivelines --games 1 --seed 9 |
	sed -e "s|^\[Seat1 .*|[Seat1 \"$script\"]|" -e "s|^\[Seat2 .*|[Seat2 \"$img\"]|" \
	    -e "s|^\[Event .*|[Event \"</title><title>PWNED\"]|" >"$tmp/markup.fgn"
if ! grep -q '^\[Event' "$tmp/markup.fgn"; then
	sed "s|^\[Seat1 |[Event \"</title><title>PWNED\"]\n[Seat1 |" "$tmp/markup.fgn" >"$tmp/m2.fgn"
	mv "$tmp/m2.fgn" "$tmp/markup.fgn"
fi
"$ff" validate "$tmp/markup.fgn" >/dev/null 2>&1; check "the game with markup is valid FGN" $?
"$ff" simulate --game fiveplay --games 1 --seed 11 |
	awk '!done && NF && !/^\[/ { $3 = $1; done = 1 } { print }' |
	sed "s|^\[Seat1 .*|[Seat1 \"<img src=x onerror=alert(1)>\"]|" >"$tmp/broken.fgn"
"$ff" import --db "$tmp/s.db" "$tmp/fivelines.fgn" "$tmp/fiveplay.fgn" "$tmp/sequence.fgn" \
	"$tmp/pegsjokers.fgn" "$tmp/markup.fgn" "$tmp/broken.fgn" >/dev/null 2>&1
n=$("$ff" export --db "$tmp/s.db" | grep -c '^\[Game ')
[ "$n" = 25 ]; check "25 games stored ($n)" $?
# the analyses the game pages show: Five Lines exactly, Sequence by search
"$ff" analyse --quiet --db "$tmp/s.db" "$tmp/fivelines.fgn" >/dev/null 2>&1 &&
	"$ff" analyse --quiet --db "$tmp/s.db" --iterations 20 "$tmp/sequence.fgn" >/dev/null 2>&1
check "analyse --db keeps the analyses of 12 games" $?
sqlite3 "$tmp/s.db" 'PRAGMA journal_mode=DELETE' >/dev/null
sum0=$(sha256sum <"$tmp/s.db")

# --- the server, on a free loopback port
: >"$tmp/log"
"$ff" serve --db "$tmp/s.db" --listen 127.0.0.1:0 2>"$tmp/log" &
pid=$!
i=0
while ! grep -q 'serving' "$tmp/log" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
port=$(sed -n 's|.* on http://127\.0\.0\.1:\([0-9]*\)/ .*|\1|p' "$tmp/log")
[ -n "$port" ]; check "the server says its port ($(head -1 "$tmp/log"))" $?
[ -n "$port" ] || { cat "$tmp/log"; exit 1; }
u=http://127.0.0.1:$port
get() { curl -s --path-as-is "$u$1"; }
code() { curl -s --path-as-is -o /dev/null -w '%{http_code}' "$@"; }

# a port taken: exit 1, said
"$ff" serve --db "$tmp/s.db" --listen "127.0.0.1:$port" 2>"$tmp/taken.err"
[ $? = 1 ] && grep -q "^fivefold serve: cannot listen on 127.0.0.1:$port: " "$tmp/taken.err"
check "a port taken: exit 1 ($(tail -n 1 "$tmp/taken.err"))" $?

# --- the JSON API against the CLI
# every page of 7, followed by its cursor: each game once, in order
# walk QUERY: the ids of every page of /api/games?QUERY, each page's
# next= followed to the last, into $ids
walk() {
	after= ids=
	while :; do
		get "/api/games?$1$after" >"$tmp/page.json"
		ids="$ids $(grep -o '^{"id":[0-9]*' "$tmp/page.json" | sed 's/.*://' | tr '\n' ' ')"
		next=$(sed -n 's/.*"next":\([0-9a-z]*\)}$/\1/p' "$tmp/page.json")
		[ "$next" = null ] || [ -z "$next" ] && break
		after="&after=$next"
	done
}
walk "limit=7"
want=$(seq 1 25 | tr '\n' ' ')
[ "$(echo $ids)" = "$(echo $want)" ]; check "/api/games pages by next: ids 1..25 once each (got$ids)" $?
# newest first (order=desc): every page by its cursor gives 25..1 once
walk "limit=7&order=desc"
want=$(seq 25 -1 1 | tr '\n' ' ')
[ "$(echo $ids)" = "$(echo $want)" ]; check "order=desc pages by next: ids 25..1 once each (got$ids)" $?
# sort=date and sort=plies, both ways, with a filter and without: every
# page by its cursor gives the store's order by that key and id (the
# sqlite3 shell's), each game once
for so in date plies; do
	key=plies; [ $so = date ] && key="coalesce(date, '')"
	for ord in asc desc; do
		for flt in "" "&game=fiveplay" "&min_plies=100"; do
			walk "limit=4&sort=$so&order=$ord$flt"
			d=; [ $ord = desc ] && d=DESC
			w="1"; [ "$flt" = "&game=fiveplay" ] && w="ruleset LIKE 'fiveplay%'"
			[ "$flt" = "&min_plies=100" ] && w="plies >= 100"
			want=$(sqlite3 "$tmp/s.db" "SELECT id FROM games WHERE $w ORDER BY $key $d, id $d" | tr '\n' ' ')
			[ -n "$want" ] && [ "$(echo $ids)" = "$(echo $want)" ]
			check "sort=$so&order=$ord$flt: pages by next give the store's order ($(echo $ids | cut -c1-40)...)" $?
		done
	done
done
get "/games?sort=plies&order=desc&limit=5" | grep -q '<a id="sort-plies" href="/games?sort=plies">plies &#9660;</a>'
check "the plies heading of a list by plies descending links to it ascending, with its arrow" $?
[ "$(code "$u/api/games?after=25")" = 404 ] && [ "$(code "$u/games?after=25")" = 404 ] &&
	[ "$(code "$u/api/games?after=24")" = 200 ]
check "a page past the end: 404" $?
# a filter: the games of one game, as export counts them
for g in fivelines fiveplay sequence pegsjokers; do
	a=$(get "/api/games?game=$g&limit=500" | grep -c '^{"id"')
	b=$("$ff" export --db "$tmp/s.db" --game $g | grep -c '^\[Game ')
	[ "$a" = "$b" ]; check "/api/games?game=$g: $a games, export $b" $?
done
# statistics: stats --format json, line for line
get "/api/stats" | sed -n 's/^\({"ruleset".*}\),\{0,1\}$/\1/p' >"$tmp/web.stats"
"$ff" stats --db "$tmp/s.db" --format json >"$tmp/cli.stats"
[ -s "$tmp/cli.stats" ] && cmp -s "$tmp/web.stats" "$tmp/cli.stats"
check "/api/stats is stats --format json" $?
# a game's FGN, the exports
"$ff" export --db "$tmp/s.db" --limit 3 | awk '/^\[Game /{n++} n==3' >"$tmp/g3.fgn"
get "/games/3.fgn" | cmp -s - "$tmp/g3.fgn"; check "/games/3.fgn is export's third game" $?
get "/api/games/3" | grep -q '^{"id":3,"ruleset":"fivelines/'; check "/api/games/3" $?
for f in fgn jsonl csv; do
	get "/export.$f?game=pegsjokers&min_plies=10" >"$tmp/web.$f"
	"$ff" export --db "$tmp/s.db" --game pegsjokers --min-plies 10 -f $f >"$tmp/cli.$f"
	[ -s "$tmp/cli.$f" ] && cmp -s "$tmp/web.$f" "$tmp/cli.$f"
	check "/export.$f is export -f $f" $?
done
# SQL metacharacters: the right rows (none), never an error or another's
for v in "x%27%20OR%20%271%27=%271" "%27%3B%20DROP%20TABLE%20games%3B--" "%25" "%5C" "%22"; do
	r=$(get "/api/games?player=$v")
	[ "$(code "$u/api/games?player=$v")" = 200 ] && [ "$r" = "$(printf '{"games":[\n],"limit":50,"next":null}')" ]
	check "player=$v: no games, 200" $?
done
# the player with markup: exactly its game
r=$(get "/api/games?player=%3Cscript%3Edocument.title%3D%27PWNED%27%3C%2Fscript%3E" | grep -c '^{"id"')
[ "$r" = 1 ]; check "the player <script>...: its one game ($r)" $?
# 4xx, never 500
while read -r want path; do
	got=$(code "$u$path")
	[ "$got" = "$want" ]; check "$path: $want (got $got)" $?
done <<EOF
400 /api/games/abc
400 /games/abc
400 /api/games/0
400 /api/games/-1
400 /api/games/1x
404 /api/games/99
404 /games/99
400 /api/games?limit=-1
400 /api/games?limit=0
400 /api/games?limit=100000
400 /api/games?limit=99999999999999999999999
400 /api/games?after=-5
400 /api/games?after=abc
400 /api/games?bogus=1
400 /api/games?game=chess
400 /api/games?since=yesterday
400 /api/games?result=2-0
400 /api/games?origin=both
400 /api/games?order=up
400 /api/games?sort=players
400 /api/games?game=sequence&game=fiveplay
400 /api/games?player=a%00b
400 /games/../etc/passwd
400 /games/%2e%2e/etc/passwd
400 /../../etc/passwd
404 /nope
404 /api/nope
400 /games/1/more
200 /api/games?player=
302 /
EOF
# a property test: 400 requests made at random (seeded) from the API's
# paths, its parameters and some that are not, with values of digits,
# signs, huge numbers, dates, SQL and markup, random bytes: each answer is
# 200, 400 or 404, and one JSON value
jc=$(cd "${top_builddir:-.}" && pwd)/tests/json_check
awk -v n=400 'BEGIN {
	srand(39)
	np = split("/api/games /api/stats /api/quarantine /api/games/1 /api/games/25 /api/games/26 /api/games/x", path, " ")
	nk = split("game rules options ruleset seats origin player since until result seed min_plies max_plies after limit bogus Game", key, " ")
	nv = split("1 0 -1 25 500 501 99999999999999999999 2024.01.01 2024-13-45 1-0 D W3 * sequence fivelines imported %27 %27%20OR%201=1-- %3Cscript%3E %00 %FF%FE %25 a+b %5C%22 schaedler skip-last", val, " ")
	for (i = 0; i < n; i++) {
		q = path[int(rand() * np) + 1]
		m = int(rand() * 4)
		for (j = 0; j < m; j++) {
			v = val[int(rand() * nv) + 1]
			if (rand() < 0.2) { v = ""; for (b = 0; b < 1 + int(rand() * 6); b++) v = v sprintf("%%%02X", int(rand() * 256)) }
			q = q (j ? "&" : "?") key[int(rand() * nk) + 1] "=" v
		}
		print q
	}
}' >"$tmp/urls"
bad=0 n200=0 n400=0 n404=0
while read -r p; do
	c=$(curl -s -o "$tmp/body" -w '%{http_code}' "$u$p")
	case $c in
	200) n200=$((n200 + 1)) ;; 400) n400=$((n400 + 1)) ;; 404) n404=$((n404 + 1)) ;;
	*) bad=$((bad + 1)); echo "  $p: $c" ;;
	esac
	if [ -x "$jc" ] && ! "$jc" <"$tmp/body" 2>/dev/null; then bad=$((bad + 1)); echo "  $p: not JSON"; fi
done <"$tmp/urls"
echo "serve.sh: 400 random requests: $n200 answered 200, $n400 400, $n404 404"
[ "$bad" = 0 ]; check "400 random API requests: each 200, 400 or 404 ($n200, $n400, $n404), and JSON ($bad not)" $?
got=$(code "$u/api/games?player=$(head -c 5000 /dev/zero | tr '\0' a)")
[ "$got" = 414 ]; check "an over-long URL: 414 (got $got)" $?
got=$(code -X POST -d x=1 "$u/api/games")
[ "$got" = 405 ]; check "POST: 405 (got $got)" $?
got=$(code -X DELETE "$u/games/1")
[ "$got" = 405 ]; check "DELETE: 405 (got $got)" $?
! grep -q '" 5[0-9][0-9] ' "$tmp/log"; check "no 5xx in the access log" $?

# --- the pages in Chromium, checked through the DOM
dom() { chrome --dump-dom "$u$1" >"$tmp/dom" || true; }
title() { sed -n 's:.*<title>\(.*\)</title>.*:\1:p' "$tmp/dom" | head -n 1; }
dom "/games?limit=10"
rows=$(grep -c '<tr><td class="n"><a href="/games/' "$tmp/dom")
[ "$rows" = 10 ] && grep -q 'id="next"' "$tmp/dom" && [ "$(title)" = "Games - $tmp/s.db" ]
check "the games list: 10 rows, a next page ($rows rows, title $(title))" $?
chrome --window-size=1300,1000 --screenshot="$art/serve-games.png" "$u/games" >/dev/null
# a statistics row followed: its games are the row's count, stats' count
dom "/stats?game=sequence"
href=$(grep -o '<a class="group" href="[^"]*"' "$tmp/dom" | head -n 1 | sed 's/.*href="//; s/"$//; s/&amp;/\&/g')
cnt=$(grep -o '<td class="n games">[0-9]*' "$tmp/dom" | head -n 1 | sed 's/.*>//')
want=$("$ff" stats --db "$tmp/s.db" --game sequence --format json | head -n 1 | sed 's/.*"games":\([0-9]*\).*/\1/')
grep -q '<div id="plot">' "$tmp/dom" && grep -q '<svg' "$tmp/dom"
check "the statistics page has the chart of stats --plot" $?
chrome --window-size=1300,1400 --screenshot="$art/serve-stats.png" "$u/stats" >/dev/null
# every row of the statistics table in the DOM is `stats`' group: ruleset,
# seats, games, unfinished, draws, first-player rate and plies, as its JSON
dom "/stats"
sed -n '/<table id="stats">/,/<\/table>/p' "$tmp/dom" | grep '^<tr><td>' | sed 's/<[^>]*>/ /g' |
	tr -s ' ' | sed 's/^ //; s/ $//' >"$tmp/stats.dom"
"$ff" stats --db "$tmp/s.db" --format json | awk '{
	match($0, /"ruleset":"[^"]*"/); r = substr($0, RSTART + 11, RLENGTH - 12)
	n = split($0, f, /[:,{}\[\]]+/)
	for (i = 1; i < n; i++) v[f[i]] = f[i + 1]
	match($0, /"first_player":\{[^}]*\}/); fp = substr($0, RSTART, RLENGTH)
	split(fp, p, /[:,\[\]{}]+/)
	printf "%s %d %d %d %d %.4f [%.4f, %.4f] %.1f %.1f %.1f\n", r, v["\"seats\""], v["\"games\""],
		v["\"unfinished\""], v["\"draws\""], p[5], p[7], p[8], v["\"mean\""], v["\"median\""], v["\"p90\""]
}' >"$tmp/stats.want"
[ -s "$tmp/stats.want" ] && cmp -s "$tmp/stats.dom" "$tmp/stats.want"
check "the statistics table in the DOM is stats' groups ($(wc -l <"$tmp/stats.dom") rows; $(diff "$tmp/stats.dom" "$tmp/stats.want" | head -2 | tr '\n' ' '))" $?
dom "$href"
rows=$(grep -c '<tr><td class="n"><a href="/games/' "$tmp/dom")
[ -n "$href" ] && [ "$cnt" = "$want" ] && [ "$rows" = "$want" ]
check "a stats row's link ($href): $rows games, the row says $cnt, stats $want" $?
# a game page: markup in the players and Event is text; stepped to its end
id=$(get "/api/games?player=%3Cscript%3Edocument.title%3D%27PWNED%27%3C%2Fscript%3E" |
	sed -n 's/^{"id":\([0-9]*\).*/\1/p')
plies=$(get "/api/games/$id" | sed -n 's/.*"plies":\([0-9]*\).*/\1/p')
dom "/games/$id"
[ "$(title)" = "$tmp/s.db, game $id" ]; check "the game page's title is its own ($(title))" $?
[ "$(grep -c '<script' "$tmp/dom")" = 1 ] && ! grep -q '<img' "$tmp/dom" &&
	grep -q '&lt;script&gt;document.title=.PWNED.&lt;/script&gt;' "$tmp/dom" &&
	grep -q '&lt;/title&gt;&lt;title&gt;PWNED' "$tmp/dom" &&
	grep -q '"&gt;&lt;img src=x onerror=' "$tmp/dom"
check "the game page shows the players' and Event's markup as text, no node injected" $?
# its own script runs (the Content-Security-Policy names its hash): it
# has drawn the start, ply 0; a policy that blocked it would leave none
grep -q '<body[^>]* data-ply="0"' "$tmp/dom"
check "the game page's own script runs under its Content-Security-Policy" $?
curl -s -D - -o /dev/null "$u/games/$id" | grep -qi "^content-security-policy: default-src 'none';.* script-src 'sha256-[A-Za-z0-9+/=]*'"
check "the game page allows its own script by hash only" $?
curl -s -D - -o /dev/null "$u/games" | grep -i "^content-security-policy:" | grep -vq "script-src"
check "the list pages allow no script" $?
chrome --window-size=1300,1000 --screenshot="$art/serve-game.png" "$u/games/$id" >/dev/null
# the keyboard: the served page, with a script of checks added (as
# tests/replay.sh does), loaded from a file
# the boards shown are, node for node, `fivefold show --format svg` of
# the game's FGN (/games/ID.fgn) after ply 2 and after its last ply
get "/games/$id.fgn" >"$tmp/game.fgn"
get "/games/$id" | sed '/^<\/body>/,$d' >"$tmp/game.html"
{
	printf '<div id="expect2" style="display:none">\n'
	# (the caption names the game by its number: the store's id here)
	"$ff" show --ply 2 --format svg "$tmp/game.fgn" | sed "s/>game 1 (/>game $id (/"
	printf '</div>\n<div id="expectend" style="display:none">\n'
	"$ff" show --format svg "$tmp/game.fgn" | sed "s/>game 1 (/>game $id (/"
	printf '</div>\n'
} >>"$tmp/game.html"
cat >>"$tmp/game.html" <<EOF
<script>
(function(){
function key(k){document.dispatchEvent(new KeyboardEvent('keydown',{key:k,bubbles:true}));}
function board(){var c=document.querySelectorAll('.pos.cur');return c.length===1?c[0].querySelector('svg'):null;}
var why=[];
key('ArrowRight');key('ArrowRight');
if(document.body.getAttribute('data-ply')!=='2')why.push('two right: '+document.body.getAttribute('data-ply'));
if(!board()||!board().isEqualNode(document.querySelector('#expect2 svg')))why.push('ply 2 is not show --ply 2');
key('End');
if(document.body.getAttribute('data-ply')!=='$plies')why.push('End: '+document.body.getAttribute('data-ply'));
if(!board()||!board().isEqualNode(document.querySelector('#expectend svg')))why.push('the end is not show');
key('Home');
if(document.body.getAttribute('data-ply')!=='0')why.push('Home: '+document.body.getAttribute('data-ply'));
document.title=why.length?'FAIL: '+why.join('; '):'PASS';
})();
</script>
</body>
</html>
EOF
chrome --dump-dom "file://$tmp/game.html" >"$tmp/dom" || true
[ "$(title)" = PASS ]; check "the game page steps with the keyboard to ply $plies, its boards show's ($(title))" $?
# --- a game's stored analysis: /api/games/ID carries export --analysis's
# object (null for a game with none); the game page draws the graph
# `analyse --plot` draws of the same game with the same budget (its title
# aside: it names the store, not a file) and a line per seat with analyse's
# sums, and a click on a point of the graph shows that ply's board
"$ff" export --db "$tmp/s.db" --analysis "$tmp/an.jsonl" >/dev/null
eid=$(grep '"method":"exact"' "$tmp/an.jsonl" | sed -n '1s/^{"id":\([0-9]*\).*/\1/p')
sid=$(grep '"method":"search"' "$tmp/an.jsonl" | sed -n '1s/^{"id":\([0-9]*\).*/\1/p')
nid=$(grep '"analysis":null' "$tmp/an.jsonl" | sed -n '1s/^{"id":\([0-9]*\).*/\1/p')
[ -n "$eid" ] && [ -n "$sid" ] && [ -n "$nid" ]
check "exact, search and no analysis among the stored games ($eid, $sid, $nid)" $?
for g in $eid $sid; do
	sed -n "s/^{\"id\":$g,\"analysis\":\(.*\)}$/\1/p" "$tmp/an.jsonl" >"$tmp/a"
	get "/api/games/$g" | sed -n 's/.*,"analysis":\(.*\)}$/\1/p' >"$tmp/b"
	[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"
	check "/api/games/$g carries the analysis export --analysis gives" $?
done
get "/api/games/$nid" | grep -q ',"analysis":null}$'
check "/api/games/$nid (not analysed): analysis null" $?
get "/games/$nid" | grep -q 'id="graph"'
[ $? = 1 ]; check "the page of a game not analysed has no graph" $?
# graph_of ID BUDGET...: the page's graph against analyse --plot's, titles
# aside, and its seats' table against analyse's lines
graph_of() {
	g=$1; shift
	get "/games/$g.fgn" >"$tmp/g.fgn"
	"$ff" analyse "$@" --plot "$tmp/plot.svg" "$tmp/g.fgn" >"$tmp/g.txt" 2>/dev/null
	get "/games/$g" >"$tmp/g.html"
	sed -n '/^<div id="graph">$/,/^<\/svg>$/p' "$tmp/g.html" | sed '1d' |
		grep -v '<title>\|font-size="13.0"' >"$tmp/a"
	grep -v '<title>\|font-size="13.0"' "$tmp/plot.svg" >"$tmp/b"
	[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"
	check "/games/$g draws the value graph analyse --plot $* draws" $?
	# seat, plies, decisions, error, mean, errors, luck
	sed -n 's/^seat \([0-9]*\): \([0-9]*\) plies, \([0-9]*\) decisions .*, error \([0-9.]*\) (\([0-9]*\) over.*, mean \([0-9.-]*\) a decision, luck \([-+0-9.]*\)$/\1 \2 \3 \4 \6 \5 \7/p' \
		"$tmp/g.txt" >"$tmp/a"
	n='<td class="n">\([-+0-9.]*\)<\/td>'
	sed -n "/<table id=\"analysis\"/,/<\/table>/s/^<tr><td>\([0-9]*\)<\/td><td>[^<]*<\/td>$n$n$n$n$n$n<\/tr>$/\1 \2 \3 \4 \5 \6 \7/p" \
		"$tmp/g.html" >"$tmp/b"
	[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"
	check "/games/$g: a line per seat with analyse's sums ($(tr '\n' ';' <"$tmp/b"))" $?
}
graph_of "$eid"
graph_of "$sid" --iterations 20
grep -q '<caption>analysis: search iterations=20 width=6 seed=1;' "$tmp/g.html"
check "/games/$sid says the method and budget of its analysis" $?
chrome --window-size=1300,1300 --screenshot="$art/serve-game-analysis.png" "$u/games/$eid" >/dev/null
# a click on the graph's point of ply 5 shows the board after ply 5
get "/games/$eid.fgn" >"$tmp/game.fgn"
get "/games/$eid" | sed '/^<\/body>/,$d' >"$tmp/game.html"
{
	printf '<div id="expect5" style="display:none">\n'
	"$ff" show --ply 5 --format svg "$tmp/game.fgn" | sed "s/>game 1 (/>game $eid (/"
	printf '</div>\n'
	cat <<'EOF'
<script>
(function(){
var why=[],p=document.querySelector('#graph [data-ply="5"]');
function board(){var c=document.querySelectorAll('.pos.cur');return c.length===1?c[0].querySelector('svg'):null;}
if(!p)why.push('no point of ply 5');
else p.firstElementChild.dispatchEvent(new MouseEvent('click',{bubbles:true}));
if(document.body.getAttribute('data-ply')!=='5')why.push('after the click: '+document.body.getAttribute('data-ply'));
if(!board()||!board().isEqualNode(document.querySelector('#expect5 svg')))why.push('ply 5 is not show --ply 5');
document.title=why.length?'FAIL: '+why.join('; '):'PASS';
})();
</script>
</body>
</html>
EOF
} >>"$tmp/game.html"
chrome --dump-dom "file://$tmp/game.html" >"$tmp/dom" || true
[ "$(title)" = PASS ]; check "a click on the graph's point of ply 5 shows ply 5's board ($(title))" $?
# a stored analysis that cannot be read: said on the page, the board shown
cp "$tmp/s.db" "$tmp/bad.db"
sqlite3 "$tmp/bad.db" "UPDATE analyses SET plies = '[{\"ply\":1,\"seat\":9}]' WHERE game_id = $eid"
: >"$tmp/badlog"
"$ff" serve --db "$tmp/bad.db" --listen 127.0.0.1:0 2>"$tmp/badlog" &
badpid=$!
i=0
while ! grep -q 'serving' "$tmp/badlog" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
badport=$(sed -n 's|.* on http://127\.0\.0\.1:\([0-9]*\)/ .*|\1|p' "$tmp/badlog")
curl -s -w '%{http_code}' "http://127.0.0.1:$badport/games/$eid" >"$tmp/bad.html"
grep -q '<p id="analysis-error">the stored analysis cannot be read: stored analysis, byte [0-9]*: a ply.s seat is not among the seats</p>' "$tmp/bad.html" &&
	grep -q 'class="pos"' "$tmp/bad.html" && [ "$(tail -c 3 "$tmp/bad.html")" = 200 ]
check "a damaged stored analysis: said on the page (200), the board still shown" $?
kill -TERM "$badpid"; wait "$badpid"
# the list filtered by that player: the form and rows show it as text
dom "/games?player=%3Cscript%3Edocument.title%3D%27PWNED%27%3C%2Fscript%3E"
[ "$(title)" = "Games - $tmp/s.db" ] && ! grep -q '<script' "$tmp/dom" && ! grep -q '<img' "$tmp/dom" &&
	[ "$(grep -c '<tr><td class="n"><a href="/games/' "$tmp/dom")" = 1 ]
check "the list of the player <script>...: one row, no node injected" $?
# the players: one row each, the one with markup as text, its link to its game
dom "/players"
want=$(sqlite3 "$tmp/s.db" 'SELECT count(*) FROM players')
rows=$(grep -c '<a class="player"' "$tmp/dom")
href=$(grep -o '<bdi>&lt;script[^<]*</bdi></a></td><td><a class="player" href="[^"]*"' "$tmp/dom" |
	sed 's/.*href="//; s/".*//; s/&amp;/\&/g')
[ "$rows" = "$want" ] && ! grep -q '<script' "$tmp/dom" && ! grep -q '<img' "$tmp/dom" && [ -n "$href" ]
check "the players page: $rows players ($want in the store), markup as text" $?
dom "$href"
[ "$(grep -c '<tr><td class="n"><a href="/games/' "$tmp/dom")" = 1 ]
check "the player <script>...'s link ($href): its one game" $?
get "/api/players" | grep -c '^{"id":[0-9]*,"name":' | grep -qx "$want"
check "/api/players: $want players" $?
# the quarantine: the broken game's diagnostic and raw text, as text
dom "/quarantine"
grep -q 'broken.fgn' "$tmp/dom" && grep -q '&lt;img src=x onerror=alert(1)&gt;' "$tmp/dom" &&
	! grep -q '<img' "$tmp/dom" && grep -q '<td>illegal' "$tmp/dom"
check "the quarantine lists the broken game, its markup as text" $?
chrome --window-size=1300,800 --screenshot="$art/serve-quarantine.png" "$u/quarantine" >/dev/null

# --- the players' ratings: a second store of 40 Fiveplay games between
# four named players (random pairs, dated), served; each player's page and
# JSON against `fivefold ratings` of the same store
"$ff" simulate --game fiveplay --games 40 --seed 40 --agents random |
	awk 'BEGIN { split("Ann Bob Cid Dee", P, " "); srand(3) }
	/^\[Game / { g++; a = int(rand() * 4) + 1; b = a % 4 + 1; print
		printf "[Date \"2026.11.%02d\"]\n", g % 28 + 1; next }
	/^\[Seat1 / { print "[Seat1 \"" P[a] "\"]"; next }
	/^\[Seat2 / { print "[Seat2 \"" P[b] "\"]"; next } { print }' >"$tmp/rated.fgn"
# and two arms of Kidd (skip-last or not), for the statistics' compare=
for o in "" skip-last; do
	"$ff" simulate --game fivelines --rules kidd --options "$o" --games 30 --seed 1 --agents greedy
done >"$tmp/arms.fgn"
"$ff" import --db "$tmp/r.db" "$tmp/rated.fgn" "$tmp/arms.fgn" >/dev/null 2>&1
"$ff" ratings --db "$tmp/r.db" >"$tmp/ratings.txt"
"$ff" ratings --db "$tmp/r.db" --format json >"$tmp/ratings.json"
: >"$tmp/rlog"
"$ff" serve --db "$tmp/r.db" --listen 127.0.0.1:0 2>"$tmp/rlog" &
rpid=$!
i=0
while ! grep -q 'serving' "$tmp/rlog" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
ru=http://127.0.0.1:$(sed -n 's|.* on http://127\.0\.0\.1:\([0-9]*\)/ .*|\1|p' "$tmp/rlog")
nrated=0
curl -s "$ru/api/players" | sed -n 's/^{"id":\([0-9]*\),"name":"\(Ann\|Bob\|Cid\|Dee\)"}.*/\1 \2/p' >"$tmp/who"
while read -r pid_ name; do
	# the DOM's row: the columns of `ratings`' text row, the same numbers
	chrome --dump-dom "$ru/players/$pid_" >"$tmp/dom" || true
	web=$(sed -n '/<table class="rating" data-pool="fiveplay">/,/<\/table>/p' "$tmp/dom" |
		grep '^<tr><td' | sed 's/<[^>]*>/ /g' | tr -s ' ' | sed 's/^ //; s/ $//')
	cli=$(awk -v p="$name" '$2 == p { $2 = ""; print }' "$tmp/ratings.txt" | tr -s ' ' | sed 's/^ //')
	rank=${cli%% *}
	want="$rank 4 ${cli#* }"
	[ -n "$cli" ] && [ "$web" = "$want" ]
	check "/players/$pid_ ($name) in the DOM: $web; ratings: $want" $?
	# the JSON: ratings --format json's fields, the same text; a history
	# entry per game, the last one the player's ratings now
	curl -s "$ru/api/players/$pid_" >"$tmp/p.json"
	line=$(grep "\"player\":\"$name\"" "$tmp/ratings.json" | sed 's/.*\("games":.*\)}$/\1/')
	games=$(echo "$line" | sed 's/"games":\([0-9]*\).*/\1/')
	last=$(grep -c '^{"game":' "$tmp/p.json")
	elo=$(echo "$line" | sed 's/.*"elo":\([0-9.]*\).*/\1/')
	r=$(echo "$line" | sed 's/.*"rating":\([0-9.]*\).*/\1/')
	tail=$(grep '^{"game":' "$tmp/p.json" | tail -n 1)
	[ -n "$line" ] && grep -qF "$line" "$tmp/p.json" && [ "$last" = "$games" ] &&
		echo "$tail" | grep -qF "\"elo\":$elo,\"rating\":$r," && "$jc" <"$tmp/p.json"
	check "/api/players/$pid_ ($name): ratings' fields, $last history entries ($games games)" $?
	grep -q '<div class="chart">' "$tmp/dom" && grep -q '<svg' "$tmp/dom" &&
		[ "$(grep -c '^<tr><td class="n"><a href="/games/' "$tmp/dom")" = "$games" ]
	check "/players/$pid_: the rating chart and a row per game ($games)" $?
	nrated=$((nrated + 1))
done <"$tmp/who"
[ "$nrated" = 4 ]; check "four players rated ($nrated)" $?
chrome --window-size=1000,1200 --screenshot="$art/serve-player.png" "$ru/players/1" >/dev/null
for p in /api/players/99 /players/99; do
	got=$(code "$ru$p"); [ "$got" = 404 ]; check "$p: no such player, 404 (got $got)" $?
done
for p in /api/players/0 /api/players/x /players/1.fgn; do
	got=$(code "$ru$p"); [ "$got" = 400 ]; check "$p: 400 (got $got)" $?
done
# compare=: the arms of `stats --compare`, line for line in the JSON; in
# the DOM a row per arm, its games the CLI's count, its link giving them
"$ff" stats --db "$tmp/r.db" --compare skip-last --format json >"$tmp/cmp.cli"
curl -s "$ru/api/stats?compare=skip-last" | sed -n '/^\],"compare":\[$/,$p' |
	sed -n 's/^\({"base".*}\),\{0,1\}$/\1/p' >"$tmp/cmp.web"
[ "$(wc -l <"$tmp/cmp.cli")" = 2 ] && cmp -s "$tmp/cmp.cli" "$tmp/cmp.web"
check "/api/stats?compare=skip-last: stats --compare's arms, byte for byte" $?
chrome --dump-dom "$ru/stats?compare=skip-last" >"$tmp/dom" || true
n=0
for arm in "(default)" skip-last; do
	want=$(grep -F "\"arm\":\"$arm\"" "$tmp/cmp.cli" | sed 's/.*"games":\([0-9]*\).*/\1/')
	row=$(grep -F ">$arm</a></td><td class=\"n games\">" "$tmp/dom")
	cnt=$(echo "$row" | sed 's/.*<td class="n games">\([0-9]*\)<.*/\1/')
	href=$(echo "$row" | sed 's/.*<a class="arm" href="\([^"]*\)".*/\1/; s/&amp;/\&/g')
	rows=$(curl -s "$ru$href&limit=500" | grep -c '^<tr><td class="n"><a href="/games/')
	[ -n "$want" ] && [ "$cnt" = "$want" ] && [ "$rows" = "$want" ] && n=$((n + 1))
	check "the compare row of arm $arm: $cnt games (stats --compare $want), its link $rows" $?
done
chrome --window-size=1300,1400 --screenshot="$art/serve-compare.png" "$ru/stats?compare=skip-last" >/dev/null
kill -TERM "$rpid"
wait "$rpid"

# --- PostgreSQL: the same store copied into a throw-away server gives the
# same answers, byte for byte (tests/pgserver.sh; skipped, saying so,
# without the server binaries)
srcdir=${srcdir:-.}
. "$srcdir/tests/pgserver.sh"
if pg_start >"$tmp/pg.out" 2>&1; then
	url=$(pg_newdb serve)
	"$ff" store copy "$tmp/s.db" "$url" >/dev/null 2>&1; check "store copy into PostgreSQL" $?
	: >"$tmp/pglog"
	"$ff" serve --db "$url" --listen 127.0.0.1:0 2>"$tmp/pglog" &
	pgpid=$!
	i=0
	while ! grep -q 'serving' "$tmp/pglog" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	pgport=$(sed -n 's|.* on http://127\.0\.0\.1:\([0-9]*\)/ .*|\1|p' "$tmp/pglog")
	for path in "/api/games?limit=500" "/api/games?limit=4&after=9" "/api/games?game=sequence" \
		"/api/games?order=desc&limit=4&after=9&game=fiveplay" \
		"/api/games?sort=plies&limit=4&after=9" "/api/games?sort=plies&order=desc&limit=3&after=14" \
		"/api/games?sort=date&order=desc&limit=5&after=20&game=sequence" \
		"/api/games?ruleset=pegsjokers/liftbridge&seats=4&limit=2&after=20" \
		"/api/games?player=%3Cscript%3Edocument.title%3D%27PWNED%27%3C%2Fscript%3E" \
		"/api/games?player=x%27%20OR%20%271%27=%271" "/api/games/7" "/api/games/99" \
		"/api/stats" "/api/stats?game=fiveplay&min_plies=100" "/api/quarantine" \
		"/export.csv?game=fivelines" "/games?limit=5&after=3" "/stats" "/games/12.fgn" \
		"/api/games/$eid" "/api/games/$sid" "/api/games/$nid"; do
		# (a page's title names its store)
		get "$path" | grep -v '^<title>' >"$tmp/a"
		curl -s "http://127.0.0.1:$pgport$path" | grep -v '^<title>' >"$tmp/b"
		[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"
		check "PostgreSQL: $path as SQLite's" $?
	done
	# a game's page with its stored analysis (copied with the store):
	# the same page but for the lines that name the store
	named='<title>\|<h1>\|font-size="13.0"'
	get "/games/$eid" | grep -v "$named" >"$tmp/a"
	curl -s "http://127.0.0.1:$pgport/games/$eid" | grep -v "$named" >"$tmp/b"
	grep -q "<table id=.analysis" "$tmp/a" && cmp -s "$tmp/a" "$tmp/b"
	check "PostgreSQL: /games/$eid, its analysis's graph and table as SQLite's" $?
	# the players' ids are each store's own: the same names
	get "/api/players" | sed -n 's/^{"id":[0-9]*,\("name":.*}\),\{0,1\}$/\1/p' | sort >"$tmp/a"
	curl -s "http://127.0.0.1:$pgport/api/players" |
		sed -n 's/^{"id":[0-9]*,\("name":.*}\),\{0,1\}$/\1/p' | sort >"$tmp/b"
	[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"
	check "PostgreSQL: /api/players, the same names as SQLite's" $?
	kill -TERM "$pgpid"
	wait "$pgpid"
	check "PostgreSQL: SIGTERM stops it" $?
	pg_stop
else
	echo "serve.sh: PostgreSQL not checked: $(tail -n 1 "$tmp/pg.out")"
fi

# --- the stop: SIGTERM, exit 0, said; the log; the store as it was
kill -TERM "$pid"
wait "$pid"
rc=$?
pid=
[ "$rc" = 0 ] && grep -q '^fivefold serve: stopped (SIGTERM) after [0-9]* requests$' "$tmp/log"
check "SIGTERM stops it: exit 0 ($rc), said" $?
grep -q '^127\.0\.0\.1 "GET /api/games?limit=7" 200 [0-9]* [0-9.]*$' "$tmp/log"
check "the access log has a line per request" $?
! grep -q 'PWNED.*PWNED' "$tmp/log" || ! grep -q "$(printf '\033')" "$tmp/log"
check "the access log holds no control bytes" $?
[ "$(sha256sum <"$tmp/s.db")" = "$sum0" ]; check "the store is unchanged" $?

echo "serve.sh: $pass passed, $fail failed (screenshots in $art)"
[ "$fail" = 0 ]
