#!/usr/bin/env python3
"""Writes the shop.example sitemaps: a site in the shape of a WordPress + WooCommerce shop
whose sitemaps come from Yoast SEO (an index with an XSL stylesheet, one sitemap per content
type, image entries, a second product sitemap gzip-compressed), plus hreflang alternates.
Written for aasa-check's tests; deterministic. urls.txt lists every <loc> of a page, in the
order the index names them, for the test that decides each with `aasa-check match`."""
import gzip, io, random

rng = random.Random(15)
HOST = "https://shop.example"
words = ["linen", "wool", "summer", "classic", "trail", "city", "kids", "gift", "eco", "retro",
         "Sale", "café", "x%20y", "new"]

def slug():
    return "-".join(rng.choice(words) for _ in range(rng.randint(1, 3)))

def urlset(entries, images=False, alternates=False):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<?xml-stylesheet type="text/xsl" href="//shop.example/main-sitemap.xsl"?>',
           '<urlset xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"'
           ' xmlns:xhtml="http://www.w3.org/1999/xhtml" xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9'
           ' http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd" xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    for loc in entries:
        esc = loc.replace("&", "&amp;")
        out.append("\t<url>")
        out.append(f"\t\t<loc>{esc}</loc>")
        out.append(f"\t\t<lastmod>2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}T08:{rng.randint(10, 59)}:00+00:00</lastmod>")
        if images:
            for k in range(rng.randint(0, 2)):
                out.append(f"\t\t<image:image>\n\t\t\t<image:loc>{HOST}/wp-content/uploads/2024/0{k + 1}/{slug()}.jpg</image:loc>\n\t\t</image:image>")
        if alternates:
            out.append(f'\t\t<xhtml:link rel="alternate" hreflang="de" href="{esc.replace(HOST, HOST + "/de")}"/>')
        out.append("\t</url>")
    out.append("</urlset>")
    return "\n".join(out) + "\n"

pages = [HOST + "/", HOST + "/about/", HOST + "/contact/", HOST + "/cart/", HOST + "/checkout/",
         HOST + "/account/", HOST + "/account/orders/", HOST + "/shop/", HOST + "/shop/?orderby=price&paged=2",
         "https://www.shop.example/about/", HOST + "/Shop/"]
posts = [f"{HOST}/blog/{slug()}-{i}/" + ("?utm_source=app" if i % 7 == 0 else "") for i in range(180)]
products1 = [f"{HOST}/product/{slug()}-{i}/" for i in range(400)]
products2 = [f"{HOST}/product/{slug()}-{i}/" for i in range(400, 700)] + [f"{HOST}/product-category/{slug()}/" for _ in range(40)]
sitemaps = [("post-sitemap.xml", posts, True, False), ("page-sitemap.xml", pages, False, True),
            ("product-sitemap.xml", products1, True, True), ("product-sitemap2.xml.gz", products2, True, False)]

index = ['<?xml version="1.0" encoding="UTF-8"?>',
         '<?xml-stylesheet type="text/xsl" href="//shop.example/main-sitemap.xsl"?>',
         '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
for name, *_ in sitemaps:
    index.append(f"\t<sitemap>\n\t\t<loc>{HOST}/{name}</loc>\n\t\t<lastmod>2024-09-18T10:02:11+00:00</lastmod>\n\t</sitemap>")
index.append("</sitemapindex>")
open("sitemap_index.xml", "w").write("\n".join(index) + "\n")
every = []
for name, entries, images, alternates in sitemaps:
    text = urlset(entries, images, alternates)
    if name.endswith(".gz"):
        buf = io.BytesIO()
        with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0) as f:
            f.write(text.encode())
        open(name, "wb").write(buf.getvalue())
    else:
        open(name, "w").write(text)
    every += entries
# Local copies name the sitemaps by path: the same index for reading from disk.
open("sitemap_index.local.xml", "w").write("\n".join(index).replace(HOST + "/", "") + "\n")
open("urls.txt", "w").write("\n".join(every) + "\n")
