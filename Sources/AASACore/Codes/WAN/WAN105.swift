extension CodeDoc {
    /// The webauthn file redirects more than ten times, or without an end.
    static let wan105 = CodeDoc(
        code: .wan105, severity: .error,
        title: "The webauthn file redirects more than ten times, or without an end",
        why: "Clients stop following redirects after a limit; a chain that does not end in a 200 answer gives no file.",
        fix: "Serve the file at https://RP_ID/.well-known/webauthn itself, with status 200.",
        failing: WebAuthnExample.served(HTTPExample(url: WebAuthnKind.fileURL(for: "example.com"), status: 302, headers: [("Location", "https://example.com/.well-known/webauthn")])),
        passing: WebAuthnExample.served(WebAuthnExample.serving(WANSample.good)))
}

extension DiagnosticCode {
    /// WAN105: see ``CodeDoc/wan105``.
    public static let wan105 = DiagnosticCode(rawValue: "WAN105")
}
