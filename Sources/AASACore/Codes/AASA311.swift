extension CodeDoc {
    /// A `?` object holding a non-string value. Reported by ``DocumentDecoder``.
    static let aasa311 = CodeDoc(
        code: .aasa311, severity: .warning,
        title: "A `?` object holds a value that is not a string: the system ignores the whole object",
        why: "One number, boolean or null in a `?` object makes the system drop every query condition of the rule, so it matches URLs with any query.",
        fix: "Write every value as a string pattern: \"1\" instead of 1, \"*\" to accept any value.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/item", "?": {"id": "?*", "v": 2}}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/item", "?": {"id": "?*", "v": "2"}}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA311: see ``CodeDoc/aasa311``.
    public static let aasa311 = DiagnosticCode(rawValue: "AASA311")
}
