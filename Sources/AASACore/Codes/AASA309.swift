extension CodeDoc {
    /// A component key of the wrong type. Reported by ``DocumentDecoder``.
    static let aasa309 = CodeDoc(
        code: .aasa309, severity: .error,
        title: "A component key has the wrong type (`/` or `#` not a string, `exclude` not a boolean, …)",
        why: "The system ignores a key of the wrong type: a \"exclude\": \"true\" string does not exclude, and a non-string pattern matches anything.",
        fix: "`/`, `#` and `comment` are strings; `?` is a string or an object of strings; `exclude`, `caseSensitive` and `percentEncoded` are true or false without quotes.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/admin/*", "exclude": "true"}, {"/": "*"}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/admin/*", "exclude": true}, {"/": "*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA309: see ``CodeDoc/aasa309``.
    public static let aasa309 = DiagnosticCode(rawValue: "AASA309")
}
