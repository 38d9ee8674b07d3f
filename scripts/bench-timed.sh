# shellcheck shell=bash disable=SC2154
# Sourced by the benchmarks that time a tool over many domains (scripts/bench-domains.sh,
# scripts/bench-apk.sh, scripts/bench-netns-domains.sh); needs $work (the caller's work directory).
#
# timed_run NAME RESULTS LABEL COUNT PATTERN CMD...
#   Runs CMD under /usr/bin/time (wall s, peak KB, user s, system s), its output in $work/out,
#   and exits 1 with NAME's message (and the output's first lines) unless exactly COUNT lines
#   match the grep pattern PATTERN; then appends "LABEL wall KB user sys" to RESULTS.
timed_run() {
    local name=$1 results=$2 label=$3 count=$4 pattern=$5 status=0 seen
    shift 5
    /usr/bin/time -o "$work/t" -f "%e %M %U %S" "$@" > "$work/out" 2>&1 || status=$?
    seen=$(grep -c -- "$pattern" "$work/out" || true)
    if [ "$seen" != "$count" ]; then
        echo "$name: $label reported $seen of $count (exit $status):" >&2
        head -20 "$work/out" >&2
        exit 1
    fi
    echo "$label $(tail -1 "$work/t")" >> "$results"
}
