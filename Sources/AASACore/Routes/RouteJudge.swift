/// Whether every value of a route's placeholders gets the same decision.
public enum RouteCoverage: String, Sendable {
    /// Every value opens the app.
    case always
    /// No value opens the app.
    case never
    /// Some values open the app and some do not; see ``RouteVerdict/examples``.
    case sometimes
    /// The work limits stopped the judgement before every value was decided: nothing is
    /// claimed (the route is not reported as failing; ``RouteCheck`` says AASA405).
    case undecided
}

/// The verdict for one route and one app ID (spec `cli.md`, JSON `routes`).
public struct RouteVerdict: Sendable {
    public var route: RouteSpec
    /// The route as a URL on the domain checked (placeholders as written).
    public var url: String
    public var appID: String
    /// For a route without placeholders, the decision; with placeholders, `match` when some
    /// value opens the app, else the decision for every value.
    public var decision: MatchDecision
    /// Whether the route does what its expectation says for every value.
    public var ok: Bool
    /// Indices of the deciding `details` entry and rule (for `sometimes`: of the value that
    /// opens the app).
    public var detail: Int?
    public var component: Int?
    /// The deciding rule, when one decided.
    public var rule: Rule?
    /// For routes with placeholders.
    public var coverage: RouteCoverage?
    /// For `sometimes`: a path that opens the app and one that does not.
    public var matchExample: String?
    public var noMatchExample: String?
    /// What decides the failing side for a failed route: `no_match` or `exclude`.
    public var failingDecision: MatchDecision?
    public var explanation: String
}

/// Judges a route list against a document: the contract test between the app's routes and
/// the domain file (AASA701–AASA704).
///
/// A route without placeholders is one URL, decided by ``DocumentMatcher``. A route with
/// placeholders is judged for every value by searching the product of the route's automaton
/// (each placeholder one non-empty segment) and the rules' path automata (``PatternSearch``),
/// with each rule's `?` and `#` conditions evaluated on the route's fixed query and fragment.
/// Rules that decode percent escapes are read on the route's text as written (placeholder
/// values are taken without `%`).
public struct RouteJudge: Sendable {
    public let matcher: DocumentMatcher
    /// The host the routes are checked on.
    public let domain: String

    /// Search work allowed per automaton taking part in one route's product search.
    static let workPerRule = 4_000
    /// Search work allowed for the route against one rule.
    static let workPerPair = 200_000

    /// Whether an include rule takes every value of the route while no earlier rule shares
    /// any with it (so every value opens the app).
    private func alwaysOpens(_ route: SearchAutomaton, _ paths: [SearchAutomaton], _ rules: [CompiledRule], _ overlaps: [SearchOutcome]) -> Bool {
        var budget = Self.workPerPair
        for k in rules.indices {
            if overlaps[k] == .none { continue }
            guard !rules[k].exclude, case .covers = RuleCoverage.includes(paths[k].pattern, route.pattern, budget: &budget) else { return false }
            return true
        }
        return false
    }

    public init(matcher: DocumentMatcher, domain: String) {
        self.matcher = matcher
        self.domain = domain
    }

    /// The verdict for one route and app ID.
    public func judge(_ route: RouteSpec, appID: String) -> RouteVerdict {
        let url = route.url(on: domain)
        var verdict = RouteVerdict(route: route, url: url, appID: appID, decision: .noMatch, ok: false, detail: nil,
                                   component: nil, rule: nil, coverage: nil, explanation: "")
        if route.placeholders.isEmpty || (route.host != nil && route.host != matcher.host && matcher.host != nil) {
            let result = matcher.decide(URLParts(url)!, appID: appID)
            verdict.decision = result.decision
            verdict.detail = result.detail
            verdict.component = result.decision == .noMatch ? nil : result.component
            verdict.rule = result.decision == .noMatch ? nil : result.rule
            verdict.explanation = result.explanation
            verdict.ok = (result.decision == .match) == (route.expect == .app)
            if !verdict.ok { verdict.failingDecision = result.decision }
            if !route.placeholders.isEmpty { verdict.coverage = result.decision == .match ? .always : .never }
            return verdict
        }
        return judgePlaceholders(route, appID: appID, verdict: verdict)
    }

