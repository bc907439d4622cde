#!/bin/sh
# Builds the Debian binary package geocache-tui_VERSION_ARCH.deb from a release binary:
#
#   sh scripts/make-deb.sh BINARY WORKDIR OUTDIR
#
# The package holds what `make install` installs with PREFIX=/usr (scripts/install.sh:
# the stripped binary, the man page, bash, zsh and fish completions), the man page
# compressed as Debian wants it, and /usr/share/doc/geocache-tui with the copyright
# and changelog. Everything the package needs is generated under WORKDIR (`make deb`
# uses .build/deb): the repository has no debian/ folder. Depends is computed from the
# binary's NEEDED entries by dpkg-shlibdeps; libxml2, libarchive and libpq, which the
# program opens with dlopen when it first needs them, are added from their shlibs files
# (libxml2 in Depends, libarchive in Recommends: only zipped pocket queries and GGZ
# files need it; libpq in Suggests: only the club store needs it).
# Prints the path of the package it wrote.
set -eu

binary=${1:?usage: make-deb.sh BINARY WORKDIR OUTDIR}
work=${2:?usage: make-deb.sh BINARY WORKDIR OUTDIR}
out=${3:?usage: make-deb.sh BINARY WORKDIR OUTDIR}
scripts=$(cd "$(dirname "$0")" && pwd)

package=geocache-tui
version=$("$binary" --version | sed -n 's/^geocache-tui //p')
[ -n "$version" ] || { echo "make-deb.sh: $binary --version did not print a version" >&2; exit 1; }
arch=$(dpkg --print-architecture)
maintainer="geocache-tui maintainers <maintainers@users.noreply.a-seed-550fa739.example>"
# The date of the changelog entry: the last commit's, so the same sources give the same
# package (SOURCE_DATE_EPOCH wins when set, as in Debian's own builds).
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$scripts" log -1 --format=%ct 2>/dev/null || date +%s)}

rm -rf "$work"
root="$work/debian/$package"
# DEBIAN/ first: dpkg-shlibdeps finds the package's root by it.
mkdir -p "$root/DEBIAN"
PREFIX=/usr DESTDIR="$root" sh "$scripts/install.sh" install "$binary" >/dev/null

gzip -9n "$root/usr/share/man/man1/$package.1"

doc="$root/usr/share/doc/$package"
mkdir -p "$doc"
cat > "$doc/copyright" <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: geocache-tui
Comment: The program links the Swift runtime, Foundation (with its own copy of
 ICU's data) and two Swift packages statically, as Debian ships none of them;
 every other library it uses is Debian's shared library.

Files: *
Copyright: 2026 The geocache-tui developers
License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License"); you may not
 use this program except in compliance with the License. Unless required by
 applicable law or agreed to in writing, software distributed under the
 License is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS
 OF ANY KIND, either express or implied.
 .
 On Debian systems, the full text of the Apache License, Version 2.0 can be
 found in /usr/share/common-licenses/Apache-2.0.

Files: swift-runtime/*
Copyright: 2014-2026 Apple Inc. and the Swift project authors
License: Apache-2.0 with Runtime Library Exception
 Licensed under the Apache License, Version 2.0, with the Runtime Library
 Exception: the Swift standard library, runtime and Foundation as compiled into
 this program may be distributed without the attribution the licence would
 otherwise require.
 .
 On Debian systems, the full text of the Apache License, Version 2.0 can be
 found in /usr/share/common-licenses/Apache-2.0.

Files: swift-foundation-icu/*
Copyright: 2016-2026 Unicode, Inc. and others
License: Unicode-3.0
 Foundation's copy of ICU is distributed under the Unicode License v3: permission
 is granted, free of charge, to deal in the data files and software without
 restriction, provided that the copyright notice and this permission notice
 appear in all copies.

Files: swift-argument-parser/*
Copyright: 2020-2026 Apple Inc. and the Swift project authors
License: Apache-2.0
 On Debian systems, the full text of the Apache License, Version 2.0 can be
 found in /usr/share/common-licenses/Apache-2.0.

Files: GRDB/*
Copyright: 2015-2026 Gwendal Roué
License: MIT
 Permission is hereby granted, free of charge, to any person obtaining a copy of
 this software and associated documentation files (the "Software"), to deal in
 the Software without restriction, including without limitation the rights to
 use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of
 the Software, and to permit persons to whom the Software is furnished to do so,
 subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in all
 copies or substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS
 FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
 COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER
 IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
 CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
EOF

{
    echo "$package ($version) unstable; urgency=medium"
    echo
    echo "  * Built from the geocache-tui sources by make deb."
    echo
    echo " -- $maintainer  $(LC_ALL=C date -u -R -d "@$epoch")"
} > "$doc/changelog"
gzip -9n "$doc/changelog"

# The dependency the shlibs file of the package that installed a library (NAME, SONAME
# VERSION: libxml2 2 for libxml2.so.2) declares, as dpkg-shlibdeps would write it for a
# linked library: for the three that the program opens with dlopen.
shlibs_entry() {
    entry=$(cat /var/lib/dpkg/info/*.shlibs | awk -v name="$1" -v version="$2" \
        '$1 == name && $2 == version { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }')
    [ -n "$entry" ] || { echo "make-deb.sh: no shlibs entry for $1.so.$2 (is its package installed?)" >&2; exit 1; }
    echo "$entry"
}

# dpkg-shlibdeps reads debian/control for the package's name and looks for the
# binary under debian/PACKAGE; both exist only in WORKDIR.
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" > "$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O "debian/$package/usr/bin/$package" | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "make-deb.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f -exec chmod 0644 {} +
chmod 0755 "$root/usr/bin/$package"
# Timestamps from the changelog's date, for a package that builds the same twice.
find "$root" -exec touch -h -d "@$epoch" {} +

(cd "$root" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) \
    > "$root/DEBIAN/md5sums"
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<EOF
Package: $package
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $shlibs, $(shlibs_entry libxml2 2)
Recommends: $(shlibs_entry libarchive 13)
Suggests: $(shlibs_entry libpq 5)
Section: utils
Priority: optional
Description: record geocaches and page through them in a terminal
 A full-screen terminal form, drawn with ncurses, for recording geocaches (a
 title, details, the creator and a reward) and paging through them, over SSH
 as well as at the console. The caches live in one SQLite file per host, or in
 a PostgreSQL database that a club shares, seen live in every open form.
 .
 Commands add, list, edit, delete, search, import and export caches from
 scripts, in GPX, LOC and JSON. Reading GPX and LOC uses libxml2; zipped
 pocket queries and GGZ files need libarchive13; the club store needs libpq5.
EOF
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

mkdir -p "$out"
deb="$out/${package}_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
