import AASACore

/// `coverage`: which of a site's pages open each app, by section (``Renderer/coverage(_:)``).
public struct CoverageReport: Sendable {
    /// SOURCE as given on the command line: the domain, or the local file's name.
    public var source: String
    /// The host the domain file is served for.
    public var host: String
    /// The tables, app by app in the order asked, each most pages first (``SiteCoverage/rows(for:)``).
    public var tables: [(appID: String, rows: [CoverageRow])]
    /// Pages of the host read from the sitemaps (each app's rows add up to it).
    public var pages: Int
    /// Pages of other hosts listed in the sitemaps, counted apart, and the first of them.
    public var otherHostPages: Int
    public var otherHostExample: String?
    /// Every sitemap file read or tried, in the order read.
    public var sitemaps: [SitemapRecord]
    /// Path segments per section.
    public var depth: Int
    /// `ios` (Apple's file decided; ``tables`` are per app ID) or `android` (per package).
    public var platform: String = "ios"

    /// The tables with consecutive apps of the same counts together (apps listed in one
    /// `details` entry decide alike), each with the pages that open the app.
    public var groupedTables: [(appIDs: [String], rows: [CoverageRow], open: Int)] {
        var out: [(appIDs: [String], rows: [CoverageRow], open: Int)] = []
        for table in tables {
            if let last = out.last, Self.sameCounts(last.rows, table.rows) {
                out[out.count - 1].appIDs.append(table.appID)
            } else {
                out.append(([table.appID], table.rows, table.rows.reduce(0) { $0 + $1.match }))
            }
        }
        return out
    }

    /// Whether two apps' tables hold the same counts and examples.
    static func sameCounts(_ a: [CoverageRow], _ b: [CoverageRow]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            var x = x
            x.appID = y.appID
            return x == y
        }
    }
}

/// `coverage --format jsonl`: one page and its decision for each app ID asked
/// (``Renderer/page(_:)``), for people who want every decision.
public struct PageDecisions: Sendable {
    public var url: String
    /// The page's section, as in the tables.
    public var section: String
    /// One per app ID, in the order asked: the app, the decision, and the indices of the
    /// deciding `details` entry and rule (`nil` when none decided).
    public var decisions: [(appID: String, decision: MatchDecision, detail: Int?, component: Int?)]
}
