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

/// What a sitemap file holds, judged by its first bytes (``SitemapByteStream/content``).
///
/// The Sitemaps protocol (<https://www.sitemaps.org/protocol.html>, "Other Sitemap formats",
/// "Text file") allows a plain text file besides XML: one full URL a line, UTF-8, at most
/// 50,000 URLs and 50 MB (52,428,800 bytes), no header or footer, gzip-compressed or not. An
/// XML file starts with `<` (after an optional byte order mark and, for a file without an XML
/// declaration, white space); a text file's first URL does not.
public enum SitemapContent: Sendable, Equatable {
    /// XML: the first character after an optional UTF-8 byte order mark and white space is `<`.
    case xml
    /// A text sitemap: UTF-8 text that does not start with `<` (``SitemapText``).
    case text
    /// No bytes, or only white space (and a byte order mark).
    case empty
    /// Neither XML nor text in UTF-8; the sentence says what it is ("it is UTF-16 …").
    case notText(String)
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
    /// Whether the file's first bytes were handed out.
    private var headRead = false
    /// The file's first bytes as read (``loadHead()``), and what they say the file is.
    private var head: [UInt8]?
    private var judged = SitemapContent.empty
    /// Whether the bytes go out as read, without the rewrites for the XML parser (a text
    /// sitemap, ``SitemapText``).
    var passesRawBytes = false
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
            let chunk = nextChunk(atMost: len)
            ready = passesRawBytes ? chunk : guardian.feed(chunk)
            served = 0
            if sourceEnded, !passesRawBytes { ready += guardian.finish() }
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
            loadHead()
            let first: [UInt8]
            switch judged {
            case .notText: first = []
            case .xml: first = PlistXMLLocator.withoutEncodingDeclaration(head ?? [], keeping: Self.keptEncodings)
            case .text, .empty: first = head ?? []
            }
            head = []
            if first.isEmpty { sourceEnded = true }
            return first
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
    /// What the file holds, judged by its first ``declarationBytes`` bytes (read on first use;
    /// the parser then gets them as if nothing had been looked at).
    public var content: SitemapContent {
        loadHead()
        return judged
    }

    /// Whether the XML parser was kept from a DOCTYPE's internal subset (``XMLParserGuard``
    /// blanks its declarations): an entity it declares is then undeclared where it is used.
    public var blankedInternalSubset: Bool { guardian.blankedSubset }

    /// Reads the first ``declarationBytes`` bytes (fewer within ``limit`` or at the end) once,
    /// and judges them (``SitemapContent``). Bytes that are not UTF-8 set ``failure`` too, so
    /// a reader that does not ask ``content`` first still reads nothing of them.
    private func loadHead() {
        guard head == nil else { return }
        var bytes = [UInt8](repeating: 0, count: min(limit, Self.declarationBytes))
        var filled = 0
        var atEnd = false
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { reader(UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
            guard n > 0 else {
                if n < 0 { failure = describeFailure() }
                atEnd = true
                break
            }
            filled += n
        }
        bytes.removeSubrange(filled...)
        bytesRead += filled
        judged = Self.judge(bytes, whole: atEnd)
        if case .notText(let why) = judged {
            failure = failure ?? why
            bytes = []
        }
        head = bytes
    }

    /// What `bytes`, a file's first bytes (`whole`: all of it), say it is.
    ///
    /// UTF-16, UTF-32 and EBCDIC are told by their byte order mark or by how `<` or an ASCII
    /// character is written in the first four bytes (the XML specification's appendix F
    /// table, which libxml2 follows); NUL bytes otherwise, or control characters where no `<`
    /// starts the file, are binary data (an image, a nested archive, zeros). Only a file whose
    /// first character is `<` is XML (so an XML file in ISO-8859-1, which the parser decodes
    /// by its declaration, stays XML).
    static func judge(_ bytes: [UInt8], whole: Bool) -> SitemapContent {
        let utf = "not UTF-8, the protocol's encoding"
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return .notText("it is UTF-32 text (its byte order mark says so), \(utf)")
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return .notText("it is UTF-16 text (its byte order mark says so), \(utf)")
        }
        if bytes.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) {
            return .notText("it is EBCDIC text (it starts with `<?xm` in EBCDIC), \(utf)")
        }
        if bytes.count >= 4 {
            let zero = bytes.prefix(4).map { $0 == 0 }
            let ascii = bytes.prefix(4).allSatisfy { $0 < 0x80 }
            if ascii, zero == [true, false, true, false] || zero == [false, true, false, true] {
                return .notText("it is UTF-16 text (every other byte is 0), \(utf)")
            }
            if ascii, zero == [true, true, true, false] || zero == [false, true, true, true] {
                return .notText("it is UTF-32 text (three of every four bytes are 0), \(utf)")
            }
        }
        if bytes.contains(0) {
            return .notText("it is not text: its first bytes hold NUL bytes (binary data is neither an XML nor a text sitemap)")
        }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        guard i < bytes.count else {
            // Only white space so far: empty at the end; else XML may follow (the parser says).
            return whole ? .empty : .xml
        }
        if bytes[i] == UInt8(ascii: "<") { return .xml }
        // Text holds no control character but tab, line feed, form feed and carriage return
        // (a line that is not UTF-8 is judged as a line: ``SitemapText``).
        if bytes[i...].contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0C && $0 != 0x0D }) {
            return .notText("it is not text: its first bytes hold control characters (binary data is neither an XML nor a text sitemap)")
        }
        return .text
    }
}

