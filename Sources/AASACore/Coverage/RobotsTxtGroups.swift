extension RobotsTxt {
    /// One group of a robots.txt (RFC 9309 §2.1): the user agents it names and its rules.
    public struct Group: Sendable, Hashable {
        /// The `User-agent` values, as written.
        public var userAgents: [String]
        public var rules: [Rule]
    }

    /// An `Allow` or `Disallow` line of a group.
    public struct Rule: Sendable, Hashable {
        public var allow: Bool
        /// The path pattern: `*` any characters, a final `$` the end of the path.
        public var pattern: String
        /// 1-based line in the file.
        public var line: Int
    }

    /// Longest rule pattern compared, in UTF-8 bytes; longer ones are ignored (no real rule is
    /// that long, and the match stays cheap).
    public static let maxPatternBytes = 4_096

    /// The groups, in order (RFC 9309 §2.2.1: consecutive `User-agent` lines open a group; rules
    /// before any `User-agent` belong to none and are ignored).
    public static func groups(_ bytes: [UInt8]) -> [Group] {
        var out: [Group] = []
        var current: Group?
        var lastWasAgent = false
        for record in records(bytes, limit: maxBytes) {
            switch record.field {
            case "user-agent":
                if lastWasAgent, current != nil {
                    current!.userAgents.append(record.value)
                } else {
                    if let current { out.append(current) }
                    current = Group(userAgents: [record.value], rules: [])
                }
                lastWasAgent = true
            case "allow", "disallow":
                lastWasAgent = false
                // An empty Disallow allows everything; it is no rule.
                guard current != nil, !record.value.isEmpty, record.value.utf8.count <= maxPatternBytes else { continue }
                current!.rules.append(Rule(allow: record.field == "allow", pattern: record.value, line: record.line))
            default:
                lastWasAgent = false
            }
        }
        if let current { out.append(current) }
        return out
    }

    /// The rule that decides `path` in `group` (RFC 9309 §2.2.2: the matching rule with the
    /// longest pattern wins, `Allow` on a tie), or `nil` when none matches (allowed).
    public static func decidingRule(for path: String, in group: Group) -> Rule? {
        var best: Rule?
        for rule in group.rules where matches(rule.pattern, path) {
            guard let b = best else { best = rule; continue }
            let (n, m) = (rule.pattern.utf8.count, b.pattern.utf8.count)
            if n > m || (n == m && rule.allow && !b.allow) { best = rule }
        }
        return best
    }

    /// Whether the robots pattern matches `path` from its start: `*` any run of characters, `$`
    /// at the end anchors the end. O(|pattern| × |path|).
    public static func matches(_ pattern: String, _ path: String) -> Bool {
        var p = Array(pattern.utf8)
        let s = Array(path.utf8)
        var anchored = false
        if p.last == UInt8(ascii: "$") {
            anchored = true
            p.removeLast()
        }
        // reach[j]: the pattern read so far can end at s[..<j].
        var reach = [Bool](repeating: false, count: s.count + 1)
        reach[0] = true
        for c in p {
            var next = [Bool](repeating: false, count: s.count + 1)
            if c == UInt8(ascii: "*") {
                var on = false
                for j in 0...s.count {
                    on = on || reach[j]
                    next[j] = on
                }
            } else {
                for j in 0..<s.count where reach[j] && s[j] == c { next[j + 1] = true }
            }
            reach = next
            if !reach.contains(true) { return false }
        }
        return anchored ? reach[s.count] : reach.contains(true)
    }
}
