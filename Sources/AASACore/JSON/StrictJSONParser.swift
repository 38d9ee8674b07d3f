/// The outcome of parsing one document with ``StrictJSONParser``.
public struct JSONParseResult: Sendable {
    /// The root value, or `nil` when a fatal syntax error stopped the parse.
    public var root: JSONNode?
    /// Syntax findings (AASA201–AASA205), each with its line and column, in source order.
    public var diagnostics: [Diagnostic]
    /// Maps byte offsets of this source to lines and columns.
    public var sourceMap: SourceMap
}

/// A strict RFC 8259 JSON reader written for diagnostics.
///
/// - Every value keeps its byte offset; every finding has a line and column.
/// - Reports separately (spec `diagnostics.md`, 2xx): a UTF-8 byte order mark (AASA202);
///   trailing commas, comments, single quotes, unquoted keys and `NaN`/`Infinity` (AASA203);
///   duplicate keys (AASA204, warning; the last one wins); invalid UTF-8 (AASA205). Anything
///   else that is not JSON is AASA201 with what was expected and what was found.
/// - The lenient constructs of AASA202/AASA203 are reported and then read the way lenient
///   parsers read them, so the rest of the document can still be checked; any other syntax
///   error is fatal and leaves ``JSONParseResult/root`` `nil`.
/// - Nesting deeper than ``maxDepth`` is a fatal AASA201, so no input can exhaust the stack.
///   Time and memory are linear in the input size.
///
/// Positions follow Python's `json` module: the place where the expected token was missing
/// (for a trailing comma, the closing bracket after it).
public struct StrictJSONParser: Sendable {
    /// Deepest nesting of arrays and objects accepted.
    public var maxDepth: Int

    public init(maxDepth: Int = 256) {
        self.maxDepth = maxDepth
    }

    /// Parses `bytes` as one JSON text.
    public func parse(_ bytes: [UInt8]) -> JSONParseResult {
        let map = SourceMap(bytes: bytes)
        var reader = Reader(bytes: bytes, map: map, maxDepth: maxDepth)
        let root = reader.run()
        return JSONParseResult(root: root, diagnostics: reader.finishDiagnostics(), sourceMap: map)
    }

    /// Parses UTF-8 text.
    public func parse(_ text: String) -> JSONParseResult { parse(Array(text.utf8)) }
}

/// What is wrong with the invalid UTF-8 sequence at `offset` (``firstInvalidUTF8Offset(_:)``),
/// naming only its own bytes: a byte UTF-8 never uses, a continuation byte without a lead, a
/// lead byte whose sequence breaks (the byte that breaks it) or ends with the input, or an
/// overlong, surrogate or beyond-U+10FFFF form (RFC 3629 §3). A lead byte of A0–FF followed
/// by a byte that is not a continuation is most often Latin-1 or Windows-1252 text: the
/// character it is there is named.
func utf8Defect(_ bytes: [UInt8], at offset: Int) -> String {
    func hex(_ b: UInt8) -> String { Hex.format(b, width: 2) }
    let lead = bytes[offset]
    let need: Int
    switch lead {
    case 0x80...0xBF: return "the byte \(hex(lead)) continues a sequence, but no lead byte starts one before it"
    case 0xC2...0xDF: need = 1
    case 0xE0...0xEF: need = 2
    case 0xF0...0xF4: need = 3
    default: return "the byte \(hex(lead)) never occurs in UTF-8"
    }
    let length = need + 1
    var k = 1
    while k <= need, offset + k < bytes.count, bytes[offset + k] & 0xC0 == 0x80 { k += 1 }
    // The sequence's bytes, with the one that breaks it.
    let seen = Hex.bytes(bytes[offset..<min(bytes.count, offset + min(k + 1, length))])
    if k <= need {
        guard offset + k < bytes.count else {
            return "the input ends inside the \(length)-byte sequence \(seen)"
        }
        var text = "\(hex(lead)) starts a \(length)-byte sequence, but its byte \(k + 1), \(hex(bytes[offset + k])), is not a continuation byte (\(seen))"
        if k == 1, lead >= 0xA0, let scalar = Unicode.Scalar(UInt32(lead)) {
            text += "; in Latin-1 or Windows-1252, \(hex(lead)) is \"\(Character(scalar))\""
        }
        return text
    }
    let second = bytes[offset + 1]
    switch (lead, second) {
    case (0xE0, ..<0xA0), (0xF0, ..<0x90): return "\(seen) is an overlong form (a shorter sequence spells that character)"
    case (0xED, 0xA0...): return "\(seen) spells a UTF-16 surrogate, which UTF-8 does not encode"
    default: return "\(seen) is beyond U+10FFFF, the last Unicode character"
    }
}

