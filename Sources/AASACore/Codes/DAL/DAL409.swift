extension CodeDoc {
    /// A rule can never match a URL (a / pattern not starting with / or a wildcard). Reported by DynamicRuleAnalysis.
    static let dal409 = CodeDoc(
        code: .dal409, severity: .warning,
        title: "A rule can never match a URL (a / pattern not starting with / or a wildcard)",
        why: "Paths are matched decoded and whole; getPath() of an https URL is empty or starts with /, so products/* matches nothing.",
        fix: "Start the pattern with / (\"/products/*\").",
        failing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "products/*"}"#]))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#]))))
}

extension DiagnosticCode {
    /// DAL409: see ``CodeDoc/dal409``.
    public static let dal409 = DiagnosticCode(rawValue: "DAL409")
}
