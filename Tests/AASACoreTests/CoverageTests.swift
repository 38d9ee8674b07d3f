import Foundation
import Testing
@testable import AASACore

/// Site coverage (issue 15): sitemaps read as a stream, pages decided as `match` decides them,
/// counted by section; bad sitemaps are findings in bounded time and memory.

/// A `<urlset>` of these pages (escaped for XML).
func urlset(_ pages: [String], extra: String = "") -> String {
    var s = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
    for p in pages { s += "  <url><loc>\(xmlEscaped(p))</loc>\(extra)</url>\n" }
    return s + "</urlset>\n"
}

func sitemapIndex(_ locations: [String]) -> String {
    var s = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
    for l in locations { s += "  <sitemap><loc>\(xmlEscaped(l))</loc><lastmod>2024-05-01</lastmod></sitemap>\n" }
    return s + "</sitemapindex>\n"
}

func xmlEscaped(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
}

/// The locs and outcome of reading `text`.
func readLocs(_ text: String) -> (kind: SitemapKind?, locs: [String], outcome: SitemapXML.Outcome) {
    var locs: [String] = []
    var kind: SitemapKind?
    let outcome = SitemapXML.read(SitemapByteStream(bytes: Array(text.utf8))) { k, loc, _ in
        kind = k
        locs.append(loc)
        return true
    }
    return (kind ?? outcome.kind, locs, outcome)
}

/// Reads in-memory sitemaps (name → text; the first given) for `document` served for `host`.
func crawl(_ document: String, host: String = "example.com", files: [(String, String)], roots: [String]? = nil,
           appIDs: [String]? = nil, depth: Int = 1, maxSitemaps: Int = SitemapCrawl.defaultMaxSitemaps) throws -> (SiteCoverage, SitemapCrawl) {
    let doc = try #require(Validator.validate(Array(document.utf8), domain: host).document)
    let matcher = DocumentMatcher(document: doc, host: host)
    let coverage = SiteCoverage(matcher: matcher, host: host, appIDs: appIDs ?? matcher.appIDs, depth: depth)
    let byName = Dictionary(files, uniquingKeysWith: { a, _ in a })
    let crawl = SitemapCrawl(roots: (roots ?? [files[0].0]).map { SitemapEntry(.file($0)) }, coverage: coverage,
                             target: host, maxSitemaps: maxSitemaps)
    while let entry = crawl.next() {
        guard case .file(let path) = entry.place, let text = byName[path] else {
            crawl.failed(entry, "no such file")
            continue
        }
        crawl.read(entry, from: SitemapByteStream(bytes: Array(text.utf8)))
    }
    return (coverage, crawl)
}

let shopDocument = #"""
{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.shop", "Q7Z3K8M2PX.com.example.clip"],
  "components": [{"/": "/account/*", "exclude": true}, {"/": "/products/*"}, {"/": "/help/*", "?": {"article": "?*"}},
                 {"/": "/legacy/*"}]},
  {"appIDs": ["Q7Z3K8M2PX.com.example.blog"], "components": [{"/": "/blog/*"}]}]}}
