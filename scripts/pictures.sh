#!/bin/sh
# The README's pictures (docs/img/): one board per game, drawn by
# `fivefold show --format svg` from a seeded simulated game, and one chart
# drawn by `fivefold stats --plot` from a store of simulated games (the
# skip-last study in small). Run from the top of a built checkout:
#   sh scripts/pictures.sh [FIVEFOLD]   (default _build/fivefold)
set -eu
cd "$(dirname "$0")/.."
ff=${1:-_build/fivefold}
out=docs/img
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
board() { # name ply game-args...
	name=$1 ply=$2
	shift 2
	"$ff" simulate "$@" --games 1 --seed 3 --agents greedy >"$tmp/$name.fgn"
	"$ff" show --ply "$ply" --format svg "$tmp/$name.fgn" -o "$out/$name.svg"
}
board fivelines 24 --game fivelines --rules schaedler
board fiveplay 24 --game fiveplay
board sequence 40 --game sequence
board pegsjokers 120 --game pegsjokers
for opt in "" skip-last; do
	"$ff" simulate --game fivelines --rules kidd ${opt:+--options $opt} --games 4000 --seed 1 \
		--agents greedy >"$tmp/kidd$opt.fgn"
	"$ff" simulate --game fivelines --rules schaedler ${opt:+--options $opt} --games 4000 \
		--seed 1 --agents greedy >"$tmp/schaedler$opt.fgn"
done
"$ff" import --db "$tmp/s.db" "$tmp"/kidd*.fgn "$tmp"/schaedler*.fgn >/dev/null
"$ff" stats --db "$tmp/s.db" --compare skip-last --plot "$out/stats-skip-last.svg" >/dev/null
ls "$out"
