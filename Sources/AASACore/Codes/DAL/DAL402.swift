extension CodeDoc {
    /// A dynamic rule field is empty ("", {}, or a rule without a pattern): every rule is void. Reported by StatementListParser (dynamic rules).
    static let dal402 = CodeDoc(
        code: .dal402, severity: .error,
        title: "A dynamic rule field is empty (\"\", {}, or a rule without a pattern): every rule is void",
        why: "An empty field is treated like a malformed one: all the statement's rules are discarded and the manifest alone decides (documented; aasa-check reads \"empty\" as an empty string, an empty ? object or a rule with no pattern key).",
        fix: "Give the key a pattern (\"*\" matches anything) or remove it.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": ""}"#, #"{"/": "/products/*"}"#]))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.rules([#"{"/": "/products/*"}"#]))))
}

extension DiagnosticCode {
    /// DAL402: see ``CodeDoc/dal402``.
    public static let dal402 = DiagnosticCode(rawValue: "DAL402")
}
