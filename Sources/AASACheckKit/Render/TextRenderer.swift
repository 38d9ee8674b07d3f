import AASACore

/// Compiler-style text for people (spec `cli.md`, Text output): `label:line:col:
/// severity[CODE]: message`, the source line with a caret, the hint; `check`'s block per
/// domain; `match`'s decisions and `routes`' verdicts; a one-line summary.
///
/// Written as results arrive, in the order the command gives them: nothing is kept but what
/// decides the layout (whether decisions or verdicts came before the findings) and counts.
///
/// Every result shows: requests as `role GET url → status …` lines under their domain (at
/// most ``maxFetchLines`` outside `check`'s domain blocks, the others counted), findings the
/// configuration ignores and inputs not read counted in the summary line (the reasons go to
/// standard error), and what it has no place for (a rule table, a page's decision) named in
/// one `note:` line at the end (``LeftOut``). A file checked without findings is counted in
/// the summary line.
public final class TextRenderer: Renderer {
    public static let name = "text"
    public static let isForPeople = true
    public static let showsExcerpts = true

    public let style: Style
    private let run: RunInfo
    private let sink: OutputSink
    /// The last file or domain named as a subject (the heading of `match`'s findings).
    private var document: String?
    private var sawDecisions = false
    private var sawVerdicts = false
    private var findingsHeaded = false
    private var lastApp: String?
    /// The domain the last request line was under, and how many request lines were written.
    private var lastFetchTarget: String?
    private var fetchLines = 0
    private var leftOut = LeftOut()

    public init(run: RunInfo, sink: OutputSink) {
        self.run = run
        self.sink = sink
        style = run.style
    }

    /// Names the heading of `match`'s findings; the file itself is counted in the summary line.
    public func subject(_ subject: Subject) { document = subject.name }

    /// Counted in the summary line (`1 ignored by the configuration`); JSON lists them.
    public func suppressed(_ suppressed: [Suppressed]) {}

    /// Most request lines written outside `check`'s domain blocks (a `coverage` run may read a
    /// thousand sitemaps); the others are counted.
    static let maxFetchLines = 40

    /// Requests outside a domain record (`match` or `routes` of a domain, the entitlement's
    /// domains, `coverage`'s sitemaps): a line each under the domain they were for.
    public func fetches(_ fetches: [Fetch]) {
        guard !run.quiet else { return }
        var out = ""
        // Roles longer than Apple's (statement-list, trailing-dot-host) widen the column, never cut.
        let width = max(8, (fetches.map(\.role.rawValue.count).max() ?? 0) + 1)
        for fetch in fetches {
            guard fetchLines < Self.maxFetchLines else {
                leftOut.add(.fetch)
                continue
            }
            fetchLines += 1
            if fetch.target != lastFetchTarget {
                out += style.bold(SafeText.escape(fetch.target)) + "\n"
                lastFetchTarget = fetch.target
            }
            out += "  " + fetch.role.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + Self.line(fetch) + "\n"
        }
        sink.write(out)
    }

    /// Not asked for (``Renderer/showsRules`` is false); counted if given.
    public func statements(_ listing: StatementListing) {
        guard !run.quiet, !listing.statements.isEmpty else { return }
        sink.write(listing.statements.map { SafeText.value(listing.subject) + ": grants " + Self.line($0) + "\n" }.joined())
    }

    public func links(_ answers: [LinkAnswer]) {
        var out = ""
        for a in answers {
            let target: String
            switch a.target {
            case .web(let site): target = "web " + site.origin
            case .androidApp(let p, let f): target = "android_app " + SafeText.escape(p, limit: 120) + " " + f
            }
            out += (a.linked ? style.green("linked    ") : style.red("not linked")) + " " + SafeText.escape(a.sourceName ?? a.source.description, limit: 200)
                + " " + (a.linked ? "grants" : "does not grant") + " " + SafeText.escape(a.relation, limit: 120) + " to " + target + "\n"
        }
        sink.write(out)
    }

