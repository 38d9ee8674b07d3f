extension CodeDoc {
    /// A `details` entry that names no app.
    static let aasa303 = CodeDoc(
        code: .aasa303, severity: .error,
        title: "A `details` entry names no app (`appIDs`/`appID` missing or empty)",
        why: "Rules apply only to the apps an entry names; an entry without app IDs does nothing.",
        fix: "Add \"appIDs\": [\"<App ID prefix>.<bundle ID>\"] to the entry.",
        failing: .document(#"{"applinks": {"details": [{"appid": "K7Q2M9XW3P.com.example.app", "paths": ["*"]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appID": "K7Q2M9XW3P.com.example.app", "paths": ["*"]}]}}"#),
        check: { ctx in
            (ctx.document.applinks?.details ?? []).compactMap { entry in
                guard entry.appIDs.isEmpty else { return nil }
                let said = entry.appIDsSource == "appIDs" ? "its appIDs array is empty" : "it has neither appIDs nor appID"
                return ctx.diagnostic(.aasa303, at: entry.ref, "details[\(entry.index)] names no app: \(said)",
                                      hint: "Add \"appIDs\": [\"<App ID prefix>.<bundle ID>\"].")
            }
        })
}

extension DiagnosticCode {
    /// AASA303: see ``CodeDoc/aasa303``.
    public static let aasa303 = DiagnosticCode(rawValue: "AASA303")
}
