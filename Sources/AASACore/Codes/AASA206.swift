extension CodeDoc {
    /// The top-level value is not an object. Reported by ``Validator``.
    static let aasa206 = CodeDoc(
        code: .aasa206, severity: .error,
        title: "The top level is not an object",
        why: "The system looks up services (`applinks`, `webcredentials`, …) as keys of the top-level object; any other value means no service at all.",
        fix: "Wrap the content in one object: {\"applinks\": {…}}.",
        failing: .document(#"[{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/orders/*"}]}]}}]"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/orders/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA206: see ``CodeDoc/aasa206``.
    public static let aasa206 = DiagnosticCode(rawValue: "AASA206")
}
