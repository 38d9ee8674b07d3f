#!/usr/bin/env bash
# Bounded time and memory on hostile inputs (issue 17): generates the inputs of each kind the
# fuzzing found (and their neighbours), runs the release binary on each, and prints wall time
# and peak memory beside the guarantee, with MET or MISSED. Optionally the same inputs with a
# baseline binary (an older build) side by side.
#
# Guarantees: validate of any input up to the read cap under 2 s and 256 MB, of any file up to
# 128 KB under 0.5 s; match under 1 s per URL; entitlements under 1 s and 128 MB; routes under
# 256 MB (time linear in routes × rules).
#
# Times are the wall time and the CPU time (user + system) of the process; the verdict reads the
# CPU time, which on a dedicated core is the wall time and on a shared machine is what the input
# costs. Also issue 11's analysis target: a realistic file of 1,600 rules (scripts/realistic-aasa.py)
# decided completely (no AASA405) in under 0.5 s.
#
# Issue 22 (the second table): every input kind the fuzzing of that round found, and a neighbour
# of each, in every format (text json sarif junit github html markdown xcode, and jsonl where
# the command has it): wall time, CPU time, peak RSS and the bytes written to standard output
# beside the guarantee: CPU time and memory under the kind's limits, output under 16 × the
# input + 256 KiB (findings past a cap counted, not printed), at most --max-domains domains
# fetched (the requests go to a closed port on loopback: --connect-to ::127.0.0.1:9), and memory
# flat from 2,000 to 20,000 domains (at most 32 MB more).
#
# Usage: scripts/bench-limits.sh [BASELINE-BINARY]
#        BENCH_ONLY=22 scripts/bench-limits.sh …   (only issue 22's table)
#        AASA_CHECK=BINARY scripts/bench-limits.sh …   (measure that binary, build nothing)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { echo "bench-limits: /usr/bin/time is needed (apt-get install time)" >&2; exit 1; }
if [ -n "${AASA_CHECK:-}" ]; then
    bin=$AASA_CHECK
else
    swift build -c release --product aasa-check >&2
    bin=$(swift build -c release --show-bin-path)/aasa-check
fi
baseline=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "${BENCH_ONLY:-}" != 22 ]; then
python3 - "$work" <<'PY'
import json, plistlib, random, sys
w = sys.argv[1]
app = "ABCDE12345.com.example.app"
def doc(comps, **extra):
    d = {"applinks": {"details": [{"appIDs": [app], "components": comps}]}}
    d["applinks"].update(extra)
    return json.dumps(d)
def put(name, text):
    open(f"{w}/{name}", "w").write(text)
