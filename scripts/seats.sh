#!/bin/sh
# A game at several seat counts: simulate GAMES games for each arm with the
# given agents, import them into a fresh store and print the statistics
# per ruleset id and seat count (first-seat and per-side win rates with n
# and 95% Wilson intervals). An arm is a seat count, optionally with
# header options after a colon ("4:players=2").
#
#   sh scripts/seats.sh GAME "ARM..." [GAMES] [AGENT] [DB] [SEED]
#   sh scripts/seats.sh sequence "2 3 4" 100000 greedy _build/sequence.db 1
#   sh scripts/seats.sh pegsjokers "4 6 8 4:players=2" 100000 greedy _build/pegsjokers.db 1
#
# Defaults: 100000 games, greedy agents, _build/GAME.db, seed 1. Run from
# the top of a checkout after scripts/setup.sh.
set -eu
game=$1
arms=$2
games=${3:-100000}
agent=${4:-greedy}
db=${5:-_build/$game.db}
seed=${6:-1}
ff=${FIVEFOLD:-_build/fivefold}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -f "$db" "$db-wal" "$db-shm"
for arm in $arms; do
	n=${arm%%:*}
	opts=
	case $arm in *:*) opts=${arm#*:} ;; esac
	"$ff" simulate --game "$game" --seats "$n" --options "$opts" --games "$games" \
		--seed "$seed" --agents "$agent" --threads 2 >"$tmp/arm.fgn"
	"$ff" import -q --db "$db" "$tmp/arm.fgn"
done
"$ff" stats --db "$db" --game "$game"
