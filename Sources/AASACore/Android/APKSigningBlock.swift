/// The APK Signing Block: the ID–value pairs between an APK's last member and its central
/// directory, where the v2, v3 and v3.1 signatures live
/// (source.android.com/docs/security/features/apksigning/v2 "APK Signing Block").
///
/// Layout, little-endian: `uint64` size of the block after this field, the pairs (each a
/// `uint64` length, then a `uint32` ID and `length − 4` bytes of value), the same `uint64` size
/// again, and the 16-byte magic `APK Sig Block 42`. The block ends exactly where the central
/// directory starts, and the central directory must be followed immediately by the end of
/// central directory record; otherwise Android finds no block, and verifies the JAR signature
/// alone (`apksig` `ApkUtilsLite.findApkSigningBlock`, read at commit bb12ed7 of AOSP
/// `tools/apksig`). When an ID appears twice the first pair counts, as the platform's search
/// stops at it; pairs after a malformed one are never reached, by the platform either.
///
/// Bounds: the block is read whole only up to ``maxBytes``, at most ``maxPairs`` pairs.
public struct APKSigningBlock: Sendable {
    /// The magic that ends the block.
    public static let magic = Array("APK Sig Block 42".utf8)
    /// Largest block read (real ones: 4 KB to a few tens of KB, padded to 4 KB when they hold
    /// the verity padding pair).
    public static let maxBytes = 16 << 20
    /// Most pairs read (real blocks hold two to six).
    public static let maxPairs = 1_024

    /// Pair IDs named by the reports (values from AOSP `apksig`'s constants at bb12ed7, and from
    /// the platform's `ApkSignatureSchemeV3Verifier` for v3.2).
    public enum ID {
        public static let v2: UInt32 = 0x7109_871A
        public static let v3: UInt32 = 0xF053_68C0
        public static let v31: UInt32 = 0x1B93_AD61
        /// v3.2, the hybrid (post-quantum) block of Android 16 and later: noted, not read.
        public static let v32: UInt32 = 0x70E1_C89F
        public static let verityPadding: UInt32 = 0x4272_6577
        public static let sourceStampV1: UInt32 = 0x2B09_189E
        public static let sourceStampV2: UInt32 = 0x6DFF_800D
    }

    /// Where the block starts in the archive, and its whole size (both size fields and the
    /// magic included).
    public let offset: Int
    public let size: Int
    /// The pairs in block order: ID and the value's range in ``bytes``.
    public let pairs: [(id: UInt32, value: Range<Int>)]
    /// The block's bytes, from its first size field to its magic.
    public let bytes: [UInt8]
    /// Why the pairs stop early, when they do.
    public let pairProblem: String?

    /// The value of the first pair with `id`, as the platform finds it.
    public func value(_ id: UInt32) -> ArraySlice<UInt8>? {
        pairs.first { $0.id == id }.map { bytes[$0.value] }
    }

