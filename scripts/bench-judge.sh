#!/usr/bin/env bash
# Judging benchmark (issue 21): CPU per domain to judge 1,000 recorded domains whose Apple CDN
# copy is usable — firefly.social's 3.9 KB file at the origin, the CDN's re-serialised copy —
# now (the CDN copy decoded once, DeployedFile) beside the baseline of the code before (the
# copy validated in full twice: by the CDN judge and again by the loader), in the same run, on
# the release build. Also prints how many times the CDN copy was decoded (1 per domain).
#
# Usage: scripts/bench-judge.sh [DOMAINS]   (default 1,000)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product aasa-bench >/dev/null
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
.build/release/aasa-bench judge --domains "${1:-1000}"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
