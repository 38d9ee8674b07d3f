/// The central directory of a zip archive (`.ipa`, `.apk`, `.aab`, `.jar`), read over a
/// ``ByteSource`` without decompressing anything (issues 22 and 23).
///
/// Facts from PKWARE's APPNOTE.TXT (6.3.10): the end of central directory record (EOCD, §4.3.16:
/// signature `0x06054b50`, 22 bytes and a comment of at most 65,535 bytes, so it lies in the
/// last 65,557 bytes); the ZIP64 end of central directory locator (§4.3.15: `0x07064b50`, 20
/// bytes just before the EOCD) and record (§4.3.14: `0x06064b50`), read when the EOCD's
/// fields are saturated (`0xFFFF`, `0xFFFFFFFF`) or a locator is present; central directory
/// file headers (§4.3.12: `0x02014b50`, 46 bytes, then name, extra field and comment) with
/// the ZIP64 extended information extra field (§4.5.3: ID `0x0001`, the 8-byte values of the
/// saturated fields in the order uncompressed size, compressed size, local header offset);
/// local file headers (§4.3.7: `0x04034b50`, 30 bytes, then name and extra field, then the
/// data); general purpose flags (§4.4.4: bit 0 encrypted, bit 3 data descriptor, bit 11 UTF-8
/// names); methods (§4.4.5: 0 stored, 8 deflated). The EOCD is the last one whose comment
/// length reaches exactly to the end of the file, as Android's `apksig` finds it.
///
/// Every size and offset is checked against the file before it is used; a hostile archive is a
/// ``ContainerError``, never a crash, with these bounds (``Limits``): the central directory is
/// read whole only up to ``Limits/maxCentralDirectoryBytes``, at most ``Limits/maxMembers``
/// members, each path at most ``Limits/maxPathBytes`` bytes and ``Limits/maxPathDepth``
/// components. Time is linear in the central directory's size (plus sorting the members by
/// offset, to prove that no two share their bytes). Member paths that leave the archive (`../x`,
/// `/etc/x`, `..\x`) or hold a NUL byte, and two file members of one name, make the whole
/// archive refused: every tool that builds an app writes none, and Android refuses an APK with
/// two entries of one name.
///
/// The offsets the APK Signing Block is found by (``Layout``) are exposed; members are read
/// through ``dataRange(of:in:)`` (the local header checked against the central one) by the
/// inflating reader outside Core (`AASAArtifacts`' `ZipTree`), or directly when stored
/// (``storedSource(of:in:)``).
public struct ZipDirectory: Sendable {
    /// Bounds on what is read.
    public struct Limits: Sendable, Hashable {
        /// Most members listed (a large app has tens of thousands of files).
        public var maxMembers = 500_000
        /// Largest central directory read (500,000 members with 80-byte paths take 63 MB).
        public var maxCentralDirectoryBytes = 64 << 20
        /// Longest member path, in bytes (PATH_MAX on Linux: 4,096).
        public var maxPathBytes = 4_096
        /// Most components of a member path (`Payload/Shop.app/Frameworks/…`; real apps go
        /// about 15 deep).
        public var maxPathDepth = 256

        public init() {}
        /// The defaults.
        public static let standard = Limits()
    }

    /// Where the archive's structures lie, in bytes from the start of the file: what the APK
    /// Signing Block is located by (source.android.com/docs/security/features/apksigning/v2:
    /// the block ends where the central directory starts, and the central directory must be
    /// followed immediately by the EOCD).
    public struct Layout: Sendable, Hashable {
        /// Offset of the first central directory header.
        public var centralDirectoryOffset: Int
        /// Size of the central directory in bytes.
        public var centralDirectorySize: Int
        /// Offset of the end of central directory record (the 22-byte one).
        public var endOfCentralDirectoryOffset: Int
        /// Offset of the ZIP64 end of central directory record, when the archive has one.
        public var zip64RecordOffset: Int?
        /// Length of the archive comment (at most 65,535 by the format).
        public var commentLength: Int
        /// The archive's size.
        public var archiveSize: Int

        /// Just past the central directory.
        public var centralDirectoryEnd: Int { centralDirectoryOffset + centralDirectorySize }
    }

    /// How a member's bytes are stored.
    public enum Method: Sendable, Hashable, CustomStringConvertible {
        case stored
        case deflated
        /// Another method number (bzip2 is 12, LZMA 14, zstd 93): not read.
        case other(UInt16)

        init(_ raw: UInt16) {
            switch raw {
            case 0: self = .stored
            case 8: self = .deflated
            default: self = .other(raw)
            }
        }

