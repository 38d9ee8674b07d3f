import AASACore

/// SARIF 2.1.0 (OASIS): one `rule` per code used, with its help; results with physical
/// locations in the served or local file when known. Columns are Unicode code points
/// (`columnKind: unicodeCodePoints`), as aasa-check counts them. An input that could not be
/// read makes the invocation unsuccessful, with a notification saying why.
///
/// Streamed (issue 22): the document lists the rules before the results, so each result is
/// written as it arrives to a ``SpillBuffer`` with its `ruleIndex` left as a marker, and the
/// markers are replaced while the results are copied out at the end, once the codes used are
/// known. Notes and counts of findings past the cap are spilled the same way: memory holds the
/// codes used and counts, not the results, however many domains are checked.
///
/// What SARIF has no place for — requests, `match` decisions, route verdicts (a route not
/// decided as expected has its finding, AASA701–703), entitlement summaries, diff changes
/// (each has its finding, AASA801–805) — is counted and named in one `note` notification
/// (``LeftOut``). A file checked without findings has no result.
public final class SARIFRenderer: Renderer {
    public static let name = "sarif"

    private let sink: OutputSink
    /// The results written so far, each an element of `results`, and how many.
    private let results = SpillBuffer()
    private var resultCount = 0
    /// The codes of the results, for `rules`.
    private var used = Set<DiagnosticCode>()
    /// Notifications about the run (notes, findings past the cap), each an element, and how many.
    private let notices = SpillBuffer()
    private var noticeCount = 0
    private var unreadable: [UnreadableInput] = []
    private var properties: [(String, OutputJSON)] = []
    private var leftOut = LeftOut()

    /// Where the document's results and the invocation's notifications go, and the indent of
    /// their elements (``OutputJSON/render(indent:)``'s levels).
    private static let resultsMark = "\u{0}results\u{0}"
    private static let noticesMark = "\u{0}notices\u{0}"
    private static let resultsIndent = 4
    private static let noticesIndent = 6

    public init(run: RunInfo, sink: OutputSink) { self.sink = sink }

    /// A file checked: named by its results' locations; a clean one has none.
    public func subject(_ subject: Subject) {}

    public func note(_ note: Note) { notice(note.text) }

    public func findings(_ findings: [Finding]) {
        for f in findings { result(f.diagnostic, suppressedBecause: nil) }
    }

    /// Ignored findings stay results, with an external suppression giving the reason
    /// (SARIF 2.1.0 §3.27.23, §3.35): code scanning shows them as dismissed, not as absent.
    public func suppressed(_ suppressed: [Suppressed]) {
        for s in suppressed { result(s.finding.diagnostic, suppressedBecause: s.reason) }
    }

    public func folded(_ folded: [Folded]) {
        for f in folded {
            notice("\(f.count) more \(f.code) result\(f.count == 1 ? "" : "s") in \(f.place) are not listed (the first \(RunOutput.findingsPerKind) are)")
        }
    }

    public func fetches(_ fetches: [Fetch]) { leftOut.add(.fetch, fetches.count) }

    public func decisions(_ decisions: [MatchResult], for url: String) { leftOut.add(.decision, decisions.count) }

    public func route(_ verdict: RouteVerdict) { leftOut.add(.route) }

    public func statements(_ listing: StatementListing) { leftOut.add(.statement, listing.statements.count) }

    public func links(_ answers: [LinkAnswer]) { leftOut.add(.link, answers.count) }

    public func rules(_ table: RuleTable) { leftOut.add(.rules) }

    public func domain(_ report: DomainReport) {
        findings(report.findings)
        suppressed(report.suppressed)
        folded(report.folded)
        fetches(report.fetches)
        leftOut.add(.route, report.routes.count)
        leftOut.add(.statement, report.statements.count)
        // `passkeys`: each web origin's verdict, a notification as notes are.
        for v in report.origins { notice("passkeys origin \(v.line(host: report.target.host))") }
    }

    public func entitlements(_ report: EntitlementsReport) { leftOut.add(.entitlements) }
    public func apk(_ report: ApkReport) { leftOut.add(.apk) }

    public func page(_ page: PageDecisions) { leftOut.add(.page, page.decisions.count) }

    public func diff(_ report: DiffReport) { leftOut.add(.change, report.changes.count + report.routes.count) }

