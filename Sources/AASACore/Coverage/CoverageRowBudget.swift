/// A coverage table cut to a number of rows without losing a page (issue 22: 500 app IDs ×
/// 500 sections made 250,000 rows and 72 MB of JSON from 35 KB of input).
extension CoverageRow {
    /// `rows` (one app's table, as ``SiteCoverage/rows(for:)`` gives it: most pages first,
    /// ``SiteCoverage/overflowSection`` last when present) with at most `limit` rows: the
    /// first `limit - 1` rows as they are and every row after them added into one
    /// ``SiteCoverage/overflowSection`` row (counts summed, each example the first of its
    /// kind among them), so the table's counts still add up to the pages read.
    ///
    /// - Parameters:
    ///   - rows: one app's table.
    ///   - limit: the most rows to keep; at least 1.
    /// - Returns: the rows, and how many of the table's sections were added into the
    ///   overflow row (a row that already was the overflow row is not counted); `rows`
    ///   unchanged with 0 when it has `limit` rows or fewer.
    public static func folding(_ rows: [CoverageRow], toAtMost limit: Int) -> (rows: [CoverageRow], folded: Int) {
        let limit = max(1, limit)
        guard rows.count > limit else { return (rows, 0) }
        let kept = Array(rows.prefix(limit - 1))
        let rest = rows[(limit - 1)...]
        var other = CoverageRow(appID: rest.first!.appID, section: SiteCoverage.overflowSection, pages: 0, match: 0, exclude: 0,
                                noMatch: 0, matchExample: nil, excludeExample: nil, noMatchExample: nil)
        var folded = 0
        for row in rest {
            if row.section != SiteCoverage.overflowSection { folded += 1 }
            other.pages += row.pages
            other.match += row.match
            other.exclude += row.exclude
            other.noMatch += row.noMatch
            other.matchExample = other.matchExample ?? row.matchExample
            other.excludeExample = other.excludeExample ?? row.excludeExample
            other.noMatchExample = other.noMatchExample ?? row.noMatchExample
        }
        return (kept + [other], folded)
    }
}
