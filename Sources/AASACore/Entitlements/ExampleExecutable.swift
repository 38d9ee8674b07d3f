/// A signed executable for the examples of AASA616 and AASA617: one or two thin arm64/x86_64
/// slices, each with an embedded signature holding a CodeDirectory (SHA-256) and an XML
/// entitlements blob. Only the parts aasa-check reads are written (header, `LC_CODE_SIGNATURE`,
/// SuperBlob); the fixture generator of the tests writes complete ones.
public struct ExampleExecutable: Sendable {
    /// One slice: its entitlements and the hash its CodeDirectory seals in special slot 5
    /// (`nil`: slot 5 empty).
    public struct Slice: Sendable {
        public var arch: String
        public var entitlements: String
        public var sealed: [UInt8]?
    }

    /// What the example shows in `aasa-check explain`.
    public var summary: String
    public var slices: [Slice]

    /// The file: a thin executable for one slice, a universal one for more.
    public var bytes: [UInt8] {
        let thin = slices.map(Self.thin)
        guard thin.count > 1 else { return thin.first ?? [] }
        var out = be32(0xCAFE_BABE) + be32(UInt32(thin.count))
        var offset = 4096
        var bodies: [UInt8] = []
        for (slice, body) in zip(slices, thin) {
            let (cpu, sub) = Self.cpu(slice.arch)
            out += be32(cpu) + be32(sub) + be32(UInt32(offset)) + be32(UInt32(body.count)) + be32(12)
            bodies += body + [UInt8](repeating: 0, count: (4096 - body.count % 4096) % 4096)
            offset += body.count + (4096 - body.count % 4096) % 4096
        }
        return out + [UInt8](repeating: 0, count: 4096 - out.count) + bodies
    }

    static func cpu(_ arch: String) -> (UInt32, UInt32) {
        arch == "x86_64" ? (0x0100_0007, 3) : (0x0100_000C, 0)
    }

    static func thin(_ slice: Slice) -> [UInt8] {
        let payload = Array(slice.entitlements.utf8)
        let blob = be32(0xFADE_7171) + be32(UInt32(8 + payload.count)) + payload
        let ident = Array("com.soarstarter.SoarStarterSwift".utf8) + [0]
        let headerLength = 52  // through teamOffset (version 0x20200)
        let hashOffset = headerLength + ident.count + 5 * 32
        var directory = be32(0xFADE_0C02) + be32(UInt32(hashOffset)) + be32(0x20200) + be32(0)
        directory += be32(UInt32(hashOffset)) + be32(UInt32(headerLength)) + be32(5) + be32(0) + be32(0)
        directory += [32, 2, 0, 12] + be32(0) + be32(0) + be32(0)
        directory += ident
        // Special slots 5 down to 1: slot n sits n hashes before hashOffset.
        directory += (slice.sealed ?? [UInt8](repeating: 0, count: 32)) + [UInt8](repeating: 0, count: 4 * 32)
        let superLength = 12 + 16 + directory.count + blob.count
        let signature = be32(0xFADE_0CC0) + be32(UInt32(superLength)) + be32(2)
            + be32(0) + be32(28) + be32(5) + be32(UInt32(28 + directory.count)) + directory + blob
        let (cpu, sub) = cpu(slice.arch)
        var out = be32le(0xFEED_FACF) + be32le(cpu) + be32le(sub) + be32le(2) + be32le(1) + be32le(16) + be32le(0) + be32le(0)
        out += be32le(0x1D) + be32le(16) + be32le(4096) + be32le(UInt32(signature.count))
        return out + [UInt8](repeating: 0, count: 4096 - out.count) + signature
    }

    /// Plist text of the entitlements the examples sign.
    public static func plist(_ entries: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + "\t<key>application-identifier</key>\n\t<string>K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift</string>\n"
            + "\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n"
            + entries.map { "\t\t<string>\($0)</string>\n" }.joined() + "\t</array>\n</dict>\n</plist>\n"
    }

    /// Bytes from lowercase hex, for the hashes the examples seal.
    static func bytes(hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var chars = Array(hex.utf8)[...]
        while chars.count >= 2 {
            out.append(UInt8(String(decoding: chars.prefix(2), as: UTF8.self), radix: 16) ?? 0)
            chars = chars.dropFirst(2)
        }
        return out
    }
}

private func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
private func be32le(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
