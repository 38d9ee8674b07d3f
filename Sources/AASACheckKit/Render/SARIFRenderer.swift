import AASACore

/// SARIF 2.1.0 (OASIS): one `rule` per code used, with its help; results with physical
/// locations in the served or local file when known. Columns are Unicode code points
/// (`columnKind: unicodeCodePoints`), as aasa-check counts them. An input that could not be
/// read makes the invocation unsuccessful, with a notification saying why.
///
/// The document lists the rules before the results, so findings are kept until the end.
public final class SARIFRenderer: Renderer {
    public static let name = "sarif"

    private let sink: OutputSink
    /// The findings, each with the reason the configuration ignores it, if it does.
    private var diagnostics: [(Diagnostic, suppressedBecause: String?)] = []
    private var unreadable: [UnreadableInput] = []
    private var properties: [(String, OutputJSON)] = []
    private var notices: [String] = []

    public init(run: RunInfo, sink: OutputSink) { self.sink = sink }

    public func note(_ note: Note) {
        if note.kind == .notice { notices.append(note.text) }
    }

    public func findings(_ findings: [Finding]) { diagnostics += findings.map { ($0.diagnostic, nil) } }

    /// Ignored findings stay results, with an external suppression giving the reason
    /// (SARIF 2.1.0 §3.27.23, §3.35): code scanning shows them as dismissed, not as absent.
    public func suppressed(_ suppressed: [Suppressed]) { diagnostics += suppressed.map { ($0.finding.diagnostic, $0.reason) } }

    public func folded(_ folded: [Folded]) {
        notices += folded.map { f in
            "\(f.count) more \(f.code) result\(f.count == 1 ? "" : "s") in \(f.place) are not listed (the first \(RunOutput.findingsPerKind) are)"
        }
    }

    public func domain(_ report: DomainReport) {
        findings(report.findings)
        suppressed(report.suppressed)
        folded(report.folded)
    }

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

    public func finish(_ summary: RunSummary) {
        let used = Array(Set(diagnostics.map(\.0.code))).sorted()
        let rules: [OutputJSON] = used.map { code in
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
        var ruleIndex: [DiagnosticCode: Int] = [:]
        for (i, code) in used.enumerated() { ruleIndex[code] = i }
        let results: [OutputJSON] = diagnostics.map { d, reason in
            var members: [(String, OutputJSON)] = [
                ("ruleId", .string(d.code.rawValue)),
                ("ruleIndex", .int(ruleIndex[d.code]!)),
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
            return .object(members)
        }
        let sarif: OutputJSON = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("aasa-check")), ("version", .string(AASACheck.version)),
                    ("informationUri", .string("https://developer.apple.com/documentation/xcode/supporting-associated-domains")),
                    ("rules", .array(rules)),
                ]))])),
                ("invocations", .array([invocation()])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
            ] + (properties.isEmpty ? [] : [("properties", .object(properties))]))])),
        ])
        sink.write(sarif.render() + "\n")
    }

    /// The run's invocation: not successful when an input could not be read, with one
    /// notification per such input, and a `note` one per fact about the run (SARIF 2.1.0 §3.20).
    private func invocation() -> OutputJSON {
        let notes: [OutputJSON] = notices.map { .object([("level", .string("note")), ("message", .object([("text", .string($0))]))]) }
        let notifications: [OutputJSON] = notes + unreadable.map { input in
            var members: [(String, OutputJSON)] = [("level", .string("error")), ("message", .object([("text", .string(input.message))]))]
            if let subject = input.subject {
                members.append(("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", .object([("uri", .string(Self.fileURI(subject)))])),
                ]))])])))
            }
            return .object(members)
        }
        return .object([("executionSuccessful", .bool(unreadable.isEmpty)),
                        ("toolExecutionNotifications", .array(notifications))])
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
