extension CodeDoc {
    /// Non-standard JSON: trailing comma, comment, single quotes, unquoted key, NaN.
    static let wan203 = CodeDoc(
        code: .wan203, severity: .error,
        title: "Non-standard JSON: trailing comma, comment, single quotes, unquoted key, NaN",
        why: "Chromium's RFC mode and JSON.parse refuse these constructs: the file is void.",
        fix: "Write strict JSON: no trailing commas, no comments, double quotes.",
        failing: WebAuthnExample.file(#"{"origins": ["https://example.co.uk",]}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN203: see ``CodeDoc/wan203``.
    public static let wan203 = DiagnosticCode(rawValue: "WAN203")
}
