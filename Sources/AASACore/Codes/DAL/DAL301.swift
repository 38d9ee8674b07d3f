extension CodeDoc {
    /// The statement list is empty ([]). Reported by StatementListParser.
    static let dal301 = CodeDoc(
        code: .dal301, severity: .error,
        title: "The statement list is empty ([])",
        why: "An empty list verifies nothing: Google answers \"No statements were found\" (comptest2002) and every App Link of the host opens the browser.",
        fix: "Add the statement of each app (and site) the host delegates to.",
        failing: AssetLinksExample.list("[]"),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL301: see ``CodeDoc/dal301``.
    public static let dal301 = DiagnosticCode(rawValue: "DAL301")
}
