import Foundation
import Testing
@testable import AASACheckKit
import AASACore

/// `coverage SOURCE --package NAME` (issue 23): each page decided for the Android app as
/// `match --package` decides it, counted by section, with check's DAL627 for an app the list
/// does not verify and DAL704 for the dynamic rules no page uses.
@Suite struct AndroidCoverageCommandTests {
    static let list = fixturePath("harness/assetlinks.json")
    static let pages = [
        "https://good.aasa.test/product/1", "https://good.aasa.test/product/2?ref=mail", "https://good.aasa.test/product/3",
        "https://good.aasa.test/account/me", "https://good.aasa.test/account/orders", "https://good.aasa.test/about",
        "https://good.aasa.test/order/7#track", "https://good.aasa.test/order/8", "https://other.aasa.test/product/1",
    ]

    static func sitemap() throws -> String {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            + pages.map { "<url><loc>\($0)</loc></url>\n" }.joined() + "</urlset>\n"
        return try temporaryFile(Array(xml.utf8), name: UUID().uuidString + ".xml")
    }

    /// The counts are match's, page by page.
    @Test func countsEqualThoseOfMatch() throws {
        let sitemap = try Self.sitemap()
        defer { try? FileManager.default.removeItem(atPath: sitemap) }
        let c = run(["coverage", Self.list, "--domain", "good.aasa.test", "--sitemap", sitemap, "--package", "com.aasacheck.shop", "--json"])
        #expect(c.status == 0, "\(c.stderr)")
        let counts = coverageCounts(try c.json())["com.aasacheck.shop"] ?? [:]
        #expect(counts == ["/product": [3, 0, 0], "/account": [0, 2, 0], "/about": [0, 0, 1], "/order": [1, 0, 1]])
        // match decides the same pages the same way.
        var expected: [String: [Int]] = [:]
        for url in Self.pages where url.contains("//good.") {
            let m = run(["match", Self.list, url, "--domain", "good.aasa.test", "--package", "com.aasacheck.shop", "--json"])
            let decision = (try m.json()["matches"] as? [[String: Any]])?.first?["decision"] as? String
            let section = "/" + (URLParts(url)?.path.split(separator: "/").first.map(String.init) ?? "")
            var row = expected[section] ?? [0, 0, 0]
            row[["match": 0, "exclude": 1, "no_match": 2][decision ?? ""] ?? 2] += 1
            expected[section] = row
        }
        #expect(counts == expected)
        let site = try c.json()["site"] as? [String: Any]
        #expect(site?["platform"] as? String == "android")
        #expect(site?["otherHostPages"] as? Int == 1)
        #expect(try c.codes() == [])  // every rule decides some page
        #expect(((try c.json()["notes"] as? [String]) ?? []).contains { $0.contains("`*` does not backtrack") })
    }

    /// Flags → codes and exit status.
    @Test(arguments: [
        (["--package", "com.aasacheck.other"], ["DAL627"], Int32(1), [0, 0, 8]),
        (["--package", "com.aasacheck.shop", "--fingerprint", String(repeating: "AB:", count: 31) + "AB"], ["DAL627"], 1, [0, 0, 8]),
        ([], [], 0, [4, 2, 2]),
    ] as [([String], [String], Int32, [Int])])
    func unverifiedAppsOpenNoPage(args: [String], codes: [String], status: Int32, totals: [Int]) throws {
        let sitemap = try Self.sitemap()
        defer { try? FileManager.default.removeItem(atPath: sitemap) }
        let c = run(["coverage", Self.list, "--domain", "good.aasa.test", "--sitemap", sitemap, "--json"] + args)
        #expect(c.status == status)
        #expect(try c.codes() == codes)
        let rows = (try c.json()["coverage"] as? [[String: Any]]) ?? []
        #expect(["match", "exclude", "noMatch"].map { k in rows.reduce(0) { $0 + ($1[k] as? Int ?? 0) } } == totals)
    }

    /// A rule no page reaches: DAL704 with the rule's line.
    @Test func deadDynamicRule() throws {
        let xml = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://good.aasa.test/product/1</loc></url></urlset>"
        let sitemap = try temporaryFile(Array(xml.utf8), name: UUID().uuidString + ".xml")
        defer { try? FileManager.default.removeItem(atPath: sitemap) }
        let c = run(["coverage", Self.list, "--domain", "good.aasa.test", "--sitemap", sitemap, "--json"])
        let d = (try c.json()["diagnostics"] as? [[String: Any]]) ?? []
        #expect(d.compactMap { $0["code"] as? String } == ["DAL704", "DAL704"])
        #expect(d.compactMap { $0["line"] as? Int } == [15, 17])
        #expect(c.status == 0)
    }
}
