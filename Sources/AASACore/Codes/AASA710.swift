extension CodeDoc {
    /// A sitemap an index names that is not read. Reported by ``SitemapCrawl`` (`aasa-check coverage`).
    static let aasa710 = CodeDoc(
        code: .aasa710, severity: .warning,
        title: "A sitemap index names a sitemap that is not read: a loop, nesting, another host, not https, or past the limits",
        why: "Each file is read once (an index that names itself or an index above it would loop), indexes nest at most four deep (the protocol has no index of indexes), at most --max-sitemaps files are read, and an index on the network may name only https sitemaps of its own host (the protocol's rule). Pages of a sitemap not read are missing from the counts.",
        fix: "Name each sitemap once, as an https URL on the index's own host, in one index of sitemaps (not of indexes); give --max-sitemaps N for a site with more files.",
        failing: .coverage(CoverageExample.products([("index.xml", .text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <sitemap><loc>products.xml</loc></sitemap>
              <sitemap><loc>index.xml</loc></sitemap>
            </sitemapindex>
            """)), ("products.xml", .urls(count: 3, prefix: "https://example.com/products/"))])),
        passing: .coverage(CoverageExample.products([("index.xml", .text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <sitemap><loc>products.xml</loc></sitemap>
            </sitemapindex>
            """)), ("products.xml", .urls(count: 3, prefix: "https://example.com/products/"))])))
}

extension DiagnosticCode {
    /// AASA710: see ``CodeDoc/aasa710``.
    public static let aasa710 = DiagnosticCode(rawValue: "AASA710")
}
