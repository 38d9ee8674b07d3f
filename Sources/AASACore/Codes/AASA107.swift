extension CodeDoc {
    /// The decoded file is larger than Apple reads. Reported by ``Validator`` (and for a served
    /// body by the hosting check, counting decoded bytes).
    static let aasa107 = CodeDoc(
        code: .aasa107, severity: .error,
        title: "The decoded body is larger than 131,072 bytes",
        why: "Apple's systems stop reading at 128 KB of decoded data (compression does not help), so the file is rejected.",
        fix: "Shorten the file: merge rules with wildcards and substitution variables, drop comments and white space, split apps across subdomains.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/a/*", "comment": ""# + String(repeating: "x", count: 131_072) + #""}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/a/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA107: see ``CodeDoc/aasa107``.
    public static let aasa107 = DiagnosticCode(rawValue: "AASA107")
}
