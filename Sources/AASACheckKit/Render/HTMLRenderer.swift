import AASACore

/// One self-contained HTML page (`--format html`, issue 14): a verdict banner for the run and
/// for each domain or file, then for each the fetch table (origin, legacy path, browser retry,
/// Apple's CDN with its `Apple-*` headers and cache age), the findings by severity with the
/// source line and caret, and the rule table of its file per app; the route × app matrix for
/// route lists, the decisions of `match`, and the tables of `coverage`. Readable without JavaScript (there is none), no
/// external resource, a print style sheet. Blocks are built by ``HTMLPage``, which escapes
/// everything a server or a file says.
///
/// `check`'s domain sections and their lines of the overview are written to ``SpillBuffer``s
/// as they arrive, so memory does not grow with the number of domains; the page is written at
/// ``finish(_:)``, the overview (a line per domain or file) first. A file read inside another
/// (a bundle of an `.ipa`, `Shop.ipa:Payload/Shop.app`) is listed under it, and the outer
/// file's verdict and counts include it. Findings the configuration ignores are listed with
/// the reason, after the findings. Rule tables are cut at ``RuleTable/totalRowLimit`` rows
/// (issue 22: a table of every dead rule with its reason made 1.7 MB of rules a 315 MB page).
public final class HTMLRenderer: Renderer {
    public static let name = "html"
    public static let showsExcerpts = true
    public static let showsRules = true

    private let run: RunInfo
    private let sink: OutputSink
    /// `check`: one section per domain, in input order.
    private let domainSections = SpillBuffer()
    /// The overview table's rows of the domains, and how many.
    private let domainRows = SpillBuffer()
    private var domainCount = 0
    private var leftOut = LeftOut()
    /// Local files (and the route list), by label, in the order first seen.
    private var files: [FileSection] = []
    private var fetches: [Fetch] = []
    /// `match`: the rows of its decisions as they arrive (standard input may bring any number).
    private let decisionRows = SpillBuffer()
    private var verdicts: [RouteVerdict] = []
    private var coverage: CoverageReport?
    private var entitlementReports: [EntitlementsReport] = []
    private var apkReports: [ApkReport] = []
    private var diffs: [DiffReport] = []
    private var notes: [Note] = []
    private var unreadable: [UnreadableInput] = []
    private var docs: [CodeDoc] = []
    private var listing = false

    /// What the page shows about one local file.
    final class FileSection {
        let name: String
        var findings: [Finding] = []
        /// Findings past the cap of their kind, counted.
        var folded: [Folded] = []
        /// Findings the configuration ignores, with the reason.
        var suppressed: [Suppressed] = []
        var rules: RuleTable?

        init(_ name: String) { self.name = name }
    }

    public init(run: RunInfo, sink: OutputSink) {
        self.run = run
        self.sink = sink
    }

    private var fileIndex: [String: FileSection] = [:]

    private func section(_ name: String) -> FileSection {
        if let found = fileIndex[name] { return found }
        let made = FileSection(name)
        files.append(made)
        fileIndex[name] = made
        return made
    }

    public func subject(_ subject: Subject) {
        if subject.kind != .domain { _ = section(subject.name) }
    }

    public func findings(_ findings: [Finding]) {
        for f in findings { section(f.diagnostic.placeLabel).findings.append(f) }
    }

    public func folded(_ folded: [Folded]) {
        for f in folded { section(f.place).folded.append(f) }
    }

    public func suppressed(_ suppressed: [Suppressed]) {
        for s in suppressed { section(s.finding.diagnostic.placeLabel).suppressed.append(s) }
    }

    /// Not asked for (``Renderer/showsEveryPage`` is false): the coverage tables count the pages.
    public func page(_ page: PageDecisions) { leftOut.add(.page, page.decisions.count) }

    /// Findings the configuration ignores, each with the reason given.
    static func ignoredList(_ suppressed: [Suppressed]) -> String {
        guard !suppressed.isEmpty else { return "" }
        return "<h4 class=\"ignored\">Ignored by the configuration (\(suppressed.count))</h4>\n<ul class=\"findings ignored\">\n"
            + suppressed.map { s in
                HTMLPage.finding(s.finding).replacingOccurrences(of: "</li>\n", with: "<p class=\"hint\">Ignored: \(HTMLPage.text(s.reason))</p></li>\n")
            }.joined() + "</ul>\n"
    }

    /// `N more CODE findings not listed`, one line per kind past the cap.
    static func foldedLines(_ folded: [Folded]) -> String {
        folded.map { "<p>\($0.count) more \(HTMLPage.text($0.severity.rawValue))[\($0.code)] findings not listed (the first \(RunOutput.findingsPerKind) are).</p>\n" }.joined()
    }

