extension CodeDoc {
    /// relation is empty: the statement grants nothing. Reported by StatementListParser.
    static let dal312 = CodeDoc(
        code: .dal312, severity: .warning,
        title: "relation is empty: the statement grants nothing",
        why: "A statement with no relation says nothing; it is probably a relation left out by mistake.",
        fix: "List the relation meant, or remove the statement.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(relations: []))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL312: see ``CodeDoc/dal312``.
    public static let dal312 = DiagnosticCode(rawValue: "DAL312")
}
