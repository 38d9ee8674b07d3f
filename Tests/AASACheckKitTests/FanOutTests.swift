import Foundation
import Testing
@testable import AASACheckKit
import AASACore

/// `--max-domains` (issue 22): a domain list or an entitlement cannot make a run fetch more
/// domains than the limit without saying so; the rest are counted in one AASA117. The requests
/// go to a closed port on loopback (`--connect-to`), so every domain fetched has its AASA101.
@Suite("fan-out: --max-domains")
struct FanOutTests {
    static let network = ["--connect-to", "::127.0.0.1:9", "--timeout", "2", "--cdn-base", "https://cdn.invalid", "--no-cdn"]

    /// Hosts that have an AASA101 (fetched), and the AASA117 findings, of a JSON report.
    static func judged(_ r: Run) throws -> (fetched: Set<String>, limit: [String]) {
        let json = try r.json()
        var all = (json["diagnostics"] as? [[String: Any]]) ?? []
        for domain in (json["domains"] as? [[String: Any]]) ?? [] { all += (domain["diagnostics"] as? [[String: Any]]) ?? [] }
        let fetched = Set(all.filter { $0["code"] as? String == "AASA101" }.compactMap { $0["target"] as? String })
        return (fetched, all.filter { $0["code"] as? String == "AASA117" }.compactMap { $0["message"] as? String })
    }

    @Test("DomainLimit splits a list and counts the rest", arguments: [
        (5, 3, 3, 2), (3, 3, 3, 0), (0, 3, 0, 0), (10, 1, 1, 9), (4, 0, 1, 3),
    ])
    func split(count: Int, max: Int, fetched: Int, skipped: Int) {
        let limit = DomainLimit(max: max)
        let (kept, rest) = limit.split(Array(0..<count))
        #expect(kept == Array(0..<fetched))
        #expect(rest == skipped)
        #expect((limit.finding(skipped: rest, from: "x") != nil) == (skipped > 0))
    }

    @Test func findingCountsTheRest() throws {
        let d = try #require(DomainLimit(max: 1_000).finding(skipped: 49_000, from: "the associated-domains entitlement"))
        #expect(d.code == "AASA117")
        #expect(d.severity == .warning)
        #expect(d.message == "the associated-domains entitlement names 50,000 domains; the first 1,000 were checked and 49,000 more were not fetched (--max-domains 1000)")
    }

    @Test func checkFetchesAtMostTheLimitOfAList() throws {
        // 12 domains, one of the first five repeated past the limit (a repeat, not a domain left out).
        let lines = (1...12).map { "d\($0).soarstarter.com" } + ["d2.soarstarter.com"]
        let list = try temporaryFile(Array((lines.joined(separator: "\n") + "\n").utf8), name: "fanout-list.txt")
        defer { try? FileManager.default.removeItem(atPath: list) }
        let r = run(["check", "--domains", list, "--max-domains", "5", "--format", "json"] + Self.network)
        let (fetched, limit) = try Self.judged(r)
        #expect(fetched == Set((1...5).map { "d\($0).soarstarter.com" }))
        #expect(limit == ["--domains \(list) names 12 domains; the first 5 were checked and 7 more were not fetched (--max-domains 5)"])
        #expect(r.status == 1)
    }

    @Test("every format says how many domains were not fetched", arguments: OutputFormat.all.map(\.rawValue))
    func everyFormatSaysSo(format: String) throws {
        let r = run(["check", "d1.soarstarter.com", "d2.soarstarter.com", "d3.soarstarter.com", "--max-domains", "1",
                     "--format", format] + Self.network)
        #expect(r.stdout.contains("AASA117"))
        #expect(r.stdout.contains("2 more were not fetched"))
    }

    @Test("an entitlement of many domains fetches at most the limit", arguments: [true, false])
    func entitlementFanOut(binary: Bool) throws {
        let entries = (1...40).map { "applinks:e\($0).soarstarter.com" }
        let data = try PropertyListSerialization.data(fromPropertyList: ["com.apple.developer.associated-domains": entries],
                                                      format: binary ? .binary : .xml, options: 0)
        let path = try temporaryFile(Array(data), name: "fanout-\(binary).entitlements")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["entitlements", path, "--app-id", "ABCDE12345.com.example.app", "--max-domains", "3", "--format", "json"]
                    + Self.network)
        let (fetched, limit) = try Self.judged(r)
        #expect(fetched == ["e1.soarstarter.com", "e2.soarstarter.com", "e3.soarstarter.com"])
        #expect(limit == ["the associated-domains entitlement names 40 domains; the first 3 were checked and 37 more were not fetched (--max-domains 3)"])
        // Judged offline first: the lint's finding for more than 30 domains is there too.
        #expect(try r.codes().contains("AASA609"))
    }

    @Test("--max-domains takes a whole number from 1", arguments: ["0", "-1", "x", "1.5", "100000001"])
    func malformed(value: String) {
        let r = run(["check", "d1.soarstarter.com", "--max-domains", value] + Self.network)
        #expect(r.status == 2)
        #expect(r.stderr.contains("--max-domains takes a whole number from 1 to 100000000"))
    }
}
