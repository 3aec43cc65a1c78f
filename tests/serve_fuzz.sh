#!/bin/sh
# A property test of fivefold serve's JSON API (issue 39, docs/serve.md),
# run for SERVE_FUZZ_SECONDS (default 20; CI runs it 600 s under the
# sanitizers, .ci/run): requests drawn at random (awk, a new seed for each
# batch of 200) from the API's paths (/api/games, /api/games/ID,
# /api/stats, /api/players, /api/players/ID, /api/quarantine, unknown
# ones), its parameters and unknown ones, with values of digits, signs,
# huge numbers, dates, result tokens, SQL, markup, %00, random bytes, the
# orders and page sizes, against a served store of every family's games,
# named players and two arms of one option. Each answer must be
#   - 200, 400 or 404, and one JSON value (tests/json_check);
#   - for a page of /api/games: at most limit games, each passing the
#     page's filters (game, ruleset, seats, origin, plies from/to, player,
#     result), in the page's order (sort and order), after its after=;
# and the server must stay up, log no 5xx, and stop on SIGTERM with exit
# 0 (under ASan: no leak). The seeds of a failing request are printed.
# usage: tests/serve_fuzz.sh [FIVEFOLD]  (default: top_builddir/fivefold)
set -u
ff=${1:-$(cd "${top_builddir:-.}" && pwd)/fivefold}
jc=$(cd "${top_builddir:-.}" && pwd)/tests/json_check
secs=${SERVE_FUZZ_SECONDS:-20}
if ! command -v curl >/dev/null 2>&1; then
	echo "serve_fuzz.sh: SKIP: needs curl"
	exit 77
fi
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

# --- the store
for g in fivelines fiveplay sequence pegsjokers; do
	"$ff" simulate --game $g --games 8 --seed 3 >"$tmp/$g.fgn" || exit 1
done
"$ff" simulate --game fiveplay --games 30 --seed 7 --agents random |
	awk 'BEGIN { split("Ann Bob Cid D%27e", P, " "); srand(5) }
	/^\[Game / { g++; a = int(rand() * 4) + 1; b = a % 4 + 1; print
		if (g % 3) printf "[Date \"2026.%02d.%02d\"]\n", g % 12 + 1, g % 28 + 1; next }
	/^\[Seat1 / { print "[Seat1 \"" P[a] "\"]"; next }
	/^\[Seat2 / { print "[Seat2 \"" P[b] "\"]"; next } { print }' >"$tmp/named.fgn"
for o in "" skip-last; do
	"$ff" simulate --game fivelines --rules kidd --options "$o" --games 10 --seed 1 --agents greedy
done >"$tmp/arms.fgn"
"$ff" import --db "$tmp/s.db" "$tmp"/*.fgn >/dev/null 2>&1
ngames=$("$ff" export --db "$tmp/s.db" | grep -c '^\[Game ')
[ "$ngames" = 82 ]; check "82 games stored ($ngames)" $?

# --- the server
"$ff" serve --db "$tmp/s.db" --listen 127.0.0.1:0 2>"$tmp/log" &
pid=$!
i=0
while ! grep -q 'serving' "$tmp/log" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
port=$(sed -n 's|.* on http://127\.0\.0\.1:\([0-9]*\)/ .*|\1|p' "$tmp/log")
[ -n "$port" ] || { cat "$tmp/log"; exit 1; }
u=http://127.0.0.1:$port

# urls SEED: 200 requests drawn at random
urls() {
	awk -v seed="$1" 'BEGIN {
	srand(seed)
	np = split("/api/games /api/games /api/games /api/games /api/stats /api/quarantine /api/players /api/players/1 /api/players/3 /api/players/99 /api/players/x /api/games/1 /api/games/41 /api/games/83 /api/games/x /api/games/0 /api/nope /api/games/1.fgn", path, " ")
	nk = split("game rules options ruleset seats origin player since until result seed min_plies max_plies after limit sort order compare bogus", key, " ")
	nv = split("1 0 -1 2 3 4 7 25 50 81 82 500 501 99999999999999999999 2026.03.04 2026-13-45 2026.01.01 1-0 0-1 D W3 * 1/2-1/2 sequence fivelines fiveplay pegsjokers imported simulated Ann Bob D%27e %27 %27%20OR%201=1-- %3Cscript%3E %00 %FF%FE %25 a+b %5C%22 schaedler kidd skip-last fivelines%2Fkidd fivelines%2Fkidd%3Askip-last id date plies asc desc rules", val, " ")
	# values each key takes, drawn three times in four
	good["game"] = "fivelines fiveplay sequence pegsjokers"; good["seats"] = "2 3 4"
	good["rules"] = "schaedler kidd standard"; good["options"] = "skip-last"
	good["ruleset"] = "fivelines%2Fkidd fivelines%2Fkidd%3Askip-last fiveplay%2Fstandard"
	good["origin"] = "imported simulated"; good["player"] = "Ann Bob Cid D%27e random greedy"
	good["since"] = "2026.03.01 2026.06.15"; good["until"] = "2026.05.01 2026.12.31"
	good["result"] = "1-0 0-1 * 1/2-1/2 D W2"; good["min_plies"] = "10 50 100 300"
	good["max_plies"] = "20 80 200 1000"; good["after"] = "1 5 20 40 60 81"
	good["limit"] = "1 2 3 7 50 500"; good["sort"] = "id date plies"; good["order"] = "asc desc"
	good["compare"] = "skip-last rules"
	for (i = 0; i < 200; i++) {
		q = path[int(rand() * np) + 1]
		m = int(rand() * 5)
		for (j = 0; j < m; j++) {
			k = key[int(rand() * nk) + 1]
			if (rand() < 0.75 && (k in good)) { ng = split(good[k], g, " "); v = g[int(rand() * ng) + 1] }
			else v = val[int(rand() * nv) + 1]
			if (rand() < 0.1) { v = ""; for (b = 0; b < 1 + int(rand() * 6); b++) v = v sprintf("%%%02X", int(rand() * 256)) }
			q = q (j ? "&" : "?") k "=" v
		}
		print q
	}
}'
}

# check_page QUERY BODY: every game of a 200 page of /api/games passes
# its filters, in its order, at most limit; prints why not
check_page() {
	awk -v q="$1" '
	function dec(s,   i, out, c) {   # percent-decoding, + as a space
		out = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "%" && i + 2 <= length(s)) { out = out sprintf("%c", hex(substr(s, i + 1, 2))); i += 2 }
			else if (c == "+") out = out " "
			else out = out c
		}
		return out
	}
	function hex(h,   v, k, d) { v = 0; h = toupper(h)
		for (k = 1; k <= 2; k++) { d = index("0123456789ABCDEF", substr(h, k, 1)) - 1; v = v * 16 + d }
		return v }
	function num(line, name,   r) {
		if (!match(line, "\"" name "\":-?[0-9]+")) return ""
		r = substr(line, RSTART, RLENGTH); sub(/.*:/, "", r); return r + 0 }
	function str(line, name,   r) {
		if (!match(line, "\"" name "\":\"[^\"]*\"")) return ""
		r = substr(line, RSTART, RLENGTH); sub(/^[^:]*:"/, "", r); sub(/"$/, "", r); return r }
	BEGIN {
		sub(/^[^?]*\??/, "", q); n = split(q, kv, "&")
		for (i = 1; i <= n; i++) { k = kv[i]; v = k; sub(/=.*/, "", k); sub(/^[^=]*=/, "", v); if (v != "") P[k] = dec(v) }
		lim = ("limit" in P) ? P["limit"] + 0 : 50
		sort = ("sort" in P) ? P["sort"] : "id"; desc = P["order"] == "desc"
	}
	/^\{"id":/ {
		got++; id = num($0, "id"); why = ""
		if ("game" in P && str($0, "game") != P["game"]) why = why " game"
		if ("ruleset" in P && str($0, "ruleset") != P["ruleset"]) why = why " ruleset"
		if ("seats" in P && num($0, "seats") != P["seats"] + 0) why = why " seats"
		if ("origin" in P && str($0, "origin") != P["origin"]) why = why " origin"
		pl = num($0, "plies")
		if ("min_plies" in P && pl < P["min_plies"] + 0) why = why " min_plies"
		if ("max_plies" in P && pl > P["max_plies"] + 0) why = why " max_plies"
		if ("result" in P && P["result"] ~ /^(1-0|0-1|\*)$/ && str($0, "result") != P["result"]) why = why " result"
		if ("player" in P && P["player"] ~ /^[A-Za-z]+$/ && index($0, "\"" P["player"] "\"") == 0) why = why " player"
		if (sort == "plies") key = sprintf("%012d", pl); else if (sort == "date") { d = str($0, "date"); key = d } else key = ""
		key = key sprintf(" %020d", id)
		if ("after" in P && sort == "id" && (desc ? id >= P["after"] + 0 : id <= P["after"] + 0)) why = why " after"
		if (got > 1 && (desc ? key >= last : key <= last)) why = why " order"
		last = key
		if (why != "") { print "game " id ":" why; bad = 1 }
	}
	END { if (got > lim) print got " games, limit " lim }' "$2"
}

