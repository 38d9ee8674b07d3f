#!/usr/bin/env bash
# Runs the whole test suite on a fresh Debian machine with the Swift toolchain:
# installs what the tests need (libcurl headers, nginx, openssl), builds without
# warnings, and runs every test.
#
# The tests run in a network namespace of their own with only loopback (when unshare can make
# one: as root, or with unprivileged user namespaces), so no test can reach beyond this machine
# even by mistake; the HTTPS harness they start lives in that namespace too.
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

# Real signed APKs and an App Bundle, made with Debian's Android tools (the signing-certificate
# tests compare with apksigner's and keytool's output; they also call this, which is a no-op
# once the packages are made).
scripts/make-android-fixtures.sh

# What ships beside the Swift code: the static release tarball, the GitHub Action, the Dockerfile.
# AASA_TEST_SKIP="dist" leaves this step out for a quick local run (CI never sets it).
if [[ " ${AASA_TEST_SKIP:-} " == *" dist "* ]]; then
    echo "test.sh: AASA_TEST_SKIP: release tarball and action checks left out" >&2
else
    PYTHONPATH="$(pwd)/.build/tools/python${PYTHONPATH:+:$PYTHONPATH}" scripts/test-dist.sh
fi

# The tests start the local HTTPS harness (scripts/harness.sh) and it is stopped afterwards.
run_tests='ip link set lo up 2>/dev/null || true; trap "scripts/harness.sh stop >/dev/null 2>&1" EXIT; swift test --skip-build'
if scripts/harness.sh status >/dev/null 2>&1; then
    echo "test.sh: stopping the harness already running, so the tests start their own" >&2
    scripts/harness.sh stop
fi
# First every libFuzzer target for a short budget, so a regression in bounded time or memory,
# or a disagreement with the reference matcher, fails the run (scripts/fuzz.sh); then the test
# suite, whose summary closes the output. AASA_TEST_SKIP="fuzz" (or FUZZ_SECONDS=0) leaves the
# fuzz runs out of a quick local run (CI never sets it).
fuzz_status=0
if [[ " ${AASA_TEST_SKIP:-} " == *" fuzz "* ]] || [ "${FUZZ_SECONDS:-30}" = 0 ]; then
    echo "test.sh: AASA_TEST_SKIP: the short fuzz runs left out" >&2
else
    scripts/fuzz.sh --all "${FUZZ_SECONDS:-30}" || fuzz_status=$?
fi
status=0
if [ "$(id -u)" -eq 0 ] && unshare -n true 2>/dev/null; then
    unshare -n bash -c "$run_tests" || status=$?
elif unshare -rn true 2>/dev/null; then
    unshare -rn bash -c "$run_tests" || status=$?
else
    echo "test.sh: no network namespace available; running the tests in this one (they use loopback only)" >&2
    bash -c "$run_tests" || status=$?
fi
if [ "$fuzz_status" != 0 ]; then
    echo "test.sh: a fuzz target found a problem (see above)" >&2
    [ "$status" != 0 ] || status=$fuzz_status
fi
exit "$status"
