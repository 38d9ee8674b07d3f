#!/usr/bin/env bash
# libFuzzer targets for aasa-check's parsers, validator, matcher and route judge (issue 17).
#
#   scripts/fuzz.sh TARGET [SECONDS]   fuzz one target (default 60 s), a random seed, its corpus
#                                      kept in .build/fuzz/corpus/TARGET from run to run
#   scripts/fuzz.sh --all [SECONDS]    every target in turn (the test command uses 30 s each),
#                                      reproducibly: seed FUZZ_SEED (default 1), a fresh corpus
#   scripts/fuzz.sh --list             the targets
#
# Why --all is seeded: CI should judge the code, not the luck of a draw. One seed, a fresh corpus
# and Swift's deterministic hashing make the runs close to repeatable (not exactly: Foundation's
# own tables differ from process to process, so coverage drifts a little: two runs of 20,000
# entitlements-xml inputs reached 3,334 and 3,205 edges), so `--all 90` here tries most of
# what `--all 30` tries in CI. Exploring for new findings is the single-target mode (random seed,
# growing corpus; issue 17 asks for 10 minutes a target) — its findings become regressions.
#
# Each target is one file in fuzz/targets/ (a type conforming to FuzzTarget; its header names
# its seed folders and its dictionary in fuzz/dict/). The Core sources are compiled once into
# a static library with the Swift toolchain's libFuzzer and AddressSanitizer
# (-sanitize=fuzzer,address), then linked with fuzz/Entry.swift, every target, a generated
# registry and the reference matcher of the tests (Tests/AASACoreTests/Reference/).
#
# Bounds: -rss_limit_mb=256 and -timeout=2, so a blow-up or a hang is a finding like a crash.
# A target's header may raise the RSS limit (`// rss_limit_mb: N`) when a library it calls
# keeps memory from input to input (with Foundation's XML and property list readers on Linux the
# entitlements-xml process reached 189 MB after 103,000 inputs in 30 s, json's 106 MB); -malloc_limit_mb=256 still
# makes any single allocation over 256 MB a finding there.
# Regression inputs in Tests/AASACoreTests/FuzzRegressions/TARGET/ run first every time (and in
# the unit tests, with their expected outcome). A finding is saved under .build/fuzz/findings/;
# the script prints how to reproduce it and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out"

