import AASACore

/// JSON Lines (`--format jsonl`, `check` and `coverage`; spec `cli.md`): one JSON object a
/// line per domain, written as soon as the domain is done (in input order, or completion
/// order with `--unordered`), with one `write` per record so that a run killed mid-way leaves
/// whole lines and at most one half line at the end (which `--resume` leaves out). Nothing is
/// kept across domains but counts: memory does not grow with their number.
///
/// A domain's record: `domain` (as given), `verdict` (`ok` or `failed`, ``Verdict``), `exitCode` (1 when
/// one of its findings reaches `--fail-on`), and its `diagnostics`, `fetches` and `routes`
/// exactly as the JSON report's elements for that domain, then, when it has some, `ignored`
/// (findings the configuration ignores, with the reason) and `folded` (findings past the cap,
/// counted). What is not about one domain — the route list's and the entitlement's findings,
/// the entitlement read, requests made outside a domain, notes about the run — comes in a
/// record whose `domain` is `null` (or SOURCE for `coverage`, below), written before the
/// first domain for what is known by then and at the end for the rest; an entry that is not a
/// domain in one with `domain` null and `unreadable` (the reason, also on standard error).
/// There is no summary line: the exit status is the run's, and `jq` counts the rest.
///
/// `coverage`: every page's decision for each app ID, one a line as it is made — `url`,
/// `appID`, `decision`, `detail`, `component` (as the JSON report's `matches`, without the
/// explanation) and the page's `section` — up to ``maxPageBytes`` of them, then the record of
/// the findings, the sitemaps' requests and the notes, whose `domain` is SOURCE as given (the
/// domain, or the local file's name), as a `check` record's is the domain as given; before the
/// tables (a domain file that cannot be read), the name of the domain file the findings are
/// about. The tables by section are the JSON report's: the last record's `leftOut` counts
/// them, with the decisions past the cap (`page`) and whatever else this format has no line
/// for.
public final class JSONLinesRenderer: Renderer {
    public static let name = "jsonl"
    public static let commands: [String]? = ["check", "coverage"]
    public static let showsEveryPage = true

    /// Most bytes of `coverage` decision lines (256 MiB): past them, decisions are counted in
    /// the last record's `leftOut` (`page`), not written, and a notice says so. A million
    /// pages of 100-character URLs for one app fit about twice over; with many app IDs a page
    /// makes a line for each, so the lines, not the sitemaps, would bound the output.
    static let maxPageBytes = 1 << 28

    private let maxPageBytes: Int

    private let run: RunInfo
    private let sink: OutputSink
    /// What the findings' record of `coverage` is about: SOURCE as given once the tables came,
    /// else the domain file read (``subject(_:)``).
    private var about: String?
    /// The record of what is not about one domain, filled until it is written.
    private var pending = Pending()
    private var leftOut = LeftOut()
    private var pageBytes = 0

    /// What the next record outside the domains holds.
    private struct Pending {
        var diagnostics: [OutputJSON] = []
        var failed = false
        var errors = 0
        var ignored: [OutputJSON] = []
        var folded: [OutputJSON] = []
        var fetches: [OutputJSON] = []
        var notes: [OutputJSON] = []
        var entitlements: [OutputJSON] = []
        var apks: [OutputJSON] = []

        var isEmpty: Bool {
            diagnostics.isEmpty && ignored.isEmpty && folded.isEmpty && fetches.isEmpty && notes.isEmpty && entitlements.isEmpty
                && apks.isEmpty
        }
    }

    public convenience init(run: RunInfo, sink: OutputSink) { self.init(run: run, sink: sink, maxPageBytes: Self.maxPageBytes) }

    /// - Parameter maxPageBytes: the bytes of decision lines written at most (tests).
    init(run: RunInfo, sink: OutputSink, maxPageBytes: Int) {
        self.run = run
        self.sink = sink
        self.maxPageBytes = maxPageBytes
    }

    /// The record of one domain.
    static func record(_ report: DomainReport) -> OutputJSON {
        var members: [(String, OutputJSON)] = [
            ("domain", .string(report.target.input)),
            ("verdict", .string(report.verdict)),
            ("exitCode", .int(Int(report.exitCode))),
            ("diagnostics", .array(report.findings.map { JSONRenderer.json($0.diagnostic) })),
            ("fetches", .array(report.fetches.map(JSONRenderer.json))),
            ("routes", .array(report.routes.map(JSONRenderer.json))),
            ("sections", .array(report.sections.map { JSONRenderer.json($0) })),
        ]
        if !report.suppressed.isEmpty { members.append(("ignored", .array(report.suppressed.map(JSONRenderer.json)))) }
        if !report.folded.isEmpty { members.append(("folded", .array(report.folded.map(JSONRenderer.json)))) }
        if !report.statements.isEmpty { members.append(("statements", .array(report.statements.map { JSONRenderer.json($0) }))) }
        if !report.origins.isEmpty { members.append(("origins", .array(report.origins.map(JSONRenderer.json)))) }
        return .object(members)
    }

