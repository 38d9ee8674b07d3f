extension CodeDoc {
    /// A sitemap that could not be read. Reported by ``SitemapCrawl`` (`aasa-check coverage`).
    static let aasa708 = CodeDoc(
        code: .aasa708, severity: .error,
        title: "A sitemap could not be read: not fetched (or not in time), not gzip, empty, not UTF-8 text, not well-formed XML, or not a sitemap",
        why: "The coverage counts miss every page of this sitemap, and search engines that cannot read it miss them too. The message says what failed: the request (status, redirect to another host, network), the gzip stream, the content (an empty file or gzip stream; UTF-16 or binary data rather than UTF-8 XML or text), the XML (line and column, in words: an XML declaration after white space, an entity declared in a DOCTYPE, which aasa-check does not read), or the root element (an HTML page served where the sitemap should be); or that the time for reading every sitemap (--sitemaps-timeout) ran out before it was read, naming the sitemaps not read in one finding.",
        fix: "Serve the sitemap with status 200 as well-formed XML (`<urlset>` or `<sitemapindex>`, UTF-8, entity-escaped, the XML declaration first) or as UTF-8 text with one URL a line, gzip-compressed or not; or give the right file with --sitemap. When the time ran out, give --sitemaps-timeout SECONDS, or read fewer files.",
        failing: .coverage(CoverageExample.products([("sitemap.xml", .urlset("https://example.com/products/1?size=m&color=red"))])),
        passing: .coverage(CoverageExample.products([("sitemap.xml", .urlset("https://example.com/products/1?size=m&amp;color=red"))])))
}

extension DiagnosticCode {
    /// AASA708: see ``CodeDoc/aasa708``.
    public static let aasa708 = DiagnosticCode(rawValue: "AASA708")
}