    public func statements(_ listing: StatementListing) { leftOut.add(.statement, listing.statements.count) }

    public func links(_ answers: [LinkAnswer]) { leftOut.add(.link, answers.count) }

    public func rules(_ table: RuleTable) { section(table.subject).rules = table }

    public func fetches(_ list: [Fetch]) { fetches += list }

    public func decisions(_ decisions: [MatchResult], for url: String) {
        decisionRows.append(HTMLPage.decisionRows(url, decisions: decisions))
    }

    public func route(_ verdict: RouteVerdict) { verdicts.append(verdict) }

    public func coverage(_ report: CoverageReport) { coverage = report }

    public func entitlements(_ report: EntitlementsReport) { entitlementReports.append(report) }

    public func apk(_ report: ApkReport) { apkReports.append(report) }

    public func diff(_ report: DiffReport) { diffs.append(report) }

    public func note(_ note: Note) { notes.append(note) }

    public func documentation(_ docs: [CodeDoc], listing: Bool) {
        self.docs += docs
        self.listing = listing
    }

    public func unreadable(_ input: UnreadableInput) { unreadable.append(input) }

    /// A domain's section: banner, requests, findings, rules, route matrix.
    public func domain(_ report: DomainReport) {
        domainCount += 1
        let anchor = "domain-\(domainCount)"
        let name = report.target.input == report.target.host ? report.target.host : "\(report.target.host) (\(report.target.input))"
        domainRows.append(Self.overviewRow(name: name, anchor: anchor, verdict: report.verdict,
                                           errors: report.errors, warnings: report.warnings, infos: report.infos))
        var out = "<section class=\"subject domain\" id=\"\(anchor)\">\n"
        out += HTMLPage.banner(name, verdict: report.verdict,
                               counts: HTMLPage.counts(errors: report.errors, warnings: report.warnings, infos: report.infos))
        if !report.fetches.isEmpty {
            out += "<h3>Requests</h3>\n" + HTMLPage.fetchTable(report.fetches)
            if let addresses = report.addresses {
                out += "<p>Addresses: " + addresses.map { "<code>\(HTMLPage.text($0))</code>" }.joined(separator: ", ") + "</p>\n"
            }
        }
        out += "<h3>Findings</h3>\n" + HTMLPage.findings(report.findings) + Self.foldedLines(report.folded)
            + Self.ignoredList(report.suppressed)
        if let rules = report.rules, !rules.entries.isEmpty {
            out += "<h3>Rules of the served file</h3>\n" + HTMLPage.rules(rules, routesGiven: !report.routes.isEmpty)
        }
        if !report.routes.isEmpty { out += "<h3>Routes</h3>\n" + HTMLPage.routeMatrix(report.routes) }
        if !report.origins.isEmpty {
            out += "<h3>Web origins</h3>\n<table class=\"origins\">\n<thead><tr><th>Origin</th><th>Verdict</th><th>Why</th></tr></thead>\n<tbody>\n"
                + report.origins.map { v in
                    "<tr class=\"\(v.accepted ? "ok" : "failed")\"><td><code>\(HTMLPage.text(v.origin))</code></td><td>\(v.word)</td>"
                        + "<td>\(HTMLPage.text(v.reasonText(host: report.target.host)))</td></tr>\n"
                }.joined() + "</tbody>\n</table>\n"
            if !report.serverOrigins.isEmpty {
                out += "<p>The relying party server must accept: " + report.serverOrigins.map { "<code>\(HTMLPage.text($0))</code>" }.joined(separator: ", ") + "</p>\n"
            }
        }
        leftOut.add(.statement, report.statements.count)
        domainSections.append(out + "</section>\n")
    }

