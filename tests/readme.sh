#!/bin/sh
# README and docs examples: every indented block that follows a line
# "<!-- checked -->" in README.md or docs/*.md is run and its output
# compared, so the documentation cannot drift; blocks after "<!-- checked:
# long -->" (the studies of 100,000 games, minutes each) run only with
# FF_README_LONG=1 (make check-readme-long). In such a block a line
# "$ COMMAND" is run by the shell (in one scratch directory for all the
# pages, holding copies of tests/cli/*.fgn and tests/ludii/*.txt, with this
# build's fivefold first on PATH); the lines up to the next "$ " are its
# expected standard output followed by its standard error (trailing empty
# lines left out). A line "…" stands for any lines: the lines before it
# must begin the output, the lines after it must end it. The indented block
# after a line "<!-- file: NAME -->" is written to NAME in the scratch
# directory, so an example record a page shows is one a later checked
# command reads.
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
ff=$(cd "$top_builddir" && pwd)/fivefold
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }

mkdir "$tmp/bin" "$tmp/run" "$tmp/ex"
ln -s "$ff" "$tmp/bin/fivefold"
cp "$srcdir"/tests/cli/*.fgn "$srcdir"/tests/ludii/*.txt "$tmp/run/"
# split the checked blocks into ex/N.cmd and ex/N.exp
awk -v dir="$tmp/ex" -v run="$tmp/run" '
	function end_file() { if (file != "") close(file); file = "" }
	FNR == 1 { armed = 0; inblock = 0; end_file() }
	/^<!-- checked -->$/ { armed = 1; long = 0; inblock = 0; end_file(); next }
	/^<!-- checked: long -->$/ { armed = 1; long = 1; inblock = 0; end_file(); next }
	/^<!-- file: [^ ]+ -->$/ {
		end_file()
		# a plain name, not a fixture nor an earlier block'"'"'s file
		if ($3 ~ /[\/]/ || $3 ~ /^[.]/ || (getline junk < (run "/" $3)) >= 0) {
			printf "readme: %s:%d: example file name %s is taken or not plain\n",
				FILENAME, FNR, $3 > "/dev/stderr"
			exit 1
		}
		armed = 1; inblock = 0; file = run "/" $3; pending = ""
		printf "" > file
		next
	}
	armed && /^    / { inblock = 1 }
	armed && inblock && !/^    / && !/^$/ { armed = 0; inblock = 0; end_file() }
	armed && inblock && file != "" {
		if ($0 == "") { pending = pending "\n"; next }
		printf "%s%s\n", pending, substr($0, 5) > file
		pending = ""
		next
	}
	armed && inblock {
		line = substr($0, 5)
		if (line ~ /^\$ /) {
			n++
			print substr(line, 3) > (dir "/" n ".cmd")
			if (long)
				printf "" > (dir "/" n ".long")
			printf "" > (dir "/" n ".exp")
			pending = ""
		} else if (n) {
			if (line == "") { pending = pending "\n"; next }
			printf "%s%s\n", pending, line > (dir "/" n ".exp")
			pending = ""
		}
	}
' "$srcdir/README.md" "$srcdir"/docs/*.md || exit 1
[ -f "$tmp/ex/1.cmd" ] || { echo "readme: no checked examples found"; exit 1; }
# the long examples run scripts/ from the checkout into their own _build/
ln -s "$(cd "$srcdir" && pwd)/scripts" "$tmp/run/scripts"
mkdir "$tmp/run/_build"
n=1
skipped=0
while [ -f "$tmp/ex/$n.cmd" ]; do
	cmd=$(cat "$tmp/ex/$n.cmd")
	if [ -f "$tmp/ex/$n.long" ] && [ "${FF_README_LONG:-0}" != 1 ]; then
		skipped=$((skipped + 1))
		n=$((n + 1))
		continue
	fi
	(cd "$tmp/run" && PATH="$tmp/bin:$PATH" FIVEFOLD="$ff" sh -c "$cmd" >"$tmp/out" 2>"$tmp/err")
	# trailing empty lines are not shown in the README
	cat "$tmp/out" "$tmp/err" | awk '{ l[NR] = $0 } $0 != "" { last = NR }
		END { for (i = 1; i <= last; i++) print l[i] }' >"$tmp/got"
	exp=$tmp/ex/$n.exp
	if grep -qx '…' "$exp"; then
		sed '/^…$/,$d' "$exp" >"$tmp/head"
		sed '1,/^…$/d' "$exp" >"$tmp/tail"
		h=$(wc -l <"$tmp/head")
		t=$(wc -l <"$tmp/tail")
		head -n "$h" "$tmp/got" | cmp -s - "$tmp/head" &&
			{ [ "$t" = 0 ] || tail -n "$t" "$tmp/got" | cmp -s - "$tmp/tail"; }
	else
		cmp -s "$tmp/got" "$exp"
	fi
	r=$?
	[ $r = 0 ] || { echo "--- example: \$ $cmd"; diff "$exp" "$tmp/got" | head -20; }
	check "example: $cmd" $r
	n=$((n + 1))
done
echo "readme: $pass passed, $fail failed, $skipped long ones not run (make check-readme-long runs them)"
[ "$fail" = 0 ]
