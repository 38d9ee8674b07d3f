extension CodeDoc {
    /// A web origin on another site is not listed in the RP ID's webauthn file.
    static let wan402 = CodeDoc(
        code: .wan402, severity: .error,
        title: "A web origin on another site is not listed in the RP ID's webauthn file",
        why: "A caller that is not same-site with the RP ID is accepted only when the file lists its exact origin (scheme, host, port) within the label budget.",
        fix: "Add the origin to \"origins\", within the first five labels.",
        failing: WebAuthnExample.caller("https://example.co.uk", file: #"{"origins": ["example.co.uk"]}"#),
        passing: WebAuthnExample.caller("https://example.co.uk", file: #"{"origins": ["https://example.co.uk"]}"#))
}

extension DiagnosticCode {
    /// WAN402: see ``CodeDoc/wan402``.
    public static let wan402 = DiagnosticCode(rawValue: "WAN402")
}