    /// The file of `coverage` names the findings' record; anything else checked is named by
    /// the records' `domain`.
    public func subject(_ subject: Subject) {
        if run.command == CoverageCommand.name, about == nil, subject.kind == .domainFile { about = subject.name }
    }

    /// The tables are the JSON report's; the pages they count are every line above.
    public func coverage(_ report: CoverageReport) {
        about = report.source
        leftOut.add(.coverage, report.tables.count)
    }

    public func domain(_ report: DomainReport) {
        flush()
        sink.write(Self.record(report).jsonLine())
    }

    public func page(_ page: PageDecisions) {
        var out = ""
        for d in page.decisions {
            out += OutputJSON.object([
                ("url", .string(page.url)), ("appID", .string(d.appID)), ("decision", .string(d.decision.rawValue)),
                ("detail", .optional(d.detail)), ("component", .optional(d.component)), ("section", .string(page.section)),
            ]).jsonLine()
        }
        guard pageBytes + out.utf8.count <= maxPageBytes else {
            pageBytes = maxPageBytes
            leftOut.add(.page, page.decisions.count)
            return
        }
        pageBytes += out.utf8.count
        sink.write(out)
    }

    public func findings(_ findings: [Finding]) {
        pending.diagnostics += findings.map { JSONRenderer.json($0.diagnostic) }
        if findings.contains(where: { run.failOn.fails($0.diagnostic.severity) }) { pending.failed = true }
        pending.errors += findings.count { $0.diagnostic.severity == .error }
    }

    public func suppressed(_ suppressed: [Suppressed]) { pending.ignored += suppressed.map(JSONRenderer.json) }

    public func folded(_ folded: [Folded]) { pending.folded += folded.map(JSONRenderer.json) }

    public func fetches(_ fetches: [Fetch]) { pending.fetches += fetches.map(JSONRenderer.json) }

    public func entitlements(_ report: EntitlementsReport) { pending.entitlements.append(JSONRenderer.json(report)) }

    public func apk(_ report: ApkReport) { pending.apks.append(JSONRenderer.json(report)) }

    public func note(_ note: Note) { pending.notes.append(.string(note.text)) }

    // Results of other commands than `check` and `coverage`, counted if given.
    public func decisions(_ decisions: [MatchResult], for url: String) { leftOut.add(.decision, decisions.count) }
    public func route(_ verdict: RouteVerdict) { leftOut.add(.route) }
    public func statements(_ listing: StatementListing) { leftOut.add(.statement, listing.statements.count) }

    public func links(_ answers: [LinkAnswer]) { leftOut.add(.link, answers.count) }

    public func rules(_ table: RuleTable) { leftOut.add(.rules) }
    public func diff(_ report: DiffReport) { leftOut.add(.change, report.changes.count + report.routes.count) }
    public func documentation(_ docs: [CodeDoc], listing: Bool) { leftOut.add(.documentation, docs.count) }

    public func unreadable(_ input: UnreadableInput) {
        let record = OutputJSON.object([
            ("domain", .null), ("verdict", .string("unreadable")), ("exitCode", .int(2)),
            ("unreadable", .string(input.message)),
        ])
        sink.write(record.jsonLine())
    }

    public func finish(_ summary: RunSummary) { flush(last: true) }

    /// Writes the record of what is not about one domain, when it holds something (and, at
    /// the end, when something was left out).
    private func flush(last: Bool = false) {
        guard !pending.isEmpty || (last && !leftOut.isEmpty) else { return }
        let p = pending
        var members: [(String, OutputJSON)] = [
            ("domain", about.map(OutputJSON.string) ?? .null),
            ("verdict", .string(Verdict.of(exitCode: p.failed ? 1 : 0, errors: p.errors))),
            ("exitCode", .int(p.failed ? 1 : 0)),
            ("diagnostics", .array(p.diagnostics)),
        ]
        if !p.ignored.isEmpty { members.append(("ignored", .array(p.ignored))) }
        if !p.folded.isEmpty { members.append(("folded", .array(p.folded))) }
        if !p.fetches.isEmpty { members.append(("fetches", .array(p.fetches))) }
        if !p.entitlements.isEmpty { members.append(("entitlements", .array(p.entitlements))) }
        if !p.apks.isEmpty { members.append(("apks", .array(p.apks))) }
        var notes = p.notes
        if last, leftOut.count(.page) > 0 {
            notes.append(.string("\(leftOut.count(.page)) page decisions past the first \(maxPageBytes.grouped) bytes of lines are counted, not written; "
                + "--format json has the tables by section"))
        }
        if !notes.isEmpty { members.append(("notes", .array(notes))) }
        if last, !leftOut.isEmpty {
            members.append(("leftOut", .object(leftOut.entries.map { ($0.kind.rawValue, .int($0.count)) })))
        }
        pending = Pending()
        sink.write(OutputJSON.object(members).jsonLine())
    }
}
