// seeds: fuzz/seeds/bundle
// dict: bplist
import Foundation
@testable import AASACore

/// Built apps as trees of files: the input is a list of files, each `[path length: 1 byte]
/// [path] [size: 2 bytes, big-endian] [bytes]` (fuzz/seeds/bundle holds the sample app packed
/// so), read by AppBundles as an .ipa, .app or .xcarchive: Info.plist, executables, embedded
/// profiles, nested bundles.
enum BundleFuzz: FuzzTarget {
    static let name = "bundle"

    static func run(_ data: [UInt8]) {
        var files: [String: [UInt8]] = [:]
        var i = 0
        while i < data.count {
            let n = Int(data[i])
            guard i + 1 + n + 2 <= data.count else { break }
            let path = String(decoding: data[(i + 1)..<(i + 1 + n)], as: UTF8.self)
            let size = Int(data[i + 1 + n]) << 8 | Int(data[i + 2 + n])
            let start = i + 3 + n
            let end = min(data.count, start + size)
            files[path] = Array(data[start..<end])
            i = end
        }
        let tree = MemoryTree(name: "fuzz.ipa", files: files)
        guard let layout = try? AppBundles.layout(of: tree) else { return }
        let reading = AppBundles.read(tree, layout: layout, file: "fuzz.ipa", digest: MachOFuzz.standInDigest,
                                      now: Date(timeIntervalSince1970: 1_750_000_000))
        for subject in reading.subjects where subject.sameAs == nil {
            _ = EntitlementsLinter.lint(subject.file, profile: subject.profile)
        }
    }
}
