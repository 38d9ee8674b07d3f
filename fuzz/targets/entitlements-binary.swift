// seeds: .build/fuzz/seeds/binary-plist
// dict: bplist
@testable import AASACore

/// Binary property lists (the seeds are the XML samples converted by scripts/fuzz.sh): the
/// reader's guard refuses expansions before Foundation makes them.
enum EntitlementsBinaryFuzz: FuzzTarget {
    static let name = "entitlements-binary"

    static func run(_ data: [UInt8]) {
        let bytes = data.starts(with: Array("bplist".utf8)) ? data : Array("bplist00".utf8) + data
        EntitlementsFuzzing.readAndLint(bytes)
    }
}
