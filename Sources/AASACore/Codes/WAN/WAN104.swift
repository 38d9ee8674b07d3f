extension CodeDoc {
    /// The webauthn file is redirected (every hop HTTPS).
    static let wan104 = CodeDoc(
        code: .wan104, severity: .warning,
        title: "The webauthn file is redirected (every hop HTTPS)",
        why: "Clients follow HTTPS redirects, but each hop costs time within the 10 s limit and a redirect to another host breaks easily.",
        fix: "Serve the file at https://RP_ID/.well-known/webauthn itself, with status 200.",
        failing: WebAuthnExample.served(HTTPExample(url: WebAuthnKind.fileURL(for: "example.com"), status: 301, headers: [("Location", "https://www.example.com/.well-known/webauthn")]), HTTPExample(url: "https://www.example.com/.well-known/webauthn", body: WANSample.good)),
        passing: WebAuthnExample.served(WebAuthnExample.serving(WANSample.good)))
}

extension DiagnosticCode {
    /// WAN104: see ``CodeDoc/wan104``.
    public static let wan104 = DiagnosticCode(rawValue: "WAN104")
}
