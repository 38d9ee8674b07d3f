import Foundation

/// A JSON value that remembers where it starts in the source bytes.
///
/// Produced by ``StrictJSONParser``. `offset` is the 0-based byte offset of the value's first
/// byte (the opening quote, bracket or digit); a ``SourceMap`` turns it into line and column.
public struct JSONNode: Sendable {
    public var value: JSONValue
    public var offset: Int

    public init(_ value: JSONValue, offset: Int) {
        self.value = value
        self.offset = offset
    }

    /// The member value for `key` in an object (the last one when the key repeats, as lenient
    /// and strict readers alike resolve duplicates), or `nil`.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONNode]? {
        if case .array(let a) = value { return a }
        return nil
    }

    /// The members in source order (duplicates included), when this is an object.
    public var objectMembers: [JSONMember]? {
        if case .object(let m) = value { return m }
        return nil
    }

    /// The boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }

    /// The JSON type's name as messages use it: `object`, `array`, `string`, `number`,
    /// `boolean` or `null`.
    public var typeName: String { value.typeName }
}

/// The JSON data model of RFC 8259, with positions kept in ``JSONNode``.
public indirect enum JSONValue: Sendable {
    /// Members in source order; a duplicated key appears once per occurrence.
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    /// The number's value and its text exactly as written.
    case number(Double, raw: String)
    case bool(Bool)
    case null

    public var typeName: String {
        switch self {
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        }
    }
}

/// One `"key": value` pair of an object, with the key's own byte offset.
public struct JSONMember: Sendable {
    public var key: String
    public var keyOffset: Int
    public var value: JSONNode

    public init(key: String, keyOffset: Int, value: JSONNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}

/// Turns byte offsets into 1-based lines and columns (columns in Unicode scalars).
///
/// Each lookup is O(log n): line starts and the offsets of UTF-8 continuation bytes are
/// indexed once, so a column on a long single-line file costs no walk along the line.
public struct SourceMap: Sendable {
    private let count: Int
    private let lineStarts: [Int]
    /// Offsets of UTF-8 continuation bytes (`10xxxxxx`), ascending; empty for ASCII text.
    private let continuations: [Int]

    /// - Parameter bytes: the whole source, as parsed.
    public init(bytes: [UInt8]) {
        count = bytes.count
        var starts = [0]
        var cont: [Int] = []
        for (i, b) in bytes.enumerated() {
            if b == 0x0A { starts.append(i + 1) }
            if b & 0xC0 == 0x80 { cont.append(i) }
        }
        lineStarts = starts
        continuations = cont
    }

    /// The line and column of a byte offset; offsets past the end map to the end.
    public func location(of offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, count))
        let line = SourceMap.lastIndex(in: lineStarts, notAfter: offset)
        let start = lineStarts[line]
        // Continuation bytes do not start a scalar; an offset inside a multi-byte sequence
        // counts as the scalar it belongs to.
        var column = offset - start + 1
        if !continuations.isEmpty {
            let before = SourceMap.countBelow(continuations, offset)
            column -= before - SourceMap.countBelow(continuations, start)
            if SourceMap.countBelow(continuations, offset + 1) != before && column > 1 { column -= 1 }
        }
        return SourceLocation(offset: offset, line: line + 1, column: max(1, column))
    }

    /// How many elements of the ascending `values` are below `bound`.
    static func countBelow(_ values: [Int], _ bound: Int) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] < bound { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The index of the last element of the ascending `values` that is at most `offset`.
    static func lastIndex(in values: [Int], notAfter offset: Int) -> Int {
        max(0, countBelow(values, offset + 1) - 1)
    }
}

