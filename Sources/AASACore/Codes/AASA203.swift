extension CodeDoc {
    /// Lenient-only JSON: trailing comma, comment, single quotes, unquoted key, NaN/Infinity.
    /// Reported by ``StrictJSONParser``, which then reads on as lenient parsers do.
    static let aasa203 = CodeDoc(
        code: .aasa203, severity: .error,
        title: "Non-standard JSON that lenient parsers accept: trailing comma, comment, single quotes, unquoted key, NaN/Infinity",
        why: "Some parsers (Foundation's on Linux, JavaScript tooling) accept these, so the file looks fine in testing, but Apple's CDN uses a strict decoder and rejects the whole file.",
        fix: "Remove trailing commas and comments; put keys and strings in double quotes; use numbers only where JSON allows them (AASA files need none).",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/buy/*"},]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/buy/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA203: see ``CodeDoc/aasa203``.
    public static let aasa203 = DiagnosticCode(rawValue: "AASA203")
}
