extension CodeDoc {
    /// The webauthn file took longer than 10 seconds.
    static let wan108 = CodeDoc(
        code: .wan108, severity: .error,
        title: "The webauthn file took longer than 10 seconds",
        why: "Chromium and Firefox give up on the file after 10 s; the call then fails.",
        fix: "Serve the file from a fast static path or a CDN.",
        failing: WebAuthnExample.served(WebAuthnExample.serving(WANSample.good), timeMs: 12_000),
        passing: WebAuthnExample.served(WebAuthnExample.serving(WANSample.good), timeMs: 120))
}

extension DiagnosticCode {
    /// WAN108: see ``CodeDoc/wan108``.
    public static let wan108 = DiagnosticCode(rawValue: "WAN108")
}
