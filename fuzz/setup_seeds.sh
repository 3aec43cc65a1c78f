#!/bin/sh
# The seed corpus of the setup fuzz target (fuzz/setup.c), made by the
# engines: for every game that has set-up positions, every preset and two
# seeds, a game simulated (random agents, at most 120 plies) and its
# positions after plies 0, 1, a third, two thirds and the last written by
# `show --setup`, each as the target reads it: the engine's index among
# the games with set-ups (registry order, `fivefold rules`), the preset's
# index, the seat byte (the default count; bit 7 when the set-up counts
# the Seed's draws), then the SetUp value.
# usage: sh fuzz/setup_seeds.sh FIVEFOLD [DIR]  (default DIR fuzz/corpus/setup)
set -eu
ff=$1
dir=${2:-fuzz/corpus/setup}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$dir"
byte() { printf "$(printf '\\%03o' "$1")"; }
gi=0
for game in $("$ff" rules | awk '/^[a-z]+: / { sub(":", "", $1); print $1 }'); do
	"$ff" simulate -g "$game" -n 1 -s 1 --max-plies 2 >"$tmp/g.fgn"
	"$ff" show --setup -p 0 "$tmp/g.fgn" >/dev/null 2>&1 || continue
	pi=0
	for preset in $("$ff" rules "$game" | awk '/^  presets/ { p = 1; next } /^  [a-z]/ { p = 0 } p { print $1 }'); do
		for seed in 1 2; do
			"$ff" simulate -g "$game" -r "$preset" -n 1 -s $seed --max-plies 120 >"$tmp/g.fgn"
			n=$("$ff" validate "$tmp/g.fgn" | sed -n 's/.*, \([0-9]*\) plies,.*/\1/p')
			for k in 0 1 $((n / 3)) $((2 * n / 3)) "$n"; do
				pos=$("$ff" show --setup -p "$k" "$tmp/g.fgn")
				s=0
				case $pos in *" draws:"*) s=128 ;; esac
				{ byte $gi; byte $pi; byte $s; printf '%s' "$pos"; } \
					>"$dir/$game-$preset-$seed-$k"
			done
		done
		pi=$((pi + 1))
	done
	gi=$((gi + 1))
done
