import AASAArtifacts
import AASACore
import Foundation

/// Builds signed Mach-O executables the way `codesign` lays them out, for the tests and the
/// committed samples (`scripts/make-sample-apps.sh`): a 64-bit header, `__TEXT` and
/// `__LINKEDIT` segments, `LC_CODE_SIGNATURE`, and an embedded signature (SuperBlob
/// `0xfade0cc0`) holding CodeDirectories (`0xfade0c02`, version 0x20400, 4 KB pages, every code
/// page hashed), an empty requirements set, the XML (`0xfade7171`) and DER (`0xfade7172`)
/// entitlements blobs, and an empty CMS wrapper (ad hoc). Hashes are libcrypto's
/// (``Digests``). Independent of the reader under test: layouts written from `cs_blobs.h`
/// and `loader.h`, checked once against LIEF (README).
public struct SampleMachO {
    public enum Arch: String, Sendable {
        case arm64, arm64e, x86_64

        var cpu: (UInt32, UInt32) {
            switch self {
            case .arm64: return (0x0100_000C, 0)
            case .arm64e: return (0x0100_000C, 2)
            case .x86_64: return (0x0100_0007, 3)
            }
        }
    }

    public var arch: Arch = .arm64
    /// The entitlements signed in, or `nil` for a signature without entitlements.
    public var entitlements: [String: PlistValue]? = [:]
    /// Which entitlements blobs to write.
    public var xmlBlob = true
    public var derBlob = true
    /// The hash types of the CodeDirectories: the first is the primary (slot 0), the others
    /// alternates (slots 0x1000…), as `codesign` writes SHA-1 then SHA-256.
    public var hashTypes: [CodeDirectory.HashType] = [.sha1, .sha256]
    /// Seal a wrong hash for the XML or DER blob (AASA616), in every CodeDirectory.
    public var wrongXMLHash = false
    public var wrongDERHash = false
    /// Leave the entitlements slots empty although the blobs are there.
    public var unsealed = false
    /// Bytes of code (rounded up to pages): a 150 MB executable for the benchmark.
    public var codeSize = 4096
    /// The signing identifier and Team ID.
    public var identifier = "com.soarstarter.SoarStarterSwift"
    public var teamID = "K7TQ3ZP2MX"
    /// No `LC_CODE_SIGNATURE` at all.
    public var unsigned = false

    public init() {}

