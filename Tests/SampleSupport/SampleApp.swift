import AASAArtifacts
import AASACore
import Foundation

/// A bundle of a built app for the tests and samples: `Info.plist`, the executable, an
/// optional `embedded.mobileprovision`, and nested bundles (`PlugIns/*.appex`,
/// `AppClips/*.app`, `Watch/*.app`).
public struct SampleBundle {
    public var name: String
    public var bundleID: String
    public var executableName: String
    public var executable: [UInt8]
    public var profile: [UInt8]?
    /// Write `Info.plist` as a binary property list (as Xcode does in a built app).
    public var binaryInfoPlist = true
    /// Nested bundles: folder (`PlugIns`, `AppClips`, `Watch`) and bundle.
    public var nested: [(String, SampleBundle)] = []

    public init(name: String, bundleID: String, executableName: String, executable: [UInt8], profile: [UInt8]? = nil) {
        self.name = name
        self.bundleID = bundleID
        self.executableName = executableName
        self.executable = executable
        self.profile = profile
    }

    /// The bundle's files under `prefix` (`Payload`), path to bytes, in a stable order.
    public func files(under prefix: String) -> [(String, [UInt8])] {
        let root = prefix.isEmpty ? name : prefix + "/" + name
        let info: [(String, String)] = [
            ("CFBundleExecutable", executableName), ("CFBundleIdentifier", bundleID), ("CFBundleName", executableName),
            ("CFBundlePackageType", name.hasSuffix(".appex") ? "XPC!" : "APPL"), ("CFBundleShortVersionString", "1.0"),
        ]
        let infoData = binaryInfoPlist ? Self.binaryPlist(info) : Array(((try? PropertyListSerialization.data(
            fromPropertyList: Dictionary(uniqueKeysWithValues: info), format: .xml, options: 0)) ?? Data()))
        var out: [(String, [UInt8])] = [(root + "/Info.plist", infoData), (root + "/" + executableName, executable)]
        if let profile { out.append((root + "/embedded.mobileprovision", profile)) }
        for (folder, bundle) in nested { out += bundle.files(under: root + "/" + folder) }
        return out
    }
}

extension SampleBundle {
    /// A binary property list (`bplist00`) of one dictionary of ASCII strings, keys in the
    /// order given: the same bytes every time (Foundation's writer orders keys as it hashes).
    static func binaryPlist(_ pairs: [(String, String)]) -> [UInt8] {
        let strings = pairs.map(\.0) + pairs.map(\.1)
        var out = Array("bplist00".utf8)
        var offsets = [out.count]
        out.append(0xD0 | UInt8(pairs.count))
        out += (1...strings.count).map { UInt8($0) }
        for s in strings {
            offsets.append(out.count)
            let bytes = Array(s.utf8)
            out += (bytes.count < 15 ? [0x50 | UInt8(bytes.count)] : [0x5F, 0x10, UInt8(bytes.count)]) + bytes
        }
        let table = out.count
        for o in offsets { out += [UInt8(o >> 8), UInt8(o & 0xFF)] }
        out += [0, 0, 0, 0, 0, 0, 2, 1] + be64(UInt64(offsets.count)) + be64(0) + be64(UInt64(table))
        return out
    }
}

/// Writes sample trees and archives.
public enum SampleArchive {
    /// Writes `files` under the directory `root`, creating folders.
    public static func writeDirectory(_ files: [(String, [UInt8])], to root: String) throws {
        for (path, bytes) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
    }

    /// Writes `files` as a zip archive (deflate, or stored), as ``zip(_:deflate:zip64:)`` makes it.
    public static func writeZip(_ files: [(String, [UInt8])], to path: String, deflate: Bool = true, zip64: Bool = false) throws {
        try Data(zip(files, deflate: deflate, zip64: zip64)).write(to: URL(fileURLWithPath: path))
    }

