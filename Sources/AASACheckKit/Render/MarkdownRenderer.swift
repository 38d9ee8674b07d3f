import AASACore

/// A compact Markdown summary (`--format markdown`, issue 14) for `$GITHUB_STEP_SUMMARY` and
/// pull-request comments: the run's verdict, a table with a row per domain or file (verdict,
/// counts; a file read inside another, such as a bundle of an `.ipa`, under it, the outer
/// file's verdict including it), then `match`'s decisions, `coverage`'s tables by section,
/// `diff`'s changes, the route verdicts, the entitlements read, the notes about the run, the
/// findings (severity, code, place, message) as a table, and those the configuration ignores
/// with the reason. Each part has a budget of bytes; what does not fit is counted ("and N
/// more"), and the whole is cut, as a last guard, under GitHub's limit of 65,536 characters
/// for a comment (``hardLimit``). Requests are not shown: they are counted in one closing line
/// (``LeftOut``).
///
/// Everything a server or a file says is escaped (``inline(_:)``): it cannot become a link
/// (GitHub links `https://…`, `http://…` and `www.` hosts even in plain text), an image, a
/// tag, emphasis, a table cell of its own, a mention or an issue reference.
public final class MarkdownRenderer: Renderer {
    public static let name = "markdown"

    /// Most bytes of the whole output: under GitHub's limit of 65,536 characters for a
    /// comment body (a step summary takes up to 1 MiB). Every part has a budget under it, so
    /// this cut is a last guard that a report never needs.
    static let hardLimit = 64_000
    /// Bytes for the table of domains or files.
    static let subjectBudget = 8_000
    /// Bytes for the one part a command has (`match`'s decisions, `diff`'s tables, `coverage`'s
    /// tables).
    static let detailBudget = 10_000
    /// Bytes for the route verdicts, the entitlements, the notes, the ignored findings and the
    /// inputs not read.
    static let routeBudget = 6_000
    static let entitlementsBudget = 4_000
    static let noteBudget = 3_000
    static let ignoredBudget = 4_000
    static let unreadableBudget = 2_000
    /// Bytes of the report's parts: the findings table gets what the others leave of it,
    /// and never less than ``findingFloor``.
    static let limit = 62_000
    static let findingFloor = 12_000
    /// Bytes of finding rows kept of each severity while the run goes (the table's budget is
    /// known at the end).
    static let findingCap = limit
    /// App IDs named in one coverage heading.
    static let appsPerHeading = 10

    private let run: RunInfo
    private let sink: OutputSink
    /// Rows of the table of domains or files, as written, and how many did not fit.
    private var subjectRows = Table()
    /// Local files: counts by label, in the order first seen.
    private var files: [(name: String, errors: Int, warnings: Int, infos: Int, fails: Bool)] = []
    private var fileIndex: [String: Int] = [:]
    /// Finding rows by severity (errors, warnings, infos), each list kept up to the bytes the
    /// findings table can hold; the others only counted.
    private var findingRows: [[String]] = [[], [], []]
    private var findingBytes = [0, 0, 0]
    /// Findings not in the table for want of room (the other reports list them), and those
    /// past the cap of their code and place (counted in every format).
    private var findingsCut = 0
    private var findingsFolded = 0
    private var decisionRows = Table()
    /// `diff`'s tables (app IDs, URLs decided differently, routes), within the detail budget.
    private var diffText = ""
    /// `coverage`: a table per app (apps with the same table together).
    private var coverageText = ""
    private var routeRows = Table()
    private var entitlementRows = Table()
    private var apkRows = Table()
    /// `passkeys`: each web origin's verdict.
    private var originRows = Table()
    private var noteRows = Table()
    private var ignoredRows = Table()
    /// Files that could not be read, and the lines saying so.
    private var unreadableSubjects: Set<String> = []
    private var unreadableRows = Table()
    private var docs: [CodeDoc] = []
    private var listing = false
    private var leftOut = LeftOut()
    private var isCheck: Bool { run.command == "check" }