    /// The XML property list signed in (what `codesign -d --entitlements -` prints).
    public var xmlEntitlements: [UInt8] {
        guard let entitlements else { return [] }
        let object = Self.foundation(.dictionary(entitlements))
        let data = (try? PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)) ?? Data()
        return Array(data)
    }

    /// The thin executable.
    public func bytes() -> [UInt8] {
        let page = 4096
        let headerSize = 32
        let textCommand = 72 + 80  // LC_SEGMENT_64 with one section
        let linkeditCommand = 72
        let signatureCommand = unsigned ? 0 : 16
        let sizeofcmds = textCommand + linkeditCommand + signatureCommand
        let codeEnd = max(page, ((headerSize + sizeofcmds + codeSize + page - 1) / page) * page)

        // The blobs that do not depend on the code hashes.
        var blobs: [(UInt32, [UInt8])] = [(2, be(0xFADE_0C01) + be(12) + be(0))]
        var xml: [UInt8]?, der: [UInt8]?
        if let entitlements {
            if xmlBlob { xml = blob(0xFADE_7171, xmlEntitlements) }
            if derBlob { der = blob(0xFADE_7172, DERWriter.entitlements(entitlements)) }
        }
        if let xml { blobs.append((5, xml)) }
        if let der { blobs.append((7, der)) }
        let cms = blob(0xFADE_0B01, [])
        let special = der != nil ? 7 : 5
        let pages = codeEnd / page
        let directorySizes = hashTypes.map { directoryLength(hashSize: $0.digestLength == 48 ? 48 : ($0 == .sha256Truncated ? 20 : $0.digestLength), special: special, pages: pages) }
        let count = blobs.count + hashTypes.count + 1
        let signatureSize = 12 + 8 * count + blobs.reduce(0) { $0 + $1.1.count } + directorySizes.reduce(0, +) + cms.count

        // Header and load commands.
        var file = le(0xFEED_FACF) + le(arch.cpu.0) + le(arch.cpu.1) + le(2) + le(unsigned ? 2 : 3) + le(UInt32(sizeofcmds))
            + le(0x0020_0085) + le(0)
        file += segment("__TEXT", vmaddr: 0x1_0000_0000, fileoff: 0, size: UInt64(codeEnd), prot: 5,
                        section: ("__text", UInt64(headerSize + sizeofcmds), UInt64(codeEnd - headerSize - sizeofcmds)))
        file += segment("__LINKEDIT", vmaddr: 0x1_0000_0000 + UInt64(codeEnd), fileoff: UInt64(codeEnd),
                        size: UInt64(unsigned ? 0 : signatureSize), prot: 1, section: nil)
        if !unsigned { file += le(0x1D) + le(16) + le(UInt32(codeEnd)) + le(UInt32(signatureSize)) }
        // Code: a deterministic pattern, then zeros to the page end.
        var x: UInt32 = 0x1234_5678
        while file.count < headerSize + sizeofcmds + codeSize {
            x = x &* 1_103_515_245 &+ 12_345
            file.append(UInt8(truncatingIfNeeded: x >> 16))
        }
        file += [UInt8](repeating: 0, count: codeEnd - file.count)
        guard !unsigned else { return file }

        // CodeDirectories, each hashing every page and the special slots.
        var directories: [[UInt8]] = []
        for type in hashTypes {
            let size = type == .sha256Truncated ? 20 : type.digestLength
            func hash(_ bytes: [UInt8]) -> [UInt8] { Array(Digests.digest(type, bytes).prefix(size)) }
            var slots = [[UInt8]](repeating: [UInt8](repeating: 0, count: size), count: special + 1)
            slots[2] = hash(blobs[0].1)
            if let xml { slots[5] = unsealed ? slots[0] : wrongXMLHash ? hash(xml + [0]) : hash(xml) }
            if let der { slots[7] = unsealed ? slots[0] : wrongDERHash ? hash(der + [0]) : hash(der) }
            var codeHashes: [UInt8] = []
            for p in 0..<pages { codeHashes += hash(Array(file[(p * page)..<((p + 1) * page)])) }
            directories.append(directory(type: type, hashSize: size, special: (1...special).reversed().flatMap { slots[$0] },
                                         specialCount: special, codeHashes: codeHashes, pages: pages, codeLimit: codeEnd))
        }
        var index: [(UInt32, [UInt8])] = [(0, directories[0])] + blobs
        for (i, d) in directories.dropFirst().enumerated() { index.append((0x1000 + UInt32(i), d)) }
        index.append((0x10000, cms))
        var signature = be(0xFADE_0CC0) + be(UInt32(signatureSize)) + be(UInt32(index.count))
        var offset = 12 + 8 * index.count
        for (slot, bytes) in index {
            signature += be(slot) + be(UInt32(offset))
            offset += bytes.count
        }
        for (_, bytes) in index { signature += bytes }
        precondition(signature.count == signatureSize)
        return file + signature
    }

    /// A universal executable of `slices`, each aligned to 16 KB as `lipo` aligns arm64.
    public static func universal(_ slices: [SampleMachO], fat64: Bool = false) -> [UInt8] {
        let bodies = slices.map { $0.bytes() }
        let align = 1 << 14
        var header = be(fat64 ? 0xCAFE_BABF : 0xCAFE_BABE) + be(UInt32(slices.count))
        var offset = align
        var layout: [Int] = []
        for (slice, body) in zip(slices, bodies) {
            layout.append(offset)
            if fat64 {
                header += be(slice.arch.cpu.0) + be(slice.arch.cpu.1) + be64(UInt64(offset)) + be64(UInt64(body.count)) + be(14) + be(0)
            } else {
                header += be(slice.arch.cpu.0) + be(slice.arch.cpu.1) + be(UInt32(offset)) + be(UInt32(body.count)) + be(14)
            }
            offset += (body.count + align - 1) / align * align
        }
        var out = header + [UInt8](repeating: 0, count: align - header.count)
        for (start, body) in zip(layout, bodies) {
            out += [UInt8](repeating: 0, count: start - out.count) + body
        }
        return out
    }

    private func directoryLength(hashSize: Int, special: Int, pages: Int) -> Int {
        88 + identifier.utf8.count + 1 + teamID.utf8.count + 1 + (special + pages) * hashSize
    }

    private func directory(type: CodeDirectory.HashType, hashSize: Int, special: [UInt8], specialCount: Int,
                           codeHashes: [UInt8], pages: Int, codeLimit: Int) -> [UInt8] {
        let fixed = 88  // through execSegFlags (version 0x20400)
        let identOffset = fixed, teamOffset = identOffset + identifier.utf8.count + 1
        let hashOffset = teamOffset + teamID.utf8.count + 1 + specialCount * hashSize
        let length = hashOffset + pages * hashSize
        var d = be(0xFADE_0C02) + be(UInt32(length)) + be(0x20400) + be(0) + be(UInt32(hashOffset)) + be(UInt32(identOffset))
        d += be(UInt32(specialCount)) + be(UInt32(pages)) + be(UInt32(codeLimit))
        d += [UInt8(hashSize), type.rawValue, 0, 12] + be(0)
        d += be(0) + be(UInt32(teamOffset)) + be(0) + be64(0)   // scatter, team, spare3, codeLimit64
        d += be64(0) + be64(UInt64(codeLimit)) + be64(1)         // execSeg base, limit, flags (main binary)
        d += Array(identifier.utf8) + [0] + Array(teamID.utf8) + [0] + special + codeHashes
        precondition(d.count == length)
        return d
    }

    private func segment(_ name: String, vmaddr: UInt64, fileoff: UInt64, size: UInt64, prot: UInt32,
                         section: (String, UInt64, UInt64)?) -> [UInt8] {
        var out = le(0x19) + le(UInt32(section == nil ? 72 : 152)) + name16(name)
        out += le64(vmaddr) + le64(max(size, 0x4000)) + le64(fileoff) + le64(size) + le(prot) + le(prot) + le(section == nil ? 0 : 1) + le(0)
        if let (sect, offset, length) = section {
            out += name16(sect) + name16(name) + le64(vmaddr + offset) + le64(length) + le(UInt32(offset)) + le(2)
                + le(0) + le(0) + le(0x8000_0400) + le(0) + le(0) + le(0)
        }
        return out
    }

    private func blob(_ magic: UInt32, _ payload: [UInt8]) -> [UInt8] { be(magic) + be(UInt32(8 + payload.count)) + payload }
    private func name16(_ s: String) -> [UInt8] { Array(s.utf8) + [UInt8](repeating: 0, count: 16 - s.utf8.count) }

    static func foundation(_ value: PlistValue) -> Any {
        switch value {
        case .string(let s): return s
        case .integer(let i): return NSNumber(value: i)
        case .real(let d): return NSNumber(value: d)
        case .bool(let b): return b
        case .date(let d): return d
        case .data(let d): return Data(d)
        case .array(let a): return a.map(foundation)
        case .dictionary(let d): return d.mapValues(foundation)
        }
    }
}