/// RFC 6901 JSON pointers.
public enum JSONPointer {
    /// Escapes one reference token (`~` → `~0`, `/` → `~1`).
    public static func escape(_ token: String) -> String {
        // Most tokens (keys, indices) need nothing: no Foundation string search for them.
        guard token.utf8.contains(where: { $0 == 0x7E || $0 == 0x2F }) else { return token }
        var out = ""
        for scalar in token.unicodeScalars {
            switch scalar {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `base` extended by one token.
    public static func appending(_ base: String, _ token: String) -> String {
        base + "/" + escape(token)
    }

    public static func appending(_ base: String, _ index: Int) -> String {
        base + "/" + String(index)
    }
}

extension JSONNode {
    /// The value as compact JSON text (`{"/":"/buy/*","exclude":true}`), keys in source order.
    public var compactText: String {
        var out = ""
        JSONNode.write(value, into: &out)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .object(let members):
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                writeString(m.key, into: &out)
                out += ":"
                write(m.value.value, into: &out)
            }
            out += "}"
        case .array(let elements):
            out += "["
            for (i, e) in elements.enumerated() {
                if i > 0 { out += "," }
                write(e.value, into: &out)
            }
            out += "]"
        case .string(let s): writeString(s, into: &out)
        case .number(_, let raw): out += raw
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// Writes `s` as a JSON string literal; see ``JSONText/quote(_:into:)``.
    static func writeString(_ s: String, into out: inout String) { JSONText.quote(s, into: &out) }
}

/// Writing JSON text.
public enum JSONText {
    /// Appends `s` as a JSON string literal. Escapes `"`, `\`, control characters (C0, DEL,
    /// C1) and U+2028/U+2029, so the output is valid JSON that is also safe to print.
    /// The text between escapes is appended a run at a time (output writes every string of a
    /// report through here: scalar by scalar it was the costliest step of JSON output).
    public static func quote(_ s: String, into out: inout String) { quote(s, appending: &out) }

    /// ``quote(_:into:)`` appending the literal's UTF-8 bytes (JSON Lines records are built
    /// as bytes: appending to a `String` cost more than the rest of writing a record).
    public static func quote(_ s: String, into out: inout [UInt8]) { quote(s, appending: &out) }

    private static func quote<Out: JSONTextOutput>(_ s: String, appending out: inout Out) {
        out.appendJSONText(ascii: "\"")
        // Most strings hold no byte that could need an escape: appended whole.
        if s.utf8.withContiguousStorageIfAvailable({ !$0.contains(where: mayNeedEscape) }) == true {
            out.appendJSONText(s[...])
            out.appendJSONText(ascii: "\"")
            return
        }
        let u = s.utf8
        var run = u.startIndex
        var i = u.startIndex
        while i != u.endIndex {
            var escape: String?
            var width = 1
            switch u[i] {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x00..<0x20, 0x7F: escape = "\\u" + Hex.format(u[i], width: 4, uppercase: false)
            case 0xC2:
                // C1 controls, U+0080 to U+009F: C2 80 to C2 9F.
                let next = u.index(after: i)
                if next != u.endIndex, (0x80...0x9F).contains(u[next]) {
                    escape = "\\u" + Hex.format(u[next], width: 4, uppercase: false)
                    width = 2
                }
            case 0xE2:
                // U+2028 and U+2029: E2 80 A8 and E2 80 A9.
                let second = u.index(after: i)
                if second != u.endIndex, u[second] == 0x80 {
                    let third = u.index(after: second)
                    if third != u.endIndex, u[third] == 0xA8 || u[third] == 0xA9 {
                        escape = u[third] == 0xA8 ? "\\u2028" : "\\u2029"
                        width = 3
                    }
                }
            default:
                break
            }
            if let escape {
                out.appendJSONText(s[run..<i])
                out.appendJSONText(escape[...])
                i = u.index(i, offsetBy: width)
                run = i
            } else {
                i = u.index(after: i)
            }
        }
        out.appendJSONText(s[run..<u.endIndex])
        out.appendJSONText(ascii: "\"")
    }

    /// Whether a byte may start what ``quote(_:into:)`` escapes: `"`, `\`, a C0 control or
    /// DEL, or the lead byte of a C1 control (C2) or of U+2028/U+2029 (E2).
    @inline(__always) static func mayNeedEscape(_ b: UInt8) -> Bool {
        b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F || b == 0xC2 || b == 0xE2
    }
}

/// What ``JSONText`` appends its literals to: text, or UTF-8 bytes.
protocol JSONTextOutput {
    mutating func appendJSONText(_ text: Substring)
    mutating func appendJSONText(ascii: Unicode.Scalar)
}

extension String: JSONTextOutput {
    mutating func appendJSONText(_ text: Substring) { self += text }
    mutating func appendJSONText(ascii: Unicode.Scalar) { unicodeScalars.append(ascii) }
}

extension Array: JSONTextOutput where Element == UInt8 {
    mutating func appendJSONText(_ text: Substring) { appendUTF8(text) }
    mutating func appendJSONText(ascii: Unicode.Scalar) { append(UInt8(ascii: ascii)) }
}
