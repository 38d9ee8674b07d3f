/// A Mach-O executable, thin or universal, read for its code signatures (issue 12).
///
/// Layouts from Apple's `<mach-o/loader.h>` and `<mach-o/fat.h>`:
/// - a universal (fat) file starts with `fat_header` {magic `0xcafebabe` or `0xcafebabf`,
///   `nfat_arch`}, big-endian, followed by `nfat_arch` records `fat_arch` {cputype, cpusubtype,
///   offset, size, align} of 32-bit fields (20 bytes), or `fat_arch_64` with 64-bit offset and
///   size plus a reserved word (32 bytes);
/// - each slice (or the whole thin file) starts with `mach_header` {magic, cputype,
///   cpusubtype, filetype, ncmds, sizeofcmds, flags} (28 bytes; `mach_header_64` adds a
///   reserved word, 32 bytes) in the byte order its magic shows, then `sizeofcmds` bytes of load
///   commands, each {cmd, cmdsize, …};
/// - `LC_CODE_SIGNATURE` (`0x1d`) is a `linkedit_data_command` {cmd, cmdsize, dataoff,
///   datasize}: the embedded signature's place in the slice (``CodeSignature``).
///
/// Read through a ``ByteSource``: the fat header, each slice's header and load commands, and
/// its signature, in increasing offset order; nothing else of the file is read, so a 150 MB
/// executable costs a few hundred kilobytes of reads. Every count and offset is checked against
/// the bytes that hold it before it is used: truncated load commands, a signature past the end,
/// overlapping slices are ``ContainerError``s, never a crash.
public struct MachOFile: Sendable {
    /// Most architectures a universal file may list (real ones list two or three).
    public static let maxArchitectures = 32
    /// Largest `sizeofcmds` read (real executables: tens of kilobytes).
    public static let maxLoadCommandBytes = 16 << 20
    /// Largest embedded signature read (a 1 GB executable's is about 14 MB with two
    /// CodeDirectories of 4 KB pages).
    public static let maxSignatureBytes = 64 << 20

    /// Whether the file is universal (fat), even with one slice.
    public var isUniversal: Bool
    /// The slices in the order the fat header lists them; one for a thin file.
    public var slices: [MachOSlice]

    /// Reads the headers and code signatures of `source`.
    /// - Throws: ``ContainerError`` when the file is not Mach-O or its structure is broken.
    public static func read(_ source: any ByteSource) throws(ContainerError) -> MachOFile {
        let head = try source.head(8)
        switch ContainerFormat.detect(head) {
        case .machO:
            return MachOFile(isUniversal: false, slices: [try readSlice(source, at: 0, size: source.size, listed: nil)])
        case .fat(let is64, let count):
            return MachOFile(isUniversal: true, slices: try readFat(source, is64: is64, count: count))
        case let other:
            throw .unsupported("not a Mach-O executable: \(other)")
        }
    }

