extension CodeDoc {
    /// The app's association sits on a related origin, not on the RP ID.
    static let wan610 = CodeDoc(
        code: .wan610, severity: .info,
        title: "The app's association sits on a related origin, not on the RP ID",
        why: "A related origin (a page on example.co.uk calling WebAuthn with the RP ID example.com through https://example.com/.well-known/webauthn) needs no AASA file or assetlinks.json of its own for web passkeys. An app is the other way round: it signs in with the RP ID, so iOS reads webcredentials:example.com and example.com's webcredentials.apps, and Credential Manager example.com's assetlinks.json. An association made only on the related origin counts for nothing (webauthn-reference.md §4, check 11). Reported beside the RP ID's own finding (WAN601, WAN603, WAN606, WAN607) when the entitlement has webcredentials for a related origin's host, or that host's AASA file or assetlinks.json lists the app while the RP ID's does not.",
        fix: "Make the association on the RP ID: webcredentials:RP_ID in the entitlement, the app ID in https://RP_ID/.well-known/apple-app-site-association, the statement in https://RP_ID/.well-known/assetlinks.json. The related origin's files need no change.",
        failing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.co.uk"],
                                                        webauthn: WebAuthnFile.parse(Array(WANSample.good.utf8)), webauthnUsable: true)),
        passing: WebAuthnExample.passkeys(PasskeyInputs(rpID: "example.com", associatedDomains: ["webcredentials:example.com"],
                                                        webauthn: WebAuthnFile.parse(Array(WANSample.good.utf8)), webauthnUsable: true)))
}

extension DiagnosticCode {
    /// WAN610: see ``CodeDoc/wan610``.
    public static let wan610 = DiagnosticCode(rawValue: "WAN610")
}
