/// What the system does with a URL for one app (spec `cli.md`, field `decision`).
public enum MatchDecision: String, Sendable, Codable {
    /// The URL opens the app.
    case match
    /// An exclude rule keeps it in the browser.
    case exclude
    /// No rule decides: it stays in the browser.
    case noMatch = "no_match"
}

/// The decision for one URL and one app ID, with the deciding rule and an explanation.
public struct MatchResult: Sendable {
    public var url: String
    public var appID: String
    public var decision: MatchDecision
    /// 0-based index of the deciding `details` entry, `nil` when none decided.
    public var detail: Int?
    /// 0-based index of the deciding rule in `components` (or `paths`), `nil` when no rule
    /// decided (no entry, or an entry that matches everything).
    public var component: Int?
    /// The deciding rule; `nil` for `no_match`.
    public var rule: Rule?
    /// One or two sentences: which rule decided and why, or why nothing matched.
    public var explanation: String
    /// For `no_match`: the rule that got furthest — its path matched (or it has no `/`) and
    /// its query or fragment failed, fewest conditions failing first, then the most passing,
    /// then the first in order. `nil` when no rule's path matched (spec `cli.md`, `closest`).
    public var closest: Rule? = nil
    /// `ios`, or `android` for a decision of Android's dynamic rules (``androidDecision(url:packageName:outcome:)``):
    /// then ``appID`` holds the package name (cli.md `matches[].package`).
    public var platform: String = "ios"
    /// Android: the 0-based index of the deciding dynamic rule, `nil` when none decided.
    public var dynamicRule: Int? = nil
    /// Android: behaviours the reference marks unknown under which a device decides otherwise.
    public var mayDiffer: [UnknownReading] = []
}

/// How ``DocumentMatcher`` finds the deciding rule.
public enum MatchStrategy: String, Sendable, CaseIterable {
    /// Each entry's rule list as one lazily built automaton over the path, then the `?` and
    /// `#` of the few rules whose path matched (``CompiledDocument``; issue 15): the cost does
    /// not grow with the number of rules. Falls back to ``ruleByRule`` for a path on which
    /// the automaton would cost more.
    case automaton
    /// Every rule in order, each pattern matched on its own: the plain reading of spec §5,
    /// kept as the reference the automaton is tested and benchmarked against.
    case ruleByRule
}

/// Decides URLs for a document exactly as spec `aasa-reference.md` §5 describes.
///
/// A matcher is a ``CompiledDocument`` (compile it once per run and share it) and the host
/// the document is served for; making one from a compiled document costs nothing. `decide`
/// and `decision` are thread-safe; for many URLs, ``decider(appIDs:)`` gives a
/// ``URLDecider`` per thread.
public struct DocumentMatcher: Sendable {
    /// The host the document is served for (lowercased), or `nil` when unknown (then the host
    /// check is skipped).
    public let host: String?
    /// The compiled document.
    public let compiled: CompiledDocument
    /// How the deciding rule is found (``MatchStrategy/automaton`` unless asked otherwise).
    public let strategy: MatchStrategy
    /// ``host`` as bytes for the fast path.
    let hostBytes: [UInt8]?
    /// `https://` and ``hostBytes``: the start of most URLs, read in one comparison by the fast
    /// path; `nil` when the host holds a byte that ends or splits an authority (`/?#@:[`).
    let httpsHost: [UInt8]?
    /// For each byte of ``httpsHost``: 0x20 when it is a letter (the case bit a URL's byte may
    /// lack), else 0.
    let httpsHostCaseBits: [UInt8]

    /// A matcher over a document compiled already (``ValidationResult/compiled``).
    /// - Parameters:
    ///   - compiled: the compiled document.
    ///   - host: the host it is served for, when known.
    ///   - strategy: how to find the deciding rule; both give the same decisions.
    public init(compiled: CompiledDocument, host: String? = nil, strategy: MatchStrategy = .automaton) {
        self.compiled = compiled
        self.host = host?.lowercased()
        self.strategy = strategy
        let hostBytes = host.map { Array($0.lowercased().utf8) }
        self.hostBytes = hostBytes
        httpsHost = (hostBytes ?? []).contains { Array("/?#@:[".utf8).contains($0) } ? nil : Array("https://".utf8) + (hostBytes ?? [])
        httpsHostCaseBits = (httpsHost ?? []).map { $0 >= 0x61 && $0 <= 0x7A ? 0x20 : 0 }
    }

