extension CodeDoc {
    /// A component that is not an object. Reported by ``DocumentDecoder``.
    static let aasa308 = CodeDoc(
        code: .aasa308, severity: .error,
        title: "A component is not an object (the system reads it as a rule that matches everything)",
        why: "A string such as \"/foo/*\" in `components` is read as an empty rule, and an empty rule matches every URL: the whole site opens the app.",
        fix: "Write each component as an object: {\"/\": \"/foo/*\"}.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": ["/foo/*"]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/foo/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA308: see ``CodeDoc/aasa308``.
    public static let aasa308 = DiagnosticCode(rawValue: "AASA308")
}
