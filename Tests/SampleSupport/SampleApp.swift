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
        let info: [String: Any] = [
            "CFBundleExecutable": executableName, "CFBundleIdentifier": bundleID, "CFBundleName": executableName,
            "CFBundlePackageType": name.hasSuffix(".appex") ? "XPC!" : "APPL", "CFBundleShortVersionString": "1.0",
        ]
        let infoData = (try? PropertyListSerialization.data(
            fromPropertyList: info, format: binaryInfoPlist ? .binary : .xml, options: 0)) ?? Data()
        var out: [(String, [UInt8])] = [(root + "/Info.plist", Array(infoData)), (root + "/" + executableName, executable)]
        if let profile { out.append((root + "/embedded.mobileprovision", profile)) }
        for (folder, bundle) in nested { out += bundle.files(under: root + "/" + folder) }
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
