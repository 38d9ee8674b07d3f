extension CodeDoc {
    /// A rule that matches every URL.
    static let aasa401 = CodeDoc(
        code: .aasa401, severity: .warning,
        title: "A rule matches every URL (no pattern keys, or `/` is `*` with no other key) and rules follow it (they are dead); info when it is the last rule",
        why: "Every link to the domain opens the app (or, for an exclude, none does), including pages the app cannot show, such as password resets, legal pages and marketing pages; no rule after it is ever reached.",
        fix: "List the paths the app handles ({\"/\": \"/orders/*\"}), put exclude rules before broader ones, or keep the catch-all last and on purpose.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "*"}, {"/": "/admin/*", "exclude": true}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/admin/*", "exclude": true}, {"/": "/orders/*"}]}]}}"#),
        check: { ctx in
            var out: [Diagnostic] = []
            for entry in ctx.matcher.entries {
                for (position, rule) in entry.rules.enumerated() where rule.matchesEverything && rule.rule.isWellFormed {
                    let list = rule.rule.isLegacyPath ? "paths" : "components"
                    let name = "details[\(entry.entry.index)].\(list)[\(rule.rule.index)] `\(rule.rule.text)`"
                    let after = entry.rules.count - position - 1
                    let effect = catchAllEffect(rule, before: Array(entry.rules[..<position]))
                    if after > 0 {
                        out.append(ctx.diagnostic(.aasa401, at: rule.rule.ref,
                                                  "\(name) matches every URL: it \(effect); the \(after) rule\(after == 1 ? "" : "s") after it can never decide",
                                                  hint: "Move it after the rules it should not hide, or narrow it."))
                    } else {
                        // The last rule: a deliberate catch-all (rules after one are AASA402's).
                        var finding = ctx.diagnostic(.aasa401, at: rule.rule.ref, "\(name) is the last rule and matches every URL: it \(effect)",
                                                     hint: rule.exclude
                                                        ? "An exclude catch-all at the end changes nothing (a URL no rule matches stays in the browser too); remove it."
                                                        : "Fine when every page of the domain has a screen in the app; otherwise list the paths the app handles, or exclude the others before it.")
                        finding.severity = .info
                        out.append(finding)
                    }
                }
            }
            return out
        })

    /// What a catch-all does, given the rules before it: every URL they leave undecided.
    private static func catchAllEffect(_ rule: CompiledRule, before: [CompiledRule]) -> String {
        let opposite = before.filter { $0.exclude != rule.exclude }
        let verb = rule.exclude ? "keeps" : "opens"
        let place = rule.exclude ? "in the browser" : "in the app"
        guard !before.isEmpty else { return "\(verb) every URL of the domain \(place)" }
        guard !opposite.isEmpty else {
            return "\(verb) every URL of the domain \(place) (the \(before.count == 1 ? "rule" : "\(before.count) rules") before it decide\(before.count == 1 ? "s" : "") the same)"
        }
        // The path alone when it is all the rule tests; the whole rule when a query or fragment
        // narrows it (`/a` would overstate what {"/":"/a","?":{"x":"1"}} keeps).
        let shown = opposite.prefix(3).map { r in
            "`\(r.keys.query == nil && r.keys.fragment == nil ? (r.keys.path ?? r.rule.text) : r.rule.text)`"
        }.joined(separator: ", ") + (opposite.count > 3 ? ", …" : "")
        let kind = rule.exclude ? "include" : "exclude"
        let them = opposite.count == 1 ? "the \(kind) rule" : "the \(opposite.count) \(kind) rules"
        let keep = opposite.count == 1 ? (rule.exclude ? "opens in the app" : "keeps on the web") : (rule.exclude ? "open in the app" : "keep on the web")
        return "\(verb) \(place) every URL except those \(them) before it \(keep) (\(shown))"
    }
}

extension DiagnosticCode {
    /// AASA401: see ``CodeDoc/aasa401``.
    public static let aasa401 = DiagnosticCode(rawValue: "AASA401")
}
