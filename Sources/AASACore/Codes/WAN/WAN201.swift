extension CodeDoc {
    /// The webauthn file is not valid JSON.
    static let wan201 = CodeDoc(
        code: .wan201, severity: .error,
        title: "The webauthn file is not valid JSON",
        why: "Chromium parses the file in RFC mode and Firefox with JSON.parse: a file that does not parse is void and every related caller is refused.",
        fix: "Correct the syntax at the reported line and column.",
        failing: WebAuthnExample.file(#"{"origins": ["https://example.co.uk" "https://example.de"]}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN201: see ``CodeDoc/wan201``.
    public static let wan201 = DiagnosticCode(rawValue: "WAN201")
}