/// Reads one sitemap or sitemap index with FoundationXML's event parser (`XMLParser`, libxml2
/// underneath), in memory that does not depend on the file's size.
///
/// Only the structure the protocol defines is read: the root element (`urlset` or
/// `sitemapindex`), its entries (`url` or `sitemap`) and the first `loc` of each, matched by
/// local name at that depth, so extension elements such as `<image:loc>` inside a `<url>` are
/// never taken for pages. The protocol gives each entry exactly one `<loc>`: a further `<loc>`
/// in the same entry, or a `<loc>` directly under the root (outside any entry), is not read
/// as a page but counted with its first value (``Outcome/extraLocs``, ``Outcome/strayLocs``).
/// Entities other than XML's five are not expanded beyond libxml2's limits (an entity loop or a "billion laughs" is a parse error), and no external entity or
/// DTD is ever loaded.
public enum SitemapXML {
    /// How reading one file went.
    public struct Outcome: Sendable {
        /// The kind, when the root element is one the protocol defines.
        public var kind: SitemapKind?
        /// The root element's name when it is not (`html`), or `nil`.
        public var otherRoot: String?
        /// Why a file that is neither XML nor a text sitemap is not one (``SitemapText``: its
        /// first line is not a URL), or `nil`. Nothing of it was read.
        public var notASitemap: String?
        /// `<url>` or `<sitemap>` entries seen (those without a `<loc>` included).
        public var entries = 0
        /// Entries without a `<loc>`.
        public var entriesWithoutLoc = 0
        /// `<loc>` elements after the first of an entry: not read; the first such value and its line.
        public var extraLocs = 0
        public var extraLocFirst: (loc: String, line: Int)?
        /// `<loc>` elements directly under the root, outside any entry: not read; the first
        /// such value and its line.
        public var strayLocs = 0
        public var strayLocFirst: (loc: String, line: Int)?
        /// Lines of a text sitemap that are not UTF-8 (``SitemapText``): not read; the first one.
        public var undecodableLines = 0
        public var undecodableFirstLine: Int?
        /// The first XML error: what, and where (1-based line and column).
        public var error: (message: String, line: Int, column: Int)?
        /// What to do about ``error``, when something more precise than well-formed XML helps.
        public var errorHint: String?
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
        var code = delegate.errorCode
        if outcome.error == nil, !delegate.sawRoot, !outcome.stopped {
            outcome.error = ("the file is empty: no XML element", 1, 1)
        } else if outcome.error == nil, let error = parser.parserError, !outcome.stopped, !delegate.ended,
                  !libxml2Warnings.contains((error as NSError).code) {
            let number = (error as NSError).code
            code = number
            outcome.error = (describe(number), parser.lineNumber, parser.columnNumber)
        }
        if outcome.error != nil, let code {
            if code == undeclaredEntity, (stream as? SitemapByteStream)?.blankedInternalSubset == true {
                // The guard blanked the subset that declares it: say so, not "undeclared".
                outcome.error?.message = "sitemaps with a DOCTYPE internal subset (entity declarations, `<!DOCTYPE urlset [ … ]>`) are not read: "
                    + "aasa-check leaves those declarations out (they can crash the XML parser, and the protocol's sitemaps need none), so the entity used here is not defined"
                outcome.errorHint = "Remove the DOCTYPE and write each URL out in full in its <loc>, escaping only & < > ' \" (&amp; &lt; &gt; &apos; &quot;)."
            } else {
                outcome.errorHint = libxml2Hints[code]
            }
        }
        return outcome
    }

