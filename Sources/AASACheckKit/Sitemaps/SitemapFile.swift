import AASAArtifacts
import AASACore
import Foundation

/// A sitemap file on disk read as a stream of its uncompressed bytes: gzip-compressed or not
/// (the only compression the Sitemaps protocol names), through zlib (``GzipFileReader``), a
/// chunk at a time.
///
/// The uncompressed bytes are cut at ``SitemapByteStream/limit`` (the protocol's 50 MB), so a
/// gzip bomb costs the time of inflating 50 MB and the memory of one chunk. A gzip stream of no
/// bytes is an empty sitemap, which the reader reports as such.
final class SitemapFile {
    private let reader: GzipFileReader?
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
        // is read; GzipFileReader opens it through the same check (FileSource).
        do { size = try LocalFile.open(path).size } catch { throw SitemapFileError(error.reason) }
        if size == 0 {
            // Nothing to read; the XML reader says it is empty.
            reader = nil
            isGzip = false
            stream = SitemapByteStream(bytes: [], limit: limit)
            return
        }
        let reader: GzipFileReader
        do {
            reader = try GzipFileReader(path: path)
        } catch {
            throw SitemapFileError(error.description)
        }
        self.reader = reader
        isGzip = reader.isGzip
        stream = SitemapByteStream(limit: limit, reader: { [reader] buffer in
            reader.read(into: buffer)
        }, describeFailure: { [reader] in
            reader.failure ?? "unreadable"
        })
    }

    /// The file's size when it is gzip-compressed (for messages about its uncompressed size).
    var compressedBytes: Int? { isGzip ? size : nil }
}

/// Why a sitemap file cannot be opened.
struct SitemapFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
