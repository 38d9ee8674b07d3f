import AASACore
import Foundation

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=AASA…::message`,
/// `::warning` and `::notice`; values escaped as the workflow-command syntax requires, so no
/// text from a server can start a command of its own, and control characters (ESC, BEL, …)
/// from file contents or names made visible as ``SafeText`` does, so none reaches a log viewer.
/// One line per finding, written as it arrives; inputs that could not be read at the end.
///
/// Notes about the run are `::notice` lines (`--quiet` leaves remarks out, as in text); what
/// an annotation has no place for — requests, `match` decisions, route verdicts (a route not
/// decided as expected has its finding), ignored findings, entitlement summaries, diff
/// changes (each has its finding) — is counted and named in one `::notice` at the end
/// (``LeftOut``). A file checked without findings has no annotation.
public final class GitHubRenderer: Renderer {
    public static let name = "github"

    private let run: RunInfo
    private let sink: OutputSink
    private var unreadable: [UnreadableInput] = []
    private var leftOut = LeftOut()

    public init(run: RunInfo, sink: OutputSink) {
        self.run = run
        self.sink = sink
    }

    /// A file checked: named by its findings' annotations; a clean one has none.
    public func subject(_ subject: Subject) {}

    public func suppressed(_ suppressed: [Suppressed]) { leftOut.add(.suppressed, suppressed.count) }

    public func fetches(_ fetches: [Fetch]) { leftOut.add(.fetch, fetches.count) }

    public func decisions(_ decisions: [MatchResult], for url: String) { leftOut.add(.decision, decisions.count) }

    public func route(_ verdict: RouteVerdict) { leftOut.add(.route) }

    public func statements(_ listing: StatementListing) { leftOut.add(.statement, listing.statements.count) }

    public func links(_ answers: [LinkAnswer]) { leftOut.add(.link, answers.count) }

    public func rules(_ table: RuleTable) { leftOut.add(.rules) }

    public func entitlements(_ report: EntitlementsReport) { leftOut.add(.entitlements) }
    public func apk(_ report: ApkReport) { leftOut.add(.apk) }

    public func page(_ page: PageDecisions) { leftOut.add(.page, page.decisions.count) }

    public func diff(_ report: DiffReport) { leftOut.add(.change, report.changes.count + report.routes.count) }

    public func documentation(_ docs: [CodeDoc], listing: Bool) { leftOut.add(.documentation, docs.count) }

    public func findings(_ findings: [Finding]) {
        sink.write(findings.map { Self.annotation($0.diagnostic) }.joined())
    }

    public func folded(_ folded: [Folded]) {
        sink.write(folded.map { f in
            "::notice title=\(Self.property("\(f.code) more findings"))::\(Self.data("\(f.place): \(f.count) more \(f.severity.rawValue)[\(f.code)] findings not annotated (the first \(RunOutput.findingsPerKind) are)"))\n"
        }.joined())
    }

    public func domain(_ report: DomainReport) {
        findings(report.findings)
        folded(report.folded)
        suppressed(report.suppressed)
        fetches(report.fetches)
        leftOut.add(.route, report.routes.count)
        leftOut.add(.statement, report.statements.count)
        // `passkeys`: each web origin's verdict, a notice.
        sink.write(report.origins.map { v in
            "::notice title=\(Self.property("passkeys origin \(v.word)"))::\(Self.data(v.line(host: report.target.host)))\n"
        }.joined())
    }

    public func note(_ note: Note) {
        guard !(run.quiet && note.kind == .remark) else { return }
        sink.write("::notice title=\(Self.property("aasa-check"))::\(Self.data(note.text))\n")
    }

    public func unreadable(_ input: UnreadableInput) { unreadable.append(input) }

    /// `coverage`: one notice per app, with its largest sections.
    public func coverage(_ report: CoverageReport) {
        var out = ""
        for table in report.tables {
            let open = table.rows.reduce(0) { $0 + $1.match }
            let sections = table.rows.prefix(5).map { "\($0.section) \($0.match.grouped)/\($0.pages.grouped)" }.joined(separator: ", ")
            let more = table.rows.count > 5 ? ", …" : ""
            out += "::notice title=\(Self.property("coverage \(table.appID)"))::"
                + Self.data("\(open.grouped) of \(report.pages.grouped) pages of \(report.host) open the app (\(sections)\(more))") + "\n"
        }
        sink.write(out)
    }

    public func finish(_ summary: RunSummary) {
        var out = ""
        for input in unreadable {
            let file = input.subject.map { "file=" + Self.property($0) + "," } ?? ""
            out += "::error \(file)title=\(Self.property("aasa-check: input not read"))::\(Self.data(input.message))\n"
        }
        if let sentence = leftOut.sentence(format: Self.name) {
            out += "::notice title=\(Self.property("aasa-check"))::\(Self.data(sentence))\n"
        }
        sink.write(out)
    }

    /// One finding as a workflow command line.
    static func annotation(_ d: Diagnostic) -> String {
        let command: String
        switch d.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .info: command = "notice"
        }
        var properties: [String] = []
        if let file = d.file {
            properties.append("file=" + property(file))
            if let loc = d.location {
                properties.append("line=\(loc.line)")
                properties.append("col=\(loc.column)")
            }
        }
        let doc = CodeDoc.lookup(d.code)
        properties.append("title=" + property("\(d.code) \(doc?.title ?? "")".trimmingCharacters(in: .whitespaces)))
        var message = d.message
        if d.file == nil, d.target != nil {
            // Not a file of the repository: name the served file in the message instead.
            message = "\(d.place): " + message
        }
        if let hint = d.hint { message += "\nHint: " + hint }
        return "::\(command) \(properties.joined(separator: ","))::\(data(message))\n"
    }

    /// Escapes a command's message: control characters other than line feeds become visible
    /// (``SafeText``), then `%`, CR and LF are encoded as the workflow-command syntax requires.
    static func data(_ s: String) -> String {
        workflowEscaped(SafeText.escape(s, keepNewlines: true))
    }

    /// Escapes a property value: the message escapes plus `:` and `,`.
    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    static func workflowEscaped(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
