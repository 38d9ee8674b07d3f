extension CodeDoc {
    /// A web origin needs the RP ID's webauthn file, which no client can use.
    static let wan404 = CodeDoc(
        code: .wan404, severity: .error,
        title: "A web origin needs the RP ID's webauthn file, which no client can use",
        why: "For a caller on another site the client fetches the file; a missing or invalid file refuses every such caller.",
        fix: "Fix the file's findings, or give the origin an RP ID it is same-site with.",
        failing: WebAuthnExample.caller("https://example.co.uk", file: #"{"related_origins": ["https://example.co.uk"]}"#),
        passing: WebAuthnExample.caller("https://example.co.uk", file: WANSample.good))
}

extension DiagnosticCode {
    /// WAN404: see ``CodeDoc/wan404``.
    public static let wan404 = DiagnosticCode(rawValue: "WAN404")
}
