#!/bin/sh
# The library's layers (Makefile.am), checked on the built archives with nm:
# - lib/libffcore.a calls no SQLite, libcsv or nettle, and every ff_ symbol
#   it calls it defines itself (so nothing of formats/ or db/);
# - formats/libffformats.a calls no SQLite or nettle, db/libffstore.a no
#   libcsv, and each calls only ff_ symbols of its own or the core's (so
#   neither calls the other);
# - libfivefold.a, the installed archive, holds exactly the objects of the
#   three, calls every ff_ symbol it defines, and nothing of gnulib
#   (gl/libgnu.a, rpl_ replacements), so an outside program links it with
#   fivefold.pc's libraries alone;
# - the PostgreSQL backend's files (db/pg.h) call each other downwards
#   only: every ff_pg_ symbol a file calls is defined in a file of a lower
#   layer (conn 1; plies, filter 2; batch 3, whose commit import's staging
#   waits for; store 5; every other pg_ file, a job of the backend, 4);
# - of the commands' objects only cmd/batch.c's calls lib/pool.c: every
#   command that processes games in parallel goes through the one
#   pipeline, cmd/batch.h.
top_builddir=${top_builddir:-.}
NM=${NM:-nm}
AR=${AR:-ar}
b=$top_builddir
core=$b/lib/libffcore.a formats=$b/formats/libffformats.a store=$b/db/libffstore.a
all=$b/libfivefold.a
command -v "$NM" >/dev/null 2>&1 || { echo "layers: no $NM, skipped"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }

# defined / called global symbols of archives, one a line, sorted
defs() { "$NM" -g --defined-only "$@" | awk 'NF == 3 { print $3 }' | sort -u; }
calls() { "$NM" -g --undefined-only "$@" | awk '$1 == "U" { print $2 }' | sort -u; }

# none NAME FILE PATTERN: no line of FILE matches PATTERN
none() {
	if grep -E "$3" "$2" >"$tmp/bad"; then
		echo "$1: $(tr '\n' ' ' <"$tmp/bad")"
		check "$1" 1
	else
		check "$1" 0
	fi
}
# within NAME CALLED DEFINED: every ff_ symbol of CALLED is in DEFINED
within() {
	grep '^ff_' "$2" | comm -23 - "$3" >"$tmp/bad"
	if [ -s "$tmp/bad" ]; then
		echo "$1: $(tr '\n' ' ' <"$tmp/bad")"
		check "$1" 1
	else
		check "$1" 0
	fi
}

defs "$core" >"$tmp/core.def"
defs "$core" "$formats" >"$tmp/formats.def"
defs "$core" "$store" >"$tmp/store.def"
defs "$all" >"$tmp/all.def"
calls "$core" >"$tmp/core.call"
calls "$formats" >"$tmp/formats.call"
calls "$store" >"$tmp/store.call"
calls "$all" >"$tmp/all.call"
[ -s "$tmp/core.def" ] && [ -s "$tmp/all.def" ]
check "nm reads the archives" $?

none "the core calls SQLite, libcsv or nettle" "$tmp/core.call" '^(sqlite3_|csv_|nettle_)'
within "the core calls ff_ symbols it does not define" "$tmp/core.call" "$tmp/core.def"
none "formats call SQLite or nettle" "$tmp/formats.call" '^(sqlite3_|nettle_)'
within "formats call ff_ symbols of neither formats nor the core" "$tmp/formats.call" \
	"$tmp/formats.def"
none "the store calls libcsv" "$tmp/store.call" '^csv_'
within "the store calls ff_ symbols of neither the store nor the core" "$tmp/store.call" \
	"$tmp/store.def"

"$AR" t "$all" | sort >"$tmp/all.members"
for a in "$core" "$formats" "$store"; do "$AR" t "$a"; done | sort >"$tmp/layers.members"
cmp -s "$tmp/all.members" "$tmp/layers.members"
check "libfivefold.a holds the objects of the three layers" $?
within "libfivefold.a calls ff_ symbols it does not define" "$tmp/all.call" "$tmp/all.def"
none "libfivefold.a calls gnulib replacements" "$tmp/all.call" '^rpl_'
if [ -f "$b/gl/libgnu.a" ]; then
	defs "$b/gl/libgnu.a" >"$tmp/gnu.def"
	comm -12 "$tmp/all.call" "$tmp/gnu.def" >"$tmp/gnu.used"
	none "libfivefold.a calls gnulib" "$tmp/gnu.used" .
fi

# the PostgreSQL backend's layers: "LEVEL MEMBER def|call SYMBOL" lines
pg_level() {
	case $1 in
	pg_conn.o) echo 1 ;;
	pg_plies.o | pg_filter.o) echo 2 ;;
	pg_batch.o) echo 3 ;;
	pg_store.o) echo 5 ;;
	*) echo 4 ;;
	esac
}
"$NM" -g "$store" | awk '/^[^ ]*\.o:$/ { m = substr($0, 1, length($0) - 1); next }
	m ~ /^pg_/ && NF == 3 && $3 ~ /^ff_pg_/ { print m, "def", $3 }
	m ~ /^pg_/ && $1 == "U" && $2 ~ /^ff_pg_/ { print m, "call", $2 }' >"$tmp/pg.syms"
if [ -s "$tmp/pg.syms" ]; then
	while read -r m what sym; do
		echo "$(pg_level "$m") $m $what $sym"
	done <"$tmp/pg.syms" >"$tmp/pg.levels"
	awk '$3 == "def" { lvl[$4] = $1; file[$4] = $2 }
	     $3 == "call" { n++; c[n] = $0 }
	     END { for (i = 1; i <= n; i++) { split(c[i], f, " ")
			if (!(f[4] in lvl)) print f[2] " calls " f[4] ", defined nowhere"
			else if (lvl[f[4]] >= f[1]) print f[2] " (layer " f[1] ") calls " f[4] \
				" of " file[f[4]] " (layer " lvl[f[4]] ")" } }' "$tmp/pg.levels" >"$tmp/bad"
	if [ -s "$tmp/bad" ]; then
		echo "the PostgreSQL files call upwards or across: $(tr '\n' ';' <"$tmp/bad")"
		check "the PostgreSQL files call downwards only" 1
	else
		check "the PostgreSQL files call downwards only" 0
	fi
fi

# the objects of cmd/ that call lib/pool.c, by source name (fivefold-batch.o: batch)
"$NM" -A --undefined-only "$b"/cmd/*.o 2>/dev/null |
	awk '$NF ~ /^ff_pool_/ { sub(/\.o:.*/, ""); sub(/.*\//, ""); sub(/^fivefold-/, ""); print }' |
	sort -u >"$tmp/pool.users"
if [ "$(cat "$tmp/pool.users")" = batch ]; then
	check "only cmd/batch.c calls lib/pool.c" 0
else
	echo "cmd/ objects calling lib/pool.c: $(tr '\n' ' ' <"$tmp/pool.users") (only batch)"
	check "only cmd/batch.c calls lib/pool.c" 1
fi

echo "layers: $pass passed, $fail failed"
[ "$fail" = 0 ]
