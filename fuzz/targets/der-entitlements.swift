// seeds: fuzz/seeds/der-entitlements
// dict: der
@testable import AASACore

/// The DER entitlements of a code signature (blob `0xfade7172`), decoded into the plist model
/// and linted.
enum DEREntitlementsFuzz: FuzzTarget {
    static let name = "der-entitlements"

    static func run(_ data: [UInt8]) {
        guard let (root, duplicates) = try? DEREntitlements.decode(data[...], name: "fuzz"),
              var file = try? EntitlementsFile.assemble(root: root, container: .codeSignatureDER, path: "fuzz")
        else { return }
        file.duplicateKeys = duplicates
        _ = EntitlementsLinter.lint(file)
    }
}
