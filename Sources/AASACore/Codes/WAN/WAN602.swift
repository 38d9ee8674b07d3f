extension CodeDoc {
    /// Only a wildcard, parent or child webcredentials entry covers the RP ID.
    static let wan602 = CodeDoc(
        code: .wan602, severity: .warning,
        title: "Only a wildcard, parent or child webcredentials entry covers the RP ID",
        why: "Whether webcredentials:*.example.com or webcredentials:login.example.com covers the RP ID example.com is unconfirmed (webauthn-reference.md §1).",
        fix: "Add webcredentials:RP_ID exactly.",
        failing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:login.example.com"])),
        passing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com"])))
}

extension DiagnosticCode {
    /// WAN602: see ``CodeDoc/wan602``.
    public static let wan602 = DiagnosticCode(rawValue: "WAN602")
}