    /// `files` as the bytes of a zip archive (PKWARE APPNOTE 4.3): for each file a local header
    /// with its sizes and CRC-32 (no data descriptor), its data raw-deflated by zlib (or stored,
    /// and always stored when deflate would not make it smaller), then the central directory and
    /// the end record, Unix attributes `0644` and a fixed time, so the same files make the same
    /// bytes. With `zip64`, every size and offset is saturated in the headers and given in ZIP64
    /// extra fields, and ZIP64 end records precede the end record (APPNOTE 4.3.14, 4.3.15, 4.5.3).
    public static func zip(_ files: [(String, [UInt8])], deflate: Bool = true, zip64: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        // 2023-11-14 22:13:20 as MS-DOS time and date.
        let time: UInt16 = 22 << 11 | 13 << 5 | 10, date: UInt16 = (2023 - 1980) << 9 | 11 << 5 | 14
        for (name, bytes) in files {
            let packed = deflate ? Deflate.raw(bytes) : bytes
            let stored = !deflate || packed.count >= bytes.count
            let data = stored ? bytes : packed
            let crc = Deflate.crc32(bytes)
            let nameBytes = Array(name.utf8)
            let offset = out.count
            let extra: [UInt8] = zip64 ? le16(1) + le16(16) + le64(UInt64(bytes.count)) + le64(UInt64(data.count)) : []
            let size32: (UInt32, UInt32) = zip64 ? (0xFFFF_FFFF, 0xFFFF_FFFF) : (UInt32(data.count), UInt32(bytes.count))
            out += le32(0x0403_4B50) + le16(zip64 ? 45 : 20) + le16(0x0800) + le16(stored ? 0 : 8) + le16(time) + le16(date)
                + le32(crc) + le32(size32.0) + le32(size32.1) + le16(UInt16(nameBytes.count)) + le16(UInt16(extra.count))
                + nameBytes + extra
            out += data
            let centralExtra: [UInt8] = zip64 ? le16(1) + le16(24) + le64(UInt64(bytes.count)) + le64(UInt64(data.count)) + le64(UInt64(offset)) : []
            central += le32(0x0201_4B50) + le16(3 << 8 | 45) + le16(zip64 ? 45 : 20) + le16(0x0800) + le16(stored ? 0 : 8)
                + le16(time) + le16(date) + le32(crc) + le32(size32.0) + le32(size32.1)
                + le16(UInt16(nameBytes.count)) + le16(UInt16(centralExtra.count)) + le16(0) + le16(0) + le16(0)
                + le32(0o100644 << 16) + le32(zip64 ? 0xFFFF_FFFF : UInt32(offset)) + nameBytes + centralExtra
        }
        let cdOffset = out.count
        out += central
        let count = files.count
        if zip64 {
            let record = out.count
            out += le32(0x0606_4B50) + le64(44) + le16(3 << 8 | 45) + le16(45) + le32(0) + le32(0)
                + le64(UInt64(count)) + le64(UInt64(count)) + le64(UInt64(central.count)) + le64(UInt64(cdOffset))
            out += le32(0x0706_4B50) + le32(0) + le64(UInt64(record)) + le32(1)
            out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(0xFFFF) + le16(0xFFFF) + le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) + le16(0)
        } else {
            out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(count)) + le16(UInt16(count))
                + le32(UInt32(central.count)) + le32(UInt32(cdOffset)) + le16(0)
        }
        return out
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * UInt32($0))) } }
    static func le64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }

    /// Sets the uncompressed size the central directory and local header declare for `member`
    /// of a zip written by ``writeZip(_:to:deflate:)`` (for archives that lie about a size).
    public static func patchDeclaredSize(zip path: String, member: String, to size: UInt32) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let name = Array(member.utf8)
        var i = 0
        while i + 46 <= bytes.count {
            let local = bytes[i..<(i + 4)].elementsEqual([0x50, 0x4B, 0x03, 0x04])
            let central = bytes[i..<(i + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02])
            if local || central {
                let nameLength = Int(bytes[i + (local ? 26 : 28)]) | Int(bytes[i + (local ? 27 : 29)]) << 8
                let nameStart = i + (local ? 30 : 46)
                if nameStart + nameLength <= bytes.count, bytes[nameStart..<(nameStart + nameLength)].elementsEqual(name) {
                    let field = i + (local ? 22 : 24)
                    for k in 0..<4 { bytes[field + k] = UInt8(truncatingIfNeeded: size >> (8 * UInt32(k))) }
                }
            }
            i += 1
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