    /// Compiles `document` and makes a matcher over it. When the document was validated, pass
    /// ``ValidationResult/compiled`` to ``init(compiled:host:strategy:)`` instead of compiling it again.
    /// - Parameters:
    ///   - document: the decoded document.
    ///   - host: the host it is served for, when known.
    public init(document: AASADocument, host: String? = nil) {
        self.init(compiled: CompiledDocument(document), host: host)
    }

    /// The compiled entries, in file order.
    public var entries: [CompiledEntry] { compiled.entries }

    /// Every app ID of `applinks.details`, in file order, each once.
    public var appIDs: [String] { compiled.appIDs }

    /// The compiled entry that decides for `appID` (the first one that lists it), or `nil`.
    public func entry(for appID: String) -> CompiledEntry? {
        compiled.entry(for: appID)
    }

    /// Decides `url` for `appID`, with the deciding rule and an explanation (and for
    /// `no_match`, the closest rule).
    public func decide(_ url: URLParts, appID: String) -> MatchResult {
        var shared: EntryCaches?
        return decide(url, appID: appID, caches: &shared)
    }

    /// ``decide(_:appID:)`` with the caches of a ``URLDecider`` (`nil`: the shared ones).
    func decide(_ url: URLParts, appID: String, caches: inout EntryCaches?) -> MatchResult {
        var result = MatchResult(url: url.original, appID: appID, decision: .noMatch, detail: nil, component: nil,
                                 rule: nil, explanation: "")
        if let scheme = url.scheme, scheme != "https" && scheme != "http" {
            result.explanation = "only http and https URLs can be universal links; this one is \(scheme):"
            return result
        }
        if let host, let urlHost = url.host, urlHost != host {
            result.explanation = "the URL's host \(urlHost) is not \(host); a domain's file decides only URLs of its own host"
            return result
        }
        guard let compiled = entry(for: appID) else {
            result.explanation = "no details entry lists the app ID \(appID)"
            return result
        }
        result.detail = compiled.entry.index
        if compiled.matchesAll {
            result.decision = .match
            result.explanation = "details[\(compiled.entry.index)] has neither components nor paths, so it matches every URL"
            return result
        }
        var input = PreparedURL(url)
        var closest: (rule: CompiledRule, failures: [String], passed: [String])?
        // Rules whose path does not match neither decide nor are the closest, so the rules the
        // automaton names are enough.
        let decided = firstRule(compiled, &input, caches: &caches) { rule, input in
            let outcome = evaluate(rule, &input)
            if outcome.failures.isEmpty {
                result.decision = rule.exclude ? .exclude : .match
                result.component = rule.rule.index
                result.rule = rule.rule
                let what = outcome.passed.isEmpty ? "it has no pattern key, so it matches every URL" : outcome.passed.joined(separator: ", ")
                result.explanation = "\(ruleName(compiled, rule)) \(rule.exclude ? "excludes" : "matches")\(inheritedKeysNote(compiled, rule)): \(what)"
                return true
            }
            guard pathMatches(rule, &input) else { return false }
            if closest == nil || outcome.failures.count < closest!.failures.count
                || (outcome.failures.count == closest!.failures.count && outcome.passed.count > closest!.passed.count) {
                closest = (rule, outcome.failures, outcome.passed)
            }
            return false
        }
        if decided != nil { return result }
        if let closest {
            result.closest = closest.rule.rule
            let parts = closest.passed + closest.failures
            result.explanation = "no rule of details[\(compiled.entry.index)] matches; closest is \(ruleName(compiled, closest.rule))\(inheritedKeysNote(compiled, closest.rule)): "
                + parts.joined(separator: ", ")
        } else if !compiled.rules.isEmpty {
            result.explanation = "no rule of details[\(compiled.entry.index)] matches: no rule's path pattern matches the path \(input.url.path.isEmpty ? "/" : input.url.path)"
        } else {
            result.explanation = "details[\(compiled.entry.index)] has an empty \(compiled.entry.rules.keyName ?? "components") array, so nothing matches"
        }
        return result
    }

    /// The decision alone, without building an explanation.
    /// - Returns: the decision and the indices of the deciding entry and rule.
    public func decision(_ url: URLParts, appID: String) -> (decision: MatchDecision, detail: Int?, component: Int?) {
        var shared: EntryCaches?
        return decision(url, appID: appID, caches: &shared)
    }

