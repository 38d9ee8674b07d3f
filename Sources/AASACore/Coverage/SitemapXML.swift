import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The limits of the Sitemaps protocol (<https://www.sitemaps.org/protocol.html>): a sitemap or
/// a sitemap index lists at most 50,000 entries and is at most 50 MB (52,428,800 bytes)
/// uncompressed; a `<loc>` is an absolute URL of fewer than 2,048 characters.
public enum SitemapProtocol {
    /// Most `<url>` (or `<sitemap>`) entries in one file.
    public static let maxEntries = 50_000
    /// Most bytes of one file once uncompressed.
    public static let maxBytes = 52_428_800
    /// A `<loc>` must be shorter than this, in characters.
    public static let maxLocLength = 2_048
}

/// What a sitemap file is, by its root element.
public enum SitemapKind: String, Sendable {
    /// `<urlset>`: the pages of a site.
    case urlset
    /// `<sitemapindex>`: other sitemaps.
    case sitemapindex
}

/// The bytes of one sitemap file as `XMLParser` pulls them: a source of chunks, cut off after
/// ``limit`` bytes (the rest is not read), with what went wrong below the XML (a corrupt gzip
/// stream, an unreadable file) kept for the report.
///
/// `XMLParser(stream:)` pulls fixed-size chunks (128 KiB in swift-corelibs-foundation) and
/// hands each to libxml2's push parser, so a file is never held whole (checked by the
/// coverage tests, which read a generated sitemap with a stream that counts what was pulled).
public final class SitemapByteStream: InputStream {
    /// Fills the buffer with the next bytes; returns how many (0 at the end), or -1 on a
    /// failure, which ``describeFailure`` then explains.
    public typealias Reader = (UnsafeMutableRawBufferPointer) -> Int

    private let reader: Reader
    private let describeFailure: () -> String
    /// Most bytes handed to the parser.
    public let limit: Int
    /// Bytes read from the source so far (each is handed to the parser, in place).
    public private(set) var bytesRead = 0
    /// Whether more bytes followed ``limit`` (they were not read).
    public private(set) var stoppedAtLimit = false
    /// Why the bytes could not be read to their end, when they could not.
    public private(set) var failure: String?
    private var ended = false

    /// - Parameters:
    ///   - limit: most bytes to hand out (default: the protocol's 50 MB).
    ///   - reader: the source of bytes.
    ///   - describeFailure: says why `reader` returned -1.
    public init(limit: Int = SitemapProtocol.maxBytes, reader: @escaping Reader, describeFailure: @escaping () -> String) {
        self.limit = limit
        self.reader = reader
        self.describeFailure = describeFailure
        super.init(data: Data())
    }

    /// A stream over bytes in memory.
    public convenience init(bytes: [UInt8], limit: Int = SitemapProtocol.maxBytes) {
        var offset = 0
        self.init(limit: limit, reader: { buffer in
            let n = min(buffer.count, bytes.count - offset)
            if n > 0 { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.withUnsafeBytes { $0 }[offset..<(offset + n)])) }
            offset += n
            return n
        }, describeFailure: { "unreadable" })
    }

    public override func open() {}
    public override func close() {}
    public override var hasBytesAvailable: Bool { !ended }
    public override var streamStatus: Stream.Status { ended ? .atEnd : .open }

    /// The encodings an XML declaration may keep: those libxml2 decodes itself. Any other is
    /// blanked out and the bytes read as UTF-8 (the protocol's encoding): an encoding libxml2
    /// must look up (`EBCDIC-US`, `U-TF8`) crashes FoundationXML's push parser on Linux.
    static let keptEncodings: Set<String> = ["utf-8", "us-ascii", "iso-8859-1"]
    /// Most bytes looked at for the XML declaration.
    static let declarationBytes = 512
    /// Whether the file's first bytes (``readHead()``) were read.
    private var headRead = false
    /// Whether the source has nothing more to give (its end, ``limit``, or a failure).
    private var sourceEnded = false
    /// Keeps FoundationXML from the constructs it crashes on (``XMLParserGuard``).
    private var guardian = XMLParserGuard()
    /// Bytes rewritten and ready for the parser, and how many of them were handed out.
    private var ready: [UInt8] = []
    private var served = 0

    public override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        guard !ended, len > 0 else { return 0 }
        while served == ready.count {
            if sourceEnded {
                ended = true
                return 0
            }
            ready = guardian.feed(nextChunk(atMost: len))
            served = 0
            if sourceEnded { ready += guardian.finish() }
        }
        let n = min(len, ready.count - served)
        ready.withUnsafeBufferPointer { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress! + served, byteCount: n) }
        served += n
        return n
    }

    /// The next bytes of the source, at most `atMost` (the head first); empty, with
    /// ``sourceEnded`` set, at the end, at ``limit`` or on a failure.
    private func nextChunk(atMost: Int) -> [UInt8] {
        if !headRead {
            headRead = true
            let head = readHead()
            bytesRead += head.count
            if head.isEmpty { sourceEnded = true }
            return head
        }
        if failure != nil {
            sourceEnded = true
            return []
        }
        let room = limit - bytesRead
        if room <= 0 {
            // At the limit: one more byte says whether the file goes on.
            var probe: UInt8 = 0
            let more = withUnsafeMutableBytes(of: &probe) { reader($0) }
            if more > 0 { stoppedAtLimit = true } else if more < 0 { failure = describeFailure() }
            sourceEnded = true
            return []
        }
        var chunk = [UInt8](repeating: 0, count: min(atMost, room))
        let n = chunk.withUnsafeMutableBytes { reader($0) }
        if n <= 0 {
            if n < 0 { failure = describeFailure() }
            sourceEnded = true
            return []
        }
        bytesRead += n
        if n < chunk.count { chunk.removeSubrange(n...) }
        return chunk
    }
}