    private func judgePlaceholders(_ route: RouteSpec, appID: String, verdict: RouteVerdict) -> RouteVerdict {
        var verdict = verdict
        guard let entry = matcher.entry(for: appID) else {
            verdict.explanation = "no details entry lists the app ID \(appID)"
            verdict.coverage = .never
            verdict.ok = route.expect == .web
            if !verdict.ok { verdict.failingDecision = .noMatch }
            return verdict
        }
        verdict.detail = entry.entry.index
        if entry.matchesAll {
            verdict.decision = .match
            verdict.coverage = .always
            verdict.ok = route.expect == .app
            verdict.explanation = "details[\(entry.entry.index)] has neither components nor paths, so every value matches"
            if !verdict.ok { verdict.failingDecision = .match }
            return verdict
        }
        // Rules whose query and fragment conditions hold for this route, with their path automata.
        var probe = PreparedURL(URLParts(route.url(on: matcher.host ?? domain))!)
        let routePattern = CompiledPattern(routePath: route.path)
        // Only rules whose query and fragment hold and whose path can share a string with the
        // route take part: a literal-prefix conflict rules a path out without a search.
        var relevant: [CompiledRule] = []
        for rule in entry.rules where RouteJudge.mayOverlap(routePattern, rule.path) && matcher.matchesQueryAndFragment(rule, &probe) {
            relevant.append(rule)
        }
        let everything = CompiledPattern("*")
        let routeAutomaton = SearchAutomaton(routePattern)
        let paths = relevant.map { SearchAutomaton($0.path ?? everything) }
        // Work grows with the rules taking part, so a route list costs at most routes × rules
        // (issue 17, kind 6); past the limit the verdict is undecided, never a failure.
        var spent = 0
        let pairWork = RouteJudge.workPerPair
        // 1. Each rule against the route alone (a product of two automata): where they share
        //    a value, that value is a concrete candidate, decided by the matcher.
        var overlaps: [SearchOutcome] = []
        var openExample: String?
        var stayExample: String?
        for path in paths {
            let overlap = PatternSearch.find([routeAutomaton, path], limit: 20_000, work: pairWork, explored: &spent) { $0[0] && $0[1] }
            overlaps.append(overlap)
            guard let w = overlap.witness, openExample == nil || stayExample == nil else { continue }
            let shown = display(w, like: route.path)
            if matcher.decide(URLParts(exampleURL(shown, route))!, appID: appID).decision == .match {
                if openExample == nil { openExample = shown }
            } else if stayExample == nil {
                stayExample = shown
            }
        }
        // 2. What the candidates did not show is proven when the rules allow a short proof:
        //    no include rule shares a value with the route (never opens), or an include rule
        //    takes every value and no earlier rule shares one (always opens). Otherwise the
        //    product of every automaton is searched, within the work limit.
        let includesMeet = zip(relevant, overlaps).contains { !$0.0.exclude && $0.1 != .none }
        func decisionOf(_ accepts: [Bool]) -> MatchDecision {
            guard let k = accepts.dropFirst().firstIndex(of: true) else { return .noMatch }
            return relevant[k - 1].exclude ? .exclude : .match
        }
        let work = RouteJudge.workPerRule * (paths.count + 1)
        var undecided = false
        if openExample == nil && !includesMeet {
            // Proven: no include rule shares a value with the route, so none opens the app.
            if stayExample == nil {
                var unused = 0
                stayExample = PatternSearch.find([routeAutomaton], limit: 20_000, work: pairWork, explored: &unused) { $0[0] }
                    .witness.map { display($0, like: route.path) }
            }
        } else {
            if openExample == nil {
                let opens = PatternSearch.find([routeAutomaton] + paths, limit: 20_000, work: work, explored: &spent) { $0[0] && decisionOf($0) == .match }
                openExample = opens.witness.map { display($0, like: route.path) }
                undecided = opens == .unknown
            }
            if stayExample == nil && !undecided && !alwaysOpens(routeAutomaton, paths, relevant, overlaps) {
                let stays = PatternSearch.find([routeAutomaton] + paths, limit: 20_000, work: work, explored: &spent) { $0[0] && decisionOf($0) != .match }
                stayExample = stays.witness.map { display($0, like: route.path) }
                undecided = stays == .unknown
            }
        }
        if undecided || (openExample == nil && stayExample == nil) {
            verdict.coverage = .undecided
            verdict.explanation = "the patterns are too large to judge every value of this route within the work limits"
            verdict.ok = true
            return verdict
        }
        switch (openExample, stayExample) {
        case (let o?, let s?):
            verdict.coverage = .sometimes
            verdict.matchExample = o
            verdict.noMatchExample = s
        case (_?, nil):
            verdict.coverage = .always
        default:
            verdict.coverage = .never
        }
        // The deciding rule for each side, from the concrete examples.
        if let o = openExample {
            let r = matcher.decide(URLParts(exampleURL(o, route))!, appID: appID)
            verdict.decision = .match
            verdict.component = r.component
            verdict.rule = r.rule
        }
        var stayResult: MatchResult?
        if let s = stayExample {
            let r = matcher.decide(URLParts(exampleURL(s, route))!, appID: appID)
            stayResult = r
            if openExample == nil {
                verdict.decision = r.decision
                verdict.component = r.decision == .noMatch ? nil : r.component
                verdict.rule = r.decision == .noMatch ? nil : r.rule
            }
        }
        switch verdict.coverage! {
        case .undecided:
            break
        case .always:
            verdict.ok = route.expect == .app
            verdict.explanation = "every value opens the app (e.g. \(openExample!))"
            if !verdict.ok { verdict.failingDecision = .match }
        case .never:
            verdict.ok = route.expect == .web
            verdict.explanation = "no value opens the app (e.g. \(stayExample!): \(stayResult!.decision.rawValue))"
            if !verdict.ok { verdict.failingDecision = stayResult!.decision }
        case .sometimes:
            verdict.ok = false
            verdict.failingDecision = route.expect == .app ? stayResult!.decision : .match
            verdict.explanation = "\(openExample!) opens the app, \(stayExample!) does not (\(stayResult!.decision.rawValue))"
        }
        return verdict
    }

