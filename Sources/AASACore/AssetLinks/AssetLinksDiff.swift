/// Which statements and which URLs change between two versions of a statement list (pure):
/// statements gained and lost, per relation × target (DAL803, DAL804), and, for each app
/// verified by both, the URLs whose dynamic-rule decision changes between opening the app and
/// staying in the browser (DAL801, DAL802), each with an example URL — found by reasoning over
/// the rules (``DynamicRuleSearch``), never by sampling; where the work limits stop it, DAL805
/// says what was not compared and no "no change" is claimed (spec `assetlinks-reference.md`
/// §3.2; the same contract as Apple's `DocumentDiff`).
///
/// For one app, OLD and NEW each decide a URL by their first matching rule (or "no rule"); a
/// list that is absent or void lets the manifest decide (every URL opens). Each pair of
/// deciding rules (OLD's i, NEW's j) whose decisions differ is one change when some URL is
/// decided by exactly that pair: it matches OLD's rule i and none before it, and NEW's rule j
/// and none before it. Rules both lists share at the start decide the same URLs the same way
/// and are not compared. Every example is decided again on both lists and must reproduce.
public struct AssetLinksDiff: Sendable {
    /// A relation × target granted in one version only.
    public struct StatementChange: Sendable, Hashable {
        public var statement: ListedStatement
        /// Where the statement is in the version that has it.
        public var place: StatementPlace
    }

    /// How one version decides the URLs of a change.
    public struct Side: Sendable, Hashable {
        public var decision: DynamicDecision
        /// The deciding rule's index; `nil` for no rule, or when the manifest decides.
        public var rule: Int?
        /// The deciding rule as compact JSON.
        public var ruleText: String?
        /// No valid rule list: every URL the manifest accepts opens the app.
        public var manifestDecides: Bool
        /// Where the rule (or the statement) is.
        public var pointer: String?
        public var location: SourceLocation?
        public var file: String?
    }

    /// URLs of one app that change decision.
    public struct DecisionChange: Sendable, Hashable {
        public var packageName: String
        public var old: Side
        public var new: Side
        /// A URL decided `old.decision` by OLD and `new.decision` by NEW.
        public var example: String
        /// The example URL opened the app and no longer does.
        public var isLoss: Bool { old.decision.opensApp && !new.decision.opensApp }
    }

    public var lost: [StatementChange] = []
    public var gained: [StatementChange] = []
    public var changes: [DecisionChange] = []
    /// What was not compared, in words ("com.shop.app: OLD rule 3 × NEW rule 5 (work limits)").
    public var incomplete: [String] = []
    /// The site the lists are served for (example URLs use its host).
    public let site: AssetLinksSite

    /// Whether every pair of rules was compared and every example reproduced.
    public var isComplete: Bool { incomplete.isEmpty }

    /// Changes found at most; the rest is counted in ``incomplete``.
    public static let maxChanges = 1_000
    /// Product states the searches of one diff may visit.
    public static let statesPerDiff = 2_000_000

    /// Compares two resolved lists (after includes) of the same source.
    public init(old: ResolvedStatementList, new: ResolvedStatementList) {
        let site: AssetLinksSite
        if case .web(let s) = new.source { site = s } else { site = AssetLinksSite(scheme: "https", host: "example.com") }
        self.init(old: old.statements, new: new.statements, site: site, oldSource: old.source, newSource: new.source)
    }

    /// Compares two single files (no include is fetched) served for `site`.
    public init(oldFile: [UInt8], newFile: [UInt8], site: AssetLinksSite = AssetLinksSite(scheme: "https", host: "example.com")) {
        let o = StatementListParser.parse(oldFile, url: "OLD").statements
        let n = StatementListParser.parse(newFile, url: "NEW").statements
        self.init(old: o, new: n, site: site, oldSource: .web(site), newSource: .web(site))
    }

