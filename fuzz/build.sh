#!/bin/sh
# Build the libFuzzer targets (run by `make fuzz`, which passes what
# configure found). The library's sources (the core and formats layers,
# and of the store only db/secret.c, for dburl) are compiled again by clang with
# the fuzzing flags into fuzz/obj/ of the build directory and archived as
# fuzz/obj/libfivefold-fuzz.a; each target is linked as fuzz/TARGET there:
# the readers and the round trip from fuzz/TARGET.c, and one engine-NAME
# per engine from fuzz/engine.c with -DFUZZ_ENGINE="NAME". An object is
# rebuilt when it is missing or older than its source, any header of the
# tree or config.h.
#
# Environment (from Makefile.am): FUZZ_CC, FUZZ_CFLAGS, FUZZ_WARN,
# FUZZ_CPPFLAGS, FUZZ_LIBS (the programs' LDADD: its archives, built by the
# normal compiler, are left out), FUZZ_SOURCES (the sources of the layers
# the targets use, relative to srcdir), FUZZ_READERS, FUZZ_ENGINES, srcdir.
set -eu
: "${FUZZ_CC:?}" "${srcdir:?}"
obj=fuzz/obj
mkdir -p "$obj"
libs=
for l in $FUZZ_LIBS; do
	case $l in *.a) ;; *) libs="$libs $l" ;; esac
done

# the newest header (or config.h): objects older than it are rebuilt
newest=config.h
for h in "$srcdir"/lib/*.h "$srcdir"/formats/*.h "$srcdir"/db/*.h "$srcdir"/fuzz/*.h; do
	[ -f "$h" ] && [ "$h" -nt "$newest" ] && newest=$h
done

# compile SOURCE OBJECT [FLAGS...]: when out of date
compile() {
	src=$1 out=$2
	shift 2
	if [ ! -f "$out" ] || [ "$src" -nt "$out" ] || [ "$newest" -nt "$out" ]; then
		echo "  FUZZCC   $out"
		# shellcheck disable=SC2086
		$FUZZ_CC $FUZZ_CPPFLAGS "$@" $FUZZ_WARN $FUZZ_CFLAGS -c "$src" -o "$out"
		changed=1
	fi
}

changed=0
objs=
for s in $FUZZ_SOURCES; do
	case $s in
	*.c)
		o=$obj/$(echo "$s" | sed 's|/|_|g; s|\.c$|.o|')
		compile "$srcdir/$s" "$o"
		objs="$objs $o"
		;;
	esac
done
lib=$obj/libfivefold-fuzz.a
if [ "$changed" = 1 ] || [ ! -f "$lib" ]; then
	rm -f "$lib"
	# shellcheck disable=SC2086
	ar rc "$lib" $objs
	ranlib "$lib"
fi

# link TARGET SOURCE [FLAGS...]
link() {
	t=$1 src=$2
	shift 2
	changed=0
	compile "$src" "$obj/$t.o" "$@"
	if [ "$changed" = 1 ] || [ ! -f "fuzz/$t" ] || [ "$lib" -nt "fuzz/$t" ]; then
		echo "  FUZZLD   fuzz/$t"
		# shellcheck disable=SC2086
		$FUZZ_CC $FUZZ_CFLAGS -fsanitize=fuzzer "$obj/$t.o" "$lib" $libs -o "fuzz/$t"
	fi
}

for t in $FUZZ_READERS; do
	link "$t" "$srcdir/fuzz/$t.c"
done
for e in $FUZZ_ENGINES; do
	link "engine-$e" "$srcdir/fuzz/engine.c" "-DFUZZ_ENGINE=\"$e\""
done
echo "fuzz targets in $(pwd)/fuzz:$(for t in $FUZZ_READERS; do printf ' %s' "$t"; done)$(for e in \
	$FUZZ_ENGINES; do printf ' engine-%s' "$e"; done)"
echo "run them with: sh $srcdir/scripts/fuzz.sh SECONDS [TARGET...]"
