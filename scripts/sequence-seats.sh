#!/bin/sh
# Sequence at several seat counts: simulate GAMES games for each seat count
# with the given agents, import them into a store and print the statistics
# per ruleset and seat count (first-seat and per-side win rates with n and
# 95% Wilson intervals).
#
#   sh scripts/sequence-seats.sh "SEATS..." [GAMES] [AGENT] [DB] [SEED]
#   sh scripts/sequence-seats.sh "2 3 4" 100000 greedy _build/sequence.db 1
#
# Defaults: seats "2 3 4", 100000 games, greedy agents, _build/sequence.db,
# seed 1. Run from the top of a checkout after scripts/setup.sh. The store
# is created anew.
set -eu
seats=${1:-2 3 4}
games=${2:-100000}
agent=${3:-greedy}
db=${4:-_build/sequence.db}
seed=${5:-1}
ff=${FIVEFOLD:-_build/fivefold}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -f "$db" "$db-wal" "$db-shm"
for n in $seats; do
	"$ff" simulate --game sequence --seats "$n" --games "$games" --seed "$seed" \
		--agents "$agent" --threads 2 >"$tmp/seq$n.fgn"
	"$ff" import -q --db "$db" "$tmp/seq$n.fgn"
done
"$ff" stats --db "$db" --game sequence
