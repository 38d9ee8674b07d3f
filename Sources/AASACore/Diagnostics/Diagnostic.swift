/// How serious a finding is.
///
/// Ordered `info < warning < error`. The default severity of each code is fixed by
/// `../shared/spec/diagnostics.md`; `--fail-on` compares against this order.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Where a finding comes from, as the JSON field `source` names it (spec `cli.md`).
public enum DiagnosticSource: String, Sendable, Codable {
    case origin
    case cdn
    case file
    case entitlements
    case routes
    /// A site's sitemap or sitemap index (`coverage`).
    case sitemap
}

/// A 1-based line and column plus the 0-based byte offset of a place in a file.
///
/// Columns count Unicode scalars from the start of the line, as strict JSON parsers
/// (Python's `json`, for one) report them; for ASCII text this is the byte column.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 0-based byte offset into the file as served or read; -1 when not known (XML read by a
    /// streaming parser, which gives lines and columns only).
    public var offset: Int
    /// 1-based line number (lines are separated by `\n`).
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A diagnostic code: a kind's prefix and three digits (spec `diagnostics.md`): `AASA` for
/// Apple's file and the app side of iOS, `DAL` for Android's statement lists and APKs
/// (Digital Asset Links), `WAN` for `/.well-known/webauthn` and the passkey cross-checks.
///
/// Each code is one constant, defined beside its documentation in its own file under
/// `Sources/AASACore/Codes/` (`DiagnosticCode.aasa305`), so a finding names its code by that
/// constant and no code is written as a string anywhere else. Codes are a public interface:
/// never renumbered or reused. Encoded in JSON as the string (`"AASA305"`).
public struct DiagnosticCode: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible, ExpressibleByStringLiteral
{
    /// A prefix and three digits, such as `"AASA305"` or `"DAL201"`.
    public let rawValue: String

    /// The prefixes of the document kinds, in the order `explain` lists them.
    public static let prefixes = ["AASA", "DAL", "WAN"]

    /// The prefix (`AASA`, `DAL`, `WAN`).
    public var prefix: Substring { rawValue.dropLast(3) }

    /// The three digits, such as `"201"`.
    public var number: Substring { rawValue.suffix(3) }

    /// The code of the same number in another kind's namespace (`AASA201` → `DAL201`): the
    /// blocks are the same in every kind (2xx JSON syntax), so a finding of the shared strict
    /// JSON reader is reported under the code of the kind of file it was reading.
    public func rebased(to prefix: String) -> DiagnosticCode {
        DiagnosticCode(rawValue: prefix + number)
    }

    public init(rawValue: String) { self.rawValue = rawValue }

    /// A code read from text (a configuration file, a test's expectation).
    public init(stringLiteral value: String) { rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// The code's documentation, or `nil` for a code no ``CodeDoc`` defines.
    public var doc: CodeDoc? { CodeDoc.lookup(rawValue) }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One finding: a diagnostic code with its severity, message and place.
///
/// The code's meaning, severity and documentation live in ``CodeDoc`` (one file per code
/// under `Sources/AASACore/Codes/`). `target`, `source` and `file` are filled in by whoever
/// knows them (the validator for local files, the checker for domains).
public struct Diagnostic: Sendable, Hashable, Codable {
    /// The code, such as ``DiagnosticCode/aasa305``.
    public var code: DiagnosticCode
    public var severity: Severity
    /// One sentence saying what is wrong, with the values involved.
    public var message: String
    /// What to do about it, when there is something specific to say.
    public var hint: String?
    /// RFC 6901 JSON pointer into the document, when the finding is about a JSON value.
    public var pointer: String?
    /// Line and column in the file, when known.
    public var location: SourceLocation?
    /// The domain or file the finding belongs to.
    public var target: String?
    public var source: DiagnosticSource?
    /// Path of the local file the finding is in (entitlements, route list, local AASA file).
    public var file: String?
    /// For a finding about an `assetlinks.json` that Google's Digital Asset Links API would
    /// also report, its `ErrorCode` name (`ERROR_CODE_REDIRECT`, …; spec
    /// `assetlinks-reference.md` §1.1, `cli.md` `dalErrorCode`); `nil` otherwise.
    public var dalErrorCode: String?

    public init(
        code: DiagnosticCode,
        severity: Severity? = nil,
        message: String,
        hint: String? = nil,
        pointer: String? = nil,
        location: SourceLocation? = nil,
        target: String? = nil,
        source: DiagnosticSource? = nil,
        file: String? = nil,
        dalErrorCode: String? = nil
    ) {
        self.dalErrorCode = dalErrorCode
        self.code = code
        self.severity = severity ?? code.doc?.severity ?? .error
        self.message = message
        self.hint = hint
        self.pointer = pointer
        self.location = location
        self.target = target
        self.source = source
        self.file = file
    }
}

extension Array where Element == Diagnostic {
    /// The highest severity present, or `nil` for no findings.
    public var maxSeverity: Severity? { map(\.severity).max() }

    /// Whether any finding has exactly this code.
    public func contains(code: DiagnosticCode) -> Bool { contains { $0.code == code } }

    /// The findings with every code moved to `prefix`'s namespace where that kind defines the
    /// same number (``DiagnosticCode/rebased(to:)``); the severity is the new code's.
    public func rebased(to prefix: String) -> [Diagnostic] {
        map { d in
            let code = d.code.rebased(to: prefix)
            guard code != d.code, let doc = code.doc else { return d }
            var d = d
            d.code = code
            d.severity = doc.severity
            return d
        }
    }

    /// Sets `target`, `source` and `file` on every finding that has none yet.
    public func attributed(target: String?, source: DiagnosticSource?, file: String?) -> [Diagnostic] {
        map { d in
            var d = d
            if d.target == nil { d.target = target }
            if d.source == nil { d.source = source }
            if d.file == nil { d.file = file }
            return d
        }
    }
}