/// Validates UTF-8 as RFC 3629 defines it (no overlongs, no surrogates, nothing past U+10FFFF).
/// - Returns: the offset of the first byte of the first invalid sequence, or `nil`.
public func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var i = 0
    let n = bytes.count
    while i < n {
        let b = bytes[i]
        if b < 0x80 { i += 1; continue }
        var need = 0
        var lo: UInt8 = 0x80
        var hi: UInt8 = 0xBF
        switch b {
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: need = 2
        case 0xED: need = 2; hi = 0x9F
        case 0xF0: need = 3; lo = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; hi = 0x8F
        default: return i
        }
        guard i + need < n else { return i }
        let second = bytes[i + 1]
        if second < lo || second > hi { return i }
        if need >= 2 {
            for k in 2...need where bytes[i + k] & 0xC0 != 0x80 { return i }
        }
        i += need + 1
    }
    return nil
}

private struct FatalSyntaxError: Error {}

private struct Reader {
    let bytes: [UInt8]
    let map: SourceMap
    let maxDepth: Int
    var pos = 0
    var depth = 0
    var diagnostics: [Diagnostic] = []

    init(bytes: [UInt8], map: SourceMap, maxDepth: Int) {
        self.bytes = bytes
        self.map = map
        self.maxDepth = maxDepth
    }

    // MARK: Driver

    mutating func run() -> JSONNode? {
        if let bad = firstInvalidUTF8Offset(bytes) {
            report(.aasa205, at: bad,
                   "the bytes are not valid UTF-8: " + utf8Defect(bytes, at: bad),
                   hint: "Save the file as UTF-8 (without a byte order mark).")
            return nil
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            report(.aasa202, at: 0, "a UTF-8 byte order mark (EF BB BF) precedes the JSON",
                   hint: "Save the file as UTF-8 without BOM; Apple's CDN rejects it.")
            pos = 3
        }
        do {
            try skipSpace()
            guard pos < bytes.count else {
                report(.aasa201, at: pos, "expected a JSON value, found end of input")
                return nil
            }
            let root = try parseValue()
            try skipSpace()
            if pos < bytes.count {
                try fatal(at: pos, "expected end of input after the JSON value, found \(describe(at: pos))",
                          hint: "Only one JSON object may be in the file.")
            }
            return root
        } catch {
            return nil
        }
    }

    /// Findings in source order, with long runs of the same code folded into one line.
    func finishDiagnostics() -> [Diagnostic] {
        let limit = 20
        var perCode: [DiagnosticCode: Int] = [:]
        var kept: [Diagnostic] = []
        var dropped: [DiagnosticCode: (count: Int, severity: Severity)] = [:]
        for d in diagnostics.sorted(by: { ($0.location?.offset ?? 0) < ($1.location?.offset ?? 0) }) {
            perCode[d.code, default: 0] += 1
            if perCode[d.code]! <= limit {
                kept.append(d)
            } else {
                dropped[d.code, default: (0, d.severity)].count += 1
            }
        }
        for (code, info) in dropped.sorted(by: { $0.key < $1.key }) {
            kept.append(Diagnostic(code: code, severity: info.severity,
                                   message: "\(info.count) more findings of this kind are not listed"))
        }
        return kept
    }

    // MARK: Reporting

    mutating func report(_ code: DiagnosticCode, at offset: Int, _ message: String, hint: String? = nil) {
        diagnostics.append(Diagnostic(code: code, message: message, hint: hint,
                                      location: map.location(of: offset)))
    }

    mutating func fatal(at offset: Int, _ message: String, hint: String? = nil) throws -> Never {
        report(.aasa201, at: offset, message, hint: hint)
        throw FatalSyntaxError()
    }

    /// The scalar at `offset` (input is valid UTF-8 here) and its length in bytes.
    func scalar(at offset: Int) -> (Unicode.Scalar, Int)? {
        guard offset < bytes.count else { return nil }
        var it = bytes[offset...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let s) = decoder.decode(&it) {
            return (s, String(s).utf8.count)
        }
        return nil
    }

    /// How a message names what stands at `offset`.
    func describe(at offset: Int) -> String {
        guard let (s, _) = scalar(at: offset) else { return "end of input" }
        return Reader.describe(s)
    }

