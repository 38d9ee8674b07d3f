import AASACore

/// A JSON value written with keys in the order given, for stable machine output.
public indirect enum OutputJSON: Sendable, Equatable {
    case object([(String, OutputJSON)])
    case array([OutputJSON])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    /// Text written as it is: JSON made elsewhere, or a marker a streaming writer replaces
    /// (``SARIFRenderer``). Never text from a file or a server.
    case raw(String)

    public static func == (a: OutputJSON, b: OutputJSON) -> Bool { a.render() == b.render() }

    /// `s` as a string, or `null` when `nil`.
    public static func optional(_ s: String?) -> OutputJSON { s.map(OutputJSON.string) ?? .null }

    public static func optional(_ i: Int?) -> OutputJSON { i.map(OutputJSON.int) ?? .null }

    /// `s` as a JSON string literal: ``JSONText/quote(_:into:)``, and every other character
    /// ``SafeText`` calls unsafe (bidirectional controls, zero-width characters, U+FEFF,
    /// noncharacters) as a `\u` escape too, so the text reads the same to a JSON parser and
    /// prints inert in a terminal or a log (issue 22).
    static func quote(_ s: String, into out: inout String) {
        guard holdsUnsafe(s) else {
            JSONText.quote(s, into: &out)
            return
        }
        quoteUnsafe(s, into: &out)
    }

    /// ``quote(_:into:)`` appending UTF-8 bytes.
    static func quote(_ s: String, into out: inout [UInt8]) {
        guard holdsUnsafe(s) else {
            JSONText.quote(s, into: &out)
            return
        }
        var quoted = ""
        quoteUnsafe(s, into: &quoted)
        out.appendUTF8(quoted)
    }

    /// ``quote(_:into:)`` for a string that ``holdsUnsafe(_:)``.
    private static func quoteUnsafe(_ s: String, into out: inout String) {
        var quoted = ""
        JSONText.quote(s, into: &quoted)
        for u in quoted.unicodeScalars {
            guard u.value >= 0xA0 && SafeText.isUnsafe(u) else {
                out.unicodeScalars.append(u)
                continue
            }
            for unit in String(u).utf16 { out += "\\u" + Hex.format(UInt32(unit), width: 4, uppercase: false) }
        }
    }

    /// Whether `s` holds a character ``SafeText`` calls unsafe from U+00A0 on, which
    /// ``quote(_:into:)`` escapes beyond what ``JSONText`` does. Such a character starts with
    /// a byte from C2 on: most text has none, and is not read scalar by scalar.
    private static func holdsUnsafe(_ s: String) -> Bool {
        (s.utf8.withContiguousStorageIfAvailable { $0.contains { $0 >= 0xC2 } } ?? true)
            && s.unicodeScalars.contains { $0.value >= 0xA0 && SafeText.isUnsafe($0) }
    }

    /// The text, indented by two spaces per level, ending without a newline.
    public func render(indent: Int = 0) -> String {
        var out = ""
        write(into: &out, indent: indent)
        return out
    }

    /// The value on one line without spaces, then a newline: a JSON Lines record
    /// (``render(indent:)`` lays it out on many lines). Built as UTF-8 bytes, one `String` at
    /// the end.
    func jsonLine() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(2048)
        writeLine(into: &out)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    private func writeLine(into out: inout [UInt8]) {
        switch self {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                OutputJSON.quote(key, into: &out)
                out.append(UInt8(ascii: ":"))
                value.writeLine(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, value) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                value.writeLine(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let s): OutputJSON.quote(s, into: &out)
        case .int(let i): out.appendUTF8(String(i))
        case .bool(let b): out.appendUTF8(b ? "true" : "false")
        case .null: out.appendUTF8("null")
        case .raw(let text): out.appendUTF8(text)
        }
    }

    /// The indentation of the first levels, made once: a leaf value needs none, and a
    /// container's lines take theirs from here instead of building it for each value.
    private static let pads: [String] = (0..<16).map { String(repeating: "  ", count: $0) }

    private static func pad(_ level: Int) -> String {
        level < pads.count ? pads[level] : String(repeating: "  ", count: level)
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            let inner = OutputJSON.pad(indent + 1)
            out += "{\n"
            for (i, (k, v)) in members.enumerated() {
                out += inner
                OutputJSON.quote(k, into: &out)
                out += ": "
                v.write(into: &out, indent: indent + 1)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += OutputJSON.pad(indent) + "}"
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            let inner = OutputJSON.pad(indent + 1)
            out += "[\n"
            for (i, v) in elements.enumerated() {
                out += inner
                v.write(into: &out, indent: indent + 1)
                out += i == elements.count - 1 ? "\n" : ",\n"
            }
            out += OutputJSON.pad(indent) + "]"
        case .string(let s):
            OutputJSON.quote(s, into: &out)
        case .int(let i): out += String(i)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .raw(let text): out += text
        }
    }
}