"""#

@Suite struct SitemapXMLTests {
    @Test func readsTheLocsOfAURLSetAndNotThoseOfExtensions() {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
                xmlns:xhtml="http://www.w3.org/1999/xhtml">
          <url>
            <loc>
              https://example.com/a?x=1&amp;y=2
            </loc>
            <lastmod>2024-01-01</lastmod>
            <image:image><image:loc>https://cdn.example.com/a.jpg</image:loc></image:image>
            <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/a"/>
          </url>
          <url><loc><![CDATA[https://example.com/b?q=<1>]]></loc></url>
          <url><lastmod>2024-01-01</lastmod></url>
        </urlset>
        """
        let r = readLocs(text)
        #expect(r.kind == .urlset)
        #expect(r.locs == ["https://example.com/a?x=1&y=2", "https://example.com/b?q=<1>"])
        #expect(r.outcome.entries == 3)
        #expect(r.outcome.entriesWithoutLoc == 1)
        #expect(r.outcome.error == nil)
    }

    @Test func readsAnIndexAndPrefixedNames() {
        let r = readLocs(#"<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://example.com/s1.xml.gz</sm:loc></sm:sitemap></sm:sitemapindex>"#)
        #expect(r.kind == .sitemapindex)
        #expect(r.locs == ["https://example.com/s1.xml.gz"])
    }

    @Test(arguments: [
        ("<urlset><url><loc>https://a.test/1</loc></url>\n<url><loc>https://a.test/2</lo></url></urlset>", 2, "does not match its start tag"),
        ("<urlset><url><loc>https://a.test/1?a=b&c=d</loc></url></urlset>", 1, "write & as &amp;"),
        ("<urlset><url><loc>https://a.test/1&nbsp;</loc></url></urlset>", 1, "undeclared entity"),
        ("<urlset><url><loc>https://a.test/1</loc></url>", 1, "ends before its elements are closed"),
        ("hello, not XML", 1, "no root element where the document should start"),
        ("", 1, "empty"),
    ])
    func malformedXMLIsAnErrorWithItsPlace(_ text: String, line: Int, words: String) {
        let r = readLocs(text)
        let error = r.outcome.error
        #expect(error != nil, "no error for \(text)")
        #expect(error?.line == line)
        #expect(error?.message.contains(words) == true, "\(error?.message ?? "")")
    }

    /// The declared encoding: those libxml2 decodes itself are kept; any other (EBCDIC-US
    /// crashed FoundationXML's parser) is read as UTF-8, the protocol's encoding.
    @Test(arguments: [
        ("UTF-8", "https://a.test/é", nil),
        ("utf-8", "https://a.test/é", nil),
        ("ISO-8859-1", "https://a.test/Ã©", nil),  // the UTF-8 bytes of é read as Latin-1
        ("EBCDIC-US", "https://a.test/é", nil),
        ("U-TF8", "https://a.test/é", nil),
        ("UTF-16", "https://a.test/é", nil),
        ("x-unknown", "https://a.test/é", nil),
    ] as [(String, String, String?)])
    func declaredEncodings(_ encoding: String, loc: String, error: String?) {
        let r = readLocs("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<urlset><url><loc>https://a.test/é</loc></url></urlset>\n")
        #expect(r.outcome.error?.message == error)
        #expect(r.locs == [loc])
    }

    /// Declarations libxml2 would read otherwise than a plain scan does are not declarations
    /// (a processing instruction `x_`): no crash, and the pages read as UTF-8 when the rest
    /// is well-formed.
    @Test(arguments: [
        ("<?xml version=\"1.0\" encoding=\"UTF-7\"?0:02<urlset><url><loc>https://a.test/é</loc></url></urlset>", true),
        ("<?xml version=\"1.0?>\" encoding=\"EBCDIC-US\"?><urlset><url><loc>https://a.test/é</loc></url></urlset>", true),
        ("<?xml version=\"1.0\"" + String(repeating: " ", count: 600) + "encoding=\"EBCDIC-US\"?><urlset><url><loc>https://a.test/é</loc></url></urlset>", false),
        ("<?xml version=\"1.0\" encoding=\"EBCDIC?>US\"?><urlset><url><loc>https://a.test/é</loc></url></urlset>", true),
        ("<?xml?><urlset><url><loc>https://a.test/é</loc></url></urlset>", false),
    ])
    func oddDeclarationsAreNotRead(_ text: String, malformed: Bool) {
        let r = readLocs(text)
        #expect((r.outcome.error != nil) == malformed)
        #expect(r.locs == (malformed ? [] : ["https://a.test/é"]))
    }

    @Test(arguments: [
        ([0xFF, 0xFE, 0x3C, 0x00], "it is UTF-16 text (its byte order mark says so), not UTF-8, the protocol's encoding"),
        ([0x00, 0x3C, 0x00, 0x3F], "it is UTF-16 text (every other byte is 0), not UTF-8, the protocol's encoding"),
        ([0x4C, 0x6F, 0xA7, 0x94], "it is EBCDIC text (it starts with `<?xm` in EBCDIC), not UTF-8, the protocol's encoding"),
    ] as [([UInt8], String)])
    func otherEncodingsThanUTF8AreRefused(_ start: [UInt8], why: String) {
        let stream = SitemapByteStream(bytes: start + Array("<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?><urlset/>".utf8))
        var seen = 0
        _ = SitemapXML.read(stream) { _, _, _ in seen += 1; return true }
        #expect(stream.content == .notText(why))
        #expect(stream.failure == why)
        #expect(seen == 0)
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?><a/>", "<?xml version=\"1.0\"" + String(repeating: " ", count: 21) + "?><a/>"),
        ("<?xml version='1.0' encoding='utf-8' standalone='yes' ?><a/>", "<?xml version='1.0' encoding='utf-8' standalone='yes' ?><a/>"),
        ("<?xml version=\"1.0\"?><a/>", "<?xml version=\"1.0\"?><a/>"),
        ("<?xml version=\"1.0\" encoding=\"U-TF8\"\n standalone=\"no\"?><a/>", "<?xml version=\"1.0\"" + String(repeating: " ", count: 17) + "\n standalone=\"no\"?><a/>"),
        ("<?xml version=\"1.0?>\" encoding=\"x\"?><a/>", "<?x_  version=\"1.0?>\" encoding=\"x\"?><a/>"),
        ("<?xml encoding=\"EBCDIC-US\"?><a/>", "<?x_  encoding=\"EBCDIC-US\"?><a/>"),
        ("<?xml?><a/>", "<?x_ ?><a/>"),
        ("<a/>", "<a/>"),
    ])
    func encodingDeclarations(_ text: String, read: String) {
        #expect(String(decoding: PlistXMLLocator.withoutEncodingDeclaration(Array(text.utf8)), as: UTF8.self) == read)
    }

    @Test func aHeadCutByTheLimitIsStillALimit() {
        let stream = SitemapByteStream(bytes: Array("<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?><urlset></urlset>".utf8), limit: 20)
        var seen = 0
        let outcome = SitemapXML.read(stream) { _, _, _ in seen += 1; return true }
        #expect(stream.bytesRead == 20)
        #expect(stream.stoppedAtLimit)
        #expect(seen == 0)
        #expect(outcome.kind == nil)
    }

    @Test func aRelativeNamespaceIsNotAnError() {
        let r = readLocs(#"<urlset xmlns="sitemap"><url><loc>https://a.test/1</loc></url></urlset>"#)
        #expect(r.outcome.error == nil)
        #expect(r.locs == ["https://a.test/1"])
    }

    @Test func anHTMLPageIsNotASitemap() {
        let r = readLocs("<!DOCTYPE html><html><head><title>Shop</title></head><body><p>hi</body></html>")
        #expect(r.outcome.otherRoot == "html")
        #expect(r.locs.isEmpty)
    }

    @Test func entitiesThatExpandWithoutBoundAreRefusedQuickly() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE urlset [\n<!ENTITY a \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\">\n"
        var previous = "a"
        for i in 1...12 {
            text += "<!ENTITY e\(i) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
            previous = "e\(i)"
        }
        text += "]>\n<urlset><url><loc>https://a.test/&\(previous);</loc></url></urlset>\n"
        let started = Date()
        let r = readLocs(text)
        #expect(Date().timeIntervalSince(started) < 600, "bounds a hang (minutes on a loaded machine), not a speed")
        #expect(r.outcome.error != nil)
        #expect(r.locs.allSatisfy { $0.utf8.count <= 65_536 })
    }

    /// FoundationXML's parser pulls a stream in chunks and reports entries as it goes: the
    /// first `<loc>` arrives long before a 30 MB sitemap has been read.
    @Test func aStreamIsParsedIncrementally() {
        let total = 250_000
        var produced = 0
        var pending: [UInt8] = Array(#"<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#.utf8)
        var n = 0
        let stream = SitemapByteStream(limit: Int.max, reader: { buffer in
            while pending.count < buffer.count, n <= total {
                pending += n < total ? Array("<url><loc>https://example.com/p/\(n)</loc><lastmod>2024-01-01</lastmod></url>\n".utf8)
                                     : Array("</urlset>".utf8)
                n += 1
            }
            let k = min(buffer.count, pending.count)
            buffer.copyBytes(from: pending[0..<k])
            pending.removeFirst(k)
            produced += k
            return k
        }, describeFailure: { "" })
        var firstSeenAt: Int?
        var count = 0
        let outcome = SitemapXML.read(stream) { _, _, _ in
            if firstSeenAt == nil { firstSeenAt = produced }
            count += 1
            return true
        }
        #expect(outcome.error == nil)
        #expect(count == total)
        #expect(produced > 15_000_000)
        #expect((firstSeenAt ?? .max) <= 1_048_576, "first <loc> after \(firstSeenAt ?? -1) bytes pulled")
    }

    @Test func theByteLimitStopsReadingAndSaysSo() {
        let text = urlset((0..<1000).map { "https://example.com/p/\($0)" })
        let stream = SitemapByteStream(bytes: Array(text.utf8), limit: 10_000)
        var count = 0
        _ = SitemapXML.read(stream) { _, _, _ in count += 1; return true }
        #expect(stream.stoppedAtLimit)
        #expect(stream.bytesRead == 10_000)
        #expect(count > 50 && count < 1000)
        let exact = SitemapByteStream(bytes: Array(text.utf8), limit: text.utf8.count)
        _ = SitemapXML.read(exact) { _, _, _ in true }
        #expect(!exact.stoppedAtLimit)
    }
}

@Suite struct SiteCoverageTests {
    @Test(arguments: [
        ("https://example.com/products/shoes/1", 1, true, "/products"),
        ("https://example.com/products/shoes/1", 2, true, "/products/shoes"),
        ("https://EXAMPLE.com:443/products?x=1#f", 1, true, "/products"),
        ("https://user@example.com//a//b", 2, true, "/a/b"),
        ("https://example.com", 1, true, "/"),
        ("https://example.com/?q=1", 1, true, "/"),
        ("http://example.com/about", 1, true, "/about"),
        ("https://www.example.com/about", 1, false, ""),
        ("https://example.com.evil.test/about", 1, false, ""),
        ("https://example.com/caf%C3%A9/x", 1, true, "/caf%C3%A9"),
        ("https://example.com/café/x", 1, true, "/caf%C3%A9"),
    ])
    func sectionsAndHosts(_ url: String, depth: Int, sameHost: Bool, section: String) throws {
        let split = try #require(SiteCoverage.split(url, host: Array("example.com".utf8)))
        #expect(split.sameHost == sameHost)
        if sameHost { #expect(SiteCoverage.section(of: split.path, depth: depth) == section) }
    }

    @Test(arguments: ["/products/1", "products/1", "ftp://example.com/x", "mailto:a@example.com", "", "https:/example.com/x"])
    func notPages(_ loc: String) {
        #expect(SiteCoverage.split(loc, host: Array("example.com".utf8)) == nil)
    }

    @Test func countsBySectionWithExamplesAndDeadRules() throws {
        let pages = (0..<30).map { "https://example.com/products/\($0)" }
            + ["https://example.com/help/a?article=1", "https://example.com/help/b", "https://example.com/account/me",
               "https://example.com/blog/hello", "https://www.example.com/products/9", "/relative"]
        let (coverage, crawl) = try crawl(shopDocument, files: [("s.xml", urlset(pages))])
        #expect(coverage.pages == 34)
        #expect(coverage.otherHostPages == 1)
        #expect(coverage.otherHostExample == "https://www.example.com/products/9")
        let shop = coverage.rows(for: "Q7Z3K8M2PX.com.example.shop")
        #expect(shop.map(\.section) == ["/products", "/help", "/account", "/blog"])
        #expect(shop[0] == CoverageRow(appID: "Q7Z3K8M2PX.com.example.shop", section: "/products", pages: 30, match: 30, exclude: 0, noMatch: 0,
                                       matchExample: "https://example.com/products/0"))
        #expect(shop[1].match == 1 && shop[1].noMatch == 1 && shop[1].noMatchExample == "https://example.com/help/b")
        #expect(shop[2].exclude == 1 && shop[2].excludeExample == "https://example.com/account/me")
        let blog = coverage.rows(for: "Q7Z3K8M2PX.com.example.blog")
        #expect(blog.first { $0.section == "/blog" }?.match == 1)
        #expect(blog.first { $0.section == "/products" }?.noMatch == 30)
        // The clip decides with the shop's entry.
        #expect(coverage.rows(for: "Q7Z3K8M2PX.com.example.clip").map { [$0.match, $0.exclude, $0.noMatch] }
                == shop.map { [$0.match, $0.exclude, $0.noMatch] })
        let dead = coverage.deadRules()
        #expect(dead.map(\.code.rawValue) == ["AASA707"])
        #expect(dead.first?.pointer == "/applinks/details/0/components/3")
        #expect(dead.first?.message.contains("and 1 more app") == true)
        #expect(crawl.findings.map(\.code.rawValue) == ["AASA711"])
    }

    @Test func noDeadRulesWithoutPages() throws {
        let (coverage, _) = try crawl(shopDocument, files: [("s.xml", urlset(["https://other.test/a"]))])
        #expect(coverage.pages == 0)
        #expect(coverage.deadRules().isEmpty)
    }

    @Test func sectionsPastTheLimitShareOneRow() throws {
        let doc = #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.shop"], "components": [{"/": "/*"}]}]}}"#
        let pages = (0..<(SiteCoverage.maxSections + 5)).map { "https://example.com/s\($0)/x" }
        let (coverage, _) = try crawl(doc, files: [("s.xml", urlset(pages))])
        let rows = coverage.rows(for: "Q7Z3K8M2PX.com.example.shop")
        #expect(rows.count == SiteCoverage.maxSections + 1)
        #expect(rows.last?.section == SiteCoverage.overflowSection)
        #expect(rows.last?.pages == 5)
        #expect(rows.reduce(0) { $0 + $1.pages } == pages.count)
    }

    /// A hostile sitemap's long sections and URLs are kept cut, so the tables stay small.
    @Test func longSectionsAndExamplesAreKeptCut() throws {
        let doc = #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.shop"], "components": [{"/": "/*"}]}]}}"#
        let long = "https://example.com/" + String(repeating: "a", count: 10_000) + "/x"
        let other = "https://www.example.com/" + String(repeating: "é", count: 5_000)  // cut between scalars
        let (coverage, _) = try crawl(doc, files: [("s.xml", urlset([long, long + "y", other]))])
        let rows = coverage.rows(for: "Q7Z3K8M2PX.com.example.shop")
        #expect(rows.count == 1)
        #expect(rows.first?.pages == 2)
        #expect(rows.first?.match == 2)
        #expect(rows.first?.section == "/" + String(repeating: "a", count: 252) + "…")  // 1 + 252 + 3 bytes
        #expect(rows.first?.matchExample == "https://example.com/" + String(repeating: "a", count: 2_028))  // 20 + 2,028 bytes
        #expect(coverage.otherHostExample == "https://www.example.com/" + String(repeating: "é", count: 1_012))  // 24 + 2 × 1,012
        #expect(SiteCoverage.capped("abc", bytes: 3) == "abc")
        #expect(SiteCoverage.capped("abcd", bytes: 3, mark: "…") == "…")
        #expect(SiteCoverage.capped("abcdef", bytes: 5, mark: "…") == "ab…")
    }
}