    static func describe(_ s: Unicode.Scalar) -> String {
        if s.value >= 0x21 && s.value < 0x7F { return "'\(Character(s))'" }
        let code = "U+" + Hex.format(s.value, width: 4)
        let name = s.properties.name ?? s.properties.nameAlias
        if let name { return "\(code) \(name)" + (s.properties.isWhitespace || s.value < 0x20 ? "" : " (\(Character(s)))") }
        return code
    }

    // MARK: Whitespace and comments

    mutating func skipSpace() throws {
        while pos < bytes.count {
            let b = bytes[pos]
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D:
                pos += 1
            case UInt8(ascii: "/") where pos + 1 < bytes.count && bytes[pos + 1] == UInt8(ascii: "/"):
                report(.aasa203, at: pos, "a comment ('//') is not allowed in JSON",
                       hint: "Remove the comment; JSON has no comments.")
                while pos < bytes.count && bytes[pos] != 0x0A { pos += 1 }
            case UInt8(ascii: "/") where pos + 1 < bytes.count && bytes[pos + 1] == UInt8(ascii: "*"):
                let start = pos
                report(.aasa203, at: pos, "a comment ('/* … */') is not allowed in JSON",
                       hint: "Remove the comment; JSON has no comments.")
                pos += 2
                while pos + 1 < bytes.count && !(bytes[pos] == UInt8(ascii: "*") && bytes[pos + 1] == UInt8(ascii: "/")) {
                    pos += 1
                }
                guard pos + 1 < bytes.count else { try fatal(at: start, "the comment starting here is never closed with '*/'") }
                pos += 2
            case 0xC2...0xF4:
                guard let (s, len) = scalar(at: pos), s.properties.isWhitespace || s.value == 0xFEFF || s.value == 0x200B
                else { return }
                // One finding for a run of such characters.
                let runStart = pos
                pos += len
                while let (next, nextLen) = scalar(at: pos), next.properties.isWhitespace, next.value > 0x7F {
                    pos += nextLen
                }
                report(.aasa201, at: runStart,
                       "\(Reader.describe(s)) is not JSON white space (only space, tab, CR and LF are)",
                       hint: "Replace it with ordinary spaces.")
            default:
                return
            }
        }
    }

    // MARK: Values

    mutating func parseValue() throws -> JSONNode {
        let start = pos
        guard pos < bytes.count else { try fatal(at: pos, "expected a value, found end of input") }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString(quote: 0x22)), offset: start)
        case UInt8(ascii: "'"):
            report(.aasa203, at: pos, "a single-quoted string is not JSON",
                   hint: "Use double quotes (\") around strings.")
            return JSONNode(.string(try parseString(quote: 0x27)), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if bytes[pos] == UInt8(ascii: "-"), matches("-Infinity") {
                report(.aasa203, at: pos, "-Infinity is not a JSON number")
                pos += 9
                return JSONNode(.number(-.infinity, raw: "-Infinity"), offset: start)
            }
            return try parseNumber()
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "N") where matches("NaN"):
            report(.aasa203, at: pos, "NaN is not a JSON number")
            pos += 3
            return JSONNode(.number(.nan, raw: "NaN"), offset: start)
        case UInt8(ascii: "I") where matches("Infinity"):
            report(.aasa203, at: pos, "Infinity is not a JSON number")
            pos += 8
            return JSONNode(.number(.infinity, raw: "Infinity"), offset: start)
        default:
            try fatal(at: pos, "expected a value, found \(describe(at: pos))",
                      hint: typographicHint(at: pos))
        }
    }

    func matches(_ word: String) -> Bool {
        let w = Array(word.utf8)
        return pos + w.count <= bytes.count && Array(bytes[pos..<pos + w.count]) == w
    }

    func typographicHint(at offset: Int) -> String? {
        guard let (s, _) = scalar(at: offset) else { return nil }
        switch s.value {
        case 0x201C, 0x201D, 0x2018, 0x2019, 0x00AB, 0x00BB:
            return "Typographic quotes are not JSON quotes: use the straight double quote (\")."
        default:
            return nil
        }
    }

    mutating func literal(_ word: String, _ value: JSONValue) throws -> JSONNode {
        let start = pos
        guard matches(word) else {
            try fatal(at: pos, "expected a value, found \(describe(at: pos))")
        }
        pos += word.utf8.count
        return JSONNode(value, offset: start)
    }

    mutating func enter(at offset: Int) throws {
        depth += 1
        if depth > maxDepth {
            try fatal(at: offset, "arrays and objects are nested deeper than \(maxDepth) levels")
        }
    }

    mutating func parseObject() throws -> JSONNode {
        let start = pos
        try enter(at: start)
        defer { depth -= 1 }
        pos += 1
        var members: [JSONMember] = []
        var seen: [String: Int] = [:]
        var afterComma = false
        while true {
            try skipSpace()
            guard pos < bytes.count else {
                try fatal(at: pos, "expected a key in double quotes or '}', found end of input",
                          hint: "The object opened at \(map.location(of: start)) is never closed.")
            }
            if bytes[pos] == UInt8(ascii: "}") {
                if afterComma {
                    report(.aasa203, at: pos, "a trailing comma before '}' is not allowed in JSON",
                           hint: "Remove the comma after the last member.")
                }
                pos += 1
                return JSONNode(.object(members), offset: start)
            }
            let keyOffset = pos
            let key: String
            switch bytes[pos] {
            case UInt8(ascii: "\""):
                key = try parseString(quote: 0x22)
            case UInt8(ascii: "'"):
                report(.aasa203, at: pos, "a single-quoted key is not JSON", hint: "Use double quotes (\") around keys.")
                key = try parseString(quote: 0x27)
            case let b where isIdentifierStart(b):
                var end = pos
                while end < bytes.count && isIdentifierPart(bytes[end]) { end += 1 }
                key = String(decoding: bytes[pos..<end], as: UTF8.self)
                report(.aasa203, at: pos, "the key \(key) is not quoted",
                       hint: "Write it as \"\(key)\".")
                pos = end
            default:
                try fatal(at: pos, "expected a key in double quotes, found \(describe(at: pos))",
                          hint: typographicHint(at: pos))
            }
            try skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else {
                try fatal(at: pos, "expected ':' after the key \"\(key)\", found \(describe(at: pos))")
            }
            pos += 1
            try skipSpace()
            let value = try parseValue()
            if let first = seen[key] {
                report(.aasa204, at: keyOffset,
                       "the key \"\(key)\" appears twice in this object (first at \(map.location(of: first))); the last one wins",
                       hint: "Keep one of them.")
            } else {
                seen[key] = keyOffset
            }
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
            try skipSpace()
            guard pos < bytes.count else {
                try fatal(at: pos, "expected ',' or '}' after the value of \"\(key)\", found end of input",
                          hint: "The object opened at \(map.location(of: start)) is never closed.")
            }
            switch bytes[pos] {
            case UInt8(ascii: ","):
                pos += 1
                afterComma = true
            case UInt8(ascii: "}"):
                pos += 1
                return JSONNode(.object(members), offset: start)
            default:
                try fatal(at: pos, "expected ',' or '}' after the value of \"\(key)\", found \(describe(at: pos))",
                          hint: bytes[pos] == UInt8(ascii: "]")
                            ? "A ']' cannot close the object opened at \(map.location(of: start))."
                            : "Is a comma missing?")
            }
        }
    }

    mutating func parseArray() throws -> JSONNode {
        let start = pos
        try enter(at: start)
        defer { depth -= 1 }
        pos += 1
        var elements: [JSONNode] = []
        var afterComma = false
        while true {
            try skipSpace()
            guard pos < bytes.count else {
                try fatal(at: pos, "expected a value or ']', found end of input",
                          hint: "The array opened at \(map.location(of: start)) is never closed.")
            }
            if bytes[pos] == UInt8(ascii: "]") {
                if afterComma {
                    report(.aasa203, at: pos, "a trailing comma before ']' is not allowed in JSON",
                           hint: "Remove the comma after the last element.")
                }
                pos += 1
                return JSONNode(.array(elements), offset: start)
            }
            elements.append(try parseValue())
            try skipSpace()
            guard pos < bytes.count else {
                try fatal(at: pos, "expected ',' or ']' after an array element, found end of input",
                          hint: "The array opened at \(map.location(of: start)) is never closed.")
            }
            switch bytes[pos] {
            case UInt8(ascii: ","):
                pos += 1
                afterComma = true
            case UInt8(ascii: "]"):
                pos += 1
                return JSONNode(.array(elements), offset: start)
            default:
                try fatal(at: pos, "expected ',' or ']' after an array element, found \(describe(at: pos))",
                          hint: bytes[pos] == UInt8(ascii: "}")
                            ? "A '}' cannot close the array opened at \(map.location(of: start))."
                            : "Is a comma missing?")
            }
        }
    }

    func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$")
    }

    func isIdentifierPart(_ b: UInt8) -> Bool {
        isIdentifierStart(b) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    // MARK: Strings

    /// Reads a string whose opening quote (`"` or, leniently, `'`) is at `pos`.
    mutating func parseString(quote: UInt8) throws -> String {
        let start = pos
        pos += 1
        var out: [UInt8] = []
        var runStart = pos
        while true {
            guard pos < bytes.count else {
                try fatal(at: start, "the string starting here is never closed")
            }
            let b = bytes[pos]
            if b == quote {
                out.append(contentsOf: bytes[runStart..<pos])
                pos += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 {
                let closer = String(decoding: bytes[runStart..<pos], as: UTF8.self).unicodeScalars
                    .contains { [0x201C, 0x201D, 0x2018, 0x2019].contains($0.value) }
                try fatal(at: pos,
                          "a raw control character (\(Reader.describe(Unicode.Scalar(b)))) is not allowed inside a string",
                          hint: closer
                            ? "The string seems to be closed with a typographic quote; use the straight double quote (\")."
                            : "Is the closing quote missing? Write control characters as escapes such as \\n.")
            }
            if b == UInt8(ascii: "\\") {
                out.append(contentsOf: bytes[runStart..<pos])
                try parseEscape(into: &out)
                runStart = pos
                continue
            }
            pos += 1
        }
    }

    mutating func parseEscape(into out: inout [UInt8]) throws {
        let escStart = pos
        pos += 1
        guard pos < bytes.count else { try fatal(at: escStart, "the string ends inside an escape") }
        let c = bytes[pos]
        pos += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "'"):
            report(.aasa203, at: escStart, "the escape \\' is not JSON", hint: "Write ' without a backslash.")
            out.append(0x27)
        case UInt8(ascii: "u"):
            let high = try hex4(at: escStart)
            var value = high
            if (0xD800...0xDBFF).contains(high) {
                if pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") {
                    let lowStart = pos
                    pos += 2
                    let low = try hex4(at: lowStart)
                    if (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        report(.aasa201, at: escStart, "the escape \\u\(hexString(high)) is a lone surrogate")
                        value = 0xFFFD
                        pos = lowStart
                    }
                } else {
                    report(.aasa201, at: escStart, "the escape \\u\(hexString(high)) is a lone surrogate")
                    value = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(high) {
                report(.aasa201, at: escStart, "the escape \\u\(hexString(high)) is a lone surrogate")
                value = 0xFFFD
            }
            out.append(contentsOf: String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8)
        default:
            try fatal(at: escStart, "\\\(describe(at: pos - 1)) is not a JSON escape",
                      hint: "Valid escapes: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX.")
        }
    }

    func hexString(_ v: UInt32) -> String { Hex.format(v, width: 4) }

    /// Reads the 4 hex digits after `\u` (pos is just past the `u`).
    mutating func hex4(at escStart: Int) throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard pos < bytes.count, let d = hexDigit(bytes[pos]) else {
                try fatal(at: escStart, "\\u must be followed by four hex digits")
            }
            v = v * 16 + d
            pos += 1
        }
        return v
    }

    func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x41...0x46: return UInt32(b - 0x41 + 10)
        case 0x61...0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }

    // MARK: Numbers

    mutating func parseNumber() throws -> JSONNode {
        let start = pos
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        guard isDigit(pos) else { try fatal(at: pos, "expected a digit after '-', found \(describe(at: pos))") }
        if bytes[pos] == UInt8(ascii: "0") {
            pos += 1
            if isDigit(pos) { try fatal(at: start, "a JSON number cannot have leading zeros") }
        } else {
            while isDigit(pos) { pos += 1 }
        }
        if pos < bytes.count && bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            guard isDigit(pos) else { try fatal(at: pos, "expected a digit after '.', found \(describe(at: pos))") }
            while isDigit(pos) { pos += 1 }
        }
        if pos < bytes.count && (bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E")) {
            pos += 1
            if pos < bytes.count && (bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-")) { pos += 1 }
            guard isDigit(pos) else { try fatal(at: pos, "expected a digit in the exponent, found \(describe(at: pos))") }
            while isDigit(pos) { pos += 1 }
        }
        let raw = String(decoding: bytes[start..<pos], as: UTF8.self)
        return JSONNode(.number(Double(raw) ?? .nan, raw: raw), offset: start)
    }
}
