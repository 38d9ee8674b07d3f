extension CodeDoc {
    /// A non-empty legacy `applinks.apps`.
    static let aasa314 = CodeDoc(
        code: .aasa314, severity: .warning,
        title: "`applinks.apps` is present and not empty",
        why: "`apps` under `applinks` is a leftover of the first format and must be an empty array; app IDs listed there are not associated with anything.",
        fix: "List the app IDs in `details` (appIDs) and make `apps` empty, or remove it.",
        failing: .document(#"{"applinks": {"apps": ["K7Q2M9XW3P.com.example.app"], "details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
        passing: .document(#"{"applinks": {"apps": [], "details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
        check: { ctx in
            guard let apps = ctx.document.applinks?.apps, !apps.value.isEmpty else { return [] }
            return [ctx.diagnostic(.aasa314, at: apps.ref,
                                   "applinks.apps holds \(apps.value.count) value\(apps.value.count == 1 ? "" : "s"); it must be empty, and app IDs listed here are not associated",
                                   hint: "Move the app IDs to details[].appIDs and leave \"apps\": [] or remove it.")]
        })
}

extension DiagnosticCode {
    /// AASA314: see ``CodeDoc/aasa314``.
    public static let aasa314 = DiagnosticCode(rawValue: "AASA314")
}
