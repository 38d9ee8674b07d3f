/// Makes text from files, servers and the command line safe to print: every character that can
/// drive a terminal, hide itself or reorder what is shown becomes a visible escape, so no input
/// can forge output, inject commands into a CI log or look like something it is not.
///
/// This is the one escaper of the project: findings, reports and every output format use it.
/// Escaped, as `\u{HEX}` (upper-case hex digits): control characters (C0, DEL, C1; tab, line
/// feed and carriage return as `\t`, `\n`, `\r`), format characters (bidirectional controls
/// such as U+202E, zero-width characters, U+FEFF, soft hyphen), the line and paragraph
/// separators U+2028 and U+2029, and noncharacters (U+FFFE, U+FFFF, …).
public enum SafeText {
    /// `s` with every unsafe character escaped.
    /// - Parameter keepNewlines: keep line feeds as they are (multi-line messages whose lines
    ///   are laid out by the caller).
    public static func escape(_ s: String, keepNewlines: Bool = false) -> String {
        guard s.unicodeScalars.contains(where: isUnsafe) else { return s }
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\n" where keepNewlines: out += "\n"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default:
                if isUnsafe(u) {
                    out += "\\u{" + Hex.format(u.value) + "}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }

    /// `text` escaped and cut after `limit` characters of the original, with `…` where it was cut.
    public static func escape(_ text: String, limit: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return escape(text) }
        return escape(String(String.UnicodeScalarView(scalars.prefix(limit)))) + "…"
    }

    /// Whether `u` is escaped.
    public static func isUnsafe(_ u: Unicode.Scalar) -> Bool {
        if u.value >= 0x20 && u.value < 0x7F { return false }
        switch u.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return u.properties.isNoncharacterCodePoint
        }
    }
}
