#!/usr/bin/env bash
# Site coverage benchmark (issue 15): `aasa-check coverage` over 20 local gzip-compressed
# sitemaps holding 1,000,000 URLs in total (50,000 each, under one sitemap index), on one core
# (taskset; under nice, the machine is shared), beside two baselines over the same files in the
# same run: decompress + grep
# (`zcat | grep -c '<loc>'`: only counts, decides nothing) and Python's streaming
# `xml.etree.ElementTree.iterparse` over `gzip.open` (reads every <loc>, decides nothing).
# Prints wall time, peak memory (/usr/bin/time %M) and URLs per second of each (median of
# ROUNDS), then aasa-check's peak memory on a gzip bomb (64 MiB of XML in ~64 KiB).
# Targets: aasa-check under 5 s wall and under 128 MB.
#
# The URLs are made from the document's own rule prefixes (as scripts/bench-match.sh makes
# them), so they exercise the rules; the files are generated once into .build/bench-coverage.
#
# Usage: scripts/bench-coverage.sh [DOCUMENT] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
doc=${1:-Fixtures/corpus/aasa/Adophlidu__firefly.social__apps_web_public_.well-known_apple-app-site-association}
rounds=${2:-3}
core=${BENCH_CORE:-0}

swift build -c release --product aasa-check >/dev/null
bin=.build/release/aasa-check

key=$(sha256sum "$doc" | cut -c1-12)
dir=.build/bench-coverage/$key
if [ ! -f "$dir/done" ]; then
    echo "bench-coverage: writing 20 gzip sitemaps of 50,000 URLs into $dir" >&2
    rm -rf "$dir"; mkdir -p "$dir"
    python3 - "$doc" "$dir" <<'PY'
import gzip, json, random, sys
doc, out = sys.argv[1], sys.argv[2]
rules = []
for entry in json.load(open(doc)).get("applinks", {}).get("details", []):
    for c in entry.get("components", []) if isinstance(entry, dict) else []:
        if isinstance(c, dict) and isinstance(c.get("/"), str):
            rules.append(c["/"])
    for p in entry.get("paths", []) if isinstance(entry, dict) else []:
        if isinstance(p, str):
            rules.append(p.removeprefix("NOT "))
prefixes = [r.split("*")[0].split("?")[0].split("$")[0] or "/" for r in rules] + ["/", "/about/", "/blog/", "/static/js/"]
rng = random.Random(2026)
alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-_"
def word(n): return "".join(rng.choice(alphabet) for _ in range(n))
head = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
for k in range(20):
    lines = [head]
    for _ in range(50_000):
        s = "https://bench.example" + rng.choice(prefixes)
        if not s.endswith("/"): s += "/"
        s += word(1 + rng.randrange(12))
        if rng.randrange(3) == 0: s += "/" + word(rng.randrange(8))
        if rng.randrange(4) == 0: s += f"?id={word(4)}&amp;ref={word(3)}"
        lines.append(f"  <url>\n    <loc>{s}</loc>\n    <lastmod>2024-06-{1 + rng.randrange(28):02d}</lastmod>\n  </url>\n")
    lines.append("</urlset>\n")
    with gzip.open(f"{out}/sitemap-{k + 1}.xml.gz", "wt", compresslevel=6) as f:
        f.write("".join(lines))
with open(f"{out}/index.xml", "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')
    for k in range(20):
        f.write(f"  <sitemap><loc>sitemap-{k + 1}.xml.gz</loc></sitemap>\n")
    f.write("</sitemapindex>\n")
# A gzip bomb: a urlset that opens, then 64 MiB of spaces.
with gzip.open(f"{out}/bomb.xml.gz", "wb", compresslevel=9) as f:
    f.write(head.encode())
    for _ in range(64):
        f.write(b" " * (1 << 20))
PY
    touch "$dir/done"
fi

cat > "$dir/iterparse.py" <<'PY'
import gzip, sys, xml.etree.ElementTree as ET
n = 0
for path in sys.argv[1:]:
    with gzip.open(path, "rb") as f:
        for _, el in ET.iterparse(f):
            if el.tag.endswith("}loc") or el.tag == "loc":
                n += 1
            el.clear()
print(n)
PY

# One timed run: prints "seconds peakKB", the command's output to $dir/last.out.
timed() { nice -n 10 /usr/bin/time -f "%e %M" -o "$dir/time" taskset -c "$core" "$@" > "$dir/last.out" 2>"$dir/last.err" || true; tail -1 "$dir/time"; }
median() { sort -n | awk '{a[NR]=$0} END {print a[int((NR + 1) / 2)]}'; }

declare -A wall peak
names=("aasa-check coverage" "zcat | grep -c '<loc>'" "python3 iterparse")
for ((r = 1; r <= rounds; r++)); do
    read -r t m < <(timed "$bin" coverage "$doc" --domain bench.example --sitemap "$dir/index.xml" --format json)
    pages=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["site"]["pages"])' "$dir/last.out")
    wall[0]+="$t "; peak[0]+="$m "
    read -r t m < <(timed bash -c "zcat '$dir'/sitemap-*.xml.gz | grep -c '<loc>'")
    grepped=$(cat "$dir/last.out")
    wall[1]+="$t "; peak[1]+="$m "
    read -r t m < <(timed python3 "$dir/iterparse.py" "$dir"/sitemap-*.xml.gz)
    parsed=$(cat "$dir/last.out")
    wall[2]+="$t "; peak[2]+="$m "
done

echo "coverage of 1,000,000 URLs in 20 gzip sitemaps, core $core, median of $rounds"
echo "document: $doc"
echo "URLs counted: aasa-check $pages pages, grep $grepped, iterparse $parsed"
printf '%-24s %10s %10s %14s\n' "" "wall (s)" "peak (MB)" "URLs/s"
for i in 0 1 2; do
    t=$(tr ' ' '\n' <<< "${wall[$i]}" | grep . | median)
    m=$(tr ' ' '\n' <<< "${peak[$i]}" | grep . | median)
    printf '%-24s %10.2f %10.1f %14s\n' "${names[$i]}" "$t" "$(awk -v k="$m" 'BEGIN {print k / 1024}')" \
        "$(awk -v t="$t" 'BEGIN {printf "%d", (t > 0 ? 1000000 / t : 0)}')"
done
read -r t m < <(timed "$bin" coverage "$doc" --domain bench.example --sitemap "$dir/bomb.xml.gz" --format json)
printf 'gzip bomb (%s KB compressed, read to 50 MB): %.2f s, peak %.1f MB\n' "$(( $(stat -c %s "$dir/bomb.xml.gz") / 1024 ))" "$t" \
    "$(awk -v k="$m" 'BEGIN {print k / 1024}')"
echo "targets: aasa-check under 5 s wall and under 128 MB"
