extension CodeDoc {
    /// Non-standard JSON lenient parsers accept: trailing comma, comment, single quotes, unquoted key, NaN. Reported by StrictJSONParser (AASA203, rebased).
    static let dal203 = CodeDoc(
        code: .dal203, severity: .error,
        title: "Non-standard JSON lenient parsers accept: trailing comma, comment, single quotes, unquoted key, NaN",
        why: "Google reads statement lists in strict mode (a security requirement): a trailing comma voids the whole list (comptest2008).",
        fix: "Remove the construct: no trailing commas, no comments, double quotes only.",
        failing: AssetLinksExample.list(#"[{"relation": ["delegate_permission/common.handle_all_urls",], "target": {"namespace": "web", "site": "https://example.com"}}]"#),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL203: see ``CodeDoc/dal203``.
    public static let dal203 = DiagnosticCode(rawValue: "DAL203")
}
