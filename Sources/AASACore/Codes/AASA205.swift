extension CodeDoc {
    /// Bytes that are not UTF-8. Reported by ``StrictJSONParser`` at the first bad byte.
    static let aasa205 = CodeDoc(
        code: .aasa205, severity: .error,
        title: "The bytes are not valid UTF-8",
        why: "JSON exchanged between systems must be UTF-8; a file in Latin-1 or UTF-16 does not parse on Apple's side.",
        fix: "Re-encode the file as UTF-8.",
        failing: .bytes(Array(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/menu/*", "comment": "caf"#.utf8) + [0xE9] + Array(#" menu"}]}]}}"#.utf8)),
        passing: .bytes(Array(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/menu/*", "comment": "café menu"}]}]}}"#.utf8)))
}

extension DiagnosticCode {
    /// AASA205: see ``CodeDoc/aasa205``.
    public static let aasa205 = DiagnosticCode(rawValue: "AASA205")
}
