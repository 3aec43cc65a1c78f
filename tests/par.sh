#!/bin/sh
# validate and convert read FGN files in chunks that their workers parse
# (cmd/input.c's splitter): the output (stdout, stderr, exit code) must be
# the same bytes as reading game by game (FF_SPLIT=0), with 1, 2 and 3
# threads and chunks of every size. The files are simulated games with
# mutations that the splitter must not cut wrongly: games without tags
# after a result on its line, a game whose tags start after a result,
# unterminated brace comments before a '[' line, a '[' line in a comment,
# a BOM, CRLF lines, indented tags, blank-only lines, malformed and
# illegal games, a long game (the splitter gives up on the rest of that
# file), no final newline, an empty file, several files, standard input.
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

check() { # name, condition-result
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

sim() { # seed games [rules] -> stdout
	"$ff" simulate --game fivelines --rules "${3:-schaedler}" --games "$2" --seed "$1" --agents greedy
}

cd "$tmp" || exit 1
# a.fgn: tagged games with mutations every few games (awk counts the games
# by their first tag line)
sim 3 120 | awk '
	/^\[Game / { g++ }
	join && /^[ \t\r]*$/ { next }
	# the tags of this game start after the result of the last one
	join { print; join = 0; next }
	# an untagged game after the result, on its line
	/^(1-0|0-1|1\/2-1\/2|\*|D|W[0-9]+)$/ && g % 7 == 1 { print $0 " 3:0-3 1-0"; next }
	/^(1-0|0-1|1\/2-1\/2|\*|D|W[0-9]+)$/ && g % 11 == 2 { printf "%s ", $0; join = 1; next }
	# an unterminated brace comment just before the next game, no result
	/^(1-0|0-1|1\/2-1\/2|\*|D|W[0-9]+)$/ && g % 13 == 3 { print "{no end"; next }
	# no result token
	/^(1-0|0-1|1\/2-1\/2|\*|D|W[0-9]+)$/ && g % 23 == 6 { next }
	# a comment after the result, over lines, one of them indented
	/^(1-0|0-1|1\/2-1\/2|\*|D|W[0-9]+)$/ && g % 29 == 8 { print $0 " {a note"; print "  over [two] lines}"; next }
	# a [ line inside a comment: it ends the comment
	/^\[Result / && g % 17 == 4 { print; getline; print; print "{a comment"; print "  [Note \"x\"] still }"; next }
	# indented tags and blank-only lines with CR
	/^\[Game / && g % 5 == 0 { print " \t" $0; print " \r"; next }
	# an illegal ply
	g % 19 == 5 && /^[0-9]+:/ && !done19[g]++ { sub(/^[0-9]+:[^ ]+/, "9:99-99"); print; next }
	{ print }' >a.fgn
# b.fgn: a BOM, CRLF lines, no final newline
printf '\357\273\277' >b.fgn
sim 4 40 | sed 's/$/\r/' | head -c -1 >>b.fgn
# c.fgn: games without tags after results, then a long game (a comment
# of 64 KiB: the splitter reads the rest game by game when it finds no
# game start for long), games without tags, one a line
sim 5 20 | sed 's/^1-0$/1-0 3:0-3 */' >c.fgn
printf '[Game "fivelines"]\n{' >>c.fgn
awk 'BEGIN { for (i = 0; i < 1024; i++) printf "%s\n", "0123456789012345678901234567890123456789012345678901234567890" }' >>c.fgn
printf '}\n1-0\n' >>c.fgn
sim 6 20 >>c.fgn
printf '3:0-3 *\n4:1-1 1-0\n* 0-1\n' >>c.fgn
sim 7 10 >>c.fgn
# d.fgn: untagged games only, then tagged ones
printf '3:0-3 *\n\n1-0 0-1\n{c} *\n' >d.fgn
sim 8 5 >>d.fgn
: >empty.fgn
printf '\n \n\t\n' >blank.fgn

set -- a.fgn b.fgn c.fgn d.fgn empty.fgn blank.fgn
run() { # name, then the command's arguments; FF_SPLIT and threads around it
	name=$1
	shift
	FF_SPLIT=0 "$ff" "$@" --threads 1 >ref.out 2>ref.err
	echo $? >ref.rc
	for split in '' 1 200 4000 60000; do
		for t in 1 2 3; do
			FF_SPLIT=$split "$ff" "$@" --threads $t >got.out 2>got.err
			echo $? >got.rc
			cmp -s ref.out got.out && cmp -s ref.err got.err && cmp -s ref.rc got.rc
			check "$name: FF_SPLIT=$split --threads $t as game by game" $?
		done
	done
}
for f in "$@"; do
	run "validate $f" validate "$f"
done
run "validate all" validate "$@"
run "validate -q all" validate -q "$@"
run "validate json all" validate --format json "$@"
run "validate --legal" validate --legal a.fgn c.fgn
for to in fgn jsonl csv; do
	run "convert to $to" convert --to $to "$@"
done
run "convert short" convert --plies short --to jsonl a.fgn b.fgn
run "convert --no-validate" convert --no-validate --to jsonl a.fgn c.fgn

# standard input (not seekable), alone and among files
for t in 1 2 3; do
	FF_SPLIT=0 "$ff" validate --threads 1 a.fgn - c.fgn <b.fgn >vref.out 2>vref.err
	for split in '' 300; do
		FF_SPLIT=$split "$ff" validate --threads $t a.fgn - c.fgn <b.fgn >got.out 2>got.err
		cmp -s vref.out got.out && cmp -s vref.err got.err
		check "validate with standard input: FF_SPLIT=$split --threads $t" $?
		cat a.fgn | FF_SPLIT=$split "$ff" convert --to jsonl --threads $t >got.out 2>got.err
		FF_SPLIT=0 "$ff" convert --to jsonl <a.fgn >ref.out 2>ref.err
		cmp -s ref.out got.out && cmp -s ref.err got.err
		check "convert from a pipe: FF_SPLIT=$split --threads $t" $?
	done
done

# the mutations did what they are for: games without tags, malformed and
# illegal games, the long game
"$ff" validate a.fgn c.fgn d.fgn >v.out 2>v.err
grep -q 'illegal (.*) at ply' v.out; check "a.fgn has illegal games" $?
grep -q 'missing result token' v.err; check "a.fgn has games without a result" $?
grep -q 'unterminated comment' v.err; check "a.fgn has unterminated comments" $?
grep -q 'c.fgn: game [0-9]*: valid (fivelines' v.out; check "c.fgn has its long game" $?
n=$(grep -c '^\[Game ' a.fgn)
m=$(grep -c '^a.fgn: game ' v.out)
[ "$m" -gt "$n" ]; check "a.fgn has games without tags ($m games, $n Game tags)" $?

# analyse --threads N (cmd/batch.h, a game a slot): stdout, stderr and the
# exit code are the bytes of one thread, in every format, by search in the
# four families and exactly in Five Lines (its ruleset solved on the spot
# by the first thread that needs it), with a malformed game, an illegal
# one and a missing file among them, with --shard, --plot and --db (the
# analyses the store keeps)
"$ff" simulate --game fiveplay --games 3 --seed 4 --agents greedy,random >an1.fgn
"$ff" simulate --game sequence --games 2 --seed 4 --agents greedy,random >an2.fgn
"$ff" simulate --game pegsjokers --games 1 --seed 4 --agents greedy >an3.fgn
sim 8 6 >an4.fgn
sed -n '1,/^$/p' a.fgn >an5.fgn
printf '[Game "fivelines"]\n\n1. zz 1-0\n' >>an5.fgn
anin="an1.fgn an2.fgn missing.fgn an3.fgn an4.fgn an5.fgn"
for f in text json csv annotate; do
	case $f in annotate) fo="--annotate" ;; *) fo="-f $f" ;; esac
	"$ff" analyse --iterations 20 $fo $anin >an.out 2>an.err
	echo $? >an.rc
	same=0
	for t in 2 3; do
		"$ff" analyse --iterations 20 $fo --threads $t $anin >an$t.out 2>an$t.err
		[ $? = "$(cat an.rc)" ] && cmp -s an.out an$t.out && cmp -s an.err an$t.err || same=1
	done
	[ -s an.out ] && [ "$(cat an.rc)" = 1 ] && grep -q 'missing.fgn' an.err &&
		grep -q 'an5.fgn:' an.err
	check "analyse $fo --threads 2 and 3: the bytes of one thread" $((same + $?))
done
"$ff" analyse -q --iterations 20 --shard 2/3 --plot an1.svg an1.fgn an4.fgn >s1.out 2>s1.err
"$ff" analyse -q --iterations 20 --shard 2/3 --plot an2.svg --threads 2 an1.fgn an4.fgn >s2.out 2>s2.err
[ -s s1.out ] && cmp -s s1.out s2.out && cmp -s s1.err s2.err && [ -s an1.svg ] && cmp -s an1.svg an2.svg
check "analyse --shard 2/3 --plot --threads 2: the bytes of one thread" $?
"$ff" import -q --db an1.db an1.fgn an4.fgn >/dev/null
cp an1.db an2.db
"$ff" analyse -q --iterations 20 --db an1.db an1.fgn an4.fgn >d1.out 2>&1
"$ff" analyse -q --iterations 20 --db an2.db --threads 2 an1.fgn an4.fgn >d2.out 2>&1
dumpan() { sqlite3 "$1" 'SELECT game_id, method, budget, plies FROM analyses ORDER BY id;
	SELECT * FROM analysis_seats ORDER BY analysis_id, seat'; }
[ "$(dumpan an1.db | wc -l)" -gt 9 ] && [ "$(dumpan an1.db)" = "$(dumpan an2.db)" ] && cmp -s d1.out d2.out
check "analyse --db --threads 2: the store keeps what one thread keeps" $?

# more rulesets solved on the spot than analyse holds (8): each ruleset's
# note once, before its first game, and the bytes of one thread, though
# which solution is forgotten when depends on the threads' timing
: >many.fgn
for o in "" skip-last=yes skip-last=strict four-stones nonexact extra-throw dice=knuckle \
	dice=painted dice=d4 goal=either ""; do
	"$ff" simulate --game fivelines --options "$o" --games 1 --seed 2 --agents greedy,random >>many.fgn
done
"$ff" analyse -q many.fgn >m1.out 2>m1.err
"$ff" analyse -q --threads 2 many.fgn >m2.out 2>m2.err
[ "$(grep -c 'solved' m1.err)" = 10 ] && [ "$(grep -c ': game ' m1.out)" = 11 ] &&
	cmp -s m1.out m2.out && cmp -s m1.err m2.err
check "analyse: 10 rulesets solved on the spot, each noted once, with 1 and 2 threads" $?

echo "par: $pass passed, $fail failed"
[ $fail = 0 ]