    public func finish(_ summary: RunSummary) {
        var body = "<header>\n<h1>aasa-check \(HTMLPage.text(run.command))</h1>\n"
        if !docs.isEmpty {
            sink.write(HTMLPage.head(title: "aasa-check explain") + body + "</header>\n<main>\n" + documentation() + "</main>\n" + HTMLPage.end)
            return
        }
        let verdict = HTMLPage.verdict(summary.exitCode, errors: summary.errors)
        var counts = HTMLPage.counts(errors: summary.errors, warnings: summary.warnings, infos: summary.infos)
        if let subject = summary.subject { counts = HTMLPage.text(subject) + ": " + counts }
        if summary.unreadable > 0 { counts += "; \(HTMLPage.plural(summary.unreadable, "input")) could not be read" }
        body += "<div class=\"banner run \(verdict)\" data-verdict=\"\(verdict)\"><p><strong>\(verdict)</strong> — \(counts)"
            + " (failing at \(run.failOn.rawValue))</p></div>\n</header>\n<main>\n"
        if !unreadable.isEmpty {
            body += "<section class=\"unreadable\"><h2>Inputs that could not be read</h2><ul>\n"
                + unreadable.map { "<li>\(HTMLPage.text($0.message))</li>\n" }.joined() + "</ul></section>\n"
        }
        // Local files first (the route list and entitlement of `check` hold for every domain),
        // each followed by those read inside it.
        var fileHTML = ""
        var fileRows = ""
        let ordered = Self.nested(files.map(\.name))
        func tally(_ file: FileSection) -> (e: Int, w: Int, n: Int, fails: Bool, notRead: Bool) {
            func folded(_ s: Severity) -> Int { file.folded.filter { $0.severity == s }.reduce(0) { $0 + $1.count } }
            return (file.findings.filter { $0.diagnostic.severity == .error }.count + folded(.error),
                    file.findings.filter { $0.diagnostic.severity == .warning }.count + folded(.warning),
                    file.findings.filter { $0.diagnostic.severity == .info }.count + folded(.info),
                    file.findings.contains { run.failOn.fails($0.diagnostic.severity) }
                        || file.folded.contains { run.failOn.fails($0.severity) },
                    unreadable.contains { $0.subject == file.name })
        }
        let byName = Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (i, entry) in ordered.enumerated() {
            let file = byName[entry.name]!
            // An outer file's counts and verdict include the files read inside it.
            var c = tally(file)
            for inner in entry.inner {
                let n = tally(byName[inner]!)
                c = (c.e + n.e, c.w + n.w, c.n + n.n, c.fails || n.fails, c.notRead || n.notRead)
            }
            let v = c.notRead ? "incomplete" : Verdict.of(exitCode: c.fails ? 1 : 0, errors: c.e)
            let anchor = "file-\(i + 1)"
            fileRows += Self.overviewRow(name: file.name, anchor: anchor, verdict: v, errors: c.e, warnings: c.w, infos: c.n,
                                         inner: entry.depth > 0)
            fileHTML += "<section class=\"subject file\" id=\"\(anchor)\">\n"
                + HTMLPage.banner(file.name, verdict: v, counts: HTMLPage.counts(errors: c.e, warnings: c.w, infos: c.n))
            if !entry.inner.isEmpty {
                fileHTML += "<p>Read inside it, below: " + entry.inner.map { "<code>\(HTMLPage.text($0))</code>" }.joined(separator: ", ") + "</p>\n"
            }
            let notRead = unreadable.contains { $0.subject == file.name }
            fileHTML += notRead ? "<p>Not read.</p>\n" : "<h3>Findings</h3>\n" + HTMLPage.findings(file.findings) + Self.foldedLines(file.folded)
                + Self.ignoredList(file.suppressed)
            if let rules = file.rules, !rules.entries.isEmpty {
                fileHTML += "<h3>Rules</h3>\n" + HTMLPage.rules(rules, routesGiven: !verdicts.isEmpty)
            }
            fileHTML += "</section>\n"
        }
        let showOverview = ordered.count + domainCount > 1
        if showOverview {
            body += "<h2>Overview</h2>\n<table class=\"overview\"><thead><tr><th>Domain or file</th><th>Verdict</th><th>Errors</th>"
                + "<th>Warnings</th><th>Infos</th></tr></thead><tbody>\n" + fileRows
        }
        sink.write(HTMLPage.head(title: "aasa-check \(run.command): \(verdict)") + body)
        body = ""
        if showOverview {
            domainRows.drain { sink.write($0) }
            body += "</tbody></table>\n"
        }
        if !fetches.isEmpty { body += "<h2>Requests</h2>\n" + HTMLPage.fetchTable(fetches) }
        sink.write(body)
        if !decisionRows.isEmpty {
            sink.write("<h2>Decisions</h2>\n" + HTMLPage.decisionsHead)
            decisionRows.drain { sink.write($0) }
            sink.write(HTMLPage.tableEnd)
        }
        var rest = ""
        if !verdicts.isEmpty { rest += "<h2>Routes</h2>\n" + HTMLPage.routeMatrix(verdicts) }
        if let coverage { rest += "<h2>Coverage</h2>\n" + HTMLPage.coverage(coverage) }
        rest += diffs.map(HTMLPage.diff).joined()
        rest += fileHTML
        if !entitlementReports.isEmpty { rest += entitlements() }
        if !apkReports.isEmpty { rest += apks() }
        sink.write(rest)
        domainSections.drain { sink.write($0) }
        var tail = "</main>\n"
        let remarks = notes.map(\.text) + (summary.reminder.map { [$0] } ?? [])
            + (leftOut.sentence(format: Self.name).map { [$0] } ?? [])
        if !remarks.isEmpty {
            tail += "<footer>\n" + remarks.map { "<p>\(HTMLPage.text($0))</p>\n" }.joined() + "</footer>\n"
        }
        sink.write(tail + HTMLPage.end)
    }

