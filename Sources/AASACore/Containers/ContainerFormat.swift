/// What an input's first bytes say it is (issue 16's containers layer).
///
/// Decided from at most the first 512 bytes, without reading further: each reader then checks
/// the structure it needs. Magic numbers: JSON and XML by their first non-blank character;
/// `bplist` (CoreFoundation's binary property list); a DER/BER SEQUENCE holding the
/// id-signedData OID (CMS, RFC 5652: provisioning profiles); Mach-O `MH_MAGIC`/`MH_MAGIC_64` in
/// either byte order and the universal (fat) header `FAT_MAGIC`/`FAT_MAGIC_64`, big-endian
/// (Apple's `<mach-o/loader.h>`, `<mach-o/fat.h>`); zip's local file header `PK\3\4` or empty
/// archive `PK\5\6` (PKWARE APPNOTE 4.3.7, 4.3.16).
public enum ContainerFormat: Sendable, Hashable, CustomStringConvertible {
    /// Text starting with `{` or `[`.
    case json
    /// Text starting with `<` (after an optional byte order mark), or UTF-16 text.
    case xmlPropertyList
    /// `bplist…`.
    case binaryPropertyList
    /// A CMS `SignedData` envelope: a provisioning profile.
    case cms
    /// The start of a DER SEQUENCE too short to hold the CMS content type: a profile cut short.
    case truncatedCMS
    /// A thin Mach-O file.
    case machO(is64: Bool, bigEndian: Bool)
    /// A universal (fat) Mach-O file: its architecture count as the header says.
    case fat(is64: Bool, architectures: Int)
    /// A zip archive (`.ipa`).
    case zip
    /// None of these; the payload says what the bytes look like.
    case unknown(String)

    /// Decides the format of `head`, the input's first bytes (512 are enough).
    public static func detect(_ head: [UInt8]) -> ContainerFormat {
        if head.starts(with: Array("bplist".utf8)) { return .binaryPropertyList }
        if CMSEnvelope.looksLikeCMS(head) { return .cms }
        if looksLikeCMSPrefix(head) { return .truncatedCMS }
        if head.count >= 4 {
            let be = UInt32(head[0]) << 24 | UInt32(head[1]) << 16 | UInt32(head[2]) << 8 | UInt32(head[3])
            switch be {
            case 0xFEED_FACE: return .machO(is64: false, bigEndian: true)
            case 0xFEED_FACF: return .machO(is64: true, bigEndian: true)
            case 0xCEFA_EDFE: return .machO(is64: false, bigEndian: false)
            case 0xCFFA_EDFE: return .machO(is64: true, bigEndian: false)
            case 0xCAFE_BABE, 0xCAFE_BABF:
                // Java class files share 0xCAFEBABE; their next word is a version (45 and up),
                // a universal file's is its architecture count, which is small.
                if head.count >= 8 {
                    let n = Int(head[4]) << 24 | Int(head[5]) << 16 | Int(head[6]) << 8 | Int(head[7])
                    if n < 40 { return .fat(is64: be == 0xCAFE_BABF, architectures: n) }
                    return .unknown("a Java class file (starts \(hex(head)))")
                }
                return .fat(is64: be == 0xCAFE_BABF, architectures: 0)
            case 0x504B_0304, 0x504B_0506: return .zip
            default: break
            }
        }
        if looksLikeXML(head) { return .xmlPropertyList }
        let first = head.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) })
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .json }
        return .unknown(describe(head))
    }

    public var description: String {
        switch self {
        case .json: return "JSON text"
        case .xmlPropertyList: return "an XML property list"
        case .binaryPropertyList: return "a binary property list"
        case .cms: return "a CMS-signed file (a provisioning profile)"
        case .truncatedCMS: return "the start of a CMS-signed file, cut short"
        case .machO(let is64, _): return "a \(is64 ? "64" : "32")-bit Mach-O file"
        case .fat(let is64, let n): return "a universal Mach-O file (\(n) architecture\(n == 1 ? "" : "s")\(is64 ? ", 64-bit offsets" : ""))"
        case .zip: return "a zip archive"
        case .unknown(let what): return what
        }
    }

    /// A DER SEQUENCE header too short to hold the CMS content type: a profile cut short.
    static func looksLikeCMSPrefix(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty, bytes.count < 2 + 4 + 2 + CMSEnvelope.signedDataOID.count, bytes[0] == 0x30 else { return false }
        if bytes.count == 1 { return true }
        return bytes[1] == 0x80 || (0x81...0x84).contains(bytes[1])
    }

    static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        // UTF-16 with a byte order mark: Foundation reads it; let it try.
        if body.starts(with: [0xFE, 0xFF]) || body.starts(with: [0xFF, 0xFE]) { return true }
        let first = body.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) })
        return first == UInt8(ascii: "<")
    }

    /// The first 8 bytes in hex: `7F 45 4C 46 02 01 01 00`.
    static func hex(_ bytes: [UInt8]) -> String { Hex.bytes(bytes.prefix(8)) }

    /// What unrecognised bytes look like, for the error message.
    static func describe(_ bytes: [UInt8]) -> String {
        let head = hex(bytes)
        let sample = bytes.prefix(512)
        let noControls = sample.allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || ($0 >= 0x20 && $0 != 0x7F) }
        // Valid UTF-8, allowing the 512-byte sample to end inside a character.
        let textual = noControls
            && (0...3).contains { String(validating: sample.dropLast($0), as: UTF8.self) != nil }
        if bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return "an ELF binary (starts \(head))" }
        if textual, let first = sample.first(where: { $0 > 0x20 }) {
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                return "text that starts with `\(Character(Unicode.Scalar(first)))` (JSON?), not `<` or `bplist`"
            }
            return "text that does not start with `<` (XML) or `bplist` (binary)"
        }
        return "binary data that starts \(head)"
    }
}
