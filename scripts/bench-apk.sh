#!/usr/bin/env bash
# Android benchmarks (issue 23), release build, each figure beside its baseline measured in the
# same run, with MET or MISSED against the issue's target.
#
# 1. Certificates and manifest of a 200 MB `.apk`: `aasa-check apk BIG.apk --format json`
#    against `apksigner verify --print-certs BIG.apk` (Debian's apksigner), alternating, several
#    rounds: wall time (median and min), CPU time, peak RSS (/usr/bin/time %M). The APK is made
#    here: a manifest compiled by `aapt package` with an App Links filter, 200 MB of random
#    bytes stored (not deflated) as assets/blob.bin, `zipalign`, and `apksigner sign` with a
#    throwaway key (v1 + v2 + v3). The SHA-256 of the certificate aasa-check reports must equal
#    the one apksigner prints, or the bench fails. Target: under 1 s and under 64 MB.
# 2. 1,000 domains, `check --domains FILE --platform all` against `--platform ios` on the
#    loopback harness (good-N.bulk.test serves both files, see scripts/harness.sh): the
#    same hosts, the same concurrency, alternating. Target: `all` within 1.3x of `ios`'s median
#    wall time. Both runs must report every domain. (`all` makes four requests a domain where
#    `ios` makes one: assetlinks.json, the same on the trailing-dot host, robots.txt; spec
#    assetlinks-reference.md §1. They wait for the domain's first answer and share its
#    connection, so both make one TLS handshake a domain. The domains are judged on a thread
#    of lower priority than the transfer loop's: Sources/AASACheckKit/DomainCheck/JudgingThread.swift.)
# 3. For comparison, not the target's figure: the same 1,000 domains reached as real domains
#    are, each on its own name without --connect-to (through one --connect-to address libcurl
#    groups every domain's connections and checks each idle one before every request):
#    scripts/bench-netns-domains.sh in a network namespace, as root; skipped otherwise.
#
# Usage: scripts/bench-apk.sh [ROUNDS] [CONCURRENCY]     (default: 3 rounds, concurrency 16)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
concurrency=${2:-16}
count=1000
for tool in aapt zipalign apksigner keytool python3; do
    command -v "$tool" >/dev/null || { echo "bench-apk: $tool is missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
done
framework=/usr/share/android-framework-res/framework-res.apk
[ -f "$framework" ] || { echo "bench-apk: $framework is missing (apt-get install android-framework-res)" >&2; exit 1; }

. scripts/bench-setup.sh bench-apk
. scripts/bench-timed.sh

# --- the 200 MB APK ---------------------------------------------------------------------------
mkdir -p "$work/src"
cat > "$work/src/AndroidManifest.xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android"
    package="com.example.big" android:versionCode="1" android:versionName="1.0">
    <uses-sdk android:minSdkVersion="21" android:targetSdkVersion="34" />
    <application android:label="Big">
        <activity android:name=".MainActivity" android:exported="true">
            <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="shop.example" android:pathPrefix="/product/" />
            </intent-filter>
        </activity>
    </application>
</manifest>
XML
aapt package -f -M "$work/src/AndroidManifest.xml" -I "$framework" -F "$work/src/unsigned.apk" >/dev/null
python3 - "$work/src/unsigned.apk" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "a", compression=zipfile.ZIP_STORED) as z:
    with z.open("assets/blob.bin", "w", force_zip64=True) as f:
        for _ in range(200):
            f.write(os.urandom(1 << 20))
PY
zipalign -f 4 "$work/src/unsigned.apk" "$work/big.apk"
keytool -genkeypair -keystore "$work/key.jks" -storetype PKCS12 -storepass pass-bench -keypass pass-bench -alias bench \
    -dname "CN=Bench, O=aasa-check, C=US" -keyalg RSA -keysize 2048 -validity 10000 -noprompt >/dev/null 2>&1
apksigner sign --ks "$work/key.jks" --ks-key-alias bench --ks-pass pass:pass-bench --key-pass pass:pass-bench \
    --v1-signing-enabled true --v2-signing-enabled true --v3-signing-enabled true "$work/big.apk"
size=$(stat -c %s "$work/big.apk")

run_apk() { # tool: appends "tool wall KB user sys"
    local status=0
    if [ "$1" = aasa-check ]; then
        /usr/bin/time -o "$work/t" -f "%e %M %U %S" "$bin" apk "$work/big.apk" --format json > "$work/apk.json" 2> "$work/apk.err" || status=$?
    else
        /usr/bin/time -o "$work/t" -f "%e %M %U %S" apksigner verify --print-certs "$work/big.apk" > "$work/apksigner.txt" 2>&1 || status=$?
    fi
    if [ "$status" -gt 1 ]; then
        echo "bench-apk: $1 failed (exit $status):" >&2
        cat "$work/apk.err" "$work/apksigner.txt" 2>/dev/null | head -20 >&2
        exit 1
    fi
    echo "$1 $(tail -1 "$work/t")" >> "$work/apk-results"
}

# --- 1,000 domains ------------------------------------------------------------------------------
for i in $(seq 1 "$count"); do echo "good-$i.bulk.test"; done > "$work/domains.txt"
connect="::127.0.0.1:$HARNESS_PORT"
run_domains() { # platform: appends "platform wall KB user sys"
    timed_run bench-apk "$work/domain-results" "$1" "$count" '^{"domain":"' \
        timeout 600 "$bin" --no-cdn --domains "$work/domains.txt" --max-domains 100000000 \
        --concurrency "$concurrency" --platform "$1" --format jsonl --cacert "$HARNESS_CA" --connect-to "$connect"
    if [ "$1" = all ] && ! grep -q 'assetlinks.json' "$work/out"; then
        echo "bench-apk: --platform all fetched no assetlinks.json:" >&2
        head -3 "$work/out" >&2
        exit 1
    fi
}

