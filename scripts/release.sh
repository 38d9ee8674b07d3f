#!/usr/bin/env bash
# Builds the release tarball dist/aasa-check-<version>-linux-<arch>.tar.gz (issue 13): a release
# build with the Swift runtime and Foundation linked statically (--static-swift-stdlib), that
# needs nothing beyond a Debian or Ubuntu base system plus libcurl and libxml2 (the libraries our
# HTTP layer and FoundationXML use; GitHub's Ubuntu runners have both; zip archives and gzip
# sitemaps are read with zlib, libz.so.1, which every base has). The tarball holds
# the stripped binary and README.md, under aasa-check-<version>-linux-<arch>/, with a .sha256
# beside it.
#
# The script checks `ldd` of the binary and fails when it needs a library outside
#   the base: the C library, libm, libstdc++, libgcc_s, libz (and the old libpthread, libdl,
#   librt, libresolv, libutil), and
#   libcurl.so.4 and libxml2.so.2 with the libraries they themselves need,
# or when any Swift library (libswift*, libFoundation*, libdispatch, libBlocksRuntime) is
# needed, or a library is not found.
#
# Usage: scripts/release.sh            builds in .build/static (incremental), prints the path
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^ *public static let version = "\([^"]*\)".*/\1/p' Sources/AASACheckKit/CLI.swift)
[ -n "$version" ] || { echo "release: cannot read the version from Sources/AASACheckKit/CLI.swift" >&2; exit 1; }
arch=$(uname -m)
name="aasa-check-$version-linux-$arch"
scratch=.build/static

echo "release: building aasa-check $version for linux-$arch (static Swift runtime and Foundation)" >&2
swift build -c release --product aasa-check --static-swift-stdlib --scratch-path "$scratch" >&2
bin="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/aasa-check"

# --- what the binary needs at run time ------------------------------------------------------
sonames() { ldd "$1" | awk '{print $1}' | sed 's|.*/||'; }
allowed=$(
    printf '%s\n' linux-vdso.so.1 libc.so.6 libm.so.6 libpthread.so.0 libdl.so.2 librt.so.1 \
        libresolv.so.2 libutil.so.1 libgcc_s.so.1 libstdc++.so.6 libz.so.1 libcurl.so.4 libxml2.so.2
    for lib in libcurl.so.4 libxml2.so.2; do
        path=$(ldconfig -p | awk -v l="$lib" '$1 == l && $NF ~ /^\// {print $NF; exit}')
        [ -n "$path" ] || { echo "release: $lib is not installed (apt-get install libcurl4 libxml2)" >&2; exit 1; }
        sonames "$path"
    done
)
ldd_out=$(ldd "$bin")
if grep -q "not found" <<< "$ldd_out"; then
    echo "release: the binary needs libraries that are not found:" >&2
    grep "not found" <<< "$ldd_out" >&2
    exit 1
fi
bad=()
while read -r lib; do
    [ -n "$lib" ] || continue
    case "$lib" in
        libswift*|libFoundation*|lib_Foundation*|libdispatch*|libBlocksRuntime*|libicu*swift*)
            bad+=("$lib (a Swift library: it must be linked statically)"); continue ;;
        ld-linux*) continue ;;
    esac
    grep -qxF "$lib" <<< "$allowed" || bad+=("$lib (not in a Debian/Ubuntu base, nor needed by libcurl or libxml2)")
done < <(sonames "$bin")
if [ ${#bad[@]} -gt 0 ]; then
    echo "release: $bin needs libraries a Debian/Ubuntu base with libcurl and libxml2 does not have:" >&2
    printf '  %s\n' "${bad[@]}" >&2
    exit 1
fi
echo "release: ldd ok: $(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')" >&2

# --- the tarball ------------------------------------------------------------------------------
mkdir -p dist
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
strip -o "$stage/$name/aasa-check" "$bin"
cp README.md "$stage/$name/README.md"
chmod 755 "$stage/$name/aasa-check"
chmod 644 "$stage/$name/README.md"
# Reproducible: fixed order, owner and time (the last commit's).
mtime=$(git log -1 --format=%cI 2>/dev/null || date -u +%Y-%m-%dT%H:%M:%SZ)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$mtime" -C "$stage" -cf - "$name" \
    | gzip -9n > "dist/$name.tar.gz"
(cd dist && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "release: dist/$name.tar.gz ($(du -h "dist/$name.tar.gz" | cut -f1))" >&2
echo "dist/$name.tar.gz"
