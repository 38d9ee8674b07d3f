#!/usr/bin/env bash
# Runs the whole test suite on a fresh Debian machine with the Swift toolchain:
# installs what the tests need (libcurl headers, nginx, openssl), builds without
# warnings, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh

# The build must be free of warnings.
log=$(mktemp)
swift build --build-tests 2>&1 | tee "$log"
if grep -E "warning:" "$log" | grep -v "^warning: 'spi'" >/dev/null; then
    echo "test.sh: the build has warnings (see above)" >&2
    exit 1
fi
rm -f "$log"

# The network tests start the local HTTPS harness (scripts/harness.sh); stop it afterwards
# unless it was already running.
if ! scripts/harness.sh status; then trap 'scripts/harness.sh stop' EXIT; fi
swift test --skip-build
