#!/usr/bin/env bash
# Local HTTPS test harness for aasa-check: a throwaway CA, nginx on loopback serving named
# virtual hosts from fixture directories, a virtual host that plays Apple's CDN, and a TCP
# listener that accepts connections and never answers.
#
#   scripts/harness.sh start   start (idempotent); prints the environment (also in $STATE/env)
#   scripts/harness.sh stop    stop what start started (by pid files)
#   scripts/harness.sh env     print the environment of the running harness
#   scripts/harness.sh status  exit 0 when running
#
# HARNESS_SITES=DIR adds sites of your own at start: each directory DIR/HOST is served as
# https://HOST/ (its files as they lie, .well-known/ included), under the same throwaway CA;
# an apple-app-site-association in it is also what the harness's CDN answers for HOST. Stop
# the harness first when it runs: start reuses a running one.
#
# State lives in $HARNESS_DIR (default: <repo>/.harness). Sites are the directories of
# Fixtures/harness/sites and Fixtures/demo/sites, one per host name; CDN copies are
# Fixtures/*/cdn/<host>.json. A family of bulk hosts, KIND-N.bulk.test for any number N
# (good, redirect, notfound, html, textplain, botblock, empty, badjson, toobig, expired,
# reset), serves many domains at once (Fixtures/harness/README.md). Clients reach every host
# through curl's --connect-to (HARNESS_CONNECT_TO) and trust HARNESS_CA. Nothing listens on
# anything but 127.0.0.1.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
STATE=${HARNESS_DIR:-$REPO/.harness}
FIXTURES=$REPO/Fixtures

log() { echo "harness: $*" >&2; }
die() { echo "harness: error: $*" >&2; exit 1; }

