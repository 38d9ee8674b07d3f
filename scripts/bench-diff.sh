#!/usr/bin/env bash
# Diff benchmark (issue 11): DocumentDiff on real-world files against edited copies, on two
# 1,000-rule files that differ in two places, and on an adversarial pair that must stop at the
# work limits; one core, best of 3 runs. Targets: real-world files well under a second
# (< 0.25 s), 1,000-rule files < 2 s, the adversarial pair stops within 2 s.
# Usage: scripts/bench-diff.sh [CORPUS-DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product aasa-diff-bench >/dev/null
exec taskset -c 0 .build/release/aasa-diff-bench "$@"
