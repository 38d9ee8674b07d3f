extension CodeDoc {
    /// A key appears twice in one object (the last one wins). Reported by StrictJSONParser (AASA204, rebased).
    static let dal204 = CodeDoc(
        code: .dal204, severity: .warning,
        title: "A key appears twice in one object (the last one wins)",
        why: "Readers differ on which value of a repeated key they keep; what one reads another may not.",
        fix: "Keep one of them.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(extra: ",\n    \"relation\": [\"\(DALSample.handle)\"]"))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL204: see ``CodeDoc/dal204``.
    public static let dal204 = DiagnosticCode(rawValue: "DAL204")
}
