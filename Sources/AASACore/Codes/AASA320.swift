extension CodeDoc {
    /// `defaults` makes every rule an exclude rule.
    static let aasa320 = CodeDoc(
        code: .aasa320, severity: .warning,
        title: "`defaults` sets `exclude: true`: every rule that does not set `exclude` excludes",
        why: "`exclude` is inherited from `defaults` like the pattern keys (the entry's `defaults` over `applinks.defaults`), so a rule that does not say `\"exclude\": false` keeps its URLs in the browser. Written to save typing on a few exclude rules, it silently turns the include rules into excludes too, and the app opens for none of them.",
        fix: "Remove \"exclude\" from defaults and write \"exclude\": true on each rule meant to keep URLs on the web.",
        failing: .document(#"{"applinks": {"defaults": {"exclude": true}, "details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/admin/*"}, {"/": "/orders/*"}]}]}}"#),
        passing: .document(#"{"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/admin/*", "exclude": true}, {"/": "/orders/*"}]}]}}"#),
        check: { ctx in
            guard let links = ctx.document.applinks else { return [] }
            var out: [Diagnostic] = []
            // applinks.defaults: the entries that do not override it at their own level.
            if links.defaults.exclude == true, let node = ctx.document.root["applinks"]?["defaults"]?["exclude"] {
                let entries = ctx.matcher.entries.filter { $0.entry.defaults.exclude == nil }
                if let d = excludeDefault(ctx, entries, level: "applinks.defaults", pointer: "/applinks/defaults/exclude", node: node) {
                    out.append(d)
                }
            }
            for entry in ctx.matcher.entries where entry.entry.defaults.exclude == true {
                guard let node = entry.entry.node["defaults"]?["exclude"] else { continue }
                if let d = excludeDefault(ctx, [entry], level: "details[\(entry.entry.index)].defaults",
                                          pointer: "/applinks/details/\(entry.entry.index)/defaults/exclude", node: node) {
                    out.append(d)
                }
            }
            return out
        })

    /// The finding for an `exclude: true` default over `entries`, naming the rules that inherit
    /// it; `nil` when every rule sets `exclude` itself.
    private static func excludeDefault(_ ctx: CheckContext, _ entries: [CompiledEntry], level: String, pointer: String,
                                       node: JSONNode) -> Diagnostic? {
        var inheriting: [String] = []
        var silenced: [Int] = []
        for entry in entries where !entry.matchesAll {
            let list = entry.entry.rules.keyName ?? "components"
            let mine = entry.rules.filter { $0.rule.keys.exclude == nil }
            inheriting += mine.map { "details[\(entry.entry.index)].\(list)[\($0.rule.index)]" }
            if !mine.isEmpty && entry.rules.allSatisfy(\.exclude) { silenced.append(entry.entry.index) }
        }
        guard !inheriting.isEmpty else { return nil }
        let shown = inheriting.count > 3 ? inheriting.prefix(3).joined(separator: ", ") + ", …" : inheriting.joined(separator: ", ")
        let message0 = inheriting.count == 1
            ? "the rule that does not set exclude itself (\(shown)) excludes: its URLs stay in the browser"
            : "the \(inheriting.count) rules that do not set exclude themselves (\(shown)) exclude: their URLs stay in the browser"
        var message = "\(level) sets \"exclude\": true, so \(message0)"
        if !silenced.isEmpty {
            message += "; no URL opens the app for " + silenced.map { "details[\($0)]" }.joined(separator: ", ")
        }
        return ctx.diagnostic(.aasa320, at: SourceRef(pointer: pointer, location: ctx.sourceMap.location(of: node.offset)), message,
                              hint: "Remove \"exclude\" from \(level) and add \"exclude\": true to the rules meant to keep URLs on the web.")
    }
}

extension DiagnosticCode {
    /// AASA320: see ``CodeDoc/aasa320``.
    public static let aasa320 = DiagnosticCode(rawValue: "AASA320")
}
