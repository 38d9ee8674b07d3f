extension CodeDoc {
    /// An HTTPS callback host has no webcredentials entry (applinks is not enough).
    static let wan604 = CodeDoc(
        code: .wan604, severity: .error,
        title: "An HTTPS callback host has no webcredentials entry (applinks is not enough)",
        why: "ASWebAuthenticationSession's .https(host:path:) callbacks need the webcredentials service for the host: \"Using HTTPS callbacks requires Associated Domains using the webcredentials service type\" (observed, forum 805416).",
        fix: "Add webcredentials:HOST to the Associated Domains entitlement.",
        failing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com", "applinks:auth.example.com"], callbacks: ["https://auth.example.com/callback"])),
        passing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com", "webcredentials:auth.example.com"], callbacks: ["https://auth.example.com/callback"])))
}

extension DiagnosticCode {
    /// WAN604: see ``CodeDoc/wan604``.
    public static let wan604 = DiagnosticCode(rawValue: "WAN604")
}
