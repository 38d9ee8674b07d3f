// seeds: entitlements-samples/apps
import AASAArtifacts
@testable import AASACheckKit
import Foundation
@testable import AASACore

/// `.ipa` archives: ZipTree (Core's zip directory, zlib's inflation) from a file, then the
/// bundles inside. The input is written to a file, as `entitlements Shop.ipa` reads a path;
/// the file is then read as `entitlements` reads it and printed in one of its formats, through
/// the output oracle (FuzzRender).
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
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in data.prefix(4096) { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        FuzzRender.check(FuzzRender.format(for: hash &+ UInt64(data.count), command: "entitlements"), command: "entitlements",
                         limit: FuzzRender.limit(input: data.count)) { out, console in
            FuzzRender.entitlements([path], out, console)
        }
    }
}