    private static func readFat(_ source: any ByteSource, is64: Bool, count: Int) throws(ContainerError) -> [MachOSlice] {
        guard count >= 1 else { throw .malformed("the universal header of \(source.name) lists no architecture") }
        guard count <= maxArchitectures else {
            throw .malformed("the universal header of \(source.name) lists \(count) architectures; at most \(maxArchitectures) are read")
        }
        let recordSize = is64 ? 32 : 20
        let table = try source.read(8..<(8 + count * recordSize), what: "the universal header's \(count) architecture records")
        var listed: [(cpu: UInt32, sub: UInt32, offset: Int, size: Int)] = []
        for i in 0..<count {
            let r = i * recordSize
            let cpu = BigEndian.u32(table, r), sub = BigEndian.u32(table, r + 4)
            let offset: UInt64, size: UInt64
            if is64 {
                offset = BigEndian.u64(table, r + 8)
                size = BigEndian.u64(table, r + 16)
            } else {
                offset = UInt64(BigEndian.u32(table, r + 8))
                size = UInt64(BigEndian.u32(table, r + 12))
            }
            let arch = Architecture.name(cpuType: cpu, subtype: sub)
            guard offset >= UInt64(8 + count * recordSize), offset <= UInt64(source.size),
                  size <= UInt64(source.size) - offset
            else {
                throw .truncated("the \(arch) slice of \(source.name) (bytes \(offset) to \(offset &+ size)) runs past the "
                    + "end of the file (\(source.size) bytes) or into the universal header")
            }
            listed.append((cpu, sub, Int(offset), Int(size)))
        }
        // Slices must not overlap: each is a whole executable of its own.
        let byOffset = listed.indices.sorted { listed[$0].offset < listed[$1].offset }
        for (a, b) in zip(byOffset, byOffset.dropFirst()) where listed[a].offset + listed[a].size > listed[b].offset {
            throw .malformed("the \(Architecture.name(cpuType: listed[a].cpu, subtype: listed[a].sub)) slice (bytes "
                + "\(listed[a].offset) to \(listed[a].offset + listed[a].size)) overlaps the "
                + "\(Architecture.name(cpuType: listed[b].cpu, subtype: listed[b].sub)) slice (from byte \(listed[b].offset)) in \(source.name)")
        }
        var slices: [MachOSlice?] = Array(repeating: nil, count: count)
        for i in byOffset {
            slices[i] = try readSlice(source, at: listed[i].offset, size: listed[i].size, listed: (listed[i].cpu, listed[i].sub))
        }
        return slices.compactMap { $0 }
    }

    private static func readSlice(
        _ source: any ByteSource, at base: Int, size: Int, listed: (UInt32, UInt32)?
    ) throws(ContainerError) -> MachOSlice {
        let where_ = listed.map { "the \(Architecture.name(cpuType: $0.0, subtype: $0.1)) slice of \(source.name)" } ?? source.name
        guard size >= 28 else { throw .truncated("\(where_) is \(size) bytes, shorter than a Mach-O header") }
        let magicBytes = try source.read(base..<(base + 4), what: "the Mach-O header of \(where_)")
        guard case .machO(let is64, let bigEndian) = ContainerFormat.detect(magicBytes) else {
            throw .malformed("\(where_) does not start with a Mach-O header (starts \(ContainerFormat.hex(magicBytes)))")
        }
        let headerSize = is64 ? 32 : 28
        guard size >= headerSize else { throw .truncated("\(where_) is \(size) bytes, shorter than its Mach-O header") }
        let header = try source.read(base..<(base + headerSize), what: "the Mach-O header of \(where_)")
        let order = ByteOrder(bigEndian: bigEndian)
        let cpu = order.u32(header, 4), sub = order.u32(header, 8)
        let arch = Architecture.name(cpuType: cpu, subtype: sub)
        let name = listed == nil ? "\(source.name) (\(arch))" : where_
        if let listed, listed.0 != cpu {
            throw .malformed("the universal header lists \(Architecture.name(cpuType: listed.0, subtype: listed.1)) for a slice "
                + "whose own header says \(arch), in \(source.name)")
        }
        let fileType = order.u32(header, 12)
        let ncmds = Int(order.u32(header, 16)), sizeofcmds = Int(order.u32(header, 20))
        guard sizeofcmds <= maxLoadCommandBytes else {
            throw .tooLarge("\(name) declares \(sizeofcmds) bytes of load commands; at most \(maxLoadCommandBytes) are read")
        }
        guard sizeofcmds <= size - headerSize else {
            throw .truncated("the load commands of \(name) (\(sizeofcmds) bytes after the header) run past the end of "
                + "the executable (\(size) bytes)")
        }
        guard ncmds <= sizeofcmds / 8 else {
            throw .malformed("\(name) declares \(ncmds) load commands in \(sizeofcmds) bytes; each takes at least 8")
        }
        let commands = try source.read((base + headerSize)..<(base + headerSize + sizeofcmds), what: "the load commands of \(name)")
        var cursor = 0
        var signatureRange: Range<Int>?
        for index in 0..<ncmds {
            guard cursor + 8 <= sizeofcmds else {
                throw .truncated("load command \(index + 1) of \(ncmds) of \(name) starts at byte \(headerSize + cursor), "
                    + "past the end of the load commands (\(headerSize + sizeofcmds))")
            }
            let cmd = order.u32(commands, cursor), cmdsize = Int(order.u32(commands, cursor + 4))
            guard cmdsize >= 8, cmdsize <= sizeofcmds - cursor else {
                throw .truncated("load command \(index + 1) of \(ncmds) of \(name) (0x\(Hex.format(cmd, uppercase: false)) at byte "
                    + "\(headerSize + cursor)) claims \(cmdsize) bytes; \(sizeofcmds - cursor) remain in the load commands")
            }
            if cmd == 0x1D {  // LC_CODE_SIGNATURE
                guard cmdsize >= 16 else {
                    throw .malformed("the LC_CODE_SIGNATURE command of \(name) is \(cmdsize) bytes, not 16")
                }
                guard signatureRange == nil else { throw .malformed("\(name) has two LC_CODE_SIGNATURE commands") }
                let dataoff = Int(order.u32(commands, cursor + 8)), datasize = Int(order.u32(commands, cursor + 12))
                guard dataoff <= size, datasize <= size - dataoff else {
                    throw .truncated("LC_CODE_SIGNATURE of \(name) puts the signature at bytes \(dataoff) to "
                        + "\(dataoff + datasize), past the end of the executable (\(size) bytes)")
                }
                guard datasize <= maxSignatureBytes else {
                    throw .tooLarge("the code signature of \(name) is \(datasize) bytes; at most \(maxSignatureBytes) are read")
                }
                signatureRange = dataoff..<(dataoff + datasize)
            }
            cursor += cmdsize
        }
        var signature: CodeSignature?
        if let range = signatureRange {
            let bytes = try source.read((base + range.lowerBound)..<(base + range.upperBound), what: "the code signature of \(name)")
            signature = try CodeSignature.parse(bytes, name: "the code signature of \(name)")
        }
        return MachOSlice(
            architecture: arch, cpuType: cpu, cpuSubtype: sub, offset: base, size: size, is64: is64, fileType: fileType,
            codeSignature: signature)
    }
}

