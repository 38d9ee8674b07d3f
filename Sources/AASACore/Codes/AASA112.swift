extension CodeDoc {
    /// An empty body. Reported by ``Validator``.
    static let aasa112 = CodeDoc(
        code: .aasa112, severity: .error,
        title: "The body is empty",
        why: "An empty file holds no services, so no universal link, password autofill or App Clip of the domain works.",
        fix: "Deploy the JSON file itself; check that the build copies `.well-known/` (dot folders are often skipped).",
        failing: .document(""),
        passing: .document(#"{"webcredentials": {"apps": ["K7Q2M9XW3P.com.example.app"]}}"#))
}

extension DiagnosticCode {
    /// AASA112: see ``CodeDoc/aasa112``.
    public static let aasa112 = DiagnosticCode(rawValue: "AASA112")
}
