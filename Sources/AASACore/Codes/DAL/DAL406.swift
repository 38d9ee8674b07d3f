extension CodeDoc {
    /// Dynamic rules on a statement that does not grant handle_all_urls. Reported by StatementListParser (dynamic rules).
    static let dal406 = CodeDoc(
        code: .dal406, severity: .warning,
        title: "Dynamic rules on a statement that does not grant handle_all_urls",
        why: "Rules are read for App Links only, from the statement that grants handle_all_urls to the app; here they are never read.",
        fix: "Add handle_all_urls to the statement's relation, or move the rules to the statement that has it.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/a/*"}"#], relations: [DALSample.loginCreds]))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/a/*"}"#], relations: [DALSample.handle, DALSample.loginCreds]))))
}

extension DiagnosticCode {
    /// DAL406: see ``CodeDoc/dal406``.
    public static let dal406 = DiagnosticCode(rawValue: "DAL406")
}
