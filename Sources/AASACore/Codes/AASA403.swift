extension CodeDoc {
    /// A legacy `paths` pattern with `?` meant as a query.
    static let aasa403 = CodeDoc(
        code: .aasa403, severity: .warning,
        title: "A legacy `paths` pattern contains `?` meant as a query: `paths` never see the query",
        why: "Legacy `paths` patterns are matched against the path only, and `?` there is a one-character wildcard, so \"/search?q=*\" never matches /search?q=shoes.",
        fix: "Use components: {\"/\": \"/search\", \"?\": {\"q\": \"*\"}}; or drop the query part from the path pattern.",
        failing: .document(#"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/search?q=*"]}]}}"#),
        passing: .document(#"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/search", "/search/*"]}]}}"#),
        check: { ctx in
            var out: [Diagnostic] = []
            for entry in ctx.document.applinks?.details ?? [] {
                guard case .paths(let rules) = entry.rules else { continue }
                for rule in rules {
                    guard let path = rule.keys.path, let q = unescapedQuestionMark(in: path) else { continue }
                    let tail = path[path.index(after: q)...]
                    guard tail.contains("=") || tail.contains("&") else { continue }
                    out.append(ctx.diagnostic(.aasa403, at: rule.ref,
                                              "the legacy path \"\(rule.text)\" contains \"?\(tail)\", which reads like a query, but paths are matched against the path only and ? matches one character",
                                              hint: "Use components with a \"?\" key to match query items."))
                }
            }
            return out
        })

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