    /// Rows kept while they fit their budget; the others only counted.
    struct Table {
        var text = ""
        var more = 0

        mutating func add(_ row: String, budget: Int) {
            if more == 0 && text.utf8.count + row.utf8.count <= budget { text += row } else { more += 1 }
        }
    }

    public init(run: RunInfo, sink: OutputSink) {
        self.run = run
        self.sink = sink
    }

    public func subject(_ subject: Subject) {
        if subject.kind != .domain { _ = fileIndex(subject.name) }
    }

    private func fileIndex(_ name: String) -> Int {
        if let i = fileIndex[name] { return i }
        files.append((name, 0, 0, 0, false))
        fileIndex[name] = files.count - 1
        return files.count - 1
    }

    private func count(_ severity: Severity, _ n: Int, in name: String) {
        let i = fileIndex(name)
        switch severity {
        case .error: files[i].errors += n
        case .warning: files[i].warnings += n
        case .info: files[i].infos += n
        }
        if run.failOn.fails(severity) { files[i].fails = true }
    }

    public func findings(_ findings: [Finding]) {
        for f in findings {
            count(f.diagnostic.severity, 1, in: f.diagnostic.placeLabel)
            addFinding(f.diagnostic)
        }
    }

    /// Findings past the cap of their kind: counted in their file's row and in the closing
    /// line of the findings (every format counts them; none lists them).
    public func folded(_ folded: [Folded]) {
        for f in folded {
            count(f.severity, f.count, in: f.place)
            findingsFolded += f.count
        }
    }

    public func suppressed(_ suppressed: [Suppressed]) {
        for s in suppressed { addIgnored(s) }
    }

    private func addIgnored(_ s: Suppressed) {
        let d = s.finding.diagnostic
        ignoredRows.add("| \(d.code.rawValue) | \(Self.inline(d.place)) | \(Self.inline(d.message)) | \(Self.inline(s.reason)) |\n",
                        budget: Self.ignoredBudget)
    }

    /// Requests are counted in the closing line; the html and json reports list them.
    public func fetches(_ fetches: [Fetch]) { leftOut.add(.fetch, fetches.count) }

    public func statements(_ listing: StatementListing) { leftOut.add(.statement, listing.statements.count) }

    public func links(_ answers: [LinkAnswer]) { leftOut.add(.link, answers.count) }

    public func rules(_ table: RuleTable) { leftOut.add(.rules) }

    public func page(_ page: PageDecisions) { leftOut.add(.page, page.decisions.count) }

    public func domain(_ report: DomainReport) {
        findingsFolded += report.folded.reduce(0) { $0 + $1.count }
        let name = report.target.input == report.target.host ? report.target.host : report.target.input
        subjectRows.add(Self.subjectRow(name, verdict: report.verdict, report.errors, report.warnings, report.infos, asName: true),
                        budget: Self.subjectBudget)
        for f in report.findings { addFinding(f.diagnostic) }
        for s in report.suppressed { addIgnored(s) }
        for v in report.routes { addRoute(v, domain: report.target.host) }
        leftOut.add(.fetch, report.fetches.count)
        leftOut.add(.statement, report.statements.count)
        for v in report.origins {
            originRows.add("| \(Self.name(report.target.host)) | \(Self.name(v.origin)) | \(v.accepted ? "✅ " : "❌ ")\(v.word) | "
                               + "\(Self.inline(v.reasonText(host: report.target.host))) |\n", budget: Self.routeBudget)
        }
    }

    public func decisions(_ decisions: [MatchResult], for url: String) {
        for m in decisions {
            decisionRows.add("| \(Self.name(url)) | \(Self.inline(m.appID)) | \(m.decision.rawValue) | \(Self.inline(m.explanation)) |\n",
                             budget: Self.detailBudget)
        }
    }