: > "$work/apk-results"
: > "$work/domain-results"
echo "aasa-check $("$bin" --version | cut -d' ' -f2), apksigner $(apksigner version 2>/dev/null || echo '?'); $(nproc) cores; $rounds rounds; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "APK: $size bytes (200 MiB stored asset, v1 + v2 + v3); domains: $count good-N.bulk.test at concurrency $concurrency"
for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) = 1 ]; then run_apk aasa-check; run_apk apksigner; else run_apk apksigner; run_apk aasa-check; fi
    if [ $((r % 2)) = 1 ]; then run_domains ios; run_domains all; else run_domains all; run_domains ios; fi
    echo "  round $r of $rounds done" >&2
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine makes wall times noisy)"
# The same 1,000 domains as real domains are reached (per-host connections, no --connect-to),
# for comparison: needs root for the network and mount namespaces, and ip(8) for their loopback.
: > "$work/netns-results"
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && command -v ip >/dev/null; then
    unshare -n -m scripts/bench-netns-domains.sh "$PWD/$bin" "$count" "$rounds" "$concurrency" "$work/netns-results" \
        || { echo "bench-apk: the per-host run failed (above)" >&2; exit 1; }
fi

# The certificate both tools report must be the same.
ours=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(" ".join(c["sha256"].replace(":","").lower() for a in d["apks"] for c in a["certificates"]))' "$work/apk.json")
theirs=$(sed -n 's/^Signer #1 certificate SHA-256 digest: *//p' "$work/apksigner.txt" | head -1)
case " $ours " in
    *" $theirs "*) echo "certificate SHA-256: $theirs (aasa-check and apksigner agree)" ;;
    *) echo "bench-apk: aasa-check reports [$ours], apksigner $theirs" >&2; exit 1 ;;
esac

python3 - "$work/apk-results" "$work/domain-results" "$work/netns-results" <<'PY'
import statistics, sys
def load(path):
    rows = {}
    for line in open(path):
        name, wall, kb, user, sys_ = line.split()
        rows.setdefault(name, []).append((float(wall), int(kb) / 1024, float(user) + float(sys_)))
    return rows
def line(label, runs):
    w = [r[0] for r in runs]
    return "  %-34s %6.3f s / %6.3f s   %7.1f MB   %6.3f s" % (label, statistics.median(w), min(w), max(r[1] for r in runs),
                                                         statistics.median([r[2] for r in runs]))
header = "  %-34s %-21s %-12s %s" % ("", "wall median / min", "peak RSS", "CPU (median)")
apk = load(sys.argv[1])
print("Certificates and manifest of a 200 MB .apk")
print(header)
print(line("aasa-check apk --format json", apk["aasa-check"]))
print(line("apksigner verify --print-certs", apk["apksigner"]))
a_wall = statistics.median([r[0] for r in apk["aasa-check"]])
a_mb = max(r[1] for r in apk["aasa-check"])
b_wall = statistics.median([r[0] for r in apk["apksigner"]])
print("  aasa-check takes %.3fx apksigner's time" % (a_wall / b_wall))
dom = load(sys.argv[2])
print("1,000 domains, check --domains (jsonl)")
print(header)
print(line("--platform ios", dom["ios"]))
print(line("--platform all", dom["all"]))
ios = statistics.median([r[0] for r in dom["ios"]])
both = statistics.median([r[0] for r in dom["all"]])
# Each round runs both, one after the other: the median of the rounds' own ratios, beside the
# target's ratio of the medians, shows how much a machine whose speed drifts moved the figure.
paired = statistics.median(a[0] / i[0] for i, a in zip(dom["ios"], dom["all"]))
print("  all / ios: %.2fx (medians), %.2fx (median of the rounds' ratios), %.2fx aasa-check's CPU" % (
    both / ios, paired, statistics.median([r[2] for r in dom["all"]]) / statistics.median([r[2] for r in dom["ios"]])))
ns = load(sys.argv[3])
if ns:
    print("The same, each domain on its own name (no --connect-to; ?mode=developer, network namespace)")
    print(header)
    print(line("--platform ios", ns["ios"]))
    print(line("--platform all", ns["all"]))
    nw = statistics.median([r[0] for r in ns["all"]]) / statistics.median([r[0] for r in ns["ios"]])
    nc = statistics.median([r[2] for r in ns["all"]]) / statistics.median([r[2] for r in ns["ios"]])
    print("  all / ios: %.2fx wall, %.2fx aasa-check's CPU (not the target's figure)" % (nw, nc))
else:
    print("The per-host run was skipped: it needs root, unshare and ip for a network namespace.")
print("targets")
print("  200 MB .apk under 1 s:            %6.3f s  %s" % (a_wall, "MET" if a_wall < 1 else "MISSED"))
print("  200 MB .apk under 64 MB:          %6.1f MB %s" % (a_mb, "MET" if a_mb < 64 else "MISSED"))
print("  --platform all within 1.3x ios:   %6.2fx   %s" % (both / ios, "MET" if both / ios <= 1.3 else "MISSED"))
PY
