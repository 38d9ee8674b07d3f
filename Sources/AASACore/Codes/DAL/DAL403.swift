extension CodeDoc {
    /// dynamic_app_link_components is empty. Reported by StatementListParser (dynamic rules).
    static let dal403 = CodeDoc(
        code: .dal403, severity: .error,
        title: "dynamic_app_link_components is empty",
        why: "An empty rule list is ignored (AOSP removes the host's rules when the list is empty): every path the manifest accepts opens the app, which is rarely what an empty list was meant to say.",
        fix: "List the rules, or remove relation_extensions if every manifest path should open the app.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.rules([]))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#]))))
}

extension DiagnosticCode {
    /// DAL403: see ``CodeDoc/dal403``.
    public static let dal403 = DiagnosticCode(rawValue: "DAL403")
}