    /// libxml2's `XML_ERR_UNDECLARED_ENTITY`.
    static let undeclaredEntity = 26

    /// What libxml2's error number (`xmlParserErrors` in libxml2's `xmlerror.h`, which
    /// `XMLParser` passes on as the error's code) means, in a few words; the common ones by
    /// name, the others by number.
    static func describe(_ code: Int) -> String {
        guard let words = libxml2Errors[code] else { return "malformed XML (libxml2 error \(code))" }
        return words
    }

    /// libxml2's warnings (`XML_WAR_*`): reported through the same channel, but the document
    /// is still well-formed (a relative namespace URI, an unknown version…).
    static let libxml2Warnings: Set<Int> = [27, 93, 97, 98, 99, 100, 102, 106, 107]

    /// Sentences for libxml2's errors (`xmlParserErrors`), by number. Those a sitemap can
    /// meet are here; the DTD's declarations never reach the parser (``XMLParserGuard``).
    static let libxml2Errors: [Int: String] = [
        1: "libxml2 failed inside (an internal error)",
        2: "libxml2 ran out of memory",
        3: "no XML element starts the file",
        4: "no root element where the document should start (`<` must open <urlset> or <sitemapindex>)",
        5: "the document ends before its elements are closed, or goes on after its root element",
        6: "an invalid hexadecimal character reference",
        7: "an invalid decimal character reference",
        8: "an invalid character reference",
        9: "a character XML does not allow",
        10: "a character reference cut off by the end of the file",
        11: "a character reference before the root element",
        12: "a character reference after the root element",
        14: "an entity reference cut off by the end of the file",
        15: "an entity reference before the root element",
        16: "an entity reference after the root element",
        22: "`&` not followed by an entity name (write & as &amp;)",
        23: "an entity reference without its `;` (write & as &amp;)",
        26: "an undeclared entity (XML knows only &amp; &lt; &gt; &quot; &apos;)",
        28: "an entity that is not text (unparsed) is used",
        29: "an external entity is used (aasa-check never loads one)",
        31: "an unknown encoding",
        32: "an unsupported encoding",
        33: "a quoted value does not start with a quote",
        34: "a quoted value is not closed",
        35: "a malformed namespace declaration (xmlns)",
        36: "an entity value does not start with a quote",
        37: "an entity value is not closed",
        38: "`<` inside an attribute value",
        39: "an attribute value without quotes",
        40: "an attribute value not closed",
        41: "an attribute without a value",
        42: "an attribute given twice in one element",
        43: "a quoted value does not start with a quote",
        44: "a quoted value is not closed",
        45: "a comment not closed",
        46: "a processing instruction (<?…?>) without a name",
        47: "a processing instruction (<?…?>) not closed",
        56: "the XML declaration (<?xml …?>) is malformed",
        57: "the XML declaration is not closed",
        61: "the DOCTYPE is not closed",
        62: "`]]>` in text (write > as &gt;)",
        63: "a CDATA section not closed",
        64: "an XML declaration (<?xml …?>) that is not at the very start of the file: it must be the file's first bytes, with nothing before it (not even white space or an empty line), and appear once",
        65: "white space is missing",
        68: "a name is missing (write < as &lt; in text)",
        72: "`<` is missing",
        73: "`>` is missing",
        74: "an element is not closed",
        75: "`=` is missing after an attribute's name",
        76: "an end tag does not match its start tag",
        77: "a tag is not closed",
        78: "the XML declaration's standalone is neither 'yes' nor 'no'",
        79: "the XML declaration's encoding name is malformed",
        80: "`--` inside a comment",
        81: "the bytes are not in the declared encoding (sitemaps are UTF-8)",
        84: "a value is missing",
        85: "the elements are not balanced",
        86: "there is content after the root element ends",
        87: "an entity's value holds a character XML does not allow",
        89: "an entity refers to itself or expands without bound (refused)",
        90: "an entity crosses an element's boundary",
        96: "the XML declaration has no version (<?xml version=\"1.0\"?>)",
        101: "the XML declaration has no encoding where one is needed",
        108: "the XML declaration names an XML version libxml2 does not read",
        109: "the XML declaration's version does not match",
        110: "a name longer than libxml2 reads",
        201: "a namespace prefix is used without its declaration (xmlns:prefix=\"…\" on the root element)",
        202: "a malformed qualified name (prefix:name)",
        203: "an attribute given twice in one element (with its namespace)",
        204: "an empty namespace name",
        205: "a name with more than one `:`",
    ]

