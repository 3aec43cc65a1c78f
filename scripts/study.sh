#!/bin/sh
# A variant study with common random numbers: simulate GAMES games of each
# preset with and without OPTION using the same seeds (game i of both arms
# has Seed SEED+i, so their throws agree until the variant makes play
# differ), import both arms into a store and compare them.
#
#   sh scripts/study.sh OPTION "PRESET..." [GAMES] [AGENT] [DB] [SEED]
#   sh scripts/study.sh skip-last "schaedler kidd" 100000 greedy study.db 1
#
# With AGENT perfect, each arm's ruleset is solved first (fivefold solve)
# and its games are played from the solution; the study then ends with
# the exact P(first player wins) of every arm, next to what the games
# show. Use a store of its own for it: stats compares every game of a
# ruleset in the store, whoever played it.
#
# Defaults: 100000 games, greedy agents, _build/study.db, seed 1. Run from
# the top of a checkout after scripts/setup.sh.
set -eu
option=$1
presets=$2
games=${3:-100000}
agent=${4:-greedy}
db=${5:-_build/study.db}
seed=${6:-1}
ff=${FIVEFOLD:-_build/fivefold}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/exact"
for preset in $presets; do
	for arm in "" "$option"; do
		f=$tmp/$preset-${arm:-default}.fgn
		set --
		if [ "$agent" = perfect ]; then
			sol=$tmp/$preset-${arm:-default}.sol
			"$ff" solve --game fivelines --rules "$preset" --options "$arm" -o "$sol" >"$tmp/solve"
			sed -n 's/^\([^ ]*\): \([0-9]*\) positions.*, \([0-9.]* s\), .*/\1 \2 positions, solved in \3/p; s/^P(first player wins) with perfect play: \([0-9.]*\).*/  P(first player wins) = \1/p' \
				"$tmp/solve" >>"$tmp/exact"
			set -- --solution "$sol"
		fi
		"$ff" simulate --game fivelines --rules "$preset" --options "$arm" --games "$games" \
			--seed "$seed" --agents "$agent" --threads 2 "$@" >"$f"
		"$ff" import -q --db "$db" "$f"
		rm -f "$f"
	done
done
"$ff" stats --db "$db" --origin simulated --compare "$option"
if [ -s "$tmp/exact" ]; then
	echo "exact values (fivefold solve):"
	cat "$tmp/exact"
fi
