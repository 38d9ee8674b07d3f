extension CodeDoc {
    /// A dynamic rule field has the wrong type: every rule of the statement is void. Reported by StatementListParser (dynamic rules).
    static let dal401 = CodeDoc(
        code: .dal401, severity: .error,
        title: "A dynamic rule field has the wrong type: every rule of the statement is void",
        why: "configure-assetlinks: a malformed field discards all dynamic rules of the app for that host; Android then opens every path the manifest accepts, including the ones the rules meant to exclude.",
        fix: "Give each key its type: \"/\" and \"#\" strings, \"?\" an object of strings, \"exclude\" true or false.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": 5}"#, #"{"/": "/products/*"}"#]))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#]))))
}

extension DiagnosticCode {
    /// DAL401: see ``CodeDoc/dal401``.
    public static let dal401 = DiagnosticCode(rawValue: "DAL401")
}
