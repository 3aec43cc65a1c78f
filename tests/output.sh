#!/bin/sh
# Output files and terminals (README "Output files"): every command that
# writes a file (-o FILE, stats --plot FILE) leaves the old file exactly as
# it was when it fails after opening it (a usage or rules failure, or a
# write that fails), and no temporary beside it; a write that fails is an
# error naming the file or standard output (/dev/full); on a terminal, the
# commands that read standard input without a FILE say so, and solve and
# analyse say how big a solve is and show its progress (under tmux). The
# commands come from `fivefold help`, so a new one is covered (or this
# fails until it is given a case).
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
dir=$(cd "$srcdir/tests/cli" && pwd)
tmp=$(mktemp -d) || exit 1
tm="tmux -L ffout$$ -f /dev/null"
trap '$tm kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0 fail=0

check() { # name, condition-result
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

# fixtures: a long game, a store of them, a Fiveplay game (analyse cannot
# solve it), Schaedler's solution
"$ff" simulate -g fivelines -n 20 -s 3 >"$tmp/g.fgn" || exit 1
"$ff" import --db "$tmp/s.db" "$tmp/g.fgn" >/dev/null || exit 1
# (out of WAL mode: reading it then writes no -shm file, which the file
# size limit below would refuse)
sqlite3 "$tmp/s.db" 'PRAGMA journal_mode=DELETE' >/dev/null || exit 1
"$ff" solve -g fivelines -r schaedler -o "$tmp/sch.sol" >/dev/null || exit 1
commands=$("$ff" help | sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p')
[ -n "$commands" ]; check "the command list from fivefold help" $?

# The file options of each command, from its help.
file_opts() {
	"$ff" help "$1" | sed -n 's/^ *\(-o, \)\{0,1\}\(--output\|--plot\) FILE .*/\2/p'
}

# cmd, option: the operands and options that make cmd fail after it has
# opened its output (none where nothing but a write can), and those that
# make it write more than 1 KiB there (for a write that fails)
fails_after_open() {
	case $1 in
	show) echo "-p 4000 $tmp/g.fgn" ;;            # a game of fewer plies
	convert) echo "-f ludii $dir/good.fgn" ;;      # Schaedler's game is no Ludii trial
	analyse) echo "--method exact $dir/fiveplay.fgn" ;;   # a game that cannot be solved
	export) echo "--db $tmp/s.db -f ludii" ;;     # Schaedler's games are no Ludii trials
	replay|simulate|solve|stats|play) ;;
	*) echo "UNKNOWN" ;;
	esac
}
writes_much() {
	case $1:$2 in
	show:*) echo "--format svg $tmp/g.fgn" ;;
	replay:*) echo "$tmp/g.fgn" ;;
	convert:*) echo "$tmp/g.fgn" ;;
	analyse:*) echo "--solution $tmp/sch.sol $tmp/g.fgn" ;;
	export:*) echo "--db $tmp/s.db" ;;
	simulate:*) echo "-g fivelines -n 5" ;;
	play:*) echo "-g fivelines --agents random --seed 4" ;;   # 7 KB
	solve:*) echo "-g fivelines -r schaedler" ;;
	stats:--plot) echo "--db $tmp/s.db" ;;
	*) echo "UNKNOWN" ;;
	esac
}
# the old file is byte for byte as it was, and nothing is left beside it
untouched() {
	cmp -s "$tmp/w/old" "$tmp/w/out.fgn" && [ "$(ls -A "$tmp/w" | wc -l)" = 2 ]
}
mkdir "$tmp/w"
printf 'the old file\n' >"$tmp/w/old"
n=0
for c in $commands; do
	for opt in $(file_opts "$c"); do
		n=$((n + 1))
		[ "$c" = play ] && continue   # a record written every ply: its own cases below
		args=$(fails_after_open "$c")
		[ "$args" != UNKNOWN ]; check "$c $opt: has a case here" $?
		if [ -n "$args" ]; then
			cp "$tmp/w/old" "$tmp/w/out.fgn"
			"$ff" "$c" $args "$opt" "$tmp/w/out.fgn" >/dev/null 2>"$tmp/err"
			[ $? = 1 ] && untouched && grep -q "'$tmp/w/out.fgn' not written: left as it was" "$tmp/err"
			check "$c $opt: a failure after opening leaves the old file" $?
		fi
		args=$(writes_much "$c" "$opt")
		[ "$args" != UNKNOWN ]; check "$c $opt: has a case that writes much" $?
		cp "$tmp/w/old" "$tmp/w/out.fgn"
		(trap '' XFSZ; ulimit -f 2; exec "$ff" "$c" $args "$opt" "$tmp/w/out.fgn") >/dev/null 2>"$tmp/err"
		[ $? = 1 ] && untouched && grep -q "out.fgn" "$tmp/err"
		check "$c $opt: a write that fails (file size limit) leaves the old file" $?
		# and it succeeds without the limit: the file replaced, its mode kept
		cp "$tmp/w/old" "$tmp/w/out.fgn"
		chmod 640 "$tmp/w/out.fgn"
		"$ff" "$c" $args "$opt" "$tmp/w/out.fgn" >/dev/null 2>&1 &&
			[ "$(wc -c <"$tmp/w/out.fgn")" -gt 2048 ] && [ "$(ls -A "$tmp/w" | wc -l)" = 2 ] &&
			[ "$(stat -c %a "$tmp/w/out.fgn")" = 640 ]
		check "$c $opt: success replaces the file and keeps its mode" $?
		# a device is written as it is: /dev/full's error names it
		"$ff" "$c" $args "$opt" /dev/full >/dev/null 2>"$tmp/err"
		[ $? = 1 ] && grep -q "cannot write '/dev/full': " "$tmp/err"
		check "$c $opt /dev/full: exit 1, the file named" $?
	done
