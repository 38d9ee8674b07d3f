/// What a match explanation says about a rule beyond its own text: the keys it takes from
/// `defaults` (spec `aasa-reference.md` §4: the entry's `defaults` over `applinks.defaults`,
/// pattern keys and `exclude` included), and whether its path matched (for the closest rule).
extension DocumentMatcher {
    /// ` (from applinks.defaults: "exclude": true)` for the keys `rule` inherits, naming the
    /// level each came from; empty when it inherits none.
    public func inheritedKeysNote(_ entry: CompiledEntry, _ rule: CompiledRule) -> String {
        let own = Set(rule.rule.keys.members.map(\.key))
        let inEntry = Set(entry.entry.defaults.members.map(\.key))
        var byLevel: [(level: String, members: [String])] = []
        for (key, text) in rule.keys.members where !own.contains(key) {
            let level = inEntry.contains(key) ? "details[\(entry.entry.index)].defaults" : "applinks.defaults"
            if let i = byLevel.firstIndex(where: { $0.level == level }) {
                byLevel[i].members.append(text)
            } else {
                byLevel.append((level, [text]))
            }
        }
        guard !byLevel.isEmpty else { return "" }
        return " (" + byLevel.map { "from \($0.level): \($0.members.joined(separator: ", "))" }.joined(separator: "; ") + ")"
    }

    /// Whether the rule's `/` pattern matches the URL's path (true for a rule without one).
    func pathMatches(_ rule: CompiledRule, _ input: inout PreparedURL) -> Bool {
        guard let p = rule.path else { return true }
        return p.matches(input.path(decoded: !rule.percentEncoded, folded: !rule.caseSensitive))
    }
}

extension RuleKeys {
    /// Each key set here with its JSON member text (`"exclude": true`), in the order Apple's
    /// documentation writes them: `/`, `?`, `#`, `exclude`, `caseSensitive`, `percentEncoded`.
    var members: [(key: String, text: String)] {
        func quoted(_ s: String) -> String {
            var out = ""
            JSONText.quote(s, into: &out)
            return out
        }
        var out: [(String, String)] = []
        if let p = path { out.append(("/", "\"/\": \(quoted(p))")) }
        switch query {
        case .string(let s)?: out.append(("?", "\"?\": \(quoted(s))"))
        case .items(let items)?:
            out.append(("?", "\"?\": {" + items.map { "\(quoted($0.name)): \(quoted($0.pattern))" }.joined(separator: ", ") + "}"))
        case nil: break
        }
        if let f = fragment { out.append(("#", "\"#\": \(quoted(f))")) }
        if let e = exclude { out.append(("exclude", "\"exclude\": \(e)")) }
        if let c = caseSensitive { out.append(("caseSensitive", "\"caseSensitive\": \(c)")) }
        if let p = percentEncoded { out.append(("percentEncoded", "\"percentEncoded\": \(p)")) }
        return out
    }

    /// The keys as a component's JSON text: `{"/": "/search", "?": {"q": "*"}}`.
    var componentText: String { "{" + members.map(\.text).joined(separator: ", ") + "}" }
}