# Kind 2: long literal patterns (and neighbours).
put("k2-literal.json", doc([{"/": "/buy/*"}, {"/": "/" + "a" * 100000}]))
put("k2-percent.json", doc([{"/": "/buy/*"}, {"/": "/" + "%2F" * 33000}]))
put("k2-starred.json", doc([{"/": "/a*"}, {"/": "*" + "ab" * 50000 + "*"}]))
put("k2-1mb.json", doc([{"/": "/" + "a" * 1000000 + "*"}, {"/": "*a?a?a?a?a?a*b*"}, {"/": "/buy/*"}]))
put("k2-url.txt", "/" + "a" * 1000000 + "b\n/" + "ab" * 400000 + "\n")
# Kind 2's neighbour: many `*` before a variable (alternatives: the NFA simulation decides).
put("k2-stars.json", json.dumps({"applinks": {"substitutionVariables": {"v": ["x", "y*"]}, "details": [{"appIDs": [app], "components": [{"/": "/" + "*a" * 500 + "$(v)"}]}]}}))
put("k2-stars.txt", "/" + "a" * 200000 + "\n/" + "ba" * 100000 + "y\n")
# Kind 3: a thousand variable values with *, ? and non-ASCII text.
vals = ["*é%d?" % i for i in range(1000)]
put("k3-values.json", doc([{"/": "/account/$(v)"}, {"/": "/account/$(v)x"}, {"/": "/account/*"}], substitutionVariables={"v": vals}))
vals = ["é%d*?" % i for i in range(1000)]
put("k3-values2.json", doc([{"/": "/account/$(v)/*"}, {"/": "/account/$(v)/$(v)/*"}, {"/": "/account/*/$(v)"}], substitutionVariables={"v": vals}))
# Kind 5: 20,000 legacy paths sharing a prefix; 1.7 MB of wildcard rules.
put("k5-paths.json", json.dumps({"applinks": {"apps": [], "details": [{"appID": app, "paths": ["/item/*/p%d?" % i for i in range(20000)]}]}}))
put("k5-stars.json", json.dumps({"applinks": {"apps": [], "details": [{"appID": app, "paths": ["*/p%d*x*" % i for i in range(20000)]}]}}))
put("k5-wild.json", doc([{"/": "/s%d/*/*a*b*" % (i % 50), "?": {"q": "*%d?" % i}, "#": "*x*"} for i in range(30000)]))
# At the read cap (4 MiB): 190,000 literal rules; 72,000 wildcard rules (about 1.4 KB each once compiled).
put("cap-literal.json", doc([{"/": "/s%d" % i} for i in range(190000)]))
put("cap-wild.json", doc([{"/": "/s%d/*/*a*b*" % (i % 50), "?": {"q": "*%d?" % i}, "#": "*x*"} for i in range(72000)]))
# Kind 6: long routes with placeholders against a many-rule document.
random.seed(1)
comps = [{"/": "/%s/*/%s*" % (random.choice(["a", "b", "c", "shop", "help"]), random.choice("xyz") + str(i)), "exclude": i % 5 == 0} for i in range(1500)]
put("k6.json", doc(comps))
put("k6.routes", "\n".join("/" + "/".join(random.choice(["a", "shop", ":id", "{x}", "b"]) for _ in range(30)) for _ in range(20)) + "\n")
# Entitlements (issue 17 kinds 1 and 4).
big = "x" * 10000
open(f"{w}/k1.entitlements", "wb").write(plistlib.dumps({"com.apple.developer.associated-domains": ["applinks:" + big] * 60000}, fmt=plistlib.FMT_BINARY))
open(f"{w}/k4.entitlements", "wb").write(plistlib.dumps({"com.apple.developer.associated-domains": ["applinks:d%d.example.com" % i for i in range(50000)]}))
PY

# wall seconds, peak RSS (MB) and CPU seconds of a command
measure() { # command... (standard input: the file $input, else nothing)
    /usr/bin/time -f "%e %M %U %S" -o "$work/t" timeout 60 "$@" >/dev/null 2>&1 < "${input:-/dev/null}" || true
    read -r s k u y < <(tail -n 1 "$work/t")
    echo "$s $((k / 1024)) $(awk "BEGIN{print $u + $y}")"
}
printf "%-44s %24s %24s   %s\n" "input" "aasa-check (wall, CPU)" "${baseline:+baseline}" "guarantee (CPU)"
row() { # label seconds-limit mb-limit -- args...
    local label=$1 slimit=$2 mlimit=$3; shift 4
    read -r s m c < <(measure "$bin" "$@")
    local verdict=MET
    awk "BEGIN{exit !($c > $slimit || $m > $mlimit)}" && verdict=MISSED
    local base=""
    if [ -n "$baseline" ]; then read -r bs bm bc < <(measure "$baseline" "$@"); base=$(printf "%6.2f %6.2f s %5d MB" "$bs" "$bc" "$bm"); fi
    printf "%-44s %6.2f %6.2f s %5d MB %24s   < %s s, %s MB: %s\n" "$label" "$s" "$c" "$m" "$base" "$slimit" "$mlimit" "$verdict"
}
row "k2 validate: 100K literal beside /buy/*" 0.5 256 -- validate "$work/k2-literal.json" --quiet
row "k2 validate: %2F run beside /buy/*" 0.5 256 -- validate "$work/k2-percent.json" --quiet
row "k2 validate: *abab…* after /a*" 0.5 256 -- validate "$work/k2-starred.json" --quiet
row "k2 validate: 1 MB pattern (read cap)" 2 256 -- validate "$work/k2-1mb.json" --quiet
# (URLs on standard input: one argument of 1 MB is past the kernel's limit, so exec would fail.)
input=$work/k2-url.txt row "k2 match: 1 MB pattern, two 1 MB URLs" 2 256 -- match "$work/k2-1mb.json"
input=$work/k2-stars.txt row "k2 match: 500 * before \$(v), two 200 KB URLs" 2 256 -- match "$work/k2-stars.json"
row "k3 validate: 1,000 values *é?" 0.5 256 -- validate "$work/k3-values.json" --quiet
row "k3 match /account/*: 1,000 values" 1 256 -- match "$work/k3-values.json" /account/*
row "k3 validate: 1,000 values, 3 uses" 0.5 256 -- validate "$work/k3-values2.json" --quiet
row "k5 validate: 20,000 paths /item/*/pN?" 2 256 -- validate "$work/k5-paths.json" --quiet
row "k5 validate: 20,000 paths */pN*x*" 2 256 -- validate "$work/k5-stars.json" --quiet
input=$work/k5-wild.json row "k5 validate -: 1.7 MB wildcard rules" 2 256 -- validate - --quiet
row "cap validate: 190,000 literal rules (3.5 MB)" 2 256 -- validate "$work/cap-literal.json" --quiet
row "cap validate: 72,000 wildcard rules (4.2 MB)" 2 256 -- validate "$work/cap-wild.json" --quiet
row "k6 routes: 20 long routes × 1,500 rules" 10 256 -- routes "$work/k6.json" --routes "$work/k6.routes" --quiet
row "k1 entitlements: 60,000 shared refs" 1 128 -- entitlements "$work/k1.entitlements" --quiet
row "k4 entitlements: 50,000 domains" 1 128 -- entitlements "$work/k4.entitlements" --quiet
# Issue 11: realistic rules at Apple's size limit, every pair decided.
python3 scripts/realistic-aasa.py --rules 1600 > "$work/real1600.json" 2>/dev/null
row "i11 validate: 1,600 realistic rules (84 KB)" 0.5 256 -- validate "$work/real1600.json" --quiet
undecided() { "$1" validate "$work/real1600.json" --format json 2>/dev/null | grep -c '"AASA405"' || true; }
printf "%-44s %24s %24s   none\n" "i11 AASA405 findings (1,600 rules)" "$(undecided "$bin")" "${baseline:+$(undecided "$baseline")}"
fi

