extension CodeDoc {
    /// A dynamic rule that decides none of the site's pages. Reported by ``SiteCoverage``
    /// (`aasa-check coverage SOURCE --package NAME`), once the sitemaps are read.
    static let dal704 = CodeDoc(
        code: .dal704, severity: .info,
        title: "A dynamic rule decides none of the site's pages (coverage)",
        why: "Of every page the sitemaps list, none is decided by this rule for the app: an earlier rule decides them first (the first matching rule decides, assetlinks-reference.md §3.1), or its pattern fits no page the site has (a renamed section, a wrong case: rules are case-sensitive). (Exclude rules are not reported: the pages they keep in the browser are seldom listed in sitemaps.)",
        fix: "Check the rule against a page it is meant for with `aasa-check match assetlinks.json URL --package NAME`: move it before the rule that takes its pages, fix its pattern, or remove it.",
        failing: .coverage(CoverageExample(
            document: DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#, #"{"/": "/Shop/*"}"#])), package: DALSample.package,
            sitemaps: [("sitemap.xml", .urlset("https://example.com/products/1", "https://example.com/shop/cart"))])),
        passing: .coverage(CoverageExample(
            document: DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#, #"{"/": "/shop/*"}"#])), package: DALSample.package,
            sitemaps: [("sitemap.xml", .urlset("https://example.com/products/1", "https://example.com/shop/cart"))])))
}

extension DiagnosticCode {
    /// DAL704: see ``CodeDoc/dal704``.
    public static let dal704 = DiagnosticCode(rawValue: "DAL704")
}
