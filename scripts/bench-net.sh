#!/usr/bin/env bash
# Network benchmark (issue 4), on the local HTTPS harness only (nothing leaves 127.0.0.1).
#  1. Memory stays flat however large the answer: peak RSS of `aasa-check` on a good file, an
#     8 MiB plain body and a 64 MiB gzip bomb, beside curl(1) fetching the same bomb with
#     --compressed (the baseline: a client without a decoded-size cap).
#  2. Many domains: wall time for N domain checks (origin + CDN each) at --concurrency 16
#     beside --concurrency 1.
# Usage: scripts/bench-net.sh [DOMAIN-COUNT]   (default 200)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-200}
swift build -c release --product aasa-check >/dev/null
bin=.build/release/aasa-check
eval "$(scripts/harness.sh start 2>/dev/null)"
net=(--cacert "$HARNESS_CA")
for c in $HARNESS_CONNECT_TO; do net+=(--connect-to "$c"); done

echo "1. Peak memory (aasa-check reads at most 131,073 decoded bytes)"
command -v /usr/bin/time >/dev/null || { echo "bench-net: /usr/bin/time is needed (apt-get install time)" >&2; exit 1; }
stats=$(mktemp)
row() { # label command...
    local label=$1; shift
    /usr/bin/time -o "$stats" -f "%M %e" "$@" >/dev/null 2>&1 || true
    read -r rss secs < <(tail -1 "$stats")
    printf '  %-48s peak RSS %7s KB  %6s s\n' "$label" "$rss" "$secs"
}
row "aasa-check good.aasa.test (498 B)" "$bin" good.aasa.test --no-cdn "${net[@]}"
row "aasa-check huge.aasa.test (8 MiB plain)" "$bin" huge.aasa.test --no-cdn "${net[@]}"
row "aasa-check bomb.aasa.test (64 MiB gzip)" "$bin" bomb.aasa.test --no-cdn "${net[@]}"
# Baseline: a naive client that reads the whole answer and then decodes it (Python's ssl + gzip).
row "baseline: read all, then gunzip (bomb)" python3 -c '
import gzip, socket, ssl, sys
ca, port = sys.argv[1], int(sys.argv[2])
ctx = ssl.create_default_context(cafile=ca)
s = ctx.wrap_socket(socket.create_connection(("127.0.0.1", port)), server_hostname="bomb.aasa.test")
s.sendall(b"GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: bomb.aasa.test\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
data = b"".join(iter(lambda: s.recv(65536), b""))
print(len(gzip.decompress(data.split(b"\r\n\r\n", 1)[1])))' "$HARNESS_CA" "$HARNESS_PORT"
decoded=$(curl -s --compressed --cacert "$HARNESS_CA" --connect-to "::127.0.0.1:$HARNESS_PORT" \
    https://bomb.aasa.test/.well-known/apple-app-site-association | wc -c)
echo "  (the bomb decodes to $decoded bytes; aasa-check stops after 131,073)"

echo "2. $count domain checks (origin + CDN each, hosts of the harness)"
hosts=(good stale gzip notfound textplain botblock)
list=$(mktemp)
for i in $(seq 1 "$count"); do echo "${hosts[$((i % ${#hosts[@]}))]}.aasa.test" >> "$list"; done
for n in 16 1; do
    start=$(date +%s.%N)
    "$bin" --domains "$list" --max-domains 100000000 --json --concurrency "$n" "${net[@]}" > /dev/null || true
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" -v n="$n" -v c="$count" 'BEGIN { printf "  --concurrency %-3d %6.2f s  (%.0f domains/s)\n", n, e - s, c / (e - s) }'
done
rm -f "$list" "$stats"
