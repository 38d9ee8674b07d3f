import Foundation
import Testing
@testable import AASACheckKit

@Suite struct ConfigTests {
    static let warnOnly = fixturePath("corpus/aasa/WelcometoMyGarden__welcometomygarden__static_.well-known_apple-app-site-association")

    func config(_ json: String) throws -> String { try temporaryFile(Array(json.utf8), name: UUID().uuidString + ".json") }

    @Test func failOnComesFromTheFileAndFlagsOverrideIt() throws {
        let path = try config(#"{"failOn": "warning"}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(run(["validate", "--config", path, ConfigTests.warnOnly]).status == 1)
        #expect(run(["validate", "--config", path, "--fail-on", "error", ConfigTests.warnOnly]).status == 0)
    }

    @Test func ignoredCodesAreDroppedFromEveryFormat() throws {
        let path = try config(#"{"failOn": "warning", "ignore": [{"code": "AASA401", "reason": "every page has a screen in the app"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = run(["validate", "--config", path, ConfigTests.warnOnly])
        #expect(text.status == 0)
        #expect(!text.stdout.contains("AASA401"))
        let json = run(["validate", "--config", path, "--json", ConfigTests.warnOnly])
        #expect(try json.codes().isEmpty)
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
}
