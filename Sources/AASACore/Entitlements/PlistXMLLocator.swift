/// Finds where values sit in the text of an XML property list, for line and column numbers.
///
/// Foundation's parser gives values but no positions, so this scans the same UTF-8 text: it
/// follows elements, comments, processing instructions, the DOCTYPE and CDATA sections, keeps
/// the dictionary keys on the way, and records the byte offsets of the `<` of each direct
/// child of one array. It is only used for positions: it never decides what the file means,
/// and it gives up (returns `nil`) on text it does not follow, leaving the findings without a
/// line. Time is linear in the input size; memory is the nesting depth.
enum PlistXMLLocator {
    /// Byte offsets of the children of the array found under `keyPath`, dictionary keys from
    /// the root dictionary (`["com.apple.developer.associated-domains"]`, or
    /// `["Entitlements", "…"]` in a decoded profile).
    /// - Returns: the offsets in document order; `[]` for an empty array; `nil` when the
    ///   key is absent, its value is not an array, or the text could not be followed.
    static func arrayElementOffsets(in bytes: [UInt8], keyPath: [String]) -> [Int]? {
        var scanner = Scanner(bytes: bytes, keyPath: keyPath)
        return scanner.run()
    }

    private struct Frame {
        var name: [UInt8]
        /// How many components of the key path lead here, or -1 when off the path.
        var matched: Int
        /// The text of the last `<key>` of a dictionary, waiting for its value.
        var pendingKey: String?
        var isTarget: Bool
    }

    private struct Scanner {
        let bytes: [UInt8]
        let keyPath: [String]
        var stack: [Frame] = []
        var found: [Int]?
        var current: [Int] = []
        var keyText: [UInt8] = []
        var inKey = false

        init(bytes: [UInt8], keyPath: [String]) {
            self.bytes = bytes
            self.keyPath = keyPath
        }

        mutating func run() -> [Int]? {
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b != UInt8(ascii: "<") {
                    if inKey { keyText.append(b) }
                    i += 1
                    continue
                }
                if starts(with: "<!--", at: i) {
                    guard let end = find("-->", from: i + 4) else { return nil }
                    i = end + 3
                } else if starts(with: "<![CDATA[", at: i) {
                    guard let end = find("]]>", from: i + 9) else { return nil }
                    if inKey { keyText.append(contentsOf: bytes[(i + 9)..<end]) }
                    i = end + 3
                } else if starts(with: "<?", at: i) {
                    guard let end = find("?>", from: i + 2) else { return nil }
                    i = end + 2
                } else if starts(with: "<!", at: i) {
                    guard let end = skipDeclaration(from: i + 2) else { return nil }
                    i = end
                } else if starts(with: "</", at: i) {
                    guard let close = find(">", from: i + 2) else { return nil }
                    let name = trimmedName(bytes[(i + 2)..<close])
                    guard let top = stack.last, top.name == name else { return nil }
                    endElement()
                    i = close + 1
                } else {
                    guard let (close, selfClosing) = tagEnd(from: i + 1) else { return nil }
                    var j = i + 1
                    while j < close, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: "/") { j += 1 }
                    let name = Array(bytes[(i + 1)..<j])
                    guard !name.isEmpty else { return nil }
                    startElement(name, at: i)
                    if selfClosing { endElement() }
                    i = close + 1
                }
            }
            return found
        }

        mutating func startElement(_ name: [UInt8], at offset: Int) {
            var matched = -1
            var isTarget = false
            if let parentIndex = stack.indices.last {
                let parent = stack[parentIndex]
                if parent.isTarget { current.append(offset) }
                if parent.name == Array("plist".utf8) {
                    matched = parent.matched
                } else if parent.name == Array("dict".utf8), name != Array("key".utf8) {
                    if parent.matched >= 0, parent.matched < keyPath.count,
                       parent.pendingKey == keyPath[parent.matched] {
                        matched = parent.matched + 1
                    }
                    stack[parentIndex].pendingKey = nil
                }
            } else if name == Array("plist".utf8) {
                matched = 0
            }
            if matched == keyPath.count, name == Array("array".utf8) {
                isTarget = true
                current = []
                matched = -1
            }
            if name == Array("key".utf8) {
                inKey = true
                keyText = []
            }
            stack.append(Frame(name: name, matched: matched, pendingKey: nil, isTarget: isTarget))
        }

        mutating func endElement() {
            guard let frame = stack.popLast() else { return }
            if frame.isTarget { found = current }
            if frame.name == Array("key".utf8) {
                inKey = false
                if let parentIndex = stack.indices.last {
                    stack[parentIndex].pendingKey = decodeEntities(keyText)
                }
            }
        }

        func starts(with s: StaticString, at i: Int) -> Bool {
            let count = s.utf8CodeUnitCount
            guard i + count <= bytes.count else { return false }
            return s.withUTF8Buffer { buffer in
                for k in 0..<count where bytes[i + k] != buffer[k] { return false }
                return true
            }
        }

        func find(_ s: StaticString, from start: Int) -> Int? {
            var i = start
            while i < bytes.count {
                if starts(with: s, at: i) { return i }
                i += 1
            }
            return nil
        }

        /// The end of `<!DOCTYPE …>`, with its internal subset in brackets.
        func skipDeclaration(from start: Int) -> Int? {
            var i = start
            var bracket = 0
            var quote: UInt8? = nil
            while i < bytes.count {
                let b = bytes[i]
                if let q = quote {
                    if b == q { quote = nil }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: "[") {
                    bracket += 1
                } else if b == UInt8(ascii: "]") {
                    bracket -= 1
                } else if b == UInt8(ascii: ">"), bracket <= 0 {
                    return i + 1
                }
                i += 1
            }
            return nil
        }

        /// The `>` closing a start tag (quoted attribute values skipped) and whether it is `/>`.
        func tagEnd(from start: Int) -> (Int, Bool)? {
            var i = start
            var quote: UInt8? = nil
            while i < bytes.count {
                let b = bytes[i]
                if let q = quote {
                    if b == q { quote = nil }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: ">") {
                    return (i, i > start && bytes[i - 1] == UInt8(ascii: "/"))
                }
                i += 1
            }
            return nil
        }

        func trimmedName(_ slice: ArraySlice<UInt8>) -> [UInt8] {
            Array(slice.filter { !isSpace($0) })
        }

        func isSpace(_ b: UInt8) -> Bool {
            b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
        }
    }

    /// Decodes the five predefined XML entities and numeric character references.
    static func decodeEntities(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: amp)..<semi]
            switch name {
            case "lt": out += "<"
            case "gt": out += ">"
            case "amp": out += "&"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                var scalar: Unicode.Scalar?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if name.hasPrefix("#") {
                    scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                }
                if let scalar { out.unicodeScalars.append(scalar) } else { out += rest[amp...semi] }
            }
            rest = rest[rest.index(after: semi)...]
        }
        out += rest
        return out
    }
}
