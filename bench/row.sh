# Sourced by the bench scripts, their shared helpers.

# dir: the scratch directory the script works in, made new inside
# BENCH_DIR (default TMPDIR or /tmp, for a disk with room), removed when
# the script exits (BENCH_DIR itself is left alone).
dir=$(mktemp -d -p "${BENCH_DIR:-${TMPDIR:-/tmp}}")   # mktemp's own name: tmp. and ten characters
trap 'rm -rf "$dir"' EXIT
#
# field NAME LINE: the value of NAME=... in a line ffbench printed.
field() { printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }

# row WORK THREADS FIGURE FLOOR RATIO TARGET
# adds one row of the performance table (issue 12's table, docs in
# README "Benchmarks") to the file $BENCH_TABLE when it is set; make bench
# prints the table at the end with bench/table.sh. Fields: what was
# measured, the thread count (- when the command has none), the figure,
# the floor measured in the same run on the same bytes or rows, the
# figure's ratio to that floor, and the target.
row() {
	[ -n "${BENCH_TABLE:-}" ] || return 0
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$6" >>"$BENCH_TABLE"
}
