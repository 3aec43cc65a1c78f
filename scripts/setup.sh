#!/bin/sh
# Set up and build fivefold. On Debian 12 as root it first installs what the
# build needs (apt-get update, then apt-get install --no-install-recommends);
# then it bootstraps (gnulib's getopt-gnu into gl/, autoreconf), configures
# with --enable-werror in _build/ and builds. Safe to run again.
set -eu
cd "$(dirname "$0")/.."
pkgs="build-essential autoconf automake libtool pkgconf gnulib libsqlite3-dev nettle-dev libcsv-dev libcunit1-dev sqlite3 libpq-dev postgresql-15 man-db zsh libxml2-utils chromium tmux libedit-dev"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	need=
	for p in $pkgs; do
		dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
	done
	if [ -n "$need" ]; then
		apt-get update
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $need
	fi
fi
if [ ! -x configure ] || [ configure.ac -nt configure ] || [ Makefile.am -nt Makefile.in ]; then
	./bootstrap
fi
mkdir -p _build
cd _build
[ -f Makefile ] || ../configure --enable-werror
make -j"$(nproc)"