    /// Finds the block of the archive `source` whose layout is `layout`.
    /// - Returns: `nil` when there is none (a v1-signed or unsigned APK), with the reason in
    ///   `absence`.
    /// - Throws: ``APKSigningError/tooLarge(_:)`` beyond ``maxBytes``; `ContainerError`s of the
    ///   source's reads are turned into ``APKSigningError/malformed(_:)``.
    public static func locate(in source: any ByteSource, layout: ZipDirectory.Layout,
                              absence: inout String?) throws(APKSigningError) -> APKSigningBlock? {
        let cd = layout.centralDirectoryOffset
        guard layout.centralDirectoryEnd == layout.endOfCentralDirectoryOffset else {
            absence = "the central directory (ending at \(layout.centralDirectoryEnd)) is not followed immediately by the end record "
                + "(at \(layout.endOfCentralDirectoryOffset)), so Android finds no APK Signing Block"
            return nil
        }
        guard cd >= 32 else {
            absence = "the archive's data is too short to hold an APK Signing Block before its central directory"
            return nil
        }
        let footer: [UInt8]
        do { footer = try source.read((cd - 24)..<cd, what: "the APK Signing Block's footer") } catch {
            throw .malformed(error.description)
        }
        guard Array(footer[8..<24]) == magic else {
            absence = "no APK Signing Block before the central directory (no `APK Sig Block 42` magic)"
            return nil
        }
        let sizeInFooter = LE.u64(footer, 0)
        guard sizeInFooter >= 24, sizeInFooter <= UInt64(Int32.max - 8) else {
            absence = "the APK Signing Block's size field (\(sizeInFooter)) is out of range, so Android finds no block"
            return nil
        }
        let total = Int(sizeInFooter) + 8
        guard total <= cd else {
            absence = "the APK Signing Block's size (\(total) bytes) reaches before the start of the file, so Android finds no block"
            return nil
        }
        guard total <= maxBytes else {
            throw .tooLarge("an APK Signing Block of \(total) bytes; at most \(maxBytes) are read")
        }
        let start = cd - total
        let bytes: [UInt8]
        do { bytes = try source.read(start..<cd, what: "the APK Signing Block") } catch {
            throw .malformed(error.description)
        }
        guard LE.u64(bytes, 0) == sizeInFooter else {
            absence = "the APK Signing Block's two size fields differ (\(LE.u64(bytes, 0)) and \(sizeInFooter)), so Android finds no block"
            return nil
        }
        var pairs: [(id: UInt32, value: Range<Int>)] = []
        var problem: String?
        var p = 8
        let end = total - 24
        while p < end {
            guard pairs.count < maxPairs else {
                problem = "more than \(maxPairs) pairs; the others are not read"
                break
            }
            guard end - p >= 8 else {
                problem = "pair \(pairs.count + 1) has no room for its length"
                break
            }
            let length = LE.u64(bytes, p)
            guard length >= 4, length <= UInt64(end - p - 8) else {
                problem = "pair \(pairs.count + 1)'s length (\(length)) is out of range; Android reads no pair after it"
                break
            }
            let id = LE.u32(bytes, p + 8)
            pairs.append((id, (p + 12)..<(p + 8 + Int(length))))
            p += 8 + Int(length)
        }
        return APKSigningBlock(offset: start, size: total, pairs: pairs, bytes: bytes, pairProblem: problem)
    }

    /// A name for a pair ID in reports: `v2 (0x7109871a)`, `0x12345678`.
    public static func describe(_ id: UInt32) -> String {
        let hex = "0x" + Hex.format(id, width: 8, uppercase: false)
        switch id {
        case ID.v2: return "APK Signature Scheme v2 (\(hex))"
        case ID.v3: return "APK Signature Scheme v3 (\(hex))"
        case ID.v31: return "APK Signature Scheme v3.1 (\(hex))"
        case ID.v32: return "APK Signature Scheme v3.2 (\(hex))"
        case ID.verityPadding: return "verity padding (\(hex))"
        case ID.sourceStampV1, ID.sourceStampV2: return "source stamp (\(hex))"
        default: return hex
        }
    }
}

/// A cursor over length-prefixed little-endian structures (the APK Signing Block's values):
/// every read checks that its bytes are there.
struct LengthPrefixed {
    let bytes: ArraySlice<UInt8>
    private(set) var position: Int
    let what: String

    init(_ bytes: ArraySlice<UInt8>, what: String) {
        self.bytes = bytes
        position = bytes.startIndex
        self.what = what
    }

    var isAtEnd: Bool { position == bytes.endIndex }
    var remaining: Int { bytes.endIndex - position }

    mutating func u32() throws(APKSigningError) -> UInt32 {
        guard remaining >= 4 else { throw .malformed("\(what) ends inside a 4-byte field") }
        defer { position += 4 }
        return UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2]) << 16
            | UInt32(bytes[position + 3]) << 24
    }

    /// The next `uint32`-length-prefixed value.
    mutating func value(_ name: String) throws(APKSigningError) -> LengthPrefixed {
        let length = try u32()
        guard UInt64(length) <= UInt64(remaining) else {
            throw .malformed("\(what): \(name) declares \(length) bytes, \(remaining) remain")
        }
        defer { position += Int(length) }
        return LengthPrefixed(bytes[position..<(position + Int(length))], what: "\(what), \(name)")
    }

    /// The rest as bytes.
    var rest: [UInt8] { Array(bytes[position...]) }

    /// The values of a sequence of length-prefixed values, at most `limit` of them.
    mutating func sequence(_ name: String, limit: Int) throws(APKSigningError) -> [LengthPrefixed] {
        var out: [LengthPrefixed] = []
        while !isAtEnd {
            guard out.count < limit else { throw .tooLarge("\(what) holds more than \(limit) \(name)s; at most \(limit) are read") }
            out.append(try value("\(name) \(out.count + 1)"))
        }
        return out
    }
}
