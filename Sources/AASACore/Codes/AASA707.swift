extension CodeDoc {
    /// An include rule that decides none of the site's pages. Reported by ``SiteCoverage``
    /// (`aasa-check coverage`), once the sitemaps are read.
    static let aasa707 = CodeDoc(
        code: .aasa707, severity: .info,
        title: "A rule decides none of the site's pages (coverage)",
        why: "Of every page the sitemaps list, none is decided by this rule: an earlier rule decides them first, or its pattern fits no page the site has (a renamed section, a typo, a wrong case). The rule is dead in practice, and the pages it was written for may not open the app. (Exclude rules are not reported: the pages they keep on the web — sign-in, account, API — are seldom listed in sitemaps.)",
        fix: "Check the rule against a page it is meant for with `aasa-check match FILE URL`: move it before the rule that takes its pages, fix its pattern, or remove it.",
        failing: .coverage(CoverageExample(
            document: #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app"], "components": [{"/": "/products/*"}, {"/": "/Shop/*"}]}]}}"#,
            sitemaps: [("sitemap.xml", .urlset("https://example.com/products/1", "https://example.com/shop/cart"))])),
        passing: .coverage(CoverageExample(
            document: #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app"], "components": [{"/": "/products/*"}, {"/": "/shop/*"}]}]}}"#,
            sitemaps: [("sitemap.xml", .urlset("https://example.com/products/1", "https://example.com/shop/cart"))])))
}

extension DiagnosticCode {
    /// AASA707: see ``CodeDoc/aasa707``.
    public static let aasa707 = DiagnosticCode(rawValue: "AASA707")
}
