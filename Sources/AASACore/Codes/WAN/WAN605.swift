extension CodeDoc {
    /// An HTTPS callback host's AASA file does not list the app in webcredentials.apps.
    static let wan605 = CodeDoc(
        code: .wan605, severity: .error,
        title: "An HTTPS callback host's AASA file does not list the app in webcredentials.apps",
        why: "The callback's association is confirmed by the host's own apple-app-site-association, in its webcredentials service.",
        fix: "Add the app ID to webcredentials.apps of the callback host's AASA file.",
        failing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", appIDs: [WANSample.appID], webcredentialsApps: ["example.com": [WANSample.appID], "auth.example.com": []], callbacks: ["https://auth.example.com/callback"])),
        passing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", appIDs: [WANSample.appID], webcredentialsApps: ["example.com": [WANSample.appID], "auth.example.com": [WANSample.appID]], callbacks: ["https://auth.example.com/callback"])))
}

extension DiagnosticCode {
    /// WAN605: see ``CodeDoc/wan605``.
    public static let wan605 = DiagnosticCode(rawValue: "WAN605")
}