    /// One row of the overview table; `inner` for a file read inside the one above.
    static func overviewRow(name: String, anchor: String, verdict: String, errors: Int, warnings: Int, infos: Int, inner: Bool = false) -> String {
        "<tr\(inner ? " class=\"inner\"" : "")><td>\(inner ? "↳ " : "")<a href=\"#\(anchor)\">\(HTMLPage.text(name))</a></td><td class=\"\(verdict == "ok" ? "ok" : "bad")\">\(verdict)</td>"
            + "<td class=\"num\">\(errors)</td><td class=\"num\">\(warnings)</td><td class=\"num\">\(infos)</td></tr>\n"
    }

    /// `names` with each one read inside another (`X.ipa:Payload/A.app` inside `X.ipa`) right
    /// after the outermost one it is in: each with its depth and, for an outer one, the names
    /// inside it. The outer ones keep their order; linear in the names.
    static func nested(_ names: [String]) -> [(name: String, depth: Int, inner: [String])] {
        let known = Set(names)
        /// The outermost known name `name` is read inside (`A` for `A:B:C`), or `nil`.
        func outer(_ name: String) -> String? {
            var end = name.startIndex
            while let colon = name[end...].firstIndex(of: ":") {
                let prefix = String(name[..<colon])
                if known.contains(prefix) { return prefix }
                end = name.index(after: colon)
            }
            return nil
        }
        var inner: [String: [String]] = [:]
        var tops: [String] = []
        for name in names {
            if let o = outer(name) { inner[o, default: []].append(name) } else { tops.append(name) }
        }
        return tops.flatMap { top in [(top, 0, inner[top] ?? [])] + (inner[top] ?? []).map { ($0, 1, []) } }
    }

    private func entitlements() -> String {
        var out = "<h2>Entitlements</h2>\n<table class=\"entitlements\"><thead><tr><th>File</th><th>App ID</th><th>Build</th>"
            + "<th>Associated domains</th></tr></thead><tbody>\n"
        for r in entitlementReports {
            let domains = r.entries.map { "<code>\(HTMLPage.text($0.raw))</code>" }.joined(separator: "<br>")
            out += "<tr><td>\(HTMLPage.text(r.file.path ?? "<stdin>"))</td><td>\(HTMLPage.text(r.appIdentity?.appID ?? "—"))</td>"
                + "<td>\(r.buildKind.isRelease ? "release" : "development")</td><td>\(domains.isEmpty ? "—" : domains)</td></tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    private func apks() -> String {
        var out = "<h2>Android packages</h2>\n<table class=\"entitlements\"><thead><tr><th>File</th><th>Package</th><th>SDK</th>"
            + "<th>Certificates</th><th>App Links hosts</th><th>Notes</th></tr></thead><tbody>\n"
        func cell(_ lines: [String]) -> String { lines.isEmpty ? "—" : lines.map { "<code>\(HTMLPage.text($0))</code>" }.joined(separator: "<br>") }
        for r in apkReports {
            let notes = r.app.signatureNotes + (r.certificateNotice.map { [$0] } ?? [])
            out += "<tr><td>\(HTMLPage.text(r.app.file))</td><td>\(HTMLPage.text(r.app.package ?? "—"))</td><td>\(HTMLPage.text(r.sdkText))</td>"
                + "<td>\(cell(r.certificateLines + r.deviceLines))</td><td>\(cell(r.hostLines))</td>"
                + "<td>\(notes.isEmpty ? "—" : notes.map { HTMLPage.text($0) }.joined(separator: "<br>"))</td></tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    private func documentation() -> String {
        if listing {
            return "<table class=\"codes\"><thead><tr><th>Code</th><th>Severity</th><th>When</th></tr></thead><tbody>\n"
                + docs.map { "<tr><td><code>\($0.code.rawValue)</code></td><td>\($0.severity.rawValue)</td><td>\(HTMLPage.text($0.title))</td></tr>\n" }.joined()
                + "</tbody></table>\n"
        }
        return docs.map { doc in
            "<section class=\"code\" id=\"\(doc.code.rawValue)\"><h2>\(doc.code.rawValue) (\(doc.severity.rawValue))</h2>"
                + "<p>\(HTMLPage.text(doc.title))</p><h3>Why it matters</h3><p>\(HTMLPage.text(doc.why))</p>"
                + "<h3>How to fix it</h3><p>\(HTMLPage.text(doc.fix))</p>"
                + "<h3>Failing example</h3><pre>\(HTMLPage.text(doc.failing.displayText, keepNewlines: true))</pre>"
                + "<h3>Passing example</h3><pre>\(HTMLPage.text(doc.passing.displayText, keepNewlines: true))</pre></section>\n"
        }.joined()
    }
}
