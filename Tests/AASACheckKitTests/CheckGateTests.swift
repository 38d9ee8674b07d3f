import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit

/// The network flags that send every request to the local harness.
func harnessNetwork() throws -> [String] {
    let env = try Harness.env()
    return env.connectTo.flatMap { ["--connect-to", $0] } + ["--cacert", env.caPath, "--timeout", "5"]
}

/// A temporary release entitlements file with these associated-domain entries.
func entitlementsFile(_ entries: [String]) throws -> String {
    let strings = entries.map { "<string>\($0)</string>" }.joined()
    let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><array>\(strings)</array></dict></plist>
    """
    return try temporaryFile(Array(xml.utf8), name: UUID().uuidString + "-Release.entitlements")
}

/// `check DOMAIN --routes/--entitlements/--profile` against the local HTTPS harness: one
/// report and one exit status for the domain, its routes and the entitlement.
@Suite("check with routes and entitlements")
struct CheckGateTests {
    static let app = "Q7Z3K8M2PX.com.aasacheck.todos"

    func check(_ args: [String]) throws -> Run { run(["check"] + args + (try harnessNetwork())) }

    func entitlements(_ entries: [String]) throws -> String { try entitlementsFile(entries) }

    @Test func routesAreJudgedAgainstTheServedFile() throws {
        let routes = try temporaryFile(Array("/todos/1\n/share/:id\n/admin   web\n".utf8), name: UUID().uuidString + ".routes")
        defer { try? FileManager.default.removeItem(atPath: routes) }
        let r = try check(["good.aasa.test", "--no-cdn", "--routes", routes, "--json"])
        #expect(r.status == 1)
        let codes = try r.codes()
        #expect(codes.filter { $0 == "AASA701" }.count == 1, "\(codes)")
        let verdicts = try #require(try r.json()["routes"] as? [[String: Any]])
        #expect(verdicts.count == 3)
        #expect(verdicts[0]["route"] as? String == "/todos/1" && verdicts[0]["ok"] as? Bool == true)
        #expect(verdicts[1]["route"] as? String == "/share/:id" && verdicts[1]["coverage"] as? String == "never")
        #expect(verdicts[2]["expect"] as? String == "web" && verdicts[2]["ok"] as? Bool == true)
        #expect(verdicts[0]["url"] as? String == "https://good.aasa.test/todos/1")
    }

    /// In text, a line under the domain says the routes were judged, also when every verdict
    /// is as the list expects (nothing else would show it).
    @Test func textSaysHowManyRoutesDoWhatTheListExpects() throws {
        let good = try temporaryFile(Array("/todos/1\n/admin   web\n".utf8), name: UUID().uuidString + ".routes")
        let mixed = try temporaryFile(Array("/todos/1\n/share/:id\n/admin   web\n".utf8), name: UUID().uuidString + ".routes")
        defer {
            try? FileManager.default.removeItem(atPath: good)
            try? FileManager.default.removeItem(atPath: mixed)
        }
        let pass = try check(["good.aasa.test", "--no-cdn", "--no-color", "--routes", good])
        #expect(pass.status == 0)
        #expect(pass.stdout.split(separator: "\n").contains("  routes  2 of 2 as the route list expects"), "\(pass.stdout)")
        let fail = try check(["good.aasa.test", "--no-cdn", "--no-color", "--routes", mixed])
        #expect(fail.status == 1)
        #expect(fail.stdout.split(separator: "\n").contains("  routes  2 of 3 as the route list expects; the others below"), "\(fail.stdout)")
        // --quiet keeps only the findings.
        let quiet = try check(["good.aasa.test", "--no-cdn", "--no-color", "--quiet", "--routes", good])
        #expect(!quiet.stdout.contains("route list expects"))
    }

    /// An empty route list is AASA706 (exit 1); an unreadable one exits 2; neither reports the
    /// served file's rules as unused (AASA704).
    @Test func emptyOrUnreadableRouteListsReportNoUnusedRules() throws {
        let empty = try temporaryFile(Array("# routes\n".utf8), name: UUID().uuidString + ".routes")
        let broken = try temporaryFile(Array("/todos/1\nshare maybe\n".utf8), name: UUID().uuidString + ".routes")
        defer {
            try? FileManager.default.removeItem(atPath: empty)
            try? FileManager.default.removeItem(atPath: broken)
        }
        let r = try check(["good.aasa.test", "--no-cdn", "--routes", empty, "--json"])
        #expect(r.status == 1)
        #expect(try r.codes().filter { $0.hasPrefix("AASA70") } == ["AASA706"])
        let b = try check(["good.aasa.test", "--no-cdn", "--routes", broken, "--json"])
        #expect(b.status == 2)
        #expect(try b.codes().filter { $0.hasPrefix("AASA70") } == ["AASA705"])
        // In text, the domain's own line is not the last word: a line for the whole run counts
        // the route list's finding and says the run failed.
        let text = try check(["good.aasa.test", "--no-cdn", "--no-color", "--routes", empty])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("good.aasa.test: 0 errors, 0 warnings, 1 info — ok"))
        #expect(lines.contains("1 domain: 1 error, 0 warnings, 1 info — failed"), "\(text.stdout)")
    }

    @Test func entitlementEntriesAreCrossCheckedPerService() throws {
        let file = try entitlements(["applinks:good.aasa.test", "webcredentials:good.aasa.test"])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let listed = try check(["good.aasa.test", "--no-cdn", "--entitlements", file, "--app-id", Self.app, "--json"])
        #expect(listed.status == 0)
        #expect(try listed.codes() == ["AASA505"])
        let other = try check(["good.aasa.test", "--no-cdn", "--entitlements", file, "--app-id", "Q7Z3K8M2PX.com.aasacheck.other", "--json"])
        #expect(other.status == 1)
        #expect(try other.codes().filter { $0 == "AASA607" }.count == 2)
    }

    @Test func anEntitlementWithoutAnAppIDIsAUsageError() throws {
        let file = try entitlements(["applinks:good.aasa.test"])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try check(["good.aasa.test", "--no-cdn", "--entitlements", file])
        #expect(r.status == 2)
        #expect(r.stderr.contains("no app ID"))
    }

    @Test func aMalformedRouteListIsExitStatusTwoAndTheDomainIsStillChecked() throws {
        let routes = try temporaryFile(Array("todos maybe\n/todos/1\n".utf8), name: UUID().uuidString + ".routes")
        defer { try? FileManager.default.removeItem(atPath: routes) }
        let r = try check(["good.aasa.test", "--no-cdn", "--routes", routes, "--json"])
        #expect(r.status == 2)
        #expect(try r.codes().contains("AASA705"))
        #expect((try r.json()["routes"] as? [[String: Any]])?.count == 1)
    }
}

/// `aasa-check entitlements` fetching each domain from the local HTTPS harness.
@Suite("entitlements against the harness")
struct EntitlementsHarnessTests {
    func entitlements(_ args: [String]) throws -> Run { run(["entitlements"] + args + (try harnessNetwork())) }

    func file(_ entries: [String]) throws -> String { try entitlementsFile(entries) }

    @Test func domainsThatListTheAppPass() throws {
        let f = try file(["applinks:good.aasa.test", "webcredentials:good.aasa.test"])
        defer { try? FileManager.default.removeItem(atPath: f) }
        let r = try entitlements([f, "--app-id", CheckGateTests.app, "--json"])
        #expect(r.status == 0, "\(r.stdout)")
        let fetches = try #require(try r.json()["fetches"] as? [[String: Any]])
        #expect(fetches.contains { $0["url"] as? String == "https://good.aasa.test/.well-known/apple-app-site-association" })
        #expect(try !r.codes().contains("AASA607"))
    }

    @Test func aDomainWhoseFileLacksTheAppIsAASA607() throws {
        let f = try file(["applinks:good.aasa.test"])
        defer { try? FileManager.default.removeItem(atPath: f) }
        let r = try entitlements([f, "--app-id", "Q7Z3K8M2PX.com.aasacheck.missing", "--json"])
        #expect(r.status == 1)
        let d = try #require((try r.json()["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "AASA607" })
        #expect(d["target"] as? String == "good.aasa.test")
        #expect(d["line"] as? Int == 2)
    }

    @Test func aWildcardIsCheckedAgainstItsApexFile() throws {
        let f = try file(["applinks:*.good.aasa.test", "applinks:good.aasa.test"])
        defer { try? FileManager.default.removeItem(atPath: f) }
        let r = try entitlements([f, "--app-id", "Q7Z3K8M2PX.com.aasacheck.missing", "--json"])
        let found = (try r.json()["diagnostics"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "AASA607" }
        #expect(found.count == 2)
        #expect(found.contains { ($0["message"] as? String)?.contains("which serves `*.good.aasa.test`") == true })
        let fetches = try #require(try r.json()["fetches"] as? [[String: Any]])
        #expect(fetches.filter { $0["url"] as? String == "https://good.aasa.test/.well-known/apple-app-site-association" }.count == 1,
                "the apex file is fetched once for both entries")
    }

    @Test func aDeveloperModeDomainIsFetchedFromTheOriginOnly() throws {
        let f = try file(["applinks:good.aasa.test?mode=developer"])
        defer { try? FileManager.default.removeItem(atPath: f) }
        let r = try entitlements([f, "--app-id", CheckGateTests.app, "--json"])
        let codes = try r.codes()
        #expect(codes.contains("AASA603"), "a developer-mode entry in a release build: \(codes)")
        #expect(codes.contains("AASA505"), "the CDN check is skipped for an alternate-mode domain: \(codes)")
        let fetches = try #require(try r.json()["fetches"] as? [[String: Any]])
        #expect(fetches.allSatisfy { $0["source"] as? String == "origin" })
        #expect(!codes.contains("AASA607"))
    }
}

/// `--app-id` is checked against Apple's CDN copy too: devices read that copy.
@Suite("app ID membership in the CDN copy")
struct CDNMembershipTests {
    @Test func anAppOnlyInTheOriginFileIsAnError() throws {
        let network = try harnessNetwork()
        let r = run(["check", "stale.aasa.test", "--app-id", "Q7Z3K8M2PX.com.aasacheck.todos.beta", "--json"] + network)
        #expect(r.status == 1)
        let d = try #require((try r.json()["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "AASA607" })
        #expect(d["source"] as? String == "cdn")
        #expect((d["message"] as? String)?.contains("not in Apple's CDN copy") == true)
        let listed = run(["check", "stale.aasa.test", "--app-id", "Q7Z3K8M2PX.com.aasacheck.todos", "--json"] + network)
        #expect(try !listed.codes().contains("AASA607"))
    }
}

@Suite("duplicate domains")
struct DuplicateDomainTests {
    @Test func theSameDomainGivenTwiceIsCheckedOnce() throws {
        let network = try harnessNetwork()
        let r = run(["check", "good.aasa.test", "GOOD.aasa.test", "https://good.aasa.test/", "--no-cdn", "--json"] + network)
        #expect(r.status == 0)
        #expect((try r.json()["fetches"] as? [[String: Any]])?.count == 1)
    }
}