func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
func be64(_ v: UInt64) -> [UInt8] { be(UInt32(v >> 32)) + be(UInt32(v & 0xFFFF_FFFF)) }
func le(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
func le64(_ v: UInt64) -> [UInt8] { le(UInt32(v & 0xFFFF_FFFF)) + le(UInt32(v >> 32)) }

/// Writes entitlements as DER the way `codesign --generate-entitlement-der` does (the layout
/// ``DEREntitlements`` reads): `[APPLICATION 16] { INTEGER 1, dictionary }`, dictionaries as
/// `[CONTEXT 16]` of `SEQUENCE { UTF8String, value }` in key order.
public enum DERWriter {
    public static func entitlements(_ root: [String: PlistValue]) -> [UInt8] {
        element(0x70, element(0x02, [1]) + value(.dictionary(root)))
    }

    static func value(_ v: PlistValue) -> [UInt8] {
        switch v {
        case .bool(let b): return element(0x01, [b ? 0xFF : 0x00])
        case .integer(let i):
            var bytes = (0..<8).reversed().map { UInt8(truncatingIfNeeded: i >> (8 * $0)) }
            while bytes.count > 1, (bytes[0] == 0 && bytes[1] & 0x80 == 0) || (bytes[0] == 0xFF && bytes[1] & 0x80 != 0) {
                bytes.removeFirst()
            }
            return element(0x02, bytes)
        case .string(let s): return element(0x0C, Array(s.utf8))
        case .array(let a): return element(0x30, a.flatMap(value))
        case .dictionary(let d):
            return element(0xB0, d.keys.sorted().flatMap { element(0x30, element(0x0C, Array($0.utf8)) + value(d[$0]!)) })
        case .real, .date, .data:
            return element(0x0C, Array("unsupported".utf8))
        }
    }

    public static func element(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        let n = contents.count
        let length: [UInt8] = n < 0x80 ? [UInt8(n)] : n < 0x100 ? [0x81, UInt8(n)]
            : n < 0x10000 ? [0x82, UInt8(n >> 8), UInt8(n & 0xFF)] : [0x83, UInt8(n >> 16), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        return [tag] + length + contents
    }
}
