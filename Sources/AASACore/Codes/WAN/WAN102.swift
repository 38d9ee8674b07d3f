extension CodeDoc {
    /// The webauthn file is not served with status 200.
    static let wan102 = CodeDoc(
        code: .wan102, severity: .error,
        title: "The webauthn file is not served with status 200",
        why: "The spec, Chromium and Firefox read the file only from a 200 answer (after redirects); any other status fails every related-origin call.",
        fix: "Serve the file with status 200.",
        failing: WebAuthnExample.served(HTTPExample(url: WebAuthnKind.fileURL(for: "example.com"), status: 404, headers: [("Content-Type", "text/html")], body: "Not Found")),
        passing: WebAuthnExample.served(WebAuthnExample.serving(WANSample.good)))
}

extension DiagnosticCode {
    /// WAN102: see ``CodeDoc/wan102``.
    public static let wan102 = DiagnosticCode(rawValue: "WAN102")
}
