extension CodeDoc {
    /// A sitemap over the protocol's limits. Reported by ``SitemapCrawl`` (`aasa-check coverage`).
    static let aasa709 = CodeDoc(
        code: .aasa709, severity: .warning,
        title: "A sitemap is over the protocol's limits: more than 50,000 entries, or more than 50 MB uncompressed",
        why: "The Sitemaps protocol allows at most 50,000 URLs (or sitemaps) and 50 MB (52,428,800 bytes) uncompressed per file; search engines reject a larger file. aasa-check reads a file to 50 MB only, so a larger one — a gzip bomb among them — is counted in part.",
        fix: "Split the file into sitemaps of at most 50,000 URLs and 50 MB each, listed in a sitemap index.",
        failing: .coverage(CoverageExample.products([("sitemap.xml", .urls(count: 50_001, prefix: "https://example.com/products/"))])),
        passing: .coverage(CoverageExample.products([("sitemap.xml", .urls(count: 50_000, prefix: "https://example.com/products/"))])))
}

extension DiagnosticCode {
    /// AASA709: see ``CodeDoc/aasa709``.
    public static let aasa709 = DiagnosticCode(rawValue: "AASA709")
}
