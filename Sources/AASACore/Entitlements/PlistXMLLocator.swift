import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Finds where values sit in the text of an XML property list, for line and column numbers.
///
/// `PropertyListSerialization` gives values but no positions, so FoundationXML's `XMLParser`
/// reads the same text again: it follows the dictionaries down a key path and reports where
/// each direct child of the array found there starts. It is only used for positions: it never
/// decides what the file means, and it gives up (returns `nil`) whenever the parser reports an
/// error or a position cannot be confirmed in the text, leaving the findings without a line.
/// No I/O: external entities and DTDs are never loaded.
///
/// What `XMLParser` reports on Linux (measured with Swift 6.3.1, whose FoundationXML is
/// libxml2 with the options recover and substitute entities), and how it is calibrated:
/// - in `didStartElement`, `lineNumber` and `columnNumber` are 1-based and point at the `>`
///   that ends the start tag, or at the `/` of `/>`; a start tag written across lines is
///   reported on the line of its `>`. The `<` is found from there in the bytes;
/// - lines are counted at `\n` only, so CRLF files keep their line numbers and a lone `\r`
///   counts as a column, the same as ``SourceMap``; a tab is one column; a UTF-8 byte order
///   mark is not counted;
/// - columns count Unicode scalars in text, comments, processing instructions, attribute
///   values, names and the DOCTYPE, but **bytes** inside a CDATA section: a start tag after
///   non-ASCII CDATA on the same line would be reported too far right, so the lines such a
///   section touches give no positions at all;
/// - an element coming from an internal entity is reported at the text after the entity
///   reference, so each position is confirmed: the start tag found in the bytes must carry
///   the reported name and end exactly where the parser said;
/// - with recovery on, `parse()` can return `true` after an error (text after the root,
///   truncation): the result counts only when `parserError` is `nil` too.
///
/// Time and memory are linear in the input size (`XMLParser` streams; the delegate keeps the
/// nesting path and the children of the array).
enum PlistXMLLocator {
    /// What one read of the text finds.
    struct Outline {
        /// Byte offsets of the `<` of the children of the array under the key path, in
        /// document order (the last such array when the key repeats); `nil` when the key is
        /// absent, its value is not an array, or a position could not be confirmed.
        var arrayElementOffsets: [Int]?
        /// Keys given more than once in one dictionary, anywhere in the document, in document
        /// order of the repeated key. Foundation's XML reader keeps the last value, so each
        /// record's dropped value is the one before.
        var duplicateKeys: [PlistDuplicateKey]
    }

    /// Byte offsets of the `<` of the children of the array found under `keyPath`,
    /// dictionary keys from the root dictionary (`["com.apple.developer.associated-domains"]`,
    /// or `["Entitlements", "…"]` in a decoded profile). The last such array wins when a key
    /// repeats.
    /// - Parameter bytes: the whole property list as UTF-8 text.
    /// - Returns: the offsets in document order; `[]` for an empty array; `nil` when the
    ///   key is absent, its value is not an array, the text is not well-formed XML, or a
    ///   position could not be confirmed.
    static func arrayElementOffsets(in bytes: [UInt8], keyPath: [String]) -> [Int]? {
        outline(in: bytes, keyPath: keyPath)?.arrayElementOffsets
    }