# Issue 22: each input kind in every format. The requests go to a closed port on loopback.
formats=(text json jsonl sarif junit github html markdown xcode)
w22=$work/22
mkdir -p "$w22"
python3 - "$w22" <<'PY'
import gzip, json, plistlib, struct, sys, zipfile
w = sys.argv[1]
app = "ABCDE12345.com.example.app"
apps = ["ABCDE12345.com.example.app%d" % i for i in range(20)]
def put(name, data):
    open(f"{w}/{name}", "wb").write(data if isinstance(data, bytes) else data.encode())
# Fan-out: 50,000 associated domains, binary and XML property lists.
domains = {"com.apple.developer.associated-domains": ["applinks:d%d.soarstarter.com" % i for i in range(50000)]}
put("ent50k.bplist", plistlib.dumps(domains, fmt=plistlib.FMT_BINARY))
put("ent50k.xml", plistlib.dumps(domains))
# Domain lists: 2,000 and 20,000 domains.
put("d2k.txt", "".join("h%d.soarstarter.com\n" % i for i in range(2000)))
put("d20k.txt", "".join("h%d.soarstarter.com\n" % i for i in range(20000)))
# 1.7 MB of hostile wildcard rules (on standard input), and a neighbour: 25,000 rules a `*`
# before them makes dead (one finding each).
def doc(comps): return json.dumps({"applinks": {"details": [{"appIDs": [app], "components": comps}]}})
put("wild.json", doc([{"/": "/s%d/*/*a*b*" % (i % 50), "?": {"q": "*%d?" % i}, "#": "*x*"} for i in range(30000)]))
put("dead.json", doc([{"/": "*"}] + [{"/": "/p%d/*a*?" % i, "comment": "www.example%d.com" % i} for i in range(25000)]))
# diff: 2,500 rules x 20 app IDs, one rule changed (under 128 KB each); 1,000 rules x 20 apps,
# every rule changed.
def many(n, apps, suffix):
    return json.dumps({"applinks": {"details": [{"appIDs": apps, "components": [{"/": "/r%d%s" % (i, suffix)} for i in range(n)]}]}}, separators=(",", ":"))
