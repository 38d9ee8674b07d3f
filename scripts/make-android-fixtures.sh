#!/usr/bin/env bash
# Real signed Android packages for the signing-certificate tests (issue 23), made with Debian's
# Android tools into .build/android-fixtures (never committed), with what the SDK's own tools
# say about each, for the tests to compare with:
#
#   keys/        throwaway keystores made by keytool: release (RSA 2048), rotated (EC P-256),
#                debug (the SDK's debug-key subject, CN=Android Debug), partner (a second
#                signer), upload (an App Bundle's upload key)
#   NAME.apk     AndroidManifest.xml compiled by `aapt package -I framework-res.apk`, aligned by
#                `zipalign`, signed by `apksigner sign`:
#                  v1v2v3      release key, v1 + v2 + v3 (minSdk 21)
#                  v1          release key, JAR signature only
#                  v2          release key, v2 only (--min-sdk-version 24)
#                  v3          release key, v3 only (--min-sdk-version 28)
#                  rotated     release key rotated to the EC key (`apksigner rotate`, --lineage):
#                              v1 and v2 by the release key, v3 by the new key with its lineage
#                  debug       the debug key, v1 + v2 + v3
#                  two-signers release and partner keys, v1 + v2 (v3 takes one signer)
#   NAME.apk.LO-HI.txt   `apksigner verify -v --print-certs --min-sdk-version LO --max-sdk-version HI`
#   NAME.apk.keytool.txt `keytool -printcert -jarfile NAME.apk` (the JAR signature's certificates)
#   shop.aab     an App Bundle built by hand, as bundletool lays one out (bundletool is not in
#                Debian): `aapt2 link --proto-format` gives the protobuf manifest and
#                resources.pb, placed under base/ with a BundleConfig.pb, zipped, and signed
#                with the upload key by `jarsigner`, as bundletool signs; shop.aab.keytool.txt
#   apksig/      for the committed v3.1 packages of Fixtures/android/apksig (AOSP apksig's test
#                resources): `apksigner verify` of their v3 range and `keytool -printcert
#                -file` of their two certificates
#
# apksigner 31 (Debian bookworm) has no --rotation-min-sdk-version: it writes no v3.1 block,
# hence the committed packages. The directory is made again when this script changes;
# everything needed is installed by scripts/install-deps.sh. Usage: scripts/make-android-fixtures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=$root/.build/android-fixtures
stamp=$(cat "$0" Fixtures/android/apksig/*.apk Fixtures/android/apksig/*.pem | sha1sum | cut -c1-16)
if [ -f "$out/stamp" ] && [ "$(cat "$out/stamp")" = "$stamp" ]; then exit 0; fi
framework=/usr/share/android-framework-res/framework-res.apk
for tool in aapt aapt2 zipalign apksigner keytool jarsigner python3; do
    command -v "$tool" >/dev/null || { echo "make-android-fixtures: $tool is missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
done
[ -f "$framework" ] || { echo "make-android-fixtures: $framework is missing (apt-get install android-framework-res)" >&2; exit 1; }
mkdir -p "$root/.build"
work=$(mktemp -d "$root/.build/android-fixtures.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/keys" "$work/src" "$work/apksig"

key() { # name "dname" alg
    local name=$1 dname=$2 alg=$3
    local args=(-keyalg RSA -keysize 2048)
    [ "$alg" = EC ] && args=(-keyalg EC -groupname secp256r1)
    keytool -genkeypair -keystore "$work/keys/$name.jks" -storetype PKCS12 -storepass "pass-$name" -keypass "pass-$name" \
        -alias "$name" -dname "$dname" "${args[@]}" -validity 10000 -noprompt >/dev/null 2>&1
}
key release "CN=Shop Release, O=Shop, C=US" RSA
key rotated "CN=Shop Release 2024, O=Shop, C=US" EC
key debug "CN=Android Debug, O=Android, C=US" RSA
key partner "CN=Partner, O=Partner GmbH, C=DE" RSA
key upload "CN=Shop Upload, O=Shop, C=US" RSA

cat > "$work/src/AndroidManifest.xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android"
    package="com.example.shop" android:versionCode="1" android:versionName="1.0">
    <uses-sdk android:minSdkVersion="21" android:targetSdkVersion="33" />
    <application android:label="Shop">
        <activity android:name=".MainActivity" android:exported="true">
            <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="shop.example" android:pathPrefix="/product/" />
            </intent-filter>
        </activity>
    </application>
</manifest>
XML
aapt package -f -M "$work/src/AndroidManifest.xml" -I "$framework" -F "$work/src/unsigned.apk" >/dev/null
zipalign -f 4 "$work/src/unsigned.apk" "$work/src/aligned.apk"

signer() { echo --ks "$work/keys/$1.jks" --ks-key-alias "$1" --ks-pass "pass:pass-$1" --key-pass "pass:pass-$1"; }
sign() { # name, then apksigner options
    local name=$1; shift
    # shellcheck disable=SC2046
    apksigner sign "$@" --out "$work/$name.apk" "$work/src/aligned.apk"
    rm -f "$work/$name.apk.idsig"
}
# shellcheck disable=SC2046
sign v1v2v3 $(signer release) --v1-signing-enabled true --v2-signing-enabled true --v3-signing-enabled true
# shellcheck disable=SC2046
sign v1 $(signer release) --v1-signing-enabled true --v2-signing-enabled false --v3-signing-enabled false
# shellcheck disable=SC2046
sign v2 $(signer release) --min-sdk-version 24 --v1-signing-enabled false --v2-signing-enabled true --v3-signing-enabled false
# shellcheck disable=SC2046
sign v3 $(signer release) --min-sdk-version 28 --v1-signing-enabled false --v2-signing-enabled false --v3-signing-enabled true
# shellcheck disable=SC2046
apksigner rotate --out "$work/keys/lineage" --old-signer $(signer release) --new-signer $(signer rotated)
# shellcheck disable=SC2046
sign rotated $(signer release) --next-signer $(signer rotated) --lineage "$work/keys/lineage"
# shellcheck disable=SC2046
sign debug $(signer debug)
# shellcheck disable=SC2046
sign two-signers $(signer release) --next-signer $(signer partner) --v3-signing-enabled false

# What apksigner predicts for each range of API levels, and keytool's reading of the JAR signature.
ranges() { # name lo-hi...
    local name=$1; shift
    for r in "$@"; do
        apksigner verify -v --print-certs --min-sdk-version "${r%-*}" --max-sdk-version "${r#*-}" "$work/$name.apk" \
            > "$work/$name.apk.$r.txt" 2>&1 || true
    done
}
ranges v1v2v3 21-23 24-27 28-32
ranges v1 21-23 24-32
ranges v2 24-32
ranges v3 28-32
ranges rotated 21-23 24-27 28-32
ranges debug 21-32
ranges two-signers 21-23 24-32
for name in v1v2v3 v1 v2 v3 rotated debug two-signers; do
    keytool -printcert -jarfile "$work/$name.apk" > "$work/$name.apk.keytool.txt" 2>&1 || true
done

# The App Bundle: aapt2's protobuf output laid out as a bundle module, signed by jarsigner.
aapt2 link --proto-format -o "$work/src/proto.apk" -I "$framework" --manifest "$work/src/AndroidManifest.xml"
# BundleConfig { bundletool { version: "1.15.6" } } in protobuf wire format (field 1, field 2).
python3 - "$work/src/proto.apk" "$work/shop.aab" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as src, zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as aab:
    aab.writestr("BundleConfig.pb", b"\x0a\x08\x12\x061.15.6")
    aab.writestr("base/manifest/AndroidManifest.xml", src.read("AndroidManifest.xml"))
    aab.writestr("base/resources.pb", src.read("resources.pb"))
PY
jarsigner -keystore "$work/keys/upload.jks" -storepass pass-upload -keypass pass-upload \
    -sigalg SHA256withRSA -digestalg SHA-256 "$work/shop.aab" upload >/dev/null
keytool -printcert -jarfile "$work/shop.aab" > "$work/shop.aab.keytool.txt" 2>&1

# The committed v3.1 packages: apksigner 31 reads their v3 block; keytool reads the certificates.
for apk in Fixtures/android/apksig/*.apk; do
    name=$(basename "$apk")
    apksigner verify -v --print-certs --min-sdk-version 28 --max-sdk-version 32 "$apk" > "$work/apksig/$name.28-32.txt" 2>&1 || true
done
for pem in Fixtures/android/apksig/*.pem; do
    keytool -printcert -file "$pem" > "$work/apksig/$(basename "$pem").keytool.txt" 2>&1
done

echo "$stamp" > "$work/stamp"
rm -rf "$out"
mv "$work" "$out"
trap - EXIT
echo "make-android-fixtures: wrote $(find "$out" -maxdepth 1 -name '*.apk' -o -maxdepth 1 -name '*.aab' | wc -l) packages into .build/android-fixtures" >&2
