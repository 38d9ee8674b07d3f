#!/usr/bin/env bash
# Compiles the source manifests of Fixtures/android/ into the forms Android ships them in, for
# the manifest tests (Tests/AASACoreTests/Android): nothing it writes is committed.
#
#   scripts/make-android-manifests.sh [OUT]     (default .build/android-manifests)
#
# For each Fixtures/android/manifests/NAME.xml, with Debian's aapt and aapt2 (package aapt) and
# Android 10's framework resources (package android-framework-res):
#   NAME.axml       binary XML, UTF-16 string pool: `aapt package -M … -I framework-res.apk`
#   NAME.utf8.axml  binary XML, UTF-8 string pool: the same text compiled by aapt2 as a res/xml
#                   file (aapt2 writes UTF-8 pools there, UTF-16 for manifests), with
#                   --no-auto-version so attributes newer than minSdkVersion stay in it
#   NAME.pb         protobuf XML, as in an .aab: `aapt2 link --proto-format`
#   *.xmltree       what `aapt dump xmltree` (binary) and `aapt2 dump xmltree` (protobuf) print
#                   for each, which the tests compare the readers with.
# Fixtures/android/manifests-api35/NAME.xml use attributes newer than Android 10 (pathSuffix,
# pathAdvancedPattern, uri-relative-filter-group's allow, query*, fragment*): they are compiled
# with aapt against a small framework package of those attributes at their public IDs (the
# same IDs as Sources/AASACore/Android/AndroidAttribute.swift), built here with `aapt -x`.
# The binary manifest is taken out of each APK with python3's zipfile.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/android-manifests}"
framework=/usr/share/android-framework-res/framework-res.apk
for tool in aapt aapt2 python3; do
    command -v "$tool" >/dev/null || { echo "make-android-manifests: $tool is missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
done
[ -f "$framework" ] || { echo "make-android-manifests: $framework is missing (package android-framework-res)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/out"
res=Fixtures/android/res
aapt2 compile --dir "$res" -o "$work/res.zip"

extract() { # APK MEMBER DEST
    python3 -c 'import sys, zipfile; open(sys.argv[3], "wb").write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))' "$1" "$2" "$3"
}

compile() { # SOURCE NAME FRAMEWORK
    local src=$1 name=$2 fw=$3 dir="$work/$2"
    mkdir -p "$dir/xmlres/xml" "$dir/xmlres/values"
    cp "$src" "$dir/AndroidManifest.xml"
    aapt package -f -M "$dir/AndroidManifest.xml" -S "$res" -I "$fw" -F "$dir/binary.apk"
    extract "$dir/binary.apk" AndroidManifest.xml "$work/out/$name.axml"
    aapt dump xmltree "$dir/binary.apk" AndroidManifest.xml > "$work/out/$name.axml.xmltree"
    aapt2 link --warn-manifest-validation --proto-format -o "$dir/proto.apk" -I "$fw" --manifest "$dir/AndroidManifest.xml" "$work/res.zip"
    extract "$dir/proto.apk" AndroidManifest.xml "$work/out/$name.pb"
    aapt2 dump xmltree --file AndroidManifest.xml "$dir/proto.apk" > "$work/out/$name.pb.xmltree"
    cp "$src" "$dir/xmlres/xml/manifest.xml"
    cp "$res/values/"*.xml "$dir/xmlres/values/"
    aapt2 compile --dir "$dir/xmlres" -o "$dir/xmlres.zip"
    aapt2 link --warn-manifest-validation --no-auto-version -o "$dir/utf8.apk" -I "$fw" --manifest "$dir/AndroidManifest.xml" "$dir/xmlres.zip"
    extract "$dir/utf8.apk" res/xml/manifest.xml "$work/out/$name.utf8.axml"
    aapt dump xmltree "$dir/utf8.apk" res/xml/manifest.xml > "$work/out/$name.utf8.axml.xmltree"
}

for src in Fixtures/android/manifests/*.xml; do
    compile "$src" "$(basename "$src" .xml)" "$framework"
done

# The small framework: attributes newer than Android 10 and those the API 35 manifests use,
# at their public IDs, with the formats of AOSP core/res/res/values/attrs_manifest.xml.
mkdir -p "$work/fw/res/values"
echo '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="android"/>' > "$work/fw/AndroidManifest.xml"
{
    echo '<resources>'
    while read -r name id format; do
        echo "  <attr name=\"$name\" format=\"$format\"/>"
        echo "  <public type=\"attr\" name=\"$name\" id=\"$id\"/>"
    done <<'ATTRS'
label 0x01010001 string|reference
name 0x01010003 string
exported 0x01010010 boolean
scheme 0x01010027 string
host 0x01010028 string
port 0x01010029 string
path 0x0101002a string
pathPrefix 0x0101002b string
pathPattern 0x0101002c string
minSdkVersion 0x0101020c integer|string
targetSdkVersion 0x01010270 integer|string
fragment 0x010102e3 string
autoVerify 0x010104ee boolean
pathSuffix 0x0101061e string
pathAdvancedPattern 0x01010620 string
allow 0x0101068e boolean
query 0x0101068f string
queryPrefix 0x01010690 string
queryPattern 0x01010691 string
queryAdvancedPattern 0x01010692 string
querySuffix 0x01010693 string
fragmentPrefix 0x01010694 string
fragmentPattern 0x01010695 string
fragmentAdvancedPattern 0x01010696 string
fragmentSuffix 0x01010697 string
ATTRS
    echo '</resources>'
} > "$work/fw/res/values/attrs.xml"
aapt package -f -x -M "$work/fw/AndroidManifest.xml" -S "$work/fw/res" -F "$work/framework-api35.apk"
for src in Fixtures/android/manifests-api35/*.xml; do
    compile "$src" "$(basename "$src" .xml)" "$work/framework-api35.apk"
done

rm -rf "$out"
mkdir -p "$(dirname "$out")"
mv "$work/out" "$out"
echo "make-android-manifests: wrote $(find "$out" -type f | wc -l) files to $out" >&2
