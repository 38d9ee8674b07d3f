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
# Usage: scripts/bench-limits.sh [BASELINE-BINARY]
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