        public var description: String {
            switch self {
            case .stored: return "stored"
            case .deflated: return "deflated"
            case .other(let n): return "method \(n)"
            }
        }
    }

    /// One member as the central directory lists it.
    public struct Entry: Sendable, Hashable {
        /// The path, `/`-separated, without empty components or a leading or trailing `/`
        /// (`Payload/Shop.app/Info.plist`).
        public var path: String
        /// The name exactly as the central directory writes it (decoded as UTF-8).
        public var rawName: String
        /// Whether it is a directory entry (a name ending in `/`, or a directory's attributes).
        public var isDirectory: Bool
        /// Whether it is a symbolic link (Unix attributes): listed nowhere, never read.
        public var isSymbolicLink: Bool
        public var method: Method
        /// General purpose bit flags (bit 0: encrypted).
        public var flags: UInt16
        public var crc32: UInt32
        public var compressedSize: Int
        /// Declared uncompressed size in bytes.
        public var uncompressedSize: Int
        /// Offset of its local file header.
        public var localHeaderOffset: Int
        /// The offset its data must end by: the next member's local header, or the central
        /// directory.
        public var dataLimit: Int
        /// Its place in the central directory (0-based).
        public var index: Int

        public var isEncrypted: Bool { flags & 1 != 0 }
    }

    public let layout: Layout
    /// The members in central directory order.
    public let entries: [Entry]
    /// What messages call the archive.
    public let name: String
    private let byPath: [String: Int]

