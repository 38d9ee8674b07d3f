extension CodeDoc {
    /// An app ID in more than one `details` entry.
    static let aasa307 = CodeDoc(
        code: .aasa307, severity: .warning,
        title: "An app ID appears in more than one `details` entry (later entries are ignored)",
        why: "The system uses only the first entry that lists an app; the rules of later entries never apply to it.",
        fix: "Merge the rules into the first entry that lists the app, in the order they should be tried.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/a/*"}]}, {"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/b/*"}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/a/*"}, {"/": "/b/*"}]}]}}"#),
        check: { ctx in
            var firstEntry: [String: Int] = [:]
            var out: [Diagnostic] = []
            for entry in ctx.document.applinks?.details ?? [] {
                var inThisEntry = Set<String>()
                for id in entry.appIDs {
                    let key = AppIdentity.canonical(id.value)
                    guard inThisEntry.insert(key).inserted else { continue }
                    if let first = firstEntry[key] {
                        out.append(ctx.diagnostic(.aasa307, at: id.ref,
                                                  "\(id.value) is already listed in details[\(first)]; the system ignores this entry (details[\(entry.index)]) for it",
                                                  hint: "Move these rules into details[\(first)]."))
                    } else {
                        firstEntry[key] = entry.index
                    }
                }
            }
            return out
        })
}

extension DiagnosticCode {
    /// AASA307: see ``CodeDoc/aasa307``.
    public static let aasa307 = DiagnosticCode(rawValue: "AASA307")
}