extension SitemapByteStream {
    /// The first ``declarationBytes`` bytes (fewer within ``limit`` or at the end), with an
    /// encoding outside ``keptEncodings`` blanked out of the XML declaration.
    fileprivate func readHead() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(limit, Self.declarationBytes))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { reader(UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
            guard n > 0 else {
                if n < 0 { failure = describeFailure() }
                break
            }
            filled += n
        }
        bytes.removeSubrange(filled...)
        // UTF-16, UTF-32 and EBCDIC, which libxml2 would detect and then read a declaration in.
        if bytes.first == 0 || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
            || bytes.starts(with: [0x3C, 0x00]) || bytes.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) {
            failure = "the file is not UTF-8, the protocol's encoding (it starts as UTF-16, UTF-32 or EBCDIC text does)"
            return []
        }
        return PlistXMLLocator.withoutEncodingDeclaration(bytes, keeping: Self.keptEncodings)
    }
}

/// Reads one sitemap or sitemap index with FoundationXML's event parser (`XMLParser`, libxml2
/// underneath), in memory that does not depend on the file's size.
///
/// Only the structure the protocol defines is read: the root element (`urlset` or
/// `sitemapindex`), its entries (`url` or `sitemap`) and the first `loc` of each, matched by
/// local name at that depth, so extension elements such as `<image:loc>` inside a `<url>` are
/// never taken for pages. Entities other than XML's five are not expanded beyond libxml2's
/// limits (an entity loop or a "billion laughs" is a parse error), and no external entity or
/// DTD is ever loaded.
public enum SitemapXML {
    /// How reading one file went.
    public struct Outcome: Sendable {
        /// The kind, when the root element is one the protocol defines.
        public var kind: SitemapKind?
        /// The root element's name when it is not (`html`), or `nil`.
        public var otherRoot: String?
        /// `<url>` or `<sitemap>` entries seen (those without a `<loc>` included).
        public var entries = 0
        /// Entries without a `<loc>`.
        public var entriesWithoutLoc = 0
        /// The first XML error: what, and where (1-based line and column).
        public var error: (message: String, line: Int, column: Int)?
        /// Whether `onLoc` stopped the reading.
        public var stopped = false
    }

    /// Reads `stream` to its end (or to the first XML error), calling `onLoc` with the file's
    /// kind and each entry's `loc`, its surrounding white space removed, and its 1-based line.
    /// `onLoc` returns `false` to stop reading.
    public static func read(_ stream: InputStream, onLoc: @escaping (SitemapKind, String, Int) -> Bool) -> Outcome {
        let parser = XMLParser(stream: stream)
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        let delegate = Delegate(onLoc: onLoc)
        parser.delegate = delegate
        _ = parser.parse()
        var outcome = delegate.outcome
        if outcome.error == nil, !delegate.sawRoot, !outcome.stopped {
            outcome.error = ("the file is empty: no XML element", 1, 1)
        } else if outcome.error == nil, let error = parser.parserError, !outcome.stopped, !delegate.ended,
                  !libxml2Warnings.contains((error as NSError).code) {
            outcome.error = (describe(error), parser.lineNumber, parser.columnNumber)
        }
        return outcome
    }

