// seeds: Fixtures/sitemaps/shop
// dict: sitemap
// rss_limit_mb: 1024
@testable import AASACheckKit
@testable import AASACore

/// Sitemaps and sitemap indexes on any bytes, read as `coverage` reads them (SitemapXML,
/// SitemapCrawl, SiteCoverage): reading never crashes, stays within the byte and file limits,
/// the tables add up, and the first 64 pages counted are decided as `match` decides them (the
/// explaining matcher) for a document generated from the input's hash. Every local file an
/// index names is the input again, so loops, repeats and nesting (`sub/x.xml` inside
/// `sub/x.xml`) are exercised. The result, as `coverage` prints it in one of its formats (each
/// page a line in JSON Lines), passes the output oracle (FuzzRender).
enum SitemapFuzz: FuzzTarget {
    static let name = "sitemap"
    static let host = "shop.example"
    static let maxSitemaps = 6

    static func run(_ data: [UInt8]) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in data { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        var choices = SeededChoices(seed: hash)
        let json = RandomDocuments.document(&choices)
        guard let document = RandomDocuments.decode(json) else { return }
        let matcher = DocumentMatcher(document: document, host: host)
        let apps = [RandomDocuments.app, "ZZZZZ99999.com.other"]
        let coverage = SiteCoverage(matcher: matcher, host: host, appIDs: apps, depth: 1 + Int(hash % 3))
        var counted = 0
        coverage.onDecisions = { url, _, decisions in
            counted += 1
            // The explaining matcher is slow: the first pages of each input are enough.
            guard counted <= 64 else { return }
            for (app, d) in zip(apps, decisions) {
                let expected = matcher.decide(url, appID: app)
                if expected?.decision != d.decision || (d.decision != .noMatch && expected?.component != d.component) {
                    fuzzFailure("\(json)\n\(url) for \(app): match says \(String(describing: expected?.decision)) "
                                + "(\(String(describing: expected?.component))), coverage \(d.decision) (\(String(describing: d.component)))")
                }
            }
        }
        // Half the inputs are cut at a small byte limit, to reach the partial-read paths.
        let limit = hash & 1 == 0 ? SitemapProtocol.maxBytes : Int((hash >> 8) % 4096) + 1
        let format = FuzzRender.format(for: hash >> 16, command: "coverage")
        var read = 0
        // JSON Lines writes a line per page and app ID (README: at most 256 bytes past the URL).
        let perByte = format.rawValue == "jsonl" ? 16 * apps.count : 16
        FuzzRender.check(format, command: "coverage", limit: perByte * read + 256 * 1024) { out, _ in
            if out.showsEveryPage {
                let decide = coverage.onDecisions
                coverage.onDecisions = { url, section, decisions in
                    decide?(url, section, decisions)
                    out.page(PageDecisions(url: url, section: section,
                                           decisions: zip(apps, decisions).map { ($0, $1.decision, $1.detail, $1.component) }))
                }
            }
            let crawl = SitemapCrawl(roots: [SitemapEntry(.file("sub/root.xml"))], coverage: coverage, target: host,
                                     maxSitemaps: maxSitemaps)
            var files = 0
            while let entry = crawl.next() {
                files += 1
                if files > maxSitemaps { fuzzFailure("more than \(maxSitemaps) sitemaps read") }
                switch entry.place {
                case .file:
                    let stream = SitemapByteStream(bytes: data, limit: limit)
                    crawl.read(entry, from: stream)
                    read += stream.bytesRead
                    if stream.bytesRead > limit { fuzzFailure("\(stream.bytesRead) bytes read past the limit \(limit)") }
                case .url:
                    crawl.failed(entry, "not fetched by the fuzz target")
                }
            }
            out.coverage(CoverageReport(source: "sub/root.xml", host: host, tables: apps.map { ($0, coverage.rows(for: $0)) },
                                        pages: coverage.pages, otherHostPages: coverage.otherHostPages,
                                        otherHostExample: coverage.otherHostExample, sitemaps: crawl.records, depth: coverage.depth))
            out.findings(crawl.findings + coverage.deadRules())
        }
        if counted != coverage.pages { fuzzFailure("\(counted) pages decided, \(coverage.pages) counted") }
        for app in apps {
            let rows = coverage.rows(for: app)
            if rows.reduce(0, { $0 + $1.pages }) != coverage.pages { fuzzFailure("the sections of \(app) do not add up to the pages") }
            for row in rows where row.pages != row.match + row.exclude + row.noMatch {
                fuzzFailure("section \(row.section): \(row.pages) pages, \(row.match) + \(row.exclude) + \(row.noMatch) decided")
            }
        }
    }
}