ensure_tools() {
    local missing=()
    command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
    command -v openssl >/dev/null 2>&1 || missing+=(openssl)
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    command -v gzip >/dev/null 2>&1 || missing+=(gzip)
    if [ ${#missing[@]} -gt 0 ]; then
        log "installing ${missing[*]} with apt-get"
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y --no-install-recommends "${missing[@]}" >&2 \
            || { apt-get update >&2 && apt-get install -y --no-install-recommends "${missing[@]}" >&2; } \
            || die "could not install ${missing[*]}"
    fi
    NGINX=$(command -v nginx || echo /usr/sbin/nginx)
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null && ! grep -q "^[0-9]* ([^)]*) Z" "/proc/$(cat "$1")/stat" 2>/dev/null; }

# Running, and in this network namespace: a harness started outside `unshare -n` listens on
# another loopback, so a run inside a new namespace would find only refused connections.
netns() { readlink /proc/self/ns/net 2>/dev/null || echo unknown; }
running() { alive "$STATE/nginx.pid" && alive "$STATE/hang.pid" && [ "$(cat "$STATE/netns" 2>/dev/null)" = "$(netns)" ]; }

# --- certificates -------------------------------------------------------------------------

make_pki() {
    local pki=$STATE/pki hosts=("$@")
    rm -rf "$pki"; mkdir -p "$pki/newcerts"
    : > "$pki/index.txt"; echo 1000 > "$pki/serial"
    cat > "$pki/ca.cnf" <<CNF
[ca]
default_ca = testca
[testca]
dir = $pki
database = $pki/index.txt
new_certs_dir = $pki/newcerts
serial = $pki/serial
certificate = $pki/ca.pem
private_key = $pki/ca.key
default_md = sha256
policy = anything
unique_subject = no
[anything]
commonName = supplied
[leaf]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = \$ENV::LEAF_SAN
CNF
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -sha256 \
        -keyout "$pki/ca.key" -out "$pki/ca.pem" -days 30 -subj "/CN=aasa-check harness test CA" \
        -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
        2>/dev/null
    local now past1 past2 later
    now=$(date -u -d '-1 day' +%Y%m%d%H%M%SZ)
    later=$(date -u -d '+20 days' +%Y%m%d%H%M%SZ)
    past1=$(date -u -d '-400 days' +%Y%m%d%H%M%SZ)
    past2=$(date -u -d '-35 days' +%Y%m%d%H%M%SZ)
    leaf() { # name cn san start end
        openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
            -keyout "$pki/$1.key" -out "$pki/$1.csr" -subj "/CN=$2" 2>/dev/null
        LEAF_SAN=$3 openssl ca -batch -config "$pki/ca.cnf" -extensions leaf -notext \
            -startdate "$4" -enddate "$5" -in "$pki/$1.csr" -out "$pki/$1.pem" 2>/dev/null \
            || die "openssl ca failed for $1"
    }
    local san="" h
    for h in "${hosts[@]}"; do san+="${san:+,}DNS:$h"; done
    leaf leaf "${hosts[0]}" "$san" "$now" "$later"
    leaf expired expired.aasa.test "DNS:expired.aasa.test" "$past1" "$past2"
    leaf wronghost other-host.aasa-elsewhere.test "DNS:other-host.aasa-elsewhere.test" "$now" "$later"
    leaf bulkexpired "expired.bulk.test" "DNS:*.bulk.test" "$past1" "$past2"
}

# --- generated sites (too large to keep in git) -----------------------------------------------

generate_sites() {
    local sites=$STATE/sites cdn=$STATE/cdn h wk=.well-known/apple-app-site-association
    local good=$FIXTURES/harness/good.json
    for h in good www.redirect textplain octet botblock expired wronghost gzip; do
        mkdir -p "$sites/$h.aasa.test/.well-known"
        cp "$good" "$sites/$h.aasa.test/$wk"
    done
    mkdir -p "$sites/notfound.aasa.test" "$sites/legacy.aasa.test" "$sites/spa.aasa.test" \
        "$sites/empty.aasa.test/.well-known" "$sites/bom.aasa.test/.well-known" \
        "$sites/stale.aasa.test/.well-known" "$sites/big.aasa.test/.well-known" \
        "$sites/bomb.aasa.test/.well-known" "$sites/huge.aasa.test/.well-known"
    cp "$good" "$sites/legacy.aasa.test/apple-app-site-association"
    cp "$FIXTURES/harness/spa-index.html" "$sites/spa.aasa.test/index.html"
    mkdir -p "$sites/markup.aasa.test/.well-known"
    cp "$FIXTURES/harness/markup.json" "$sites/markup.aasa.test/$wk"
    : > "$sites/empty.aasa.test/$wk"
    { printf '\xEF\xBB\xBF'; cat "$good"; } > "$sites/bom.aasa.test/$wk"
    cp "$FIXTURES/harness/stale-origin.json" "$sites/stale.aasa.test/$wk"
    # Android's statement list (assetlinks.json): good, served as text/plain, behind the
    # redirect; links.aasa.test includes a file over https and one over http, and its
    # robots.txt disallows /.well-known/.
    local al=.well-known/assetlinks.json
    for h in good textplain www.redirect; do cp "$FIXTURES/harness/assetlinks.json" "$sites/$h.aasa.test/$al"; done
    mkdir -p "$sites/links.aasa.test/.well-known"
    cp "$FIXTURES/harness/assetlinks-include.json" "$sites/links.aasa.test/$al"
    cp "$FIXTURES/harness/assetlinks-more.json" "$sites/links.aasa.test/more-links.json"
    cp "$FIXTURES/harness/assetlinks-more.json" "$sites/links.aasa.test/insecure-links.json"
    printf 'User-agent: *\nDisallow: /.well-known/\n' > "$sites/links.aasa.test/robots.txt"
    # Passkeys (issue 24): passkeys.aasa.test has the shop in webcredentials, both Android
    # relations and a webauthn file of six labels; passkeys-broken.aasa.test lists another app in
    # webcredentials, has handle_all_urls only and "related_origins" in place of "origins".
    local wa=.well-known/webauthn
    mkdir -p "$sites/passkeys.aasa.test/.well-known" "$sites/passkeys-broken.aasa.test/.well-known"
    cp "$FIXTURES/harness/clip.json" "$sites/passkeys.aasa.test/$wk"
    cp "$FIXTURES/harness/passkeys-assetlinks.json" "$sites/passkeys.aasa.test/$al"
    cp "$FIXTURES/harness/passkeys-webauthn.json" "$sites/passkeys.aasa.test/$wa"
    cp "$good" "$sites/passkeys-broken.aasa.test/$wk"
    cp "$FIXTURES/harness/assetlinks.json" "$sites/passkeys-broken.aasa.test/$al"
    cp "$FIXTURES/harness/passkeys-broken-webauthn.json" "$sites/passkeys-broken.aasa.test/$wa"
    # Sign-in URLs (issue 24): signin.aasa.test's AASA opens every path but /oauth/*, its
    # assetlinks.json's dynamic rules open /login* and /product/*.
    mkdir -p "$sites/signin.aasa.test/.well-known"
    cp "$FIXTURES/harness/signin.json" "$sites/signin.aasa.test/$wk"
    cp "$FIXTURES/harness/signin-assetlinks.json" "$sites/signin.aasa.test/$al"
    # A shop and its App Clip, with rules of their own, on the apex and on www.
    for h in clip.aasa.test www.clip.aasa.test; do
        mkdir -p "$sites/$h/.well-known"
        cp "$FIXTURES/harness/clip.json" "$sites/$h/$wk"
        cp "$FIXTURES/harness/clip.json" "$cdn/$h.json"
    done
    cp "$FIXTURES/harness/stale-cdn.json" "$cdn/stale.aasa.test.json"
    # The CDN re-serialises: same meaning, different bytes.
    python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1])), separators=(",",":")))' \
        "$good" > "$cdn/good.aasa.test.json"
    cp "$cdn/good.aasa.test.json" "$cdn/gzip.aasa.test.json"
    # big.aasa.test: a valid document over 131,072 bytes, served gzip-compressed.
    python3 - "$sites/big.aasa.test/$wk" <<'PY'
