import Foundation

/// Reads a text sitemap: the Sitemaps protocol's other format (<https://www.sitemaps.org/protocol.html>,
/// "Other Sitemap formats", "Text file"), a plain UTF-8 text file with one URL a line.
///
/// The protocol's rules for it: one URL a line, no embedded new lines, each URL fully
/// specified (with its `http`/`https`), at most 50,000 URLs and 50 MB (52,428,800 bytes) a
/// file, UTF-8, nothing but the URLs (no header or footer), and it may be gzip-compressed. A
/// text file lists pages only: it is never a sitemap index.
///
/// Read as a stream, a chunk at a time, in memory that does not depend on the file's size: a
/// line is kept to ``maxLineBytes`` (a URL is far shorter; the rest of a longer line is not
/// kept, and the length check reports it). Each line ends at LF; a CR before it, a UTF-8 byte
/// order mark at the file's start and the spaces and tabs around a URL are left out, and blank
/// lines are skipped (not counted). A file whose first line is not an absolute `http` or
/// `https` URL is not read at all (``SitemapXML/Outcome/notASitemap``): it is some other text
/// (robots.txt, a local file an index names), whose lines are not quoted in findings. Every
/// other line is an entry, handed to the caller as an
/// XML sitemap's `<loc>` is, so the same limits and checks apply (AASA709, AASA711): a line
/// that is not an absolute URL is not a page. A line that is not UTF-8 is not handed over but
/// counted (``SitemapXML/Outcome/undecodableLines``). The last line, when the byte limit cut
/// it, is not read.
public enum SitemapText {
    /// Most bytes of a line kept (as for an XML `<loc>`).
    public static let maxLineBytes = 65_536

    /// Reads `stream` (whose ``SitemapByteStream/content`` is `.text`) to its end or until
    /// `onLoc` returns `false`, calling `onLoc` with `.urlset`, each line's URL and its 1-based
    /// line number.
    /// - Returns: the outcome as ``SitemapXML/read(_:onLoc:)`` gives it: kind `.urlset`, the
    ///   entries (non-blank lines), never an XML error.
    public static func read(_ stream: SitemapByteStream, onLoc: (SitemapKind, String, Int) -> Bool) -> SitemapXML.Outcome {
        var outcome = SitemapXML.Outcome()
        stream.passesRawBytes = true
        var buffer = [UInt8](repeating: 0, count: 131_072)
        var line: [UInt8] = []
        var lineNumber = 1
        var first = true

        /// Hands over the line gathered; `false` when the reader is to stop.
        func endLine() -> Bool {
            defer {
                line.removeAll(keepingCapacity: true)
                lineNumber += 1
            }
            var bytes = line[...]
            if first {
                first = false
                if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            }
            if bytes.count >= maxLineBytes, let lead = bytes.lastIndex(where: { $0 & 0xC0 != 0x80 }), bytes[lead] >= 0xC0,
               bytes.distance(from: lead, to: bytes.endIndex) < (bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : 2) {
                // A character the cut at maxLineBytes split: left out with the rest of the line.
                bytes = bytes[..<lead]
            }
            while let b = bytes.last, b == 0x20 || b == 0x09 || b == 0x0D { bytes = bytes.dropLast() }
            while let b = bytes.first, b == 0x20 || b == 0x09 { bytes = bytes.dropFirst() }
            guard !bytes.isEmpty else { return true }
            if outcome.kind == nil {
                // The first line tells a text sitemap from other text.
                guard Self.startsWithHTTP(bytes) else {
                    outcome.notASitemap = "it is neither XML (which starts with `<`) nor a text sitemap (whose first line is a page's absolute http or https URL)"
                    return false
                }
                outcome.kind = .urlset
            }
            outcome.entries += 1
            guard let url = String(validating: bytes, as: UTF8.self) else {
                outcome.undecodableLines += 1
                if outcome.undecodableFirstLine == nil { outcome.undecodableFirstLine = lineNumber }
                return true
            }
            return onLoc(.urlset, url, lineNumber)
        }

        reading: while true {
            let n = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: $0.count) }
            guard n > 0 else { break }
            var start = 0
            while start < n {
                let newline = buffer[start..<n].firstIndex(of: 0x0A)
                let end = newline ?? n
                let room = maxLineBytes - line.count
                if room > 0 { line += buffer[start..<min(end, start + room)] }
                guard newline != nil else { break }
                if !endLine() {
                    outcome.stopped = outcome.notASitemap == nil
                    break reading
                }
                start = end + 1
            }
        }
        // A last line without its LF is read, unless the byte limit or a failure cut it.
        if !outcome.stopped, outcome.notASitemap == nil, !line.isEmpty, !stream.stoppedAtLimit, stream.failure == nil, !endLine() {
            outcome.stopped = outcome.notASitemap == nil
        }
        return outcome
    }

    /// Whether `bytes` start with `http://` or `https://`, in any case.
    static func startsWithHTTP(_ bytes: ArraySlice<UInt8>) -> Bool {
        let lower = bytes.prefix(8).map(SiteCoverage.lower)
        return lower.starts(with: Array("https://".utf8)) || lower.starts(with: Array("http://".utf8))
    }
}