    /// Reads the end records and the central directory of `source`.
    /// - Parameter name: how messages name the archive (default: the source's name).
    /// - Throws: ``ContainerError``: `.malformed` or `.truncated` for a broken archive (no EOCD,
    ///   offsets outside the file, a path that leaves it), `.tooLarge` past a limit,
    ///   `.unsupported` for a multi-disk archive.
    public init(reading source: any ByteSource, name: String? = nil, limits: Limits = .standard) throws(ContainerError) {
        let label = name ?? source.name
        self.name = label
        let size = source.size
        guard size >= 22 else {
            throw .malformed("\(label) is \(size) bytes, too short to be a zip archive (its end record alone is 22 bytes)")
        }
        // The EOCD: the last signature whose comment length reaches the end of the file.
        let tailStart = max(0, size - 22 - 0xFFFF)
        let tail = try source.read(tailStart..<size, what: "the end of \(label)")
        var found: Int?
        var i = tail.count - 22
        while i >= 0 {
            if tail[i] == 0x50, tail[i + 1] == 0x4B, tail[i + 2] == 0x05, tail[i + 3] == 0x06,
               Int(LE.u16(tail, i + 20)) == tail.count - i - 22 {
                found = i
                break
            }
            i -= 1
        }
        guard let e = found else {
            throw .malformed("\(label) has no end of central directory record: not a zip archive, or one cut short")
        }
        let eocdOffset = tailStart + e
        let disk = LE.u16(tail, e + 4), cdDisk = LE.u16(tail, e + 6)
        var entriesOnDisk = Int(LE.u16(tail, e + 8)), totalEntries = Int(LE.u16(tail, e + 10))
        var cdSize = Int(LE.u32(tail, e + 12)), cdOffset = Int(LE.u32(tail, e + 16))
        let commentLength = Int(LE.u16(tail, e + 20))
        let saturated = totalEntries == 0xFFFF || entriesOnDisk == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF
        var zip64Record: Int?
        let hasLocator: Bool
        if eocdOffset >= 20 {
            let locator = try source.read((eocdOffset - 20)..<eocdOffset, what: "the ZIP64 locator of \(label)")
            hasLocator = LE.u32(locator, 0) == 0x0706_4B50
            if hasLocator {
                guard LE.u32(locator, 4) == 0, LE.u32(locator, 16) <= 1 else {
                    throw .unsupported("\(label) spans several disks (a split archive); only single-file archives are read")
                }
                let recordOffset = LE.u64(locator, 8)
                guard eocdOffset - 20 >= 56, recordOffset <= UInt64(eocdOffset - 20 - 56) else {
                    throw .malformed("\(label): the ZIP64 locator points at byte \(recordOffset), not before the locator")
                }
                let at = Int(recordOffset)
                let record = try source.read(at..<(at + 56), what: "the ZIP64 end of central directory record of \(label)")
                guard LE.u32(record, 0) == 0x0606_4B50 else {
                    throw .malformed("\(label): no ZIP64 end of central directory record at byte \(at), where its locator points")
                }
                guard LE.u32(record, 16) == 0, LE.u32(record, 20) == 0 else {
                    throw .unsupported("\(label) spans several disks (a split archive); only single-file archives are read")
                }
                let onDisk = LE.u64(record, 24), total = LE.u64(record, 32), size64 = LE.u64(record, 40), offset64 = LE.u64(record, 48)
                guard total <= UInt64(limits.maxMembers), onDisk == total else {
                    throw total > UInt64(limits.maxMembers)
                        ? .tooLarge("\(label) lists \(total) members; at most \(limits.maxMembers) are read")
                        : .unsupported("\(label) spans several disks (a split archive); only single-file archives are read")
                }
                guard size64 <= UInt64(size), offset64 <= UInt64(size) else {
                    throw .malformed("\(label): its ZIP64 record places the central directory (\(size64) bytes at \(offset64)) outside the file (\(size) bytes)")
                }
                entriesOnDisk = Int(onDisk)
                totalEntries = Int(total)
                cdSize = Int(size64)
                cdOffset = Int(offset64)
                zip64Record = at
            }
        } else {
            hasLocator = false
        }
        if !hasLocator {
            guard !saturated else {
                throw .malformed("\(label): its end record says the archive is ZIP64, but there is no ZIP64 locator before it")
            }
            guard disk == 0, cdDisk == 0, entriesOnDisk == totalEntries else {
                throw .unsupported("\(label) spans several disks (a split archive); only single-file archives are read")
            }
        }
        let directoryEnd = zip64Record ?? eocdOffset
        guard cdOffset <= directoryEnd, cdSize <= directoryEnd - cdOffset else {
            throw .malformed("\(label): the central directory (\(cdSize) bytes at \(cdOffset)) does not end before the end record at \(directoryEnd)")
        }
        guard totalEntries <= limits.maxMembers else {
            throw .tooLarge("\(label) lists \(totalEntries) members; at most \(limits.maxMembers) are read")
        }
        guard cdSize <= limits.maxCentralDirectoryBytes else {
            throw .tooLarge("\(label)'s central directory is \(cdSize) bytes; at most \(limits.maxCentralDirectoryBytes) are read")
        }
        guard totalEntries * 46 <= cdSize else {
            throw .malformed("\(label) lists \(totalEntries) members in a central directory of \(cdSize) bytes, too small for them")
        }
        layout = Layout(centralDirectoryOffset: cdOffset, centralDirectorySize: cdSize, endOfCentralDirectoryOffset: eocdOffset,
                        zip64RecordOffset: zip64Record, commentLength: commentLength, archiveSize: size)
        let cd = try source.read(cdOffset..<(cdOffset + cdSize), what: "the central directory of \(label)")
        var entries: [Entry] = []
        entries.reserveCapacity(totalEntries)
        var byPath: [String: Int] = [:]
        byPath.reserveCapacity(totalEntries)
        var p = 0
        for index in 0..<totalEntries {
            guard p + 46 <= cd.count, LE.u32(cd, p) == 0x0201_4B50 else {
                throw .malformed("\(label): central directory header \(index + 1) of \(totalEntries) is missing or broken (at byte \(cdOffset + p))")
            }
            let madeBy = LE.u16(cd, p + 4)
            let flags = LE.u16(cd, p + 8)
            let method = LE.u16(cd, p + 10)
            let crc = LE.u32(cd, p + 16)
            var compressed = UInt64(LE.u32(cd, p + 20)), uncompressed = UInt64(LE.u32(cd, p + 24))
            let nameLength = Int(LE.u16(cd, p + 28)), extraLength = Int(LE.u16(cd, p + 30)), commentLength = Int(LE.u16(cd, p + 32))
            let diskStart = LE.u16(cd, p + 34)
            let external = LE.u32(cd, p + 38)
            var localOffset = UInt64(LE.u32(cd, p + 42))
            let nameStart = p + 46, extraStart = nameStart + nameLength, next = extraStart + extraLength + commentLength
            guard next <= cd.count else {
                throw .malformed("\(label): central directory header \(index + 1) runs past the central directory")
            }
            guard nameLength <= limits.maxPathBytes else {
                throw .tooLarge("\(label): member \(index + 1)'s path is \(nameLength) bytes; paths of at most \(limits.maxPathBytes) bytes are read")
            }
            // ZIP64 extended information: the saturated fields, in their order.
            if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF {
                var x = extraStart
                var done = false
                while x + 4 <= extraStart + extraLength {
                    let id = LE.u16(cd, x), length = Int(LE.u16(cd, x + 2))
                    let body = x + 4
                    guard body + length <= extraStart + extraLength else { break }
                    if id == 0x0001 {
                        var q = body
                        func take() throws(ContainerError) -> UInt64 {
                            guard q + 8 <= body + length else {
                                throw .malformed("\(label): member \(index + 1)'s ZIP64 extra field is too short for its saturated sizes")
                            }
                            defer { q += 8 }
                            return LE.u64(cd, q)
                        }
                        if uncompressed == 0xFFFF_FFFF { uncompressed = try take() }
                        if compressed == 0xFFFF_FFFF { compressed = try take() }
                        if localOffset == 0xFFFF_FFFF { localOffset = try take() }
                        done = true
                        break
                    }
                    x = body + length
                }
                guard done else {
                    throw .malformed("\(label): member \(index + 1) has saturated sizes and no ZIP64 extra field")
                }
            }
            guard diskStart == 0 || diskStart == 0xFFFF && hasLocator else {
                throw .unsupported("\(label) spans several disks (a split archive); only single-file archives are read")
            }
            guard localOffset < UInt64(cdOffset), compressed <= UInt64(cdOffset), uncompressed <= UInt64(Int.max / 2) else {
                throw .malformed("\(label): member \(index + 1) places its data (\(compressed) bytes at \(localOffset)) outside the archive's data, which ends at \(cdOffset)")
            }
            let nameBytes = cd[nameStart..<extraStart]
            let raw = String(decoding: nameBytes, as: UTF8.self)
            let (path, isDirectoryName) = try Self.checkedPath(nameBytes, raw: raw, label: label, limits: limits)
            // Attributes: the upper 16 bits are Unix mode bits when made on Unix (3) or macOS (19);
            // bit 4 is the MS-DOS directory attribute.
            let host = madeBy >> 8
            let mode = (host == 3 || host == 19) ? (external >> 16) & 0o170000 : 0
            let isDirectory = isDirectoryName || mode == 0o040000 || (host == 0 || host == 10 || host == 11) && external & 0x10 != 0
            let isLink = mode == 0o120000
            let entry = Entry(path: path, rawName: raw, isDirectory: isDirectory, isSymbolicLink: isLink, method: Method(method),
                              flags: flags, crc32: crc, compressedSize: Int(compressed), uncompressedSize: Int(uncompressed),
                              localHeaderOffset: Int(localOffset), dataLimit: cdOffset, index: index)
            if !isDirectory, !isLink, !path.isEmpty {
                if let other = byPath.updateValue(index, forKey: path) {
                    throw .malformed("\(label) holds two members named `\(Self.shown(path))` (\(other + 1) and \(index + 1)); "
                        + "it is refused: which one a reader takes differs between tools, and Android refuses such an APK")
                }
            }
            entries.append(entry)
            p = next
        }
        // No two members share their bytes: sorted by offset, each must end by the next one's
        // start (known exactly once its local header is read, ``dataRange(of:in:)``).
        let order = entries.indices.sorted { entries[$0].localHeaderOffset < entries[$1].localHeaderOffset }
        for k in order.indices {
            let here = order[k]
            let limit = k + 1 < order.count ? entries[order[k + 1]].localHeaderOffset : cdOffset
            let start = entries[here].localHeaderOffset
            guard start + 30 + entries[here].compressedSize <= limit else {
                let what = k + 1 < order.count ? "member \(order[k + 1] + 1)'s local header at \(limit)" : "the central directory at \(limit)"
                throw .malformed("\(label): member \(here + 1) (`\(Self.shown(entries[here].path))`, \(entries[here].compressedSize) bytes at \(start)) "
                    + "overlaps \(what); members that share bytes are refused (a zip bomb's trick)")
            }
            entries[here].dataLimit = limit
        }
        self.entries = entries
        self.byPath = byPath
    }

