import Foundation
import HarnessSupport
import Testing
@testable import AASACheckKit

/// "With the network unplugged, `aasa-check example.com` fails fast with AASA101 and exit 1."
/// The binary runs in a network namespace of its own with no interface at all, so nothing
/// can leave the machine and name resolution fails at once, as on an unplugged machine.
@Suite struct UnpluggedTests {
    @Test func unpluggedNetworkFailsFastWithAASA101() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("aasa-check")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-unplugged-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        // As root `unshare -n`; otherwise a user namespace makes the network namespace.
        let unshare = getuid() == 0 ? "unshare -n" : "unshare -rn"
        let start = Date()
        let result = try #require(Harness.runShell("\(unshare) '\(binary.path)' example.com --json", outputPath: out))
        let elapsed = Date().timeIntervalSince(start)
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(result.status == 1, "\(text)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let codes = (json["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes.contains("AASA101"), "\(codes)")
        #expect(codes.contains("AASA504"), "the CDN could not be reached either: \(codes)")
        #expect(elapsed < 30, "fails fast, not after a hang")
    }
}
