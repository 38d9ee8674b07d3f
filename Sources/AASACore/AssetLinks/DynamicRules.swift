/// One dynamic App Links rule: an object of `dynamic_app_link_components` (spec
/// `assetlinks-reference.md` §3.1), compiled for matching.
public struct DynamicRule: Sendable, Hashable {
    /// 0-based place in the statement's rule list.
    public var index: Int
    /// `/`: matched against `Uri.getPath()`.
    public var path: RulePattern?
    /// `#`: matched against `Uri.getFragment()`; a URL without a fragment never matches.
    public var fragment: RulePattern?
    /// `?`: every entry must match some query parameter (`name=` + value pattern).
    public var query: [QueryEntry]
    /// `exclude: true`: a URL this rule decides stays in the browser.
    public var exclude: Bool
    /// RFC 6901 pointer of the rule object in its file.
    public var pointer: String
    /// Line and column of the rule object.
    public var location: SourceLocation?
    /// The rule as compact JSON (`{"/":"/products/*"}`), for messages.
    public var text: String

    public init(index: Int, path: RulePattern? = nil, fragment: RulePattern? = nil, query: [QueryEntry] = [],
                exclude: Bool = false, pointer: String = "", location: SourceLocation? = nil, text: String = "") {
        self.index = index
        self.path = path
        self.fragment = fragment
        self.query = query
        self.exclude = exclude
        self.pointer = pointer
        self.location = location
        self.text = text
    }

    /// Every pattern of the rule (path, fragment, query values).
    public var patterns: [RulePattern] { [path, fragment].compactMap { $0 } + query.map(\.value) }

    /// `rules[3] {"/":"/products/*"}`, cut for messages.
    public var label: String { "rule \(index) `\(SafeText.escape(text, limit: 160))`" }
}

/// One `?` entry: a parameter name and the pattern its value must match.
public struct QueryEntry: Sendable, Hashable {
    public var name: String
    public var value: RulePattern
    /// `name=` + value, what a parameter (`name=value`) must match whole.
    public var pattern: RulePattern

    public init(name: String, value: RulePattern) {
        self.name = name
        self.value = value
        pattern = RulePattern(parameter: name, value: value)
    }
}

/// A statement's rule list, valid: the rules Android applies for this site and app.
public struct DynamicRuleList: Sendable, Hashable {
    public let rules: [DynamicRule]
    /// Pointer of the `dynamic_app_link_components` array.
    public var pointer: String
    public var location: SourceLocation?
    /// The unknown readings (§3.2) under which some rule could decide otherwise, found once
    /// for all the URLs the list decides.
    let unknowns: Unknowns

    /// Which unknown readings a rule list's patterns depend on.
    struct Unknowns: Sendable, Hashable {
        /// A `*` with more pattern after it.
        var backtracking = false
        /// A `.` in a pattern.
        var dot = false
        /// A rule with `?` entries.
        var query = false
    }

    public init(rules: [DynamicRule], pointer: String = "", location: SourceLocation? = nil) {
        self.rules = rules
        self.pointer = pointer
        self.location = location
        var u = Unknowns()
        for rule in rules {
            u.query = u.query || !rule.query.isEmpty
            for p in rule.patterns {
                u.backtracking = u.backtracking || p.dependsOnBacktracking
                u.dot = u.dot || p.hasDot
            }
        }
        unknowns = u
    }
}

/// What a statement says about dynamic rules.
public enum DynamicRules: Sendable, Hashable {
    /// No `dynamic_app_link_components` for `handle_all_urls`: the manifest alone decides.
    case absent
    /// Present but malformed or empty: Android discards every rule of the statement and the
    /// manifest alone decides (documented, §3.1). `list` holds the rules that could be read,
    /// for display; `reasons` one line per defect.
    case void(list: DynamicRuleList?, reasons: [String])
    /// A valid list: applied after the manifest matched.
    case rules(DynamicRuleList)

    /// The list Android applies, if any.
    public var applied: DynamicRuleList? {
        if case .rules(let list) = self { return list }
        return nil
    }
}

/// How the rules decide a URL (cli.md `decision`).
public enum DynamicDecision: String, Sendable, Hashable, Codable {
    /// A rule without `exclude` matched first: the app opens.
    case match
    /// An `exclude` rule matched first: the browser opens.
    case exclude
    /// No rule matched: the browser opens (documented: no match ⇒ excluded).
    case noMatch = "no_match"

    /// Whether the link opens the app (given the manifest matched and the host is verified).
    public var opensApp: Bool { self == .match }
}