    public func rules(_ table: RuleTable) { leftOut.add(.rules) }

    /// Not asked for (``Renderer/showsEveryPage`` is false): the tables count the pages.
    public func page(_ page: PageDecisions) { leftOut.add(.page, page.decisions.count) }

    /// Counted in the summary line; the reason goes to standard error (``RunOutput``).
    public func unreadable(_ input: UnreadableInput) {}

    public func findings(_ findings: [Finding]) {
        var out = ""
        if !findingsHeaded {
            findingsHeaded = true
            // Findings after the decisions of `match` get a heading, after the verdicts of
            // `routes` a blank line.
            if sawDecisions, !run.quiet {
                out += "\nFindings in \(SafeText.escape(document ?? "the file")):\n"
            } else if sawVerdicts {
                out += "\n"
            }
        }
        for f in findings { out += render(f) }
        sink.write(out)
    }

    public func folded(_ folded: [Folded]) { sink.write(folded.map(render).joined()) }

    public func decisions(_ decisions: [MatchResult], for url: String) {
        sawDecisions = true
        var out = ""
        for (i, m) in decisions.enumerated() {
            if i == 0 { out += style.bold(SafeText.value(m.url)) + "\n" }
            let word: String
            switch m.decision {
            case .match: word = style.green("match   ")
            case .exclude: word = style.yellow("exclude ")
            case .noMatch: word = style.red("no_match")
            }
            out += "  \(word) \(SafeText.value(m.appID))\n           \(SafeText.message(m.explanation))\n"
        }
        sink.write(out)
    }

    public func route(_ v: RouteVerdict) {
        sawVerdicts = true
        // --quiet: only the routes that fail.
        guard !(run.quiet && v.ok) else { return }
        var out = ""
        if v.appID != lastApp {
            out += style.bold(SafeText.escape(v.appID)) + "\n"
            lastApp = v.appID
        }
        let mark = v.ok ? style.green("ok  ") : style.red("FAIL")
        let coverage = v.coverage.map { " [\($0.rawValue)]" } ?? ""
        let rule = v.rule.map { " \($0.isLegacyPath ? "paths" : "components")[\($0.index)] `\($0.text)`" } ?? ""
        out += "  \(mark) \(SafeText.value(v.route.text)) (\(v.route.expect.rawValue)) → \(v.decision.rawValue)\(coverage)\(SafeText.message(rule))\n"
        if v.coverage == .sometimes {
            out += "         \(SafeText.message(v.explanation))\n"
        }
        sink.write(out)
    }

    /// Most rows shown per app; `--format json` lists every row `RunOutput.coverage` keeps.
    static let maxCoverageRows = 30

    /// A line about the site, then per app (apps with the same table together) a table by
    /// section with an example page of each kind under each row.
    public func coverage(_ report: CoverageReport) {
        guard !run.quiet else { return }
        sawVerdicts = true
        let files = report.sitemaps.count
        var out = style.bold(SafeText.escape(report.host)) + ": \(report.pages.grouped) page\(report.pages == 1 ? "" : "s") from \(files) sitemap\(files == 1 ? "" : "s")"
        if report.otherHostPages > 0 {
            out += "; \(report.otherHostPages.grouped) more on other hosts, counted apart"
                + (report.otherHostExample.map { " (\(SafeText.value($0)))" } ?? "")
        }
        out += "\n"
        // Apps of one details entry decide alike: one table for them.
        for group in report.groupedTables {
            out += "\n" + group.appIDs.map { style.bold(SafeText.value($0)) }.joined(separator: ", ")
                + ": \(group.open.grouped) of \(report.pages.grouped) page\(report.pages == 1 ? "" : "s") open the app\n"
            out += Self.coverageTable(group.rows, style: style)
        }
        sink.write(out)
    }