import json, sys
components = [{"/": "/product/%05d/*" % i, "comment": "catalogue page %d" % i} for i in range(3000)]
doc = {"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.aasacheck.big"], "components": components}]}}
open(sys.argv[1], "w").write(json.dumps(doc, indent=2) + "\n")
PY
    # huge.aasa.test: 8 MiB of plain body, no compression (the cap must stop reading early).
    python3 -c 'import sys; open(sys.argv[1],"w").write("{\"applinks\":{\"details\":[]},\"pad\":\"" + "x"*(8*1024*1024) + "\"}\n")' \
        "$sites/huge.aasa.test/$wk"
    # bomb.aasa.test: 64 MiB of spaces gzip-compressed to ~64 KiB, served as Content-Encoding: gzip.
    head -c $((64*1024*1024)) /dev/zero | tr '\0' ' ' | gzip -9 > "$sites/bomb.aasa.test/$wk.gz"
}

# Sites with sitemaps (coverage): shop.example serves Fixtures/sitemaps/shop as a live shop
# would; sitemaps.aasa.test serves an index naming every kind of bad sitemap; nositemap.aasa.test
# has neither robots.txt nor /sitemap.xml.
sitemap_sites() {
    local shop=$STATE/sites/shop.example bad=$STATE/sites/sitemaps.aasa.test wk=.well-known/apple-app-site-association
    mkdir -p "$shop/.well-known" "$bad/.well-known" "$STATE/sites/nositemap.aasa.test/.well-known"
    cp "$FIXTURES"/sitemaps/shop/*.xml "$FIXTURES"/sitemaps/shop/*.xml.gz "$shop/"
    cp "$FIXTURES/sitemaps/shop/apple-app-site-association" "$shop/$wk"
    printf 'User-agent: *\nDisallow: /account/\n\nSitemap: https://shop.example/sitemap_index.xml\n' > "$shop/robots.txt"
    cp "$FIXTURES/sitemaps/shop/apple-app-site-association" "$bad/$wk"
    cp "$FIXTURES/harness/good.json" "$STATE/sites/nositemap.aasa.test/$wk"
    # Apple's CDN has the same files; for sitemaps.aasa.test an older one without /product-category/*.
    cp "$FIXTURES/sitemaps/shop/apple-app-site-association" "$STATE/cdn/shop.example.json"
    cp "$FIXTURES/harness/good.json" "$STATE/cdn/nositemap.aasa.test.json"
    grep -v '"/product-category/\*"' "$FIXTURES/sitemaps/shop/apple-app-site-association" > "$STATE/cdn/sitemaps.aasa.test.json"
    printf 'Sitemap: https://sitemaps.aasa.test/index.xml\n' > "$bad/robots.txt"
    python3 - "$bad" <<'PY'
import gzip, sys
d = sys.argv[1]
head = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
def urlset(pages):
    return head + "".join(f"<url><loc>{p}</loc></url>\n" for p in pages) + "</urlset>\n"
names = ["ok.xml", "bomb.xml.gz", "missing.xml", "broken.xml", "html.xml", "encoded.xml", "moved.xml", "away.xml",
         "index.xml", "https://other.aasa.test/x.xml", "http://sitemaps.aasa.test/plain.xml"]
locs = [n if n.startswith("http") else "https://sitemaps.aasa.test/" + n for n in names]
open(f"{d}/index.xml", "w").write('<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    + "".join(f"<sitemap><loc>{l}</loc></sitemap>\n" for l in locs) + "</sitemapindex>\n")
open(f"{d}/ok.xml", "w").write(urlset([f"https://sitemaps.aasa.test/product/p{i}/" for i in range(5)]))
open(f"{d}/broken.xml", "w").write(head + "<url><loc>https://sitemaps.aasa.test/product/a?x=1&y=2</loc></url>\n</urlset>\n")
open(f"{d}/html.xml", "w").write("<!DOCTYPE html><html><body>Not found</body></html>\n")
open(f"{d}/target.xml", "w").write(urlset(["https://sitemaps.aasa.test/blog/moved/"]))
# A gzip bomb: a sitemap that opens, then 64 MiB of spaces (about 64 KiB compressed).
with gzip.open(f"{d}/bomb.xml.gz", "wb", compresslevel=9) as f:
    f.write(head.encode())
    block = b" " * (1 << 20)
    for _ in range(64):
        f.write(block)
# Served with Content-Encoding: gzip (nginx gzip_static): libcurl decodes it.
with gzip.open(f"{d}/encoded.xml.gz", "wb") as f:
    f.write(urlset([f"https://sitemaps.aasa.test/product-category/c{i}/" for i in range(3)]).encode())
PY
}

# The bulk family: one directory per kind, shared by every KIND-N.bulk.test host.
bulk_sites() {
    local bulk=$STATE/bulk wk=.well-known/apple-app-site-association k
    for k in good html empty badjson toobig; do mkdir -p "$bulk/$k/.well-known"; done
    cp "$FIXTURES/harness/good.json" "$bulk/good/$wk"
    # Android's statement list too, for `--platform all` over many hosts (scripts/bench-apk.sh).
    cp "$FIXTURES/harness/assetlinks.json" "$bulk/good/.well-known/assetlinks.json"
    cp "$FIXTURES/harness/spa-index.html" "$bulk/html/$wk"
    : > "$bulk/empty/$wk"
    # A missing comma after the first member (AASA201 at 3:5).
    printf '{\n  "applinks": {"details": []}\n  "webcredentials": {"apps": []}\n}\n' > "$bulk/badjson/$wk"
    # Valid JSON over Apple's 131,072-byte limit, served uncompressed.
    python3 -c 'import sys; open(sys.argv[1],"w").write("{\"applinks\":{\"details\":[]},\"pad\":\"" + "x"*140000 + "\"}\n")' \
        "$bulk/toobig/$wk"
}

# Real files from Fixtures/corpus under their real host names (Fixtures/demo/sites.tsv).
demo_sites() {
    local table=$FIXTURES/demo/sites.tsv corpus=$FIXTURES/corpus/aasa host file placement cdn story
    [ -f "$table" ] || return 0
    while IFS=$'\t' read -r host file placement cdn story; do
        [ "$host" = host ] && continue
        [ -f "$corpus/$file" ] || die "demo site $host: $corpus/$file is missing"
        if [ "$placement" = root ]; then
            mkdir -p "$STATE/sites/$host"
            cp "$corpus/$file" "$STATE/sites/$host/apple-app-site-association"
        else
            mkdir -p "$STATE/sites/$host/.well-known"
            cp "$corpus/$file" "$STATE/sites/$host/.well-known/apple-app-site-association"
        fi
        case "$cdn" in
            same) python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1])), separators=(",",":")))' \
                      "$corpus/$file" > "$STATE/cdn/$host.json" 2>/dev/null \
                  || cp "$corpus/$file" "$STATE/cdn/$host.json" ;;
            older:*) cp "$corpus/${cdn#older:}" "$STATE/cdn/$host.json" ;;
            *) ;;
        esac
    done < "$table"
}

# --- nginx ----------------------------------------------------------------------------------

write_nginx_conf() {
    local port=$1 S=$STATE
    cat > "$S/nginx.conf" <<NGX
user root;
worker_processes 1;
daemon on;
pid $S/nginx.pid;
error_log $S/error.log warn;
events { worker_connections 512; }
http {
    access_log $S/access.log;
    client_body_temp_path $S/tmp/body;
    proxy_temp_path $S/tmp/proxy;
    fastcgi_temp_path $S/tmp/fastcgi;
    uwsgi_temp_path $S/tmp/uwsgi;
    scgi_temp_path $S/tmp/scgi;
    types { application/json json; text/html html; text/plain txt; }
    default_type application/json;
    server_tokens off;
    keepalive_timeout 5;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_certificate $S/pki/leaf.pem;
    ssl_certificate_key $S/pki/leaf.key;
    gzip off;

    map \$uri \$cdn_host {
        "~^/a/v1/(?<h>[a-z0-9.-]+)\$" \$h;
        default "";
    }
    map \$cdn_host \$cdn_age {
        stale.aasa.test 86000;
        default 1200;
    }
    map \$cdn_host \$cdn_failure {
        botblock.aasa.test "SWCERR00101 Bad HTTP Response: 403 Forbidden";
        hang.aasa.test "SWCERR00301 Timeout";
        default "SWCERR00101 Bad HTTP Response: 404 Not Found";
    }
    map \$cdn_host \$cdn_details {
        botblock.aasa.test '{"status":403,"url":"https://botblock.aasa.test/.well-known/apple-app-site-association"}';
        default '{"status":404}';
    }

    # Every site directory is a virtual host: \$host selects the directory.
    server {
        listen 127.0.0.1:$port ssl http2 default_server;
        server_name _;
        root $S/sites/\$host;
        location = /.well-known/webauthn { types { } default_type application/json; }
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name redirect.aasa.test;
        return 308 https://www.redirect.aasa.test\$request_uri;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name textplain.aasa.test;
        root $S/sites/\$host;
        default_type text/plain;
        location = /.well-known/assetlinks.json { types { } default_type text/plain; }
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name octet.aasa.test;
        root $S/sites/\$host;
        default_type application/octet-stream;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name spa.aasa.test;
        root $S/sites/\$host;
        location / { try_files \$uri /index.html; }
    }
    # Server text that looks like markup: a body whose JSON breaks on HTML tags and Markdown,
    # and a Content-Type holding Markdown and a tag (reports must show both as text).
    server {
        listen 127.0.0.1:$port ssl;
        server_name markup.aasa.test;
        root $S/sites/\$host;
        default_type "text/x-md; note=**bold**|_it_|[link](https://evil.example)|<i>x</i>";
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name big.aasa.test gzip.aasa.test;
        root $S/sites/\$host;
        gzip on;
        gzip_min_length 1;
        gzip_types application/json;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name bomb.aasa.test;
        root $S/sites/\$host;
        gzip_static always;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name botblock.aasa.test;
        root $S/sites/\$host;
        if (\$http_user_agent ~ AASA-Bot) { return 403; }
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name expired.aasa.test;
        root $S/sites/\$host;
        ssl_certificate $S/pki/expired.pem;
        ssl_certificate_key $S/pki/expired.key;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name wronghost.aasa.test;
        root $S/sites/\$host;
        ssl_certificate $S/pki/wronghost.pem;
        ssl_certificate_key $S/pki/wronghost.key;
    }
    # Sitemaps (sitemap_sites): XML, gzip files as such, one sitemap gzip-encoded on the wire,
    # redirects on the same host and to another.
    server {
        listen 127.0.0.1:$port ssl;
        server_name shop.example sitemaps.aasa.test;
        root $S/sites/\$host;
        types { application/xml xml; application/gzip gz; text/plain txt; text/html html; }
        default_type application/json;
        location = /encoded.xml { gzip_static always; types { } default_type application/xml; }
        location = /moved.xml { return 301 /target.xml; }
        location = /away.xml { return 302 https://elsewhere.aasa.test/target.xml; }
        location = /old-sitemap.xml { return 308 https://shop.example/post-sitemap.xml; }
        location = /html.xml { types { } default_type text/html; }
    }
    # Echoes what the client sent, and sets a cookie it must never send back.
    server {
        listen 127.0.0.1:$port ssl;
        server_name echo.aasa.test;
        default_type text/plain;
        location / {
            add_header Set-Cookie "session=secret; Path=/; Secure" always;
            return 200 "user-agent=\$http_user_agent\ncookie=\$http_cookie\naccept-encoding=\$http_accept_encoding\nauthorization=\$http_authorization\nhost=\$host\nhttp_host=\$http_host\nuri=\$request_uri\n";
        }
    }
    # The bulk family (KIND-N.bulk.test, any N): many hosts, one directory per kind, no
    # access log so that a thousand requests cost the server as little as possible; where
    # files are served, no error-log line for a file that is not there (every robots.txt of
    # a --platform all run) and the open files kept (these directories never change while
    # nginx runs).
    server {
        listen 127.0.0.1:$port ssl;
        server_name ~^good-[0-9]+\.bulk\.test\$;
        root $S/bulk/good;
        access_log off;
        log_not_found off;
        open_file_cache max=16 inactive=600s;
        open_file_cache_valid 600s;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name ~^redirect-[0-9]+\.bulk\.test\$;
        access_log off;
        return 301 https://www.\$host\$request_uri;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name ~^notfound-[0-9]+\.bulk\.test\$;
        access_log off;
        return 404;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name ~^html-[0-9]+\.bulk\.test\$;
        root $S/bulk/html;
        default_type text/html;
        access_log off;
        log_not_found off;
        open_file_cache max=16 inactive=600s;
        open_file_cache_valid 600s;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name ~^textplain-[0-9]+\.bulk\.test\$;
        root $S/bulk/good;
        default_type text/plain;
        access_log off;
        log_not_found off;
        open_file_cache max=16 inactive=600s;
        open_file_cache_valid 600s;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name ~^botblock-[0-9]+\.bulk\.test\$;
        root $S/bulk/good;
        access_log off;
        log_not_found off;
        open_file_cache max=16 inactive=600s;
        open_file_cache_valid 600s;
        if (\$http_user_agent ~ AASA-Bot) { return 403; }
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name ~^empty-[0-9]+\.bulk\.test\$;
        root $S/bulk/empty;
        access_log off;
        log_not_found off;
        open_file_cache max=16 inactive=600s;
        open_file_cache_valid 600s;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name ~^badjson-[0-9]+\.bulk\.test\$;
        root $S/bulk/badjson;
        access_log off;
        log_not_found off;
        open_file_cache max=16 inactive=600s;
        open_file_cache_valid 600s;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name ~^toobig-[0-9]+\.bulk\.test\$;
        root $S/bulk/toobig;
        access_log off;
        log_not_found off;
        open_file_cache max=16 inactive=600s;
        open_file_cache_valid 600s;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name ~^expired-[0-9]+\.bulk\.test\$;
        root $S/bulk/good;
        access_log off;
        log_not_found off;
        open_file_cache max=16 inactive=600s;
        open_file_cache_valid 600s;
        ssl_certificate $S/pki/bulkexpired.pem;
        ssl_certificate_key $S/pki/bulkexpired.key;
    }
    server {
        listen 127.0.0.1:$port ssl;
        server_name ~^reset-[0-9]+\.bulk\.test\$;
        access_log off;
        # 444: nginx closes the connection without an answer.
        return 444;
    }
    # Apple's CDN: /a/v1/<host> answers the copy in cdn/<host>.json, or 404 with Apple-* headers.
    server {
        listen 127.0.0.1:$port ssl;
        server_name app-site-association.cdn-apple.com cdn.aasa.test;
        root $S/cdn;
        location /a/v1/ {
            if (\$cdn_host = "") { return 404; }
            try_files /\$cdn_host.json @cdnfail;
            add_header Apple-From "https://\$cdn_host/.well-known/apple-app-site-association";
            add_header Apple-Origin-Format json;
            add_header Cache-Control "public, max-age=3600";
            add_header Age \$cdn_age;
        }
        location @cdnfail {
            add_header Apple-Failure-Reason \$cdn_failure always;
            add_header Apple-Failure-Details \$cdn_details always;
            add_header Apple-From "https://\$cdn_host/.well-known/apple-app-site-association" always;
            add_header Apple-Try-Direct false always;
            add_header Cache-Control "max-age=3600,public" always;
            return 404;
        }
    }
}
NGX
}

start_hang_server() {
    local port=$1
    cat > "$STATE/hang.py" <<'PY'
# Accepts TCP connections and never answers: the "server that never answers" case.
import os, socket, sys, time
port = int(sys.argv[1])
srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", port))
srv.listen(128)
held = []
while True:
    conn, _ = srv.accept()
    held.append((conn, time.time()))
    # Drop connections older than 10 minutes so the list stays bounded.
    now = time.time()
    for c, t in [h for h in held if now - h[1] > 600]:
        c.close()
    held = [h for h in held if now - h[1] <= 600]
PY
    ( close_inherited; exec setsid nohup python3 "$STATE/hang.py" "$port" >"$STATE/hang.log" 2>&1 </dev/null ) &
    echo $! > "$STATE/hang.pid"
}

# Closes every descriptor above 2 of this (sub)shell, before it becomes a daemon: a daemon must
# not keep open a pipe that whoever started this script reads to its end. (A test process that
# ran this script while another of its threads waited for a child's stderr pipe never saw that
# pipe end: nginx and the hang listener held its write end.) The lock (fd 9) goes too.
close_inherited() {
    local fd
    for fd in /dev/fd/*; do
        fd=${fd##*/}
        if [ "$fd" -gt 2 ] 2>/dev/null; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
}

