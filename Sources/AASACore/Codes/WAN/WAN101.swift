extension CodeDoc {
    /// The webauthn file could not be fetched (DNS, refused, TLS, timeout).
    static let wan101 = CodeDoc(
        code: .wan101, severity: .error,
        title: "The webauthn file could not be fetched (DNS, refused, TLS, timeout)",
        why: "A client that needs the file for a caller on another site fetches https://RP_ID/.well-known/webauthn; when it cannot, the call fails with SecurityError.",
        fix: "Make https://RP_ID/.well-known/webauthn reachable over HTTPS with a certificate browsers trust.",
        failing: WebAuthnExample.served(HTTPExample(url: WebAuthnKind.fileURL(for: "example.com"), transportError: "Could not resolve host: example.com", transportErrorKind: .dns)),
        passing: WebAuthnExample.served(WebAuthnExample.serving(WANSample.good)))
}

extension DiagnosticCode {
    /// WAN101: see ``CodeDoc/wan101``.
    public static let wan101 = DiagnosticCode(rawValue: "WAN101")
}
