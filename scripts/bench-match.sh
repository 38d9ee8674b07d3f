#!/usr/bin/env bash
# Matching benchmark (issue 3): decides 1,000,000 generated URLs against a real-world
# document with aasa-check's matcher and, in the same run, 100,000 of them with a
# straightforward regular-expression matcher (glob → NSRegularExpression, URLComponents),
# on one core; prints URLs per second side by side and the time of a pathological pattern.
# Targets: ≥ 1,000,000 decisions per second and ≥ 20× the regex baseline.
# Usage: scripts/bench-match.sh [DOCUMENT] [URL-COUNT]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product aasa-bench >/dev/null
exec taskset -c 0 .build/release/aasa-bench "$@"
