#!/bin/sh
# Set up, build and run every test (as many at a time as CPUs; the tests
# are independent): once in _build/, once in _build-san/
# with AddressSanitizer and UndefinedBehaviorSanitizer (no recovery). Ends
# with each test program's own summary and one "N passed, N failed" line.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
make -C _build -j"$(nproc)" check VERBOSE=1
mkdir -p _build-san
(cd _build-san && { [ -f Makefile ] || ../configure --enable-werror --enable-sanitizers; } &&
	make -j"$(nproc)" && make -j"$(nproc)" check VERBOSE=1)
pass=0
fail=0
for b in _build _build-san; do
	for log in "$b"/tests/*.log; do
		echo "== $b/${log#"$b"/}"
		sed -n '/^Run Summary/,/^ *asserts/p; /^cli: /p; /^store: /p; /^readme: /p; /^layers: /p; /^example: /p; /^conformance: /p' "$log"
	done
	pass=$((pass + $(grep -l '^:test-result: PASS' "$b"/tests/*.trs | wc -l)))
	fail=$((fail + $(grep -l '^:test-result: FAIL' "$b"/tests/*.trs | wc -l)))
done
echo "all tests passed, with and without sanitizers"
echo "test programs: $pass passed, $fail failed"
