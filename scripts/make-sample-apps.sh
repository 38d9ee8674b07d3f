#!/usr/bin/env bash
# Writes the sample apps of entitlements-samples/apps (see entitlements-samples/README.md):
# signed Mach-O executables, thin and universal, with right and wrong hashes; an .app with an
# App Clip, an extension and a Watch app; the same as an .ipa and an .xcarchive. They are made
# by the generator of the tests (Tests/SampleSupport, through the aasa-samples executable), with
# the sample provisioning profile embedded in the main app, then checked once with LIEF, an
# independent Mach-O reader (PyPI `lief`, test-only, installed into .build/tools/lief).
#
#   scripts/make-sample-apps.sh [DIR]      (default entitlements-samples/apps)
#   scripts/make-sample-apps.sh --check DIR  only the LIEF check
set -euo pipefail
cd "$(dirname "$0")/.."
tools="$(pwd)/.build/tools/lief"
check() {
    if ! PYTHONPATH="$tools" python3 -c 'import lief' 2>/dev/null; then
        echo "make-sample-apps: installing lief into .build/tools/lief (test-only)" >&2
        python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --target "$tools" "lief==1.0.0"
    fi
    PYTHONPATH="$tools" python3 scripts/check-samples-lief.py "$1"
}
if [ "${1:-}" = "--check" ]; then
    check "${2:-entitlements-samples/apps}"
    exit
fi
dir="${1:-entitlements-samples/apps}"
swift build --product aasa-samples >/dev/null
rm -rf "$dir"
mkdir -p "$dir"
"$(swift build --show-bin-path)/aasa-samples" "$dir" entitlements-samples/SoarStarterSwift.mobileprovision
check "$dir"
