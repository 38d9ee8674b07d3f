#!/usr/bin/env bash
# Many-domains benchmark (issue 7), on the local HTTPS harness only (nothing leaves 127.0.0.1).
#
# The harness serves 1,000 hosts (good-N.bulk.test, Fixtures/harness/README.md). In the same
# run, alternating, several rounds, at each concurrency N:
#   aasa-check --no-cdn --domains FILE --concurrency N --quiet      (release build)
#   curl --parallel --parallel-max N                                (the baseline)
# where curl fetches the same 1,000 file URLs with the same --cacert, --connect-to and
# -A AASA-Bot/1.0.0 (and --compressed, as aasa-check accepts any coding). Wall time median
# and min, their ratio, peak memory (/usr/bin/time %M) and CPU time (user + system, which
# other load on the machine disturbs less than wall time) of each are printed side by side.
# A last table does the same on a file where 10% of the hosts are broken in ten ways:
# aasa-check then makes a few more requests than curl (legacy path, browser retry).
#
# Targets: aasa-check within 1.25x of curl's wall time at the same concurrency, and its peak
# memory under 64 MB.
#
# Usage: scripts/bench-domains.sh [ROUNDS] [N...]     (default: 5 rounds, N = 16 64)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
shift || true
concurrencies=("$@")
[ ${#concurrencies[@]} -gt 0 ] || concurrencies=(16 64)
count=1000

. scripts/bench-setup.sh bench-domains
. scripts/bench-timed.sh
kinds=(redirect notfound html textplain botblock empty badjson toobig expired reset)
for i in $(seq 1 "$count"); do
    echo "good-$i.bulk.test" >> "$work/good.txt"
    printf 'url = "https://good-%d.bulk.test/.well-known/apple-app-site-association"\noutput = "/dev/null"\n' "$i" >> "$work/good.cfg"
    if [ $((i % 10)) = 0 ]; then host="${kinds[$(( (i / 10) % 10 ))]}-$i.bulk.test"; else host="good-$i.bulk.test"; fi
    echo "$host" >> "$work/mixed.txt"
    printf 'url = "https://%s/.well-known/apple-app-site-association"\noutput = "/dev/null"\n' "$host" >> "$work/mixed.cfg"
done
connect="::127.0.0.1:$HARNESS_PORT"

# One timed run of a tool on a host set at concurrency N; appends "tool N set wall KB user sys".
run_aasa() { # set n
    timed_run bench-domains "$work/results" "aasa-check $2 $1" "$count" AASA505 \
        timeout 300 "$bin" --no-cdn --domains "$work/$1.txt" --max-domains 100000000 --concurrency "$2" \
        --quiet --cacert "$HARNESS_CA" --connect-to "$connect"
}
run_curl() { # set n
    timed_run bench-domains "$work/results" "curl $2 $1" "$count" '^[0-9][0-9][0-9]$' \
        timeout 300 curl -s --no-progress-meter --parallel --parallel-max "$2" \
        --cacert "$HARNESS_CA" --connect-to "$connect" -A AASA-Bot/1.0.0 --compressed -w '%{http_code}\n' \
        -K "$work/$1.cfg"
}

: > "$work/results"
echo "aasa-check $("$bin" --version | cut -d' ' -f2), $(curl --version | head -1 | cut -d' ' -f1-3); $(nproc) cores; $rounds rounds; $count hosts; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 1 "$rounds"); do
    for n in "${concurrencies[@]}"; do
        # Alternate which tool goes first so that neither always meets a warmer server.
        if [ $((r % 2)) = 1 ]; then run_aasa good "$n"; run_curl good "$n"; else run_curl good "$n"; run_aasa good "$n"; fi
    done
    n=${concurrencies[0]}
    if [ $((r % 2)) = 1 ]; then run_aasa mixed "$n"; run_curl mixed "$n"; else run_curl mixed "$n"; run_aasa mixed "$n"; fi
    echo "  round $r of $rounds done" >&2
done

echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine makes wall times noisy)"
python3 - "$work/results" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
def pick(tool, n, s):
    r = [r for r in rows if r[0] == tool and r[1] == n and r[2] == s]
    return ([float(x[3]) for x in r], [int(x[4]) / 1024 for x in r], [float(x[5]) + float(x[6]) for x in r])
def table(s, title):
    print(title)
    print("  %-4s  %-20s  %-20s  %-13s  %-19s  %-9s  %s" % ("N", "aasa-check wall", "curl wall", "ratio",
          "peak RSS aasa/curl", "CPU aasa", "CPU curl"))
    print("  %-4s  %-20s  %-20s  %-13s  %-19s  %-9s  %s" % ("", "median / min", "median / min", "median / min",
          "(max over rounds)", "(median)", "(median)"))
    verdicts = []
    for n in sorted({r[1] for r in rows if r[2] == s}, key=int):
        at, am, ac = pick("aasa-check", n, s)
        ct, cm, cc = pick("curl", n, s)
        ratio = statistics.median(at) / statistics.median(ct)
        print("  %-4s  %6.2f s / %6.2f s   %6.2f s / %6.2f s   %4.2fx / %4.2fx  %5.1f / %5.1f MB    %5.2f s    %5.2f s" % (
            n, statistics.median(at), min(at), statistics.median(ct), min(ct), ratio, min(at) / min(ct),
            max(am), max(cm), statistics.median(ac), statistics.median(cc)))
        verdicts.append((n, ratio, max(am)))
    return verdicts
v = table("good", "1,000 good hosts, one request each (--no-cdn)")
table("mixed", "1,000 hosts, 10% broken in ten ways (aasa-check adds legacy-path and browser-retry requests)")
print("targets (1,000 good hosts): median wall time within 1.25x of curl's, peak memory under 64 MB")
for n, ratio, mb in v:
    print("  N=%-4s time %4.2fx %-6s  memory %5.1f MB %s" % (n, ratio, "met" if ratio <= 1.25 else "MISSED",
          mb, "met" if mb < 64 else "MISSED"))
PY
