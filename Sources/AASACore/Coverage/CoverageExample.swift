/// A site for the examples of the coverage codes (AASA707–AASA712): a domain file served for
/// `example.com` and its sitemaps as local files, the first one given, read as
/// `aasa-check coverage FILE --sitemap FIRST --domain example.com` reads them.
public struct CoverageExample: Sendable {
    /// A sitemap's text, or a generated one.
    public enum Sitemap: Sendable {
        case text(String)
        /// A `<urlset>` of `count` pages, `PREFIX1` … `PREFIXcount`.
        case urls(count: Int, prefix: String)

        var bytes: [UInt8] {
            switch self {
            case .text(let text):
                return Array(text.utf8)
            case .urls(let count, let prefix):
                var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                out.reserveCapacity(count * (prefix.utf8.count + 40))
                for i in 1...max(1, count) where count > 0 { out += "  <url><loc>\(prefix)\(i)</loc></url>\n" }
                out += "</urlset>\n"
                return Array(out.utf8)
            }
        }

        /// A `<urlset>` of these `<loc>` values, written as they are (a bad one stays bad).
        static func urlset(_ locs: String...) -> Sitemap {
            .text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                  + locs.map { "  <url><loc>\($0)</loc></url>\n" }.joined() + "</urlset>")
        }

        var displayText: String {
            switch self {
            case .text(let text): return text
            case .urls(let count, let prefix):
                return "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <url><loc>\(prefix)1</loc></url>\n"
                    + "  … \(count.grouped) <url> entries in all, up to \(prefix)\(count)\n</urlset>"
            }
        }
    }

    public var document: String
    /// For Android's codes: `document` is an `assetlinks.json` decided for this package.
    public var package: String? = nil
    /// File name → sitemap, in order; the first is the one given with --sitemap.
    public var sitemaps: [(name: String, sitemap: Sitemap)]

    public init(document: String, package: String? = nil, sitemaps: [(String, Sitemap)]) {
        self.document = document
        self.package = package
        self.sitemaps = sitemaps.map { (name: $0.0, sitemap: $0.1) }
    }

    /// The domain file of most examples: one app, whose one rule opens `/products/*`.
    static let productsDocument = #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.app"], "components": [{"/": "/products/*"}]}]}}"#

    /// A site served with ``productsDocument``.
    static func products(_ sitemaps: [(String, Sitemap)]) -> CoverageExample {
        CoverageExample(document: productsDocument, sitemaps: sitemaps)
    }

    var displayText: String {
        (package.map { "# https://example.com/.well-known/assetlinks.json (--package \($0))\n" } ?? "# domain file (example.com)\n") + document + sitemaps.map { "\n# \($0.name)\n\($0.sitemap.displayText)" }.joined()
    }

    /// Reads the sitemaps and returns every finding: the sitemaps' (AASA712 among them), then AASA707.
    func run() -> [Diagnostic] {
        if let package {
            let statements = StatementListParser.parse(Array(document.utf8), url: "https://example.com/.well-known/assetlinks.json").statements
            let coverage = SiteCoverage(statements: statements, packages: [package], fingerprints: nil, host: "example.com")
            return read(coverage) + coverage.deadDynamicRules()
        }
        guard let document = Validator.validate(Array(document.utf8), domain: "example.com").document else { return [] }
        let matcher = DocumentMatcher(document: document, host: "example.com")
        let coverage = SiteCoverage(matcher: matcher, host: "example.com", appIDs: matcher.appIDs)
        return read(coverage) + coverage.deadRules()
    }

    /// Reads the sitemaps into `coverage`; the sitemaps' findings.
    func read(_ coverage: SiteCoverage) -> [Diagnostic] {
        let files = Dictionary(sitemaps.map { ($0.name, $0.sitemap) }, uniquingKeysWith: { a, _ in a })
        let crawl = SitemapCrawl(roots: sitemaps.prefix(1).map { SitemapEntry(.file($0.name)) }, coverage: coverage, target: "example.com")
        while let entry = crawl.next() {
            guard case .file(let path) = entry.place, let sitemap = files[path] else {
                crawl.failed(entry, "no such file")
                continue
            }
            crawl.read(entry, from: SitemapByteStream(bytes: sitemap.bytes))
        }
        crawl.finish()
        return crawl.findings
    }
}
