#!/bin/sh
# make bench, last part: the performance table, one row per measurement
# the other bench scripts added to FILE (bench/row.sh), each figure with
# its floor measured in the same run and its target. usage: bench/table.sh FILE
set -eu
echo
echo "performance table (this run; floors measured in the same run on the same bytes or rows)"
awk -F '\t' '
	{ for (i = 1; i <= 6; i++) { c[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } }
	END {
		split("work thr figure floor ratio target", h, " ")
		for (i = 1; i <= 6; i++) if (length(h[i]) > w[i]) w[i] = length(h[i])
		for (r = 0; r <= NR; r++) {
			line = ""
			for (i = 1; i <= 6; i++) {
				v = r ? c[r, i] : h[i]
				line = line (i > 1 ? "  " : "") sprintf(i == 6 ? "%s" : "%-" w[i] "s", v)
			}
			print line
		}
	}' "$1"
