extension CodeDoc {
    /// An unknown key in a dynamic rule (suggest the known key). Reported by StatementListParser (dynamic rules).
    static let dal404 = CodeDoc(
        code: .dal404, severity: .warning,
        title: "An unknown key in a dynamic rule (suggest the known key)",
        why: "Unknown keys are ignored: a misspelt \"exlude\" leaves a rule that opens the app where it meant to exclude.",
        fix: "Use \"/\", \"#\", \"?\", \"exclude\" and \"comments\" only.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/checkout/*", "exlude": true}"#, #"{"/": "*"}"#]))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/checkout/*", "exclude": true}"#, #"{"/": "*"}"#]))))
}

extension DiagnosticCode {
    /// DAL404: see ``CodeDoc/dal404``.
    public static let dal404 = DiagnosticCode(rawValue: "DAL404")
}
