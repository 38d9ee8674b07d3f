extension CodeDoc {
    /// `<loc>` values the protocol does not allow. Reported by ``SitemapCrawl`` (`aasa-check coverage`).
    static let aasa711 = CodeDoc(
        code: .aasa711, severity: .warning,
        title: "A sitemap lists a <loc> the protocol does not allow: not an absolute URL, 2,048 characters or more, or missing",
        why: "A page's <loc> must be its absolute http or https URL, shorter than 2,048 characters. A relative path or another scheme is not a page search engines (or aasa-check) can place on a host, so it is not counted; an overlong URL is counted but search engines may drop it.",
        fix: "Write each <loc> as the page's full URL, such as https://example.com/products/1.",
        failing: .coverage(CoverageExample(
            document: #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app"], "components": [{"/": "/products/*"}]}]}}"#,
            sitemaps: [("sitemap.xml", .text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>/products/1</loc></url>
            </urlset>
            """))])),
        passing: .coverage(CoverageExample(
            document: #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app"], "components": [{"/": "/products/*"}]}]}}"#,
            sitemaps: [("sitemap.xml", .text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.com/products/1</loc></url>
            </urlset>
            """))])))
}

extension DiagnosticCode {
    /// AASA711: see ``CodeDoc/aasa711``.
    public static let aasa711 = DiagnosticCode(rawValue: "AASA711")
}