/// One executable of a Mach-O file: the whole of a thin file, or one slice of a universal one.
public struct MachOSlice: Sendable {
    /// `arm64`, `arm64e`, `x86_64`, `armv7`… (``Architecture``).
    public var architecture: String
    public var cpuType: UInt32
    public var cpuSubtype: UInt32
    /// Where the slice starts in the file, and its size in bytes.
    public var offset: Int
    public var size: Int
    public var is64: Bool
    /// `MH_EXECUTE` (2), `MH_DYLIB` (6), `MH_BUNDLE` (8)…
    public var fileType: UInt32
    /// The embedded signature, or `nil` for an unsigned slice (no `LC_CODE_SIGNATURE`).
    public var codeSignature: CodeSignature?
}

/// Architecture names as Apple's tools print them (`<mach/machine.h>`).
public enum Architecture {
    /// The name of a CPU type and subtype: `arm64`, `arm64e`, `arm64_32`, `x86_64`, `i386`,
    /// `armv7`, `armv7s`, `armv7k`; otherwise `cpu 0x…`.
    public static func name(cpuType: UInt32, subtype: UInt32) -> String {
        let sub = subtype & 0x00FF_FFFF  // without the capability bits
        switch cpuType {
        case 0x0100_000C: return sub == 2 ? "arm64e" : "arm64"
        case 0x0200_000C: return "arm64_32"
        case 0x0100_0007: return sub == 8 ? "x86_64h" : "x86_64"
        case 7: return "i386"
        case 12:
            switch sub {
            case 9: return "armv7"
            case 11: return "armv7s"
            case 12: return "armv7k"
            case 6: return "armv6"
            default: return "arm"
            }
        default: return "cpu 0x" + Hex.format(cpuType, uppercase: false)
        }
    }
}

/// Big-endian fields (code signatures and universal headers are always big-endian).
enum BigEndian {
    static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    static func u64(_ b: [UInt8], _ i: Int) -> UInt64 {
        UInt64(u32(b, i)) << 32 | UInt64(u32(b, i + 4))
    }
}

/// The byte order of a Mach-O header and its load commands.
struct ByteOrder {
    var bigEndian: Bool

    func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        bigEndian ? BigEndian.u32(b, i)
            : UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
}
