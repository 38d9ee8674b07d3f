import AASACore
#if canImport(CArchive)
import CArchive
#endif
import Synchronization

/// The members of a zip archive (an `.ipa`) as a ``FileTree``, read with libarchive (Debian
/// `libarchive-dev`): never extracted to disk, never a whole member in memory.
///
/// The archive is opened in libarchive's seekable zip mode, which reads the central directory,
/// so listing the members costs no decompression. A member is read as a stream
/// (``ZipMemberSource``): reading at an offset decompresses up to it and keeps only the bytes
/// asked for, in 64 KB steps. Limits keep hostile archives bounded:
/// - a member whose path leaves the archive (`../x`, `/etc/x`) makes the whole archive refused;
/// - at most ``maxMembers`` members are listed;
/// - a member declaring more than ``maxMemberBytes`` uncompressed bytes is refused before any
///   of it is decompressed, and no member is ever decompressed past its declared size (a zip
///   bomb that lies about its size ends there).
public struct ZipTree: FileTree {
    /// Most members listed (a large app has tens of thousands of files).
    public static let maxMembers = 500_000
    /// Largest uncompressed member read: reading near the end of one means decompressing all of
    /// it before (about 1 GB a second), so larger ones are refused, clearly.
    public static let maxMemberBytes = 1 << 30

    struct Member: Sendable {
        var index: Int
        var size: Int
    }

    public let name: String
    public let path: String
    let members: [String: Member]
    let directories: [String: [TreeItem]]

    /// Lists the archive's members.
    /// - Parameter name: how messages name it (the path as given).
    /// - Throws: ``ContainerError`` when it is not a readable zip archive or a member's path leaves it.
    public init(path: String, name: String? = nil) throws(ContainerError) {
        self.path = path
        let label = name ?? path
        self.name = label
        #if canImport(CArchive)
        let archive = try ZipTree.openArchive(path, name: label)
        defer { archive_read_free(archive) }
        var members: [String: Member] = [:]
        var children: [String: [String: TreeItem]] = [:]
        var index = 0
        while true {
            var entry: OpaquePointer?
            let status = archive_read_next_header(archive, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                throw .malformed("\(label): member \(index + 1) cannot be read: \(ZipTree.message(archive))")
            }
            guard index < ZipTree.maxMembers else {
                throw .tooLarge("\(label) holds more than \(ZipTree.maxMembers) members; no more are read")
            }
            let raw = archive_entry_pathname_utf8(entry).map { String(cString: $0) }
                ?? archive_entry_pathname(entry).map { String(decoding: Array(String(cString: $0).utf8), as: UTF8.self) } ?? ""
            let parts = raw.split(separator: "/", omittingEmptySubsequences: true)
            if raw.hasPrefix("/") || parts.contains("..") || raw.contains("\\") && raw.split(separator: "\\").contains("..") {
                throw .malformed("\(label) holds a member named `\(ZipTree.shown(raw))`, a path outside the archive; "
                    + "it is refused (no tool that builds an .ipa writes such a path)")
            }
            let type = archive_entry_filetype(entry)
            let isDirectory = type == 0o040000 || raw.hasSuffix("/")
            let isFile = type == 0o100000 || (type == 0 && !isDirectory)
            let size = archive_entry_size_is_set(entry) != 0 ? Int(archive_entry_size(entry)) : 0
            let clean = parts.joined(separator: "/")
            if isFile, !clean.isEmpty {
                members[clean] = Member(index: index, size: size)
            }
            // Every parent directory of the member, implied or listed.
            for depth in 0..<parts.count {
                let dir = parts[0..<depth].joined(separator: "/")
                let item = String(parts[depth])
                let itemIsDirectory = depth < parts.count - 1 || isDirectory
                if itemIsDirectory || isFile {
                    children[dir, default: [:]][item] = TreeItem(
                        name: item, isDirectory: itemIsDirectory, size: itemIsDirectory ? 0 : size)
                }
            }
            index += 1
        }
        self.members = members
        self.directories = children.mapValues { $0.values.sorted { $0.name < $1.name } }
        #else
        throw .unsupported("\(label): zip archives (.ipa) are read with libarchive, which this build of aasa-check lacks")
        #endif
    }

    public func contents(of directory: String) throws(ContainerError) -> [TreeItem]? {
        directories[directory]
    }

