#!/bin/sh
# The replay page in a real browser (headless Chromium, Debian's chromium
# package), for a game of each engine: the page is opened, stepped with
# the keyboard (ArrowRight K times, ArrowLeft once, End, Home and on
# again: key events dispatched to the page's own handler), and a script
# added to a copy of the page checks through the DOM that the position
# shown is, node for node, the picture `fivefold show --ply K --format
# svg` draws of the same game (the engine's position after that ply), and
# that the ply marked in the list is ply K. A record that breaks the rules
# gets its diagnostic on the page. Screenshots of each page and of one SVG
# per game are kept in tests/artefacts/ (the build directory) to be looked
# at. With --analyse the page has the value graph, a point a ply, and a
# click on ply K's point shows the position after ply K (checked the same
# way). Skips, saying so, only where chromium is not installed.
# usage: tests/replay.sh [FIVEFOLD]  (default: top_builddir/fivefold)
set -eu
ff=${1:-$(cd "${top_builddir:-.}" && pwd)/fivefold}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	echo "replay.sh: SKIP: no chromium (apt-get install chromium)"
	exit 77
fi
art=$(pwd)/tests/artefacts
mkdir -p "$art"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
chrome() { # chromium's headless run of "$@"; its chatter on stderr dropped
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$tmp/profile" "$@" 2>/dev/null
}

# check NAME K GAME-ARGS...: simulate a game, page it, step to ply K
# (with how=click: the page with --analyse, stepped by a click on ply K's
# point of the value graph after the keys went elsewhere)
check() {
	name=$1 k=$2
	shift 2
	"$ff" simulate "$@" --games 1 --seed 11 >"$tmp/$name.fgn"
	if [ "${how:-}" = click ]; then
		"$ff" replay --analyse --iterations 50 "$tmp/$name.fgn" -o "$tmp/$name.html"
		steps="key('End');var g=document.querySelector('#graph [data-ply=\"$k\"] *');
		if(!g)why.push('no point for ply $k');
		else g.dispatchEvent(new MouseEvent('click',{bubbles:true}));
		if(document.querySelectorAll('#graph [data-ply]').length!==li0.length+1)why.push('not a point a ply');"
	else
		"$ff" replay "$tmp/$name.fgn" -o "$tmp/$name.html"
		steps="for(i=0;i<$k;i++)key('ArrowRight');
		key('ArrowLeft');key('End');key('Home');
		for(i=0;i<$k;i++)key('ArrowRight');
		if(document.getElementById('graph'))why.push('a graph without --analyse');"
	fi
	"$ff" show --ply "$k" --format svg "$tmp/$name.fgn" -o "$tmp/$name.svg"
	# the copy: the expected picture (hidden) and the steps and checks
	sed '/^<\/body>/,$d' "$tmp/$name.html" >"$tmp/$name.t.html"
	{
		printf '<div id="expect" style="display:none">\n'
		cat "$tmp/$name.svg"
		printf '</div>\n<script>\n'
		cat <<-EOF
		(function(){
		function key(k){document.dispatchEvent(new KeyboardEvent('keydown',{key:k,bubbles:true}));}
		var i, why=[], li0=document.querySelectorAll('#plies li');
		$steps
		var cur=document.querySelectorAll('.pos.cur');
		var want=document.querySelector('#expect svg');
		if(cur.length!==1)why.push(cur.length+' positions shown');
		else if(!cur[0].querySelector('svg').isEqualNode(want))why.push('the board is not the engine position after ply $k');
		if(getComputedStyle(cur[0]).display==='none')why.push('the position is hidden');
		var li=document.querySelectorAll('#plies li');
		if(!li[$k-1]||!li[$k-1].classList.contains('cur'))why.push('ply $k is not marked');
		if(document.querySelectorAll('#plies li.cur').length!==1)why.push('not one ply marked');
		if(document.body.getAttribute('data-ply')!=='$k')why.push('data-ply '+document.body.getAttribute('data-ply'));
		document.title=why.length?'FAIL: '+why.join('; '):'PASS';
		})();
		EOF
		printf '</script>\n</body>\n</html>\n'
	} >>"$tmp/$name.t.html"
	title=$(chrome --dump-dom "file://$tmp/$name.t.html" | sed -n 's:.*<title>\(.*\)</title>.*:\1:p' | head -n 1)
	if [ "$title" = PASS ]; then
		echo "ok: replay $name, ply $k${how:+ (a click on the value graph)}"
	else
		echo "FAIL: replay $name, ply $k${how:+ (a click on the value graph)}: ${title:-no answer from chromium}"
		fail=1
	fi
	chrome --window-size=1300,1000 --screenshot="$art/replay-$name.png" "file://$tmp/$name.html"
	chrome --window-size=900,900 --screenshot="$art/board-$name.png" "file://$tmp/$name.svg"
}

check fivelines 9 --game fivelines --rules schaedler
check fiveplay 12 --game fiveplay
check sequence 15 --game sequence
check pegsjokers 20 --game pegsjokers
# replay --analyse: the value graph, a point a ply, a click goes there
how=click check fivelines_graph 13 --game fivelines --rules schaedler
how=click check sequence_graph 7 --game sequence

