#!/bin/sh
# A new engine is covered by the conformance suite without editing it:
# tests/test_conformance_nim is the suite built with a dummy engine
# (tests/nim.c, Nim) added to the registry, run on that engine alone.
# It must pass, run the engine's configurations, and fail when the
# engine breaks its contract (FF_NIM_BROKEN: explain gives no reason).
top_builddir=${top_builddir:-.}
prog="$top_builddir/tests/test_conformance_nim"
pass=0
fail=0
check() { # name status
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
out=$(FF_CONFORMANCE_GAMES=nim "$prog" 2>&1)
check "the suite passes on the new engine" $?
echo "$out" | grep -q 'conformance: nim with 2 seats: [1-9][0-9]* configurations' 
check "it ran the new engine's configurations" $?
echo "$out" | grep -q 'conformance: fiveplay'
[ $? != 0 ]
check "FF_CONFORMANCE_GAMES chose only the new engine" $?
echo "$out" | grep '^conformance: [0-9]* configurations'
FF_NIM_BROKEN=1 FF_CONFORMANCE_GAMES=nim "$prog" >/dev/null 2>&1
[ $? != 0 ]
check "the suite fails when the engine breaks its contract" $?
echo "nim: $pass passed, $fail failed"
[ "$fail" = 0 ]