    public func open(_ member: String) throws(ContainerError) -> any ByteSource {
        guard let m = members[member] else { throw .unsupported("\(name) has no member \(member)") }
        guard m.size <= ZipTree.maxMemberBytes else {
            throw .tooLarge("\(name):\(member) is \(m.size) bytes uncompressed; members of an archive are read up to "
                + "\(ZipTree.maxMemberBytes) bytes (reading one means decompressing it)")
        }
        return ZipMemberSource(archivePath: path, index: m.index, size: m.size, name: name + ":" + member)
    }

    #if canImport(CArchive)
    static func openArchive(_ path: String, name: String) throws(ContainerError) -> OpaquePointer {
        guard let archive = archive_read_new() else { throw .io("\(name): libarchive could not start") }
        archive_read_support_format_zip_seekable(archive)
        guard archive_read_open_filename(archive, path, 65_536) == ARCHIVE_OK else {
            let why = message(archive)
            archive_read_free(archive)
            throw .malformed("\(name) is not a readable zip archive: \(why)")
        }
        return archive
    }

    static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "libarchive gives no reason"
    }
    #endif

    /// A member name with unsafe characters escaped, for messages.
    static func shown(_ s: String) -> String { SafeText.escape(s, limit: 200) }
}

/// One member of a zip archive, read as a forward stream with restart (``ZipTree``).
///
/// Reads in increasing offset order decompress the member once; a read before the current
/// position starts the stream again from the member's start (at most ``maxRestarts`` times).
/// Memory: a 64 KB buffer and the bytes asked for.
public final class ZipMemberSource: ByteSource {
    public static let maxRestarts = 8

    public let name: String
    public let size: Int
    let archivePath: String
    let index: Int

    #if canImport(CArchive)
    /// The open stream: the archive positioned inside the member, and how far into it.
    final class Stream {
        var archive: OpaquePointer
        var position = 0
        init(archive: OpaquePointer) { self.archive = archive }
        deinit { archive_read_free(archive) }
    }

    struct State: ~Copyable {
        var stream: Stream?
        var restarts = 0
    }

    private let state = Mutex(State())
    #endif

    init(archivePath: String, index: Int, size: Int, name: String) {
        self.archivePath = archivePath
        self.index = index
        self.size = size
        self.name = name
    }

    public func read(_ range: Range<Int>) throws(ContainerError) -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= size else {
            throw .truncated("bytes \(range.lowerBound) to \(range.upperBound) are past the end of \(name) (\(size) bytes)")
        }
        #if canImport(CArchive)
        return try state.withLock { (state: inout State) throws(ContainerError) -> [UInt8] in
            if state.stream == nil || state.stream!.position > range.lowerBound {
                guard state.restarts <= Self.maxRestarts else {
                    throw .tooLarge("\(name) was read from its start \(Self.maxRestarts) times; its reads go backwards")
                }
                state.restarts += 1
                state.stream = nil
                state.stream = try open()
            }
            let stream = state.stream!
            var out: [UInt8] = []
            out.reserveCapacity(range.count)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while stream.position < range.upperBound {
                let want = min(buffer.count, range.upperBound - stream.position)
                let n = buffer.withUnsafeMutableBytes { archive_read_data(stream.archive, $0.baseAddress, want) }
                guard n > 0 else {
                    let why = n == 0 ? "it ends after \(stream.position) of its declared \(size) bytes"
                        : ZipTree.message(stream.archive)
                    state.stream = nil
                    throw n == 0 ? .truncated("\(name): \(why)") : .malformed("\(name) cannot be decompressed: \(why)")
                }
                let start = stream.position
                stream.position += n
                if stream.position > range.lowerBound {
                    let from = max(0, range.lowerBound - start)
                    out.append(contentsOf: buffer[from..<n])
                }
            }
            return out
        }
        #else
        throw .unsupported("\(name): zip archives are not read by this build")
        #endif
    }

    #if canImport(CArchive)
    private func open() throws(ContainerError) -> Stream {
        let stream = Stream(archive: try ZipTree.openArchive(archivePath, name: name))
        for _ in 0...index {
            var entry: OpaquePointer?
            let status = archive_read_next_header(stream.archive, &entry)
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN else {
                throw .malformed("\(name) cannot be found again in the archive: \(ZipTree.message(stream.archive))")
            }
        }
        return stream
    }
    #endif
}