    /// The file member at `path` (normalised as ``Entry/path``), if any.
    public func entry(_ path: String) -> Entry? {
        byPath[path].map { entries[$0] }
    }

    /// Where `entry`'s data lies in the archive, after checking its local header: the signature,
    /// the same name as the central directory's, and data that ends by ``Entry/dataLimit``.
    /// - Throws: ``ContainerError/malformed(_:)`` when the local header is missing or disagrees.
    public func dataRange(of entry: Entry, in source: any ByteSource) throws(ContainerError) -> Range<Int> {
        let at = entry.localHeaderOffset
        let member = "\(name):\(entry.path)"
        guard at + 30 <= entry.dataLimit else { throw .malformed("\(member): its local header runs into the next member") }
        let header = try source.read(at..<(at + 30), what: "the local header of \(member)")
        guard LE.u32(header, 0) == 0x0403_4B50 else {
            throw .malformed("\(member): no local file header at byte \(at), where the central directory points")
        }
        let nameLength = Int(LE.u16(header, 26)), extraLength = Int(LE.u16(header, 28))
        let start = at + 30 + nameLength + extraLength
        guard start <= entry.dataLimit, entry.compressedSize <= entry.dataLimit - start else {
            throw .malformed("\(member): its data (\(entry.compressedSize) bytes after a \(30 + nameLength + extraLength)-byte local header at \(at)) "
                + "runs into the next member")
        }
        let localName = try source.read((at + 30)..<(at + 30 + nameLength), what: "the local name of \(member)")
        guard String(decoding: localName, as: UTF8.self) == entry.rawName else {
            throw .malformed("\(member): its local header names `\(Self.shown(String(decoding: localName, as: UTF8.self)))`; "
                + "the central directory and the local header must agree")
        }
        return start..<(start + entry.compressedSize)
    }