wait_port() {
    local i
    for i in $(seq 1 100); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
        sleep 0.05
    done
    return 1
}

collect_sites() {
    rm -rf "$STATE/sites" "$STATE/cdn"
    mkdir -p "$STATE/sites" "$STATE/cdn"
    local dir
    rm -rf "$STATE/bulk"
    demo_sites
    generate_sites
    sitemap_sites
    bulk_sites
    user_sites
}

# HARNESS_SITES=DIR: each directory DIR/HOST becomes the site HOST (and Apple's CDN copy of
# its apple-app-site-association, when it has one).
user_sites() {
    [ -n "${HARNESS_SITES:-}" ] || return 0
    [ -d "$HARNESS_SITES" ] || die "HARNESS_SITES=$HARNESS_SITES is not a directory"
    local d h aasa
    for d in "$HARNESS_SITES"/*/; do
        [ -d "$d" ] || continue
        h=$(basename "$d")
        [[ $h =~ ^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$ && $h == *.* ]] \
            || die "HARNESS_SITES: $h is not a lower-case host name (example.test)"
        rm -rf "${STATE:?}/sites/$h"
        cp -R "$d" "$STATE/sites/$h"
        for aasa in "$d.well-known/apple-app-site-association" "${d}apple-app-site-association"; do
            if [ -f "$aasa" ]; then cp "$aasa" "$STATE/cdn/$h.json"; break; fi
        done
        log "site $h from $d"
    done
}

do_start() {
    mkdir -p "$STATE"
    exec 9>"$STATE/lock"
    flock 9
    if running && [ -f "$STATE/env" ]; then
        cat "$STATE/env"
        return 0
    fi
    do_stop_locked
    ensure_tools
    mkdir -p "$STATE/tmp"
    collect_sites
    local hosts=(good.aasa.test app-site-association.cdn-apple.com cdn.aasa.test hang.aasa.test
        refused.aasa.test redirect.aasa.test www.redirect.aasa.test big.aasa.test gzip.aasa.test
        bomb.aasa.test huge.aasa.test spa.aasa.test textplain.aasa.test octet.aasa.test
        botblock.aasa.test echo.aasa.test "*.bulk.test")
    local d h
    for d in "$STATE/sites"/*/; do
        h=$(basename "$d")
        case " ${hosts[*]} " in *" $h "*) ;; *) [ "$h" = expired.aasa.test ] || [ "$h" = wronghost.aasa.test ] || hosts+=("$h") ;; esac
    done
    make_pki "${hosts[@]}"
    local port hang closed
    # HARNESS_LISTEN_PORT: nginx on that port instead of a free one (443 in a network namespace
    # of its own, for a run without --connect-to: scripts/bench-apk.sh).
    port=${HARNESS_LISTEN_PORT:-$(free_port)}; hang=$(free_port); closed=$(free_port)
    while [ "$hang" = "$port" ]; do hang=$(free_port); done
    while [ "$closed" = "$port" ] || [ "$closed" = "$hang" ]; do closed=$(free_port); done
    write_nginx_conf "$port"
    "$NGINX" -t -q -p "$STATE" -c "$STATE/nginx.conf" -e "$STATE/error.log" \
        || die "nginx rejected the configuration (see $STATE/error.log)"
    ( close_inherited; exec setsid "$NGINX" -p "$STATE" -c "$STATE/nginx.conf" -e "$STATE/error.log" </dev/null ) \
        || die "nginx did not start (see $STATE/error.log)"
    start_hang_server "$hang"
    wait_port "$port" || die "nginx is not listening on 127.0.0.1:$port"
    wait_port "$hang" || die "the never-answering listener is not up on 127.0.0.1:$hang"
    cat > "$STATE/env.tmp" <<ENV
