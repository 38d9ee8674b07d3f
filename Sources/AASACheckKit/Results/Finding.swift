import AASACore

/// A finding as renderers receive it: the diagnostic, after the configuration's `ignore` and
/// with its long text cut, and the source line it points at when the format shows one.
public struct Finding: Sendable {
    public var diagnostic: Diagnostic
    /// The line of the file at the finding's location, for formats that show it
    /// (``Renderer/showsExcerpts``); `nil` when the file's bytes are not known.
    public var excerpt: SourceExcerpt?

    public init(_ diagnostic: Diagnostic, excerpt: SourceExcerpt? = nil) {
        self.diagnostic = diagnostic
        self.excerpt = excerpt
    }
}

/// A finding the configuration ignores (`aasa-check.json`, `"ignore"`), with the reason given:
/// it does not count, but it leaves a trace (the text summary counts them, JSON lists them,
/// SARIF keeps them as suppressed results).
public struct Suppressed: Sendable {
    public var finding: Finding
    public var reason: String

    public init(_ finding: Finding, reason: String) {
        self.finding = finding
        self.reason = reason
    }
}

/// Findings of one code in one place past ``RunOutput/findingsPerKind``: counted, not listed
/// one by one, so a huge input cannot make a huge report.
public struct Folded: Sendable {
    public var code: DiagnosticCode
    public var severity: Severity
    /// Where they are (``AASACore/Diagnostic/placeLabel``), and the target, file and source
    /// of the first of them.
    public var place: String
    public var target: String?
    public var file: String?
    public var source: DiagnosticSource?
    /// How many are not listed.
    public var count: Int
}

/// One line of a file around a finding's column, printable, with where the caret goes.
public struct SourceExcerpt: Sendable, Hashable {
    /// The line, control characters made visible, cut to about 100 characters around the column.
    public var line: String
    /// Where the caret goes under ``line``, 0-based, in characters of ``line``.
    public var caretColumn: Int

    /// The line of `location` in `bytes`. Only a window of bytes around the offset is read, so
    /// excerpts of a one-line file of any size cost the same. `nil` for a blank line.
    public init?(_ bytes: [UInt8], _ location: SourceLocation) {
        let window = 160
        let offset = min(location.offset, bytes.count)
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
        guard !line.unicodeScalars.allSatisfy({ $0 == " " }) || head.isEmpty else { return nil }
        self.line = line
        caretColumn = head.unicodeScalars.count
    }
}

extension Diagnostic {
    /// Where a finding is, as text formats name it: the local file, the served file's URL
    /// without its scheme, the CDN copy, or the target.
    public var placeLabel: String {
        if let file { return file }
        switch source {
        case .origin?: return "\(target ?? "")/.well-known/apple-app-site-association"
        case .cdn?: return "\(target ?? "") (Apple CDN copy)"
        default: return target ?? "aasa-check"
        }
    }

    /// ``placeLabel`` with `:line:column` when known.
    public var place: String {
        guard let location else { return placeLabel }
        return "\(placeLabel):\(location.line):\(location.column)"
    }
}
