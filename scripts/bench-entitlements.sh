#!/usr/bin/env bash
# Speed and memory of reading and linting entitlements and provisioning profiles, beside a
# baseline: Python's plistlib for property lists, `openssl cms` for extracting a profile's
# content. Prints one line per case: wall time (best of N) and peak resident memory.
#
#   scripts/bench-entitlements.sh [RUNS]      (default 5; builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
swift build -c release --product aasa-check >/dev/null
swift build --product aasa-samples >/dev/null
bin="$(swift build -c release --show-bin-path)/aasa-check"
samples="$(swift build --show-bin-path)/aasa-samples"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Inputs: a 5,000-entry entitlement (~230 KB), the corpus, and a 4,000-device profile (~210 KB)
# signed as Apple's are (BER, indefinite lengths), plus an 8 MB entitlement at the read limit and
# a binary plist whose shared references expand exponentially (refused by BinaryPlistGuard).
python3 - "$work" <<'PY'
import plistlib, sys, os
w = sys.argv[1]
doms = [f"applinks:d{i}.soarstarter.com" for i in range(5000)]
open(f"{w}/big.entitlements", "wb").write(plistlib.dumps({"com.apple.developer.associated-domains": doms}))
pad = ["x" * 100] * 69000
open(f"{w}/huge.entitlements", "wb").write(plistlib.dumps({"com.apple.developer.associated-domains": doms[:10], "pad": pad}))
prof = {"Name": "bench", "TeamIdentifier": ["K7TQ3ZP2MX"], "ApplicationIdentifierPrefix": ["K7TQ3ZP2MX"],
        "UUID": "3F2A9C1E-7B4D-4E8A-9C0F-1D2E3F4A5B6C",
        "ProvisionedDevices": [f"00008030-{i:016X}" for i in range(4000)],
        "Entitlements": {"application-identifier": "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift",
                         "com.apple.developer.associated-domains": "*", "get-task-allow": True}}
open(f"{w}/prof.plist", "wb").write(plistlib.dumps(prof))
# 24 arrays each holding the next one twice: ~300 bytes, 2^25 objects once expanded (refused).
a = ["applinks:soarstarter.com"]
for _ in range(24):
    a = [a, a]
open(f"{w}/dag.entitlements", "wb").write(plistlib.dumps({"com.apple.developer.associated-domains": a}, fmt=plistlib.FMT_BINARY))
# Issue 17 item 4: 50,000 domains, and 50,000 repeats of one entry (a finding each).
doms = [f"applinks:d{i}.soarstarter.com" for i in range(50000)]
open(f"{w}/50k.entitlements", "wb").write(plistlib.dumps({"com.apple.developer.associated-domains": doms}))
open(f"{w}/50k-repeats.entitlements", "wb").write(
    plistlib.dumps({"com.apple.developer.associated-domains": ["applinks:soarstarter.com"] * 50000}))
# Issue 17 item 1: 60,000 references to one 10 KB string (70 KB of file, 600 MB once read).
import struct
big = b"applinks:" + b"a" * 10231 + b".example"
key = b"com.apple.developer.associated-domains"
objs = [bytes([0xD1, 1, 2]), bytes([0x5F, 0x10, len(key)]) + key,
        bytes([0xAF, 0x12]) + struct.pack(">I", 60000) + bytes([3]) * 60000,
        bytes([0x5F, 0x11]) + struct.pack(">H", len(big)) + big]
body = b"bplist00"; offs = []
for o in objs:
    offs.append(len(body)); body += o
table = len(body)
body += b"".join(struct.pack(">I", o) for o in offs)
body += bytes(6) + bytes([4, 1]) + struct.pack(">QQQ", len(objs), 0, table)
open(f"{w}/shared-10k.entitlements", "wb").write(body)
PY
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=bench" -keyout "$work/k.pem" -out "$work/c.pem" 2>/dev/null
openssl cms -sign -binary -nodetach -stream -outform DER -in "$work/prof.plist" -signer "$work/c.pem" -inkey "$work/k.pem" \
    -out "$work/big.mobileprovision"

