extension CodeDoc {
    /// A package name or fingerprint looks like a placeholder (com.example…, one byte repeated). Reported by StatementListParser.
    static let dal314 = CodeDoc(
        code: .dal314, severity: .warning,
        title: "A package name or fingerprint looks like a placeholder (com.example…, one byte repeated)",
        why: "Template values verify no real app: com.example is the Android Studio template's prefix, which Google Play refuses, and a fingerprint of one repeated byte is no certificate's.",
        fix: "Write the published applicationId and the SHA-256 of the app signing certificate (Play Console › App integrity).",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(package: "com.example.app"))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL314: see ``CodeDoc/dal314``.
    public static let dal314 = DiagnosticCode(rawValue: "DAL314")
}