    func decision(_ url: URLParts, appID: String, caches: inout EntryCaches?) -> (decision: MatchDecision, detail: Int?, component: Int?) {
        if let scheme = url.scheme, scheme != "https" && scheme != "http" { return (.noMatch, nil, nil) }
        if let host, let urlHost = url.host, urlHost != host { return (.noMatch, nil, nil) }
        guard let compiled = entry(for: appID) else { return (.noMatch, nil, nil) }
        if compiled.matchesAll { return (.match, compiled.entry.index, nil) }
        var input = PreparedURL(url)
        if let rule = firstRule(compiled, &input, caches: &caches, where: { matches($0, &$1) }) {
            return (rule.exclude ? .exclude : .match, compiled.entry.index, rule.rule.index)
        }
        return (.noMatch, compiled.entry.index, nil)
    }

    /// The first rule of `entry` that `accepts` (which must check every key, the path too),
    /// offering it the rules in order: with ``MatchStrategy/automaton`` only the rules whose
    /// path matches (or that have none), else every rule.
    /// - Parameter caches: a ``URLDecider``'s caches; `nil` uses the entry's shared ones.
    func firstRule(_ entry: CompiledEntry, _ input: inout PreparedURL, caches: inout EntryCaches?,
                   where accepts: (CompiledRule, inout PreparedURL) -> Bool) -> CompiledRule? {
        if strategy == .automaton {
            let automaton = entry.automaton
            let path = input.path(decoded: false, folded: false)
            let decodedPath = automaton.decoded == nil ? path : input.path(decoded: true, folded: false)
            func search(_ owned: inout EntryCaches) -> EntryAutomaton.Found {
                automaton.search(&owned, path: path, decodedPath: decodedPath) { accepts(entry.rules[$0], &input) }
            }
            let found = caches != nil ? search(&caches!) : automaton.withSharedCaches(search)
            switch found {
            case .rule(let i)?: return entry.rules[i]
            case .none?: return nil
            case .gaveUp?, nil: break
            }
        }
        for rule in entry.rules where accepts(rule, &input) { return rule }
        return nil
    }

    /// Whether every pattern key of `rule` matches.
    func matches(_ rule: CompiledRule, _ input: inout PreparedURL) -> Bool {
        if let p = rule.path, !p.matches(input.path(decoded: !rule.percentEncoded, folded: !rule.caseSensitive)) { return false }
        return matchesQueryAndFragment(rule, &input)
    }

    /// Whether the rule's `?` and `#` conditions hold (its path is not looked at).
    func matchesQueryAndFragment(_ rule: CompiledRule, _ input: inout PreparedURL) -> Bool {
        let fold = !rule.caseSensitive
        let decode = !rule.percentEncoded
        switch rule.query {
        case .whole(let p)?:
            if !p.matches(input.query(decoded: decode, folded: fold)) { return false }
        case .items(let items)?:
            let actual = input.items(decoded: decode, folded: fold)
            for (name, p) in items {
                var seen = false
                for item in actual where item.name == name {
                    seen = true
                    if !p.matches(item.value) { return false }
                }
                if !seen && !p.matches([]) { return false }
            }
        case nil:
            break
        }
        if let f = rule.fragment, !f.matches(input.fragment(decoded: decode, folded: fold)) { return false }
        return true
    }

    /// Decides a URL string for `appID`; `nil` when the string is not a URL or path.
    public func decide(_ url: String, appID: String) -> MatchResult? {
        URLParts(url).map { decide($0, appID: appID) }
    }

    func ruleName(_ entry: CompiledEntry, _ rule: CompiledRule) -> String {
        let list = rule.rule.isLegacyPath ? "paths" : "components"
        return "details[\(entry.entry.index)].\(list)[\(rule.rule.index)] `\(rule.rule.text)`"
    }