# best wall seconds and max RSS (KB) of a command over $runs runs
measure() {
    local best="" rss=0
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %M" -o "$work/t" "$@" >/dev/null 2>&1 || true
        read -r s m < <(tail -n 1 "$work/t")
        if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
        [ "$m" -gt "$rss" ] && rss=$m
    done
    printf "%8.3f s %8d KB" "$best" "$rss"
}
row() { # label, ours..., -- baseline...
    local label="$1"; shift
    local ours=() base=()
    while [ "$1" != "--" ]; do ours+=("$1"); shift; done; shift
    base=("$@")
    printf "%-34s aasa-check %s   baseline %s\n" "$label" "$(measure "${ours[@]}")" "$(measure "${base[@]}")"
}

corpus=(Fixtures/entitlements/*.entitlements*)
echo "runs: $runs (best wall time, peak RSS); $(ls -l "$work/big.entitlements" | awk '{print $5}') B big, $(ls -l "$work/huge.entitlements" | awk '{print $5}') B huge, $(ls -l "$work/big.mobileprovision" | awk '{print $5}') B profile"
row "empty run (--version)" "$bin" --version -- python3 -c pass
row "22 corpus files, lint" "$bin" entitlements --quiet "${corpus[@]}" -- \
    python3 -c 'import plistlib,sys; [plistlib.load(open(f,"rb")) for f in sys.argv[1:]]' "${corpus[@]}"
row "5,000 entries, lint" "$bin" entitlements --quiet "$work/big.entitlements" -- \
    python3 -c 'import plistlib,sys; plistlib.load(open(sys.argv[1],"rb"))' "$work/big.entitlements"
row "8 MB entitlement (read limit)" "$bin" entitlements --quiet "$work/huge.entitlements" -- \
    python3 -c 'import plistlib,sys; plistlib.load(open(sys.argv[1],"rb"))' "$work/huge.entitlements"
row "4,000-device profile" "$bin" entitlements --quiet "$work/big.mobileprovision" -- \
    openssl cms -verify -noverify -binary -inform DER -in "$work/big.mobileprovision" -out /dev/null
row "binary plist, 2^25 shared refs" "$bin" entitlements --quiet "$work/dag.entitlements" -- \
    python3 -c 'import plistlib,sys; plistlib.load(open(sys.argv[1],"rb"))' "$work/dag.entitlements"
row "50,000 entries, lint" "$bin" entitlements --quiet "$work/50k.entitlements" -- \
    python3 -c 'import plistlib,sys; plistlib.load(open(sys.argv[1],"rb"))' "$work/50k.entitlements"
row "50,000 repeats (50,000 findings)" "$bin" entitlements "$work/50k-repeats.entitlements" -- \
    python3 -c 'import plistlib,sys; plistlib.load(open(sys.argv[1],"rb"))' "$work/50k-repeats.entitlements"
row "binary plist, 60,000 refs to 10 KB" "$bin" entitlements --quiet "$work/shared-10k.entitlements" -- \
    python3 -c 'import plistlib,sys; plistlib.load(open(sys.argv[1],"rb"))' "$work/shared-10k.entitlements"

# Issue 12: a 150 MB executable inside an .ipa (targets: under 3 s, peak memory under 64 MB),
# its domains checked against a local file. Baseline: unzip decompressing the same member.
"$samples" --bench-ipa 150 "$work/big.ipa"
cat > "$work/listing.json" <<'JSON'
{"applinks": {"details": [{"appIDs": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"], "components": [{"/": "/todos/*"}]}]},
 "webcredentials": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"]},
 "appclips": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift.Clip"]}}
JSON
echo "$(stat -c %s "$work/big.ipa") B .ipa holding a $((150 << 20)) B executable"
row "150 MB executable in an .ipa" "$bin" entitlements --quiet "$work/big.ipa" \
    --domain-file "soarstarter.com=$work/listing.json" --domain-file "www.soarstarter.com=$work/listing.json" -- \
    sh -c 'unzip -p "$1" Payload/SoarStarterSwift.app/SoarStarterSwift | wc -c' sh "$work/big.ipa"
