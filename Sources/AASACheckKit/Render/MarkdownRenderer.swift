import AASACore

/// A compact Markdown summary (`--format markdown`, issue 14) for `$GITHUB_STEP_SUMMARY` and
/// pull-request comments: the run's verdict, a table with a row per domain or file (verdict,
/// counts), then the findings (severity, code, place, message) as a table; `match` adds its
/// decisions, `coverage` its tables by section and `diff` its changes. Cut to fit a GitHub comment (65,536 characters), with "and N more" for what was
/// left out.
///
/// Everything a server or a file says is escaped (``inline(_:)``): it cannot become a link, an
/// image, a tag, emphasis, a table cell of its own, a mention or an issue reference.
public final class MarkdownRenderer: Renderer {
    public static let name = "markdown"

    /// Most bytes of tables written: under GitHub's limit of 65,536 characters for a comment
    /// body (a step summary takes up to 1 MiB), with room for headings and closing lines.
    static let limit = 62_000
    /// Bytes for the table of domains or files, and for `match`'s decisions.
    static let subjectBudget = 14_000
    /// Bytes for the inputs that could not be read.
    static let unreadableBudget = 2_000

    private let run: RunInfo
    private let sink: OutputSink
    /// Rows of the table of domains or files, as written, and how many did not fit.
    private var subjectRows = Table()
    /// Local files: counts by label, in the order first seen.
    private var files: [(name: String, errors: Int, warnings: Int, infos: Int)] = []
    /// Finding rows by severity (errors, warnings, infos), each list kept up to the bytes the
    /// findings table can hold; the others only counted.
    private var findingRows: [[String]] = [[], [], []]
    private var findingBytes = [0, 0, 0]
    private var findingsLeftOut = 0
    private var decisionRows = Table()
    /// `diff`'s tables (app IDs, URLs decided differently, routes), within the decisions' budget.
    private var diffText = ""
    /// `coverage`: a table per app (apps with the same table together).
    private var coverageText = ""
    /// Files that could not be read, and the lines saying so.
    private var unreadableSubjects: Set<String> = []
    private var unreadableRows = Table()
    private var docs: [CodeDoc] = []
    private var listing = false
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
        if let i = files.firstIndex(where: { $0.name == name }) { return i }
        files.append((name, 0, 0, 0))
        return files.count - 1
    }

    public func findings(_ findings: [Finding]) {
        for f in findings {
            let i = fileIndex(f.diagnostic.placeLabel)
            switch f.diagnostic.severity {
            case .error: files[i].errors += 1
            case .warning: files[i].warnings += 1
            case .info: files[i].infos += 1
            }
            addFinding(f.diagnostic)
        }
    }

    /// Findings past the cap of their kind: counted in their file's row and in the "more".
    public func folded(_ folded: [Folded]) {
        for f in folded {
            let i = fileIndex(f.place)
            switch f.severity {
            case .error: files[i].errors += f.count
            case .warning: files[i].warnings += f.count
            case .info: files[i].infos += f.count
            }
            findingsLeftOut += f.count
        }
    }

    public func domain(_ report: DomainReport) {
        findingsLeftOut += report.folded.reduce(0) { $0 + $1.count }
        let name = report.target.input == report.target.host ? report.target.host : report.target.input
        subjectRows.add(Self.subjectRow(name, verdict: report.verdict, report.errors, report.warnings, report.infos),
                        budget: Self.subjectBudget)
        for f in report.findings { addFinding(f.diagnostic) }
    }

    public func decisions(_ decisions: [MatchResult], for url: String) {
        for m in decisions {
            decisionRows.add("| \(Self.inline(url)) | \(Self.inline(m.appID)) | \(m.decision.rawValue) | \(Self.inline(m.explanation)) |\n",
                             budget: Self.subjectBudget)
        }
    }

    /// `diff`: app IDs added or removed, each change of decision with its example URL and both
    /// rules, the parts not fully compared, the routes whose verdict changed.
    public func diff(_ report: DiffReport) {
        var left = Self.subjectBudget - diffText.utf8.count
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
                  "| \(Self.inline($0.appID)) | \(Self.inline($0.example ?? "")) | \(Self.inline($0.from.name)) | "
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

    /// `coverage`: per app, the sections with the most pages (pages, open, excluded, no match),
    /// within the byte budget of the decisions.
    public func coverage(_ report: CoverageReport) {
        var out = "### Coverage of \(Self.inline(report.host))\n\n\(report.pages.grouped) pages from "
            + "\(HTMLPage.plural(report.sitemaps.count, "sitemap"))"
            + (report.otherHostPages > 0 ? "; \(report.otherHostPages.grouped) more on other hosts, counted apart" : "") + ".\n\n"
        for (apps, rows, open) in report.groupedTables {
            out += apps.map { Self.inline($0) }.joined(separator: ", ") + ": \(open.grouped) of \(report.pages.grouped) pages open the app\n\n"
            var table = Table()
            for row in rows {
                table.add("| \(Self.inline(row.section)) | \(row.pages.grouped) | \(row.match.grouped) | \(row.exclude.grouped) | \(row.noMatch.grouped) |\n",
                          budget: Self.subjectBudget / max(1, report.tables.count))
            }
            out += "| Section | Pages | Open | Excluded | No match |\n| --- | ---: | ---: | ---: | ---: |\n" + table.text
            if table.more > 0 { out += "\n_and \(table.more) more sections_\n" }
            out += "\n"
        }
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

    /// Bytes for the findings table.
    static var findingBudget: Int { limit - subjectBudget * 2 - unreadableBudget }

    private func addFinding(_ d: Diagnostic) {
        let k = d.severity == .error ? 0 : (d.severity == .warning ? 1 : 2)
        let row = "| \(Self.severity(d.severity)) | \(d.code.rawValue) | \(Self.inline(d.place)) | \(Self.inline(d.message)) |\n"
        guard findingBytes[k] + row.utf8.count <= Self.findingBudget else {
            findingsLeftOut += 1
            return
        }
        findingRows[k].append(row)
        findingBytes[k] += row.utf8.count
    }

    public func finish(_ summary: RunSummary) {
        if !docs.isEmpty {
            sink.write(documentation())
            return
        }
        let verdict = HTMLPage.verdict(summary.exitCode)
        var out = "## aasa-check \(run.command): \(Self.verdictMark(verdict)) \(verdict)\n\n"
        var counts = HTMLPage.counts(errors: summary.errors, warnings: summary.warnings, infos: summary.infos)
        if let subject = summary.subject { counts = Self.inline(subject) + ": " + counts }
        out += counts + " (failing at \(run.failOn.rawValue))\n\n"
        if !unreadableRows.text.isEmpty {
            out += unreadableRows.text
            if unreadableRows.more > 0 { out += "- and \(unreadableRows.more) more inputs not read\n" }
            out += "\n"
        }
        if !isCheck {
            for file in files {
                let notRead = unreadableSubjects.contains(file.name)
                let failed = (run.failOn.fails(.error) && file.errors > 0) || (run.failOn.fails(.warning) && file.warnings > 0)
                subjectRows.add(Self.subjectRow(file.name, verdict: notRead ? "incomplete" : (failed ? "failed" : "ok"),
                                                file.errors, file.warnings, file.infos), budget: Self.subjectBudget)
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
        // Errors first, then warnings, then infos, as many as the table holds.
        var table = Table()
        for rows in findingRows { for row in rows { table.add(row, budget: Self.findingBudget) } }
        let more = table.more + findingsLeftOut
        if !table.text.isEmpty {
            out += "### Findings\n\n| Severity | Code | Where | Message |\n| --- | --- | --- | --- |\n" + table.text
            if more > 0 { out += "\n_and \(more) more finding\(more == 1 ? "" : "s") (the html, json or text report has them all)_\n" }
            out += "\n"
        }
        sink.write(out)
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

    static func subjectRow(_ name: String, verdict: String, _ errors: Int, _ warnings: Int, _ infos: Int) -> String {
        "| \(inline(name)) | \(verdictMark(verdict)) \(verdict) | \(errors) | \(warnings) | \(infos) |\n"
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
    /// made visible (``SafeText``); `&`, `<`, `>`, `@` and `#` as character references (no tag,
    /// entity, mention or issue reference); the characters that open inline Markdown — `\`,
    /// `` ` ``, `*`, `_`, `[`, `]`, `~`, `|` — escaped with a backslash (no emphasis, code span,
    /// link or image without a `[`, strikethrough or extra table cell).
    static func inline(_ s: String) -> String {
        HTMLPage.replacing(SafeText.escape(s)) { u in
            switch u {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "@": return "&#64;"
            case "#": return "&#35;"
            case "\\", "`", "*", "_", "[", "]", "~", "|": return "\\" + String(u)
            default: return nil
            }
        }
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