    /// `diff`: app ID changes by service, then each app's decision changes ordered by URL
    /// (decision before → after, the rule in OLD → the rule in NEW), what could not be
    /// compared, and the routes whose verdict changed.
    public func diff(_ report: DiffReport) {
        sawVerdicts = true
        var out = ""
        // RunOutput.diff has cut the examples and rule texts already: cut again, a cut value
        // would be counted at its cut length.
        func rule(_ l: RuleLocation?) -> String {
            guard let l else { return "no rule" }
            return SafeText.escape(l.name)
        }
        func word(_ state: ChangeState) -> String {
            switch state {
            case .decision(.match): return style.green("match")
            case .decision(.exclude): return style.yellow("exclude")
            case .decision(.noMatch): return style.red("no_match")
            case .listed: return style.green("listed")
            case .absent: return style.red("absent")
            }
        }
        for service in AASAService.allCases {
            let ids = report.changes.filter { $0.kind == .appID && $0.service == service }
            guard !ids.isEmpty else { continue }
            out += style.bold(service.rawValue) + "\n"
            for c in ids {
                out += "  \(c.to == .listed ? style.green("+") : style.red("-")) \(SafeText.value(c.appID)) \(c.to == .listed ? "newly listed" : "no longer listed")\n"
            }
        }
        var apps: [String] = []
        for c in report.changes where c.kind == .decision && !apps.contains(c.appID) { apps.append(c.appID) }
        for g in report.incomplete where !apps.contains(g.appID) { apps.append(g.appID) }
        for app in apps {
            let changes = report.changes.filter { $0.kind == .decision && $0.appID == app }
            out += style.bold(SafeText.escape(changes.first?.appsLabel ?? app)) + "\n"
            let width = min(40, (changes.map { ($0.example ?? "").count }.max() ?? 0) + 2)
            for c in changes where !(run.quiet && !c.isLoss && !c.isGain) {
                let example = SafeText.escape(c.example ?? "")
                let pad = String(repeating: " ", count: max(1, width - example.count))
                out += "  \(example)\(pad)\(word(c.from)) → \(word(c.to))\n"
                out += "      " + style.dim("old: ") + rule(c.old) + "\n"
                out += "      " + style.dim("new: ") + rule(c.new) + "\n"
            }
            for g in report.incomplete where g.appID == app {
                out += "  " + style.yellow("not fully compared") + " (\(g.reasonPhrase)): " + SafeText.message(g.rulesSummary) + "\n"
            }
        }
        if !report.routes.isEmpty {
            out += style.bold("Routes") + "\n"
            var last: String?
            for c in report.routes {
                if c.appID != last {
                    out += "  " + style.bold(SafeText.escape(c.appID)) + "\n"
                    last = c.appID
                }
                let mark = c.isRegression ? style.red("FAIL") : (c.isFix ? style.green("ok  ") : "    ")
                out += "    \(mark) \(SafeText.value(c.route.text)) (\(c.route.expect.rawValue)): \(c.before.diffPhrase) → \(c.after.diffPhrase)\n"
            }
        }
        if let sentence = report.noChangeSentence, !run.quiet {
            out += SafeText.escape(sentence) + "\n"
        }
        sink.write(out)
    }

    /// The rows of one app's table, at most ``maxCoverageRows``, each with its example pages.
    static func coverageTable(_ rows: [CoverageRow], style: Style) -> String {
        guard !rows.isEmpty else { return "  no page of this host was read\n" }
        let shown = rows.prefix(Self.maxCoverageRows)
        let sections = shown.map { SafeText.value($0.section, limit: 60) }
        let width = max(7, sections.map(\.count).max() ?? 0)
        let numbers = shown.map { [$0.pages, $0.match, $0.exclude, $0.noMatch].map(\.grouped) }
        let headers = ["pages", "open", "excluded", "no match"]
        let widths = (0..<4).map { c in max(headers[c].count, numbers.map { $0[c].count }.max() ?? 0) }
        func line(_ first: String, _ cells: [String]) -> String {
            "  " + first.padding(toLength: width, withPad: " ", startingAt: 0)
                + zip(cells, widths).map { "  " + String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }.joined() + "\n"
        }
        var out = style.dim(line("section", headers))
        for (row, (section, cells)) in zip(shown, zip(sections, numbers)) {
            out += line(section, cells)
            let pad = String(repeating: " ", count: width + 4)
            for (word, example) in [("open    ", row.matchExample), ("excluded", row.excludeExample), ("no match", row.noMatchExample)] {
                if let example { out += pad + style.dim(word) + "  " + SafeText.value(example) + "\n" }
            }
        }
        if rows.count > shown.count {
            let more = rows.count - shown.count
            out += "  … \(more.grouped) more row\(more == 1 ? "" : "s") (--format json lists \(more == 1 ? "it" : "them"))\n"
        }
        return out
    }

