import Foundation
@testable import AASACore

/// Paths of the files tests read, found from this source file (tests run from the source tree).
enum EntitlementsFixtures {
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = repoRoot.appendingPathComponent("Fixtures/entitlements")
    static let samples = repoRoot.appendingPathComponent("entitlements-samples")

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    /// Why `bytes` cannot be read, or `nil` when they can.
    static func readError(_ bytes: [UInt8]) -> EntitlementsError? {
        do {
            _ = try EntitlementsFile.read(bytes, path: "x")
            return nil
        } catch {
            return error
        }
    }

    /// Reads and lints one file as `aasa-check entitlements` does.
    static func lint(_ url: URL, appID: String? = nil, profile: EntitlementsFile? = nil) throws -> EntitlementsReport {
        let file = try EntitlementsFile.read(try bytes(url), path: url.lastPathComponent)
        return EntitlementsLinter.lint(file, appID: appID, profile: profile)
    }

    static func plist(_ entries: [String], extra: String = "") -> String {
        CodeDoc.associatedDomainsPlist(entries, extra: extra)
    }

    static func codes(_ xml: String, path: String? = nil, appID: String? = nil) throws -> [String] {
        let file = try EntitlementsFile.read(Array(xml.utf8), path: path)
        return EntitlementsLinter.lint(file, appID: appID).diagnostics.map(\.code.rawValue)
    }

    /// The codes `aasa-check entitlements` reports for a file's bytes (no path, no app ID).
    static func codes(_ bytes: [UInt8]) throws -> [String] {
        EntitlementsLinter.lint(try EntitlementsFile.read(bytes)).diagnostics.map(\.code.rawValue)
    }
}