    /// A stored (uncompressed) member's bytes as a window of the archive: read in place at any
    /// offset, nothing decompressed. (Its CRC-32 is checked by the reader outside Core, which has
    /// zlib.)
    /// - Throws: ``ContainerError`` when it is not stored, is encrypted, or its sizes disagree.
    public func storedSource(of entry: Entry, in source: any ByteSource) throws(ContainerError) -> ByteWindow {
        guard entry.method == .stored, !entry.isEncrypted else {
            throw .unsupported("\(name):\(entry.path) is \(entry.isEncrypted ? "encrypted" : "\(entry.method)"), not stored")
        }
        let range = try dataRange(of: entry, in: source)
        guard entry.compressedSize == entry.uncompressedSize else {
            throw .malformed("\(name):\(entry.path) is stored with \(entry.compressedSize) bytes but declares \(entry.uncompressedSize)")
        }
        return ByteWindow(source, range: range, name: "\(name):\(entry.path)")
    }

    /// Checks a member's name and returns its path without empty components, and whether the
    /// name ends in `/`. One pass over the name's bytes.
    static func checkedPath(_ bytes: ArraySlice<UInt8>, raw: String, label: String, limits: Limits) throws(ContainerError) -> (String, Bool) {
        let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\"), dot = UInt8(ascii: ".")
        func refuse() -> ContainerError {
            .malformed("\(label) holds a member named `\(shown(raw))`, a path outside the archive; "
                + "it is refused (no tool that builds an app writes such a path)")
        }
        if bytes.first == slash || bytes.first == backslash { throw refuse() }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var depth = 0
        var component = bytes.startIndex   // start of the current `/` component
        var piece = bytes.startIndex       // start of the current `/` or `\` piece
        var i = bytes.startIndex
        while true {
            let atEnd = i == bytes.endIndex
            let b = atEnd ? slash : bytes[i]
            if b == 0 { throw .malformed("\(label) holds a member whose name has a NUL byte (`\(shown(raw))`); it is refused") }
            if b == slash || b == backslash {
                // `..` between separators of either kind leaves the archive (Windows tools read `\`).
                if i - piece == 2, bytes[piece] == dot, bytes[piece + 1] == dot { throw refuse() }
                piece = i + 1
            }
            if b == slash {
                if i > component {
                    depth += 1
                    guard depth <= limits.maxPathDepth else {
                        throw .tooLarge("\(label) holds a member more than \(limits.maxPathDepth) directories deep; paths that deep are not read")
                    }
                    if !out.isEmpty { out.append(slash) }
                    out.append(contentsOf: bytes[component..<i])
                }
                component = i + 1
            }
            if atEnd { break }
            i += 1
        }
        return (String(decoding: out, as: UTF8.self), bytes.last == slash)
    }

    /// A member name with unsafe characters escaped, for messages.
    static func shown(_ s: String) -> String { SafeText.escape(s, limit: 200) }
}

/// A window of another ``ByteSource``: bytes `range` of it, read in place.
public struct ByteWindow: ByteSource {
    public let base: any ByteSource
    public let range: Range<Int>
    public let name: String

    public init(_ base: any ByteSource, range: Range<Int>, name: String) {
        self.base = base
        self.range = range
        self.name = name
    }

    public var size: Int { range.count }

    public func read(_ r: Range<Int>) throws(ContainerError) -> [UInt8] {
        guard r.lowerBound >= 0, r.upperBound <= range.count else {
            throw .truncated("bytes \(r.lowerBound) to \(r.upperBound) are past the end of \(name) (\(range.count) bytes)")
        }
        return try base.read((range.lowerBound + r.lowerBound)..<(range.lowerBound + r.upperBound))
    }
}

/// Little-endian fields (zip structures and the APK Signing Block are little-endian).
enum LE {
    static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
    static func u64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(u32(b, i)) | UInt64(u32(b, i + 4)) << 32 }
}
