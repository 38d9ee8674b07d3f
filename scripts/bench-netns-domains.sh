#!/usr/bin/env bash
# Part of scripts/bench-apk.sh, run as `unshare -n -m scripts/bench-netns-domains.sh BIN COUNT
# ROUNDS CONCURRENCY OUT`: 1,000 domains with --platform all against --platform ios as real
# domains are reached, without --connect-to. In a network namespace of its own (only its
# loopback) and a mount namespace whose /etc/hosts names every good-N.bulk.test, a harness
# listens on :443, so each domain resolves to its own name and libcurl keeps its connections
# per host, as it does on the internet. (Through one --connect-to address libcurl groups every
# domain's connections together and checks each idle one before every new request.) The
# hosts are loopback addresses, so each is given with ?mode=developer (Apple's fetcher would
# refuse them otherwise, AASA110) in both runs. Appends "platform wall KB user sys" to OUT.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$1 count=$2 rounds=$3 concurrency=$4 out=$5
work=$(mktemp -d)
ip link set lo up
{ cat /etc/hosts; for i in $(seq 1 "$count"); do echo "127.0.0.1 good-$i.bulk.test"; done; } > "$work/hosts"
mount --bind "$work/hosts" /etc/hosts
export HARNESS_DIR=$work/harness
trap 'scripts/harness.sh stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
. scripts/bench-timed.sh
eval "$(HARNESS_LISTEN_PORT=443 scripts/harness.sh start 2>/dev/null)"
for i in $(seq 1 "$count"); do echo "good-$i.bulk.test?mode=developer"; done > "$work/domains.txt"
for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) = 1 ]; then order="ios all"; else order="all ios"; fi
    for p in $order; do
        timed_run bench-netns-domains "$out" "$p" "$count" '"verdict":"ok"' \
            "$bin" --no-cdn --domains "$work/domains.txt" --max-domains 100000000 \
            --concurrency "$concurrency" --platform "$p" --format jsonl --cacert "$HARNESS_CA"
    done
done
