// seeds: entitlements-samples/apps
@testable import AASACore

/// Signed Mach-O executables, thin or universal: the headers, load commands, SuperBlob, every
/// CodeDirectory and the XML and DER entitlements, read, checked (AASA616/617) and linted
/// without a crash, a hang or a blow-up.
enum MachOFuzz: FuzzTarget {
    static let name = "macho"

    static func run(_ data: [UInt8]) {
        guard let machO = try? MachOFile.read(MemorySource(data, name: "fuzz")) else { return }
        let reading = SignedEntitlements.read(machO, file: "fuzz", bundle: nil, digest: standInDigest)
        for subject in reading.subjects where subject.sameAs == nil {
            _ = EntitlementsLinter.lint(subject.file)
        }
    }

    /// The harness has no libcrypto: a digest of the right length stands in. Hash values only
    /// decide whether AASA616 is reported, not how the signature is read.
    static let standInDigest: SignedEntitlements.Digest = { type, bytes in
        var out = [UInt8](repeating: 0, count: type.digestLength)
        for (i, b) in bytes.prefix(4096).enumerated() { out[i % out.count] &+= b }
        return out
    }
}