    /// What was fetched, the findings, a one-line verdict.
    public func domain(_ report: DomainReport) {
        var out = ""
        let host = report.target.host
        if !run.quiet {
            // The entry as written (`example.com?mode=developer`, `https://Example.com/`).
            out += style.bold(SafeText.escape(report.target.input.trimmingWhitespace)) + "\n"
            // Apple's roles fit in 8 columns; Android's (`statement-list`, `include`) widen them.
            let width = max(8, (report.fetches.map(\.role.rawValue.count).max() ?? 0) + 1)
            for fetch in report.fetches {
                out += "  " + fetch.role.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + Self.line(fetch) + "\n"
            }
            for s in report.statements {
                out += "  " + "grants".padding(toLength: width, withPad: " ", startingAt: 0) + Self.line(s) + "\n"
            }
            for v in report.origins {
                out += "  " + "origin".padding(toLength: width, withPad: " ", startingAt: 0)
                    + SafeText.escape(v.origin) + "  " + style.bold(v.word) + " — " + SafeText.escape(v.reasonText(host: host)) + "\n"
            }
            if !report.serverOrigins.isEmpty {
                out += "  " + "server".padding(toLength: width, withPad: " ", startingAt: 0)
                    + "must accept " + report.serverOrigins.map { SafeText.escape($0) }.joined(separator: ", ") + "\n"
            }
            if let addresses = report.addresses {
                out += "  " + "address".padding(toLength: 8, withPad: " ", startingAt: 0)
                    + addresses.map { SafeText.escape($0) }.joined(separator: ", ") + "\n"
            }
            // `--routes`: say they were judged, even when every verdict is as expected (the
            // routes that are not have their findings below).
            // One line per platform when Android's routes were judged too.
            let platforms = report.routes.contains { $0.platform == AssetLinksKind.platform }
                ? [("ios", "routes (iOS)"), (AssetLinksKind.platform, "routes (Android)")] : [("ios", "routes")]
            for (platform, label) in platforms {
                let verdicts = report.routes.filter { $0.platform == platform }
                guard !verdicts.isEmpty else { continue }
                let ok = verdicts.filter(\.ok).count
                out += "  " + label.padding(toLength: max(8, label.count + 1), withPad: " ", startingAt: 0)
                    + "\(ok) of \(verdicts.count) as the route list expects"
                    + (ok < verdicts.count ? "; the others below" : "") + "\n"
            }
        }
        for f in report.findings { out += render(f) }
        out += report.folded.map(render).joined()
        if !run.quiet {
            out += summaryLine(errors: report.errors, warnings: report.warnings, infos: report.infos, ignored: report.ignored,
                               exitCode: report.exitCode, subject: host) + "\n"
        }
        sink.write(out)
    }

    /// One listed statement: `delegate_permission/common.handle_all_urls to android_app com.shop.app AA:BB:…`.
    static func line(_ s: ListedStatement) -> String {
        let target: String
        switch s.target {
        case .web(let site): target = "web " + site.origin
        case .androidApp(let p, let f): target = "android_app " + SafeText.escape(p, limit: 120) + " " + f
        }
        return SafeText.escape(s.relation, limit: 120) + " to " + target
    }

