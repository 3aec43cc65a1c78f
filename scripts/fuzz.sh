#!/bin/sh
# Run the libFuzzer targets (built by `make fuzz`) for SECONDS each:
#
#     sh scripts/fuzz.sh SECONDS [TARGET...]
#
# TARGETs default to all of them (fuzz/seeds.sh lists them). Each runs on a
# work copy of its seed corpus (fuzz/seeds.sh: the golden files and test
# inputs of its format, fuzz/corpus/TARGET/, tests/fuzz/TARGET/) with its
# dictionary fuzz/TARGET.dict; the source tree's corpora are not written
# unless FUZZ_UPDATE=1, which merges the new inputs into fuzz/corpus/TARGET/.
# Prints per target the executions done (libFuzzer's final stats) and any
# finding -- a crash, a failed check, a leak, a timeout, running out of
# memory -- with the sanitizer's summary and the reproducer, which is kept.
# Exits 1 when there was a finding, 2 on a usage or setup error.
#
# Environment: FUZZ_BUILD, the build directory (default _build);
# FUZZ_WORK, the work directory (default $FUZZ_BUILD/fuzz/work; each
# target's corpus, log and artifacts go to FUZZ_WORK/TARGET/, the corpus
# kept from run to run, the artifacts and log of the last run only);
# FUZZ_JOBS, targets run at a time (default: the number of CPUs);
# FUZZ_TIMEOUT, seconds one input may take (default 10); FUZZ_ARGS, more
# libFuzzer options; FF_FUZZ_SKIP, checks to leave out (fuzz/fuzz.h).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
usage() {
	echo "usage: sh scripts/fuzz.sh SECONDS [TARGET...]" >&2
	exit 2
}
[ $# -ge 1 ] || usage
secs=$1
shift
case $secs in ''|*[!0-9]*|0) usage ;; esac
. "$top/fuzz/seeds.sh"
[ $# -gt 0 ] || set -- $FF_FUZZ_TARGETS
build=${FUZZ_BUILD:-$top/_build}
build=$(cd "$build" 2>/dev/null && pwd) || {
	echo "scripts/fuzz.sh: no build directory ${FUZZ_BUILD:-$top/_build}" >&2
	exit 2
}
work=${FUZZ_WORK:-$build/fuzz/work}
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"

for t; do
	known=
	for k in $FF_FUZZ_TARGETS; do
		[ "$k" = "$t" ] && known=1
	done
	if [ -z "$known" ]; then
		echo "scripts/fuzz.sh: no target '$t' (targets:" $FF_FUZZ_TARGETS")" >&2
		exit 2
	fi
	if [ ! -x "$build/fuzz/$t" ]; then
		echo "scripts/fuzz.sh: $build/fuzz/$t is missing: run make -C $build fuzz" >&2
		exit 2
	fi
done

# run TARGET: fuzz it for $secs in the background; rc in $work/TARGET/rc
run() {
	d=$work/$1
	mkdir -p "$d/corpus"
	rm -rf "$d/artifacts" "$d/rc" "$d/log"
	mkdir -p "$d/artifacts"
	ff_fuzz_seeds "$top" "$1" | while IFS= read -r f; do
		cp "$f" "$d/corpus/seed-$(echo "${f#"$top"/}" | tr / _)"
	done
	dict=
	[ -f "$top/fuzz/$1.dict" ] && dict=-dict=$top/fuzz/$1.dict
	# shellcheck disable=SC2086
	( cd "$d" || exit 2
	  rc=0
	  "$build/fuzz/$1" -max_total_time="$secs" -print_final_stats=1 \
		-timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -artifact_prefix="$d/artifacts/" \
		$dict ${FUZZ_ARGS:-} "$d/corpus" >"$d/log" 2>&1 || rc=$?
	  echo "$rc" >"$d/rc" ) &
}

# report TARGET: print its line; return 1 on a finding
report() {
	d=$work/$1
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$d/log" | tail -n 1)
	rc=$(cat "$d/rc" 2>/dev/null || echo '?')
	found=$(find "$d/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o \
		-name 'timeout-*' -o -name 'oom-*' \) | sort)
	files=$(find "$d/corpus" -type f | wc -l)
	if [ "$rc" = 0 ] && [ -z "$found" ]; then
		echo "$1: ${execs:-?} executions in $secs s, corpus $files files, no finding"
		return 0
	fi
	echo "$1: FINDING after ${execs:-?} executions (exit status $rc)"
	grep -aE '^(fuzz: [a-z0-9_-]+: |SUMMARY: |==[0-9]+==ERROR: |.*: runtime error: )' "$d/log" |
		head -n 4 | sed 's/^/    /'
	# the top frames of the project's code
	grep -aE '^ *#[0-9]+ ' "$d/log" |
		grep -vE 'fuzzer::|__sanitizer|__interceptor|libc\.so|nptl/|stdlib/|signal/|csu/|ff_fuzz_fail|in _start|in main ' |
		head -n 6 | sed 's/ (BuildId: [0-9a-f]*)//; s/^ */      /'
	for f in $found; do
		echo "    reproducer: $f"
		echo "    replay it:  $build/fuzz/$1 $f"
	done
	[ -n "$found" ] || echo "    no reproducer written; the log: $d/log"
	return 1
}

echo "fuzzing $# targets for $secs s each, $jobs at a time, in $work"
set -- "$@"
status=0
while [ $# -gt 0 ]; do
	batch=
	i=0
	while [ $# -gt 0 ] && [ "$i" -lt "$jobs" ]; do
		run "$1"
		batch="$batch $1"
		i=$((i + 1))
		shift
	done
	wait
	for t in $batch; do
		report "$t" || status=1
		if [ "${FUZZ_UPDATE:-0}" = 1 ]; then
			mkdir -p "$top/fuzz/corpus/$t"
			"$build/fuzz/$t" -merge=1 "$top/fuzz/corpus/$t" "$work/$t/corpus" >"$work/$t/merge.log" 2>&1 &&
				echo "$t: merged into fuzz/corpus/$t ($(find "$top/fuzz/corpus/$t" -type f | wc -l) files)"
		fi
	done
done
[ "$status" = 0 ] && echo "fuzz: no finding" || echo "fuzz: FINDINGS (reproducers kept, above)"
exit "$status"