    /// Reads the text once for the positions of the array under `keyPath` and for the keys
    /// that repeat in a dictionary (AASA615).
    /// - Returns: `nil` when the text is not well-formed XML.
    static func outline(in bytes: [UInt8], keyPath: [String]) -> Outline? {
        // XMLParser hands libxml2 the whole text as one chunk whose length is an Int32.
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
        let delegate = Delegate(keyPath: keyPath)
        // What the parser reads: positions are confirmed against it (every byte keeps its offset).
        let text = XMLParserGuard.rewritten(withoutEncodingDeclaration(bytes))
        let parser = XMLParser(data: Data(text))
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.delegate = delegate
        let parsed = parser.parse()
        guard parsed, parser.parserError == nil, !delegate.failed else { return nil }

        var offsets: [Int]?
        if let tags = delegate.found {
            offsets = resolve(tags, in: text)
        }
        // Each repeated key's position; the list is sorted first, as a repeat inside a value
        // is found before the repeat of the key that holds it.
        var duplicates = delegate.duplicates
        let order = duplicates.indices.sorted {
            let a = delegate.duplicateTags[$0], b = delegate.duplicateTags[$1]
            return (a?.line ?? 0, a?.column ?? 0) < (b?.line ?? 0, b?.column ?? 0)
        }
        duplicates = order.map { duplicates[$0] }
        let tags = order.map { delegate.duplicateTags[$0] }
        let placed = tags.compactMap { $0 }
        if !placed.isEmpty, let starts = resolve(placed, in: text) {
            let map = SourceMap(bytes: bytes)
            var next = 0
            for i in duplicates.indices where tags[i] != nil {
                duplicates[i].location = map.location(of: starts[next])
                next += 1
            }
        }
        return Outline(arrayElementOffsets: offsets, duplicateKeys: duplicates)
    }

