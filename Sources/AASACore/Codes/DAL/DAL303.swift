extension CodeDoc {
    /// A relation is missing or malformed (not an array, not a string, not KIND/DETAIL). Reported by StatementListParser.
    static let dal303 = CodeDoc(
        code: .dal303, severity: .error,
        title: "A relation is missing or malformed (not an array, not a string, not KIND/DETAIL)",
        why: "Relations are matched exactly and their grammar is lower-case KIND/DETAIL with no wildcard: a statement with a bad relation is skipped (2100 groups).",
        fix: "Write \"relation\": [\"delegate_permission/common.handle_all_urls\"] (or the relation meant).",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(relations: ["delegate_permission/*"]))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL303: see ``CodeDoc/dal303``.
    public static let dal303 = DiagnosticCode(rawValue: "DAL303")
}
