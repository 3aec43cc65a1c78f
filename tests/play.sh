#!/bin/sh
# fivefold play typed by a script (issue 38). For each of the four
# families, a game with a person at seat 1 and agents at the others, run
# in tmux (a terminal: libedit's prompt) and typed with send-keys: the
# person's plies are those a random agent played in a reference game with
# the same Seed and the same other agents (play with agents at every
# seat), so the game typed must be that game. On the way one illegal ply
# (refused with the engine's diagnostic), one undo (the ply typed again)
# and, in Five Lines, a ply finished by tab completion. A second run is
# killed with SIGKILL at ply K: its record must validate with K plies, and
# play --resume, typed the rest, must finish it to the same file as the
# uninterrupted run. Without a terminal (plain lines): typed chance (the
# throws and drawn cards of simulate's games typed back give their
# plies; a card seen twice is refused), people at every seat against
# simulate's records, and hidden hands.
# usage: tests/play.sh [FIVEFOLD]  (default: top_builddir/fivefold)
set -u
ff=${1:-$(cd "${top_builddir:-.}" && pwd)/fivefold}
tmp=$(mktemp -d)
tm="tmux -L ffplay$$ -f /dev/null"
trap '$tm kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0 fail=0
WAIT=${FF_PLAY_WAIT:-2000}   # polls (30 ms each) to wait for a ply

