extension CodeDoc {
    /// A rule that matches every URL.
    static let aasa401 = CodeDoc(
        code: .aasa401, severity: .warning,
        title: "A rule matches every URL (no pattern keys, or `/` is `*` with no other key); rules after it are dead",
        why: "Every link to the domain opens the app (or, for an exclude, none does), including pages the app cannot show, such as password resets, legal pages and marketing pages; no rule after it is ever reached.",
        fix: "List the paths the app handles ({\"/\": \"/orders/*\"}), put exclude rules before broader ones, or keep the catch-all last and on purpose.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}, {"/": "/admin/*", "exclude": true}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/admin/*", "exclude": true}, {"/": "/orders/*"}]}]}}"#),
        check: { ctx in
            var out: [Diagnostic] = []
            for entry in ctx.matcher.entries {
                for (position, rule) in entry.rules.enumerated() where rule.matchesEverything && rule.rule.isWellFormed {
                    let list = rule.rule.isLegacyPath ? "paths" : "components"
                    let after = entry.rules.count - position - 1
                    let effect = rule.exclude ? "keeps every URL of the domain in the browser" : "opens every URL of the domain in the app"
                    let dead = after > 0 ? "; the \(after) rule\(after == 1 ? "" : "s") after it can never decide" : ""
                    out.append(ctx.diagnostic(.aasa401, at: rule.rule.ref,
                                              "details[\(entry.entry.index)].\(list)[\(rule.rule.index)] `\(rule.rule.text)` matches every URL: it \(effect)\(dead)",
                                              hint: after > 0 ? "Move it after the rules it should not hide, or narrow it." : "Narrow it to the paths the app handles, unless every page has a screen in the app."))
                }
            }
            return out
        })
}

extension DiagnosticCode {
    /// AASA401: see ``CodeDoc/aasa401``.
    public static let aasa401 = DiagnosticCode(rawValue: "AASA401")
}
