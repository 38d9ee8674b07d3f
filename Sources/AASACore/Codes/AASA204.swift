extension CodeDoc {
    /// A key twice in one object. Reported by ``StrictJSONParser``.
    static let aasa204 = CodeDoc(
        code: .aasa204, severity: .warning,
        title: "A key appears twice in one object (the last one wins)",
        why: "Only the last value counts, so rules written in the first occurrence are silently lost.",
        fix: "Merge the two values into one key.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/a/*"}], "components": [{"/": "/b/*"}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/a/*"}, {"/": "/b/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA204: see ``CodeDoc/aasa204``.
    public static let aasa204 = DiagnosticCode(rawValue: "AASA204")
}