/// A behaviour the reference marks unknown (§3.2) under which a URL's decision would change.
public enum UnknownReading: String, Sendable, Hashable, Codable, CaseIterable {
    /// A `*` with pattern after it: a device whose matcher backtracks decides otherwise.
    case backtracking
    /// A `.` in a pattern: a device that builds a simple glob reads it as any character.
    case dotAsAnyCharacter = "dot-as-any-character"
    /// A query parameter without `=` (`?dl`): a device may read it as `dl=` (empty value).
    case parameterWithoutEquals = "parameter-without-equals"

    /// Words for the output ("may differ on device: …").
    public var phrase: String {
        switch self {
        case .backtracking: return "a `*` would match if the device's matcher backtracked"
        case .dotAsAnyCharacter: return "a `.` would be any character if the device builds a simple glob"
        case .parameterWithoutEquals: return "a parameter without `=` would match if the device read it as an empty value"
        }
    }
}

/// The decision for one URL.
public struct DynamicRuleDecision: Sendable, Hashable {
    public var decision: DynamicDecision
    /// Index of the deciding rule; `nil` for ``DynamicDecision/noMatch``.
    public var rule: Int?
    /// The unknown behaviours under which a device would decide this URL otherwise (opens the
    /// app where the policy says browser, or the reverse): "may differ on device". Empty when
    /// every reading agrees.
    public var mayDiffer: [UnknownReading]
}

extension DynamicRuleList {
    /// How one set of readings of the unknowns matches.
    struct Reading: Sendable {
        var backtracking = false
        var dotIsAny = false
        var bareParameterIsEmptyValue = false
        static let policy = Reading()
    }

    /// Decides `url` (a full URL, or a path with query and fragment) by the policy algorithm of
    /// §3.2: rules in order, every key of a rule must match, the first matching rule decides,
    /// none ⇒ ``DynamicDecision/noMatch``. Time linear in the URL's length × the patterns' size.
    public func decide(url: String) -> DynamicRuleDecision { decide(RuleInput(AndroidURI(url))) }

    /// Decides a URL Android's `Uri` has read (see ``decide(url:)``).
    public func decide(_ uri: AndroidURI) -> DynamicRuleDecision { decide(RuleInput(uri)) }

    /// Decides the parts of a URL (see ``decide(url:)``).
    public func decide(_ uri: RuleInput) -> DynamicRuleDecision {
        let params = uri.queryParameters
        let base = decide(uri, params, .policy)
        var differ: [UnknownReading] = []
        func check(_ reading: UnknownReading, _ r: Reading) {
            if decide(uri, params, r).decision.opensApp != base.decision.opensApp { differ.append(reading) }
        }
        if unknowns.backtracking { check(.backtracking, Reading(backtracking: true)) }
        if unknowns.dot { check(.dotAsAnyCharacter, Reading(dotIsAny: true)) }
        if unknowns.query, let params, params.contains(where: { !$0.contains(0x3D) }) {
            check(.parameterWithoutEquals, Reading(bareParameterIsEmptyValue: true))
        }
        return DynamicRuleDecision(decision: base.decision, rule: base.rule, mayDiffer: differ)
    }

    func decide(_ uri: RuleInput, _ params: [ArraySlice<UInt16>]?, _ reading: Reading) -> (decision: DynamicDecision, rule: Int?) {
        for rule in rules where DynamicRuleList.matches(rule, uri, params, reading) {
            return (rule.exclude ? .exclude : .match, rule.index)
        }
        return (.noMatch, nil)
    }

    /// Whether every key of `rule` matches (a rule with no key matches nothing, §3.2).
    static func matches(_ rule: DynamicRule, _ uri: RuleInput, _ params: [ArraySlice<UInt16>]?, _ reading: Reading) -> Bool {
        if rule.path == nil && rule.fragment == nil && rule.query.isEmpty { return false }
        if let p = rule.path {
            guard let path = uri.path, match(p, path[...], reading) else { return false }
        }
        if let f = rule.fragment {
            guard let fragment = uri.fragment, match(f, fragment[...], reading) else { return false }
        }
        if !rule.query.isEmpty {
            guard let params else { return false }
            for entry in rule.query {
                let found = params.contains { param in
                    if match(entry.pattern, param, reading) { return true }
                    if reading.bareParameterIsEmptyValue && !param.contains(0x3D) {
                        return match(entry.pattern, Array(param) + [0x3D], reading)
                    }
                    return false
                }
                if !found { return false }
            }
        }
        return true
    }

    static func match<C: Collection>(_ p: RulePattern, _ s: C, _ reading: Reading) -> Bool where C.Element == UInt16, C.Index == Int {
        if reading.backtracking { return p.matchesWithBacktracking(s) }
        if reading.dotIsAny { return RulePattern.run(p.dotSteps ?? p.steps, s) }
        return p.matches(s)
    }
}
