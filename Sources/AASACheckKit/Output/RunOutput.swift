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
    private let showsRules: Bool
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
        showsRules = format.renderer.showsRules
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

    /// Most findings of one code in one place handed on one by one (in every format); the
    /// others are counted (``Folded``), so a 3.6 MB input cannot make a report of 64 MB.
    public static let findingsPerKind = 100

    /// Findings of the command; those of a `check` domain go in its ``DomainReport``.
    public func findings(_ diagnostics: [Diagnostic]) {
        let p = prepared(diagnostics, sources: sources, cap: &runCap)
        summary.errors += p.errors
        summary.warnings += p.warnings
        summary.infos += p.infos
        summary.ignored += p.ignored
        if p.failed { failed = true }
        if !p.shown.isEmpty { renderer.findings(p.shown) }
        if !p.suppressed.isEmpty { renderer.suppressed(p.suppressed) }
        if !p.folded.isEmpty { renderer.folded(p.folded) }
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

    /// The rules of a local domain file, for formats that show them: what each decides, the
    /// listed routes it decides, and why a dead one never decides (from `findings`).
    public func rules(of compiled: CompiledDocument?, subject: String, host: String?, findings: [Diagnostic], verdicts: [RouteVerdict] = []) {
        guard showsRules, let compiled else { return }
        renderer.rules(RuleTable(subject: subject, compiled: compiled, host: host, findings: findings, verdicts: verdicts))
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
        if showsExcerpts, let body = outcome.hosting?.servedBody {
            sources[outcome.fileLabel] = body
        }
        if showsExcerpts, let list = outcome.statementList {
            // The main file under its label, each include under its URL (as findings name them).
            for (i, record) in list.records.enumerated() where record.isOK {
                sources[i == 0 ? AssetLinksKind.fileLabel(for: outcome.target.host) : record.url] = record.body
            }
        }
        if showsExcerpts, let webauthn = outcome.sections.lazy.compactMap({ $0.judgement.model as? WebAuthnDeployment }).first,
           let last = webauthn.chain.last, last.isOK {
            sources[WebAuthnKind.fileLabel(for: outcome.target.host)] = last.body
        }
        var cap = Cap()
        let p = prepared(outcome.diagnostics + extra, sources: sources, cap: &cap)
        var report = DomainReport(target: outcome.target, fetches: outcome.fetches, addresses: outcome.addresses,
                                  findings: p.shown, routes: routes.map { v in
                                      var v = v
                                      v.explanation = SafeText.clipRuns(v.explanation)
                                      return v
                                  })
        report.suppressed = p.suppressed
        report.folded = p.folded
        report.ignored = p.ignored
        (report.errors, report.warnings, report.infos) = (p.errors, p.warnings, p.infos)
        // The rules of the copy that decides (Apple's CDN copy when it does), as the route
        // verdicts beside them were judged; the file as written when none is read.
        if showsRules, let compiled = outcome.deployed?.deciding ?? outcome.hosting?.validation?.compiled {
            let byCDN = outcome.deployed.flatMap { $0.decidedBy == .cdn && $0.deciding != nil ? $0.decidingLabel : nil }
            let subject = byCDN ?? outcome.fileLabel
            report.rules = RuleTable(subject: subject, compiled: compiled, host: outcome.target.host,
                                     findings: p.shown.map(\.diagnostic), verdicts: routes.filter { $0.platform != AssetLinksKind.platform })
        }
        report.exitCode = p.failed ? 1 : 0
        report.statements = outcome.statementList?.listing() ?? []
        // A section per kind: the findings of its codes (the route list's and the entitlement's
        // are Apple's, for now the only kind that judges them).
        report.sections = outcome.sections.map { section in
            var s = DomainSection(kind: section.kind.id, platform: section.kind.platform, url: section.kind.fileURL(for: outcome.target.host))
            for f in p.shown where f.diagnostic.code.prefix == section.kind.codePrefix {
                switch f.diagnostic.severity {
                case .error: s.errors += 1
                case .warning: s.warnings += 1
                case .info: s.infos += 1
                }
                if info.failOn.fails(f.diagnostic.severity) { s.exitCode = 1 }
            }
            return s
        }
        return report
    }

    /// `check`: one domain's record, in input order.
    public func domain(_ report: DomainReport) {
        summary.errors += report.errors
        summary.warnings += report.warnings
        summary.infos += report.infos
        summary.ignored += report.ignored
        if report.exitCode != 0 { failed = true }
        renderer.domain(report)
    }

    public func entitlements(_ report: EntitlementsReport) { renderer.entitlements(report) }

    /// `apk`: one package or manifest as read; its strings come from the file, so each is cut.
    public func apk(_ report: ApkReport) {
        var r = report
        r.app.package = r.app.package.map { SafeText.clipRuns($0) }
        r.app.hosts = r.app.hosts.map { h in
            var h = h
            h.host = SafeText.clipRuns(h.host)
            h.paths = h.paths.map { AndroidApp.Path(attribute: $0.attribute, value: SafeText.clipRuns($0.value)) }
            return h
        }
        renderer.apk(r)
    }

    /// A statement list read by `validate` or `match` (JSON `statements`).
    public func statements(_ listing: StatementListing) { renderer.statements(listing) }

    /// `match --relation`: the answers to Google's check question (JSON `links`).
    public func links(_ answers: [LinkAnswer]) { renderer.links(answers) }

    /// Whether the format shows every page of `coverage` (so they are worth making).
    public var showsEveryPage: Bool { type(of: renderer).showsEveryPage }

    /// Rows of `coverage` tables handed on in one run, every app's table together: each table
    /// keeps `max(`` minimumCoverageRows ``, budget / tables)` rows and adds the sections after
    /// them into its `(other sections)` row, so output stays a small multiple of the input
    /// (500 app IDs × 500 sections were 250,000 rows, 72 MB of JSON) and every table still adds
    /// up to the pages read. A note says how many sections were added up, in every format.
    public static let coverageRowBudget = 2_000
    /// The rows each table keeps whatever the number of tables (its largest sections, then
    /// `(other sections)`).
    public static let minimumCoverageRows = 4

    /// `coverage`: the tables within ``coverageRowBudget``, example URLs cut.
    public func coverage(_ report: CoverageReport) {
        var r = report
        let perTable = max(Self.minimumCoverageRows, Self.coverageRowBudget / max(1, r.tables.count))
        var foldedSections = 0, foldedTables = 0
        r.tables = r.tables.map { table in
            let (rows, folded) = CoverageRow.folding(table.rows, toAtMost: perTable)
            if folded > 0 { foldedSections += folded; foldedTables += 1 }
            return (table.appID, rows.map { row in
                var row = row
                row.matchExample = row.matchExample.map { SafeText.clip($0, limit: SitemapProtocol.maxLocLength) }
                row.excludeExample = row.excludeExample.map { SafeText.clip($0, limit: SitemapProtocol.maxLocLength) }
                row.noMatchExample = row.noMatchExample.map { SafeText.clip($0, limit: SitemapProtocol.maxLocLength) }
                return row
            })
        }
        r.otherHostExample = r.otherHostExample.map { SafeText.clip($0, limit: SitemapProtocol.maxLocLength) }
        renderer.coverage(r)
        if foldedSections > 0 {
            let apps = r.tables.count == 1 ? "the table" : "\(foldedTables.grouped) of the \(r.tables.count.grouped) apps' tables"
            note("Coverage tables list at most \(perTable.grouped) rows each here (\(Self.coverageRowBudget.grouped) rows in a run): in \(apps), "
                 + "\(foldedSections.grouped) smaller section\(foldedSections == 1 ? " is" : "s are") added into \(SiteCoverage.overflowSection). "
                 + "Every page is still counted, and --format jsonl gives each page's decision; give fewer --app-id to list more sections.")
        }
    }

    /// `coverage`: one page's decisions, for a format that shows them.
    public func page(_ page: PageDecisions) { renderer.page(page) }

    /// `diff`: the changes, the rule texts and explanations they quote cut.
    public func diff(_ report: DiffReport) {
        var r = report
        func clip(_ l: RuleLocation?) -> RuleLocation? {
            l.map { l in
                var l = l
                l.text = l.text.map { SafeText.clipRuns($0) }
                return l
            }
        }
        r.changes = r.changes.map { c in
            var c = c
            c.old = clip(c.old)
            c.new = clip(c.new)
            c.example = c.example.map { SafeText.clipRuns($0) }
            return c
        }
        r.routes = r.routes.map { c in
            var c = c
            c.before.explanation = SafeText.clipRuns(c.before.explanation)
            c.after.explanation = SafeText.clipRuns(c.after.explanation)
            return c
        }
        renderer.diff(r)
    }

    /// A sentence about the run, its long runs cut (it may quote a file or a server).
    public func note(_ text: String, kind: Note.Kind = .remark) { renderer.note(Note(SafeText.clipRuns(text), kind: kind)) }

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

    /// Findings counted per code and place, for the cap.
    struct Cap {
        var shown: [String: Int] = [:]
        var suppressed: [String: Int] = [:]
    }

    /// The findings of one command across the run.
    private var runCap = Cap()

    /// Findings made ready for the renderer.
    private struct Prepared {
        var shown: [Finding] = []
        var suppressed: [Suppressed] = []
        var folded: [Folded] = []
        var errors = 0, warnings = 0, infos = 0, ignored = 0
        /// A counted finding reaches `--fail-on`.
        var failed = false
    }

    /// Applies the run's rules to findings: codes the configuration ignores are set apart
    /// with their reason; long runs of text are cut; source lines are added when the format
    /// shows them; past ``findingsPerKind`` of one code in one place (counted in `cap`),
    /// findings are counted but not listed. Every finding not ignored counts, listed or not.
    private func prepared(_ diagnostics: [Diagnostic], sources: [String: [UInt8]], cap: inout Cap) -> Prepared {
        var p = Prepared()
        var foldedKeys: [String] = []
        var folded: [String: Folded] = [:]
        for d in diagnostics {
            let key = d.code.rawValue + "\u{0}" + d.placeLabel
            if let reason = ignored[d.code] {
                p.ignored += 1
                let n = cap.suppressed[key, default: 0]
                cap.suppressed[key] = n + 1
                if n < Self.findingsPerKind { p.suppressed.append(Suppressed(finding(d, sources), reason: reason)) }
                continue
            }
            switch d.severity {
            case .error: p.errors += 1
            case .warning: p.warnings += 1
            case .info: p.infos += 1
            }
            if info.failOn.fails(d.severity) { p.failed = true }
            let n = cap.shown[key, default: 0]
            cap.shown[key] = n + 1
            if n < Self.findingsPerKind {
                p.shown.append(finding(d, sources))
            } else if folded[key] == nil {
                foldedKeys.append(key)
                folded[key] = Folded(code: d.code, severity: d.severity, place: d.placeLabel, target: d.target, file: d.file,
                                     source: d.source, count: 1)
            } else {
                folded[key]!.count += 1
                if d.severity > folded[key]!.severity { folded[key]!.severity = d.severity }
            }
        }
        p.folded = foldedKeys.map { folded[$0]! }
        return p
    }

    /// `d` ready for the renderer: long runs of its text cut, with its source line when shown.
    private func finding(_ d: Diagnostic, _ sources: [String: [UInt8]]) -> Finding {
        var d = d
        d.message = SafeText.clipRuns(d.message)
        d.hint = d.hint.map { SafeText.clipRuns($0) }
        var excerpt: SourceExcerpt?
        if showsExcerpts, let location = d.location, location.offset >= 0, let bytes = sources[d.placeLabel] {
            excerpt = SourceExcerpt(bytes, location)
        }
        return Finding(d, excerpt: excerpt)
    }

}
