extension CodeDoc {
    /// A redirect of the webauthn file leaves HTTPS.
    static let wan103 = CodeDoc(
        code: .wan103, severity: .error,
        title: "A redirect of the webauthn file leaves HTTPS",
        why: "Every URL of the redirect chain must be HTTPS (the spec since commit 241833d9; Firefox checks every hop): a hop to http:// voids the file.",
        fix: "Serve the file at https://RP_ID/.well-known/webauthn itself, or redirect only to HTTPS URLs.",
        failing: WebAuthnExample.served(HTTPExample(url: WebAuthnKind.fileURL(for: "example.com"), status: 301, headers: [("Location", "http://example.com/.well-known/webauthn")])),
        passing: WebAuthnExample.served(WebAuthnExample.serving(WANSample.good)))
}

extension DiagnosticCode {
    /// WAN103: see ``CodeDoc/wan103``.
    public static let wan103 = DiagnosticCode(rawValue: "WAN103")
}
