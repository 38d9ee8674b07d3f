extension CodeDoc {
    /// A placeholder app ID.
    static let aasa318 = CodeDoc(
        code: .aasa318, severity: .warning,
        title: "An app ID looks like a placeholder (`TEAMID…`, `<TeamID>`, `$(…)`, `ABCDE12345`, `XXXXXXXXXX`)",
        why: "Sample files and templates ship with placeholder IDs; no signed app has them, so the file associates nothing.",
        fix: "Put your real App ID prefix (Team ID) and bundle ID, as in the app's signed application-identifier.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["TEAMID.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
        check: { ctx in
            ctx.document.allAppIDs.compactMap { service, id in
                guard AppIDSyntax.isPlaceholder(id.value) else { return nil }
                return ctx.diagnostic(.aasa318, at: id.ref, "the \(service) app ID \"\(id.value)\" looks like a placeholder",
                                      hint: "Replace it with the app's real <App ID prefix>.<bundle ID>.")
            }
        })
}

extension DiagnosticCode {
    /// AASA318: see ``CodeDoc/aasa318``.
    public static let aasa318 = DiagnosticCode(rawValue: "AASA318")
}
