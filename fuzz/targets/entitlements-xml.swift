// seeds: Fixtures/entitlements entitlements-samples
// dict: xml
// rss_limit_mb: 1024
@testable import AASACore

/// Entitlements files as XML property lists: read and linted without a crash, hang or blow-up.
enum EntitlementsXMLFuzz: FuzzTarget {
    static let name = "entitlements-xml"

    static func run(_ data: [UInt8]) {
        EntitlementsFuzzing.readAndLint(data)
    }
}

enum EntitlementsFuzzing {
    static func readAndLint(_ data: [UInt8]) {
        guard let file = try? EntitlementsFile.read(data, path: "fuzz") else { return }
        _ = EntitlementsLinter.lint(file, appID: "ABCDE12345.com.example.app")
    }
}
