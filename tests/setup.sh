#!/bin/sh
# Set-up positions (docs/fgn.md, "Set-up positions") for every game that
# has them. For each, 100 simulated games (random agents, seeds 1-100):
# - the position after half of each game, cut with `show --setup`, starts
#   a record of the game's own tags, the SetUp tag and the game's
#   remaining plies: validate finds every one valid with the game's
#   result (each remaining ply legal from the set-up, each throw and card
#   drawn the one the Seed gives from the set-up's draws:N on), and its
#   last position, written by `show --setup`, is the game's own;
# - `simulate --setup POS --seed S` plays on from the position with the
#   game's chance stream: where the game throws dice, its throws are the
#   game's remaining throws, as far as both go; in a card game, the cards
#   it draws are the game's, as far as both go and the set-up's pile lasts
#   (its agents draw from their own stream, which no position holds, so
#   their plies, and after a reshuffle the discards' order, may differ);
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

# draws: the cards drawn in the plies read from standard input, a line each
draws() {
	awk '/^\[/ { next } { for (i = 1; i <= NF; i++) if ((k = index($i, "+")) > 0) print substr($i, k + 1) }'
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
	# played on by simulate from each set-up (seed i: game i's chance stream)
	grep -o '^\[SetUp "[^"]*"\]' "$tmp/$game.frag.fgn" | sed 's/^\[SetUp "//; s/"\]$//' >"$tmp/pos"
	i=1
	cards=
	: >"$tmp/sim.fgn"
	while read -r pos; do
		"$ff" simulate -g "$game" -n 1 -s $i --max-plies 400 --setup "$pos" >"$tmp/s.fgn"
		cat "$tmp/s.fgn" >>"$tmp/sim.fgn"
		if [ "$game" = sequence ] || [ "$game" = pegsjokers ]; then
			# the cards drawn: the set-up's pile, top first, until it runs out
			pile=$(printf '%s\n' "$pos" | awk -v g=$game '{ print g == "pegsjokers" ? $3 : $4 }')
			m=$((${#pile} / 2))
			a=$(awk -v want=$i 'BEGIN { RS = ""; ORS = "\n\n" } /^\[/ { g++ } g == want' \
				"$tmp/$game.frag.fgn" | draws)
			b=$(draws <"$tmp/s.fgn")
			[ "$(printf '%s\n' "$a" | wc -l)" -lt "$m" ] && m=$(printf '%s\n' "$a" | wc -l)
			[ "$(printf '%s\n' "$b" | wc -l)" -lt "$m" ] && m=$(printf '%s\n' "$b" | wc -l)
			if [ "$(printf '%s\n' "$a" | head -n "$m")" != "$(printf '%s\n' "$b" | head -n "$m")" ]; then
				echo "setup.sh: $game: game $i: simulate --setup draws other cards than the game"
				fail=1
			fi
			cards=$((cards + m))
		fi
		if "$ff" rules "$game" 2>/dev/null | grep -q '^dice\|dice='; then
			a=$(awk -v want=$i 'BEGIN { RS = ""; ORS = "\n\n" } /^\[/ { g++ } g == want' \
				"$tmp/$game.frag.fgn" | plies /dev/stdin | tr ' ' '\n' | sed -n 's/:.*//p')
			b=$(plies "$tmp/s.fgn" | tr ' ' '\n' | sed -n 's/:.*//p')
			m=$(printf '%s\n' "$a" | wc -l)
			[ "$(printf '%s\n' "$b" | wc -l)" -lt "$m" ] && m=$(printf '%s\n' "$b" | wc -l)
			if [ "$(printf '%s\n' "$a" | head -n "$m")" != "$(printf '%s\n' "$b" | head -n "$m")" ]; then
				echo "setup.sh: $game: game $i: simulate --setup throws other dice than the game"
				fail=1
			fi
		fi
		i=$((i + 1))
	done <"$tmp/pos"
	if ! "$ff" validate "$tmp/sim.fgn" >"$tmp/v.out" 2>&1; then
		echo "setup.sh: $game: simulate --setup wrote games that are not valid:"
		grep -v ': valid' "$tmp/v.out" | head -n 5
		fail=1
	fi
	echo "setup.sh: $game: $n set-ups checked${cards:+ ($cards cards drawn by simulate --setup, each the game's own)}"
done
[ $fail -eq 0 ] && echo "setup.sh: ok"
exit $fail
