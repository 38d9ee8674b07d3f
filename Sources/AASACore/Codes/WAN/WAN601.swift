extension CodeDoc {
    /// The entitlement has no webcredentials entry for the RP ID.
    static let wan601 = CodeDoc(
        code: .wan601, severity: .error,
        title: "The entitlement has no webcredentials entry for the RP ID",
        why: "An app's passkey request needs webcredentials:RP_ID in com.apple.developer.associated-domains; without it the request fails (ASAuthorizationError 1004, \"not associated with domain\").",
        fix: "Add webcredentials:RP_ID to the Associated Domains entitlement.",
        failing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", associatedDomains: ["applinks:example.com"])),
        passing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com"])))
}

extension DiagnosticCode {
    /// WAN601: see ``CodeDoc/wan601``.
    public static let wan601 = DiagnosticCode(rawValue: "WAN601")
}
