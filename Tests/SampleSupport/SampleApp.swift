import AASACore
import Foundation
#if canImport(CArchive)
import CArchive
#endif

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
    public enum Failure: Error, CustomStringConvertible {
        case libarchive(String)
        public var description: String {
            if case .libarchive(let why) = self { return why }
            return ""
        }
    }

    /// Writes `files` under the directory `root`, creating folders.
    public static func writeDirectory(_ files: [(String, [UInt8])], to root: String) throws {
        for (path, bytes) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
    }

    /// Writes `files` as a zip archive with libarchive (deflate, or stored).
    public static func writeZip(_ files: [(String, [UInt8])], to path: String, deflate: Bool = true) throws {
        #if canImport(CArchive)
        guard let a = archive_write_new() else { throw Failure.libarchive("archive_write_new failed") }
        defer { archive_write_free(a) }
        archive_write_set_format_zip(a)
        archive_write_set_options(a, deflate ? "zip:compression=deflate" : "zip:compression=store")
        guard archive_write_open_filename(a, path) == ARCHIVE_OK else { throw Failure.libarchive(message(a)) }
        for (name, bytes) in files {
            let entry = archive_entry_new()
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname(entry, name)
            archive_entry_set_size(entry, la_int64_t(bytes.count))
            archive_entry_set_filetype(entry, 0o100000)
            archive_entry_set_perm(entry, 0o644)
            // A fixed time: the same files make the same archive.
            archive_entry_set_mtime(entry, 1_700_000_000, 0)
            guard archive_write_header(a, entry) == ARCHIVE_OK else { throw Failure.libarchive(message(a)) }
            var written = 0
            while written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { archive_write_data(a, $0.baseAddress, min($0.count, 1 << 20)) }
                guard n > 0 else { throw Failure.libarchive(message(a)) }
                written += n
            }
        }
        guard archive_write_close(a) == ARCHIVE_OK else { throw Failure.libarchive(message(a)) }
        #else
        throw Failure.libarchive("no libarchive in this build")
        #endif
    }

    #if canImport(CArchive)
    static func message(_ a: OpaquePointer) -> String {
        archive_error_string(a).map { String(cString: $0) } ?? "libarchive failed"
    }
    #endif

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
