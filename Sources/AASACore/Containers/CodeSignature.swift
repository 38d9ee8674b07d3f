/// The embedded code signature of a Mach-O slice: a SuperBlob of blobs (issue 12).
///
/// Layouts from Apple's xnu `osfmk/kern/cs_blobs.h`, every field big-endian:
/// - `CS_SuperBlob` {magic `0xfade0cc0`, length, count} then `count` `CS_BlobIndex` {type,
///   offset}, the offset counted from the SuperBlob's start;
/// - each blob starts {magic, length}, the length counting those 8 bytes;
/// - slot types: 0 the CodeDirectory, 5 the XML entitlements (magic `0xfade7171`), 7 the DER
///   entitlements (`0xfade7172`), `0x1000`–`0x1004` alternate CodeDirectories, `0x10000` the
///   CMS signature (`0xfade0b01`);
/// - `CS_CodeDirectory` (magic `0xfade0c02`) {magic, length, version, flags, hashOffset,
///   identOffset, nSpecialSlots, nCodeSlots, codeLimit, hashSize, hashType, platform, pageSize,
///   spare2, then by version scatterOffset (0x20100), teamOffset (0x20200), …}; the hash of
///   special slot `n` sits `n × hashSize` bytes before `hashOffset`. Hash types: 1 SHA-1,
///   2 SHA-256, 3 SHA-256 truncated to 20 bytes, 4 SHA-384.
///
/// The hash a CodeDirectory seals for a blob is the digest of the whole blob, header included,
/// cut to `hashSize` bytes (AASA616 compares them: ``CodeSignatureCheck``).
public struct CodeSignature: Sendable {
    /// Largest blob count read; real signatures hold fewer than ten.
    public static let maxBlobs = 64

    /// One blob of the SuperBlob.
    public struct Blob: Sendable, Hashable {
        /// The slot type of its index entry.
        public var slot: UInt32
        /// Its magic number.
        public var magic: UInt32
        /// The whole blob, header included: what a CodeDirectory hashes.
        public var bytes: [UInt8]
        /// The blob after its 8-byte header.
        public var payload: ArraySlice<UInt8> { bytes.dropFirst(8) }
    }

    /// Every blob, in index order.
    public var blobs: [Blob]
    /// The CodeDirectories: the primary one (slot 0) first, then the alternates.
    public var codeDirectories: [CodeDirectory]

    /// The XML entitlements blob (slot 5), when present.
    public var xmlEntitlements: Blob? { blobs.first { $0.slot == 5 } }
    /// The DER entitlements blob (slot 7), when present.
    public var derEntitlements: Blob? { blobs.first { $0.slot == 7 } }

    /// Parses a SuperBlob.
    /// - Parameters:
    ///   - bytes: the signature as `LC_CODE_SIGNATURE` locates it.
    ///   - name: what it is, for messages (`the code signature of App (arm64)`).
    /// - Throws: ``ContainerError`` for a broken structure.
    public static func parse(_ bytes: [UInt8], name: String) throws(ContainerError) -> CodeSignature {
        guard bytes.count >= 12 else {
            throw .truncated("\(name) is \(bytes.count) bytes, shorter than a SuperBlob header (12)")
        }
        let magic = BigEndian.u32(bytes, 0)
        guard magic == 0xFADE_0CC0 else {
            throw .malformed("\(name) starts with magic 0x\(hex32(magic)), not an embedded signature (0xfade0cc0)")
        }
        let length = Int(BigEndian.u32(bytes, 4)), count = Int(BigEndian.u32(bytes, 8))
        guard length >= 12, length <= bytes.count else {
            throw .truncated("the SuperBlob of \(name) claims \(length) bytes; the signature holds \(bytes.count)")
        }
        guard count <= (length - 12) / 8 else {
            throw .malformed("the SuperBlob of \(name) claims \(count) blobs; its \(length) bytes have room for "
                + "\((length - 12) / 8) index entries")
        }
        guard count <= maxBlobs else {
            throw .malformed("the SuperBlob of \(name) claims \(count) blobs; at most \(maxBlobs) are read")
        }
        var blobs: [Blob] = []
        for i in 0..<count {
            let slot = BigEndian.u32(bytes, 12 + 8 * i), offset = Int(BigEndian.u32(bytes, 16 + 8 * i))
            let what = "blob \(i + 1) of \(count) (slot 0x\(Hex.format(slot, uppercase: false))) of \(name)"
            guard offset >= 12 + 8 * count, offset <= length - 8 else {
                throw .malformed("\(what) is at byte \(offset), outside the SuperBlob's blobs (bytes \(12 + 8 * count) to \(length))")
            }
            let blobLength = Int(BigEndian.u32(bytes, offset + 4))
            guard blobLength >= 8 else {
                throw .malformed("\(what) claims \(blobLength) bytes, shorter than its own 8-byte header")
            }
            guard blobLength <= length - offset else {
                throw .truncated("\(what) claims \(blobLength) bytes from byte \(offset), past the end of the SuperBlob (\(length))")
            }
            blobs.append(Blob(slot: slot, magic: BigEndian.u32(bytes, offset), bytes: Array(bytes[offset..<(offset + blobLength)])))
        }
        var directories: [CodeDirectory] = []
        for blob in blobs where blob.slot == 0 || (0x1000..<0x1005).contains(blob.slot) {
            let what = blob.slot == 0 ? "the CodeDirectory of \(name)"
                : "alternate CodeDirectory \(blob.slot - 0x1000 + 1) of \(name)"
            guard blob.magic == 0xFADE_0C02 else {
                throw .malformed("\(what) has magic 0x\(hex32(blob.magic)), not a CodeDirectory's (0xfade0c02)")
            }
            directories.append(try CodeDirectory.parse(blob, what: what))
        }
        for (slot, wanted, kind) in [(UInt32(5), UInt32(0xFADE_7171), "XML entitlements"), (7, 0xFADE_7172, "DER entitlements")] {
            if let blob = blobs.first(where: { $0.slot == slot }), blob.magic != wanted {
                throw .malformed("the \(kind) blob (slot \(slot)) of \(name) has magic 0x\(hex32(blob.magic)), "
                    + "not 0x\(hex32(wanted))")
            }
        }
        return CodeSignature(blobs: blobs, codeDirectories: directories)
    }