# --- the requests, batch by batch until the time is up
bad=0 total=0 n200=0 n400=0 n404=0 pages=0 seed=39
end=$(($(date +%s) + secs))
while [ "$(date +%s)" -lt "$end" ] && [ "$bad" -lt 10 ]; do
	urls $seed >"$tmp/urls"
	while read -r p; do
		total=$((total + 1))
		c=$(curl -s -o "$tmp/body" -w '%{http_code}' "$u$p")
		case $c in
		200) n200=$((n200 + 1)) ;; 400) n400=$((n400 + 1)) ;; 404) n404=$((n404 + 1)) ;;
		*) bad=$((bad + 1)); echo "  seed $seed: $p: status $c" ;;
		esac
		if ! "$jc" <"$tmp/body" 2>/dev/null; then
			bad=$((bad + 1)); echo "  seed $seed: $p: not JSON: $(head -c 200 "$tmp/body")"
		fi
		case $c:$p in
		200:/api/games|200:/api/games\?*)
			pages=$((pages + 1))
			why=$(check_page "$p" "$tmp/body")
			if [ -n "$why" ]; then bad=$((bad + 1)); echo "  seed $seed: $p: $why"; fi ;;
		esac
	done <"$tmp/urls"
	seed=$((seed + 1))
done
kill -0 "$pid" 2>/dev/null; check "the server is up after $total requests" $?
echo "serve_fuzz.sh: $total requests in ${secs} s (seeds 39 to $((seed - 1))): $n200 answered 200 ($pages pages of games checked), $n400 400, $n404 404"
[ "$bad" = 0 ] && [ "$total" -gt 0 ]
check "$total random API requests: each 200, 400 or 404, JSON, each page's games pass its filters in its order ($bad not)" $?
! grep -q '" 5[0-9][0-9] ' "$tmp/log"; check "no 5xx in the access log" $?
kill -TERM "$pid"
wait "$pid"
rc=$?
pid=
[ "$rc" = 0 ]; check "SIGTERM stops it: exit 0 ($rc)" $?
echo "serve_fuzz.sh: $pass passed, $fail failed"
[ "$fail" = 0 ]