    public func route(_ verdict: RouteVerdict) { addRoute(verdict, domain: nil) }

    /// A row of the routes table: the route, what it expects, the app, the verdict (failing
    /// ones marked), and for `check` the domain.
    private func addRoute(_ v: RouteVerdict, domain: String?) {
        let verdict = (v.ok ? "✅ " : "❌ ") + v.decision.rawValue + (v.coverage.map { " [\($0.rawValue)]" } ?? "")
        let head = isCheck ? "| \(Self.name(domain ?? "")) " : ""
        routeRows.add(head + "| \(Self.inline(v.route.text)) | \(v.route.expect.rawValue) | \(Self.inline(v.appID)) | \(Self.inline(verdict)) |\n",
                      budget: Self.routeBudget)
    }

    public func entitlements(_ report: EntitlementsReport) {
        let domains = report.entries.count
        entitlementRows.add("| \(Self.inline(report.source.description)) | \(Self.inline(report.appIdentity?.appID ?? "—")) | "
                                + "\(report.buildKind.isRelease ? "release" : "development") | \(domains) |\n",
                            budget: Self.entitlementsBudget)
    }

    /// A row per package: its package name, SDK levels, certificates and web hosts.
    public func apk(_ report: ApkReport) {
        let a = report.app
        let certificates = (report.certificateLines + report.deviceLines.map { "devices " + $0 }).map(Self.inline).joined(separator: "<br>")
        let hosts = report.hostLines.map(Self.inline).joined(separator: "<br>")
        let notes = (a.signatureNotes + (report.certificateNotice.map { [$0] } ?? [])).map(Self.inline).joined(separator: "<br>")
        apkRows.add("| \(Self.inline(a.file)) | \(Self.inline(a.package ?? "—")) | \(Self.inline(report.sdkText)) | "
                        + "\(certificates.isEmpty ? "—" : certificates) | \(hosts.isEmpty ? "—" : hosts) | \(notes.isEmpty ? "—" : notes) |\n",
                    budget: Self.entitlementsBudget)
    }

    public func note(_ note: Note) {
        guard !(run.quiet && note.kind == .remark) else { return }
        noteRows.add("- \(Self.inline(note.text))\n", budget: Self.noteBudget)
    }

    /// `diff`: app IDs added or removed, each change of decision with its example URL and both
    /// rules, the parts not fully compared, the routes whose verdict changed.
    public func diff(_ report: DiffReport) {
        var left = Self.detailBudget - diffText.utf8.count
        func table(_ title: String, _ head: String, _ rows: [String], _ noun: String) {
            guard !rows.isEmpty else { return }
            var t = Table()
            for row in rows { t.add(row, budget: max(0, left)) }
            left -= t.text.utf8.count
            diffText += "### \(title)\n\n\(head)\(t.text)" + (t.more > 0 ? "\n_and \(t.more) more \(noun)_\n" : "") + "\n"
        }
        func rule(_ l: RuleLocation?) -> String { l.map { Self.inline($0.name) } ?? "no rule" }
        let ids = report.changes.filter { $0.kind == .appID }
        table("App IDs", "| Service | App ID | Change |\n| --- | --- | --- |\n", ids.map {
            "| \($0.service.rawValue) | \(Self.inline($0.appID)) | \($0.to == .listed ? "➕ newly listed" : "➖ no longer listed") |\n"
        }, "app ID changes")
        let decisions = report.changes.filter { $0.kind == .decision }
        table("URLs decided differently", "| App ID | Example URL | Old | New | Rule in old | Rule in new |\n| --- | --- | --- | --- | --- | --- |\n",
              decisions.map {
                  "| \(Self.inline($0.appsLabel)) | \(Self.inline($0.example ?? "")) | \(Self.inline($0.from.name)) | "
                      + "\($0.isLoss ? "❌ " : ($0.isGain ? "➕ " : ""))\(Self.inline($0.to.name)) | \(rule($0.old)) | \(rule($0.new)) |\n"
              }, "changes")
        table("Not fully compared", "| App ID | Why | Rules |\n| --- | --- | --- |\n", report.incomplete.map {
            "| \(Self.inline($0.appID)) | \(Self.inline($0.reasonPhrase)) | \(Self.inline($0.rulesSummary)) |\n"
        }, "parts")
        table("Routes whose verdict changed", "| App ID | Route | Expects | Old | New |\n| --- | --- | --- | --- | --- |\n", report.routes.map {
            "| \(Self.inline($0.appID)) | \(Self.inline($0.route.text)) | \($0.route.expect.rawValue) | \(Self.inline($0.before.diffPhrase)) | "
                + "\($0.isRegression ? "❌ " : "")\(Self.inline($0.after.diffPhrase)) |\n"
        }, "routes")
        if let sentence = report.noChangeSentence {
            diffText += Self.inline(sentence) + "\n\n"
        }
    }