put("diff-old.json", many(2500, apps, ""))
put("diff-new.json", many(2500, apps, "").replace('"/r7"', '"/r7/*"'))
put("diff1k-old.json", many(1000, apps, ""))
put("diff1k-new.json", many(1000, apps, "/*"))
# coverage: one page a million times in a gzip sitemap (about 143 KB); 500 app IDs.
page = "<url><loc>https://soarstarter.com/p</loc></url>"
put("sitemap.xml.gz", gzip.compress(('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' + page * 1000000 + "</urlset>").encode(), 9))
put("site.json", doc([{"/": "/p"}]))
put("site500.json", json.dumps({"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.a%d" % i], "components": [{"/": "/p%d" % i}]} for i in range(500)]}}))
put("small.xml", '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' + "".join("<url><loc>https://soarstarter.com/p%d</loc></url>" % i for i in range(500)) + "</urlset>")
# .ipa: a member path 16,000 directories deep; an executable of 1 GiB of zeros (deflated).
with zipfile.ZipFile(f"{w}/deep.ipa", "w") as z:
    z.writestr("Payload/A.app/Info.plist", plistlib.dumps({"CFBundleExecutable": "A", "CFBundleIdentifier": "com.example.app"}))
    z.writestr("Payload/A.app/" + "d/" * 16000 + "x", b"x")
