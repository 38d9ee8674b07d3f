extension CodeDoc {
    /// A certificate fingerprint is malformed (lower case, no colons, not 32 bytes, a placeholder). Reported by StatementListParser.
    static let dal308 = CodeDoc(
        code: .dal308, severity: .error,
        title: "A certificate fingerprint is malformed (lower case, no colons, not 32 bytes, a placeholder)",
        why: "Google compares fingerprints exactly as 32 upper-case hex pairs joined by colons: any other spelling is \"malformed cert\" and the statement is skipped (comptest2310–2314).",
        fix: "Write the fingerprint as keytool -list -v prints SHA256; the message shows the corrected spelling when the bytes are there.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(fingerprints: [DALSample.fingerprint.lowercased()]))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL308: see ``CodeDoc/dal308``.
    public static let dal308 = DiagnosticCode(rawValue: "DAL308")
}
