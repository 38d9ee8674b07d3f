extension CodeDoc {
    /// `<loc>` values (or text sitemap lines) the protocol does not allow, and `<loc>` elements
    /// out of place. Reported by ``SitemapCrawl`` (`aasa-check coverage`).
    ///
    /// What is counted: only the first `<loc>` of each `<url>` that is an absolute `http` or
    /// `https` URL with a valid host and no user info (one of 2,048 characters or more is
    /// counted, with this warning). Not counted: a relative path or another scheme, an empty
    /// `<loc>`, a host RFC 3986 does not allow (a space in it, no host), user info before the
    /// host (RFC 9110, 4.2.4), a `<loc>` outside any `<url>`, a second `<loc>` in one `<url>`,
    /// an entry without `<loc>`, a text sitemap's line that is not UTF-8.
    static let aasa711 = CodeDoc(
        code: .aasa711, severity: .warning,
        title: "A sitemap lists a <loc> the protocol does not allow (not an absolute URL, 2,048 characters or more, missing, or out of place)",
        why: "Each <url> entry holds one <loc>: the page's absolute http or https URL, shorter than 2,048 characters (a text sitemap: one such URL a line). A relative path, another scheme, an empty value, a host with a space or no host, or user info before the host (`https://user:password@host/`, which RFC 9110 forbids in http and https URLs) is not a page search engines (or aasa-check) can place on a host, so it is not counted. A <loc> outside any <url>, or a second <loc> in one <url>, is not read by search engines as a page: only the first <loc> of each entry is counted, the others are not; an entry without <loc> is skipped. An overlong URL is counted, but search engines may drop it.",
        fix: "Write each page as its own <url> with one <loc> holding the page's full URL, such as https://example.com/products/1 (no user info); in a text sitemap, one full URL a line.",
        failing: .coverage(CoverageExample.products([("sitemap.xml", .text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>/products/1</loc></url>
              <url><loc>https://example.com/products/2</loc><loc>https://example.com/products/3</loc></url>
              <loc>https://example.com/products/4</loc>
            </urlset>
            """))])),
        passing: .coverage(CoverageExample.products([("sitemap.xml", .text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.com/products/1</loc></url>
              <url><loc>https://example.com/products/2</loc></url>
              <url><loc>https://example.com/products/3</loc></url>
              <url><loc>https://example.com/products/4</loc></url>
            </urlset>
            """))])))
}

extension DiagnosticCode {
    /// AASA711: see ``CodeDoc/aasa711``.
    public static let aasa711 = DiagnosticCode(rawValue: "AASA711")
}
