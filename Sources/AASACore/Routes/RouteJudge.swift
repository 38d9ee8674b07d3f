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
    /// For a route with placeholders judged `sometimes`: the rule that decides the value on
    /// the failing side, when one does (the exclude rule that keeps some values on the web);
    /// ``rule`` is then the rule that opens the app for the other values.
    public var failingRule: Rule? = nil
    public var explanation: String
    /// `ios` (Apple's file decided), or `android` (``AndroidRouteCheck``: ``appID`` is then the
    /// package, ``dynamicRule`` the deciding dynamic rule's index).
    public var platform: String = "ios"
    /// For Android: the index of the dynamic rule that decides (for `sometimes`: of the value
    /// that opens the app); `nil` when no rule decides.
    public var dynamicRule: Int? = nil
    /// For Android: the readings the reference leaves open that may change the decision on device.
    public var mayDiffer: [UnknownReading] = []
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

    /// Search work allowed for one route per rule taking part (pairs of places for the
    /// overlaps, product states for the rest): a route list costs at most routes × rules times
    /// this (issue 17, kind 6).
    static let workPerRule = 20_000
    /// Most rules whose shared value with the route is decided by the matcher as an example.
    static let examplesTried = 32

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
        // Work grows with the rules taking part, so a route list costs at most routes × rules
        // (issue 17, kind 6); past the limit the verdict is undecided, never a failure.
        var work = RouteJudge.workPerRule * (relevant.count + 1)
        var undecided = false
        let everything = CompiledPattern("*")
        // 1. Each rule against the route alone (pairs of places, ``PatternSearch/overlap``): a
        //    rule that shares no value with the route decides none of its values.
        var sharing: [(rule: CompiledRule, path: CompiledPattern, overlap: SearchOutcome)] = []
        for rule in relevant {
            let path = rule.path ?? everything
            var spent = 0
            let overlap = PatternSearch.overlap(routePattern, path, work: max(1, work), explored: &spent)
            work -= spent
            if overlap != .none { sharing.append((rule, path, overlap)) }
        }
        // 2. The values the rules share are concrete candidates, decided by the matcher, and so
        //    is the route with each placeholder a value none of their literals holds.
        var openExample: String?
        var stayExample: String?
        func tryExample(_ w: [UInt32]) {
            let shown = display(String(String.UnicodeScalarView(w.compactMap(Unicode.Scalar.init))), like: route.path)
            guard let url = URLParts(exampleURL(shown, route)) else { return }
            if matcher.decide(url, appID: appID).decision == .match {
                if openExample == nil { openExample = shown }
            } else if stayExample == nil {
                stayExample = shown
            }
        }
        for part in sharing.prefix(RouteJudge.examplesTried) {
            guard openExample == nil || stayExample == nil else { break }
            if case .found(let w) = part.overlap { tryExample(w) }
        }
        if openExample == nil || stayExample == nil {
            var literals = Set<UInt32>()
            for part in sharing.prefix(RouteJudge.examplesTried) { literals.formUnion(PatternWitness.literalsWithVariants(part.path)) }
            if let w = PatternWitness.fresh(routePattern, avoiding: literals) { tryExample(w) }
        }
        // 3. What the examples did not show is proven from the first rule that takes every value
        //    of the route: it decides every value the rules before it leave, so when those all
        //    decide as it does, every value gets its decision. With no include rule sharing a
        //    value, no value opens the app.
        if openExample == nil || stayExample == nil {
            var includesBefore = false, excludesBefore = false
            var takesAll: CompiledRule?
            var deciding: [(rule: CompiledRule, path: CompiledPattern)] = []
            for part in sharing {
                deciding.append((part.rule, part.path))
                let allowed = max(1, min(work, PatternSearch.defaultWork))
                var budget = allowed
                let answer = RuleCoverage.includes(part.path, routePattern, budget: &budget)
                work -= allowed - budget
                if answer == .covers {
                    takesAll = part.rule
                    break
                }
                if part.rule.exclude { excludesBefore = true } else { includesBefore = true }
            }
            // Any value shows a proven verdict.
            let anyValue = PatternWitness.shortest(routePattern).map { display(String(String.UnicodeScalarView($0.compactMap(Unicode.Scalar.init))), like: route.path) }
            var proven = true
            if let rule = takesAll, !rule.exclude, !excludesBefore {
                openExample = openExample ?? anyValue        // always
            } else if takesAll?.exclude ?? true, !includesBefore {
                stayExample = stayExample ?? anyValue        // never
            } else {
                proven = false
            }
            if !proven {
                // 4. Otherwise the product of the route and the rules up to the first that takes
                //    every value is searched, within the work left.
                let automata = [SearchAutomaton(routePattern)] + deciding.map { SearchAutomaton($0.path) }
                func decisionOf(_ accepts: [Bool]) -> MatchDecision {
                    guard let k = accepts.dropFirst().firstIndex(of: true) else { return .noMatch }
                    return deciding[k - 1].rule.exclude ? .exclude : .match
                }
                if openExample == nil {
                    var spent = 0
                    let opens = PatternSearch.find(automata, limit: 20_000, work: max(1, work), explored: &spent) { $0[0] && decisionOf($0) == .match }
                    work -= spent
                    if let w = opens.witness { openExample = display(w, like: route.path) }
                    undecided = opens == .unknown
                }
                if stayExample == nil && !undecided {
                    var spent = 0
                    let stays = PatternSearch.find(automata, limit: 20_000, work: max(1, work), explored: &spent) { $0[0] && decisionOf($0) != .match }
                    work -= spent
                    if let w = stays.witness { stayExample = display(w, like: route.path) }
                    undecided = stays == .unknown
                }
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
            if route.expect == .app, stayResult!.decision == .exclude { verdict.failingRule = stayResult!.rule }
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
                    if PatternSearch.overlap(pattern, path, work: RouteJudge.workPerRule, explored: &spent) != .none {
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

extension RouteVerdict {
    /// For a route judged `sometimes`, the words a failing route's finding adds: ` for some
    /// values (/p/x does not open it; /p/y does)`; empty otherwise. One wording for Apple's
    /// (AASA70x) and Android's (DAL70x) route findings.
    var someValuesPhrase: String {
        coverage == .sometimes ? " for some values (\(noMatchExample ?? "") does not open it; \(matchExample ?? "") does)" : ""
    }
}