done
[ "$n" -ge 8 ]; check "8 or more file options found ($n)" $?
# a file that holds all it should is put in place even when the exit
# status is 1: convert writes a game that breaks the rules as read, and
# replay's page of a broken record shows its diagnostic
for c in convert replay; do
	cp "$tmp/w/old" "$tmp/w/out.fgn"
	"$ff" $c -o "$tmp/w/out.fgn" "$dir/illegal.fgn" >/dev/null 2>&1
	[ $? = 1 ] && "$ff" $c "$dir/illegal.fgn" 2>/dev/null | cmp -s - "$tmp/w/out.fgn" &&
		[ "$(ls -A "$tmp/w" | wc -l)" = 2 ]
	check "$c of a game that breaks the rules: the file is written (exit 1)" $?
done
# but show's picture after a ply that breaks the rules is not the one asked
# for: the file is left as it was
cp "$tmp/w/old" "$tmp/w/out.fgn"
"$ff" show -o "$tmp/w/out.fgn" "$dir/illegal.fgn" >/dev/null 2>"$tmp/err"
[ $? = 1 ] && untouched && ! grep -q "the position shown" "$tmp/err"
check "show of a game that breaks the rules: the file is left as it was" $?
# a new file gets a created file's mode (the umask's)
rm -f "$tmp/w/new.txt"
(umask 027; "$ff" show -o "$tmp/w/new.txt" "$tmp/g.fgn")
[ "$(stat -c %a "$tmp/w/new.txt")" = 640 ]; check "a new output file honours the umask" $?
# a symbolic link stays one: the file it leads to is replaced
ln -s new.txt "$tmp/w/link.txt"
"$ff" show -p 3 -o "$tmp/w/link.txt" "$tmp/g.fgn" && [ -L "$tmp/w/link.txt" ] &&
	"$ff" show -p 3 "$tmp/g.fgn" | cmp -s - "$tmp/w/new.txt"
check "-o through a symbolic link replaces the file it leads to" $?

# play writes its record after every ply: an existing file is refused
# (left as it was); a write that fails (the file size limit) stops the
# game, exit 1, the file named and holding the last record written whole;
# a device is written as it is
mkdir "$tmp/p"
cp "$tmp/w/old" "$tmp/p/out.fgn"
"$ff" play -g fivelines --agents random -o "$tmp/p/out.fgn" >/dev/null 2>"$tmp/err"
[ $? = 2 ] && cmp -s "$tmp/w/old" "$tmp/p/out.fgn" && [ "$(ls -A "$tmp/p")" = out.fgn ] &&
	grep -q "exists" "$tmp/err"
