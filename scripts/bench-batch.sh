#!/usr/bin/env bash
# Very many domains (issue 13), on the local HTTPS harness only (nothing leaves 127.0.0.1).
#
# COUNT hosts (default 20,000) of the harness's bulk family, good-N.bulk.test, all sent to
# 127.0.0.1 with --connect-to. In the same run, alternating, ROUNDS times (default 3):
#   aasa-check --domains FILE --no-cdn --concurrency 64 --format jsonl     (release build)
#   curl --parallel --parallel-max 64                                      (the baseline)
# where curl fetches the same file URLs with the same --cacert, --connect-to and
# -A AASA-Bot/1.0.0 (and --compressed, as aasa-check accepts any coding). Then once each, for
# memory: the formats of $FORMATS (default json, sarif and junit; FORMATS=all for every format
# of check), and with BASELINE-BINARY the same formats with that binary (an older build), side
# by side. Every output is checked (one record per domain, the JSON, SARIF and JUnit parse and
# hold every domain, HTML has a section per domain). Printed: wall time median and min, the
# ratio to curl, peak memory (/usr/bin/time %M), CPU time and output bytes; the targets; and
# what the rate measured means for a million domains on one machine and on N shards.
#
# Targets: jsonl within 1.25x of curl's wall time at concurrency 64, under 64 MB; json under
# 96 MB; sarif and junit under 128 MB; every other format under 128 MB.
#
# Other work on the machine disturbs wall times: the load average before and after is printed
# beside the figures.
#
# Usage: scripts/bench-batch.sh [ROUNDS] [COUNT] [BASELINE-BINARY]
#        FORMATS="json sarif junit" or FORMATS=all (every format of check)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
count=${2:-20000}
baseline=${3:-}
formats=${FORMATS:-json sarif junit}
if [ "$formats" = all ]; then formats="json sarif junit text github xcode html markdown"; fi
concurrency=64

. scripts/bench-setup.sh bench-batch
python3 - "$count" "$work" <<'PY'
import sys
n, work = int(sys.argv[1]), sys.argv[2]
with open(f"{work}/hosts.txt", "w") as hosts, open(f"{work}/curl.cfg", "w") as cfg:
    for i in range(1, n + 1):
        hosts.write(f"good-{i}.bulk.test\n")
        cfg.write(f'url = "https://good-{i}.bulk.test/.well-known/apple-app-site-association"\noutput = "/dev/null"\n')
PY
connect="::127.0.0.1:$HARNESS_PORT"

# Checks one output of aasa-check: every domain there once, the document well-formed.
verify() { # format file
    python3 - "$1" "$2" "$count" <<'PY'
import json, sys, xml.etree.ElementTree as ET
fmt, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
if fmt == "jsonl":
    # Records of no domain (the run's notes) are not domains.
    domains = [d for d in (json.loads(line)["domain"] for line in open(path)) if d is not None]
    ok = len(domains) == n and len(set(domains)) == n
elif fmt == "json":
    doc = json.load(open(path))
    ok = len({f["target"] for f in doc["fetches"]}) == n and len(doc["diagnostics"]) == n
elif fmt == "sarif":
    doc = json.load(open(path))
    ok = len(doc["runs"][0]["results"]) == n
elif fmt == "junit":
    root = ET.parse(path).getroot()
    ok = sum(1 for _ in root.iter("testcase")) >= n
elif fmt == "html":
    text = open(path, encoding="utf-8").read()
    ok = text.count('<section class="subject domain"') == n and text.rstrip().endswith("</html>")
elif fmt == "markdown":
    text = open(path, encoding="utf-8").read()
    ok = len(text) <= 65536 and text.startswith("## aasa-check check")
else:
    # text, github, xcode: a line at least per domain (each has its AASA505 with --no-cdn).
    ok = sum(1 for _ in open(path, encoding="utf-8")) >= n
if not ok:
if not ok:
    sys.exit(f"bench-batch: the {fmt} output does not hold the {n} domains")
PY
}

