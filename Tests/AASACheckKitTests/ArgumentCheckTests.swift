import Foundation
import Testing
@testable import AASACheckKit

/// Hints that fit the file expected, and `--app-id` read the same way by every command.
@Suite struct ArgumentCheckTests {
    static let aasa = fixturePath("routes/soar-starter-aasa.json")
    static let routes = fixturePath("routes/soar-starter.routes")
    static let appID = "9JA89QQLNQ.com.soarstarter.SoarStarterSwift"

    @Test func aDirectoryHintFitsTheKindOfFile() {
        let dir = fixturePath("routes")
        #expect(run(["routes", ArgumentCheckTests.aasa, "--routes", dir]).stderr
            == "aasa-check routes: \(dir): is a directory; give the route list file (one route a line, or JSON)\n")
        #expect(run(["validate", "--config", dir, ArgumentCheckTests.aasa]).stderr
            == "aasa-check validate: \(dir): is a directory; give the configuration file itself (e.g. \(dir)/aasa-check.json)\n")
        #expect(run(["validate", dir]).stderr
            == "aasa-check: \(dir): is a directory; give the file itself (e.g. \(dir)/.well-known/apple-app-site-association)\n")
        let entitlements = run(["entitlements", dir])
        #expect(entitlements.status == 2)
        // A directory may be an .app or .xcarchive: this one holds no app.
        #expect(entitlements.stderr == "aasa-check: \(dir): is a directory that holds no app; give an .app or .xcarchive "
            + "directory, an .ipa, an executable, or an .entitlements, .xcent or .mobileprovision file\n")
    }

    @Test func aRepeatedAppIDIsDecidedOnce() throws {
        let r = run(["match", "--json", ArgumentCheckTests.aasa, "/todos", "/paywall", "--domain", "soar.example",
                     "--app-id", ArgumentCheckTests.appID, "--app-id", ArgumentCheckTests.appID,
                     "--app-id", "9ja89qqlnq.com.soarstarter.SoarStarterSwift", "--app-id", "ABCDE12345.com.other.app"])
        // The app the file does not list is AASA607, once, as `check --app-id` says it.
        #expect(r.status == 1)
        let found = try #require(try r.json()["diagnostics"] as? [[String: Any]])
        #expect(found.compactMap { $0["code"] as? String } == ["AASA607"])
        #expect((found.first?["message"] as? String)?.contains("ABCDE12345.com.other.app") == true)
        let matches = try #require(try r.json()["matches"] as? [[String: Any]])
        #expect(matches.map { "\($0["url"] as? String ?? "") \($0["appID"] as? String ?? "")" } == [
            "https://soar.example/todos \(ArgumentCheckTests.appID)", "https://soar.example/todos ABCDE12345.com.other.app",
            "https://soar.example/paywall \(ArgumentCheckTests.appID)", "https://soar.example/paywall ABCDE12345.com.other.app",
        ])
        let text = run(["match", ArgumentCheckTests.aasa, "/todos", "--domain", "soar.example",
                        "--app-id", ArgumentCheckTests.appID, "--app-id", ArgumentCheckTests.appID])
        #expect(text.stdout.components(separatedBy: "  match    \(ArgumentCheckTests.appID)\n").count == 2)
        let routes = run(["routes", "--json", ArgumentCheckTests.aasa, "--routes", ArgumentCheckTests.routes, "--domain", "soar.example",
                          "--app-id", ArgumentCheckTests.appID, "--app-id", ArgumentCheckTests.appID])
        #expect((try routes.json()["routes"] as? [Any])?.count == 17)
    }

    @Test func aMalformedAppIDIsAUsageErrorInEveryCommand() {
        let why = "it has no App ID prefix: an app ID is <10-character prefix>.<bundle ID>"
        let match = run(["match", ArgumentCheckTests.aasa, "/todos", "--app-id", "garbage"])
        #expect(match.status == 2)
        #expect(match.stdout.isEmpty)
        #expect(match.stderr == "aasa-check match: --app-id garbage: \(why)\n")
        let routes = run(["routes", ArgumentCheckTests.aasa, "--routes", ArgumentCheckTests.routes, "--app-id", "garbage"])
        #expect(routes.status == 2)
        #expect(routes.stderr == "aasa-check routes: --app-id garbage: \(why)\n")
        let entitlements = run(["entitlements", fixturePath("entitlements/Expensify__App__ios_NewExpensify_Chat.entitlements"), "--app-id", "garbage"])
        #expect(entitlements.status == 2)
        #expect(entitlements.stderr == "aasa-check entitlements: --app-id garbage: \(why)\n")
    }
}
