import AASACore

/// Where a command's results go: the one place where the configuration's `ignore` is applied,
/// long quoted text is cut, findings are counted and the exit status is decided.
///
/// A command hands over typed results as it has them, in the order a person should read them
/// (the text format prints them in that order); ``RunOutput`` passes each on to the renderer of
/// the chosen format (``Renderer``). The driver (``AASACheck``) makes it before the command
/// runs and calls ``finish(subject:reminder:)`` after, which gives the exit status.
///
/// Used from one thread.
public final class RunOutput {
    public let info: RunInfo
    let renderer: any Renderer
    let sink: OutputSink
    private let console: Console
    private let showsExcerpts: Bool
    /// Codes the configuration ignores, with the reason given.
    private let ignored: [DiagnosticCode: String]
    /// File bytes by the label findings use, for source lines.
    private var sources: [String: [UInt8]] = [:]
    private var summary = RunSummary()
    private var unreadable: [String] = []

    /// - Parameter ignored: codes the configuration ignores, with the reason given.
    public init(format: OutputFormat, info: RunInfo, console: Console, ignored: [(code: DiagnosticCode, reason: String)] = []) {
        self.info = info
        self.console = console
        sink = OutputSink(console: console)
        renderer = format.renderer.init(run: info, sink: sink)
        showsExcerpts = format.renderer.showsExcerpts
        var byCode: [DiagnosticCode: String] = [:]
        for (code, reason) in ignored where byCode[code] == nil { byCode[code] = reason }
        self.ignored = byCode
    }

    /// Writes standard output through `writer` from now on (a progress line that clears itself).
    func routeOutput(through writer: @escaping (String) -> Void) { sink.interposer = writer }

    // MARK: Results

    /// The bytes of a file findings point into (`label` as they name it), for source lines.
    public func source(_ label: String, _ bytes: [UInt8]) {
        if showsExcerpts { sources[label] = bytes }
    }

    public func subject(_ name: String, kind: Subject.Kind) {
        renderer.subject(Subject(name, kind: kind))
    }

    /// Findings of the command; those of a `check` domain go in its ``DomainReport``.
    public func findings(_ diagnostics: [Diagnostic]) {
        let kept = prepared(diagnostics, sources: sources)
        guard !kept.isEmpty else { return }
        let (errors, warnings, infos) = Self.count(kept)
        summary.errors += errors
        summary.warnings += warnings
        summary.infos += infos
        if kept.contains(where: { info.failOn.fails($0.diagnostic.severity) }) { failed = true }
        renderer.findings(kept)
    }

    public func fetches(_ fetches: [Fetch]) {
        if !fetches.isEmpty { renderer.fetches(fetches) }
    }

    /// `match`: the decisions for one URL, explanations cut.
    public func decisions(_ decisions: [MatchResult], for url: String) {
        renderer.decisions(decisions.map { m in
            var m = m
            m.explanation = SafeText.clipRuns(m.explanation)
            return m
        }, for: url)
    }

    /// `routes`: one verdict, its explanation cut.
    public func route(_ verdict: RouteVerdict) {
        var v = verdict
        v.explanation = SafeText.clipRuns(v.explanation)
        renderer.route(v)
    }

    /// `check`: the record of one domain, made from its outcome as soon as it is judged (in
    /// completion order): ignored codes dropped, text cut, source lines taken from the served
    /// body and the run's sources, counts and exit status. The bodies are not kept.
    /// - Parameters:
    ///   - extra: findings added to the outcome's (route list, entitlement cross-check).
    ///   - routes: route verdicts for the domain.
    public func report(for outcome: DomainOutcome, adding extra: [Diagnostic] = [], routes: [RouteVerdict] = []) -> DomainReport {
        var sources = self.sources
        if showsExcerpts, let body = outcome.hosting.servedBody {
            sources[outcome.fileLabel] = body
        }
        let findings = prepared(outcome.diagnostics + extra, sources: sources)
        var report = DomainReport(target: outcome.target, fetches: outcome.fetches, addresses: outcome.addresses,
                                  findings: findings, routes: routes.map { v in
                                      var v = v
                                      v.explanation = SafeText.clipRuns(v.explanation)
                                      return v
                                  })
        (report.errors, report.warnings, report.infos) = Self.count(findings)
        report.exitCode = findings.contains { info.failOn.fails($0.diagnostic.severity) } ? 1 : 0
        return report
    }

