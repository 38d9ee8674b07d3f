import Foundation
import Testing
@testable import AASACheckKit

@Suite struct ConfigTests {
    /// A real file whose only warning is AASA314 (a non-empty legacy `applinks.apps`).
    static let warnOnly = fixturePath("corpus/aasa/Aharonik1__furnis-app-site-association__apple-app-site-association")

    func config(_ json: String) throws -> String { try temporaryFile(Array(json.utf8), name: UUID().uuidString + ".json") }

    @Test func failOnComesFromTheFileAndFlagsOverrideIt() throws {
        let path = try config(#"{"failOn": "warning"}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(run(["validate", "--config", path, ConfigTests.warnOnly]).status == 1)
        #expect(run(["validate", "--config", path, "--fail-on", "error", ConfigTests.warnOnly]).status == 0)
    }

    @Test func ignoredCodesAreDroppedFromEveryFormat() throws {
        let path = try config(#"{"failOn": "warning", "ignore": [{"code": "AASA314", "reason": "apps is kept for iOS 12 devices"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = run(["validate", "--config", path, ConfigTests.warnOnly])
        #expect(text.status == 0)
        #expect(!text.stdout.contains("AASA314"))
        let json = run(["validate", "--config", path, "--json", ConfigTests.warnOnly])
        #expect(try !json.codes().contains("AASA314") && !json.codes().isEmpty)
    }

    @Test func ignoreNeedsAReasonAndAKnownCode() throws {
        let noReason = try config(#"{"ignore": [{"code": "AASA401"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: noReason) }
        let r = run(["validate", "--config", noReason, ConfigTests.warnOnly])
        #expect(r.status == 2)
        #expect(r.stderr.contains("ignoring AASA401 needs a \"reason\""))
        let unknown = try config(#"{"ignore": [{"code": "AASA999", "reason": "x"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: unknown) }
        #expect(run(["validate", "--config", unknown, ConfigTests.warnOnly]).status == 2)
    }

    @Test func badConfigurationsAreUsageErrorsWithPlaces() throws {
        let trailing = try config("{\"failOn\": \"error\",\n}")
        defer { try? FileManager.default.removeItem(atPath: trailing) }
        let r = run(["validate", "--config", trailing, ConfigTests.warnOnly])
        #expect(r.status == 2)
        #expect(r.stderr.contains(":2:1: a trailing comma"))
        let typo = try config(#"{"fail-on": "error"}"#)
        defer { try? FileManager.default.removeItem(atPath: typo) }
        #expect(run(["validate", "--config", typo, ConfigTests.warnOnly]).stderr.contains("unknown key \"fail-on\""))
        #expect(run(["validate", "--config", "/nonexistent.json", ConfigTests.warnOnly]).status == 2)
    }

    @Test func routesAndAppIDsComeFromTheFile() throws {
        let path = try config(#"{"routes": "\#(fixturePath("routes/soar-starter.routes"))", "appIDs": ["9JA89QQLNQ.com.soarstarter.SoarStarterSwift"]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["routes", "--config", path, fixturePath("routes/soar-starter-aasa.json"), "--domain", "soar.example", "--json"])
        #expect(r.status == 1)
        #expect(try r.codes() == ["AASA701"])
    }

    @Test func entitlementsComesFromTheFileWhenNoFileIsGiven() throws {
        let sample = packageRoot.appendingPathComponent("entitlements-samples/SoarStarterSwift-Release.entitlements").path
        let path = try config(#"{"entitlements": "\#(sample)"}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["entitlements", "--config", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("\(sample): 3 associated domains; release build\n"))
        // A FILE on the command line replaces the configuration's.
        let other = fixturePath("entitlements/Expensify__App__ios_NewExpensify_Chat.entitlements")
        let given = run(["entitlements", "--config", path, other])
        #expect(given.stdout.contains(other) && !given.stdout.contains(sample))
        // Without either, the usage error says both ways.
        let none = run(["entitlements"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("or \"entitlements\" in the configuration"))
    }

    @Test func domainsMustBeDomainNamesWithTheirPlace() throws {
        let path = try config("{\"domains\": [\"example.com\",\n  \"bad domain!\"]}")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["validate", "--config", path, ConfigTests.warnOnly])
        #expect(r.status == 2)
        #expect(r.stderr == "aasa-check validate: \(path):2:3: \"domains\"[1] \"bad domain!\": not a domain name (example.com)\n")
        let forms = try config(#"{"domains": ["example.com", "https://www.example.com/", "*.example.com", "example.com?mode=developer"]}"#)
        defer { try? FileManager.default.removeItem(atPath: forms) }
        #expect(run(["validate", "--config", forms, ConfigTests.warnOnly]).status == 0)
    }

    @Test func appIDsMustBeAppIDsWithTheirPlace() throws {
        let path = try config(#"{"appIDs": ["9JA89QQLNQ.com.soarstarter.SoarStarterSwift", "garbage"]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["validate", "--config", path, ConfigTests.warnOnly])
        #expect(r.status == 2)
        #expect(r.stderr == "aasa-check validate: \(path):1:60: \"appIDs\"[1] \"garbage\": it has no App ID prefix: an app ID is <10-character prefix>.<bundle ID>\n")
        let prefix = try config(#"{"appIDs": ["ABC.com.example.app"]}"#)
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        #expect(run(["validate", "--config", prefix, ConfigTests.warnOnly]).stderr.contains(#"the App ID prefix "ABC" is not 10 characters A–Z and 0–9"#))
    }

    @Test func ignoreEntriesArePlacedAtTheEntry() throws {
        let path = try config("{\"ignore\": [\n  {\"code\": \"AASA401\", \"reason\": \"x\"},\n  {\"code\": \"AASA318\"}]}")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(run(["validate", "--config", path, ConfigTests.warnOnly]).stderr == "aasa-check validate: \(path):3:3: ignoring AASA318 needs a \"reason\"\n")
    }
}