    /// A short account of what was read: the app ID and the domains.
    public func entitlements(_ result: EntitlementsReport) {
        guard !run.quiet else { return }
        var out = style.bold(SafeText.escape(result.file.path ?? "<stdin>")) + ": "
        if result.isRepeat {
            sink.write(out + "the same entitlements as the slice before\n")
            return
        }
        if let profile = result.file.profile {
            out += "provisioning profile"
            if let name = profile.name { out += " \"\(SafeText.escape(name))\"" }
            out += profile.grantsAssociatedDomains ? ", grants Associated Domains" : ", no Associated Domains"
        } else {
            let n = result.entries.count
            out += "\(n) associated domain\(n == 1 ? "" : "s")"
        }
        if let identity = result.appIdentity {
            out += "; app ID \(SafeText.escape(identity.appID))"
        }
        out += "; \(result.buildKind.isRelease ? "release" : "development") build"
        if result.file.profile == nil, let profile = result.signingProfile {
            out += "; profile" + (profile.name.map { " \"\(SafeText.escape($0))\"" } ?? "")
            if let expiry = profile.expirationDate { out += " (expires \(ProvisioningProfile.format(expiry)))" }
        }
        sink.write(out + "\n")
    }

    /// The package, its SDK levels, certificates, what devices verify and its web hosts.
    public func apk(_ report: ApkReport) {
        guard !run.quiet else { return }
        let a = report.app
        var out = style.bold(SafeText.escape(a.file)) + ": \(report.kindText)"
        out += " \(SafeText.escape(a.package ?? "(no package)")), \(report.sdkText)\n"
        for line in report.certificateLines { out += "  certificate \(SafeText.escape(line))\n" }
        for line in report.deviceLines { out += "  devices \(SafeText.escape(line))\n" }
        for line in report.hostLines { out += "  host \(SafeText.escape(line))\n" }
        if a.hosts.isEmpty {
            out += a.unresolvedHosts > 0
                ? "  no host that can be judged: \(a.unresolvedHosts) <data android:host> \(a.unresolvedHosts == 1 ? "is a placeholder or a resource reference" : "are placeholders or resource references") (DAL615); give the APK or the merged manifest\n"
                : "  no web link filter (action VIEW, category BROWSABLE, http or https)\n"
        }
        for note in a.signatureNotes + (report.certificateNotice.map { [$0] } ?? []) {
            out += "  " + style.dim("note: ") + SafeText.escape(note) + "\n"
        }
        sink.write(out)
    }

    public func note(_ note: Note) {
        switch note.kind {
        case .remark, .notice:
            if !run.quiet { sink.write(style.dim("note: ") + SafeText.escape(note.text) + "\n") }
        case .advice:
            sink.write(SafeText.escape(note.text) + "\n")
        }
    }

    public func documentation(_ docs: [CodeDoc], listing: Bool) {
        if listing {
            for doc in docs {
                sink.write("\(style.bold(doc.code.rawValue))  \(doc.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(doc.title)\n")
            }
            return
        }
        for doc in docs {
            sink.write("""
            \(style.bold(doc.code.rawValue)) (\(doc.severity.rawValue)): \(doc.title)

            Why it matters: \(doc.why)

            How to fix it: \(doc.fix)

            Failing example:
            \(Self.indent(doc.failing.displayText))

            Passing example:
            \(Self.indent(doc.passing.displayText))


            """)
        }
    }

    public func finish(_ summary: RunSummary) {
        guard !run.quiet else { return }
        var out = ""
        if let subject = summary.subject {
            out += summaryLine(errors: summary.errors, warnings: summary.warnings, infos: summary.infos, ignored: summary.ignored,
                               exitCode: summary.exitCode, subject: subject)
        }
        if let sentence = leftOut.sentence(format: Self.name) { out += style.dim("note: ") + sentence + "\n" }
        if let reminder = summary.reminder, summary.errors == 0, summary.unreadable == 0 {
            out += style.dim(reminder) + "\n"
        }
        sink.write(out)
    }

