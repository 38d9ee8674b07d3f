extension CodeDoc {
    /// An element is not a statement: not an object, or without relation, target or include. Reported by StatementListParser.
    static let dal302 = CodeDoc(
        code: .dal302, severity: .error,
        title: "An element is not a statement: not an object, or without relation, target or include",
        why: "Google skips it and reports ERROR_CODE_MALFORMED_CONTENT (comptest2003, smoketests07); the other statements still count.",
        fix: "Remove the element, or complete it into a statement (relation and target) or an include.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(), "{}")),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL302: see ``CodeDoc/dal302``.
    public static let dal302 = DiagnosticCode(rawValue: "DAL302")
}
