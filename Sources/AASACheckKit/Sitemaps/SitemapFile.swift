import AASAArtifacts
import AASACore
#if canImport(CArchive)
import CArchive
#endif
import Foundation

/// A sitemap file on disk read as a stream of its uncompressed bytes: gzip-compressed or not,
/// through libarchive (raw format, gzip filter — the only compression the Sitemaps protocol
/// names), a chunk at a time.
///
/// The uncompressed bytes are cut at ``SitemapByteStream/limit`` (the protocol's 50 MB), so a
/// gzip bomb costs the time of decoding 50 MB and the memory of one chunk. A gzip stream of no
/// bytes (libarchive's "empty" format) is an empty sitemap, which the reader reports as such.
#if canImport(CArchive)
final class SitemapFile {
    private let archive: OpaquePointer
    /// The open file, closed after the archive is freed.
    private let file: LocalFile.Opened
    /// Whether the file is gzip-compressed.
    let isGzip: Bool
    /// The file's size on disk.
    let size: Int
    /// The bytes as ``SitemapXML`` reads them.
    private(set) var stream: SitemapByteStream!

    /// Opens `path`.
    /// - Throws: ``SitemapFileError`` saying why it cannot be read.
    init(path: String, limit: Int = SitemapProtocol.maxBytes) throws {
        // A regular file (LocalFile): a FIFO, a device, /proc or /sys is refused before a byte
        // is read, and the file read is the one checked (its descriptor).
        do { file = try LocalFile.open(path) } catch { throw SitemapFileError(error.reason) }
        size = file.size
        guard let archive = archive_read_new() else { throw SitemapFileError("libarchive could not start") }
        self.archive = archive
        archive_read_support_filter_gzip(archive)
        archive_read_support_format_raw(archive)
        // The raw format needs at least one byte: a gzip stream of none is the empty format.
        archive_read_support_format_empty(archive)
        if size == 0 {
            // libarchive does not open an empty file; the XML reader says it is empty.
            isGzip = false
            stream = SitemapByteStream(bytes: [], limit: limit)
            return
        }
        guard archive_read_open_fd(archive, file.descriptor, 65_536) == ARCHIVE_OK else {
            let why = Self.error(archive)
            archive_read_free(archive)
            throw SitemapFileError(why)
        }
        var entry: OpaquePointer?
        let header = archive_read_next_header(archive, &entry)
        isGzip = archive_filter_count(archive) > 1 && archive_filter_code(archive, 0) == ARCHIVE_FILTER_GZIP
        if header == ARCHIVE_EOF {
            // No bytes once uncompressed: the reader says the sitemap is empty.
            stream = SitemapByteStream(bytes: [], limit: limit)
            return
        }
        guard header == ARCHIVE_OK else {
            // Every stored property is set: throwing runs deinit, which frees the archive.
            throw SitemapFileError(Self.error(archive))
        }
        stream = SitemapByteStream(limit: limit, reader: { [archive] buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
            let n = archive_read_data(archive, base, buffer.count)
            return n < 0 ? -1 : n
        }, describeFailure: { [archive, isGzip] in
            (isGzip ? "the gzip data is corrupt: " : "") + Self.error(archive)
        })
    }

    deinit { archive_read_free(archive) }

    /// The file's size when it is gzip-compressed (for messages about its uncompressed size).
    var compressedBytes: Int? { isGzip ? size : nil }

    private static func error(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unreadable"
    }
}

#else
/// Without libarchive (macOS, whose SDK has no libarchive headers): plain XML files only.
final class SitemapFile {
    let isGzip = false
    private let handle: FileHandle
    private(set) var stream: SitemapByteStream!

    init(path: String, limit: Int = SitemapProtocol.maxBytes) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw SitemapFileError("cannot be opened") }
        self.handle = handle
        let head = (try? handle.read(upToCount: 2)) ?? Data()
        guard head != Data([0x1F, 0x8B]) else { throw SitemapFileError("gzip-compressed sitemaps are read by Linux builds only (libarchive)") }
        try? handle.seek(toOffset: 0)
        stream = SitemapByteStream(limit: limit, reader: { [handle] buffer in
            guard let data = try? handle.read(upToCount: buffer.count) else { return -1 }
            data.copyBytes(to: buffer)
            return data.count
        }, describeFailure: { "the file could not be read" })
    }

    var compressedBytes: Int? { nil }
}
#endif

/// Why a sitemap file cannot be opened.
struct SitemapFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
