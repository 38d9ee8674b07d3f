import AASACore

/// The output format of a run (spec `cli.md`, `--format`).
public enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, sarif, junit, github
}

/// What `--fail-on` accepts.
public enum FailOn: String, Sendable {
    case error, warning, never

    /// Whether findings of this severity make the exit status 1.
    public func fails(_ severity: Severity) -> Bool {
        switch self {
        case .error: return severity == .error
        case .warning: return severity >= .warning
        case .never: return false
        }
    }
}

/// A fetched URL as the JSON field `fetches` shows it (spec `cli.md`).
public struct FetchSummary: Sendable {
    public var target: String
    /// `origin` or `cdn`.
    public var source: DiagnosticSource
    public var url: String
    /// HTTP status, `nil` when no response arrived.
    public var status: Int?
    public var contentType: String?
    /// Decoded body bytes read.
    public var bytes: Int
    /// Total time in milliseconds.
    public var timeMs: Int
    /// Response headers, names lowercased, in order received (a repeated header keeps the last).
    public var headers: [(String, String)]
    /// Extra members after the stable ones (e.g. `error`, `contentEncoding`, `primaryIP`).
    public var extra: [(String, OutputJSON)]

    public init(target: String, source: DiagnosticSource, url: String, status: Int?, contentType: String?,
                bytes: Int, timeMs: Int, headers: [(String, String)], extra: [(String, OutputJSON)] = []) {
        self.target = target
        self.source = source
        self.url = url
        self.status = status
        self.contentType = contentType
        self.bytes = bytes
        self.timeMs = timeMs
        self.headers = headers
        self.extra = extra
    }

    var json: OutputJSON {
        .object([
            ("target", .string(target)), ("source", .string(source.rawValue)), ("url", .string(url)),
            ("status", .optional(status)), ("contentType", .optional(contentType)), ("bytes", .int(bytes)),
            ("timeMs", .int(timeMs)), ("headers", .object(headers.map { ($0.0, .string($0.1)) })),
        ] + extra)
    }
}

/// An input that could not be read at all (exit status 2).
public struct UnreadableInput: Sendable {
    /// The file (or `<stdin>`) the reason is about, as the report names it; `nil` when unknown.
    public var subject: String?
    /// One line: what could not be read, and why.
    public var message: String

    public init(subject: String?, message: String) {
        self.subject = subject
        self.message = message
    }
}

/// Everything one run found: the JSON object of spec `cli.md`, and what the text, SARIF, JUnit
/// and GitHub renderers need.
public struct Report: Sendable {
    public var diagnostics: [Diagnostic] = []
    public var fetches: [FetchSummary] = []
    public var matches: [MatchResult] = []
    /// Route verdicts, already in their JSON form (spec `cli.md`, `routes`).
    public var routes: [OutputJSON] = []
    /// The bytes of each file or served body, by the label diagnostics use (`file` or the
    /// target's file URL label), for source excerpts and SARIF regions.
    public var sources: [String: [UInt8]] = [:]
    /// Inputs that could not be read at all (exit status 2): what each was and why. Every
    /// format shows them as failures (JUnit `<error>`, SARIF `invocations`, GitHub `::error`).
    public var unreadableInputs: [UnreadableInput] = []
    /// The reasons of ``unreadableInputs``, one line each. Appending here records an input
    /// whose subject is unknown; use ``addUnreadable(_:subject:)`` to name it.
    public var unreadable: [String] {
        get { unreadableInputs.map(\.message) }
        set {
            let old = unreadableInputs
            unreadableInputs = newValue.enumerated().map { i, message in
                i < old.count && old[i].message == message ? old[i] : UnreadableInput(subject: nil, message: message)
            }
        }
    }
    /// JUnit test cases, when the command knows them (routes, entitlement entries, domains);
    /// otherwise the JUnit renderer makes one per file or domain.
    public var cases: [ReportCase] = []
    /// Every file or domain checked, so clean ones still appear as passing test cases.
    public var subjects: [String] = []

    public init() {}

    /// Records an input that could not be read: `subject` is the file or input as the report
    /// names it (a JUnit suite, a SARIF artifact, a GitHub annotation's file), `message` the
    /// one-line reason.
    public mutating func addUnreadable(_ message: String, subject: String?) {
        unreadableInputs.append(UnreadableInput(subject: subject, message: message))
    }

    public var errors: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warnings: Int { diagnostics.filter { $0.severity == .warning }.count }
    public var infos: Int { diagnostics.filter { $0.severity == .info }.count }

    /// 2 when an input could not be read, else 1 when a finding reaches `failOn`, else 0.
    public func exitCode(failOn: FailOn) -> Int32 {
        if !unreadable.isEmpty { return 2 }
        return diagnostics.contains { failOn.fails($0.severity) } ? 1 : 0
    }

    /// The JSON object of spec `cli.md`.
    public func json(failOn: FailOn) -> OutputJSON {
        var members: [(String, OutputJSON)] = [
            ("version", .int(1)),
            ("tool", .object([("name", .string("aasa-check")), ("version", .string(AASACheck.version))])),
            ("summary", .object([("errors", .int(errors)), ("warnings", .int(warnings)), ("infos", .int(infos)),
                                 ("exitCode", .int(Int(exitCode(failOn: failOn))))])),
            ("diagnostics", .array(diagnostics.map(Report.json))),
            ("fetches", .array(fetches.map(\.json))),
            ("matches", .array(matches.map(Report.json))),
            ("routes", .array(routes)),
        ]
        if !unreadable.isEmpty { members.append(("unreadable", .array(unreadable.map(OutputJSON.string)))) }
        return .object(members)
    }

    static func json(_ d: Diagnostic) -> OutputJSON {
        .object([
            ("code", .string(d.code.rawValue)), ("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
            ("target", .optional(d.target)), ("source", .optional(d.source?.rawValue)), ("file", .optional(d.file)),
            ("pointer", .optional(d.pointer)), ("line", .optional(d.location?.line)), ("column", .optional(d.location?.column)),
            ("hint", .optional(d.hint)),
        ])
    }

    static func json(_ m: MatchResult) -> OutputJSON {
        .object([
            ("url", .string(m.url)), ("appID", .string(m.appID)), ("decision", .string(m.decision.rawValue)),
            ("detail", .optional(m.detail)), ("component", .optional(m.component)), ("explanation", .string(SafeText.clipRuns(m.explanation))),
            ("rule", .optional(m.rule?.text)),
            // no_match: the rule that got furthest (spec cli.md), not a deciding rule.
            ("closest", m.closest.map { .object([("detail", .optional(m.detail)), ("component", .int($0.index)), ("rule", .string($0.text))]) } ?? .null),
        ])
    }
}
