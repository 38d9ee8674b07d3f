extension CodeDoc {
    /// The statement list is larger than 1,048,576 decoded bytes. Reported by AssetLinksServing and StatementListParser.
    static let dal106 = CodeDoc(
        code: .dal106, severity: .error,
        title: "The statement list is larger than 1,048,576 decoded bytes",
        why: "Android's reference verifier reads at most 1 MiB and Google reports ERROR_CODE_TOO_LARGE above its own, unpublished, limit: an oversized list is not read at all.",
        fix: "Keep the file small: one statement per app and relation, fingerprints merged; move what other teams manage into include files.",
        failing: AssetLinksExample.site(.serving(DALSample.good + String(repeating: " ", count: 1_048_576))),
        passing: DALSample.goodSite)
}

extension DiagnosticCode {
    /// DAL106: see ``CodeDoc/dal106``.
    public static let dal106 = DiagnosticCode(rawValue: "DAL106")
}
