extension CodeDoc {
    /// The statement list is larger than 131,072 bytes. Reported by StatementListParser.
    static let dal107 = CodeDoc(
        code: .dal107, severity: .warning,
        title: "The statement list is larger than 131,072 bytes",
        why: "Google's size limit is unpublished; a list this large is unusual, and the closer it gets to 1 MiB the closer it is to being ignored.",
        fix: "Remove white space and unused statements; use include files for lists managed elsewhere.",
        failing: AssetLinksExample.site(.serving(DALSample.good + String(repeating: " ", count: 140_000))),
        passing: DALSample.goodSite)
}

extension DiagnosticCode {
    /// DAL107: see ``CodeDoc/dal107``.
    public static let dal107 = DiagnosticCode(rawValue: "DAL107")
}