    static func hex32(_ v: UInt32) -> String { Hex.format(v, width: 8, uppercase: false) }
}

/// A CodeDirectory: what the signature seals (``CodeSignature``).
public struct CodeDirectory: Sendable, Hashable {
    /// The hash algorithms of `cs_blobs.h`.
    public enum HashType: UInt8, Sendable, Hashable {
        case sha1 = 1
        case sha256 = 2
        case sha256Truncated = 3
        case sha384 = 4

        /// `SHA-1`, `SHA-256`, `SHA-256 (truncated to 20 bytes)`, `SHA-384`.
        public var name: String {
            switch self {
            case .sha1: return "SHA-1"
            case .sha256: return "SHA-256"
            case .sha256Truncated: return "SHA-256 (truncated)"
            case .sha384: return "SHA-384"
            }
        }

        /// The digest length before truncation to `hashSize`.
        public var digestLength: Int {
            switch self {
            case .sha1: return 20
            case .sha256, .sha256Truncated: return 32
            case .sha384: return 48
            }
        }
    }

    /// The slot of the SuperBlob it came from: 0, or `0x1000`… for an alternate.
    public var slot: UInt32
    public var version: UInt32
    public var flags: UInt32
    /// The hash algorithm, or `nil` for a type this reader does not know (raw value kept).
    public var hashType: HashType?
    public var rawHashType: UInt8
    public var hashSize: Int
    public var specialSlotCount: Int
    public var codeSlotCount: Int
    /// The signing identifier (usually the bundle ID).
    public var identifier: String?
    /// The Team ID (version `0x20200` and later).
    public var teamID: String?
    /// The hashes of the special slots: slot number (1 to ``specialSlotCount``) to hash.
    public var specialSlots: [Int: [UInt8]]

    /// The hash sealed for special slot `n`, or `nil` when the slot is absent or zero-filled
    /// (nothing sealed).
    public func sealedHash(slot n: Int) -> [UInt8]? {
        guard let hash = specialSlots[n], hash.contains(where: { $0 != 0 }) else { return nil }
        return hash
    }

    static func parse(_ blob: CodeSignature.Blob, what: String) throws(ContainerError) -> CodeDirectory {
        let b = blob.bytes
        guard b.count >= 44 else { throw .truncated("\(what) is \(b.count) bytes, shorter than its header (44)") }
        let version = BigEndian.u32(b, 8), flags = BigEndian.u32(b, 12)
        let hashOffset = Int(BigEndian.u32(b, 16)), identOffset = Int(BigEndian.u32(b, 20))
        let nSpecial = Int(BigEndian.u32(b, 24)), nCode = Int(BigEndian.u32(b, 28))
        let hashSize = Int(b[36]), rawType = b[37]
        guard (1...64).contains(hashSize) else { throw .malformed("\(what) gives hashes of \(hashSize) bytes") }
        guard hashOffset <= b.count else {
            throw .malformed("\(what) puts its hashes at byte \(hashOffset), past its end (\(b.count))")
        }
        guard nSpecial <= (hashOffset - min(hashOffset, 44)) / hashSize else {
            throw .malformed("\(what) claims \(nSpecial) special slots of \(hashSize) bytes before byte \(hashOffset)")
        }
        guard nCode <= (b.count - hashOffset) / hashSize else {
            throw .malformed("\(what) claims \(nCode) code slots of \(hashSize) bytes after byte \(hashOffset); "
                + "it is \(b.count) bytes")
        }
        var special: [Int: [UInt8]] = [:]
        for n in stride(from: 1, through: nSpecial, by: 1) {
            let at = hashOffset - n * hashSize
            special[n] = Array(b[at..<(at + hashSize)])
        }
        func string(at offset: Int) -> String? {
            guard offset > 0, offset < b.count, let end = b[offset...].firstIndex(of: 0) else { return nil }
            return String(decoding: b[offset..<end], as: UTF8.self)
        }
        let team = version >= 0x20200 && b.count >= 52 ? string(at: Int(BigEndian.u32(b, 48))) : nil
        return CodeDirectory(
            slot: blob.slot, version: version, flags: flags, hashType: HashType(rawValue: rawType), rawHashType: rawType,
            hashSize: hashSize, specialSlotCount: nSpecial, codeSlotCount: nCode, identifier: string(at: identOffset),
            teamID: team, specialSlots: special)
    }
}