    /// What to do about some of libxml2's errors, when more than well-formed XML is to say.
    static let libxml2Hints: [Int: String] = [
        64: "Remove what comes before <?xml …?> (white space, empty lines, text): the XML declaration must be the file's first bytes; a file joined from two sitemaps has two, and needs one.",
        201: "Declare each prefix the sitemap uses on <urlset>, such as xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\".",
    ]

    private final class Delegate: NSObject, XMLParserDelegate {
        let onLoc: (SitemapKind, String, Int) -> Bool
        var outcome = Outcome()
        var depth = 0
        var sawRoot = false
        var ended = false
        /// libxml2's number for the error kept in ``outcome``.
        var errorCode: Int?
        /// Inside an entry (depth 2 under a known root).
        var inEntry = false
        var entryHasLoc = false
        /// What the `loc` being collected is: the entry's, one after it, or one outside an entry.
        enum LocRole { case entry, extra, stray }
        /// Collecting the text of a `loc` (``locRole`` says which).
        var inLoc = false
        var locRole = LocRole.entry
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
                } else if outcome.kind != nil, name == "loc" {
                    startLoc(.stray, parser)
                }
            case 3:
                if inEntry, Self.local(elementName) == "loc" {
                    startLoc(entryHasLoc ? .extra : .entry, parser)
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

        func startLoc(_ role: LocRole, _ parser: XMLParser) {
            inLoc = true
            locRole = role
            text = ""
            locLine = parser.lineNumber
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            if inLoc, depth == (locRole == .stray ? 2 : 3) {
                inLoc = false
                switch locRole {
                case .entry:
                    entryHasLoc = true
                    if let kind = outcome.kind, !onLoc(kind, Self.trimmed(text), locLine) {
                        outcome.stopped = true
                        parser.abortParsing()
                    }
                case .extra:
                    outcome.extraLocs += 1
                    if outcome.extraLocFirst == nil { outcome.extraLocFirst = (Self.trimmed(text), locLine) }
                case .stray:
                    outcome.strayLocs += 1
                    if outcome.strayLocFirst == nil { outcome.strayLocFirst = (Self.trimmed(text), locLine) }
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
            errorCode = (parseError as NSError).code
            outcome.error = (SitemapXML.describe((parseError as NSError).code), parser.lineNumber, parser.columnNumber)
            parser.abortParsing()
        }
    }
}
