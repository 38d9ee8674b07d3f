extension CodeDoc {
    /// A rule matches every URL and rules follow it (they are dead); info when it is the last rule. Reported by DynamicRuleAnalysis.
    static let dal407 = CodeDoc(
        code: .dal407, severity: .warning,
        title: "A rule matches every URL and rules follow it (they are dead); info when it is the last rule",
        why: "The first matching rule decides: after {\"/\": \"*\"} no rule is ever reached. As the last rule it is a deliberate catch-all: every URL the rules before it do not decide opens the app.",
        fix: "Move the catch-all to the end, or remove the rules after it.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "*"}"#, #"{"/": "/checkout/*", "exclude": true}"#]))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/checkout/*", "exclude": true}"#, #"{"/": "/products/*"}"#]))))
}

extension DiagnosticCode {
    /// DAL407: see ``CodeDoc/dal407``.
    public static let dal407 = DiagnosticCode(rawValue: "DAL407")
}
