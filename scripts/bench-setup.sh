# shellcheck shell=bash disable=SC2034
# Sourced by the benchmarks that race aasa-check against curl on the local harness
# (scripts/bench-domains.sh, scripts/bench-batch.sh): checks the tools, builds the release
# binary ($bin), makes a work directory ($work, removed at exit) and starts the harness (its
# environment exported; stopped at exit when this script started it).
# Usage: . scripts/bench-setup.sh NAME      (NAME prefixes the error messages)
bench_name=$1
command -v /usr/bin/time >/dev/null || { echo "$bench_name: /usr/bin/time is needed (apt-get install time)" >&2; exit 1; }
command -v curl >/dev/null || { echo "$bench_name: curl is needed (apt-get install curl)" >&2; exit 1; }
swift build -c release --product aasa-check >&2
bin=.build/release/aasa-check
work=$(mktemp -d)
started=no
scripts/harness.sh status || started=yes
cleanup() {
    rm -rf "$work"
    if [ "$started" = yes ]; then scripts/harness.sh stop; fi
}
trap cleanup EXIT
eval "$(scripts/harness.sh start 2>/dev/null)"
