extension CodeDoc {
    /// The top level of the webauthn file is not an object.
    static let wan301 = CodeDoc(
        code: .wan301, severity: .error,
        title: "The top level of the webauthn file is not an object",
        why: "Clients need a JSON object with an \"origins\" member (Chromium tests [] and \"bar\" as parse failures).",
        fix: "Serve {\"origins\": [\"https://…\"]}.",
        failing: WebAuthnExample.file(#"["https://example.co.uk"]"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN301: see ``CodeDoc/wan301``.
    public static let wan301 = DiagnosticCode(rawValue: "WAN301")
}
