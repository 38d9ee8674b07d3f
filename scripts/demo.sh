#!/usr/bin/env bash
# The main job on bundled real-world files: real apple-app-site-association files from public
# repositories (Fixtures/corpus, see its SOURCES.tsv) served under their real host names by a
# local HTTPS server and checked as `aasa-check DOMAIN` checks them; then the same files
# validated locally and asked what URLs do.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
echo "demo: building aasa-check (release; the first build takes a minute or two)…" >&2
swift build -c release --product aasa-check >/dev/null 2>&1 || swift build -c release --product aasa-check
bin=.build/release/aasa-check
corpus=Fixtures/corpus/aasa

run() { echo; echo "\$ aasa-check $*"; "$bin" "$@"; echo "(exit status $?)"; }

# Domain checks: real files from the corpus served under their real host names by the local
# HTTPS harness (nginx on 127.0.0.1, a throwaway CA, a stand-in for Apple's CDN); see
# Fixtures/demo/README.md. --connect-to keeps every request on this machine.
was_running=0
scripts/harness.sh status && was_running=1
# shellcheck disable=SC1091
eval "$(scripts/harness.sh start 2>/dev/null)" || { echo "demo: the harness did not start" >&2; exit 1; }
net=(--cacert "$HARNESS_CA")
for c in $HARNESS_CONNECT_TO; do net+=(--connect-to "$c"); done

# Shows the network flags once, not on every command line.
echo; echo "(every check below also gets: --cacert \$HARNESS_CA$(printf ' --connect-to %s' $HARNESS_CONNECT_TO))"
check() { echo; echo "\$ aasa-check $* …"; "$bin" "$@" "${net[@]}"; echo "(exit status $?)"; }

check provenance-emu.com new.expensify.com
check 5calls.org
check passkeys.2stable.com
check karmacall.com --app-id 8DQL627556.com.robocash.KarmaCall --app-id 8DQL627556.com.robocash.KarmaCallBeta
check botblock.aasa.test stale.aasa.test --quiet

[ "$was_running" = 1 ] || scripts/harness.sh stop 2>/dev/null

# The same engine on local files, no network: validate before deploying, and ask what a URL does.
run validate "$corpus/Provenance-Emu__provenance-emu.github.io__.well-known_apple-app-site-association" --domain provenance-emu.com
run validate "$corpus/5calls__5calls__static_.well-known_apple-app-site-association"
run validate "$corpus/fyncom__karmacall-website__static_.well-known_apple-app-site-association"
run match "$corpus/AlekseyLupach__Apple-Associated__.well-known_apple-app-site-association" \
    /buy/shoes "/help/x?articleNumber=1234" "/help/x?articleNumber=123" /help/website/contact
exit 0
