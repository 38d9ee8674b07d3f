// seeds: entitlements-samples/apps
import AASAArtifacts
import Foundation
@testable import AASACore

/// `.ipa` archives: ZipTree (Core's zip directory, zlib's inflation) from a file, then the
/// bundles inside. The input is written to a file, as `entitlements Shop.ipa` reads a path.
enum ZipFuzz: FuzzTarget {
    static let name = "zip"
    /// The file each input is written to, removed when the fuzzer exits.
    static let path: String = {
        atexit { unlink(ZipFuzz.path) }
        return NSTemporaryDirectory() + "aasa-fuzz-\(getpid()).ipa"
    }()

    static func run(_ data: [UInt8]) {
        guard (try? Data(data).write(to: URL(fileURLWithPath: path))) != nil,
              let tree = try? ZipTree(path: path, name: "fuzz.ipa"),
              let layout = try? AppBundles.layout(of: tree)
        else { return }
        _ = AppBundles.read(tree, layout: layout, file: "fuzz.ipa", digest: Digests.compute, now: Date())
    }
}