    public func documentation(_ docs: [CodeDoc], listing: Bool) { leftOut.add(.documentation, docs.count) }

    public func unreadable(_ input: UnreadableInput) { unreadable.append(input) }

    /// `coverage`: the tables go in the run's property bag (SARIF 2.1.0 §3.8), as the JSON
    /// report's `coverage` rows; its findings are results like any other.
    public func coverage(_ report: CoverageReport) {
        properties = [
            ("site", .object([("host", .string(report.host)), ("pages", .int(report.pages)),
                              ("otherHostPages", .int(report.otherHostPages))])),
            ("coverage", .array(report.tables.flatMap { $0.rows.map(JSONRenderer.json) })),
        ]
    }

    /// Writes one result to the spill, its `ruleIndex` a marker of its code.
    private func result(_ d: Diagnostic, suppressedBecause reason: String?) {
        used.insert(d.code)
        var members: [(String, OutputJSON)] = [
            ("ruleId", .string(d.code.rawValue)),
            ("ruleIndex", .raw("\u{0}" + d.code.rawValue + "\u{0}")),
            ("level", .string(Self.level(d.severity))),
            ("message", .object([("text", .string(d.message + (d.hint.map { " Hint: \($0)" } ?? "")))])),
        ]
        var location: [(String, OutputJSON)] = [("artifactLocation", .object([("uri", .string(Self.artifactURI(d)))]))]
        if let loc = d.location {
            var region: [(String, OutputJSON)] = [("startLine", .int(loc.line)), ("startColumn", .int(loc.column))]
            if loc.offset >= 0 { region.append(("byteOffset", .int(loc.offset))) }
            location.append(("region", .object(region)))
        }
        members.append(("locations", .array([.object([("physicalLocation", .object(location))])])))
        var properties: [(String, OutputJSON)] = []
        if let target = d.target { properties.append(("target", .string(target))) }
        if let source = d.source { properties.append(("source", .string(source.rawValue))) }
        if let pointer = d.pointer { properties.append(("pointer", .string(pointer))) }
        if !properties.isEmpty { members.append(("properties", .object(properties))) }
        if let reason {
            members.append(("suppressions", .array([.object([("kind", .string("external")), ("status", .string("accepted")),
                                                             ("justification", .string(reason))])])))
        }
        Self.append(.object(members), to: results, count: &resultCount, indent: Self.resultsIndent)
    }

    /// A `note` notification of the invocation (SARIF 2.1.0 §3.20.21, §3.58).
    private func notice(_ text: String) {
        let element = OutputJSON.object([("level", .string("note")), ("message", .object([("text", .string(text))]))])
        Self.append(element, to: notices, count: &noticeCount, indent: Self.noticesIndent)
    }

    /// Appends an element of an array laid out as ``OutputJSON/render(indent:)`` lays it out
    /// at `indent`: one level deeper than the array, separated by `,` and a line feed.
    private static func append(_ element: OutputJSON, to buffer: SpillBuffer, count: inout Int, indent: Int) {
        buffer.append((count == 0 ? "" : ",\n") + String(repeating: "  ", count: indent) + element.render(indent: indent))
        count += 1
    }

