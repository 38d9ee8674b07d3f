import Foundation
import Testing
@testable import AASACheckKit
@testable import AASACore

/// Issue 21: every command judges the same loaded document. Each test is a contradiction a
/// new user or a bug report found between two commands, with a neighbour.
@Suite("one truth per fact") struct OneTruthTests {
    static let good = #"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#

    /// Files Apple's systems refuse (or read as holding no rule), each with the code and
    /// severity `validate` gives it: a trailing comma, a byte order mark, over 128 KB, and
    /// `details` written as an object (AASA302).
    static let broken: [(name: String, bytes: [UInt8], code: String)] = [
        ("trailing comma", Array(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"},]}]}}"#.utf8), "AASA203"),
        ("byte order mark", [0xEF, 0xBB, 0xBF] + Array(good.utf8), "AASA202"),
        ("over 128 KB", Array(good.utf8) + Array(repeating: 0x20, count: 140_000), "AASA107"),
        ("details as an object", Array(#"{"applinks": {"details": {"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/shop/*"}]}}}"#.utf8), "AASA302"),
    ]

    func file(_ bytes: [UInt8]) throws -> String { try temporaryFile(bytes, name: UUID().uuidString + ".json") }

    func validateCodes(_ path: String) throws -> [(String, String)] {
        let diagnostics = try #require(try run(["validate", path, "--json"]).json()["diagnostics"] as? [[String: Any]])
        return diagnostics.compactMap { d in (d["code"] as? String).map { ($0, d["severity"] as? String ?? "") } }
    }

    /// Before: `diff OLD NEW` read both with a lenient decoder of its own and said "No change"
    /// (or only warned), exit 0, for a NEW that `validate` calls an error.
    @Test(arguments: 0..<4) func diffReportsWhatValidateReportsOnNew(_ i: Int) throws {
        let (name, bytes, code) = Self.broken[i]
        let old = try file(Array(Self.good.utf8)), new = try file(bytes)
        defer { [old, new].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        #expect(try validateCodes(new).contains { $0 == (code, "error") }, "validate: \(name)")
        let r = run(["diff", old, new, "--json"])
        #expect(r.status == 1, "\(name): the gate fails as validate does\n\(r.stdout)")
        let found = try #require(try r.json()["diagnostics"] as? [[String: Any]])
        #expect(found.contains { $0["code"] as? String == code && $0["severity"] as? String == "error" }, "\(name): \(found)")
        let text = run(["diff", old, new])
        #expect(!text.stdout.lowercased().contains("no change"), "\(name): \(text.stdout)")
    }

    /// The neighbour: the broken file is OLD (the deployed one), fixed by NEW.
    @Test(arguments: 0..<4) func diffReportsWhatValidateReportsOnOld(_ i: Int) throws {
        let (name, bytes, code) = Self.broken[i]
        let old = try file(bytes), new = try file(Array(Self.good.utf8))
        defer { [old, new].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", old, new])
        #expect(r.status == 1, "\(name)")
        #expect(r.stdout.contains("error[\(code)]"), "\(name): \(r.stdout)")
        #expect(!r.stdout.lowercased().contains("no change"), "\(name): \(r.stdout)")
    }

    /// A file Apple refuses, as written equal to OLD: the routes that opened the app are lost
    /// on devices, and the run says why.
    @Test func diffRoutesOfARefusedNewFileAreLost() throws {
        let old = try file(Array(Self.good.utf8)), new = try file(Self.broken[0].bytes)
        let routes = try temporaryFile(Array("/shop/x\n".utf8), name: UUID().uuidString + ".routes")
        defer { [old, new, routes].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", old, new, "--routes", routes])
        #expect(r.status == 1)
        #expect(r.stdout.contains("error[AASA701]"), "\(r.stdout)")
        #expect(r.stdout.contains("Apple's systems do not read the new file (AASA203)"), "\(r.stdout)")
        #expect(r.stdout.contains("no difference as the files are written"), "\(r.stdout)")
    }

    /// Before: without `--app-id`, routes were judged only for apps listed on both sides, so
    /// a team ID swapped printed "0 routes changed", exit 0.
    @Test func diffRoutesSeeATeamIDSwap() throws {
        let old = try file(Array(Self.good.utf8))
        let new = try file(Array(Self.good.replacingOccurrences(of: "K7Q2M9XW3P", with: "ABCDE12346").utf8))
        let routes = try temporaryFile(Array("/shop/x\n/about web\n".utf8), name: UUID().uuidString + ".routes")
        defer { [old, new, routes].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", old, new, "--routes", routes, "--json"])
        #expect(r.status == 1)
        let changes = try #require(try r.json()["routeChanges"] as? [[String: Any]])
        #expect(changes.map { $0["route"] as? String } == ["/shop/x"])
        #expect(changes.first?["appID"] as? String == "K7Q2M9XW3P.com.example.app")
        #expect(try r.codes().contains("AASA701"))
    }

    /// Before: an `--app-id` in neither file gave "No change" (diff) or "0 of N pages"
    /// (coverage) with no finding.
    @Test func anAppIDNeitherFileListsIsAFinding() throws {
        let old = try file(Array(Self.good.utf8)), new = try file(Array(Self.good.utf8))
        defer { [old, new].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let r = run(["diff", old, new, "--app-id", "K7Q2M9XW3P.com.example.other"])
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stdout.contains("error[AASA607]"), "\(r.stdout)")
        #expect(r.stdout.contains("not in OLD either"), "\(r.stdout)")
        // The listed app alone: no finding.
        #expect(run(["diff", old, new, "--app-id", "K7Q2M9XW3P.com.example.app"]).status == 0)
    }

    @Test func coverageOfAnAppIDTheFileDoesNotListIsAFinding() throws {
        let aasa = fixturePath("sitemaps/shop/apple-app-site-association")
        let sitemap = fixturePath("sitemaps/shop/sitemap_index.local.xml")
        let r = run(["coverage", aasa, "--domain", "shop.example", "--sitemap", sitemap, "--app-id", "K7Q2M9XW3P.com.example.other", "--json"])
        #expect(r.status == 1, "\(r.stdout + r.stderr)")
        #expect(try r.codes().contains("AASA607"))
    }

    /// Before: removing an exclude that keeps nothing from opening the app (its URLs match no
    /// include anyway) was listed as `exclude → no_match`, though the README says such a
    /// rewrite shows no change: both stay on the web. The neighbour: an exclude that shields
    /// an include, removed, is a change (the URLs now open the app).
    @Test func aRemovedExcludeThatChangesNothingIsNoChange() throws {
        let app = "K7Q2M9XW3P.com.example.app"
        let old = try file(Array(#"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/x/*", "exclude": true}, {"/": "/shop/*"}]}]}}"#.utf8))
        let new = try file(Array(#"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/shop/*"}]}]}}"#.utf8))
        let shielding = try file(Array(#"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/shop/cart", "exclude": true}, {"/": "/shop/*"}]}]}}"#.utf8))
        defer { [old, new, shielding].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let same = run(["diff", old, new, "--json"])
        #expect((try same.json()["changes"] as? [Any])?.isEmpty == true, "\(same.stdout)")
        #expect(run(["diff", old, new]).stdout.contains("No change"))
        let gained = try #require(try run(["diff", shielding, new, "--json"]).json()["changes"] as? [[String: Any]])
        #expect(gained.map { "\($0["from"] ?? "") → \($0["to"] ?? "")" } == ["exclude → match"])
    }

    /// `match` and `routes` of a file Apple's systems refuse: the decisions are the file's as
    /// written, and neither command calls them the devices'.
    @Test func matchAndRoutesOfARefusedFileSaySo() throws {
        let path = try file(Self.broken[0].bytes)
        let routes = try temporaryFile(Array("/shop/x\n/about web\n".utf8), name: UUID().uuidString + ".routes")
        defer { [path, routes].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let m = run(["match", path, "/shop/x", "--domain", "example.com"])
        #expect(m.status == 1)
        #expect(m.stdout.contains("as the file is written, which devices do not read"), "\(m.stdout)")
        // JSON says it too, in `notes`: the decisions are not the devices'.
        let mj = run(["match", path, "/shop/x", "--domain", "example.com", "--json"])
        let notes = try #require(try mj.json()["notes"] as? [String])
        #expect(notes.contains { $0.contains("Apple's systems do not read \(path) (AASA203): on devices it opens no app") },
                "\(mj.stdout)")
        let r = run(["routes", path, "--routes", routes, "--domain", "example.com", "--json"])
        #expect(r.status == 1)
        let verdicts = try #require(try r.json()["routes"] as? [[String: Any]])
        #expect(verdicts.first { $0["route"] as? String == "/shop/x" }?["ok"] as? Bool == false, "no route opens the app on devices")
        #expect(verdicts.first { $0["route"] as? String == "/about" }?["ok"] as? Bool == true, "a web route stays on the web")
        let text = run(["routes", path, "--routes", routes, "--domain", "example.com"])
        #expect(text.stdout.contains("on devices no route opens the app"), "\(text.stdout)")
    }
}

/// `--fail-on never` keeps the exit status 0; it does not make a file with errors "ok" in any
/// format (before: the summary said "— ok" above an error).
@Suite("verdicts under --fail-on never") struct FailOnNeverVerdictTests {
    @Test func anErrorIsFailedWhateverTheExitStatus() throws {
        let path = try temporaryFile(Array(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a"},]}]}}"#.utf8),
                                     name: UUID().uuidString + ".json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = run(["validate", path, "--fail-on", "never"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("— failed (--fail-on never: exit status 0)"), "\(text.stdout)")
        let ok = run(["validate", fixturePath("harness/good.json"), "--fail-on", "never"])
        #expect(ok.stdout.contains("— ok"), "\(ok.stdout)")
        let md = run(["validate", path, "--fail-on", "never", "--format", "markdown"])
        #expect(md.stdout.contains("failed") && !md.stdout.contains("| ok |"), "\(md.stdout)")
    }
}

/// The same facts against the local HTTPS harness: a domain side and `check --routes`.
@Suite("one truth per fact, domains", .serialized) struct OneTruthHarnessTests {
    /// A domain that serves a byte order mark (refused; the harness's CDN has no copy of it):
    /// `diff` reports AASA202 as `check` does and never says "no change".
    @Test func diffOfARefusedDomain() async throws {
        let network = try harnessNetwork()
        let r = await offPool { run(["diff", "bom.aasa.test", fixturePath("harness/good.json"), "--origin"] + network) }
        #expect(r.status == 1, "\(r.stdout + r.stderr)")
        #expect(r.stdout.contains("error[AASA202]"), "\(r.stdout)")
        #expect(!r.stdout.lowercased().contains("no change"), "\(r.stdout)")
        let c = await offPool { run(["check", "bom.aasa.test", "--no-cdn", "--json"] + network) }
        #expect(try c.codes().contains("AASA202"))
    }

    /// Before: `entitlements` checked the entitlement against the origin's file only, while
    /// `check --entitlements` also asks Apple's CDN copy, which devices read: an app the
    /// stale copy lacks passed one and failed the other.
    @Test func entitlementsAndCheckAskTheSameCopy() async throws {
        let network = try harnessNetwork()
        let entitlements = try entitlementsFile(["applinks:stale.aasa.test"])
        defer { try? FileManager.default.removeItem(atPath: entitlements) }
        let beta = "Q7Z3K8M2PX.com.aasacheck.todos.beta"
        let e = await offPool { run(["entitlements", entitlements, "--app-id", beta, "--json"] + network) }
        let c = await offPool { run(["check", "stale.aasa.test", "--entitlements", entitlements, "--app-id", beta, "--json"] + network) }
        func lag(_ r: Run) throws -> [[String: Any]] {
            try #require(try r.json()["diagnostics"] as? [[String: Any]]).filter { $0["code"] as? String == "AASA607" && $0["source"] as? String == "cdn" }
        }
        #expect(try lag(e).count == 1, "\(e.stdout)")
        #expect(try lag(c).count == 1, "\(c.stdout)")
        #expect(e.status == 1 && c.status == 1)
        // The app both copies list: neither command finds it missing.
        let todos = await offPool { run(["entitlements", entitlements, "--app-id", "Q7Z3K8M2PX.com.aasacheck.todos", "--json"] + network) }
        #expect(try todos.codes().filter { $0 == "AASA607" }.isEmpty, "\(todos.stdout)")
    }

    /// Before: `check DOMAIN --routes` judged routes by the origin's file while `routes DOMAIN`
    /// judged them by Apple's CDN copy. Both now judge by the copy devices read, with AASA502
    /// where the origin's file judges otherwise.
    @Test func checkAndRoutesJudgeByTheSameCopy() async throws {
        let network = try harnessNetwork()
        let routes = try temporaryFile(Array("/todos/1\n/share/x\n".utf8), name: UUID().uuidString + ".routes")
        defer { try? FileManager.default.removeItem(atPath: routes) }
        let app = "Q7Z3K8M2PX.com.aasacheck.todos"
        let viaRoutes = await offPool { run(["routes", "stale.aasa.test", "--routes", routes, "--app-id", app, "--json"] + network) }
        let viaCheck = await offPool { run(["check", "stale.aasa.test", "--routes", routes, "--app-id", app, "--json"] + network) }
        func verdicts(_ r: Run) throws -> [String: Bool] {
            let json = try r.json()
            let list = (json["routes"] as? [[String: Any]]) ?? ((json["domains"] as? [[String: Any]])?.first?["routes"] as? [[String: Any]]) ?? []
            return Dictionary(list.compactMap { v in (v["route"] as? String).map { ($0, v["ok"] as? Bool ?? false) } }, uniquingKeysWith: { a, _ in a })
        }
        let a = try verdicts(viaRoutes), b = try verdicts(viaCheck)
        #expect(a == ["/todos/1": true, "/share/x": false], "\(a)")
        #expect(b == a, "check: \(b), routes: \(a)")
        #expect(try viaCheck.codes().contains("AASA502"))
        #expect(try viaCheck.codes().contains("AASA701"))
        // The origin's file already opens /share/x: the hint says to wait for the CDN, not to
        // add a rule the file has (before: "Add a rule such as …").
        for r in [viaRoutes, viaCheck] {
            let json = try r.json()
            let all = (json["diagnostics"] as? [[String: Any]] ?? [])
                + ((json["domains"] as? [[String: Any]])?.first?["diagnostics"] as? [[String: Any]] ?? [])
            let hint = all.first { $0["code"] as? String == "AASA701" }?["hint"] as? String ?? ""
            #expect(hint.contains("Nothing to change in the file"), "\(hint)")
        }
    }

    /// Before: `match` said "opens the app" for a file Apple's fetcher is refused (bot
    /// blocking, AASA109) or that sits only at the legacy root path (AASA108): devices read
    /// neither. Now every format says the decisions are the file's as written.
    @Test func matchAndRoutesOfAFileAppleCannotFetch() async throws {
        let network = try harnessNetwork()
        for (host, code) in [("botblock.aasa.test", "AASA109"), ("legacy.aasa.test", "AASA108")] {
            let m = await offPool { run(["match", host, "https://\(host)/todos/1", "--json"] + network) }
            let notes = try #require(try m.json()["notes"] as? [String], "\(m.stdout)")
            #expect(notes.contains { $0.contains("(\(code)): on devices it opens no app") }, "\(host): \(m.stdout)")
            let text = await offPool { run(["match", host, "https://\(host)/todos/1"] + network) }
            #expect(text.stdout.contains("as the file is written, which devices do not read"), "\(host): \(text.stdout)")
            let routes = try temporaryFile(Array("/todos/1\n".utf8), name: UUID().uuidString + ".routes")
            defer { try? FileManager.default.removeItem(atPath: routes) }
            let r = await offPool { run(["routes", host, "--routes", routes, "--json"] + network) }
            let verdicts = try #require(try r.json()["routes"] as? [[String: Any]], "\(r.stdout)")
            #expect(verdicts.first?["ok"] as? Bool == false, "\(host): no route opens the app on devices: \(r.stdout)")
            let c = await offPool { run(["check", host, "--routes", routes, "--json"] + network) }
            #expect((try c.json()["routes"] as? [[String: Any]])?.first?["ok"] as? Bool == false, "\(host): \(c.stdout)")
        }
    }

    /// Before: `check --routes` dropped routes on hosts the run did not check without a word,
    /// and a wildcard domain (`*.host`, as an entitlement writes it) judged none of its
    /// subdomains' routes though the apex's file decides them (TN3155).
    @Test func routesOnOtherHostsAreSaidAndWildcardsJudgeSubdomains() async throws {
        let network = try harnessNetwork()
        let routes = try temporaryFile(Array("https://www.good.aasa.test/todos/1\nhttps://shop.elsewhere.test/x\n/todos/2\n".utf8),
                                       name: UUID().uuidString + ".routes")
        defer { try? FileManager.default.removeItem(atPath: routes) }
        let plain = await offPool { run(["check", "good.aasa.test", "--routes", routes, "--json"] + network) }
        let notes = try #require(try plain.json()["notes"] as? [String], "\(plain.stdout)")
        let said = notes.first { $0.contains("not judged") } ?? ""
        #expect(said.hasPrefix("2 routes of") && said.contains("shop.elsewhere.test, www.good.aasa.test"), "\(plain.stdout)")
        let wild = await offPool { run(["check", "*.good.aasa.test", "--routes", routes, "--json"] + network) }
        let judged = (try wild.json()["routes"] as? [[String: Any]] ?? []).compactMap { v in (v["url"] as? String).map { ($0, v["ok"] as? Bool ?? false) } }
        #expect(judged.map(\.0) == ["https://www.good.aasa.test/todos/1", "https://good.aasa.test/todos/2"], "\(wild.stdout)")
        #expect(judged.allSatisfy { $0.1 }, "\(wild.stdout)")
        let wildNotes = try #require(try wild.json()["notes"] as? [String])
        #expect(wildNotes.contains { $0.hasPrefix("1 route of") && $0.contains("shop.elsewhere.test") }, "\(wildNotes)")
    }
}
