#!/bin/bash
# For every Five Lines preset and every option value that applies to it,
# simulate N games and validate them through a pipe; every game must be
# valid. usage: scripts/sweep.sh [FIVEFOLD] [AGENT] [N]
# (defaults: _build/fivefold random 1000). Exit 1 if any run is not all valid.
ff=${1:-_build/fivefold}
agent=${2:-random}
n=${3:-1000}
fail=0 runs=0
for preset in schaedler kidd locusludi-race locusludi-knockoff; do
	opts=("" skip-last skip-last=strict four-stones nonexact extra-throw start=opponent-line
	      dice=knuckle dice=painted dice=d4)
	case $preset in
	schaedler) opts+=(goal=either) ;;
	kidd) opts+=(goal=either start=board entry=forced holy-hit=no must-leave-holy=no
		     "skip-last=strict dice=knuckle entry=forced holy-hit=no") ;;
	locus*) opts+=(entry=forced) ;;
	esac
	for o in "${opts[@]}"; do
		out=$("$ff" simulate --game fivelines --rules "$preset" --options "$o" --games "$n" \
			--seed 7 --agents "$agent" | "$ff" validate -q 2>&1 | tail -1)
		echo "$preset [$o]: $out"
		runs=$((runs + 1))
		case $out in "summary: $n games, $n valid,"*) ;; *) fail=$((fail + 1)) ;; esac
	done
done
echo "sweep: $((runs - fail)) passed, $fail failed"
[ "$fail" = 0 ]
