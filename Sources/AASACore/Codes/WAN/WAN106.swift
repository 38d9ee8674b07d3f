extension CodeDoc {
    /// The webauthn file is not served as application/json.
    static let wan106 = CodeDoc(
        code: .wan106, severity: .error,
        title: "The webauthn file is not served as application/json",
        why: "Chromium needs the MIME essence application/json (\"wrong content type\"); Firefox needs the header to contain application/json. Parameters such as charset are fine.",
        fix: "Serve it with Content-Type: application/json.",
        failing: WebAuthnExample.served(HTTPExample(url: WebAuthnKind.fileURL(for: "example.com"), headers: [("Content-Type", "text/plain")], body: WANSample.good)),
        passing: WebAuthnExample.served(HTTPExample(url: WebAuthnKind.fileURL(for: "example.com"), headers: [("Content-Type", "application/json; charset=utf-8")], body: WANSample.good)))
}

extension DiagnosticCode {
    /// WAN106: see ``CodeDoc/wan106``.
    public static let wan106 = DiagnosticCode(rawValue: "WAN106")
}
