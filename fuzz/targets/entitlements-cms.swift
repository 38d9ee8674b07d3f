// seeds: entitlements-samples
// dict: der
// rss_limit_mb: 1024
@testable import AASACore

/// Provisioning profiles: the DER/CMS envelope reader and what it unwraps.
enum EntitlementsCMSFuzz: FuzzTarget {
    static let name = "entitlements-cms"

    static func run(_ data: [UInt8]) {
        _ = try? CMSEnvelope.content(of: data)
        EntitlementsFuzzing.readAndLint(data)
    }
}
