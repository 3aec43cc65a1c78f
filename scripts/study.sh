#!/bin/sh
# A variant study with common random numbers: simulate GAMES games of each
# preset with and without OPTION using the same seeds (game i of both arms
# has Seed SEED+i, so their throws agree until the variant makes play
# differ), import both arms into a store and compare them.
#
#   sh scripts/study.sh OPTION "PRESET..." [GAMES] [AGENT] [DB] [SEED]
#   sh scripts/study.sh skip-last "schaedler kidd" 100000 greedy study.db 1
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
for preset in $presets; do
	for arm in "" "$option"; do
		f=$tmp/$preset-${arm:-default}.fgn
		"$ff" simulate --game fivelines --rules "$preset" --options "$arm" --games "$games" \
			--seed "$seed" --agents "$agent" --threads 2 >"$f"
		"$ff" import -q --db "$db" "$f"
	done
done
"$ff" stats --db "$db" --origin simulated --compare "$option"