# a long game (issue 33: a 4,884-ply 8-seat Pegs and Jokers game made a
# 150 MB page that took 302 s to load): seed 1 plays 5,1xx plies; its
# page must stay under 15 MB (the board written once, then what changes)
# and load, step to the end, back one, on one, home and end again, in
# under 10 s, showing the engine's last position
"$ff" simulate --game pegsjokers --seats 8 --games 1 --seed 1 >"$tmp/long.fgn"
"$ff" replay "$tmp/long.fgn" -o "$tmp/long.html"
size=$(wc -c <"$tmp/long.html")
n=$(grep -c '^<li>' "$tmp/long.html")
"$ff" show --ply "$n" --format svg "$tmp/long.fgn" -o "$tmp/long.svg"
sed '/^<\/body>/,$d' "$tmp/long.html" >"$tmp/long.t.html"
{
	printf '<div id="expect" style="display:none">\n'
	cat "$tmp/long.svg"
	printf '</div>\n<script>\n'
	cat <<-EOF
	(function(){
	function key(k){document.dispatchEvent(new KeyboardEvent('keydown',{key:k,bubbles:true}));}
	var why=[];
	key('End');key('ArrowLeft');key('ArrowRight');key('Home');key('End');
	var cur=document.querySelectorAll('.pos.cur');
	if(cur.length!==1||!cur[0].querySelector('svg')||
	   !cur[0].querySelector('svg').isEqualNode(document.querySelector('#expect svg')))
		why.push('the board is not the engine position after ply $n');
	if(document.body.getAttribute('data-ply')!=='$n')why.push('data-ply '+document.body.getAttribute('data-ply'));
	document.title=why.length?'FAIL: '+why.join('; '):'PASS';
	})();
	EOF
	printf '</script>\n</body>\n</html>\n'
} >>"$tmp/long.t.html"
# the time limit is 10 s beyond what chromium takes here for the page of
# a 9-ply game (its start and the dump: about 1 s on an idle machine,
# 4 to 5 s on a loaded one), measured just before
t0=$(date +%s%N)
chrome --dump-dom "file://$tmp/fivelines.html" >/dev/null
base=$(( ($(date +%s%N) - t0) / 1000000 ))
t0=$(date +%s%N)
title=$(chrome --dump-dom "file://$tmp/long.t.html" | sed -n 's:.*<title>\(.*\)</title>.*:\1:p' | head -n 1)
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
if [ "$title" = PASS ] && [ "$size" -lt 15000000 ] && [ "$ms" -lt $((base + 10000)) ]; then
	echo "ok: replay of a long game: $n plies, $size bytes, loaded and stepped in $ms ms" \
		"(a 9-ply page: $base ms)"
else
	echo "FAIL: replay of a long game: $n plies, $size bytes (15,000,000 at most)," \
		"$ms ms ($base + 10,000 at most): ${title:-no answer from chromium}"
	fail=1
fi

# a record that breaks the rules: its diagnostic on the page, exit 1
"$ff" simulate --game fiveplay --games 1 --seed 11 |
	awk '!done && NF && !/^\[/ { $3 = $1; done = 1 } { print }' >"$tmp/bad.fgn"
rc=0
"$ff" replay "$tmp/bad.fgn" -o "$tmp/bad.html" 2>"$tmp/bad.err" || rc=$?
if [ "$rc" = 1 ] && grep -q '<div id="diag">' "$tmp/bad.html" && grep -q "ply" "$tmp/bad.err" &&
   grep -q '<li class="bad"' "$tmp/bad.html"; then
	echo "ok: replay of a broken record shows its diagnostic"
	chrome --window-size=1300,1000 --screenshot="$art/replay-broken.png" "file://$tmp/bad.html"
else
	echo "FAIL: replay of a broken record (exit $rc)"
	cat "$tmp/bad.err"
	fail=1
fi
# text that would lie: a seat with bidirectional controls (U+202E, U+202C)
# must not reorder on the page; in the browser's DOM the value stands in
# a <bdi> with the controls shown as <U+202E>, and no control is left
"$ff" simulate --game fivelines --games 1 --seed 11 |
	sed "s/^\[Seat1 .*/[Seat1 \"Ann$(printf '\342\200\256')gnp.exe$(printf '\342\200\254')\"]/" >"$tmp/bidi.fgn"
"$ff" replay "$tmp/bidi.fgn" -o "$tmp/bidi.html"
chrome --dump-dom "file://$tmp/bidi.html" >"$tmp/bidi.dom" || true
if grep -q '<bdi>Ann&lt;U+202E&gt;gnp.exe&lt;U+202C&gt;</bdi>' "$tmp/bidi.dom" &&
   ! grep -q "$(printf '\342\200\256')" "$tmp/bidi.dom"; then
	echo "ok: replay shows a seat's bidirectional controls, isolated, not obeyed"
else
	echo "FAIL: replay passes bidirectional controls into the page"
	grep -a 'Seat1' "$tmp/bidi.dom" | head -3
	fail=1
fi
[ "$fail" = 0 ] && echo "replay.sh: screenshots in $art"
exit "$fail"
