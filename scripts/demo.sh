#!/usr/bin/env bash
# The main job on bundled real-world files: validates real apple-app-site-association files
# from public repositories (Fixtures/corpus, see its SOURCES.tsv) and decides URLs with them.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product aasa-check >/dev/null 2>&1 || swift build -c release --product aasa-check
bin=.build/release/aasa-check
corpus=Fixtures/corpus/aasa

run() { echo; echo "\$ aasa-check $*"; "$bin" "$@"; echo "(exit status $?)"; }

run validate "$corpus/Provenance-Emu__provenance-emu.github.io__.well-known_apple-app-site-association" --domain provenance-emu.com
run validate "$corpus/5calls__5calls__static_.well-known_apple-app-site-association"
run validate "$corpus/fyncom__karmacall-website__static_.well-known_apple-app-site-association"
run match "$corpus/AlekseyLupach__Apple-Associated__.well-known_apple-app-site-association" \
    /buy/shoes "/help/x?articleNumber=1234" "/help/x?articleNumber=123" /help/website/contact
exit 0