    /// What libxml2's error number (`xmlParserErrors`, which `XMLParser` passes on as the
    /// error's code) means, in a few words; the common ones by name, the others by number.
    static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        guard let words = libxml2Errors[code] else { return "malformed XML (libxml2 error \(code))" }
        return words
    }

    /// libxml2's warnings (`XML_WAR_*`): reported through the same channel, but the document
    /// is still well-formed (a relative namespace URI, an unknown version…).
    static let libxml2Warnings: Set<Int> = [27, 93, 97, 98, 99, 100, 102, 106, 107]

    static let libxml2Errors: [Int: String] = [
        3: "no XML element starts the file",
        4: "the document is empty",
        5: "the document ends before its elements are closed, or goes on after its root element",
        6: "an invalid hexadecimal character reference",
        7: "an invalid decimal character reference",
        8: "an invalid character reference",
        9: "a character XML does not allow",
        22: "`&` not followed by an entity name (write & as &amp;)",
        23: "an entity reference without its `;` (write & as &amp;)",
        26: "an undeclared entity (XML knows only &amp; &lt; &gt; &quot; &apos;)",
        31: "an unknown encoding",
        32: "an unsupported encoding",
        38: "`<` inside an attribute value",
        39: "an attribute value without quotes",
        40: "an attribute value not closed",
        41: "an attribute without a value",
        45: "a comment not closed",
        57: "the XML declaration is not closed",
        63: "a CDATA section not closed",
        65: "white space is missing",
        68: "a name is missing (write < as &lt; in text)",
        73: "`>` is missing",
        74: "an element is not closed",
        76: "an end tag does not match its start tag",
        77: "a tag is not closed",
        81: "the bytes are not in the declared encoding (sitemaps are UTF-8)",
        85: "the elements are not balanced",
        86: "there is content after the root element ends",
        89: "an entity refers to itself or expands without bound (refused)",
        90: "an entity crosses an element's boundary",
    ]

    private final class Delegate: NSObject, XMLParserDelegate {
        let onLoc: (SitemapKind, String, Int) -> Bool
        var outcome = Outcome()
        var depth = 0
        var sawRoot = false
        var ended = false
        /// Inside an entry (depth 2 under a known root).
        var inEntry = false
        var entryHasLoc = false
        /// Collecting the text of the entry's `loc`.
        var inLoc = false
        var text = ""
        var locLine = 0

        init(onLoc: @escaping (SitemapKind, String, Int) -> Bool) { self.onLoc = onLoc }

        /// The name without a namespace prefix (`sm:loc` → `loc`).
        @inline(__always)
        static func local(_ name: String) -> Substring {
            let u = name.utf8
            if let colon = u.lastIndex(of: UInt8(ascii: ":")) { return name[u.index(after: colon)...] }
            return name[...]
        }

        /// `text` without the XML white space (space, tab, CR, LF) around it.
        static func trimmed(_ text: String) -> String {
            let u = text.utf8
            func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
            guard let first = u.first, let last = u.last, isSpace(first) || isSpace(last) else { return text }
            guard let start = u.firstIndex(where: { !isSpace($0) }) else { return "" }
            let end = u.lastIndex(where: { !isSpace($0) })!
            return String(text[start...end])
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            depth += 1
            switch depth {
            case 1:
                sawRoot = true
                switch Self.local(elementName) {
                case "urlset": outcome.kind = .urlset
                case "sitemapindex": outcome.kind = .sitemapindex
                default:
                    outcome.otherRoot = String(elementName.prefix(100))
                    parser.abortParsing()
                }
            case 2:
                let name = Self.local(elementName)
                if (outcome.kind == .urlset && name == "url") || (outcome.kind == .sitemapindex && name == "sitemap") {
                    inEntry = true
                    entryHasLoc = false
                    outcome.entries += 1
                }
            case 3:
                if inEntry, !entryHasLoc, Self.local(elementName) == "loc" {
                    inLoc = true
                    text = ""
                    locLine = parser.lineNumber
                }
            default:
                break
            }
        }

        /// Most bytes of a `loc` kept: a URL is far shorter; a longer text is cut, which the
        /// length check then reports.
        static let maxLocBytes = 65_536

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inLoc, text.utf8.count < Self.maxLocBytes { text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            if inLoc, text.utf8.count < Self.maxLocBytes { text += String(decoding: CDATABlock, as: UTF8.self) }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            if depth == 3, inLoc {
                inLoc = false
                entryHasLoc = true
                if let kind = outcome.kind, !onLoc(kind, Self.trimmed(text), locLine) {
                    outcome.stopped = true
                    parser.abortParsing()
                }
            } else if depth == 2, inEntry {
                inEntry = false
                if !entryHasLoc { outcome.entriesWithoutLoc += 1 }
            }
            depth -= 1
        }

        func parserDidEndDocument(_ parser: XMLParser) { ended = true }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            // libxml2 runs in recovery mode under XMLParser: keep the first error and stop.
            guard outcome.error == nil, outcome.otherRoot == nil, !outcome.stopped,
                  !SitemapXML.libxml2Warnings.contains((parseError as NSError).code) else { return }
            outcome.error = (SitemapXML.describe(parseError), parser.lineNumber, parser.columnNumber)
            parser.abortParsing()
        }
    }
}
