import Testing
@testable import AASACore

/// ``CoverageRow/folding(_:toAtMost:)``: a table cut to a number of rows keeps its largest
/// sections and adds the rest into `(other sections)`, so its counts still add up (issue 22).
@Suite struct CoverageRowBudgetTests {
    static func row(_ section: String, _ match: Int, _ exclude: Int, _ noMatch: Int, example: String? = nil) -> CoverageRow {
        CoverageRow(appID: "ABCDE12345.com.example.app", section: section, pages: match + exclude + noMatch, match: match, exclude: exclude,
                    noMatch: noMatch, matchExample: match > 0 ? example : nil, excludeExample: exclude > 0 ? example : nil,
                    noMatchExample: noMatch > 0 ? example : nil)
    }

    static let table = [
        row("/shop", 40, 2, 0, example: "https://example.com/shop/a"),
        row("/blog", 0, 0, 30, example: "https://example.com/blog/b"),
        row("/help", 5, 0, 5, example: "https://example.com/help/c"),
        row("/cart", 0, 3, 0, example: "https://example.com/cart"),
        row("/a", 1, 0, 0, example: "https://example.com/a"),
    ]

    /// (table, limit) → (sections kept in order, the last row's counts [pages, match, exclude, noMatch], sections folded).
    @Test(arguments: [
        (table, 10, ["/shop", "/blog", "/help", "/cart", "/a"], [1, 1, 0, 0], 0),
        (table, 5, ["/shop", "/blog", "/help", "/cart", "/a"], [1, 1, 0, 0], 0),
        (table, 4, ["/shop", "/blog", "/help", "(other sections)"], [4, 1, 3, 0], 2),
        (table, 2, ["/shop", "(other sections)"], [44, 6, 3, 35], 4),
        (table, 1, ["(other sections)"], [86, 46, 5, 35], 5),
        (table, 0, ["(other sections)"], [86, 46, 5, 35], 5),
        // An overflow row already there (the sections past SiteCoverage.maxSections) is added
        // in and not counted as a section folded.
        (table.prefix(2) + [row("(other sections)", 7, 0, 1)], 2, ["/shop", "(other sections)"], [38, 7, 0, 31], 1),
    ] as [([CoverageRow], Int, [String], [Int], Int)])
    func folding(_ rows: [CoverageRow], _ limit: Int, _ sections: [String], _ last: [Int], _ folded: Int) throws {
        let (out, n) = CoverageRow.folding(rows, toAtMost: limit)
        #expect(out.map(\.section) == sections)
        let l = try #require(out.last)
        #expect([l.pages, l.match, l.exclude, l.noMatch] == last)
        #expect(n == folded)
        #expect(out.reduce(0) { $0 + $1.pages } == rows.reduce(0) { $0 + $1.pages })
        #expect(out.reduce(0) { $0 + $1.match } == rows.reduce(0) { $0 + $1.match })
    }

    @Test func theOverflowRowTakesTheFirstExampleOfEachKind() throws {
        let (out, _) = CoverageRow.folding(Self.table, toAtMost: 2)
        let other = try #require(out.last)
        #expect(other.matchExample == "https://example.com/help/c")
        #expect(other.excludeExample == "https://example.com/cart")
        #expect(other.noMatchExample == "https://example.com/blog/b")
    }
}
