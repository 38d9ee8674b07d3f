extension CodeDoc {
    /// `<loc>` values the protocol does not allow. Reported by ``SitemapCrawl`` (`aasa-check coverage`).
    static let aasa711 = CodeDoc(
        code: .aasa711, severity: .warning,
        title: "A sitemap lists a <loc> the protocol does not allow: not an absolute URL, 2,048 characters or more, or missing",
        why: "A page's <loc> must be its absolute http or https URL, shorter than 2,048 characters. A relative path or another scheme is not a page search engines (or aasa-check) can place on a host, so it is not counted; an overlong URL is counted but search engines may drop it.",
        fix: "Write each <loc> as the page's full URL, such as https://example.com/products/1.",
        failing: .coverage(CoverageExample.products([("sitemap.xml", .urlset("/products/1"))])),
        passing: .coverage(CoverageExample.products([("sitemap.xml", .urlset("https://example.com/products/1"))])))
}

extension DiagnosticCode {
    /// AASA711: see ``CodeDoc/aasa711``.
    public static let aasa711 = DiagnosticCode(rawValue: "AASA711")
}
