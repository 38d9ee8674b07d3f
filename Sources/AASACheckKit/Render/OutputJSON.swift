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
        // A scalar from U+00A0 on starts with a byte from C2 on: most text has none.
        guard s.utf8.contains(where: { $0 >= 0xC2 }),
              s.unicodeScalars.contains(where: { $0.value >= 0xA0 && SafeText.isUnsafe($0) }) else {
            JSONText.quote(s, into: &out)
            return
        }
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

    /// The text, indented by two spaces per level, ending without a newline.
    public func render(indent: Int = 0) -> String {
        var out = ""
        write(into: &out, indent: indent)
        return out
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

