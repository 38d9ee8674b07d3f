import Foundation
import Testing
@testable import AASACheckKit
@testable import AASACore

/// Output that cannot outgrow its input (issue 22): coverage tables within the run's row budget
/// (``RunOutput/coverageRowBudget``) with every page still counted, and a diff change of an
/// entry's 20 app IDs naming them once (`appGroups`), not in each change.
@Suite struct OutputBudgetTests {
    /// `apps` app IDs, each in its own `details` entry with the rule `/pN`, and a sitemap of
    /// `apps` pages `/p0`…: every app's table has `apps` sections, one of which opens it.
    static func site(apps: Int) throws -> (file: String, sitemap: String) {
        let details = (0..<apps).map { #"{"appIDs": ["K7Q2M9XW3P.com.soar.a\#($0)"], "components": [{"/": "/p\#($0)"}]}"# }
        let file = try temporaryFile(Array(#"{"applinks": {"details": [\#(details.joined(separator: ","))]}}"#.utf8), name: UUID().uuidString + ".json")
        let urls = (0..<apps).map { "<url><loc>https://soar.example/p\($0)</loc></url>" }.joined()
        let sitemap = try temporaryFile(Array(#"<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\#(urls)</urlset>"#.utf8),
                                        name: UUID().uuidString + ".xml")
        return (file, sitemap)
    }

    @Test func manyAppsTablesAreCutWithEveryPageCounted() throws {
        let (file, sitemap) = try Self.site(apps: 600)
        defer { [file, sitemap].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["coverage", file, "--domain", "soar.example", "--sitemap", sitemap, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        let rows = try #require(json["coverage"] as? [[String: Any]])
        // 2,000 / 600 is 3, so each table keeps the minimum of 4 rows: 600 × 4, not 360,000.
        #expect(rows.count == 600 * RunOutput.minimumCoverageRows)
        let byApp = Dictionary(grouping: rows) { $0["appID"] as! String }
        #expect(byApp.count == 600)
        for (app, table) in byApp {
            #expect(table.reduce(0) { $0 + ($1["pages"] as! Int) } == 600, "\(app)")
            #expect(table.reduce(0) { $0 + ($1["match"] as! Int) } == 1, "\(app)")
            #expect(table.last?["section"] as? String == SiteCoverage.overflowSection)
            #expect(table.last?["pages"] as? Int == 597)
        }
        let notes = try #require(json["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix("Coverage tables list at most 4 rows each here (2,000 rows in a run): in 600 of the 600 apps' tables, 358,200 smaller sections are added into (other sections).") })
        let text = run(["coverage", file, "--domain", "soar.example", "--sitemap", sitemap])
        #expect(text.stdout.contains("358,200 smaller sections are added into (other sections)"))
    }

    @Test func aFewAppsKeepEverySection() throws {
        let (file, sitemap) = try Self.site(apps: 40)
        defer { [file, sitemap].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let json = try run(["coverage", file, "--domain", "soar.example", "--sitemap", sitemap, "--json"]).json()
        let rows = try #require(json["coverage"] as? [[String: Any]])
        #expect(rows.count == 40 * 40)
        #expect(!rows.contains { $0["section"] as? String == SiteCoverage.overflowSection })
        #expect(((json["notes"] as? [String]) ?? []).allSatisfy { !$0.hasPrefix("Coverage tables") })
    }

    @Test func aChangeOfAnEntrysAppsNamesThemOnce() throws {
        let apps = (0..<20).map { "\"K7Q2M9XW3P.com.soar.app\($0)\"" }.joined(separator: ",")
        let old = try temporaryFile(Array(#"{"applinks": {"details": [{"appIDs": [\#(apps)], "components": [{"/": "/a"}, {"/": "/b"}]}, {"appIDs": ["K7Q2M9XW3P.com.soar.other"], "components": [{"/": "/c"}]}]}}"#.utf8), name: UUID().uuidString + ".json")
        let new = try temporaryFile(Array(#"{"applinks": {"details": [{"appIDs": [\#(apps)], "components": [{"/": "/a/*"}, {"/": "/b/*"}]}, {"appIDs": ["K7Q2M9XW3P.com.soar.other"], "components": [{"/": "/c/*"}]}]}}"#.utf8), name: UUID().uuidString + ".json")
        defer { [old, new].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let json = try run(["diff", old, new, "--json"]).json()
        let groups = try #require(json["appGroups"] as? [[String]])
        #expect(groups == [(0..<20).map { "K7Q2M9XW3P.com.soar.app\($0)" }, ["K7Q2M9XW3P.com.soar.other"]])
        let changes = try #require(json["changes"] as? [[String: Any]])
        #expect(changes.map { "\($0["example"] ?? "-") \($0["appGroup"] ?? "-") \($0["appID"] ?? "-")" }
                == ["/a/a 0 K7Q2M9XW3P.com.soar.app0", "/b/a 0 K7Q2M9XW3P.com.soar.app0", "/c/a 1 K7Q2M9XW3P.com.soar.other"])
        #expect(changes.allSatisfy { $0["appIDs"] == nil })
    }
}