    /// `coverage`: per app (apps with the same table together), the sections with the most
    /// pages (pages, open, excluded, no match), within the detail budget: headings included,
    /// at most ``appsPerHeading`` app IDs named in each, and the apps past the budget counted.
    public func coverage(_ report: CoverageReport) {
        var out = "### Coverage of \(Self.name(report.host))\n\n\(report.pages.grouped) pages from "
            + "\(HTMLPage.plural(report.sitemaps.count, "sitemap"))"
            + (report.otherHostPages > 0 ? "; \(report.otherHostPages.grouped) more on other hosts, counted apart" : "") + ".\n\n"
        let groups = report.groupedTables
        let head = "| Section | Pages | Open | Excluded | No match |\n| --- | ---: | ---: | ---: | ---: |\n"
        var appsLeftOut = 0
        // Each group an equal share of the budget, or room for its heading and a few rows if
        // that is more: the first groups are shown, those past the budget counted.
        let share = max(Self.detailBudget / max(1, groups.count), 700)
        for (apps, rows, open) in groups {
            var names = apps.prefix(Self.appsPerHeading).map { Self.inline($0) }.joined(separator: ", ")
            if apps.count > Self.appsPerHeading { names += " and \(apps.count - Self.appsPerHeading) more apps" }
            let heading = names + ": \(open.grouped) of \(report.pages.grouped) pages open the app\n\n"
            let room = min(share, Self.detailBudget - out.utf8.count) - heading.utf8.count - head.utf8.count - 40
            guard appsLeftOut == 0, room >= 64 else {
                appsLeftOut += apps.count
                continue
            }
            var table = Table()
            for row in rows {
                table.add("| \(Self.inline(row.section)) | \(row.pages.grouped) | \(row.match.grouped) | \(row.exclude.grouped) | \(row.noMatch.grouped) |\n",
                          budget: room)
            }
            out += heading + head + table.text
            if table.more > 0 { out += "\n_and \(table.more) more rows_\n" }
            out += "\n"
        }
        if appsLeftOut > 0 { out += "_and \(appsLeftOut) more apps (the json report has every table)_\n\n" }
        coverageText = out
    }

    public func documentation(_ docs: [CodeDoc], listing: Bool) {
        self.docs += docs
        self.listing = listing
    }

    public func unreadable(_ input: UnreadableInput) {
        if let subject = input.subject { unreadableSubjects.insert(subject) }
        unreadableRows.add("- ⚠️ not read: \(Self.inline(input.message))\n", budget: Self.unreadableBudget)
    }

    private func addFinding(_ d: Diagnostic) {
        let k = d.severity == .error ? 0 : (d.severity == .warning ? 1 : 2)
        let row = "| \(Self.severity(d.severity)) | \(d.code.rawValue) | \(Self.inline(d.place)) | \(Self.inline(d.message)) |\n"
        guard findingBytes[k] + row.utf8.count <= Self.findingCap else {
            findingsCut += 1
            return
        }
        findingRows[k].append(row)
        findingBytes[k] += row.utf8.count
    }

