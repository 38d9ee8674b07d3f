extension CodeDoc {
    /// An unknown key in a statement, target or include (suggest the known key it resembles). Reported by StatementListParser.
    static let dal310 = CodeDoc(
        code: .dal310, severity: .warning,
        title: "An unknown key in a statement, target or include (suggest the known key it resembles)",
        why: "Unknown keys are ignored: a misspelt key (sha256_cert_fingerprint, relations) silently drops what it was meant to say.",
        fix: "Correct the key, or remove it.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(extra: ",\n    \"comment\": \"production app\""))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL310: see ``CodeDoc/dal310``.
    public static let dal310 = DiagnosticCode(rawValue: "DAL310")
}
