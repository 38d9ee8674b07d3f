extension CodeDoc {
    /// A coverage run that read no page of the site. Reported by ``SitemapCrawl/finish()``
    /// (`aasa-check coverage`), once every sitemap has been read or tried.
    static let aasa712 = CodeDoc(
        code: .aasa712, severity: .error,
        title: "No page of the site was read from its sitemaps (coverage)",
        why: "Coverage answers which of the site's pages open the app; with no page there is nothing to answer, and a table of zeros must not pass for one. Either no sitemap could be read (the findings before this one say why), or the sitemaps read list no page of this host: they are empty, list pages of other hosts only (a wrong --domain?), or list <loc> values that are not absolute URLs.",
        fix: "Give the sitemaps that list the site's pages with --sitemap URL|FILE (or name them in robots.txt), each page as <url><loc>https://host/path</loc></url> on the host the file is served for (--domain for a local file).",
        failing: .coverage(CoverageExample.products([("sitemap.xml", .urlset())])),
        passing: .coverage(CoverageExample.products([("sitemap.xml", .urlset("https://example.com/products/1"))])))
}

extension DiagnosticCode {
    /// AASA712: see ``CodeDoc/aasa712``.
    public static let aasa712 = DiagnosticCode(rawValue: "AASA712")
}
