import AASACore
import Foundation

/// Issues as Xcode reads a Run Script build phase's output (`--format xcode`, spec `cli.md`):
/// one finding a line, `path:line:col: error: message [AASAnnn]` — the shape of clang's
/// diagnostics and of SwiftLint's `xcode` reporter, which Xcode's issue navigator lists and
/// links to the file and line — with `warning:` and `note:` for warnings and infos, and the
/// hint as a `note:` at the same place on the next line. Where the line is not known,
/// `path: error: …`; where the finding is not about a local file (a domain's served file), the
/// bare `error: place: message [CODE]` Xcode shows as an issue without a location.
///
/// Meant for a Run Script phase after signing, on what was built:
/// `aasa-check entitlements "$CODESIGNING_FOLDER_PATH" --format xcode`. Each line is one
/// issue: every character that could start a line of its own or drive a terminal is escaped
/// (``SafeText``), so nothing a file or server says can add an issue. Findings are written
/// as they arrive; nothing is kept but counts.
///
/// Results that are not findings have no place in an issue list: they are counted
/// (``LeftOut``) and named in one plain line at the end, which Xcode keeps in the build log
/// but does not list as an issue. Notes about the run go to the log the same way. A file or
/// domain checked without findings adds nothing.
public final class XcodeRenderer: Renderer {
    public static let name = "xcode"

    private let run: RunInfo
    private let sink: OutputSink
    private var leftOut = LeftOut()

    public init(run: RunInfo, sink: OutputSink) {
        self.run = run
        self.sink = sink
    }

    /// A file checked: named by its findings' lines; a clean one adds nothing.
    public func subject(_ subject: Subject) {}

    public func findings(_ findings: [Finding]) {
        sink.write(findings.map { Self.issue($0.diagnostic) }.joined())
    }

    public func suppressed(_ suppressed: [Suppressed]) { leftOut.add(.suppressed, suppressed.count) }

    /// Findings past the cap: one `note:` at their file (or without a place) saying how many.
    public func folded(_ folded: [Folded]) {
        sink.write(folded.map { f in
            let text = "\(f.count) more \(f.severity.rawValue)[\(f.code)] finding\(f.count == 1 ? "" : "s") not listed (the first \(RunOutput.findingsPerKind) are)"
            if let file = f.file { return "\(Self.clean(file)): note: \(text)\n" }
            return "note: \(Self.clean(f.place)): \(text)\n"
        }.joined())
    }

    public func fetches(_ fetches: [Fetch]) { leftOut.add(.fetch, fetches.count) }

    public func decisions(_ decisions: [MatchResult], for url: String) { leftOut.add(.decision, decisions.count) }

    /// A route verdict: a route that is not decided as expected has its finding (AASA701–703).
    public func route(_ verdict: RouteVerdict) { leftOut.add(.route) }

    public func statements(_ listing: StatementListing) { leftOut.add(.statement, listing.statements.count) }

    public func links(_ answers: [LinkAnswer]) { leftOut.add(.link, answers.count) }

    public func rules(_ table: RuleTable) { leftOut.add(.rules) }

    public func domain(_ report: DomainReport) {
        findings(report.findings)
        folded(report.folded)
        suppressed(report.suppressed)
        fetches(report.fetches)
        leftOut.add(.route, report.routes.count)
        leftOut.add(.statement, report.statements.count)
        // `passkeys`: each web origin's verdict, a plain line of the build log (refusals are
        // findings too).
        sink.write(report.origins.map { Self.logLine("passkeys origin " + $0.line(host: report.target.host)) }.joined())
    }

    public func entitlements(_ report: EntitlementsReport) { leftOut.add(.entitlements) }
    public func apk(_ report: ApkReport) { leftOut.add(.apk) }

    public func coverage(_ report: CoverageReport) { leftOut.add(.coverage, report.tables.count) }

    public func page(_ page: PageDecisions) { leftOut.add(.page, page.decisions.count) }

    public func diff(_ report: DiffReport) { leftOut.add(.change, report.changes.count + report.routes.count) }

    /// A note about the run: a plain line of the build log, not an issue (`--quiet` leaves
    /// remarks out, as in text).
    public func note(_ note: Note) {
        guard !(run.quiet && note.kind == .remark) else { return }
        sink.write(Self.logLine(note.text))
    }

    public func documentation(_ docs: [CodeDoc], listing: Bool) { leftOut.add(.documentation, docs.count) }

    /// An input that could not be read: an error issue, at the file when it names one.
    public func unreadable(_ input: UnreadableInput) {
        guard let subject = input.subject else {
            sink.write("error: \(Self.clean(input.message))\n")
            return
        }
        // The message names the file first; the issue's place does that already.
        let message = input.message.hasPrefix(subject + ": ") ? String(input.message.dropFirst(subject.count + 2)) : input.message
        sink.write("\(Self.clean(subject)): error: \(Self.clean(message))\n")
    }

    public func finish(_ summary: RunSummary) {
        if let sentence = leftOut.sentence(format: Self.name) { sink.write(Self.logLine(sentence)) }
    }

    // MARK: Pieces

    static func word(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// One finding as an issue line, and its hint as a note at the same place.
    static func issue(_ d: Diagnostic) -> String {
        let message = "\(clean(d.message)) [\(d.code)]"
        let place: String?
        if let file = d.file {
            place = clean(file) + (d.location.map { ":\($0.line):\($0.column)" } ?? "")
        } else {
            place = nil
        }
        var out: String
        if let place {
            out = "\(place): \(word(d.severity)): \(message)\n"
            if let hint = d.hint { out += "\(place): note: \(clean(hint))\n" }
        } else {
            // Not a file of the project: the served file (or the domain) leads the message.
            out = "\(word(d.severity)): \(clean(d.place)): \(message)\n"
            if let hint = d.hint { out += "note: \(clean(hint))\n" }
        }
        return out
    }

    /// A plain line of the build log, `aasa-check: text`, that Xcode does not take for an
    /// issue: each ` error:`, ` warning:` or ` note:` in the text (a file name may hold one)
    /// loses its colon.
    static func logLine(_ text: String) -> String {
        var line = "aasa-check: " + clean(text)
        for word in ["error", "warning", "note"] {
            line = line.replacingOccurrences(of: " \(word):", with: " \(word) -")
        }
        return line + "\n"
    }

    /// Text on one line: line breaks and every other unsafe character escaped.
    static func clean(_ s: String) -> String { SafeText.escape(s) }
}