    public func finish(_ summary: RunSummary) {
        let codes = used.sorted()
        let rules: [OutputJSON] = codes.map { code in
            let doc = CodeDoc.lookup(code)
            return .object([
                ("id", .string(code.rawValue)),
                ("name", .string(code.rawValue)),
                ("shortDescription", .object([("text", .string(doc?.title ?? code.rawValue))])),
                ("fullDescription", .object([("text", .string(doc?.why ?? ""))])),
                ("help", .object([("text", .string(doc?.fix ?? "")),
                                  ("markdown", .string("**\(code)**: \(doc?.title ?? "")\n\n\(doc?.why ?? "")\n\n**Fix:** \(doc?.fix ?? "")\n\nRun `aasa-check explain \(code)` for examples."))])),
                ("defaultConfiguration", .object([("level", .string(Self.level(doc?.severity ?? .error)))])),
            ])
        }
        var ruleIndex: [String: Int] = [:]
        for (i, code) in codes.enumerated() { ruleIndex[code.rawValue] = i }
        // The notifications that come after the spilled ones: inputs not read, what was left out.
        if let sentence = leftOut.sentence(format: Self.name) { notice(sentence) }
        let errors: [OutputJSON] = unreadable.map { input in
            var members: [(String, OutputJSON)] = [("level", .string("error")), ("message", .object([("text", .string(input.message))]))]
            if let subject = input.subject {
                members.append(("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", .object([("uri", .string(Self.fileURI(subject)))])),
                ]))])])))
            }
            return .object(members)
        }
        for e in errors { Self.append(e, to: notices, count: &noticeCount, indent: Self.noticesIndent) }
        let invocation: OutputJSON = .object([("executionSuccessful", .bool(unreadable.isEmpty)),
                                              ("toolExecutionNotifications", noticeCount == 0 ? .array([]) : .raw(Self.noticesMark))])
        let sarif: OutputJSON = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("aasa-check")), ("version", .string(AASACheck.version)),
                    ("informationUri", .string("https://developer.apple.com/documentation/xcode/supporting-associated-domains")),
                    ("rules", .array(rules)),
                ]))])),
                ("invocations", .array([invocation])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", resultCount == 0 ? .array([]) : .raw(Self.resultsMark)),
            ] + (properties.isEmpty ? [] : [("properties", .object(properties))]))])),
        ])
        // The frame, cut where the spilled arrays go.
        var rest = sarif.render() + "\n"
        for (mark, buffer, indent, indexed) in [(Self.noticesMark, notices, Self.noticesIndent, false),
                                                (Self.resultsMark, results, Self.resultsIndent, true)] {
            guard let at = rest.firstRange(of: mark) else { continue }
            sink.write(String(rest[..<at.lowerBound]) + "[\n")
            if indexed { Self.drain(buffer, replacingMarkersWith: ruleIndex, into: sink) } else { buffer.drain { sink.write($0) } }
            sink.write("\n" + String(repeating: "  ", count: indent - 1) + "]")
            rest = String(rest[at.upperBound...])
        }
        sink.write(rest)
    }

    /// Copies `buffer` to `sink` with each `NUL code NUL` marker replaced by the code's rule
    /// index. A marker cut by a chunk's end is held back until the next chunk. NUL never
    /// appears otherwise in rendered JSON (``JSONText`` escapes control characters).
    static func drain(_ buffer: SpillBuffer, replacingMarkersWith index: [String: Int], into sink: OutputSink) {
        var carry = ""
        buffer.drain { chunk in
            let parts = (carry + chunk).split(separator: "\u{0}", omittingEmptySubsequences: false)
            carry = ""
            var out = String(parts[0])
            var i = 1
            while i < parts.count {
                guard i + 1 < parts.count else {
                    // The marker's end is in the next chunk.
                    carry = "\u{0}" + parts[i]
                    break
                }
                out += String(index[String(parts[i])] ?? 0) + parts[i + 1]
                i += 2
            }
            sink.write(out)
        }
        sink.write(carry)
    }

    static func level(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// The local file, or the URL the finding's file was served from, as a URI reference
    /// (RFC 3986): see ``fileURI(_:)``.
    static func artifactURI(_ d: Diagnostic) -> String {
        if let file = d.file { return fileURI(file) }
        switch d.source {
        case .origin?: return "https://\(percentEncoded(d.target ?? ""))/.well-known/apple-app-site-association"
        case .cdn?: return "https://app-site-association.cdn-apple.com/a/v1/\(percentEncoded(d.target ?? ""))"
        case .sitemap? where (d.target ?? "").hasPrefix("https://"): return d.target!
        default: return fileURI(d.target ?? "aasa-check")
        }
    }

    /// A local path as a URI reference: an absolute path as a `file://` URI, a relative one as
    /// a relative reference; either way percent-encoded, so `my file#1?.json` is
    /// `my%20file%231%3F.json` and a `:` cannot be read as a scheme.
    static func fileURI(_ path: String) -> String {
        path.hasPrefix("/") ? "file://" + percentEncoded(path) : percentEncoded(path)
    }

    /// `s` with every byte of its UTF-8 outside RFC 3986's unreserved characters, `/` and the
    /// sub-delimiters other than those that would start a query or fragment percent-encoded.
    static func percentEncoded(_ s: String) -> String {
        PercentEncoding.encode(s) { byte in
            PercentEncoding.isUnreserved(byte) || "/!$&'()*+,;=@".utf8.contains(byte)
        }
    }
}