check() { # name, condition-result
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

# The number of ply tokens a record holds (preludes too).
tokens() {
	[ -f "$1" ] || { echo -1; return; }
	grep -v '^\[' "$1" | tr -s ' \n' '\n\n' | grep -c -v -E '^(\*|1-0|0-1|1/2-1/2|D|W[0-9]+)?$'
}
# The plies validate counts in a record.
plies() {
	"$ff" validate "$1" | sed -n 's/.*, \([0-9]*\) plies, .*/\1/p'
}
# Wait until record $1 holds $2 tokens (the program waits for the person then).
wait_tokens() {
	i=0
	while [ "$(tokens "$1")" != "$2" ] && [ $i -lt "$WAIT" ]; do
		sleep 0.03
		i=$((i + 1))
	done
	[ "$(tokens "$1")" = "$2" ]
}
wait_text() { # session log, text
	i=0
	while ! grep -q "$2" "$1" 2>/dev/null && [ $i -lt "$WAIT" ]; do
		sleep 0.03
		i=$((i + 1))
	done
	grep -q "$2" "$1"
}
# Start session $1 running "fivefold play ARGS..." (the pane's process
# becomes play itself, for kill -9), its output logged to $tmp/$1.log.
start() {
	s=$1
	shift
	: >"$tmp/$s.log"
	$tm new-session -d -s "$s" -x 200 -y 60 \
		"while [ ! -e '$tmp/$s.go' ]; do sleep 0.05; done; exec $*"
	$tm pipe-pane -t "$s" "cat >>'$tmp/$s.log'"
	touch "$tmp/$s.go"
}
type_line() { # session, text
	$tm send-keys -t "$1" -l "$2"
	$tm send-keys -t "$1" Enter
}

# The reference game of family $1 (agents $2, the first random), its
# tokens and who played each: $tmp/$1.seats holds "SEAT TOKEN" lines.
reference() {
	"$ff" play -g "$1" --seed 3 --agents "$2" -o "$tmp/$1.ref" </dev/null >"$tmp/$1.refout" 2>&1
	awk '/ to move$/ { s = $2 } /^after ply/ { print s, $NF }' "$tmp/$1.refout" >"$tmp/$1.seats"
}

# Type the person's plies of family $1 into session $2 writing $3, from
# the person's ply number $4 (1-based) to $5; the illegal ply before the
# second, undo at the third (the second typed again), tab completion at
# the fourth in Five Lines.
type_game() {
	g=$1 s=$2 rec=$3 from=$4 to=$5
	n=0 k=0 prev=
	while read -r seat tok; do
		k=$((k + 1))
		if [ "$seat" != 1 ]; then
			prev=$tok
			continue
		fi
		n=$((n + 1))
		tok=${tok%%+*}   # what the ply drew follows from the Seed
		[ $n -lt "$from" ] && { last=$tok; lastk=$k; continue; }
		[ $n -gt "$to" ] && break
		wait_tokens "$rec" $((k - 1)) || { echo "FAIL: $g: no prompt for ply $k"; return 1; }
		if [ $n = 2 ]; then
			type_line "$s" "${prev%%+*}"   # the agent's ply before: not legal now
			wait_text "$tmp/$s.log" "is not legal\|\[bad-roll\]\|\[illegal-move\]" ||
				{ echo "FAIL: $g: the illegal ply not refused"; return 1; }
		fi
		if [ $n = 3 ]; then
			type_line "$s" undo
			wait_tokens "$rec" $((lastk - 1)) || { echo "FAIL: $g: undo"; return 1; }
			type_line "$s" "$last"
			wait_tokens "$rec" $((k - 1)) || { echo "FAIL: $g: the ply again"; return 1; }
		fi
		if [ $n = 4 ] && [ "$g" = fivelines ] && [ "${tok#*:?-}" != "$tok" ] && [ -n "${tok#*:?-}" ]; then
			$tm send-keys -t "$s" -l "${tok%-*}-"
			$tm send-keys -t "$s" Tab Enter
		else
			type_line "$s" "$tok"
		fi
		last=$tok lastk=$k
	done <"$tmp/$g.seats"
	return 0
}

if ! command -v tmux >/dev/null 2>&1; then
	echo "play.sh: no tmux (apt-get install tmux): the terminal games are not run"
	fail=$((fail + 1))
fi
command -v tmux >/dev/null 2>&1 && for g in fivelines fiveplay sequence pegsjokers; do
	m=mcts:iterations=30
	case $g in
	pegsjokers) others=$m,random,$m ;;
	*) others=$m ;;
	esac
	reference "$g" "random,$others"
	total=$(grep -c '^1 ' "$tmp/$g.seats")
	[ "$total" -ge 6 ]; check "$g: the reference game gives the person $total plies" $?
	# uninterrupted
	start "$g-a" "'$ff' play -g $g --seed 3 --agents human,$others -o '$tmp/$g-a.fgn'"
	type_game "$g" "$g-a" "$tmp/$g-a.fgn" 1 "$total"
	wait_text "$tmp/$g-a.log" "game over after"; check "$g: typed to the end" $?
	grep -v '^\[\(Seat1\|Date\) ' "$tmp/$g-a.fgn" >"$tmp/a" &&
		grep -v '^\[\(Seat1\|Date\) ' "$tmp/$g.ref" | cmp -s - "$tmp/a"
	check "$g: the typed game is the reference game" $?
	grep -q "taken back to ply" "$tmp/$g-a.log"; check "$g: undo said" $?
	grep -q "is not legal\|\[bad-roll\]" "$tmp/$g-a.log"; check "$g: the illegal ply refused" $?
	"$ff" validate -q "$tmp/$g-a.fgn" >/dev/null; check "$g: the record validates" $?
	# killed after the person's fourth ply, then resumed
	start "$g-b" "'$ff' play -g $g --seed 3 --agents human,$others -o '$tmp/$g-b.fgn'"
	type_game "$g" "$g-b" "$tmp/$g-b.fgn" 1 4
	k=$(awk '$1 == 1 { n++ } n == 5 { print NR - 1; exit }' "$tmp/$g.seats")
	wait_tokens "$tmp/$g-b.fgn" "$k"; check "$g: $k plies written before the kill" $?
	pid=$($tm display-message -p -t "$g-b" '#{pane_pid}' 2>/dev/null)
	alive=$(ps -o args= -p "${pid:-0}" 2>/dev/null)
	[ -n "$pid" ] && kill -9 "$pid"
	sleep 0.2
	case ${alive%% *}:$(ps -o stat= -p "${pid:-0}" 2>/dev/null) in
	*fivefold: | *fivefold:Z*) check "$g: play killed" 0 ;;   # gone, or a zombie no one reaped
	*) check "$g: play killed (pid '$pid': '$alive')" 1 ;;
	esac
	K=$(plies "$tmp/$g-b.fgn")
	"$ff" validate -q "$tmp/$g-b.fgn" >/dev/null && [ "$(tokens "$tmp/$g-b.fgn")" = "$k" ] &&
		[ -n "$K" ] && [ "$K" -ge 4 ]
	check "$g: the record killed at ply $K validates with $K plies" $?
	start "$g-c" "'$ff' play --resume '$tmp/$g-b.fgn'"
	wait_text "$tmp/$g-c.log" "resumed .* at ply $K"; check "$g: resumed at ply $K" $?
	type_game "$g" "$g-c" "$tmp/$g-b.fgn" 5 "$total"
	wait_text "$tmp/$g-c.log" "game over after"; check "$g: resumed to the end" $?
	grep -v '^\[Date ' "$tmp/$g-a.fgn" >"$tmp/a"
	grep -v '^\[Date ' "$tmp/$g-b.fgn" | cmp -s - "$tmp/a" && ! grep -q '^\[Result "\*"\]' "$tmp/a" &&
		grep -q '^\[Result ' "$tmp/a"
	check "$g: killed and resumed, the record is the uninterrupted game's" $?
	ls -A "$tmp" | grep -q "^\.$g-b" && check "$g: no temporary file left" 1
done