check "play -o an existing file: refused, the file left as it was" $?
rm -f "$tmp/p/out.fgn"
(trap '' XFSZ; ulimit -f 2; exec "$ff" play $(writes_much play -o) -o "$tmp/p/out.fgn") >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "out.fgn" "$tmp/err" && "$ff" validate -q "$tmp/p/out.fgn" >/dev/null &&
	[ "$(ls -A "$tmp/p")" = out.fgn ]
check "play -o: a write that fails stops the game (exit 1), the last whole record kept" $?
"$ff" play $(writes_much play -o) -o /dev/full >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "cannot write '/dev/full': " "$tmp/err"
check "play -o /dev/full: exit 1, the file named" $?

# standard output that cannot be written: exit 1, said, for every command
stdout_args() {
	case $1 in
	rules) echo "" ;;
	validate) echo "$dir/good.fgn" ;;
	convert) echo "$dir/good.fgn" ;;
	show) echo "$dir/good.fgn" ;;
	replay) echo "$dir/good.fgn" ;;
	simulate) echo "-g fivelines -n 2" ;;
	play) echo "-g fivelines --agents random,mcts:iterations=30 --seed 3" ;;
	import) echo "--db $tmp/i.db $dir/good.fgn" ;;
	stats) echo "--db $tmp/s.db" ;;
	export) echo "--db $tmp/s.db" ;;
	ratings) echo "--db $tmp/s.db" ;;
	standings) echo "--db $tmp/s.db --event none" ;;
	store) echo "copy --from $tmp/s.db --to $tmp/copy.db" ;;
	solve) echo "-g fivelines -r schaedler" ;;
	analyse) echo "--solution $tmp/sch.sol $dir/good.fgn" ;;
	fit) echo "$dir/good.fgn" ;;
	serve) echo "--db $tmp/none.db" ;;  # it writes nothing there (its log: standard error)
	help) echo "" ;;
	*) echo "UNKNOWN" ;;
	esac
}
for c in $commands; do
	args=$(stdout_args "$c")
	[ "$args" != UNKNOWN ]; check "$c: has a standard output case" $?
	rm -f "$tmp/i.db" "$tmp/copy.db"
	"$ff" "$c" $args >"$tmp/out" 2>/dev/null
	rc=$?
	[ -s "$tmp/out" ] || continue   # writes nothing there
	rm -f "$tmp/i.db" "$tmp/copy.db"
	"$ff" "$c" $args >/dev/full 2>"$tmp/err"
	[ $? = 1 ] && [ $rc = 0 ] && grep -q "^fivefold $c: cannot write standard output: " "$tmp/err"
	check "$c >/dev/full: exit 1, 'cannot write standard output'" $?
done
"$ff" --version >/dev/full 2>"$tmp/err"
[ $? = 1 ] && grep -q "cannot write standard output" "$tmp/err"; check "--version >/dev/full: exit 1" $?

# Under tmux: a terminal for standard input (the hint) or standard error
# (the solve's progress). Each run types a command into one shell and
# waits for the file it writes at its end.
if ! command -v tmux >/dev/null 2>&1; then
	echo "output.sh: no tmux (apt-get install tmux): the terminal cases are not run"
	fail=$((fail + 1))