    // MARK: Pieces

    /// One finding, with its source line when known.
    func render(_ f: Finding) -> String {
        let d = f.diagnostic
        let sev: String
        switch d.severity {
        case .error: sev = style.red(style.bold("error"))
        case .warning: sev = style.yellow(style.bold("warning"))
        case .info: sev = style.cyan("info")
        }
        var out = "\(style.bold(SafeText.escape(d.place))): \(sev)[\(d.code)]: \(SafeText.message(d.message))\n"
        if let loc = d.location, let excerpt = f.excerpt {
            let gutter = String(loc.line)
            let pad = String(repeating: " ", count: gutter.count)
            out += style.dim(" \(gutter) | ") + excerpt.line + "\n"
            out += style.dim(" \(pad) | ") + String(repeating: " ", count: excerpt.caretColumn) + style.green("^") + "\n"
        }
        if let hint = d.hint { out += "  " + style.dim("hint:") + " " + SafeText.message(hint) + "\n" }
        return out
    }

    /// Findings of a kind past the cap: how many more, and where.
    func render(_ f: Folded) -> String {
        "\(style.bold(SafeText.escape(f.place))): \(f.count) more \(f.severity.rawValue)[\(f.code)] finding\(f.count == 1 ? "" : "s") "
            + "not listed (the first \(RunOutput.findingsPerKind) are)\n"
    }

    /// `subject: N errors, N warnings, N infos[, N ignored] — ok|failed|incomplete`
    /// (``Verdict``); ignored findings (the configuration's `ignore`) are named when there are some.
    func summaryLine(errors: Int, warnings: Int, infos: Int, ignored: Int = 0, exitCode: Int32, subject: String) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var counts = "\(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(infos, "info"))"
        if ignored > 0 { counts += ", \(ignored) ignored by the configuration" }
        let word = Verdict.of(exitCode: exitCode, errors: errors)
        let verdict = (word == "ok" ? style.green(word) : style.red(word)) + Verdict.exitNote(exitCode: exitCode, errors: errors)
        return "\(subject): \(counts) — \(verdict)\n"
    }

    /// `GET URL → 200 application/json, 498 bytes (gzip, 275 on the wire), 12 ms, 127.0.0.1`.
    static func line(_ fetch: Fetch) -> String {
        let r = fetch.record
        var s = "GET " + SafeText.escape(r.url)
        if fetch.role == .browser {
            s += " (as a browser)"
        } else if fetch.asBrowser {
            s += r.userAgent.isEmpty ? " (empty User-Agent)" : " (User-Agent " + SafeText.value(r.userAgent) + ")"
        }
        if let error = r.error {
            return s + " → " + error.kind.rawValue + ": " + SafeText.escape(error.message)
        }
        s += " → \(r.status ?? 0)"
        if let type = fetch.header("content-type") { s += " " + SafeText.escape(type) }
        s += r.truncated ? ", over \(fetch.bytes - 1) bytes" : ", \(fetch.bytes) bytes"
        if let enc = r.contentEncoding {
            s += " (\(SafeText.escape(enc))" + (r.wireBytes.map { ", \($0) on the wire" } ?? "") + ")"
        }
        if let ms = r.timeMs { s += ", \(Int(ms.rounded())) ms" }
        if let ip = r.primaryIP { s += ", " + SafeText.escape(ip) }
        return s
    }

    /// A code's example as `explain` prints it: whole (it is the documentation, and our own
    /// bounded text; Markdown and HTML print it whole too), escaped, each line indented by four
    /// spaces.
    static func indent(_ s: String) -> String {
        SafeText.escape(s, keepNewlines: true).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    " + $0 }.joined(separator: "\n")
    }
}

extension String {
    var trimmingWhitespace: String {
        String(unicodeScalars.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed().map(Character.init))
    }
}