targets() { sed -n 's/^ *static let name = "\(.*\)"/\1/p' fuzz/targets/*.swift; }

if [ "${1:-}" = "--list" ]; then targets; exit 0; fi
if [ $# -lt 1 ]; then
    echo "usage: scripts/fuzz.sh TARGET|--all [SECONDS]   (targets: $(targets | tr '\n' ' '))" >&2
    exit 2
fi

# Build (again only when a source changed): the libraries, then the harness. AASAArtifacts (zip
# members and gzip files inflated by zlib, libcrypto's hashes) is built the same way for the
# targets that read archives.
sources=$(find Sources/AASACore -name '*.swift' | sort)
artifacts=$(find Sources/AASAArtifacts -name '*.swift' | sort)
# The command layer's own readers (the configuration file, --resume files) are fuzzed too: the
# networking layer is compiled the same way without optimisation (its readers are small; the
# build is the cost), the command kit with -O (the output oracle prints every result through
# its writers, which unoptimised took most of a large sitemap's time). The libraries' stamp
# hashes this script too, so a change of flags here rebuilds them.
net=$(find Sources/AASANet -name '*.swift' | sort)
kit=$(find Sources/AASACheckKit -name '*.swift' | sort)
cmodules=(-I Sources/CZlib -I Sources/CCrypto -I Sources/CPSL -I Sources/CCurl)
harness=$(ls fuzz/Entry.swift fuzz/Oracle.swift fuzz/targets/*.swift Tests/AASACoreTests/Reference/*.swift)
bin=$out/aasa-fuzz
lib_stamp=$(cat "$0" $sources $artifacts $net $kit Sources/CZlib/shim.h Sources/CPSL/shim.h Sources/CCurl/shim.h | sha1sum | cut -c1-16)
if [ ! -f "$out/lib/libAASACore.a" ] || [ "$(cat "$out/lib.stamp" 2>/dev/null)" != "$lib_stamp" ]; then
    echo "fuzz: building AASACore with -sanitize=fuzzer,address…" >&2
    rm -rf "$out/lib" "$bin" && mkdir -p "$out/lib"
    # shellcheck disable=SC2086
    nice swiftc -parse-as-library -module-name AASACore -emit-library -static -O -enable-testing \
        -sanitize=fuzzer,address -emit-module -emit-module-path "$out/lib/AASACore.swiftmodule" \
        -I Sources/CPSL -o "$out/lib/libAASACore.a" $sources
    # shellcheck disable=SC2086
    nice swiftc -parse-as-library -module-name AASAArtifacts -emit-library -static -O \
        -sanitize=fuzzer,address -I "$out/lib" "${cmodules[@]}" -emit-module \
        -emit-module-path "$out/lib/AASAArtifacts.swiftmodule" -o "$out/lib/libAASAArtifacts.a" $artifacts
    # shellcheck disable=SC2086
    nice swiftc -parse-as-library -module-name AASANet -emit-library -static -Onone -swift-version 6 \
        -sanitize=fuzzer,address -I "$out/lib" "${cmodules[@]}" -emit-module \
        -emit-module-path "$out/lib/AASANet.swiftmodule" -o "$out/lib/libAASANet.a" $net
    # shellcheck disable=SC2086
    nice swiftc -parse-as-library -module-name AASACheckKit -emit-library -static -O -swift-version 6 -enable-testing \
        -sanitize=fuzzer,address -I "$out/lib" "${cmodules[@]}" -emit-module \
        -emit-module-path "$out/lib/AASACheckKit.swiftmodule" -o "$out/lib/libAASACheckKit.a" $kit
    echo "$lib_stamp" > "$out/lib.stamp"
fi
stamp=$(cat $harness "$out/lib.stamp" | sha1sum | cut -c1-16)
if [ ! -x "$bin" ] || [ "$(cat "$out/stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "fuzz: building the targets…" >&2
    {
        echo "// Generated by scripts/fuzz.sh from fuzz/targets/."
        echo "let fuzzTargets: [(name: String, run: ([UInt8]) -> Void)] = ["
        sed -n 's/^enum \([A-Za-z0-9_]*\): FuzzTarget.*/    (\1.name, \1.run),/p' fuzz/targets/*.swift
        echo "]"
    } > "$out/Registry.swift"
    rm -f "$bin"
    # shellcheck disable=SC2086
    nice swiftc -parse-as-library -O -sanitize=fuzzer,address -I "$out/lib" "${cmodules[@]}" -L "$out/lib" \
        -lAASACheckKit -lAASANet -lAASAArtifacts -lAASACore -lcurl -lz -lcrypto -lpsl -o "$bin" $harness "$out/Registry.swift" 2>&1 | grep -v "ld.gold: warning: Cannot export local symbol" >&2 || true
    [ -x "$bin" ] || { echo "fuzz: the build failed" >&2; exit 1; }
    echo "$stamp" > "$out/stamp"
fi

