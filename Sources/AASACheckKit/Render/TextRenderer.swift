import AASACore

/// Compiler-style text: `label:line:col: severity[CODE]: message`, the source line with a caret,
/// the hint, and a summary line (spec `cli.md`, Text output).
public struct TextRenderer: Sendable {
    public let style: Style

    public init(style: Style) { self.style = style }

    /// The place label of a finding: the local file, the served file URL, or the target.
    public static func label(for d: Diagnostic) -> String {
        if let file = d.file { return file }
        switch d.source {
        case .origin?: return "\(d.target ?? "")/.well-known/apple-app-site-association"
        case .cdn?: return "\(d.target ?? "") (Apple CDN copy)"
        default: return d.target ?? "aasa-check"
        }
    }

    /// One finding, with its excerpt when the source bytes are known.
    public func render(_ d: Diagnostic, sources: [String: [UInt8]]) -> String {
        let label = Self.label(for: d)
        var head = label
        if let loc = d.location { head += ":\(loc.line):\(loc.column)" }
        let sev: String
        switch d.severity {
        case .error: sev = style.red(style.bold("error"))
        case .warning: sev = style.yellow(style.bold("warning"))
        case .info: sev = style.cyan("info")
        }
        var out = "\(style.bold(SafeText.escape(head))): \(sev)[\(d.code)]: \(SafeText.message(d.message))\n"
        if let loc = d.location, let bytes = sources[label], let excerpt = Self.excerpt(bytes, loc) {
            let gutter = String(loc.line)
            let pad = String(repeating: " ", count: gutter.count)
            out += style.dim(" \(gutter) | ") + excerpt.line + "\n"
            out += style.dim(" \(pad) | ") + String(repeating: " ", count: excerpt.caretColumn) + style.green("^") + "\n"
        }
        if let hint = d.hint { out += "  " + style.dim("hint:") + " " + SafeText.message(hint) + "\n" }
        return out
    }

    /// The line of `loc`, made printable and cut around the column when long, and where the
    /// caret goes in it (0-based, in characters of the returned line). Only a window of bytes
    /// around the offset is read, so excerpts of a one-line file of any size cost the same.
    static func excerpt(_ bytes: [UInt8], _ loc: SourceLocation) -> (line: String, caretColumn: Int)? {
        let window = 160
        let offset = min(loc.offset, bytes.count)
        var start = offset
        while start > 0 && bytes[start - 1] != 0x0A && offset - start < window { start -= 1 }
        while start < offset && bytes[start] & 0xC0 == 0x80 { start += 1 }  // a scalar boundary
        var end = offset
        while end < bytes.count && bytes[end] != 0x0A && end - offset < window { end += 1 }
        while end < bytes.count && end > offset && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        var before = Array(String(decoding: bytes[start..<offset], as: UTF8.self).unicodeScalars)
        var after = Array(String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars)
        // Tabs become one space so the caret lines up; keep about 40 characters before it.
        before = before.map { $0 == "\t" || $0 == "\r" ? " " : $0 }
        after = after.map { $0 == "\t" || $0 == "\r" ? " " : $0 }
        if before.count > 40 && before.count + after.count > 100 { before = Array(before.suffix(40)) }
        if before.count + after.count > 100 { after = Array(after.prefix(100 - before.count)) }
        let head = SafeText.escape(String(String.UnicodeScalarView(before)))
        let line = head + SafeText.escape(String(String.UnicodeScalarView(after)))
        guard !line.trimmingWhitespace.isEmpty || head.isEmpty else { return nil }
        return (line, head.unicodeScalars.count)
    }

    /// `N errors, N warnings, N infos` and what it means for the exit status.
    public func summary(_ report: Report, failOn: FailOn, subject: String) -> String {
        summary(errors: report.errors, warnings: report.warnings, infos: report.infos,
                exitCode: report.exitCode(failOn: failOn), subject: subject)
    }

    /// `subject: N errors, N warnings, N infos — ok|failed|incomplete` for exit status 0, 1, 2.
    public func summary(errors: Int, warnings: Int, infos: Int, exitCode: Int32, subject: String) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let counts = "\(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(infos, "info"))"
        let verdict: String
        switch exitCode {
        case 0: verdict = style.green("ok")
        case 1: verdict = style.red("failed")
        default: verdict = style.red("incomplete")
        }
        return "\(subject): \(counts) — \(verdict)\n"
    }
}

extension String {
    var trimmingWhitespace: String {
        String(unicodeScalars.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed().map(Character.init))
    }
}
