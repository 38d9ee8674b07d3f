extension CodeDoc {
    /// Not valid JSON. Reported by ``StrictJSONParser`` with the line, column and what was expected.
    static let aasa201 = CodeDoc(
        code: .aasa201, severity: .error,
        title: "The file is not valid JSON (line, column, what was expected)",
        why: "Apple's fetcher and CDN parse the file as JSON; a file that does not parse is as good as no file, so no universal link of the domain works.",
        fix: "Correct the syntax at the reported line and column. Typical causes: a missing comma, a typographic quote (“ ”) instead of \", a bracket that closes the wrong thing, a string that runs past the end of the line.",
        failing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"] "components": [{"/": "/orders/*"}]}]}}"#),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/orders/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA201: see ``CodeDoc/aasa201``.
    public static let aasa201 = DiagnosticCode(rawValue: "AASA201")
}
