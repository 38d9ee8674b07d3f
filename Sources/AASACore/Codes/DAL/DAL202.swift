extension CodeDoc {
    /// A UTF-8 byte order mark precedes the JSON. Reported by StrictJSONParser (AASA202, rebased).
    static let dal202 = CodeDoc(
        code: .dal202, severity: .error,
        title: "A UTF-8 byte order mark precedes the JSON",
        why: "A byte order mark is not JSON; strict parsers refuse the file and none of its statements count.",
        fix: "Save the file as UTF-8 without a byte order mark.",
        failing: AssetLinksExample.list("\u{FEFF}" + DALSample.good),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL202: see ``CodeDoc/dal202``.
    public static let dal202 = DiagnosticCode(rawValue: "DAL202")
}
