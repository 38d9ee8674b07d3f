extension CodeDoc {
    /// An unknown key, with the known key it resembles. Reported by ``DocumentDecoder``.
    static let aasa310 = CodeDoc(
        code: .aasa310, severity: .warning,
        title: "An unknown key (suggest the known key it resembles, e.g. `casesensitive` → `caseSensitive`)",
        why: "The system silently ignores keys it does not know, so a misspelt key changes the meaning of the file without any error.",
        fix: "Use the key suggested, or remove the key.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/Help/*", "casesensitive": false}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/Help/*", "caseSensitive": false}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA310: see ``CodeDoc/aasa310``.
    public static let aasa310 = DiagnosticCode(rawValue: "AASA310")
}
