extension CodeDoc {
    /// The top level is not an array. Reported by StatementListParser.
    static let dal206 = CodeDoc(
        code: .dal206, severity: .error,
        title: "The top level is not an array",
        why: "A statement list is a single JSON array; an object or a scalar at the top gives no statements (ERROR_CODE_MALFORMED_CONTENT, comptest2007, comptest2009, comptest2010).",
        fix: "Wrap the statements in [ … ].",
        failing: AssetLinksExample.list(DALSample.app()),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL206: see ``CodeDoc/dal206``.
    public static let dal206 = DiagnosticCode(rawValue: "DAL206")
}
