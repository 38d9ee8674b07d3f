extension CodeDoc {
    /// The webauthn file is larger than 262,144 bytes.
    static let wan107 = CodeDoc(
        code: .wan107, severity: .error,
        title: "The webauthn file is larger than 262,144 bytes",
        why: "Chromium reads at most 1 << 18 bytes of the file and refuses a larger one.",
        fix: "List only the origins that call WebAuthn: a client counts no more than five labels.",
        failing: WebAuthnExample.served(WebAuthnExample.serving(WANSample.padded(300_000))),
        passing: WebAuthnExample.served(WebAuthnExample.serving(WANSample.good)))
}

extension DiagnosticCode {
    /// WAN107: see ``CodeDoc/wan107``.
    public static let wan107 = DiagnosticCode(rawValue: "WAN107")
}
