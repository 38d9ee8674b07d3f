#!/usr/bin/env bash
# Matching benchmark (issues 3 and 15): decides 1,000,000 generated URLs against firefly.social's
# 16-rule file and against a generated realistic 1,600-rule file (`aasa-bench generate`), side by
# side, on one core: with the automaton (the bulk API, URLDecider) and, in the same run, rule by
# rule (the baseline), plus a regular-expression matcher on a sample; prints the load average
# beside the figures. Rates are per CPU second of the deciding thread (CLOCK_THREAD_CPUTIME_ID), so
# a loaded shared machine slows the wall time more than the figures; wall seconds are printed too.
# Targets: automaton ≥ 2,000,000 URLs/s on the 1,600-rule file and ≥ 4,000,000 URLs/s on the
# 16-rule file.
# Usage: scripts/bench-match.sh [DOCUMENT...] [--urls N]
#        scripts/bench-match.sh DOCUMENT URL-COUNT
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product aasa-bench >/dev/null
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
taskset -c 0 .build/release/aasa-bench "$@"
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
