#!/bin/sh
# Set up, build and run every test: once in _build/, once in _build-san/
# with AddressSanitizer and UndefinedBehaviorSanitizer (no recovery).
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
make -C _build check VERBOSE=1
mkdir -p _build-san
(cd _build-san && { [ -f Makefile ] || ../configure --enable-werror --enable-sanitizers; } &&
	make -j"$(nproc)" && make check VERBOSE=1)
echo "all tests passed, with and without sanitizers"
