extension CodeDoc {
    /// Not valid JSON (line, column, what was expected). Reported by StrictJSONParser (AASA201, rebased).
    static let dal201 = CodeDoc(
        code: .dal201, severity: .error,
        title: "Not valid JSON (line, column, what was expected)",
        why: "Google's parser is strict: a list that does not parse is void, none of its statements count (ERROR_CODE_MALFORMED_CONTENT, comptest2006).",
        fix: "Correct the syntax at the reported line and column (a missing comma, a typographic quote, a bracket closing the wrong thing).",
        failing: AssetLinksExample.list(#"[{"relation": ["delegate_permission/common.handle_all_urls"] "target": {"namespace": "web", "site": "https://example.com"}}]"#),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL201: see ``CodeDoc/dal201``.
    public static let dal201 = DiagnosticCode(rawValue: "DAL201")
}