    public func finish(_ summary: RunSummary) {
        if !docs.isEmpty {
            sink.write(Self.bounded(documentation()))
            return
        }
        let verdict = HTMLPage.verdict(summary.exitCode, errors: summary.errors)
        var out = "## aasa-check \(run.command): \(Self.verdictMark(verdict)) \(verdict)\n\n"
        var counts = HTMLPage.counts(errors: summary.errors, warnings: summary.warnings, infos: summary.infos)
        if let subject = summary.subject { counts = Self.inline(subject) + ": " + counts }
        if summary.ignored > 0 { counts += ", \(summary.ignored) ignored by the configuration" }
        out += counts + " (failing at \(run.failOn.rawValue))\n\n"
        if !unreadableRows.text.isEmpty {
            out += unreadableRows.text
            if unreadableRows.more > 0 { out += "- and \(unreadableRows.more) more inputs not read\n" }
            out += "\n"
        }
        if !isCheck {
            // A file read inside another (a bundle of an .ipa) under it; the outer one's
            // verdict and counts include it.
            for entry in HTMLRenderer.nested(files.map(\.name)) {
                var f = files[fileIndex[entry.name]!]
                var notRead = unreadableSubjects.contains(f.name)
                for inner in entry.inner {
                    let n = files[fileIndex[inner]!]
                    f = (f.name, f.errors + n.errors, f.warnings + n.warnings, f.infos + n.infos, f.fails || n.fails)
                    notRead = notRead || unreadableSubjects.contains(inner)
                }
                subjectRows.add(Self.subjectRow((entry.depth > 0 ? "↳ " : "") + f.name, verdict: notRead ? "incomplete" : Verdict.of(exitCode: f.fails ? 1 : 0, errors: f.errors),
                                                f.errors, f.warnings, f.infos, escapingFrom: entry.depth > 0 ? 2 : 0), budget: Self.subjectBudget)
            }
        }
        if !subjectRows.text.isEmpty {
            out += "| \(isCheck ? "Domain" : "File") | Verdict | Errors | Warnings | Infos |\n| --- | --- | ---: | ---: | ---: |\n"
            out += subjectRows.text
            if subjectRows.more > 0 { out += "\n_and \(subjectRows.more) more \(isCheck ? "domains" : "files")_\n" }
            out += "\n"
        }
        if !decisionRows.text.isEmpty {
            out += "### Decisions\n\n| URL | App ID | Decision | Why |\n| --- | --- | --- | --- |\n" + decisionRows.text
            if decisionRows.more > 0 { out += "\n_and \(decisionRows.more) more decisions_\n" }
            out += "\n"
        }
        out += coverageText
        out += diffText
        if !routeRows.text.isEmpty {
            out += "### Routes\n\n" + (isCheck ? "| Domain " : "") + "| Route | Expects | App ID | Verdict |\n"
                + (isCheck ? "| --- " : "") + "| --- | --- | --- | --- |\n" + routeRows.text
            if routeRows.more > 0 { out += "\n_and \(routeRows.more) more route verdicts (the html or json report has them all)_\n" }
            out += "\n"
        }
        if !originRows.text.isEmpty {
            out += "### Web origins\n\n| RP ID | Origin | Verdict | Why |\n| --- | --- | --- | --- |\n" + originRows.text
            if originRows.more > 0 { out += "\n_and \(originRows.more) more_\n" }
            out += "\n"
        }
        if !apkRows.text.isEmpty {
            out += "### Android packages\n\n| File | Package | SDK | Certificates | App Links hosts | Notes |\n| --- | --- | --- | --- | --- | --- |\n" + apkRows.text
            if apkRows.more > 0 { out += "\n_and \(apkRows.more) more_\n" }
            out += "\n"
        }
        if !entitlementRows.text.isEmpty {
            out += "### Entitlements\n\n| File | App ID | Build | Associated domains |\n| --- | --- | --- | ---: |\n" + entitlementRows.text
            if entitlementRows.more > 0 { out += "\n_and \(entitlementRows.more) more_\n" }
            out += "\n"
        }
        var after = ""
        if !ignoredRows.text.isEmpty {
            after += "### Ignored by the configuration\n\n| Code | Where | Message | Reason |\n| --- | --- | --- | --- |\n" + ignoredRows.text
            if ignoredRows.more > 0 { after += "\n_and \(ignoredRows.more) more ignored findings (the json report has them all)_\n" }
            after += "\n"
        }
        if !noteRows.text.isEmpty {
            after += "### Notes\n\n" + noteRows.text
            if noteRows.more > 0 { after += "- and \(noteRows.more) more notes\n" }
            after += "\n"
        }
        leftOut.add(.origin, originRows.more)
        if let sentence = leftOut.sentence(format: Self.name) { after += "_\(Self.inline(sentence))_\n" }
        // Errors first, then warnings, then infos, as many as the room the other parts leave.
        let budget = max(Self.findingFloor, Self.limit - out.utf8.count - after.utf8.count)
        var table = Table()
        for rows in findingRows { for row in rows { table.add(row, budget: budget) } }
        let cut = table.more + findingsCut
        if !table.text.isEmpty {
            out += "### Findings\n\n| Severity | Code | Where | Message |\n| --- | --- | --- | --- |\n" + table.text
            if cut > 0 { out += "\n_and \(cut) more finding\(cut == 1 ? "" : "s") not shown here for want of room (the html, json or text report lists them)_\n" }
        }
        if findingsFolded > 0 {
            out += "\n_and \(findingsFolded) more finding\(findingsFolded == 1 ? "" : "s") past the first \(RunOutput.findingsPerKind) of their code in one file, "
                + "counted but listed in no format_\n"
        }
        if !table.text.isEmpty || findingsFolded > 0 { out += "\n" }
        out += after
        sink.write(Self.bounded(out))
    }

