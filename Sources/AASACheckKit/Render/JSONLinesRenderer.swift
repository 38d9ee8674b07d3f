import AASACore

/// JSON Lines (`--format jsonl`, `check` only; spec `cli.md`): one JSON object a line per
/// domain, written as soon as the domain is done (in input order, or completion order with
/// `--unordered`), with one `write` per record so that a run killed mid-way leaves whole
/// lines and at most one half line at the end (which `--resume` leaves out). Nothing is kept
/// across domains: memory does not grow with their number.
///
/// A domain's record: `domain` (as given), `verdict` (`ok` or `failed`), `exitCode` (1 when
/// one of its findings reaches `--fail-on`), and its `diagnostics`, `fetches` and `routes`
/// exactly as the JSON report's elements for that domain. Findings that are not about one
/// domain (the route list's, the entitlement's) come in a record whose `domain` is `null`,
/// and an entry that is not a domain in one with `domain` null and `unreadable` (the reason,
/// also on standard error). There is no summary line: the exit status is the run's, and
/// `jq` counts the rest.
///
/// `coverage`: every page's decision for each app ID, one a line as it is made — `url`,
/// `appID`, `decision`, `detail`, `component` (as the JSON report's `matches`, without the
/// explanation) and the page's `section` — then the findings' record as above, whose `domain`
/// is SOURCE as given (the domain, or the local file's name), as a `check` record's is the
/// domain as given; before the tables (a domain file that cannot be read), the name of the
/// domain file the findings are about.
public final class JSONLinesRenderer: Renderer {
    public static let name = "jsonl"
    public static let commands: [String]? = ["check", "coverage"]
    public static let showsEveryPage = true

    private let run: RunInfo
    private let sink: OutputSink
    /// What the findings' record of `coverage` is about: SOURCE as given once the tables came,
    /// else the domain file read (``subject(_:)``).
    private var about: String?

    public init(run: RunInfo, sink: OutputSink) {
        self.run = run
        self.sink = sink
    }

    /// The record of one domain.
    static func record(_ report: DomainReport) -> OutputJSON {
        .object([
            ("domain", .string(report.target.input)),
            ("verdict", .string(report.verdict)),
            ("exitCode", .int(Int(report.exitCode))),
            ("diagnostics", .array(report.findings.map { JSONRenderer.json($0.diagnostic) })),
            ("fetches", .array(report.fetches.map(JSONRenderer.json))),
            ("routes", .array(report.routes.map(JSONRenderer.json))),
            ("sections", .array(report.sections.map { JSONRenderer.json($0) })),
        ])
    }

    public func subject(_ subject: Subject) {
        if run.command == CoverageCommand.name, about == nil, subject.kind == .domainFile { about = subject.name }
    }

    public func coverage(_ report: CoverageReport) { about = report.source }

    public func domain(_ report: DomainReport) {
        sink.write(Self.record(report).line() + "\n")
    }

    public func page(_ page: PageDecisions) {
        var out = ""
        for d in page.decisions {
            out += OutputJSON.object([
                ("url", .string(page.url)), ("appID", .string(d.appID)), ("decision", .string(d.decision.rawValue)),
                ("detail", .optional(d.detail)), ("component", .optional(d.component)), ("section", .string(page.section)),
            ]).line() + "\n"
        }
        sink.write(out)
    }

    public func findings(_ findings: [Finding]) {
        let failed = findings.contains { run.failOn.fails($0.diagnostic.severity) }
        let record = OutputJSON.object([
            ("domain", about.map(OutputJSON.string) ?? .null),
            ("verdict", .string(failed ? "failed" : "ok")),
            ("exitCode", .int(failed ? 1 : 0)),
            ("diagnostics", .array(findings.map { JSONRenderer.json($0.diagnostic) })),
        ])
        sink.write(record.line() + "\n")
    }

    public func unreadable(_ input: UnreadableInput) {
        let record = OutputJSON.object([
            ("domain", .null), ("verdict", .string("unreadable")), ("exitCode", .int(2)),
            ("unreadable", .string(input.message)),
        ])
        sink.write(record.line() + "\n")
    }

    public func finish(_ summary: RunSummary) {}
}

extension OutputJSON {
    /// The value on one line without spaces: a JSON Lines record (``render(indent:)`` lays
    /// it out on many).
    func line() -> String {
        var out = ""
        writeLine(into: &out)
        return out
    }

    private func writeLine(into out: inout String) {
        switch self {
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JSONText.quote(key, into: &out)
                out += ":"
                value.writeLine(into: &out)
            }
            out += "}"
        case .array(let elements):
            out += "["
            for (i, value) in elements.enumerated() {
                if i > 0 { out += "," }
                value.writeLine(into: &out)
            }
            out += "]"
        case .string, .int, .bool, .null:
            out += render()
        }
    }
}
