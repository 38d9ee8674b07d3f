extension CodeDoc {
    /// A web target's site is malformed: scheme, login, query, fragment, path, port. Reported by StatementListParser.
    static let dal305 = CodeDoc(
        code: .dal305, severity: .error,
        title: "A web target's site is malformed: scheme, login, query, fragment, path, port",
        why: "A site is scheme, host and port only; anything else (even a trailing /) makes Google skip the statement (2200 group).",
        fix: "Write the site as https://HOST (with :PORT only for a non-default port).",
        failing: AssetLinksExample.list(DALSample.list(DALSample.web("https://example.com/"))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.web("https://example.com"))))
}

extension DiagnosticCode {
    /// DAL305: see ``CodeDoc/dal305``.
    public static let dal305 = DiagnosticCode(rawValue: "DAL305")
}
