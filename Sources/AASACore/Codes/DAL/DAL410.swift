extension CodeDoc {
    /// A pattern whose device behaviour is unknown (`*` before more pattern, `.`, wildcards in a parameter name). Reported by DynamicRuleAnalysis.
    static let dal410 = CodeDoc(
        code: .dal410, severity: .info,
        title: "A pattern whose device behaviour is unknown (`*` before more pattern, `.`, wildcards in a parameter name)",
        why: "Google does not say how patterns become matchers: aasa-check matches `*` without backtracking and `.` literally; a device may backtrack or read `.` as any character, so URLs near these patterns may be decided differently.",
        fix: "Prefer patterns whose meaning does not depend on it (a trailing *, literal segments), and test such links on a device; match marks each URL that may differ.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/products/*/reviews"}"#]))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#]))))
}

extension DiagnosticCode {
    /// DAL410: see ``CodeDoc/dal410``.
    public static let dal410 = DiagnosticCode(rawValue: "DAL410")
}
