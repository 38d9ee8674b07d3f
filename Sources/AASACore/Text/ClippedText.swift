/// Cutting user, file and network text down to a readable length before it is printed, so a
/// 5 MB route line or a 16 MB line of NUL bytes is quoted as its first 200 characters, `…`
/// and its full length, never in full.
///
/// Lengths are Unicode scalars of the text as shown escaped (``SafeText/escape(_:keepNewlines:)``),
/// whether or not it is escaped here; the full length given is the original's.
extension SafeText {
    /// Longest quoted value shown in a message, in Unicode scalars.
    public static let quoteLimit = 200

    /// Longest message after its quoted values are cut, in Unicode scalars: a message quoting
    /// many values stays bounded too.
    public static let messageLimit = 2_000

    /// One user, file or network value as a message quotes it: control characters made
    /// visible and, when longer than `limit` scalars as shown, its first part, `…` and
    /// ` (N characters)` with N its full length.
    public static func value(_ s: String, limit: Int = quoteLimit) -> String {
        cut(s, limit: limit, escaping: true)
    }

    /// `s` cut as ``value(_:limit:)`` cuts, without escaping (for JSON, which escapes itself).
    public static func clip(_ s: String, limit: Int = quoteLimit) -> String {
        s.utf8.count > limit ? cut(s, limit: limit, escaping: false) : s
    }

    static func cut(_ s: String, limit: Int, escaping: Bool) -> String {
        var out = String.UnicodeScalarView()
        let run = Array(s.unicodeScalars)
        if appendRun(run[...], limit: limit, escaping: escaping, into: &out) {
            out.append(contentsOf: " (\(run.count) characters)".unicodeScalars)
        }
        return String(out)
    }

    /// A message made printable: control characters made visible, and every quoted or
    /// unbroken run longer than `limit` scalars cut (see ``clipRuns(_:limit:)``).
    public static func message(_ s: String, limit: Int = quoteLimit) -> String {
        runs(s, limit: limit, escaping: true)
    }

    /// `message` with every run longer than `limit` Unicode scalars cut to its first part,
    /// `…` and ` (N characters)`: a run is the text between a pair of `"` or of backticks
    /// (the count goes after the closing quote), or else a stretch without white space (the
    /// count goes before the one or two `:` `,` `;` `.` `)` that end it). A
    /// message still longer than ``messageLimit`` is cut there. Cutting again changes
    /// nothing. Linear in the message's length.
    public static func clipRuns(_ message: String, limit: Int = quoteLimit) -> String {
        message.utf8.count > limit ? runs(message, limit: limit, escaping: false) : message
    }

    /// What may end a run of a message as the sentence's own punctuation (one or two of them;
    /// a longer stretch is the value's).
    static let closingPunctuation: Set<Unicode.Scalar> = [":", ",", ";", ".", ")"]

    static func runs(_ message: String, limit: Int, escaping: Bool) -> String {
        let scalars = Array(message.unicodeScalars)
        var out = String.UnicodeScalarView()
        func isBreak(_ u: Unicode.Scalar) -> Bool { u == " " || u == "\n" || u == "\t" || u == "\"" || u == "`" }
        // Where each quote character is next seen, so no stretch of the message is scanned twice.
        var nextQuote: [Unicode.Scalar: Int] = [:]
        func closing(_ quote: Unicode.Scalar, after i: Int) -> Int? {
            if let known = nextQuote[quote], known > i { return known == Int.max ? nil : known }
            var j = i + 1
            while j < scalars.count && scalars[j] != quote { j += 1 }
            nextQuote[quote] = j < scalars.count ? j : Int.max
            return j < scalars.count ? j : nil
        }
        var i = 0
        while i < scalars.count {
            let u = scalars[i]
            if u == "\"" || u == "`", let end = closing(u, after: i) {
                out.append(u)
                let cut = appendRun(scalars[(i + 1)..<end], limit: limit, escaping: escaping, into: &out)
                out.append(u)
                if cut { out.append(contentsOf: " (\(end - i - 1) characters)".unicodeScalars) }
                i = end + 1
            } else if isBreak(u) {
                _ = appendRun(scalars[i...i], limit: limit, escaping: escaping, into: &out)
                i += 1
            } else {
                var end = i
                while end < scalars.count && !isBreak(scalars[end]) { end += 1 }
                // The punctuation that ends the run (`e.g. URL: it was`) is the sentence's, not
                // the value's: it stays after the count when the run is cut.
                var stem = end
                while stem > i, Self.closingPunctuation.contains(scalars[stem - 1]) { stem -= 1 }
                if end - stem > 2 || stem == i || stem - i <= limit { stem = end }
                if appendRun(scalars[i..<stem], limit: limit, escaping: escaping, into: &out) {
                    out.append(contentsOf: " (\(stem - i) characters)".unicodeScalars)
                }
                _ = appendRun(scalars[stem..<end], limit: limit, escaping: escaping, into: &out)
                i = end
            }
        }
        if out.count > messageLimit {
            let suffix = "… (\(out.count) characters)"
            return String(String.UnicodeScalarView(out.prefix(messageLimit - suffix.unicodeScalars.count))) + suffix
        }
        return String(out)
    }

    /// Appends `run` (escaped when `escaping`) when it fits in `limit` scalars as shown
    /// escaped, else as much of it as fits in `limit - 1` and `…`; an escape is never split.
    /// Widths are always those of the escaped text, so a run cut without escaping is left
    /// alone when it is escaped and cut later.
    /// - Returns: whether the run was cut.
    static func appendRun(_ run: ArraySlice<Unicode.Scalar>, limit: Int, escaping: Bool,
                          into out: inout String.UnicodeScalarView) -> Bool {
        func shown(_ u: Unicode.Scalar) -> String.UnicodeScalarView { escape(String(Character(u))).unicodeScalars }
        var used = 0
        var fits = true
        for u in run {
            used += shown(u).count
            if used > limit {
                fits = false
                break
            }
        }
        func append(_ u: Unicode.Scalar, _ piece: String.UnicodeScalarView) {
            if escaping { out.append(contentsOf: piece) } else { out.append(u) }
        }
        if fits {
            for u in run { append(u, shown(u)) }
            return false
        }
        used = 0
        for u in run {
            let piece = shown(u)
            if used + piece.count > limit - 1 { break }
            append(u, piece)
            used += piece.count
        }
        out.append("…")
        return true
    }
}

extension Diagnostic {
    /// This finding with the long runs of its message and hint cut (``SafeText/clipRuns(_:limit:)``).
    var clipped: Diagnostic {
        var d = self
        d.message = SafeText.clipRuns(message)
        d.hint = hint.map { SafeText.clipRuns($0) }
        return d
    }
}
