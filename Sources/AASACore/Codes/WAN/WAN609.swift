extension CodeDoc {
    /// The origins the relying party server must accept.
    static let wan609 = CodeDoc(
        code: .wan609, severity: .info,
        title: "The origins the relying party server must accept",
        why: "Apple apps send https://RP_ID in clientDataJSON.origin; Android apps send android:apk-key-hash: and the base64url SHA-256 of the signing certificate (43 characters; a Google reply speaks of SHA-1 per the FIDO facets, the observed samples are SHA-256).",
        fix: "Add each origin to the server's allow-list.",
        failing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", appIDs: [WANSample.appID], webcredentialsApps: ["example.com": [WANSample.appID]])),
        passing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com")))
}

extension DiagnosticCode {
    /// WAN609: see ``CodeDoc/wan609``.
    public static let wan609 = DiagnosticCode(rawValue: "WAN609")
}