    /// Compares two statement lists of `site`.
    public init(old: [AssetStatement], new: [AssetStatement], site: AssetLinksSite, oldSource: AssetLinksAsset? = nil, newSource: AssetLinksAsset? = nil) {
        self.site = site
        let oldSource = oldSource ?? .web(site), newSource = newSource ?? .web(site)
        func listed(_ statements: [AssetStatement], _ source: AssetLinksAsset) -> [(ListedStatement, StatementPlace)] {
            var seen = Set<ListedStatement>()
            var out: [(ListedStatement, StatementPlace)] = []
            for s in statements {
                // Compared by relation × target: the source is the same site in both versions.
                for e in ListedStatement.entries(s, source: .web(site)) where seen.insert(e).inserted { out.append((e, s.place)) }
            }
            return out
        }
        let a = listed(old, oldSource), b = listed(new, newSource)
        let inA = Set(a.map(\.0)), inB = Set(b.map(\.0))
        lost = a.filter { !inB.contains($0.0) }.map { StatementChange(statement: $0.0, place: $0.1) }
        gained = b.filter { !inA.contains($0.0) }.map { StatementChange(statement: $0.0, place: $0.1) }

        let packages = AppLinksPrediction.verifiedPackages(old + new)
        var search = DynamicRuleSearch(budget: SearchBudget(states: AssetLinksDiff.statesPerDiff))
        for package in packages {
            guard let o = old.first(where: { $0.verifiesApp(package, fingerprints: nil) }),
                  let n = new.first(where: { $0.verifiesApp(package, fingerprints: nil) }) else { continue }
            compare(package, o, n, &search)
        }
    }

    /// A version's rules for the comparison: the list, or one catch-all standing for "the
    /// manifest decides".
    private static func effectiveRules(_ s: AssetStatement) -> (rules: [DynamicRule], manifest: Bool) {
        if let list = s.dynamicRules.applied { return (list.rules, false) }
        return ([DynamicRule(index: 0, path: RulePattern("*"), pointer: s.place.pointer, location: s.place.location, text: "")], true)
    }

    private mutating func compare(_ package: String, _ o: AssetStatement, _ n: AssetStatement, _ search: inout DynamicRuleSearch) {
        let (oldRules, oldManifest) = AssetLinksDiff.effectiveRules(o)
        let (newRules, newManifest) = AssetLinksDiff.effectiveRules(n)
        if oldManifest && newManifest { return }
        // Rules shared at the start decide the same URLs the same way.
        var shared = 0
        if !oldManifest && !newManifest {
            while shared < oldRules.count && shared < newRules.count && AssetLinksDiff.sameRule(oldRules[shared], newRules[shared]) { shared += 1 }
        }
        // Candidates: each rule after the shared ones, then "no rule" (nil).
        let oldCandidates: [Int?] = Array(shared..<oldRules.count).map { $0 } + [nil]
        let newCandidates: [Int?] = Array(shared..<newRules.count).map { $0 } + [nil]
        let oldList = DynamicRuleList(rules: oldRules), newList = DynamicRuleList(rules: newRules)
        for i in oldCandidates {
            for j in newCandidates {
                let oldOpens = i.map { !oldRules[$0].exclude } ?? false
                let newOpens = j.map { !newRules[$0].exclude } ?? false
                guard oldOpens != newOpens else { continue }
                let pairName = "\(package): OLD \(i.map { oldManifest ? "manifest" : "rule \($0)" } ?? "no rule") × NEW \(j.map { newManifest ? "manifest" : "rule \($0)" } ?? "no rule")"
                guard changes.count < AssetLinksDiff.maxChanges else {
                    incomplete.append(pairName + " (more than \(AssetLinksDiff.maxChanges) changes)")
                    continue
                }
                let matching = [i.map { oldRules[$0] }, j.map { newRules[$0] }].compactMap { $0 }
                switch search.find(matching: matching, notMatching: oldRules[..<(i ?? oldRules.count)], newRules[..<(j ?? newRules.count)]) {
                case .impossible: continue
                case .undecided:
                    incomplete.append(pairName + (search.exhausted ? " (work limits)" : " (no example URL can be built: a query parameter would have to hold & or ;)"))
                case .witness(let w):
                    guard let url = w.url(host: site.host) else {
                        incomplete.append(pairName + " (no URL spells the example)")
                        continue
                    }
                    let od = oldList.decide(url: url), nd = newList.decide(url: url)
                    guard od.rule == i, nd.rule == j else {
                        incomplete.append(pairName + " (the example \(url) does not reproduce)")
                        continue
                    }
                    changes.append(DecisionChange(
                        packageName: package,
                        old: AssetLinksDiff.side(od, i.map { oldRules[$0] }, manifest: oldManifest, o),
                        new: AssetLinksDiff.side(nd, j.map { newRules[$0] }, manifest: newManifest, n),
                        example: url))
                }
            }
        }
    }

