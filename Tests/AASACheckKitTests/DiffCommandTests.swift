import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit

/// `aasa-check diff OLD NEW`: local files, standard input, domains through the harness (Apple's
/// CDN copy by default, `--origin`), `--routes`, formats and exit status.
@Suite("diff command")
struct DiffCommandTests {
    static let old = #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app", "K7Q2M9XW3P.com.example.gone"], "components": [{"/": "/shop/*"}, {"/": "/help/*", "?": {"article": "*"}}]}]}, "webcredentials": {"apps": ["K7Q2M9XW3P.com.example.app"]}}"#
    static let new = """
    {"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"],
      "components": [{"/": "/shop/cart", "exclude": true}, {"/": "/shop/*"}, {"/": "/help/*", "?": {"article": "????"}}, {"/": "/promo/*"}]}]}}
    """
    /// The same rules as ``old`` rewritten: paths, other key order, white space.
    static let rewritten = """
    {"webcredentials": {"apps": ["K7Q2M9XW3P.com.example.app"]},
     "applinks": {"details": [{"components": [{"/": "/shop/*"}, {"?": {"article": "*"}, "/": "/help/*"}],
                               "appIDs": ["K7Q2M9XW3P.com.example.app", "K7Q2M9XW3P.com.example.gone"]}]}}
    """

    func files(_ texts: String...) throws -> [String] {
        try texts.map { try temporaryFile(Array($0.utf8), name: UUID().uuidString + ".json") }
    }