    /// `check`: one domain's record, in input order.
    public func domain(_ report: DomainReport) {
        summary.errors += report.errors
        summary.warnings += report.warnings
        summary.infos += report.infos
        if report.exitCode != 0 { failed = true }
        renderer.domain(report)
    }

    public func entitlements(_ report: EntitlementsReport) { renderer.entitlements(report) }

    /// Whether the format shows every page of `coverage` (so they are worth making).
    public var showsEveryPage: Bool { type(of: renderer).showsEveryPage }

    /// `coverage`: the tables, example URLs cut.
    public func coverage(_ report: CoverageReport) {
        var r = report
        r.tables = r.tables.map { table in
            (table.appID, table.rows.map { row in
                var row = row
                row.matchExample = row.matchExample.map { SafeText.clip($0, limit: SitemapProtocol.maxLocLength) }
                row.excludeExample = row.excludeExample.map { SafeText.clip($0, limit: SitemapProtocol.maxLocLength) }
                row.noMatchExample = row.noMatchExample.map { SafeText.clip($0, limit: SitemapProtocol.maxLocLength) }
                return row
            })
        }
        r.otherHostExample = r.otherHostExample.map { SafeText.clip($0, limit: SitemapProtocol.maxLocLength) }
        renderer.coverage(r)
    }

    /// `coverage`: one page's decisions, for a format that shows them.
    public func page(_ page: PageDecisions) { renderer.page(page) }

    public func note(_ text: String, kind: Note.Kind = .remark) { renderer.note(Note(text, kind: kind)) }

    public func documentation(_ docs: [CodeDoc], listing: Bool) { renderer.documentation(docs, listing: listing) }

    /// Records an input that could not be read (exit status 2): `subject` is the file or
    /// input as the report names it, `message` the one-line reason.
    public func unreadable(_ message: String, subject: String? = nil) {
        let message = SafeText.clipRuns(message)
        unreadable.append(message)
        renderer.unreadable(UnreadableInput(subject: subject, message: message))
    }

    public func unreadable(_ input: UnreadableInput) { unreadable(input.message, subject: input.subject) }

    /// Whether an input could not be read so far.
    public var hasUnreadable: Bool { !unreadable.isEmpty }

    // MARK: End

    /// Ends the run: the renderer writes what it still holds, the reasons inputs could not be
    /// read go to standard error.
    /// - Parameters:
    ///   - subject: what the text summary line is about; `nil` for no summary line.
    ///   - reminder: a closing sentence shown when nothing failed and every input was read.
    /// - Returns: the exit status: 2 when an input could not be read, else 1 when a finding
    ///   reaches `--fail-on`, else 0.
    @discardableResult
    public func finish(subject: String? = nil, reminder: String? = nil) -> Int32 {
        summary.unreadable = unreadable.count
        summary.exitCode = !unreadable.isEmpty ? 2 : (failed ? 1 : 0)
        summary.subject = subject
        summary.reminder = reminder
        renderer.finish(summary)
        for line in unreadable { console.err("aasa-check: \(SafeText.message(line))\n") }
        return summary.exitCode
    }

    // MARK: Preparation

    private var failed = false

    /// The findings kept (codes not ignored), long runs of their text cut, with source lines
    /// when the format shows them.
    private func prepared(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> [Finding] {
        var kept: [Finding] = []
        kept.reserveCapacity(diagnostics.count)
        for d in diagnostics where ignored[d.code] == nil {
            var d = d
            d.message = SafeText.clipRuns(d.message)
            d.hint = d.hint.map { SafeText.clipRuns($0) }
            var excerpt: SourceExcerpt?
            if showsExcerpts, let location = d.location, location.offset >= 0, let bytes = sources[d.placeLabel] {
                excerpt = SourceExcerpt(bytes, location)
            }
            kept.append(Finding(d, excerpt: excerpt))
        }
        return kept
    }

    /// Errors, warnings and infos among `findings`.
    private static func count(_ findings: [Finding]) -> (Int, Int, Int) {
        var errors = 0, warnings = 0, infos = 0
        for f in findings {
            switch f.diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
        }
        return (errors, warnings, infos)
    }
}
