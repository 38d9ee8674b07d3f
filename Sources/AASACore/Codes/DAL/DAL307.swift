extension CodeDoc {
    /// sha256_cert_fingerprints is missing, not an array of strings, or empty. Reported by StatementListParser.
    static let dal307 = CodeDoc(
        code: .dal307, severity: .error,
        title: "sha256_cert_fingerprints is missing, not an array of strings, or empty",
        why: "A statement for an app must name at least one signing certificate; without one it is skipped (comptest2304–2306, 2309) and the app is not verified.",
        fix: "List the SHA-256 fingerprint of every key devices see the app signed with (Play App Signing's app signing key first).",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(fingerprints: []))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL307: see ``CodeDoc/dal307``.
    public static let dal307 = DiagnosticCode(rawValue: "DAL307")
}