# Plain lines (no terminal). People at every seat type simulate's plies
# (seeded: the drawn cards left to the Seed): the record's plies are
# simulate's.
for g in fivelines fiveplay sequence; do
	"$ff" simulate -g "$g" --seed 7 >"$tmp/$g.sim"
	sed -n '/^$/,$p' "$tmp/$g.sim" | tr ' ' '\n' | grep -v -E '^(1-0|0-1|1/2-1/2|D|W[0-9]+|\*)?$' >"$tmp/$g.toks"
	sed 's/+.*//' "$tmp/$g.toks" | "$ff" play -g "$g" --seed 7 --public -o "$tmp/$g.pl" >/dev/null 2>&1
	grep -v '^\[' "$tmp/$g.pl" >"$tmp/a" && grep -v '^\[' "$tmp/$g.sim" | cmp -s - "$tmp/a" &&
		grep -q '^\[Seed "7"\]' "$tmp/$g.pl"
	check "$g: people typing simulate's game (seeded) make its record" $?
done
# Typed chance: each throw, then the ply; each drawn card typed (with
# +CARD); no Seed in the record, and it validates.
awk -F: '{ print $1; print $0 }' "$tmp/fivelines.toks" |
	"$ff" play -g fivelines --chance typed -o "$tmp/typed.fgn" >"$tmp/typed.out" 2>&1
grep -v '^\[' "$tmp/typed.fgn" >"$tmp/a" && grep -v '^\[' "$tmp/fivelines.sim" | cmp -s - "$tmp/a" &&
	! grep -q '^\[Seed ' "$tmp/typed.fgn" && "$ff" validate -q "$tmp/typed.fgn" >/dev/null
check "fivelines --chance typed: the throws typed make simulate's record, without a Seed" $?
printf '7\n1\n' | "$ff" play -g fivelines --chance typed >"$tmp/throw.out" 2>&1
grep -q "throw 7 is not a face of the die" "$tmp/throw.out"
check "fivelines --chance typed: a throw the die cannot show is refused" $?
"$ff" play -g sequence --chance typed -o "$tmp/sqt.fgn" <"$tmp/sequence.toks" >/dev/null 2>&1
grep -v '^\[' "$tmp/sqt.fgn" >"$tmp/a" && grep -v '^\[' "$tmp/sequence.sim" | cmp -s - "$tmp/a" &&
	"$ff" validate -q "$tmp/sqt.fgn" >/dev/null
check "sequence --chance typed: plies with their drawn cards make simulate's record" $?
printf '4S@e9\n4S\n7D@h3\n4S\nQH\nquit\n' |
	"$ff" play -g sequence --chance typed -o "$tmp/twice.fgn" >"$tmp/twice.out" 2>&1
grep -q "card 4S refused: .*both copies are accounted for \[bad-draw\]" "$tmp/twice.out" &&
	grep -q '^4S@e9+4S 7D@h3+QH$' "$tmp/twice.fgn" && "$ff" validate -q "$tmp/twice.fgn" >/dev/null
check "sequence --chance typed: a card seen twice is refused, the next one taken" $?
"$ff" play -g pegsjokers --chance typed --agents human,mcts,human,mcts </dev/null >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "an agent cannot play a card game" "$tmp/err"; check "--chance typed with an agent in a card game: a usage error" $?
# Hidden hands: people at both seats, no --public: the diagram shows no
# hand; each hand only after its seat's Enter.
h1=$("$ff" simulate -g sequence --seed 7 --max-plies 1 | "$ff" show -p 0 | sed -n 's/^  seat 1 (side 1)://p')
h2=$("$ff" simulate -g sequence --seed 7 --max-plies 1 | "$ff" show -p 0 | sed -n 's/^  seat 2 (side 2)://p')
first=$(sed -n 1p "$tmp/sequence.toks")
printf '\n%s\nquit\n' "${first%%+*}" | "$ff" play -g sequence --seed 7 >"$tmp/hidden.out" 2>&1
[ -n "$h1" ] && [ -n "$h2" ] && grep -q "^  seat 1 (side 1):$h1\$" "$tmp/hidden.out" &&
	! grep -q "$h2" "$tmp/hidden.out" && grep -q "^  seat 2 (side 2): 7 unknown" "$tmp/hidden.out" &&
	[ "$(grep -c "$h1" "$tmp/hidden.out")" = 1 ] && grep -q "^after ply 1 (seat 1): ${first%%+*}\$" "$tmp/hidden.out"
check "sequence, people at both seats: a hand only after its seat's Enter, once; the card drawn not said" $?
printf 'quit\n' | "$ff" play -g sequence --seed 7 --public >"$tmp/public.out" 2>&1
grep -q "$h1" "$tmp/public.out" && grep -q "$h2" "$tmp/public.out"
check "sequence --public: every hand shown" $?

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