    /// The text with the `encoding` of its XML declaration blanked out (spaces, so every
    /// position stays), unless it is one of `keeping` (lowercase; UTF-8 by default). The text
    /// is read as UTF-8 whatever it declares, and an encoding libxml2 does not know
    /// (`encoding="U-TF8"`, `EBCDIC-US`) crashes FoundationXML's parser on Linux (a null
    /// encoding handler; found by fuzzing, issue 17). A declaration that is not of the plain
    /// form `<?xml version="…" encoding="…" standalone="…"?>` within its first 512 bytes (a
    /// `?>` inside a value, a value with other characters than letters, digits and `._:-`, no
    /// end) is turned into a processing instruction (`<?x_ `), which libxml2 does not read an
    /// encoding from (the sitemap fuzz target found `<?xml version="1.0" encoding="UTF-7"?0`).
    static func withoutEncodingDeclaration(_ bytes: [UInt8], keeping: Set<String> = ["utf-8"]) -> [UInt8] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        guard bytes[start...].starts(with: Array("<?xml".utf8)) else { return bytes }
        let end = min(bytes.count, start + 512)
        var i = start + 5
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A }
        func spaces() -> Int {
            let from = i
            while i < end, isSpace(bytes[i]) { i += 1 }
            return i - from
        }
        func word(_ w: String) -> Bool {
            let u = Array(w.utf8)
            guard i + u.count <= end, bytes[i..<(i + u.count)].elementsEqual(u) else { return false }
            i += u.count
            return true
        }
        /// ` name = "value"` (or single quotes): the value's range, or `nil` with `i` unmoved.
        func attribute(_ name: String) -> Range<Int>? {
            let from = i
            guard spaces() > 0, word(name) else { i = from; return nil }
            _ = spaces()
            guard i < end, bytes[i] == 0x3D else { i = from; return nil }
            i += 1
            _ = spaces()
            guard i < end, bytes[i] == 0x22 || bytes[i] == 0x27 else { i = from; return nil }
            let quote = bytes[i], valueStart = i + 1
            var j = valueStart
            while j < end, bytes[j] != quote {
                let b = bytes[j]
                guard (0x30...0x3A).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
                        || b == 0x2E || b == 0x5F || b == 0x2D else { i = from; return nil }
                j += 1
            }
            guard j < end else { i = from; return nil }
            i = j + 1
            return valueStart..<j
        }
        // `<?x_ `: the space gives the instruction data, even empty (`<?xml?>`): FoundationXML
        // crashes on an instruction without any (strlen of null).
        var neutral: [UInt8] {
            var out = bytes
            out[start + 3] = UInt8(ascii: "_")
            out[start + 4] = 0x20
            return out
        }
        guard attribute("version") != nil else { return neutral }
        let encodingStart = i
        let encoding = attribute("encoding")
        let encodingEnd = i
        _ = attribute("standalone")
        _ = spaces()
        guard word("?>") else { return neutral }
        guard let encoding, !keeping.contains(String(decoding: bytes[encoding], as: UTF8.self).lowercased()) else { return bytes }
        var out = bytes
        for k in encodingStart..<encodingEnd where !isSpace(out[k]) { out[k] = 0x20 }
        return out
    }

    /// The offsets of the `<` of start tags reported in document order, or `nil` when one
    /// cannot be confirmed in the text.
    private static func resolve(_ tags: [TagEnd], in bytes: [UInt8]) -> [Int]? {
        var cursor = TextCursor(bytes: bytes)
        var offsets: [Int] = []
        offsets.reserveCapacity(tags.count)
        for tag in tags {
            guard let end = cursor.offset(line: tag.line, column: tag.column),
                  let start = startOfTag(named: Array(tag.name.utf8), endingAt: end, in: bytes)
            else { return nil }
            offsets.append(start)
        }
        return offsets
    }

    /// Where `XMLParser` said a start tag ends: its `>`, or the `/` of `/>`.
    private struct TagEnd {
        var name: String
        var line: Int
        var column: Int
    }

    /// The offset of the `<` of the start tag named `name` that ends at `end` (its `>`, or the
    /// `/` of `/>`), or `nil` when the text there is not such a tag.
    private static func startOfTag(named name: [UInt8], endingAt end: Int, in bytes: [UInt8]) -> Int? {
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
        guard end < bytes.count else { return nil }
        let close: Int
        if bytes[end] == gt {
            close = end
        } else if bytes[end] == slash, end + 1 < bytes.count, bytes[end + 1] == gt {
            close = end + 1
        } else {
            return nil
        }
        // `<` cannot occur inside a start tag (not even in attribute values), so the last one
        // before the end is where the tag begins.
        guard let start = bytes[..<end].lastIndex(of: lt) else { return nil }
        let nameEnd = start + 1 + name.count
        guard nameEnd <= end, bytes[(start + 1)..<nameEnd].elementsEqual(name),
              isSpace(bytes[nameEnd]) || bytes[nameEnd] == gt || bytes[nameEnd] == slash
        else { return nil }
        // The tag must end exactly at `close`: no other `>` outside quoted attribute values.
        var quote: UInt8?
        for b in bytes[nameEnd..<close] {
            if let q = quote {
                if b == q { quote = nil }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == gt {
                return nil
            }
        }
        return quote == nil ? start : nil
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
    }

    /// Turns successive (line, column) positions, in document order, into byte offsets:
    /// lines end at `\n`, columns count Unicode scalars (UTF-8 lead bytes), a leading byte
    /// order mark is skipped. Moves forward only, so a whole document costs one pass.
    private struct TextCursor {
        let bytes: [UInt8]
        private var offset: Int
        private var line = 1
        private var column = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
            offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        /// The offset of the byte at `line`, `column` (both 1-based), or `nil` when that is
        /// before the previous position or outside the text.
        mutating func offset(line targetLine: Int, column targetColumn: Int) -> Int? {
            guard targetColumn >= 1, targetLine > line || (targetLine == line && targetColumn >= column)
            else { return nil }
            while line < targetLine {
                guard let lf = bytes[offset...].firstIndex(of: 0x0A) else { return nil }
                offset = lf + 1
                line += 1
                column = 1
            }
            while column < targetColumn {
                guard offset < bytes.count, bytes[offset] != 0x0A else { return nil }
                offset += 1
                while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                column += 1
            }
            return offset < bytes.count ? offset : nil
        }
    }

    /// Follows the parse: the path of open elements and the keys of their dictionaries.
    private final class Delegate: NSObject, XMLParserDelegate {
        /// What a dictionary remembers of the value of each key it has seen.
        struct ValueSeen {
            var typeName: String
            var children: Int
        }

        struct Frame {
            var name: String
            /// How many components of the key path lead here, or -1 when off the path.
            var matched: Int
            /// The text of the last `<key>` of a dictionary, waiting for its value.
            var pendingKey: String?
            /// Where that `<key>` element's start tag ends.
            var pendingKeyTag: TagEnd?
            var isTarget: Bool
            /// The key this element is the value of, when its parent is a dictionary.
            var key: String?
            var keyTag: TagEnd?
            /// JSON pointer tokens from the root dictionary to this element (dictionaries only).
            var path: [String]
            /// Direct child elements (keys not counted).
            var children = 0
            /// A dictionary's keys so far, compared as Foundation compares them (UTF-16 code
            /// units, not Swift's canonical equivalence).
            var seen: [[UInt16]: ValueSeen] = [:]
        }

        let keyPath: [String]
        var stack: [Frame] = []
        /// The children of the last complete target array.
        var found: [TagEnd]?
        var current: [TagEnd] = []
        /// The text of the `<key>` being read, and where its start tag ended.
        var keyText: String?
        var keyTag: TagEnd?
        /// Lines up to here may hold non-ASCII CDATA, where columns count bytes.
        var cdataBytesThroughLine = 0
        var failed = false
        /// Repeated keys, and where each repeated `<key>` ends (`nil` when unsure).
        var duplicates: [PlistDuplicateKey] = []
        var duplicateTags: [TagEnd?] = []

        init(keyPath: [String]) {
            self.keyPath = keyPath
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            var matched = -1
            var isTarget = false
            var key: String?
            var tagOfKey: TagEnd?
            var path: [String] = []
            let line = parser.lineNumber
            let here = line <= cdataBytesThroughLine ? nil : TagEnd(name: name, line: line, column: parser.columnNumber)
            if let parentIndex = stack.indices.last {
                let parent = stack[parentIndex]
                if parent.isTarget {
                    guard let here else { return fail(parser) }
                    current.append(here)
                }
                if name != "key" { stack[parentIndex].children += 1 }
                if parent.name == "plist" {
                    matched = parent.matched
                } else if parent.name == "dict", name != "key" {
                    if parent.matched >= 0, parent.matched < keyPath.count,
                       parent.pendingKey == keyPath[parent.matched] {
                        matched = parent.matched + 1
                    }
                    key = parent.pendingKey
                    tagOfKey = parent.pendingKeyTag
                    if name == "dict" { path = parent.path + [parent.pendingKey ?? ""] }
                    stack[parentIndex].pendingKey = nil
                    stack[parentIndex].pendingKeyTag = nil
                } else if parent.name == "array", name == "dict" {
                    path = parent.path + [String(parent.children)]
                }
            } else if name == "plist" {
                matched = 0
            }
            if matched == keyPath.count, name == "array" {
                isTarget = true
                current = []
                matched = -1
            }
            if name == "key" {
                keyText = ""
                keyTag = here
            }
            stack.append(Frame(
                name: name, matched: matched, pendingKey: nil, isTarget: isTarget, key: key, keyTag: tagOfKey,
                path: path))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let frame = stack.popLast() else { return }
            if frame.isTarget { found = current }
            if frame.name == "key" {
                if let parentIndex = stack.indices.last {
                    stack[parentIndex].pendingKey = keyText
                    stack[parentIndex].pendingKeyTag = keyTag
                }
                keyText = nil
                keyTag = nil
            } else if let key = frame.key, let parentIndex = stack.indices.last, stack[parentIndex].name == "dict" {
                let value = ValueSeen(typeName: Self.typeName(frame.name), children: frame.children)
                let units = Array(key.utf16)
                if let earlier = stack[parentIndex].seen[units] {
                    duplicates.append(PlistDuplicateKey(
                        path: stack[parentIndex].path, key: key, kept: .last, droppedType: earlier.typeName,
                        droppedCount: earlier.typeName == "array" || earlier.typeName == "dict" ? earlier.children : nil))
                    duplicateTags.append(frame.keyTag)
                }
                stack[parentIndex].seen[units] = value
            }
        }

        /// The type as ``PlistValue/typeName`` names it.
        static func typeName(_ element: String) -> String {
            element == "true" || element == "false" ? "boolean" : element
        }

        /// Text with entities and character references already replaced.
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            keyText? += string
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            keyText? += String(decoding: block, as: UTF8.self)
            if block.contains(where: { $0 >= 0x80 }) {
                // Reported at the section's start; it ends at most this many lines further.
                let breaks = block.reduce(0) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
                cdataBytesThroughLine = max(cdataBytesThroughLine, parser.lineNumber + breaks)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { fail(parser) }

        func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) { fail(parser) }

        private func fail(_ parser: XMLParser) {
            failed = true
            parser.abortParsing()
        }
    }
}