    @Test func changesAreListedWithExamplesAndRules() throws {
        let f = try files(Self.old, Self.new)
        defer { f.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", f[0], f[1], "--json"])
        #expect(r.status == 0, "warnings only: exit 0 by default\n\(r.stderr)")
        let json = try r.json()
        let changes = try #require(json["changes"] as? [[String: Any]])
        let decisions = changes.filter { $0["kind"] as? String == "decision" }
        #expect(decisions.map { $0["example"] as? String } == ["/help", "/promo", "/shop/cart"])
        let cart = try #require(decisions.last)
        #expect(cart["from"] as? String == "match" && cart["to"] as? String == "exclude")
        #expect((cart["old"] as? [String: Any])?["component"] as? Int == 0)
        #expect((cart["new"] as? [String: Any])?["component"] as? Int == 0)
        #expect((decisions[1]["old"] as? NSNull) != nil)
        let ids = changes.filter { $0["kind"] as? String == "appID" }.map { "\($0["service"]!) \($0["appID"]!) \($0["to"]!)" }
        #expect(ids == ["applinks K7Q2M9XW3P.com.example.gone absent", "webcredentials K7Q2M9XW3P.com.example.app absent"])
        let codes = try r.codes()
        #expect(codes.filter { $0 == "AASA801" }.count == 2)
        #expect(codes.filter { $0 == "AASA802" }.count == 1)
        #expect(codes.filter { $0 == "AASA803" }.count == 2)
        // Findings point at NEW's rule.
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        let exclude = try #require(diagnostics.first { ($0["message"] as? String)?.contains("/shop/cart") == true })
        #expect(exclude["file"] as? String == f[1])
        #expect(exclude["pointer"] as? String == "/applinks/details/0/components/0")
        #expect(exclude["line"] as? Int == 2)
        #expect(run(["diff", f[0], f[1], "--fail-on", "warning"]).status == 1)
    }

    @Test func equivalentRewriteIsNoChange() throws {
        let f = try files(Self.old, Self.rewritten)
        defer { f.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", f[0], f[1], "--fail-on", "warning"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("No change"))
        let j = try run(["diff", f[0], f[1], "--json"]).json()
        #expect((j["changes"] as? [Any])?.isEmpty == true)
    }

    @Test func textGroupsByAppAndOrdersByURL() throws {
        let f = try files(Self.old, Self.new)
        defer { f.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let out = run(["diff", f[0], f[1]]).stdout
        let help = try #require(out.range(of: "  /help "))
        let promo = try #require(out.range(of: "  /promo "))
        let cart = try #require(out.range(of: "  /shop/cart "))
        #expect(help.lowerBound < promo.lowerBound && promo.lowerBound < cart.lowerBound)
        #expect(out.contains("K7Q2M9XW3P.com.example.app\n"))
        #expect(out.contains("- K7Q2M9XW3P.com.example.gone no longer listed"))
    }

    @Test func routesWhoseVerdictChangesAreNamed() throws {
        let f = try files(Self.old, Self.new)
        let routes = try temporaryFile(Array("/shop/cart\n/shop/x\n/promo/a web\n/help/x?article=1234\n".utf8), name: UUID().uuidString + ".routes")
        defer { (f + [routes]).forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", f[0], f[1], "--routes", routes, "--json"])
        #expect(r.status == 1, "a route that no longer opens the app is an error")
        let all = try #require(try r.json()["routeChanges"] as? [[String: Any]])
        let changed = all.filter { $0["appID"] as? String == "K7Q2M9XW3P.com.example.app" }
        #expect(changed.map { $0["route"] as? String } == ["/shop/cart", "/promo/a"])
        let cart = try #require(changed.first)
        #expect((cart["before"] as? [String: Any])?["decision"] as? String == "match")
        #expect((cart["after"] as? [String: Any])?["decision"] as? String == "exclude")
        let diagnostics = try #require(try r.json()["diagnostics"] as? [[String: Any]])
        let forApp = diagnostics.filter { ($0["message"] as? String)?.contains("K7Q2M9XW3P.com.example.app") == true }.compactMap { $0["code"] as? String }
        #expect(forApp.contains("AASA702") && forApp.contains("AASA703"))
        #expect(!forApp.contains("AASA701"), "/help/x?article=1234 opens the app on both")
        // OLD's other app is gone from NEW: every route that opened it is lost (issue 21: it was
        // judged only for apps listed on both sides, so a removed app lost its routes unseen).
        let gone = all.filter { $0["appID"] as? String == "K7Q2M9XW3P.com.example.gone" }
        #expect(gone.map { $0["route"] as? String } == ["/shop/cart", "/shop/x", "/help/x?article=1234"])
        #expect(gone.allSatisfy { ($0["after"] as? [String: Any])?["decision"] as? String == "no_match" })
        // A route that did not open the app with OLD either is not a new error.
        let unchanged = try temporaryFile(Array("/nothing/here\n".utf8), name: UUID().uuidString + ".routes")
        defer { try? FileManager.default.removeItem(atPath: unchanged) }
        #expect(run(["diff", f[0], f[1], "--routes", unchanged]).status == 0)
    }

    @Test func standardInputAndAppFilter() throws {
        let f = try files(Self.new)
        defer { f.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", "-", f[0], "--json", "--app-id", "K7Q2M9XW3P.com.example.gone"], stdin: Array(Self.old.utf8))
        let changes = try #require(try r.json()["changes"] as? [[String: Any]])
        #expect(changes.map { $0["appID"] as? String } == ["K7Q2M9XW3P.com.example.gone"])
    }

    @Test(arguments: [
        (["diff", "only-one.json"], "give OLD and NEW"),
        (["diff", "-", "-"], "only one of OLD and NEW"),
        (["diff", "/nonexistent/a.json", "b.jsn"], "no such file"),
    ])
    func usageErrors(_ args: [String], _ message: String) {
        let r = run(args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func unreadableSideIsNotCompared() throws {
        let f = try files("{\"applinks\": ", Self.new)
        defer { f.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", f[0], f[1], "--json"])
        #expect(r.status == 1)
        #expect(try r.codes().contains("AASA201"))
    }

    @Test(arguments: ["text", "json", "sarif", "junit", "github", "html", "markdown"])
    func everyFormatPointsAtTheNewFile(_ format: String) throws {
        let f = try files(Self.old, Self.new)
        defer { f.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", f[0], f[1], "--format", format])
        #expect(r.status == 0)
        #expect(r.stdout.contains("AASA801"))
        let name = URL(fileURLWithPath: f[1]).lastPathComponent
        #expect(r.stdout.contains(name))
    }

    /// The HTML page shows the changes as tables (app IDs, URLs with both rules, routes) and
    /// stays self-contained; "no change" only when nothing changed.
    @Test func htmlShowsTheChangesAndRoutes() throws {
        let f = try files(Self.old, Self.new)
        let routes = try temporaryFile(Array("/shop/cart\n/promo/x web\n/help\n".utf8), name: UUID().uuidString + ".routes")
        defer { (f + [routes]).forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", f[0], f[1], "--routes", routes, "--format", "html"])
        #expect(r.status == 1, "routes that no longer do what the list expects are errors")
        let page = try PageOutline(html: r.stdout)
        #expect(page.isSelfContained, "\(page.problems)")
        let changes = try #require(page.tables.first { $0.cls == "changes" })
        #expect(changes.headers == ["App ID", "Example URL", "Old", "New", "Rule in old", "Rule in new"])
        #expect(changes.rows == 4, "a header row and three changes")
        let ids = try #require(page.tables.first { $0.cls == "appids" })
        #expect(ids.rows == 3)
        let routeTable = try #require(page.tables.first { $0.cls == "routechanges" })
        #expect(routeTable.rows == 6, "a header row, three routes of the app whose verdict changed, and the two that opened the app NEW no longer lists")
        #expect(page.text.contains("/shop/cart"))
        #expect(page.text.contains("details[0].components[0] `{\"/\":\"/shop/cart\",\"exclude\":true}`"))
        #expect(!page.text.contains("No change"))

        let same = try files(Self.old, Self.rewritten)
        defer { same.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let unchanged = run(["diff", same[0], same[1], "--format", "html"])
        #expect(unchanged.status == 0)
        #expect(try PageOutline(html: unchanged.stdout).text.contains("No change: every URL is decided the same way by both files."))
    }

    /// Markdown: one table per kind of change, every row with its cells (no text adds one).
    @Test func markdownShowsTheChanges() throws {
        let f = try files(Self.old, Self.new)
        defer { f.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", f[0], f[1], "--format", "markdown"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("### URLs decided differently"))
        #expect(lines.contains("| K7Q2M9XW3P.com.example.app | /shop/cart | match | ❌ exclude | details\\[0\\].components\\[0\\] \\`{\"/\":\"/shop/\\*\"}\\` | details\\[0\\].components\\[0\\] \\`{\"/\":\"/shop/cart\",\"exclude\":true}\\` |"))
        #expect(lines.contains("| webcredentials | K7Q2M9XW3P.com.example.app | ➖ no longer listed |"))
        func cells(_ row: String) -> Int { row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count - 1 }
        let changeRows = lines.filter { $0.hasPrefix("| K7Q2M9XW3P.") }
        #expect(changeRows.count == 3)
        #expect(changeRows.allSatisfy { cells($0) == 6 }, "\(changeRows)")
        let idRows = lines.filter { $0.hasPrefix("| applinks |") || $0.hasPrefix("| webcredentials |") }
        #expect(idRows.count == 2)
        #expect(idRows.allSatisfy { cells($0) == 3 }, "\(idRows)")
    }

    /// Two files that differ (a path with exactly 13 characters after `a` opens the app on NEW
    /// only) in a way the work limits stop the comparison before it finds: AASA805 in every
    /// format, and no format says "no change".
    @Test(arguments: ["text", "json", "sarif", "junit", "github", "html", "markdown"])
    func incompleteComparisonNeverClaimsNoChange(_ format: String) throws {
        let f = try files(#"{"applinks":{"details":[{"appIDs":["K7Q2M9XW3P.com.example.app"],"components":[{"/":"/x/*a??????????????"}]}]}}"#,
                          #"{"applinks":{"details":[{"appIDs":["K7Q2M9XW3P.com.example.app"],"components":[{"/":"/x/*a?????????????"}]}]}}"#)
        defer { f.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", f[0], f[1], "--format", format])
        #expect(r.status == 0, "AASA805 is info")
        #expect(r.stdout.contains("AASA805") || format == "html" && r.stdout.contains("Not fully compared"))
        #expect(!r.stdout.lowercased().contains("no change"), "\(r.stdout)")
        #expect(!r.stderr.lowercased().contains("no change"))
        if format == "json" {
            let incomplete = try #require(try r.json()["incomplete"] as? [[String: Any]])
            #expect(incomplete.first?["reason"] as? String == "workLimit")
        }
    }

    // MARK: Domains through the harness

    /// The stale domain: Apple's CDN holds an older file than the origin serves.
    @Test func domainIsReadFromAppleCDNCopy() async throws {
        let origin = fixturePath("harness/stale-origin.json")
        let network = try harnessNetwork()
        let r = await offPool { run(["diff", "stale.aasa.test", origin, "--json"] + network) }
        #expect(r.status == 0, "\(r.stderr)")
        let changes = try #require(try r.json()["changes"] as? [[String: Any]])
        #expect(changes.map { "\($0["kind"]!) \($0["example"] ?? "")" }.count == 2, "\(changes)")
        #expect(changes.contains { $0["kind"] as? String == "appID" && $0["appID"] as? String == "Q7Z3K8M2PX.com.aasacheck.todos.beta" })
        #expect(changes.contains { $0["example"] as? String == "/share" && $0["to"] as? String == "match" })
        // --origin: the origin file is what NEW holds.
        let o = await offPool { run(["diff", "stale.aasa.test", origin, "--origin", "--json"] + network) }
        #expect((try o.json()["changes"] as? [Any])?.isEmpty == true)
    }

    @Test func reserialisedCDNCopyIsNoChange() async throws {
        let network = try harnessNetwork()
        let r = await offPool { run(["diff", "good.aasa.test", fixturePath("harness/good.json"), "--fail-on", "warning"] + network) }
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("No change"))
    }

    @Test func domainWithoutAFileIsNotCompared() async throws {
        let network = try harnessNetwork()
        let r = await offPool { run(["diff", "notfound.aasa.test", fixturePath("harness/good.json"), "--json"] + network) }
        #expect(r.status == 1)
        let codes = try r.codes()
        #expect(codes.contains("AASA501") && codes.contains("AASA105"), "\(codes)")
    }
}
