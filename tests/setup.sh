#!/bin/sh
# Set-up positions (docs/fgn.md, "Set-up positions") for every game that
# has them. For each, 100 simulated games (random agents, seeds 1-100):
# - the position after half of each game, cut with `show --setup`, starts
#   a record of the game's own tags, the SetUp tag and the game's
#   remaining plies: validate finds every one valid with the game's
#   result (each remaining ply legal from the set-up, each throw and card
#   drawn the one the Seed gives from the set-up's draws:N on), and its
#   last position, written by `show --setup`, is the game's own;
# - `simulate --setup POS --seed S` with the game's agents plays on from
#   the position as the game went: the position carries the game's chance
#   stream (draws:N) and, since show --setup followed the game's agents
#   (its Seat tags), theirs (agents:M), so its plies, throws and cards
#   drawn are the game's remaining ones, as far as both go;
# - the records through JSON Lines and CSV and back are the same bytes;
# - `simulate --setup` games from each position are valid.
# usage: tests/setup.sh [FIVEFOLD]  (default: top_builddir/fivefold);
# SETUP_GAMES="fiveplay sequence" checks only those games
set -eu
ff=${1:-$(cd "${top_builddir:-.}" && pwd)/fivefold}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
n=100

# tokens: the ply tokens (preludes too, results not) read from standard
# input, a line each
tokens() {
	awk '/^\[/ { next } { for (i = 1; i <= NF; i++) if ($i !~ /^(1-0|0-1|1\/2-1\/2|\*|D|W[0-9]+)$/) print $i }'
}

# plies FILE: each game's plies (tokens but preludes: dead:...), a line each
plies() {
	awk '/^\[/ { next } /^$/ { if (body) { print ""; body = 0 } next }
	     { for (i = 1; i <= NF; i++) if ($i !~ /^dead:/ && $i !~ /^(1-0|0-1|1\/2-1\/2|\*|D|W[0-9]+)$/) printf "%s ", $i; body = 1 }
	     END { if (body) print "" }' "$1"
}

for game in ${SETUP_GAMES:-fivelines fiveplay sequence pegsjokers}; do
	"$ff" simulate -g "$game" -n $n -s 1 --max-plies 400 >"$tmp/$game.fgn"
	if ! "$ff" show --setup -p 1 "$tmp/$game.fgn" >/dev/null 2>&1; then
		echo "setup.sh: $game: no set-up positions yet"
		continue
	fi
	# the fragments: game i from half its plies on
	: >"$tmp/$game.frag.fgn"
	: >"$tmp/$game.last"
	i=1
	while [ $i -le $n ]; do
		awk -v want=$i 'BEGIN { RS = ""; ORS = "\n\n" } /^\[/ { g++ } g == want' \
			"$tmp/$game.fgn" >"$tmp/one.fgn"
		total=$(plies "$tmp/one.fgn" | wc -w)
		k=$((total / 2))
		pos=$("$ff" show --setup -p $k "$tmp/one.fgn")
		"$ff" show --setup "$tmp/one.fgn" >>"$tmp/$game.last"
		awk -v k=$k -v pos="$pos" '
			/^\[/ { print; next }
			/^$/ && !done { print "[SetUp \"" pos "\"]"; print ""; done = 1; next }
			/^$/ { next }
			{ for (i = 1; i <= NF; i++) {
				if (seen >= k) out = out (out == "" ? "" : " ") $i
				else if ($i !~ /^dead:/) seen++
			  } }
			END { print out; print "" }' "$tmp/one.fgn" >>"$tmp/$game.frag.fgn"
		i=$((i + 1))
	done
	if ! "$ff" validate "$tmp/$game.frag.fgn" >"$tmp/v.out" 2>&1 ||
	   ! tail -n 1 "$tmp/v.out" | grep -q "^summary: $n games, $n valid"; then
		echo "setup.sh: $game: the games from their set-ups are not all valid:"
		grep -v ': valid' "$tmp/v.out" | head -n 5
		fail=1
	fi
	# the same results, and the same last positions
	grep -o '^\[Result "[^"]*"\]' "$tmp/$game.fgn" >"$tmp/r1"
	grep -o '^\[Result "[^"]*"\]' "$tmp/$game.frag.fgn" >"$tmp/r2"
	if ! cmp -s "$tmp/r1" "$tmp/r2"; then
		echo "setup.sh: $game: the fragments' Result tags differ from the games'"
		fail=1
	fi
	i=1
	: >"$tmp/$game.flast"
	while [ $i -le $n ]; do
		"$ff" show --setup -i $i "$tmp/$game.frag.fgn" >>"$tmp/$game.flast"
		i=$((i + 1))
	done
	if ! cmp -s "$tmp/$game.last" "$tmp/$game.flast"; then
		echo "setup.sh: $game: a game played on from its set-up ends elsewhere:"
		diff "$tmp/$game.last" "$tmp/$game.flast" | head -n 4
		fail=1
	fi
	# round trips through JSON Lines and CSV
	"$ff" convert -q --no-validate "$tmp/$game.frag.fgn" >"$tmp/fgn"
	for fmt in jsonl csv; do
		"$ff" convert -q --no-validate --to $fmt "$tmp/$game.frag.fgn" >"$tmp/x.$fmt"
		"$ff" convert -q --no-validate --from $fmt "$tmp/x.$fmt" >"$tmp/back"
		if ! cmp -s "$tmp/fgn" "$tmp/back"; then
			echo "setup.sh: $game: the set-ups through $fmt and back differ"
			diff "$tmp/fgn" "$tmp/back" | head -n 4
			fail=1
		fi
	done
	# played on by simulate from each set-up with the game's own seed and
	# agents: the game's remaining plies (their throws and the cards they
	# drew too), as far as both go (each stops at 400 plies of its own)
	grep -o '^\[SetUp "[^"]*"\]' "$tmp/$game.frag.fgn" | sed 's/^\[SetUp "//; s/"\]$//' >"$tmp/pos"
	i=1
	same=0
	: >"$tmp/sim.fgn"
	while read -r pos; do
		"$ff" simulate -g "$game" -n 1 -s $i --max-plies 400 --setup "$pos" >"$tmp/s.fgn"
		cat "$tmp/s.fgn" >>"$tmp/sim.fgn"
		awk -v want=$i 'BEGIN { RS = ""; ORS = "\n\n" } /^\[/ { g++ } g == want' \
			"$tmp/$game.frag.fgn" | tokens >"$tmp/a"
		tokens <"$tmp/s.fgn" >"$tmp/b"
		m=$(wc -l <"$tmp/a")
		[ "$(wc -l <"$tmp/b")" -lt "$m" ] && m=$(wc -l <"$tmp/b")
		if [ "$m" -gt 0 ] && [ "$(head -n "$m" "$tmp/a")" = "$(head -n "$m" "$tmp/b")" ]; then
			same=$((same + m))
		else
			echo "setup.sh: $game: game $i: simulate --setup plays on otherwise than the game"
			diff "$tmp/a" "$tmp/b" | head -n 4
			fail=1
		fi
		i=$((i + 1))
	done <"$tmp/pos"
	if ! "$ff" validate "$tmp/sim.fgn" >"$tmp/v.out" 2>&1; then
		echo "setup.sh: $game: simulate --setup wrote games that are not valid:"
		grep -v ': valid' "$tmp/v.out" | head -n 5
		fail=1
	fi
	echo "setup.sh: $game: $n set-ups checked ($same plies played on by simulate --setup, each the game's own)"
done
[ $fail -eq 0 ] && echo "setup.sh: ok"
exit $fail