    /// `text` cut at the last line that fits in ``hardLimit`` bytes, with a line saying so:
    /// the budgets keep every report under it; this guards the limit whatever they miss.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > hardLimit else { return text }
        let note = "\n_… cut at \(hardLimit) bytes of \(text.utf8.count) (the html or json report has everything)_\n"
        var bytes = Array(text.utf8.prefix(hardLimit - note.utf8.count))
        while let last = bytes.last, last != 0x0A { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self) + note
    }

    private func documentation() -> String {
        if listing {
            return "| Code | Severity | When |\n| --- | --- | --- |\n"
                + docs.map { "| \($0.code.rawValue) | \($0.severity.rawValue) | \(Self.inline($0.title)) |\n" }.joined()
        }
        return docs.map { doc in
            "## \(doc.code.rawValue) (\(doc.severity.rawValue))\n\n\(Self.inline(doc.title))\n\n**Why it matters:** \(Self.inline(doc.why))\n\n"
                + "**How to fix it:** \(Self.inline(doc.fix))\n\nFailing example:\n\n\(Self.fenced(doc.failing.displayText))\n"
                + "Passing example:\n\n\(Self.fenced(doc.passing.displayText))\n"
        }.joined(separator: "\n")
    }

    // MARK: Pieces

    /// - Parameters:
    ///   - escapingFrom: how many leading characters of `name` are ours (`↳ `) and not escaped.
    ///   - asName: `name` is a domain as given (``name(_:)``), not a file's path (``inline(_:)``).
    static func subjectRow(_ name: String, verdict: String, _ errors: Int, _ warnings: Int, _ infos: Int, escapingFrom: Int = 0,
                           asName: Bool = false) -> String {
        let rest = String(name.dropFirst(escapingFrom))
        let shown = String(name.prefix(escapingFrom)) + (asName ? Self.name(rest) : inline(rest))
        return "| \(shown) | \(verdictMark(verdict)) \(verdict) | \(errors) | \(warnings) | \(infos) |\n"
    }

    static func verdictMark(_ verdict: String) -> String {
        switch verdict {
        case "ok": return "✅"
        case "failed": return "❌"
        default: return "⚠️"
        }
    }

    static func severity(_ s: Severity) -> String {
        switch s {
        case .error: return "❌ error"
        case .warning: return "⚠️ warning"
        case .info: return "ℹ️ info"
        }
    }

    /// Text from anywhere as inline Markdown (a table cell, a list item): unsafe characters
    /// made visible (``SafeText``); `&`, `<` and `>` as character references (no tag or
    /// entity); `@` and `#` as character references followed by a zero-width joiner (no
    /// mention, issue reference or e-mail link: GitHub finds those in the rendered text, where
    /// the references are plain `@` and `#` again); the characters that open inline Markdown —
    /// `\`, `` ` ``, `*`, `_`, `[`, `]`, `~`, `|` — escaped with a backslash (no emphasis, code
    /// span, link or image without a `[`, strikethrough or extra table cell); and the starts of
    /// GitHub's extended autolinks broken with a zero-width joiner — `:` + ZWJ + `//` (no
    /// `https://`, `http://`, `ftp://` link) and `www` + ZWJ + `.` — so no URL in a server's
    /// text becomes a link. The joiner is invisible; a URL copied from the page carries it.
    static func inline(_ s: String) -> String {
        let escaped = HTMLPage.replacing(SafeText.escape(s)) { u in
            switch u {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "@": return "&#64;\u{200D}"
            case "#": return "&#35;\u{200D}"
            case "\\", "`", "*", "_", "[", "]", "~", "|": return "\\" + String(u)
            default: return nil
            }
        }
        return breakingAutolinks(escaped)
    }

    /// A cell or heading that is one name — a host, a URL, an origin — as a code span, so that
    /// it reads and copies as itself: GitHub makes no link, mention or markup inside a code
    /// span, where ``inline(_:)`` must break a URL with an invisible joiner that a copied host
    /// then carries. Unsafe characters are still made visible (``SafeText``, which also writes
    /// every line break as an escape). ``inline(_:)`` when a code span cannot hold the text:
    /// empty, a space at either end (the span would drop it), a backtick, or a `|` (it ends a
    /// table cell even inside a span).
    static func name(_ s: String) -> String {
        let safe = SafeText.escape(s)
        guard let first = safe.first, let last = safe.last, first != " ", last != " ",
              !safe.contains(where: { $0 == "`" || $0 == "|" }) else { return inline(s) }
        return "`" + safe + "`"
    }

    /// `s` with `://` and every `www.` (any case) broken by a zero-width joiner. Linear.
    static func breakingAutolinks(_ s: String) -> String {
        guard s.contains("://") || s.lowercased().contains("www.") else { return s }
        var out = String.UnicodeScalarView()
        let u = Array(s.unicodeScalars)
        var i = 0
        while i < u.count {
            out.append(u[i])
            if u[i] == ":", i + 2 < u.count, u[i + 1] == "/", u[i + 2] == "/" {
                out.append("\u{200D}")
            } else if i >= 2, u[i] == "w" || u[i] == "W", i + 1 < u.count, u[i + 1] == ".",
                      ["w", "W"].contains(u[i - 1]), ["w", "W"].contains(u[i - 2]) {
                out.append("\u{200D}")
            }
            i += 1
        }
        return String(out)
    }

    /// Our own example text in a fence longer than any run of `~` inside it.
    static func fenced(_ s: String) -> String {
        var longest = 0, run = 0
        for c in s {
            run = c == "~" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "~", count: max(3, longest + 1))
        return "\(fence)\n\(SafeText.escape(s, keepNewlines: true))\n\(fence)\n"
    }
}