else
	$tm new-session -d -s t -x 250 -y 50 sh
	tty_run() { # name, command line, keys to send once it has started (or "")
		rm -f "$tmp/$1.rc"
		$tm pipe-pane -t t
		$tm pipe-pane -t t "cat >'$tmp/$1.tty'"
		$tm send-keys -t t "timeout --foreground ${FF_TTY_TIMEOUT:-100} $2; echo \$? >'$tmp/$1.rc'" Enter
		i=0
		while [ ! -s "$tmp/$1.rc" ] && [ $i -lt 1200 ]; do
			[ $i = 10 ] && [ -n "$3" ] && $tm send-keys -t t "$3"
			sleep 0.1
			i=$((i + 1))
		done
		[ -s "$tmp/$1.rc" ]
	}
	# the FILE commands read standard input without FILES: a note on a terminal
	for c in $commands; do
		"$ff" help "$c" | head -1 | grep -q 'FILE' || continue
		case $c in import) extra="--db $tmp/h.db" ;; *) extra= ;; esac
		tty_run "hint-$c" "'$ff' $c $extra 2>'$tmp/hint-$c.err' >/dev/null" C-d
		grep -q "^fivefold $c: reading FGN from standard input (end with Ctrl-D; name a file, or - for standard input, to skip this note)\$" \
			"$tmp/hint-$c.err"
		check "$c on a terminal without FILES: says it reads standard input" $?
		tty_run "dash-$c" "'$ff' $c $extra - 2>'$tmp/dash-$c.err' >/dev/null" C-d
		! grep -q "reading FGN" "$tmp/dash-$c.err"; check "$c -: no note" $?
		tty_run "pipe-$c" "'$ff' $c $extra <'$dir/good.fgn' 2>'$tmp/pipe-$c.err' >/dev/null" ""
		! grep -q "reading FGN" "$tmp/pipe-$c.err"; check "$c <file: no note" $?
	done
	tty_run "hint-from" "'$ff' validate --from jsonl 2>'$tmp/from.err'" C-d
	grep -q "^fivefold validate: reading jsonl from standard input" "$tmp/from.err"
	check "the note names --from's format" $?
	# solve on a terminal: what it will take before it starts (the measured
	# positions, which must be the solver's count), then its progress
	for r in schaedler locusludi-race locusludi-knockoff; do
		tty_run "solve-$r" "'$ff' solve -g fivelines -r $r >'$tmp/solve-$r.out'" ""
		tr '\r' '\n' <"$tmp/solve-$r.tty" >"$tmp/solve-$r.log"
		n=$(sed -n "s/^fivelines\/$r: \([0-9]*\) positions, \([0-9]*\) successors.*/\1 \2/p" "$tmp/solve-$r.out")
		set -- $n
		grep -q "^fivefold solve: solving fivelines/$r: $1 positions, [0-9]* MB; " "$tmp/solve-$r.log" &&
			grep -q "^solve: $1 positions, $2 successors, [0-9]* MB, found in [0-9]* s; value iteration" "$tmp/solve-$r.log" &&
			grep -q "^solve: solved in [0-9.]* s" "$tmp/solve-$r.log"
		check "solve on a terminal ($r): its size before it starts ($1 positions), then progress" $?
	done
	grep -q "^solve: finding positions: [0-9]* found, [0-9]* expanded" "$tmp/solve-locusludi-race.log" &&
		grep -q "^solve: sweep [0-9]*, largest change " "$tmp/solve-locusludi-race.log"
	check "solve on a terminal: positions found and sweeps shown as it goes" $?
	tty_run solve-opt "'$ff' solve -g fivelines -r schaedler --options skip-last >/dev/null" ""
	tr '\r' '\n' <"$tmp/solve-opt.tty" | grep -q "^fivefold solve: solving fivelines/schaedler:skip-last: how big it is shows once its positions are found"
	check "solve of a ruleset not measured: says when its size comes" $?
	tty_run analyse "'$ff' analyse '$dir/good.fgn' >/dev/null" ""
	tr '\r' '\n' <"$tmp/analyse.tty" >"$tmp/analyse.log"
	grep -q "^fivefold analyse: solving fivelines/schaedler: 133492 positions" "$tmp/analyse.log" &&
		grep -q "^analyse: 133492 positions, " "$tmp/analyse.log"
	check "analyse on a terminal: the solve's size and progress" $?
	# not on a terminal: none of it
	"$ff" solve -g fivelines -r schaedler 2>"$tmp/err" >/dev/null
	[ ! -s "$tmp/err" ]; check "solve: nothing on standard error when it is not a terminal" $?
fi

echo "output: $pass passed, $fail failed"
[ "$fail" = 0 ]
