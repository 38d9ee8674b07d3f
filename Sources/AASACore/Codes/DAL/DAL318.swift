extension CodeDoc {
    /// A web target is a plain http site. Reported by StatementListParser.
    static let dal318 = CodeDoc(
        code: .dal318, severity: .warning,
        title: "A web target is a plain http site",
        why: "http://HOST and https://HOST are different assets: a statement for the http site is not one for the https site Android and passkeys use.",
        fix: "Write https://HOST unless the http site is meant.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.web("http://example.com"))),
        passing: AssetLinksExample.list(DALSample.list(DALSample.web("https://example.com"))))
}

extension DiagnosticCode {
    /// DAL318: see ``CodeDoc/dal318``.
    public static let dal318 = DiagnosticCode(rawValue: "DAL318")
}