HARNESS_DIR=$STATE
HARNESS_PORT=$port
HARNESS_HANG_PORT=$hang
HARNESS_CLOSED_PORT=$closed
HARNESS_CA=$STATE/pki/ca.pem
HARNESS_CONNECT_TO="hang.aasa.test:443:127.0.0.1:$hang refused.aasa.test:443:127.0.0.1:$closed ::127.0.0.1:$port"
ENV
    netns > "$STATE/netns"
    mv "$STATE/env.tmp" "$STATE/env"
    log "nginx on 127.0.0.1:$port, silent listener on :$hang, CA $STATE/pki/ca.pem"
    cat "$STATE/env"
}

do_stop_locked() {
    local f pid
    for f in nginx hang; do
        if alive "$STATE/$f.pid"; then
            pid=$(cat "$STATE/$f.pid")
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
            kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
        fi
        rm -f "$STATE/$f.pid"
    done
    rm -f "$STATE/env"
}

case "${1:-}" in
    start) do_start ;;
    stop)
        [ -d "$STATE" ] || exit 0
        exec 9>"$STATE/lock"; flock 9
        do_stop_locked
        log "stopped" ;;
    env)
        running && [ -f "$STATE/env" ] || die "not running (scripts/harness.sh start)"
        cat "$STATE/env" ;;
    status) running ;;
    *) echo "usage: $0 start|stop|env|status" >&2; exit 2 ;;
esac
