extension CodeDoc {
    /// A structural value of the wrong JSON type. Reported by ``DocumentDecoder``.
    static let aasa302 = CodeDoc(
        code: .aasa302, severity: .error,
        title: "A service, `details`, `components`, `paths`, `apps` or `defaults` has the wrong JSON type",
        why: "The system ignores a value of the wrong type, so the rules or apps it was meant to hold do not exist for it.",
        fix: "Use the types of Apple's format: services, `defaults` and `substitutionVariables` are objects; `details`, `components`, `paths`, `apps` and `appIDs` are arrays.",
        failing: .document(#"{"applinks": {"details": {"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA302: see ``CodeDoc/aasa302``.
    public static let aasa302 = DiagnosticCode(rawValue: "AASA302")
}
