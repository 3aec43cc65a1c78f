#!/bin/sh
# The documents made from the CLI's tables: the manual page renders
# without warnings and names every command and option; the bash
# completion completes commands, options and values; the zsh completion
# parses and registers itself.
#   tests/doc.sh                 the build tree's files (make check)
#   tests/doc.sh BIN MANDIR BASHDIR ZSHDIR
#                                the installed ones (make installcheck)
top_builddir=${top_builddir:-.}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
if [ $# -eq 4 ]; then
	ff=$1 mandir=$2 bash_file=$3/fivefold zsh_dir=$4
else
	ff=$(cd "$top_builddir" && pwd)/fivefold
	mkdir -p "$tmp/man1" "$tmp/zsh"
	"$ff" help --man >"$tmp/man1/fivefold.1" || exit 1
	"$ff" help --completion bash >"$tmp/fivefold.bash" || exit 1
	"$ff" help --completion zsh >"$tmp/zsh/_fivefold" || exit 1
	mandir=$tmp bash_file=$tmp/fivefold.bash zsh_dir=$tmp/zsh
fi
pass=0 fail=0 skip=0
check() { # name, status
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

# the manual page: `man fivefold` finds it, renders it without a warning,
# and it has every command and every option of every command
if command -v man >/dev/null 2>&1; then
	MANWIDTH=80 man --warnings -M "$mandir" fivefold >"$tmp/man.txt" 2>"$tmp/man.err"
	check "man fivefold renders" $?
	[ ! -s "$tmp/man.err" ]; check "man fivefold: no warnings ($(head -c 200 "$tmp/man.err"))" $?
	for cmd in $("$ff" help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 { print $1 }'); do
		grep -q "^   fivefold $cmd " "$tmp/man.txt"; check "man page has 'fivefold $cmd'" $?
		for opt in $("$ff" help "$cmd" | grep -o -- '--[a-z-]*' | sort -u); do
			grep -q -- "$opt" "$tmp/man.txt" || { echo "man page lacks $opt of $cmd"; fail=$((fail + 1)); }
		done
	done
else
	echo "skip: no man(1) here"; skip=$((skip + 1))
fi

# --help, the manual page and `fivefold rules` lead nowhere outside the
# source tree: no "design.md", "research/", "rules.md 4", "../shared" or
# "/work/" (the project's first notes, which a clone lacks), and every
# docs/PAGE.md they name is one of the tree's pages
srcdir=${srcdir:-.}
{
	"$ff" help --man
	"$ff" rules
	for cmd in $("$ff" help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 { print $1 }'); do
		"$ff" help "$cmd"
	done
} >"$tmp/helps.txt" 2>&1
grep -n -E 'design\.md|(^|[^A-Za-z0-9_./-])research/|\.\./shared|(^|[^A-Za-z0-9_./-])/work/|(^|[^/])rules\.md [0-9§]' \
	"$tmp/helps.txt" >"$tmp/outside"
[ ! -s "$tmp/outside" ]; check "help and man page lead nowhere outside the tree ($(head -c 200 "$tmp/outside"))" $?
for page in $(grep -o 'docs/[a-z_-]*\.md' "$tmp/helps.txt" | sort -u); do
	[ -f "$srcdir/$page" ]; check "help names $page, which the tree has" $?
done

# bash: complete WORDS... (the last is the word under the cursor)
complete_bash() {
	bash -c '. "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _fivefold; echo "${COMPREPLY[*]}"' \
		"$bash_file" "$@"
}
expect() { # want, words...
	want=$1; shift
	got=$(complete_bash "$@")
	[ "$got" = "$want" ]; check "bash: '$*' completes to '$want' (got '$got')" $?
}
# the commands as the command table lists them (fivefold help), so a new
# one is checked without an edit here
cmds=$("$ff" help | sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p' | tr '\n' ' ')
case $cmds in *"validate "*"help "*) ok=0 ;; *) ok=1 ;; esac
check "fivefold help lists the commands (got '$cmds')" $ok
expect "$cmds--help --version" fivefold ""
expect "convert" fivefold co
# the formats and games as fivefold help lists them (the formats and
# engine tables): a new one is checked without an edit here
fmts=$("$ff" help | sed -n '/^formats:/,/^$/s/^  \([a-z]*\) .*/\1/p' | tr '\n' ' ')
case $fmts in "fgn "*) ok=0 ;; *) ok=1 ;; esac
check "fivefold help lists the formats (got '$fmts')" $ok
expect "${fmts% }" fivefold convert --to ""
games=$("$ff" help | sed -n '/^games:/,/^$/s/^  \([a-z]*\) .*/\1/p' | tr '\n' ' ')
expect "${games% }" fivefold simulate --game ""
expect "jsonl" fivefold simulate -f j
expect "fiveplay fivelines" fivefold simulate -g five
expect "imported simulated" fivefold stats --origin ""
expect "text csv json" fivefold stats -f ""
expect "--format --from" fivefold validate --f
expect "standard schaedler" fivefold export --rules s
expect "skip-last" fivefold stats --compare skip
# a preset or option after -g: that game's only
expect "schaedler" fivefold solve -g fivelines -r s
expect "liftbridge pagat" fivefold stats --game pegsjokers --rules ""
expect "skip-last start" fivefold simulate --game = fivelines --options s
expect "sequences" fivefold export -gsequence --option s
expect "sequence" fivefold rules se
expect "validate" fivefold help va
touch "$tmp/games.fgn"
expect "$tmp/games.fgn" fivefold validate "$tmp/gam"
expect "$tmp/games.fgn" fivefold convert -o "$tmp/gam"

# zsh: the file parses, and compinit finds it for fivefold
if command -v zsh >/dev/null 2>&1; then
	zsh -n "$zsh_dir/_fivefold"; check "zsh: _fivefold parses" $?
	got=$(zsh -fc 'fpath=("$1" $fpath); autoload -Uz compinit; compinit -u -D; print -r -- $_comps[fivefold]' \
		zsh "$zsh_dir")
	[ "$got" = _fivefold ]; check "zsh: compinit binds fivefold to _fivefold (got '$got')" $?
	# the presets after -g: that game's only (the completion system's
	# functions replaced by stand-ins, compadd printing what it offers)
	got=$(zsh -fc '_arguments() { :; }; _describe() { :; }; compadd() { shift; print -r -- "$*"; }
		words=(fivefold solve -g fivelines -r ""); CURRENT=5; . "$1" 2>/dev/null
		words=(solve -g fivelines -r ""); CURRENT=4; _fivefold_names presets' zsh "$zsh_dir/_fivefold")
	want="schaedler kidd locusludi-race locusludi-knockoff"
	[ "$got" = "$want" ]; check "zsh: -r after -g fivelines offers '$want' (got '$got')" $?
else
	echo "skip: no zsh here"; skip=$((skip + 1))
fi

echo "doc: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