run_aasa() { # format [binary label]
    local status=0 binary=${2:-$bin} label=${3:-aasa}
    # --max-domains where the binary knows it (a build before issue 22 fetched every domain).
    local limit=()
    "$binary" help check | grep -q -- --max-domains && limit=(--max-domains 100000000)
    /usr/bin/time -o "$work/t" -f "%e %M %U %S" timeout 900 "$binary" --domains "$work/hosts.txt" "${limit[@]}" --no-cdn \
        --concurrency "$concurrency" --format "$1" --cacert "$HARNESS_CA" --connect-to "$connect" \
        > "$work/out.$1" 2> "$work/err" || status=$?
    if [ "$status" -gt 1 ]; then
        echo "bench-batch: $binary --format $1 exited $status:" >&2
        head -5 "$work/err" >&2
        exit 1
    fi
    verify "$1" "$work/out.$1"
    echo "$label-$1 $(tail -1 "$work/t") $(stat -c %s "$work/out.$1")" >> "$work/results"
}
run_curl() {
    local status=0
    /usr/bin/time -o "$work/t" -f "%e %M %U %S" timeout 900 curl -s --no-progress-meter --parallel \
        --parallel-max "$concurrency" --cacert "$HARNESS_CA" --connect-to "$connect" -A AASA-Bot/1.0.0 \
        --compressed -w '%{http_code}\n' -K "$work/curl.cfg" > "$work/out.curl" 2>&1 || status=$?
    local answered
    answered=$(grep -c '^200$' "$work/out.curl" || true)
    if [ "$answered" != "$count" ]; then
        echo "bench-batch: curl got $answered of $count answers 200 (exit $status)" >&2
        exit 1
    fi
    echo "curl $(tail -1 "$work/t")" >> "$work/results"
}

: > "$work/results"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "aasa-check $("$bin" --version | cut -d' ' -f2), $(curl --version | head -1 | cut -d' ' -f1-3); $(nproc) cores; $rounds rounds; $count hosts; concurrency $concurrency; load average before: $load_before"
for r in $(seq 1 "$rounds"); do
    # Alternate which tool goes first so that neither always meets a warmer server.
    if [ $((r % 2)) = 1 ]; then run_aasa jsonl; run_curl; else run_curl; run_aasa jsonl; fi
    echo "  round $r of $rounds done" >&2
done
for f in $formats; do
    run_aasa "$f"
    echo "  --format $f done" >&2
    if [ -n "$baseline" ] && "$baseline" help check | grep -q "$f"; then
        run_aasa "$f" "$baseline" base
        echo "  baseline --format $f done" >&2
    fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$work/results" "$count" "$formats" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
n = int(sys.argv[2])
formats = sys.argv[3].split()
def pick(tool):
    r = [x for x in rows if x[0] == tool]
    return [float(x[1]) for x in r], [int(x[2]) / 1024 for x in r], [float(x[3]) + float(x[4]) for x in r]
at, am, ac = pick("aasa-jsonl")
ct, cm, cc = pick("curl")
ratio = statistics.median(at) / statistics.median(ct)
print(f"{n:,} good hosts, one request each (--no-cdn), concurrency 64")
print("  %-22s %-22s %-14s %-10s %s" % ("", "wall median / min", "peak RSS", "CPU", "ratio to curl"))
print("  %-22s %6.2f s / %6.2f s    %6.1f MB      %6.2f s   %.2fx / %.2fx" % (
    "aasa-check jsonl", statistics.median(at), min(at), max(am), statistics.median(ac), ratio, min(at) / min(ct)))
print("  %-22s %6.2f s / %6.2f s    %6.1f MB      %6.2f s" % (
    "curl --parallel", statistics.median(ct), min(ct), max(cm), statistics.median(cc)))
verdicts = [("jsonl time within 1.25x of curl", ratio <= 1.25, f"{ratio:.2f}x"),
            ("jsonl peak memory under 64 MB", max(am) < 64, f"{max(am):.1f} MB")]
def size(tool):
    r = [x for x in rows if x[0] == tool]
    return int(r[0][5]) / 1e6 if r and len(r[0]) > 5 else float("nan")
print("  %-22s %-22s %-14s %-10s %s" % ("once each", "wall", "peak RSS", "CPU", "output"))
for f in formats:
    limit = 96 if f == "json" else 128
    for tool, name in (("aasa-" + f, "aasa-check " + f), ("base-" + f, "  baseline " + f)):
        t, m, c = pick(tool)
        if not t:
            continue
        print("  %-22s %6.2f s               %6.1f MB      %6.2f s   %8.1f MB" % (name, t[0], m[0], c[0], size(tool)))
        if tool.startswith("aasa-"):
            verdicts.append((f"{f} peak memory under {limit} MB", m[0] < limit, f"{m[0]:.1f} MB"))
print("targets:")
for what, ok, figure in verdicts:
    print(f"  {what:38s} {figure:>9s}  {'met' if ok else 'MISSED'}")
rate = n / statistics.median(at)
print(f"rate: {rate:,.0f} domains a second on this machine, CPU-bound against a loopback server")
for shards in (1, 4, 16, 64):
    secs = 1_000_000 / rate / shards
    print(f"  1,000,000 domains on {shards:2d} machine(s) like this one: {secs / 60:6.1f} min")
print("  (on the internet a domain takes a round trip or more per request, so concurrency / latency")
print("  bounds the rate: at 64 in flight and 300 ms a domain, about 210 a second, 80 min per million")
print("  per shard, unless --concurrency is raised; --rate caps it on purpose)")
PY
