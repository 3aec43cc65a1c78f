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

# Nothing in the pages leads outside the checkout (a clone has only the
# tree): every Markdown file of the tree (README.md, docs/*.md, the
# READMEs under tests/ and fuzz/) is read for
# - words that name a place outside it: "../shared", "../seeds", "/work/",
#   "research/", "design.md", "rules.md §" (the project's first notes and
#   their sections, not shipped);
# - Markdown links and images whose target, taken relative to the page,
#   is not a file or directory of the tree (web links and #anchors are
#   left alone);
# - in README.md and docs/*.md (the user's pages; the fuzz findings log
#   keeps the paths of its day), paths into the tree's own folders (lib/,
#   cmd/, db/, formats/, docs/, tests/, scripts/, bench/, fuzz/,
#   examples/) that do not exist (`_build/...` is made, not shipped). A path
#   is cut at its first part that is a placeholder (upper case: NAME,
#   TARGET; or {a,b}, <k>); a * is a glob; `lib/cards` and `tests/test_rng`
#   may stand for lib/cards.c and tests/test_rng.c.
pages=$(cd "$srcdir" && find . \( -path './_*' -o -path './.?*' -o -path ./gl -o -path ./autom4te.cache \) \
	-prune -o -name '*.md' -type f -print | sed 's|^\./||' | sort)
for page in $pages; do
	case $page in README.md|docs/*) userdoc=1 ;; *) userdoc=0 ;; esac
	awk -v page="$page" -v userdoc=$userdoc '
		function out(kind, what) { printf "%s\t%s\t%d\t%s\n", kind, page, FNR, what }
		{
			line = $0
			rest = line
			while (match(rest, /\.\.\/shared|\.\.\/seeds|design\.md|rules\.md §/)) {
				out("outside", substr(rest, RSTART, RLENGTH))
				rest = substr(rest, RSTART + RLENGTH)
			}
			rest = " " line
			while (match(rest, /[^A-Za-z0-9_.\/-](research|\/work)\//)) {
				out("outside", substr(rest, RSTART + 1, RLENGTH - 1))
				rest = substr(rest, RSTART + RLENGTH)
			}
			rest = line
			while (match(rest, /\]\([^)]+\)/)) {
				t = substr(rest, RSTART + 2, RLENGTH - 3)
				rest = substr(rest, RSTART + RLENGTH)
				sub(/[ \t]+".*$/, "", t)
				sub(/#.*$/, "", t)
				if (t == "" || t ~ /^[a-z][a-z0-9+.-]*:/)
					continue
				out("link", t)
			}
			if (!userdoc)
				next
			rest = " " line
			while (match(rest, /[^A-Za-z0-9_.\/-](lib|cmd|db|formats|docs|tests|scripts|bench|fuzz|examples)\/[^ \t`"'"'"'()|]*/)) {
				t = substr(rest, RSTART + 1, RLENGTH - 1)
				rest = substr(rest, RSTART + RLENGTH)
				out("path", t)
			}
		}' "$srcdir/$page"
done >"$tmp/refs"
while IFS='	' read -r kind page lno what; do
	where="$page:$lno"
	case $kind in
	outside)
		check "$where: '$what' leads outside the tree" 1
		continue ;;
	link)
		dir=$(dirname "$page")
		p=$(printf '%s/%s\n' "$dir" "$what" | sed 's|^\./||')
		# fold a/b/../ into a/; what still climbs out of the tree is refused
		while :; do
			q=$(printf '%s\n' "$p" | sed 's|/\./|/|g; s|^\./||; s|[^/][^/]*/\.\./||')
			[ "$q" = "$p" ] && break
			p=$q
		done
		case $p in
		../*|/*) check "$where: link '$what' leads outside the tree" 1 ;;
		*) [ -e "$srcdir/$p" ]; check "$where: link '$what' is not in the tree" $? ;;
		esac
		continue ;;
	esac
	# a path: trailing punctuation off, cut at a placeholder part
	p=$(printf '%s\n' "$what" | sed 's/[.,:;!?]*$//; s/:[0-9:]*$//')
	p=$(printf '%s\n' "$p" | awk -F/ '{ s = $1
		for (i = 2; i <= NF; i++) { if ($i ~ /[A-Z{}<>]/) break; s = s "/" $i }
		print s }')
	p=${p%/}
	found=1
	for f in "$srcdir"/$p "$srcdir/$p.c" "$srcdir/$p.h"; do
		[ -e "$f" ] && { found=0; break; }
	done
	check "$where: path '$what' is not in the tree" $found
done <"$tmp/refs"

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
