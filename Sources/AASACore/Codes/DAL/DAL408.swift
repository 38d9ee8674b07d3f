extension CodeDoc {
    /// A rule never decides anything: the rules before it match every URL it matches (give the rule). Reported by DynamicRuleAnalysis.
    static let dal408 = CodeDoc(
        code: .dal408, severity: .warning,
        title: "A rule never decides anything: the rules before it match every URL it matches (give the rule)",
        why: "Rules are tried in order and the first match decides; a rule covered by earlier ones is dead, and an exclude rule after the include that covers it never excludes.",
        fix: "Move the narrower rule first, or remove it.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#, #"{"/": "/products/gift-cards", "exclude": true}"#]))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/products/gift-cards", "exclude": true}"#, #"{"/": "/products/*"}"#]))))
}

extension DiagnosticCode {
    /// DAL408: see ``CodeDoc/dal408``.
    public static let dal408 = DiagnosticCode(rawValue: "DAL408")
}
