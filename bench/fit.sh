#!/bin/sh
# The evidence for fivefold fit (issue 37, docs/fit.md): records simulated
# under each Five Lines preset and a spread of options (seeded; half the
# games greedy against greedy, half random against random), their Seed
# tags removed (a historian's record has none), then fitted. Checks and
# prints:
#   - that the generating ruleset is among the fits of every game;
#   - for the games of MINPLY plies or more, which die the best fit's
#     likelihood names (the confusion table; "tie" where the best
#     log-likelihood is shared by rulesets with different dice), and that
#     knucklebones, painted stones and d4 are each named right in at least
#     95 % of them.
# usage: bench/fit.sh FIVEFOLD [GAMES] [MINPLY] [MODEL]
#   GAMES per ruleset (default 100), MINPLY (default 60), MODEL the
#   --model of the choices (default random). Exit 1 when a check fails.
set -eu
ff=$1
games=${2:-100}
minply=${3:-60}
model=${4:-random}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# preset|options: the four presets, each die on each, and other options
rulesets='schaedler|
schaedler|dice=knuckle
schaedler|dice=painted nonexact
schaedler|dice=d4 skip-last
kidd|
kidd|dice=knuckle
kidd|dice=painted entry=forced
kidd|dice=d4 holy-hit=no extra-throw
locusludi-race|
locusludi-race|dice=knuckle four-stones
locusludi-race|dice=painted
locusludi-race|dice=d4 skip-last=strict
locusludi-knockoff|
locusludi-knockoff|dice=knuckle extra-throw
locusludi-knockoff|dice=painted
locusludi-knockoff|dice=d4 start=opponent-line'

half=$((games / 2))
i=0
echo "$rulesets" | while IFS='|' read -r preset options; do
	i=$((i + 1))
	seed=$((i * 100000 + 1))
	{
		"$ff" simulate --game fivelines --rules "$preset" --options "$options" \
			--agents greedy,greedy --games "$half" --seed "$seed"
		"$ff" simulate --game fivelines --rules "$preset" --options "$options" \
			--agents random,random --games "$((games - half))" --seed "$((seed + half))"
	} | sed '/^\[Seed /d' >"$tmp/r$i.fgn"
	"$ff" fit --format csv --top 0 --model "$model" "$tmp/r$i.fgn" | tail -n +2 >"$tmp/r$i.csv"
done

cat "$tmp"/r*.csv | awk -v minply="$minply" -v model="$model" '
# the die of a ruleset id: its dice= option, else the default d6
function die(id,   m) {
	if (match(id, /dice=[a-z0-9]+/))
		return substr(id, RSTART + 5, RLENGTH - 5)
	return "d6"
}
# a CSV line into f[1..]: quoted cells, "" for a quote
function csv(line, f,   n, i, c, q, cur) {
	n = 0; cur = ""; q = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (q) {
			if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { cur = cur c; i++ } else q = 0 }
			else cur = cur c
		} else if (c == "\"") q = 1
		else if (c == ",") { f[++n] = cur; cur = "" }
		else cur = cur c
	}
	f[++n] = cur
	return n
}
# only the rows of fits and of the record'"'"'s own ruleset are read (the
# others are most of the output)
/^"[^"]*",[0-9]+,[0-9]+,"[^"]*","[^"]*","[^"]*",(1,[01]|[01],1),/ {
	csv($0, f)
	key = f[1] SUBSEP f[2]; id = f[4]
	if (!(key in seen)) { seen[key] = 1; order[++n] = key }
	if (f[7] == 1) { gen[key] = id; genfit[key] = f[8]; plies[key] = f[9] + 0 }
	if (f[8] == 1 && f[13] != "") {
		ll = f[13] + 0
		if (!(key in best) || ll > best[key] + 1e-9) { best[key] = ll; bestdie[key] = die(id) }
		else if (ll > best[key] - 1e-9 && die(id) != bestdie[key]) bestdie[key] = "tie"
	}
}
END {
	split("d6 knuckle painted d4 tie", col, " ")
	total = 0; among = 0; long = 0
	for (k = 1; k <= n; k++) {
		key = order[k]; total++
		if (genfit[key] == 1) among++
		else printf "generating ruleset %s does not fit game %s\n", gen[key], key
		if (plies[key] < minply) continue
		long++
		g = die(gen[key]); b = (key in bestdie) ? bestdie[key] : "tie"
		conf[g, b]++; rows[g]++
		if (g != "d6") {   # by length: the throws are the evidence
			band = plies[key] < 100 ? 1 : plies[key] < 150 ? 2 : 3
			bn[band]++; br[band] += (b == g)
		}
	}
	printf "fit: %d games; the generating ruleset among the fits in %d (choices under the %s model)\n", total, among, model
	printf "dice named by the best likelihood, games of %d plies or more (%d games):\n", minply, long
	printf "%-10s", "generated"
	for (c = 1; c <= 5; c++) printf " %8s", col[c]
	printf " %9s\n", "right"
	bad = (among != total)
	for (r = 1; r <= 4; r++) {
		d = col[r]
		printf "%-10s", d
		for (c = 1; c <= 5; c++) printf " %8d", conf[d, col[c]]
		rate = rows[d] ? 100 * conf[d, d] / rows[d] : 0
		printf " %8.1f%%\n", rate
		if (d != "d6" && (rows[d] == 0 || rate < 95)) bad = 1
		if (d != "d6") { all += rows[d]; right += conf[d, d] }
	}
	if (all) printf "knuckle, painted and d4 together: %.1f%% named right (%d of %d)\n", 100 * right / all, right, all
	split(minply "-99 plies,100-149 plies,150 plies or more", bname, ",")
	printf "knuckle, painted and d4 named right, by the game'"'"'s length:"
	for (k = 1; k <= 3; k++)
		if (bn[k]) printf " %s %.1f%% (%d of %d);", bname[k], 100 * br[k] / bn[k], br[k], bn[k]
	printf "\n"
	exit bad
}'
