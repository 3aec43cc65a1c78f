#!/bin/sh
# The door to the engines (lib/rules.h) is the only way to an engine's
# hooks: a file that reads one directly (r->legal(...), r->sample) does
# not compile with the build's flags (-Werror: the hooks carry FF_HOOK,
# lib/ruleset.h), the same call through the door compiles, and a file
# that says it checks the hooks themselves (FF_RULES_DOOR) may read them.
# Each case is compiled with the compiler and flags the build used
# (CC and CFLAGS from the Makefile), against the tree's headers.
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-.}
cc=${CC:-$(sed -n 's/^CC = //p' "$top_builddir/Makefile")}
cc=${cc:-cc}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }

# case NAME DEFINE BODY: compile a function of BODY; exit status of cc
case_cc() {
	{ echo '#include "config.h"'
	  [ -n "$2" ] && echo "#define $2 1"
	  echo '#include "lib/ruleset.h"'
	  echo 'int f(const struct ff_rules *r, const void *st, struct ff_ply *o);'
	  echo "int f(const struct ff_rules *r, const void *st, struct ff_ply *o) { $3 }"
	} >"$tmp/$1.c"
	# shellcheck disable=SC2086
	$cc -std=gnu11 -Wall -Werror -I"$top_builddir" -I"$srcdir" -c "$tmp/$1.c" \
		-o "$tmp/$1.o" 2>"$tmp/$1.err"
}

case_cc door "" "return ff_rules_legal(r, st, 0, o) + ff_rules_can(r, FF_CAN_CHECK);"
check "a call through the door compiles ($(head -c 300 "$tmp/door.err"))" $?
case_cc call "" "return r->legal(st, 0, o);"
[ $? != 0 ] && grep -q 'lib/rules.h' "$tmp/call.err"
check "a hook called past the door does not compile, and the message names lib/rules.h" $?
case_cc test "" "return r->sample != 0 && o && st;"
[ $? != 0 ]
check "an optional hook tested past the door does not compile" $?
case_cc own FF_RULES_DOOR "return r->legal(st, 0, o) + (r->sample != 0);"
check "a file that checks the hooks (FF_RULES_DOOR) reads them ($(head -c 300 "$tmp/own.err"))" $?

echo "door: $pass passed, $fail failed"
[ "$fail" = 0 ]
