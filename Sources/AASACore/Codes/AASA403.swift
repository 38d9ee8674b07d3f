extension CodeDoc {
    /// A legacy `paths` pattern with `?` meant as a query (info for a trailing `?*`, in a
    /// component's `/` pattern too).
    static let aasa403 = CodeDoc(
        code: .aasa403, severity: .warning,
        title: "A legacy `paths` pattern contains `?` meant as a query: `paths` never see the query (info for `?*` after a route, in `paths` or a component's `/`)",
        why: "Legacy `paths` patterns are matched against the path only, and `?` there is a one-character wildcard, so \"/search?q=*\" never matches /search?q=shoes.",
        fix: "Use components: {\"/\": \"/search\", \"?\": {\"q\": \"*\"}}; or drop the query part from the path pattern.",
        failing: .document(#"{"applinks": {"apps": [], "details": [{"appID": "K7Q2M9XW3P.com.example.app", "paths": ["/search?q=*"]}]}}"#),
        passing: .document(#"{"applinks": {"apps": [], "details": [{"appID": "K7Q2M9XW3P.com.example.app", "paths": ["/search", "/search/*"]}]}}"#),
        check: { ctx in
            var out: [Diagnostic] = []
            for entry in ctx.document.applinks?.details ?? [] {
                // A component's `/` pattern with `?*` (its `?name=` is AASA319's).
                // Not when the rule has a "?" of its own or inherits one: its author knows where
                // the query goes.
                let inheritsQuery = entry.defaults.query != nil || ctx.document.applinks?.defaults.query != nil
                if case .components(let rules) = entry.rules, !inheritsQuery {
                    for rule in rules where rule.keys.query == nil {
                        guard let path = rule.keys.path, let q = unescapedQuestionMark(in: path),
                              let finding = queryWildcard(rule, path: path, at: q, ctx, entry: entry.index) else { continue }
                        out.append(finding)
                    }
                }
                guard case .paths(let rules) = entry.rules else { continue }
                for rule in rules {
                    guard let path = rule.keys.path, let q = unescapedQuestionMark(in: path) else { continue }
                    let tail = path[path.index(after: q)...]
                    if tail.contains("=") || tail.contains("&") {
                        out.append(ctx.diagnostic(.aasa403, at: rule.ref,
                                                  "the legacy path \"\(rule.text)\" contains \"?\(tail)\", which reads like a query, but paths are matched against the path only and ? matches one character",
                                                  hint: "Use components with a \"?\" key to match query items."))
                    } else if let finding = queryWildcard(rule, path: path, at: q, ctx) {
                        out.append(finding)
                    }
                }
            }
            return out
        })

    /// `/join?*`: a `?*` ending the path right after a word reads as "`/join` with any query",
    /// but opens `/joinery` and `/join/x` (info, with the shortest path it opens that the path
    /// without `?*` does not). `/join/?*` (something under `/join/`) is not reported. A legacy
    /// path, or a component's `/` pattern (`entry` is then its `details` index).
    static func queryWildcard(_ rule: Rule, path: String, at q: String.Index, _ ctx: CheckContext, entry: Int? = nil) -> Diagnostic? {
        guard path[path.index(after: q)...] == "*", q > path.startIndex else { return nil }
        let prefix = String(path[..<q])
        guard let last = prefix.last, !"/*?)".contains(last) else { return nil }
        let opened = CompiledPattern(path, caseSensitive: true, normalizePath: true)
        let meant = CompiledPattern(prefix, caseSensitive: true, normalizePath: true)
        guard let witness = PatternSearch.find([SearchAutomaton(opened), SearchAutomaton(meant)], where: { $0[0] && !$0[1] }).witness
        else { return nil }
        let host = ctx.domain ?? "example.com"
        let verb = rule.keys.exclude == true ? "keeps" : "opens"
        let place = rule.keys.exclude == true ? "in the browser" : "in the app"
        let opensAlso = "it \(verb) https://\(host)\(witness) \(place), and every path that continues \(prefix) by one character or more (\(prefix)/x, \(prefix)-x)"
        var finding: Diagnostic
        if let entry {
            var meantRule = rule.keys
            meantRule.path = prefix
            var under = rule.keys
            under.path = prefix + "/*"
            finding = ctx.diagnostic(.aasa403, at: rule.ref,
                                     "the path pattern \"\(path)\" of details[\(entry)].components[\(rule.index)] reads like \"\(prefix)\" with any query, but the \"/\" pattern never sees the query and ? matches one character: \(opensAlso)",
                                     hint: "For \(prefix) with any query, write \(meantRule.componentText) (a rule without \"?\" accepts any query); for everything under it, \(under.componentText).")
        } else {
            finding = ctx.diagnostic(.aasa403, at: rule.ref,
                                     "the legacy path \"\(rule.text)\" reads like \"\(prefix)\" with any query, but paths never see the query and ? matches one character: \(opensAlso)",
                                     hint: "For \(prefix) with any query, write \"\(prefix)\" (paths ignore the query); for everything under it, \"\(prefix)/*\".")
        }
        finding.severity = .info
        return finding
    }

    /// The first `?` not escaped with `\`.
    static func unescapedQuestionMark(in s: String) -> String.Index? {
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "\\" {
                i = s.index(after: i)
                if i < s.endIndex { i = s.index(after: i) }
                continue
            }
            if s[i] == "?" { return i }
            i = s.index(after: i)
        }
        return nil
    }
}

extension DiagnosticCode {
    /// AASA403: see ``CodeDoc/aasa403``.
    public static let aasa403 = DiagnosticCode(rawValue: "AASA403")
}
