import AASACore

/// The rules of a domain file, entry by entry, as the HTML report shows them (issue 14):
/// what each rule decides, which listed routes it decides, and the dead ones with why.
///
/// Built from the decoded document and what the run found about it: the analysis findings
/// that say a rule never decides (AASA319, AASA401 on the rules it hides via AASA402, AASA402,
/// AASA404) and the route verdicts of `routes` or `check --routes`.
public struct RuleTable: Sendable {
    /// The file or domain the rules belong to, as findings name it.
    public var subject: String
    public var entries: [Entry]

    /// One `details` entry.
    public struct Entry: Sendable {
        /// 0-based index in `details`.
        public var detail: Int
        public var appIDs: [String]
        /// `components` or `paths`; `nil` for an entry with neither (it matches every URL).
        public var list: String?
        /// The first ``RuleTable/rowLimit`` rules.
        public var rules: [Row]
        /// Rules left out after ``RuleTable/rowLimit``.
        public var more: Int
    }

    /// One rule.
    public struct Row: Sendable {
        /// 0-based index in `components` or `paths`.
        public var index: Int
        /// The rule as written (compact JSON, or the `paths` string).
        public var text: String
        /// `match` (the rule opens the app) or `exclude` (it keeps URLs on the web).
        public var decides: MatchDecision
        /// The keys it takes from `defaults`, as match explanations say it, or empty.
        public var inherited: String
        /// Listed routes this rule decides, each with its app ID and whether that is what the
        /// route expects.
        public var routes: [(route: String, appID: String, ok: Bool)]
        /// Why it never decides anything (the analysis finding's message), or `nil`.
        public var dead: String?
        /// Why no listed route uses it (AASA704), or `nil`.
        public var unused: String?
    }

    /// Rules shown per entry; the rest are counted.
    public static let rowLimit = 500

    /// Codes that say a rule never decides anything.
    static let deadCodes: Set<DiagnosticCode> = [.aasa319, .aasa402, .aasa404]

    /// - Parameters:
    ///   - findings: the run's findings about the file (their pointers name the rules).
    ///   - verdicts: route verdicts judged against this file.
    ///   - compiled: the file's compiled document, as the run's validation compiled it.
    public init(subject: String, compiled: CompiledDocument, host: String?, findings: [Diagnostic], verdicts: [RouteVerdict]) {
        self.subject = subject
        let matcher = DocumentMatcher(compiled: compiled, host: host)
        var dead: [String: String] = [:]
        var unused: [String: String] = [:]
        for d in findings {
            guard let pointer = d.pointer else { continue }
            if Self.deadCodes.contains(d.code), dead[pointer] == nil { dead[pointer] = d.message }
            if d.code == .aasa704, unused[pointer] == nil { unused[pointer] = d.message }
        }
        entries = matcher.entries.map { entry in
            let ids = Set(entry.entry.appIDs.map(\.value))
            let mine = verdicts.filter { $0.detail == entry.entry.index && ids.contains($0.appID) && $0.decision != .noMatch }
            let rows = entry.rules.prefix(Self.rowLimit).map { rule in
                Row(index: rule.rule.index, text: rule.rule.text, decides: rule.exclude ? .exclude : .match,
                    inherited: matcher.inheritedKeysNote(entry, rule),
                    routes: mine.filter { $0.component == rule.rule.index }.map { ($0.route.text, $0.appID, $0.ok) },
                    dead: dead[rule.rule.ref.pointer], unused: unused[rule.rule.ref.pointer])
            }
            return Entry(detail: entry.entry.index, appIDs: entry.entry.appIDs.map(\.value), list: entry.entry.rules.keyName,
                         rules: Array(rows), more: max(0, entry.rules.count - Self.rowLimit))
        }
    }
}