    /// Whether the rule matches, and a phrase per key that passed or failed.
    func evaluate(_ rule: CompiledRule, _ input: inout PreparedURL) -> (failures: [String], passed: [String]) {
        var failures: [String] = []
        var passed: [String] = []
        let fold = !rule.caseSensitive
        let decode = !rule.percentEncoded
        if let p = rule.path {
            let s = input.path(decoded: decode, folded: fold)
            if p.matches(s) { passed.append("`\(p.source)` matched the path") } else {
                failures.append(Self.why(p, s, what: "the path", shown: input.pathText(decoded: decode)))
            }
        }
        if let q = rule.query {
            switch q {
            case .whole(let p):
                let s = input.query(decoded: decode, folded: fold)
                if p.matches(s) { passed.append("`?` `\(p.source)` matched the query") } else {
                    failures.append(Self.why(p, s, what: "the query", shown: input.url.query.map { "?\($0)" } ?? "no query"))
                }
            case .items(let items):
                let actual = input.items(decoded: decode, folded: fold)
                for (name, p) in items {
                    let values = actual.filter { $0.name == name }.map(\.value)
                    if values.isEmpty {
                        if p.matches([]) { passed.append("`?\(name)` `\(p.source)` accepts its absence") } else {
                            failures.append("`?\(name)` `\(p.source)` \(Self.need(p, got: 0)) but the item is absent")
                        }
                    } else if let bad = values.first(where: { !p.matches($0) }) {
                        failures.append(Self.why(p, bad, what: "`?\(name)`", shown: String(String.UnicodeScalarView(bad.compactMap(Unicode.Scalar.init)))))
                    } else {
                        passed.append("`?\(name)` `\(p.source)` matched")
                    }
                }
            }
        }
        if let f = rule.fragment {
            let s = input.fragment(decoded: decode, folded: fold)
            if f.matches(s) { passed.append("`#` `\(f.source)` matched the fragment") } else {
                failures.append(Self.why(f, s, what: "the fragment", shown: input.url.fragment.map { "#\($0)" } ?? "no fragment"))
            }
        }
        return (failures, passed)
    }

    static func need(_ p: CompiledPattern, got: Int) -> String {
        if let max = p.maxLength, max == p.minLength { return "needs \(max) character\(max == 1 ? "" : "s")" }
        if got < p.minLength { return "needs at least \(p.minLength) character\(p.minLength == 1 ? "" : "s")" }
        if let max = p.maxLength, got > max { return "allows at most \(max) character\(max == 1 ? "" : "s")" }
        return "does not match"
    }

    static func why(_ p: CompiledPattern, _ input: [UInt32], what: String, shown: String) -> String {
        let n = input.count
        let fixedLength = p.maxLength == p.minLength
        if (fixedLength && n != p.minLength) || n < p.minLength || (p.maxLength.map { n > $0 } ?? false) {
            return "\(what == "the path" ? "`\(p.source)`" : "\(what) `\(p.source)`") \(need(p, got: n)), got \(n) (\(shown))"
        }
        return "`\(p.source)` does not match \(what) \(shown)"
    }
}

/// The parts of one URL in the forms rules ask for, each computed at most once.
struct PreparedURL {
    let url: URLParts
    private var slots = [[UInt32]?](repeating: nil, count: 12)
    private var itemSlots = [[(name: String, value: [UInt32])]?](repeating: nil, count: 4)

    init(_ url: URLParts) {
        self.url = url
    }

    static func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    func pathText(decoded: Bool) -> String {
        PathNormalizer.normalize(decoded ? URLParts.decode(url.path) : url.path)
    }

    private mutating func cached(_ slot: Int, folded: Bool, _ make: () -> String) -> [UInt32] {
        let key = slot * 2 + (folded ? 1 : 0)
        if let hit = slots[key] { return hit }
        var value = PreparedURL.scalars(make())
        if folded { value = CaseFold.fold(value) }
        slots[key] = value
        return value
    }

    mutating func path(decoded: Bool, folded: Bool) -> [UInt32] {
        let u = url
        return cached(decoded ? 1 : 0, folded: folded) { PathNormalizer.normalize(decoded ? URLParts.decode(u.path) : u.path) }
    }

    mutating func query(decoded: Bool, folded: Bool) -> [UInt32] {
        let q = url.query ?? ""
        return cached(decoded ? 3 : 2, folded: folded) { decoded ? URLParts.decode(q) : q }
    }

    mutating func fragment(decoded: Bool, folded: Bool) -> [UInt32] {
        let f = url.fragment ?? ""
        return cached(decoded ? 5 : 4, folded: folded) { decoded ? URLParts.decode(f) : f }
    }

    /// Query items; names exactly as written (decoded for `percentEncoded: false`), values in
    /// the requested form.
    mutating func items(decoded: Bool, folded: Bool) -> [(name: String, value: [UInt32])] {
        let key = (decoded ? 2 : 0) + (folded ? 1 : 0)
        if let hit = itemSlots[key] { return hit }
        let items = URLParts.queryItems(url.query ?? "").map { item -> (name: String, value: [UInt32]) in
            let name = decoded ? URLParts.decode(item.name) : item.name
            var value = PreparedURL.scalars(decoded ? URLParts.decode(item.value) : item.value)
            if folded { value = CaseFold.fold(value) }
            return (name, value)
        }
        itemSlots[key] = items
        return items
    }
}