    private static func side(_ d: DynamicRuleDecision, _ rule: DynamicRule?, manifest: Bool, _ s: AssetStatement) -> Side {
        if manifest {
            return Side(decision: .match, rule: nil, ruleText: nil, manifestDecides: true, pointer: s.place.pointer,
                        location: s.place.location, file: s.place.depth == 0 ? nil : s.place.file)
        }
        return Side(decision: d.decision, rule: rule?.index, ruleText: rule?.text, manifestDecides: false,
                    pointer: rule?.pointer ?? s.place.pointer, location: rule?.location ?? s.place.location,
                    file: s.place.depth == 0 ? nil : s.place.file)
    }

    /// Same keys, same patterns, same `exclude` (the JSON spelling may differ).
    static func sameRule(_ a: DynamicRule, _ b: DynamicRule) -> Bool {
        a.path?.text == b.path?.text && a.fragment?.text == b.fragment?.text && a.exclude == b.exclude
            && Set(a.query.map { $0.pattern.text }) == Set(b.query.map { $0.pattern.text })
    }

    /// The findings: DAL801/DAL802 per change, DAL803/DAL804 per statement, DAL805 once.
    public func diagnostics() -> [Diagnostic] {
        var out: [Diagnostic] = []
        func describe(_ side: Side) -> String {
            if side.manifestDecides { return "no dynamic rules (the manifest decides)" }
            guard let rule = side.rule else { return "no rule matches" }
            return "rule \(rule) `\(SafeText.escape(side.ruleText ?? "", limit: 120))`"
        }
        for c in changes {
            let words = c.isLoss ? "no longer opens" : "now opens"
            out.append(Diagnostic(
                code: c.isLoss ? .dal801 : .dal802,
                message: "\(NetworkText.escape(c.example)) \(words) \(c.packageName): \(c.old.decision.rawValue) → \(c.new.decision.rawValue) (old: \(describe(c.old)); new: \(describe(c.new)))",
                hint: c.isLoss ? "If these URLs should still open the app, change the new rules before deploying." : nil,
                pointer: c.new.pointer, location: c.new.location, file: c.new.file))
        }
        for s in lost {
            out.append(Diagnostic(
                code: .dal803,
                message: "\(s.statement.relation) to \(AssetLinksCrossChecks.describe(s.statement.target)) is no longer granted"
                    + (s.statement.relation == AssetLinksRelation.handleAllURLs ? ": that app is no longer verified for the site" : ""),
                hint: "Keep the statement (and every fingerprint devices see) unless the app is meant to lose it.",
                pointer: s.place.pointer, location: s.place.location, file: s.place.depth == 0 ? nil : s.place.file))
        }
        for s in gained {
            out.append(Diagnostic(
                code: .dal804,
                message: "\(s.statement.relation) to \(AssetLinksCrossChecks.describe(s.statement.target)) is newly granted",
                pointer: s.place.pointer, location: s.place.location, file: s.place.depth == 0 ? nil : s.place.file))
        }
        if !incomplete.isEmpty {
            let shown = incomplete.prefix(10).joined(separator: "; ") + (incomplete.count > 10 ? "; and \(incomplete.count - 10) more" : "")
            out.append(Diagnostic(code: .dal805, message: "the comparison is incomplete, so no \"no change\" is claimed for: \(shown)"))
        }
        return out
    }
}
