extension CodeDoc {
    /// Both `appIDs` and `appID` in one entry.
    static let aasa304 = CodeDoc(
        code: .aasa304, severity: .warning,
        title: "A `details` entry has both `appIDs` and `appID` (`appID` is ignored)",
        why: "When `appIDs` is an array the system ignores `appID`; an app listed only in `appID` gets none of the rules.",
        fix: "Keep only `appIDs` and list every app in it.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "appID": "K7Q2M9XW3P.com.example.other", "components": [{"/": "/*"}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app", "K7Q2M9XW3P.com.example.other"], "components": [{"/": "/*"}]}]}}"#),
        check: { ctx in
            (ctx.document.applinks?.details ?? []).compactMap { entry in
                guard entry.appIDsSource == "appIDs", let appID = entry.node["appID"] else { return nil }
                let listed = appID.stringValue.map { id in entry.appIDs.contains { $0.value == id } } ?? false
                let ref = SourceRef(pointer: JSONPointer.appending(entry.ref.pointer, "appID"), location: ctx.sourceMap.location(of: appID.offset))
                return ctx.diagnostic(.aasa304, at: ref,
                                      "details[\(entry.index)] has both appIDs and appID; appID is ignored" + (listed ? " (its app is also in appIDs)" : ", so \(appID.stringValue ?? "its value") gets none of these rules"),
                                      hint: "Remove appID and keep every app in appIDs.")
            }
        })
}

extension DiagnosticCode {
    /// AASA304: see ``CodeDoc/aasa304``.
    public static let aasa304 = DiagnosticCode(rawValue: "AASA304")
}
