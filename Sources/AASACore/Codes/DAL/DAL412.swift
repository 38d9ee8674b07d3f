extension CodeDoc {
    /// An exclude rule after the last include rule changes nothing. Reported by DynamicRuleAnalysis.
    static let dal412 = CodeDoc(
        code: .dal412, severity: .info,
        title: "An exclude rule after the last include rule changes nothing",
        why: "URLs no rule matches stay in the browser anyway, so an exclude rule with no include rule after it excludes nothing more.",
        fix: "Remove it, or keep it to document the intent.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#, #"{"/": "/checkout/*", "exclude": true}"#]))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#]))))
}

extension DiagnosticCode {
    /// DAL412: see ``CodeDoc/dal412``.
    public static let dal412 = DiagnosticCode(rawValue: "DAL412")
}
