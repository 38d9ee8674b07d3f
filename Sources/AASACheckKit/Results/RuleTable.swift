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
        /// App IDs of the entry left out after ``RuleTable/appIDLimit``.
        public var moreAppIDs = 0
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

    /// Rules shown in all, over every entry (issue 22): past it an entry's rules are counted,
    /// not shown, so the table of a file at the read cap stays a few megabytes however its
    /// rules are split into entries.
    public static let totalRowLimit = 2_000

    /// Longest rule text shown in a row, in Unicode scalars (the findings quote it too).
    public static let ruleTextLimit = 400

    /// App IDs named per entry; the rest are counted.
    public static let appIDLimit = 20

    /// Longest reason a dead or unused rule's row gives, in Unicode scalars: the finding's
    /// message with its quoted runs cut short (the finding itself says the rest). Without it
    /// every dead rule repeated the covering rule's text in full.
    public static let reasonLimit = 240

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
            if Self.deadCodes.contains(d.code), dead[pointer] == nil { dead[pointer] = Self.reason(d.message) }
            if d.code == .aasa704, unused[pointer] == nil { unused[pointer] = Self.reason(d.message) }
        }
        var left = Self.totalRowLimit
        entries = matcher.entries.map { entry in
            let ids = Set(entry.entry.appIDs.map(\.value))
            let mine = verdicts.filter { $0.detail == entry.entry.index && ids.contains($0.appID) && $0.decision != .noMatch }
            let shown = min(entry.rules.count, Self.rowLimit, left)
            left -= shown
            let rows = entry.rules.prefix(shown).map { rule in
                Row(index: rule.rule.index, text: SafeText.clip(rule.rule.text, limit: Self.ruleTextLimit),
                    decides: rule.exclude ? .exclude : .match,
                    inherited: matcher.inheritedKeysNote(entry, rule),
                    routes: mine.filter { $0.component == rule.rule.index }.map { ($0.route.text, $0.appID, $0.ok) },
                    dead: dead[rule.rule.ref.pointer], unused: unused[rule.rule.ref.pointer])
            }
            let apps = entry.entry.appIDs.map(\.value)
            return Entry(detail: entry.entry.index, appIDs: Array(apps.prefix(Self.appIDLimit)),
                         moreAppIDs: max(0, apps.count - Self.appIDLimit), list: entry.entry.rules.keyName,
                         rules: Array(rows), more: entry.rules.count - shown)
        }
    }

    /// A finding's message as a row's reason: quoted runs cut to 60 scalars, the whole to
    /// ``reasonLimit``.
    static func reason(_ message: String) -> String {
        SafeText.clip(SafeText.clipRuns(message, limit: 60), limit: reasonLimit)
    }
}
