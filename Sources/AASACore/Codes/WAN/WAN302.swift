extension CodeDoc {
    /// The webauthn file has no origins member (related_origins is not read).
    static let wan302 = CodeDoc(
        code: .wan302, severity: .error,
        title: "The webauthn file has no origins member (related_origins is not read)",
        why: "Clients read only \"origins\"; a file with related_origins or another key is a failure for every caller (Chromium tests {} and {\"foo\":\"bar\"}).",
        fix: "Name the member \"origins\".",
        failing: WebAuthnExample.file(#"{"related_origins": ["https://example.co.uk"]}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN302: see ``CodeDoc/wan302``.
    public static let wan302 = DiagnosticCode(rawValue: "WAN302")
}