/// The acceptance test: the counts equal those of deciding each URL as `match` does
/// (``DocumentMatcher/decide(_:appID:)``, the path with explanations), on a generated site of
/// 100,000 URLs against real and rich documents.
@Suite struct CoverageAgreesWithMatchTests {
    static let richDocument = #"""
    {"applinks": {
      "substitutionVariables": {"kind": ["shoes", "hats"]},
      "defaults": {"caseSensitive": false},
      "details": [
        {"appIDs": ["Q7Z3K8M2PX.com.example.shop"], "components": [
          {"#": "nope", "exclude": true},
          {"/": "/account/*", "exclude": true},
          {"/": "/$(kind)/*"},
          {"/": "/$(lang)_$(region)/*"},
          {"/": "/p/???", "caseSensitive": true},
          {"/": "/search", "?": {"q": "?*", "page": "*"}},
          {"/": "/caf\u00e9/*", "percentEncoded": false},
          {"/": "/a%20b/*"},
          {"/": "/deep/*/end"}
        ]},
        {"appIDs": ["Q7Z3K8M2PX.com.example.blog"], "paths": ["NOT /blog/drafts/*", "/blog/*"]}
      ]}}
    """#

    /// Deterministic random URLs aimed at the rules' shapes, with the variations that decide
    /// differently: case, percent escapes, queries, fragments, other hosts, ports, non-ASCII.
    static func generatedPages(_ count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func pick<T>(_ xs: [T]) -> T { xs[Int(next() % UInt64(xs.count))] }
        let hosts = ["example.com", "example.com", "example.com", "example.com", "EXAMPLE.com", "example.com:443",
                     "www.example.com", "user@example.com", "example.com.other.test"]
        let schemes = ["https", "https", "https", "http", "HTTPS"]
        let firsts = ["shoes", "Shoes", "hats", "account", "en_US", "fr_CA", "xx_YY", "p", "P", "search", "café", "caf%C3%A9",
                      "a%20b", "a b", "deep", "blog", "Blog", "post", "profile", "fortune", "opinion", "r", "settings",
                      "concierge", "", "abcdefghijkl", "ABCDEFGHIJKL", "products"]
        let words = ["1", "abc", "x/y", "new", "ä", "%2F", "drafts", "end", "mid/end", "12", "123", "a.b", "index.html"]
        var out: [String] = []
        out.reserveCapacity(count)
        for _ in 0..<count {
            var url = pick(schemes) + "://" + pick(hosts) + "/" + pick(firsts)
            let segments = Int(next() % 4)
            for _ in 0..<segments { url += "/" + pick(words) }
            if next() % 5 == 0 { url += "/" }
            switch next() % 8 {
            case 0: url += "?q=" + pick(words) + (next() % 2 == 0 ? "&page=2" : "")
            case 1: url += "?page=1"
            case 2: url += "#" + pick(["nope", "top", "NOPE"])
            default: break
            }
            out.append(url)
        }
        return out
    }

    static let documents: [(String, String)] = [
        ("rich", richDocument),
        ("firefly.social", try! String(contentsOf: fixture("corpus/aasa/Adophlidu__firefly.social__apps_web_public_.well-known_apple-app-site-association"), encoding: .utf8)),
        ("expensify", try! String(contentsOf: fixture("corpus/aasa/Expensify__App__.well-known_apple-app-site-association"), encoding: .utf8)),
    ]

    /// The rich document on 100,000 pages; the real ones on 20,000 (the suite shares two cores).
    @Test(arguments: [(0, 100_000), (1, 20_000), (2, 20_000)])
    func countsEqualDecidingEachURLWithMatch(_ which: Int, count: Int) throws {
        let (name, document) = Self.documents[which]
        let pages = Self.generatedPages(count, seed: UInt64(which + 1))
        // Twenty sitemaps under one index.
        let per = count / 20
        var files: [(String, String)] = [("index.xml", sitemapIndex((0..<20).map { "s\($0).xml" }))]
        for k in 0..<20 { files.append(("s\(k).xml", urlset(Array(pages[(k * per)..<((k + 1) * per)])))) }
        let (coverage, crawl) = try crawl(document, files: files)
        #expect(crawl.records.count == 21)
        // Pages with user info (`user@example.com`) are not counted: AASA711, once a sitemap.
        let withUserInfo = pages.filter { $0.contains("@") }
        #expect(withUserInfo.count > count / 20)
        #expect(crawl.findings.allSatisfy { $0.code == .aasa711 && $0.message.contains("with user info before the host") },
                "\(name): \(crawl.findings.map(\.message))")
        #expect(crawl.findings.count == 20)
        let userInfoCounted = crawl.findings.compactMap { $0.message.split(separator: " ").dropFirst(3).first.flatMap { Int($0) } }
        #expect(userInfoCounted.reduce(0, +) == withUserInfo.count)

        let doc = try #require(Validator.validate(Array(document.utf8), domain: "example.com").document)
        let matcher = DocumentMatcher(document: doc, host: "example.com")
        var expected: [String: [String: [MatchDecision: Int]]] = [:]
        var expectedOther = 0
        var expectedPages = 0
        var used: [String: Set<Int>] = [:]
        var inFile = Set<String>()
        var file = -1
        for (i, url) in pages.enumerated() where !url.contains("@") {
            if i / per != file { (file, inFile) = (i / per, []) }  // a page repeated in one file counts once (issue 22)
            guard let parts = URLParts(url) else { Issue.record("not a URL: \(url)"); continue }
            if parts.host != "example.com" {
                expectedOther += 1
                continue
            }
            guard inFile.insert(url).inserted else { continue }
            expectedPages += 1
            let section = SiteCoverage.section(of: Substring(parts.path), depth: 1)
            for app in matcher.appIDs {
                let result = matcher.decide(parts, appID: app)
                expected[app, default: [:]][section, default: [:]][result.decision, default: 0] += 1
                if let c = result.component, result.decision != .noMatch { used[app, default: []].insert(c) }
            }
        }
        #expect(coverage.pages == expectedPages)
        #expect(coverage.otherHostPages == expectedOther)
        #expect(expectedPages > count / 2 && expectedOther > count / 20)
        for app in matcher.appIDs {
            let rows = coverage.rows(for: app)
            var got: [String: [MatchDecision: Int]] = [:]
            for row in rows {
                got[row.section] = [.match: row.match, .exclude: row.exclude, .noMatch: row.noMatch].filter { $0.value > 0 }
                #expect(row.pages == row.match + row.exclude + row.noMatch)
            }
            #expect(got == expected[app] ?? [:], "\(name) \(app): counts differ from match")
        }
        // AASA707 names exactly the include rules of each deciding entry that no page was decided by.
        var expectedDead: Set<String> = []
        for app in matcher.appIDs {
            guard let entry = matcher.entry(for: app), !entry.matchesAll else { continue }
            for rule in entry.rules where !rule.exclude && used[app]?.contains(rule.rule.index) != true {
                expectedDead.insert(rule.rule.ref.pointer)
            }
        }
        #expect(Set(coverage.deadRules().compactMap(\.pointer)) == expectedDead, "\(name)")
    }
}

func emptyCoverage() -> SiteCoverage {
    let document = Validator.validate(Array("{}".utf8)).document!
    return SiteCoverage(matcher: DocumentMatcher(document: document, host: "example.com"), host: "example.com", appIDs: [])
}

@Suite struct SitemapCrawlTests {
    let doc = #"{"applinks": {"details": [{"appIDs": ["Q7Z3K8M2PX.com.example.shop"], "components": [{"/": "/products/*"}]}]}}"#

    @Test func anIndexThatLoopsIsReadOnce() throws {
        let files = [("a.xml", sitemapIndex(["b.xml", "pages.xml"])), ("b.xml", sitemapIndex(["a.xml", "./a.xml", "pages.xml"])),
                     ("pages.xml", urlset(["https://example.com/products/1"]))]
        let (coverage, crawl) = try crawl(doc, files: files)
        #expect(crawl.records.map(\.entry.label) == ["a.xml", "b.xml", "pages.xml"])
        #expect(coverage.pages == 1)
        let loop = crawl.findings.filter { $0.code == "AASA710" && $0.message.contains("already read") }
        #expect(loop.count == 1)
        #expect(loop.first?.message.contains("names 3 sitemaps already read") == true)
        // b.xml is an index inside an index.
        #expect(crawl.findings.contains { $0.code == "AASA710" && $0.file == "b.xml" && $0.message.contains("index of indexes") })
    }

    /// Stopping (the time for reading sitemaps ran out) records the file taken and every
    /// file waiting as not read, in one AASA708 that names the first ten and counts the rest.
    @Test func stoppingNamesTheSitemapsNotRead() throws {
        let files = [("index.xml", sitemapIndex((0..<12).map { "s\($0).xml" }))] + (0..<12).map { ("s\($0).xml", urlset(["https://example.com/products/\($0)"])) }
        let document = try #require(Validator.validate(Array(doc.utf8), domain: "example.com").document)
        let matcher = DocumentMatcher(document: document, host: "example.com")
        let coverage = SiteCoverage(matcher: matcher, host: "example.com", appIDs: matcher.appIDs)
        let site = SitemapCrawl(roots: [SitemapEntry(.file("index.xml"))], coverage: coverage, target: "example.com")
        let byName = Dictionary(files, uniquingKeysWith: { a, _ in a })
        let index = try #require(site.next())
        site.read(index, from: SitemapByteStream(bytes: Array(byName["index.xml"]!.utf8)))
        let first = try #require(site.next())
        site.read(first, from: SitemapByteStream(bytes: Array(byName[first.label]!.utf8)))
        let taken = try #require(site.next())
        site.stop(at: taken, "the time ran out", hint: "more time")
        #expect(site.next() == nil)
        #expect(site.records.map(\.status) == [.read, .read] + Array(repeating: .failed, count: 11))
        #expect(site.records.dropFirst(2).map(\.entry.label) == (1..<12).map { "s\($0).xml" })
        let stopped = site.findings.filter { $0.code == .aasa708 }
        #expect(stopped.count == 1)
        #expect(stopped.first?.message == "11 sitemaps were not read: the time ran out: " + (1...10).map { "`s\($0).xml`" }.joined(separator: ", ") + " and 1 more")
        #expect(stopped.first?.hint == "more time")
        site.finish()
        #expect(coverage.pages == 1)
        #expect(!site.findings.contains { $0.code == .aasa712 }, "one page was read")
    }

    /// An index read whose sitemaps are all refused leaves no sitemap of pages read: AASA712
    /// says so (the AASA710 before it says why).
    @Test func onlyIndexesReadIsNoPage() throws {
        let (coverage, crawl) = try crawl(doc, files: [("index.xml", sitemapIndex(["http://example.com/s.xml", "index.xml"]))])
        crawl.finish()
        #expect(coverage.pages == 0)
        let none = try #require(crawl.findings.first { $0.code == .aasa712 })
        #expect(none.message == "No page of example.com was read: no sitemap of pages was read, only indexes (see the findings before)")
        #expect(none.severity == .error)
    }

    @Test func tenThousandNestedIndexesStopAtTheDepthLimit() throws {
        var files: [(String, String)] = []
        for i in 0..<10_000 { files.append(("i\(i).xml", sitemapIndex(["i\(i + 1).xml"]))) }
        let started = Date()
        let (_, crawl) = try crawl(doc, files: files)
        #expect(Date().timeIntervalSince(started) < 600, "bounds a hang (minutes on a loaded machine), not a speed")
        #expect(crawl.records.count == SitemapCrawl.maxDepth + 1)
        #expect(crawl.findings.contains { $0.code == "AASA710" && $0.message.contains("nested more than") })
    }

    @Test func tenThousandSitemapsInOneIndexStopAtMaxSitemaps() throws {
        var files: [(String, String)] = [("index.xml", sitemapIndex((0..<10_000).map { "s\($0).xml" }))]
        for i in 0..<10_000 { files.append(("s\(i).xml", urlset(["https://example.com/products/\(i)"]))) }
        let (coverage, crawl) = try crawl(doc, files: files, maxSitemaps: 100)
        #expect(crawl.records.count == 100)
        #expect(coverage.pages == 99)
        let past = try #require(crawl.findings.first { $0.message.contains("--max-sitemaps") })
        #expect(past.message.contains("9,901 sitemaps"))
    }

    @Test func overTheEntryLimitIsAWarningAndThePagesPastItAreNotDecided() throws {
        let pages = (0...SitemapProtocol.maxEntries).map { "https://example.com/products/\($0)" }
        let (coverage, crawl) = try crawl(doc, files: [("s.xml", urlset(pages))])
        #expect(coverage.pages == 50_000)
        #expect(crawl.findings.map(\.code.rawValue) == ["AASA709"])
        #expect(crawl.findings.first?.message.contains("50,001 URLs") == true)
    }

    @Test func whatALocalIndexMayName() throws {
        let crawl = SitemapCrawl(roots: [], coverage: emptyCoverage(), target: "example.com")
        let local = SitemapEntry(.file("sitemaps/index.xml"))
        #expect(try crawl.child(of: local, "part-1.xml").get() == .file("sitemaps/part-1.xml"))
        #expect(try crawl.child(of: local, "../other/x.xml.gz").get() == .file("sitemaps/../other/x.xml.gz"))
        #expect(try crawl.child(of: local, "file:///tmp/x%20y.xml").get() == .file("/tmp/x y.xml"))
        #expect(try crawl.child(of: local, "https://example.com/s.xml").get() == .url("https://example.com/s.xml"))
        #expect(throws: SitemapCrawl.SkipReason.notHTTPS) { try crawl.child(of: local, "http://example.com/s.xml").get() }
        #expect(throws: SitemapCrawl.SkipReason.notALocation) { try crawl.child(of: local, "ftp://example.com/s.xml").get() }
        #expect(throws: SitemapCrawl.SkipReason.notALocation) { try crawl.child(of: local, "file://elsewhere/x.xml").get() }
    }

    @Test func whatANetworkIndexMayName() throws {
        let crawl = SitemapCrawl(roots: [], coverage: emptyCoverage(), target: "example.com")
        let remote = SitemapEntry(.url("https://example.com/sitemap_index.xml"))
        #expect(try crawl.child(of: remote, "https://EXAMPLE.com/s1.xml.gz").get() == .url("https://EXAMPLE.com/s1.xml.gz"))
        #expect(throws: SitemapCrawl.SkipReason.otherHost) { try crawl.child(of: remote, "https://cdn.example.com/s1.xml").get() }
        #expect(throws: SitemapCrawl.SkipReason.notHTTPS) { try crawl.child(of: remote, "http://example.com/s1.xml").get() }
        #expect(throws: SitemapCrawl.SkipReason.notHTTPS) { try crawl.child(of: remote, "file:///etc/passwd").get() }
        #expect(throws: SitemapCrawl.SkipReason.notALocation) { try crawl.child(of: remote, "s1.xml").get() }
    }

    @Test func theSameFileHasOneKey() {
        #expect(SitemapCrawl.key(.url("https://Example.COM/s.xml#top")) == SitemapCrawl.key(.url("https://example.com/s.xml")))
        #expect(SitemapCrawl.key(.file("a/./b/../s.xml")) == SitemapCrawl.key(.file("a/s.xml")))
        #expect(SitemapCrawl.key(.url("https://example.com/s.xml?page=2")) != SitemapCrawl.key(.url("https://example.com/s.xml")))
    }

    @Test func robotsTxtSitemapLines() {
        let robots = """
        User-agent: *
        Disallow: /account/
        sitemap: https://example.com/sitemap_index.xml # the index
        SITEMAP:https://example.com/news.xml\r
        Sitemap: https://example.com/sitemap_index.xml
        Crawl-delay: 10
        """
        #expect(RobotsTxt.sitemaps(Array(robots.utf8)) == ["https://example.com/sitemap_index.xml", "https://example.com/news.xml"])
        #expect(RobotsTxt.sitemaps(Array("User-agent: *\nDisallow:\n".utf8)).isEmpty)
    }
}

/// Reads in-memory sitemap files given as bytes (name → bytes; the first given), then finishes.
func crawlBytes(_ document: String, host: String = "example.com", files: [(String, [UInt8])], limit: Int = SitemapProtocol.maxBytes,
                compressedBytes: Int? = nil, configure: (SiteCoverage) -> Void = { _ in }) throws -> (SiteCoverage, SitemapCrawl) {
    let doc = try #require(Validator.validate(Array(document.utf8), domain: host).document)
    let matcher = DocumentMatcher(document: doc, host: host)
    let coverage = SiteCoverage(matcher: matcher, host: host, appIDs: matcher.appIDs)
    configure(coverage)
    let byName = Dictionary(files, uniquingKeysWith: { a, _ in a })
    let crawl = SitemapCrawl(roots: [SitemapEntry(.file(files[0].0))], coverage: coverage, target: host)
    while let entry = crawl.next() {
        guard case .file(let path) = entry.place, let bytes = byName[path] else {
            crawl.failed(entry, "no such file")
            continue
        }
        crawl.read(entry, from: SitemapByteStream(bytes: bytes, limit: limit), compressedBytes: compressedBytes)
    }
    crawl.finish()
    return (coverage, crawl)
}

/// The domain file of the new-user run (issue 15): /shop/* opens the app, /blog/* is excluded.
let shopBlogDocument = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.ex.app"],"components":[{"/":"/shop/*"},{"/":"/blog/*","exclude":true}]}]}}"#

/// Text sitemaps (sitemaps.org, "Text file"): one URL a line, read as a stream with the limits
/// and checks of an XML sitemap's `<loc>` values.
@Suite struct TextSitemapTests {
    @Test(arguments: [
        ([], true, SitemapContent.empty),
        (Array(" \r\n\t\n".utf8), true, .empty),
        ([0xEF, 0xBB, 0xBF], true, .empty),
        (Array(String(repeating: " ", count: 600).utf8), false, .xml),
        (Array("  \n<urlset/>".utf8), true, .xml),
        ([0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?><urlset/>".utf8), true, .xml),
        (Array("https://example.com/\n".utf8), true, .text),
        ([0xEF, 0xBB, 0xBF] + Array("https://example.com/\n".utf8), true, .text),
        (Array("https://example.com/caf".utf8) + [0xE9, 0x0A], true, .text),
        ([UInt8](repeating: 0, count: 512), false,
         .notText("it is not text: its first bytes hold NUL bytes (binary data is neither an XML nor a text sitemap)")),
        ([0x89] + Array("PNG\r\n".utf8) + [0x1A, 0x0A], true,
         .notText("it is not text: its first bytes hold control characters (binary data is neither an XML nor a text sitemap)")),
        ([0x3C, 0x00, 0x00, 0x00], true, .notText("it is UTF-32 text (three of every four bytes are 0), not UTF-8, the protocol's encoding")),
        ([0x00, 0x00, 0xFE, 0xFF], true, .notText("it is UTF-32 text (its byte order mark says so), not UTF-8, the protocol's encoding")),
        ([0x68, 0x00, 0x74, 0x00], true, .notText("it is UTF-16 text (every other byte is 0), not UTF-8, the protocol's encoding")),
    ] as [([UInt8], Bool, SitemapContent)])
    func whatAFileHolds(_ bytes: [UInt8], whole: Bool, content: SitemapContent) {
        #expect(SitemapByteStream.judge(bytes, whole: whole) == content)
    }

    @Test func aTextSitemapIsReadLineByLine() throws {
        let text = "\u{FEFF}https://example.com/shop/1\r\n\r\n   https://example.com/blog/2  \n\n/shop/3\nhttps://www.example.com/shop/4\nhttps://example.com/shop/5"
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("urls.txt", Array(text.utf8))])
        #expect(coverage.pages == 3)
        #expect(coverage.otherHostPages == 1)
        #expect(crawl.records.map(\.kind) == [.urlset])
        #expect(crawl.records.map(\.status) == [.read])
        #expect(crawl.records.first?.entries == 5)
        #expect(crawl.records.first?.pages == 3)
        #expect(crawl.findings.map(\.code) == [.aasa711])
        #expect(crawl.findings.first?.message == "The sitemap lists 1 line that is not an absolute http or https URL (first: `/shop/3`): not counted")
        #expect(crawl.findings.first?.location?.line == 5)
        #expect(crawl.findings.first?.hint == "A line is one page's absolute URL (https://host/path), shorter than 2,048 characters, in UTF-8.")
        let rows = coverage.rows(for: "ABCDE12345.com.ex.app")
        #expect(rows.map(\.section) == ["/shop", "/blog"])
        #expect(rows.map { [$0.match, $0.exclude, $0.noMatch] } == [[2, 0, 0], [0, 1, 0]])
        #expect(rows.first?.matchExample == "https://example.com/shop/1")
    }

    /// A text sitemap is read in chunks: lines that cross a chunk's end are whole.
    @Test func linesAcrossChunksAreWhole() throws {
        let lines = (0..<20_000).map { "https://example.com/shop/\($0)" }
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("urls.txt", Array(lines.joined(separator: "\n").utf8))])
        #expect(crawl.records.first?.bytes ?? 0 > 131_072 * 2)
        #expect(coverage.pages == 20_000)
        #expect(crawl.findings.isEmpty, "\(crawl.findings.map(\.message))")
    }

    /// Issue 22: the URLs past the protocol's 50,000 in one file are counted in the finding,
    /// not decided (before, all were decided and written one a line by `--format jsonl`).
    @Test func overTheEntryLimitIsAWarningAndTheURLsPastItAreNotDecided() throws {
        let lines = (0...SitemapProtocol.maxEntries).map { "https://example.com/shop/\($0)\n" }.joined()
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("urls.txt", Array(lines.utf8))])
        #expect(coverage.pages == 50_000)
        #expect(crawl.findings.map(\.code) == [.aasa709])
        #expect(crawl.findings.first?.message == "The sitemap lists 50,001 URLs; the protocol allows at most 50,000 per file, and search engines reject a larger one (the first 50,000 were counted here, the 1 after them not)")
    }

    /// Issue 22: one page listed a million times (a 143 KB gzip file) is one page; a page
    /// listed again in one file is decided once, in XML and in text sitemaps. Pages repeated in
    /// another file are counted there again.
    @Test("a URL a file lists again is decided once", arguments: [
        (["https://example.com/shop/1", "https://example.com/shop/1", "https://example.com/blog/1", "https://example.com/shop/1"], 2, [[0, 1, 0], [1, 0, 0]]),
        (["https://example.com/shop/1", "https://example.com/shop/1/", "https://example.com/SHOP/1", "https://example.com/shop/1?a"], 4, [[3, 0, 0], [0, 0, 1]]),
        (Array(repeating: "https://example.com/shop/x", count: 200_000), 1, [[1, 0, 0]]),
    ])
    func repeatedURLsAreDecidedOnce(urls: [String], pages: Int, counts: [[Int]]) throws {
        for xml in [false, true] {
            let body = xml ? "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
                + urls.map { "<url><loc>\($0)</loc></url>" }.joined() + "</urlset>" : urls.joined(separator: "\n")
            var decided = 0
            let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [(xml ? "s.xml" : "s.txt", Array(body.utf8))],
                                                 configure: { $0.onDecisions = { _, _, _ in decided += 1 } })
            #expect(coverage.pages == pages)
            #expect(decided == pages)
            #expect(coverage.rows(for: "ABCDE12345.com.ex.app").map { [$0.match, $0.exclude, $0.noMatch] } == counts)
            #expect(crawl.findings.map(\.code) == (urls.count > SitemapProtocol.maxEntries ? [.aasa709] : []))
        }
    }

    /// The byte limit cuts a text sitemap as it cuts XML: the line it cuts is not read.
    @Test func theByteLimitCutsTheLastLine() throws {
        let lines = (1...10).map { "https://example.com/shop/\($0)\n" }.joined()  // 27 or 28 bytes a line
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("urls.txt", Array(lines.utf8))], limit: 60)
        #expect(coverage.pages == 2)
        #expect(crawl.records.map(\.status) == [.partial])
        #expect(crawl.findings.map(\.code) == [.aasa709])
        #expect(crawl.findings.first?.message == "The sitemap is larger than the protocol's 50 MB (52,428,800 bytes) uncompressed: reading stopped there; the 2 pages before it were counted")
    }

    @Test func longAndUndecodableLines() throws {
        var bytes = Array(("https://example.com/shop/" + String(repeating: "é", count: 40_000) + "\n").utf8)
        bytes += Array("https://example.com/shop/latin-".utf8) + [0xE9] + Array("\nhttps://example.com/shop/2\n".utf8)
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("urls.txt", bytes)])
        #expect(coverage.pages == 2)
        #expect(crawl.records.first?.entries == 3)
        #expect(crawl.findings.map(\.message) == [
            "The sitemap lists 1 line of 2,048 characters or more; the protocol allows fewer (counted here)",
            "The sitemap has 1 line that is not UTF-8, the protocol's encoding: not counted",
        ])
        #expect(crawl.findings.map { $0.location?.line } == [1, 2])
    }

    /// Text whose first line is not a URL is not a sitemap (robots.txt, a local file an index
    /// names): one AASA708 that quotes none of it, not a warning a line.
    @Test(arguments: ["User-agent: *\nDisallow: /account/\nSitemap: https://example.com/s.xml\n",
                      "\n\n/shop/1\nhttps://example.com/shop/2\n",
                      "root:x:0:0:root:/root:/bin/bash\n"])
    func otherTextIsNotASitemap(_ text: String) throws {
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("other.txt", Array(text.utf8))])
        #expect(coverage.pages == 0)
        #expect(crawl.findings.map(\.code) == [.aasa708, .aasa712])
        #expect(crawl.findings.first?.message == "The file is not a sitemap: it is neither XML (which starts with `<`) nor a text sitemap (whose first line is a page's absolute http or https URL)")
        #expect(crawl.records.map(\.status) == [.failed])
        #expect(crawl.records.first?.entries == 0)
    }

    /// A text sitemap named by an index is read as a sitemap of pages.
    @Test func anIndexMayNameATextSitemap() throws {
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [
            ("index.xml", Array(sitemapIndex(["urls.txt"]).utf8)), ("urls.txt", Array("https://example.com/shop/1\n".utf8)),
        ])
        #expect(coverage.pages == 1)
        #expect(crawl.records.map(\.kind) == [.sitemapindex, .urlset])
        #expect(crawl.findings.isEmpty)
    }

    /// Empty files and binary data are AASA708 (then AASA712: no page), and a gzip bomb of
    /// zeros is judged by its first bytes only.
    @Test(arguments: [
        ([], nil, "The sitemap is empty: the file holds no bytes"),
        (Array("\n \n".utf8), nil, "The sitemap is empty: the file holds only white space"),
        ([], 30, "The gzip-compressed sitemap is empty: it holds no bytes once uncompressed"),
        ([UInt8](repeating: 0, count: 1 << 20), 1_031,
         "The file is not a sitemap: it is not text: its first bytes hold NUL bytes (binary data is neither an XML nor a text sitemap)"),
        ([0xFF, 0xFE] + Array("<urlset/>".utf8), nil,
         "The file is not a sitemap: it is UTF-16 text (its byte order mark says so), not UTF-8, the protocol's encoding"),
    ] as [([UInt8], Int?, String)])
    func emptyAndBinaryFiles(_ bytes: [UInt8], compressedBytes: Int?, message: String) throws {
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("s.xml.gz", bytes)], compressedBytes: compressedBytes)
        #expect(coverage.pages == 0)
        #expect(crawl.findings.map(\.code) == [.aasa708, .aasa712])
        #expect(crawl.findings.first?.message == message)
        #expect(crawl.records.first?.bytes == min(bytes.count, 512))
        let empty = message.contains("is empty")
        #expect(crawl.records.map(\.status) == [empty ? SitemapRecord.Status.read : .failed])
        #expect(crawl.findings.last?.message == (empty ? "No page of example.com was read: the sitemap read lists no page"
                                                       : "No page of example.com was read: the sitemap could not be read (see the finding before)"))
    }
}

/// `<loc>` elements out of place and hosts that are not hosts (issue 15, the new-user run's
/// weird.xml): each is AASA711, not counted; only the first `<loc>` of a `<url>` is a page.
@Suite struct MisplacedLocTests {
    static let weird = #"<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><loc>https://example.com/shop/bare</loc><url><loc>https://example.com/shop/two1</loc><loc>https://example.com/blog/two2</loc></url><url><loc></loc></url><url></url><url><loc>https://example.com/shop?q=1</loc></url><url><loc>https://user:pw@example.com/shop/cred</loc></url><url><loc>https://example.com./shop/dot</loc></url><url><loc>https://exa mple.com/shop/sp</loc></url></urlset>"#

    @Test func theNewUserRunsWeirdSitemap() throws {
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("weird.xml", Array(Self.weird.utf8))])
        #expect(coverage.pages == 2)
        #expect(coverage.otherHostPages == 1)
        #expect(coverage.otherHostExample == "https://example.com./shop/dot")
        #expect(crawl.records.first?.entries == 7)
        #expect(crawl.records.first?.pages == 2)
        #expect(crawl.findings.map(\.code) == Array(repeating: .aasa711, count: 6))
        #expect(crawl.findings.map(\.message) == [
            "The sitemap lists 1 <loc> value that is not an absolute http or https URL (first: `https://exa mple.com/shop/sp`): not counted",
            "The sitemap lists 1 empty <loc> value: not counted",
            "The sitemap lists 1 <loc> value with user info before the host (first: `https://user:pw@example.com/shop/cred`), which http and https URLs must not carry (RFC 9110, 4.2.4): not counted",
            "The sitemap lists 1 <loc> element outside any <url> entry (first: `https://example.com/shop/bare`): the protocol puts each <loc> in its own <url>; not counted",
            "The sitemap has 1 <loc> element after the first <loc> of an entry (first: `https://example.com/blog/two2`): the protocol gives each <url> one <loc>; only the first is counted",
            "The sitemap has 1 <url> entry without a <loc>: skipped",
        ])
        #expect(crawl.findings.first?.hint == "A <loc> is the page's absolute URL (https://host/path), entity-escaped, shorter than 2,048 characters.")
        #expect(crawl.findings.last?.hint == "Write each page as its own <url> (each sitemap of an index as its own <sitemap>) holding one <loc>.")
        let rows = coverage.rows(for: "ABCDE12345.com.ex.app")
        #expect(rows.map { [$0.section, "\($0.pages)", "\($0.match)"] } == [["/shop", "2", "2"]])
    }

    @Test func inAnIndexMisplacedLocsAreNotRead() throws {
        let index = #"<sitemapindex><loc>a.xml</loc><sitemap><loc>b.xml</loc><loc>c.xml</loc><loc>d.xml</loc></sitemap></sitemapindex>"#
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("index.xml", Array(index.utf8)),
                                                                         ("b.xml", Array(urlset(["https://example.com/shop/1"]).utf8))])
        #expect(coverage.pages == 1)
        #expect(crawl.records.map(\.entry.label) == ["index.xml", "b.xml"])
        #expect(crawl.findings.filter { $0.code == .aasa711 }.map(\.message) == [
            "The sitemap index lists 1 <loc> element outside any <sitemap> entry (first: `a.xml`): the protocol puts each <loc> in its own <sitemap>; not read",
            "The sitemap index has 2 <loc> elements after the first <loc> of entries (first: `c.xml`): the protocol gives each <sitemap> one <loc>; only the first is read",
        ])
    }

    /// Extension elements named `loc` deeper than an entry's `<loc>` are neither pages nor misplaced.
    @Test func extensionLocsAreNotMisplaced() throws {
        let text = urlset(["https://example.com/shop/1"], extra: #"<image:image xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><image:loc>https://example.com/i.png</image:loc></image:image>"#)
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("s.xml", Array(text.utf8))])
        #expect(coverage.pages == 1)
        #expect(crawl.findings.isEmpty, "\(crawl.findings.map(\.message))")
    }

    @Test(arguments: [
        ("https://example.com/shop/1", PageOutcome.counted),
        ("https://EXAMPLE.com:443/shop/1", .counted),
        ("https://example.com:/shop/1", .counted),
        ("https://example.com/shop/a b", .counted),
        ("https://exa mple.com/shop/1", .notAPage),
        ("https://exa\tmple.com/shop/1", .notAPage),
        ("https:///shop/1", .notAPage),
        ("https://:443/shop/1", .notAPage),
        ("https://example.com:44x/shop/1", .notAPage),
        ("https://exa\"mple.com/shop/1", .notAPage),
        ("https://exa{mple.com/shop/1", .notAPage),
        ("https://example.com%zz/shop/1", .notAPage),
        ("https://[::1/shop/1", .notAPage),
        ("https://us er@example.com/shop/1", .notAPage),
        ("https://user:pw@example.com/shop/1", .userInfo),
        ("https://user@example.com/shop/1", .userInfo),
        ("https://@example.com/shop/1", .userInfo),
        ("https://example.com./shop/1", .otherHost),
        ("https://[::1]:8443/shop/1", .otherHost),
        ("https://exämple.com/shop/1", .otherHost),
        ("https://example.com.evil.test/shop/1", .otherHost),
    ] as [(String, PageOutcome)])
    func hosts(_ loc: String, outcome: PageOutcome) throws {
        let doc = try #require(Validator.validate(Array(shopBlogDocument.utf8), domain: "example.com").document)
        let coverage = SiteCoverage(matcher: DocumentMatcher(document: doc, host: "example.com"), host: "example.com", appIDs: ["ABCDE12345.com.ex.app"])
        #expect(coverage.add(loc) == outcome)
    }
}

/// What the XML parser's errors say: the new-user run's leadws.xml and entity.xml (issue 15).
@Suite struct SitemapMessageTests {
    @Test func whiteSpaceBeforeTheXMLDeclaration() throws {
        let text = "\n\n   <?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.com/shop/a</loc></url></urlset>\n"
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("leadws.xml", Array(text.utf8))])
        #expect(coverage.pages == 0)
        let error = try #require(crawl.findings.first)
        #expect(error.code == .aasa708)
        #expect(error.message.hasPrefix("The sitemap is not well-formed XML at line 3, column "))
        #expect(error.message.hasSuffix(": an XML declaration (<?xml …?>) that is not at the very start of the file: it must be the file's first bytes, with nothing before it (not even white space or an empty line), and appear once"))
        #expect(error.hint == "Remove what comes before <?xml …?> (white space, empty lines, text): the XML declaration must be the file's first bytes; a file joined from two sitemaps has two, and needs one.")
        #expect(!crawl.findings.map(\.message).joined().contains("libxml2 error"))
    }

    @Test func anEntityOfTheInternalSubsetIsSaidToBeNotRead() throws {
        let text = #"<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY h "https://example.com">]><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>&h;/shop/ent</loc></url></urlset>"#
        let (coverage, crawl) = try crawlBytes(shopBlogDocument, files: [("entity.xml", Array(text.utf8))])
        #expect(coverage.pages == 0)
        let error = try #require(crawl.findings.first)
        #expect(error.code == .aasa708)
        #expect(error.message.hasPrefix("The sitemap is not well-formed XML at line 1, column "))
        #expect(error.message.hasSuffix(": sitemaps with a DOCTYPE internal subset (entity declarations, `<!DOCTYPE urlset [ … ]>`) are not read: aasa-check leaves those declarations out (they can crash the XML parser, and the protocol's sitemaps need none), so the entity used here is not defined"))
        #expect(error.hint?.hasPrefix("Remove the DOCTYPE") == true)
        #expect(!error.message.contains("undeclared"))
    }

    /// Without an internal subset, an unknown entity is still called undeclared.
    @Test func anUnknownEntityWithoutASubsetIsUndeclared() {
        let r = readLocs("<urlset><url><loc>https://a.test/&h;</loc></url></urlset>")
        #expect(r.outcome.error?.message == "an undeclared entity (XML knows only &amp; &lt; &gt; &quot; &apos;)")
    }

    /// Every libxml2 error number with a sentence gives it, never "libxml2 error N".
    @Test func libxml2ErrorsHaveWords() {
        for (code, words) in SitemapXML.libxml2Errors {
            #expect(SitemapXML.describe(code) == words)
            #expect(!words.isEmpty && !SitemapXML.libxml2Warnings.contains(code))
        }
        #expect(SitemapXML.describe(999) == "malformed XML (libxml2 error 999)")
    }
}