    /// A witness path shown as the route is written (no trailing `/` unless the route has one).
    func display(_ witness: String, like path: String) -> String {
        if witness.count > 1, witness.hasSuffix("/"), !path.hasSuffix("/") { return String(witness.dropLast()) }
        return witness
    }

    func exampleURL(_ path: String, _ route: RouteSpec) -> String {
        var r = route
        r.path = path
        return r.url(on: domain)
    }

    /// The include rules of `appID`'s entry that match none of `routes` (AASA704), each with
    /// its entry; rules are checked against every value of placeholder routes.
    public func unusedRules(_ routes: [RouteSpec], appID: String) -> [CompiledRule] {
        guard let entry = matcher.entry(for: appID), !entry.matchesAll else { return [] }
        // Each route is read once: its URL parts and, with placeholders, its pattern.
        let prepared: [(route: RouteSpec, probe: PreparedURL, pattern: CompiledPattern?)] = routes.compactMap { route in
            if let host = route.host, let mine = matcher.host, host != mine { return nil }
            guard let parts = URLParts(route.url(on: matcher.host ?? domain)) else { return nil }
            return (route, PreparedURL(parts), route.placeholders.isEmpty ? nil : CompiledPattern(routePath: route.path))
        }
        var unused: [CompiledRule] = []
        for rule in entry.rules where !rule.exclude {
            var used = false
            for var candidate in prepared {
                guard matcher.matchesQueryAndFragment(rule, &candidate.probe) else { continue }
                guard let path = rule.path else { used = true; break }
                if let pattern = candidate.pattern {
                    guard RouteJudge.mayOverlap(pattern, path) else { continue }
                    // Undecided counts as used: AASA704 is claimed only when proven.
                    var spent = 0
                    if PatternSearch.find([SearchAutomaton(pattern), SearchAutomaton(path)], limit: 20_000,
                                          work: RouteJudge.workPerRule * 2, explored: &spent, where: { $0[0] && $0[1] }) != .none {
                        used = true
                        break
                    }
                } else if path.matches(candidate.probe.path(decoded: !rule.percentEncoded, folded: !rule.caseSensitive)) {
                    used = true
                    break
                }
            }
            if !used { unused.append(rule) }
        }
        return unused
    }

    /// Whether a route's pattern and a rule's path may accept a common string: `false` when
    /// their literal prefixes (or suffixes) disagree, which settles most pairs without a search.
    static func mayOverlap(_ route: CompiledPattern, _ path: CompiledPattern?) -> Bool {
        guard let path else { return true }
        return RuleCoverage.literalsAgree(route, path, fold: path.caseInsensitive)
    }

}

extension CompiledPattern {
    /// A route path as a pattern: literal text (normalised as URL paths are) in which each
    /// placeholder segment (`:id`, `{id}`) is one or more characters other than `/` and `%`.
    public convenience init(routePath: String) {
        var builder = ProgramBuilder(caseInsensitive: false)
        let normalized = PathNormalizer.normalize(routePath)
        var segmentStart = true
        var scalars = Array(normalized.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if segmentStart {
                var end = i
                while end < scalars.count && scalars[end] != "/" { end += 1 }
                let segment = Substring(String(String.UnicodeScalarView(scalars[i..<end])))
                if RouteList.placeholderName(segment) != nil {
                    builder.program.append(.one(.segment))
                    builder.program.append(.loop(.segment))
                    i = end
                    segmentStart = false
                    continue
                }
            }
            builder.literal(scalars[i].value)
            segmentStart = scalars[i] == "/"
            i += 1
        }
        scalars.removeAll()
        builder.program.append(.accept)
        self.init(source: routePath, program: builder.program, caseInsensitive: false)
    }
}
