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
}

/// One rule with its keys resolved through `defaults` and its patterns compiled.
public final class CompiledRule: Sendable {
    public let rule: Rule
    /// The keys after inheriting from the entry's and `applinks`' `defaults`.
    public let keys: RuleKeys
    public let exclude: Bool
    public let caseSensitive: Bool
    public let percentEncoded: Bool
    public let path: CompiledPattern?
    public let query: CompiledQuery?
    public let fragment: CompiledPattern?

    init(rule: Rule, entryDefaults: RuleKeys, applinksDefaults: RuleKeys, variables: [String: [String]]) {
        self.rule = rule
        let keys = rule.keys.inheriting(from: entryDefaults.inheriting(from: applinksDefaults))
        self.keys = keys
        exclude = keys.exclude ?? false
        caseSensitive = keys.caseSensitive ?? true
        percentEncoded = keys.percentEncoded ?? true
        let cs = caseSensitive
        path = keys.path.map { CompiledPattern($0, variables: variables, caseSensitive: cs, normalizePath: true) }
        fragment = keys.fragment.map { CompiledPattern($0, variables: variables, caseSensitive: cs) }
        switch keys.query {
        case .string(let s)?:
            query = .whole(CompiledPattern(s, variables: variables, caseSensitive: cs))
        case .items(let items)?:
            query = .items(items.map { ($0.name, CompiledPattern($0.pattern, variables: variables, caseSensitive: cs)) })
        case nil:
            query = nil
        }
    }

    /// Whether the rule has no pattern key, or only `/` = `*` (or `/*`): it matches every URL.
    public var matchesEverything: Bool {
        (path == nil || path!.matchesEverything || path!.source == "/*") && query == nil && fragment == nil
    }
}

/// The `?` of a rule, compiled.
public enum CompiledQuery: Sendable {
    case whole(CompiledPattern)
    case items([(name: String, pattern: CompiledPattern)])
}

/// One `details` entry, compiled.
public final class CompiledEntry: Sendable {
    public let entry: DetailEntry
    /// The rules in order; empty for an entry that matches everything (see ``matchesAll``).
    public let rules: [CompiledRule]
    /// Neither `components` nor `paths`: every URL matches.
    public let matchesAll: Bool
    /// Whether some rule decodes percent escapes (`percentEncoded: false`).
    let decodes: Bool
    /// Whether some rule matches case-insensitively.
    let folds: Bool

    init(entry: DetailEntry, rules: [CompiledRule], matchesAll: Bool) {
        self.entry = entry
        self.rules = rules
        self.matchesAll = matchesAll
        decodes = rules.contains { !$0.percentEncoded }
        folds = rules.contains { !$0.caseSensitive }
    }
}

/// Decides URLs for a document exactly as spec `aasa-reference.md` §5 describes.
///
/// Built once per document (patterns compiled once); `decide` is then cheap and thread-safe.
public struct DocumentMatcher: Sendable {
    /// The host the document is served for (lowercased), or `nil` when unknown (then the host
    /// check is skipped).
    public let host: String?
    public let entries: [CompiledEntry]
    /// Every app ID of `applinks.details`, in file order, each once.
    public let appIDs: [String]
    private let firstEntryForApp: [String: Int]
    /// The same, keyed by the app IDs exactly as written (the common lookup, no case mapping).
    private let firstEntryForAppAsWritten: [String: Int]
    /// ``host`` as bytes for the fast path.
    let hostBytes: [UInt8]?

    /// - Parameters:
    ///   - document: the decoded document.
    ///   - host: the host it is served for, when known.
    public init(document: AASADocument, host: String? = nil) {
        self.host = host?.lowercased()
        hostBytes = host.map { Array($0.lowercased().utf8) }
        let links = document.applinks
        let variables = links?.substitutionVariables ?? [:]
        let applinksDefaults = links?.defaults ?? RuleKeys()
        var entries: [CompiledEntry] = []
        var ids: [String] = []
        var first: [String: Int] = [:]
        var asWritten: [String: Int] = [:]
        for entry in links?.details ?? [] {
            let rules = entry.rules.rules.map {
                CompiledRule(rule: $0, entryDefaults: entry.defaults, applinksDefaults: applinksDefaults, variables: variables)
            }
            let matchesAll: Bool
            if case .matchAll = entry.rules { matchesAll = true } else { matchesAll = false }
            let position = entries.count
            entries.append(CompiledEntry(entry: entry, rules: rules, matchesAll: matchesAll))
            for id in entry.appIDs {
                let key = AppIdentity.canonical(id.value)
                if first[key] == nil {
                    first[key] = position
                    ids.append(id.value)
                }
                // An ID written differently but equal after case mapping resolves the same way.
                if asWritten[id.value] == nil { asWritten[id.value] = first[key] }
            }
        }
        self.entries = entries
        appIDs = ids
        firstEntryForApp = first
        firstEntryForAppAsWritten = asWritten
    }

    /// The compiled entry that decides for `appID` (the first one that lists it), or `nil`.
    public func entry(for appID: String) -> CompiledEntry? {
        if let i = firstEntryForAppAsWritten[appID] { return entries[i] }
        return firstEntryForApp[AppIdentity.canonical(appID)].map { entries[$0] }
    }

    /// Decides `url` for `appID`.
    public func decide(_ url: URLParts, appID: String) -> MatchResult {
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
        for rule in compiled.rules {
            let outcome = evaluate(rule, &input)
            if outcome.failures.isEmpty {
                result.decision = rule.exclude ? .exclude : .match
                result.component = rule.rule.index
                result.rule = rule.rule
                let what = outcome.passed.isEmpty ? "it has no pattern key, so it matches every URL" : outcome.passed.joined(separator: ", ")
                result.explanation = "\(ruleName(compiled, rule)) \(rule.exclude ? "excludes" : "matches")\(inheritedKeysNote(compiled, rule)): \(what)"
                return result
            }
            guard pathMatches(rule, &input) else { continue }
            if closest == nil || outcome.failures.count < closest!.failures.count
                || (outcome.failures.count == closest!.failures.count && outcome.passed.count > closest!.passed.count) {
                closest = (rule, outcome.failures, outcome.passed)
            }
        }
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

    /// The decision alone, without building an explanation: the fast path for bulk matching.
    /// - Returns: the decision and the indices of the deciding entry and rule.
    public func decision(_ url: URLParts, appID: String) -> (decision: MatchDecision, detail: Int?, component: Int?) {
        if let scheme = url.scheme, scheme != "https" && scheme != "http" { return (.noMatch, nil, nil) }
        if let host, let urlHost = url.host, urlHost != host { return (.noMatch, nil, nil) }
        guard let compiled = entry(for: appID) else { return (.noMatch, nil, nil) }
        if compiled.matchesAll { return (.match, compiled.entry.index, nil) }
        var input = PreparedURL(url)
        for rule in compiled.rules where matches(rule, &input) {
            return (rule.exclude ? .exclude : .match, compiled.entry.index, rule.rule.index)
        }
        return (.noMatch, compiled.entry.index, nil)
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