with zipfile.ZipFile(f"{w}/zeros.ipa", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("Payload/A.app/Info.plist", plistlib.dumps({"CFBundleExecutable": "A", "CFBundleIdentifier": "com.example.app"}))
    with z.open("Payload/A.app/A", "w", force_zip64=True) as f:
        # A thin arm64 Mach-O whose LC_CODE_SIGNATURE points 1 GiB in, zeros up to it.
        head = struct.pack("<IiiIIIII", 0xFEEDFACF, 0x0100000C, 0, 2, 1, 16, 0, 0) + struct.pack("<IIII", 0x1D, 16, 1 << 30, 12)
        f.write(head)
        block = bytes(1 << 20)
        f.write(bytes((1 << 20) - len(head)))
        for _ in range(1023): f.write(block)
        f.write(struct.pack(">III", 0xFADE0CC0, 12, 0))
PY

net=(--connect-to ::127.0.0.1:9 --timeout 2 --cdn-base https://cdn.invalid)
# One row: label, CPU seconds limit, MB limit, output bytes limit, then -- and the arguments.
# The format is $f; standard input $input (else nothing).
measure22() { # binary args...
    local b=$1; shift
    /usr/bin/time -f "%e %M %U %S" -o "$work/t" timeout 120 "$b" "$@" > "$work/out" 2>/dev/null < "${input:-/dev/null}" || true
    read -r s k u y < <(tail -n 1 "$work/t")
    echo "$s $((k / 1024)) $(awk "BEGIN{print $u + $y}") $(stat -c %s "$work/out")"
}
printf "\n%-40s %-8s %28s %28s   %s\n" "issue 22: input" "format" "aasa-check (wall CPU RSS out)" "${baseline:+baseline}" "guarantee (CPU, RSS, output)"
row22() { # label format cpu-limit mb-limit out-limit -- args...
    local label=$1 f=$2 slimit=$3 mlimit=$4 olimit=$5; shift 6
    # JSON Lines is a format of check and coverage only.
    if [ "$f" = jsonl ] && [ "$1" != check ] && [ "$1" != coverage ]; then return; fi
    read -r s m c o < <(measure22 "$bin" "$@")
    local verdict=MET
    awk "BEGIN{exit !($c > $slimit || $m > $mlimit || $o > $olimit)}" && verdict=MISSED
    local base=""
    if [ -n "$baseline" ]; then
        read -r bs bm bc bo < <(measure22 "$baseline" "$@")
        base=$(printf "%6.2f %6.2f s %5d MB %10d B" "$bs" "$bc" "$bm" "$bo")
    fi
    printf "%-40s %-8s %6.2f %6.2f s %5d MB %10d B %28s   < %s s, %s MB, %s B: %s\n" "$label" "$f" "$s" "$c" "$m" "$o" "$base" "$slimit" "$mlimit" "$olimit" "$verdict"
    last_rss=$m last_out=$o
}
size() { stat -c %s "$1"; }
cap() { echo $((16 * $1 + 262144)); } # output limit: 16 x the input + 256 KiB
for f in "${formats[@]}"; do
    row22 "entitlements: 50,000 domains, binary" "$f" 10 256 "$(cap "$(size "$w22/ent50k.bplist")")" -- entitlements "$w22/ent50k.bplist" --app-id "ABCDE12345.com.example.app" "${net[@]}" --format "$f"
    row22 "entitlements: 50,000 domains, XML" "$f" 10 256 "$(cap "$(size "$w22/ent50k.xml")")" -- entitlements "$w22/ent50k.xml" --app-id "ABCDE12345.com.example.app" "${net[@]}" --format "$f"
done
# Fan-out: the domains fetched (AASA101 or AASA504 for each, no network) at most --max-domains.
fetched() { # binary file
    { "$1" entitlements "$2" --app-id ABCDE12345.com.example.app "${net[@]}" --format json 2>/dev/null || true; } \
        | python3 -c 'import json,sys; print(len({d.get("target") for d in json.load(sys.stdin).get("diagnostics", []) if d.get("code") in ("AASA101", "AASA504")}))' || echo 0
}
for kind in bplist xml; do
    n=$(fetched "$bin" "$w22/ent50k.$kind"); v=MET; [ "$n" -le 1000 ] || v=MISSED
    printf "%-40s %-8s %28s %28s   <= 1000 (--max-domains default): %s\n" "entitlements ($kind): domains fetched" "json" "$n" "${baseline:+$(fetched "$baseline" "$w22/ent50k.$kind")}" "$v"
done
for f in "${formats[@]}"; do
    input=$w22/wild.json row22 "validate -: 1.7 MB wildcard rules" "$f" 4 256 "$(cap "$(size "$w22/wild.json")")" -- validate - --format "$f"
    input=$w22/dead.json row22 "validate -: 25,000 dead rules" "$f" 4 256 "$(cap "$(size "$w22/dead.json")")" -- validate - --format "$f"
done
for f in "${formats[@]}"; do
    row22 "check --domains: 2,000 domains" "$f" 60 256 $((2000 * 16384)) -- check --domains "$w22/d2k.txt" --max-domains 20000 --no-cdn --concurrency 64 "${net[@]}" --format "$f"
    small=$last_rss
    row22 "check --domains: 20,000 domains" "$f" 300 256 $((20000 * 16384)) -- check --domains "$w22/d20k.txt" --max-domains 20000 --no-cdn --concurrency 64 "${net[@]}" --format "$f"
    v=MET; [ "$last_rss" -le $((small + 32)) ] || v=MISSED
    printf "%-40s %-8s %21d MB more %28s   <= 32 MB more: %s\n" "check --domains: 2,000 -> 20,000" "$f" $((last_rss - small)) "" "$v"
    row22 "check --domains: 20,000 (default limit)" "$f" 60 256 $((1000 * 16384 + 262144)) -- check --domains "$w22/d20k.txt" --no-cdn --concurrency 64 "${net[@]}" --format "$f"
done
for f in "${formats[@]}"; do
    row22 "diff: 2,500 rules x 20 apps, --app-id" "$f" 2 256 "$(cap "$(size "$w22/diff-new.json")")" -- diff "$w22/diff-old.json" "$w22/diff-new.json" --app-id ABCDE12345.com.example.app3 --format "$f"
    row22 "diff: 2,500 rules x 20 apps" "$f" 10 256 "$(cap "$(size "$w22/diff-new.json")")" -- diff "$w22/diff-old.json" "$w22/diff-new.json" --format "$f"
    row22 "diff: 1,000 changes x 20 apps" "$f" 10 256 "$(cap "$(size "$w22/diff1k-new.json")")" -- diff "$w22/diff1k-old.json" "$w22/diff1k-new.json" --format "$f"
done
for f in "${formats[@]}"; do
    row22 "coverage: 1M repeats of a page (gzip)" "$f" 20 256 "$(cap "$(size "$w22/sitemap.xml.gz")")" -- coverage "$w22/site.json" --domain soarstarter.com --sitemap "$w22/sitemap.xml.gz" --format "$f"
    lim=$(cap "$(size "$w22/site500.json")"); [ "$f" = markdown ] && lim=65536
    # JSON Lines gives every page's decision for each app ID (its purpose, README "coverage"):
    # a line per (page, app ID) of at most 256 bytes past the URL, 256 MiB in all.
    [ "$f" = jsonl ] && lim=$((500 * 500 * (256 + 40)))
    row22 "coverage: 500 app IDs" "$f" 10 256 "$lim" -- coverage "$w22/site500.json" --domain soarstarter.com --sitemap "$w22/small.xml" --format "$f"
done
for f in "${formats[@]}"; do
    row22 "entitlements: .ipa, path 16,000 dirs deep" "$f" 2 256 "$(cap "$(size "$w22/deep.ipa")")" -- entitlements "$w22/deep.ipa" --app-id ABCDE12345.com.example.app "${net[@]}" --format "$f"
    row22 "entitlements: .ipa, 1 GiB of zeros" "$f" 4 256 "$(cap "$(size "$w22/zeros.ipa")")" -- entitlements "$w22/zeros.ipa" --app-id ABCDE12345.com.example.app "${net[@]}" --format "$f"
done