# Seeds that are made, not kept: binary property lists from the XML samples.
if [ ! -d "$out/seeds/binary-plist" ]; then
    mkdir -p "$out/seeds/binary-plist"
    python3 - "$out/seeds/binary-plist" Fixtures/entitlements/* entitlements-samples/*.entitlements <<'PY'
import plistlib, sys, os
for i, path in enumerate(sys.argv[2:]):
    try:
        value = plistlib.load(open(path, "rb"))
    except Exception:
        continue
    open(os.path.join(sys.argv[1], "seed-%d.bplist" % i), "wb").write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
PY
fi

# The axml target's seeds, made too: the Fixtures/android manifests compiled by aapt and aapt2
# (binary XML with UTF-16 and UTF-8 string pools, protobuf XML) and the apksig APKs' manifests.
if [ ! -d "$out/seeds/axml" ]; then
    mkdir -p "$out/seeds/axml"
    if command -v aapt >/dev/null && command -v aapt2 >/dev/null; then
        scripts/make-android-manifests.sh "$out/seeds/axml-compiled" >/dev/null 2>&1 || true
        find "$out/seeds/axml-compiled" \( -name '*.axml' -o -name '*.pb' \) -exec cp {} "$out/seeds/axml/" \; 2>/dev/null || true
    fi
    python3 - "$out/seeds/axml" Fixtures/android/apksig/*.apk <<'PY'
import os, sys, zipfile
for path in sys.argv[2:]:
    with zipfile.ZipFile(path) as z:
        open(os.path.join(sys.argv[1], os.path.basename(path) + ".axml"), "wb").write(z.read("AndroidManifest.xml"))
PY
fi

run_one() { # target seconds [seed]
    local target=$1 seconds=$2 seed=${3:-} file
    file=$(grep -l "static let name = \"$target\"" fuzz/targets/*.swift || true)
    [ -n "$file" ] || { echo "fuzz: no target $target (targets: $(targets | tr '\n' ' '))" >&2; exit 2; }
    local dict rss seeds=() corpus=$out/corpus/$target regressions=Tests/AASACoreTests/FuzzRegressions/$target
    dict=$(sed -n 's#^// dict: *##p' "$file")
    rss=$(sed -n 's#^// rss_limit_mb: *##p' "$file")
    for s in $(sed -n 's#^// seeds: *##p' "$file"); do [ -d "$s" ] && seeds+=("$s"); done
    [ -d "$regressions" ] && seeds=("$regressions" "${seeds[@]}")
    if [ -n "$seed" ]; then
        # Reproducible: a fresh corpus, so only the seed and the code decide what is tried.
        corpus=$out/seeded-corpus/$target
        rm -rf "$corpus"
    fi
    mkdir -p "$corpus" "$out/findings"
    local args=(-max_total_time="$seconds" -rss_limit_mb="${rss:-256}" -malloc_limit_mb=256 -timeout=2 -max_len=65536
                -artifact_prefix="$out/findings/$target-" -print_final_stats=1)
    [ -n "$dict" ] && args+=(-dict="fuzz/dict/$dict.dict")
    [ -n "$seed" ] && args+=(-seed="$seed")
    echo "fuzz: $target for ${seconds}s${seed:+, seed $seed} (seeds: ${seeds[*]:-none})" >&2
    local log=$out/$target.log status=0
    SWIFT_DETERMINISTIC_HASHING=1 FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=16:malloc_context_size=4 "$bin" "${args[@]}" "$corpus" "${seeds[@]}" > "$log" 2>&1 || status=$?
    local runs
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    if [ "$status" != 0 ]; then
        tail -30 "$log" >&2
        echo "fuzz: $target FOUND A PROBLEM after ${runs:-?} executions (log: $log)." >&2
        echo "  Reproduce: FUZZ_TARGET=$target $bin <the file named above>${seed:+ (the run: FUZZ_SEED=$seed scripts/fuzz.sh --all $seconds)}" >&2
        echo "  Then add the input to $regressions/ and its expected outcome to FuzzRegressionTests." >&2
        return 1
    fi
    echo "fuzz: $target: ${runs:-?} executions, no finding" >&2
}

if [ "$1" = "--all" ]; then
    failed=0
    for t in $(targets); do run_one "$t" "${2:-30}" "${FUZZ_SEED:-1}" || failed=1; done
    exit $failed
fi
run_one "$1" "${2:-60}"
