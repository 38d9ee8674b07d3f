extension CodeDoc {
    /// The webauthn file is not served with status 200.
    static let wan102 = CodeDoc(
        code: .wan102, severity: .error,
        title: "The webauthn file is not served with status 200",
        why: "The spec, Chromium and Firefox read the file only from a 200 answer (after redirects); any other status fails every related-origin call. No file at all (404, 410) is how most RP IDs are, and callers on the RP ID's own site need none: that is an info, and each caller on another site is refused with WAN404.",
        fix: "Serve the file with status 200.",
        failing: WebAuthnExample.served(HTTPExample(url: WebAuthnKind.fileURL(for: "example.com"), status: 503, headers: [("Content-Type", "text/html")], body: "Service Unavailable")),
        passing: WebAuthnExample.served(WebAuthnExample.serving(WANSample.good)))
}

extension DiagnosticCode {
    /// WAN102: see ``CodeDoc/wan102``.
    public static let wan102 = DiagnosticCode(rawValue: "WAN102")
}
