extension CodeDoc {
    /// An entry uses one of the five labels and can never match (http://, a wildcard).
    static let wan310 = CodeDoc(
        code: .wan310, severity: .warning,
        title: "An entry uses one of the five labels and can never match (http://, a wildcard)",
        why: "The label is recorded after the failed origin comparison, so an http:// origin or https://*.host costs a label of the budget and accepts nobody.",
        fix: "Write each origin in full over https.",
        failing: WebAuthnExample.file(#"{"origins": ["http://a.com", "https://*.e.com", "https://example.de"]}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN310: see ``CodeDoc/wan310``.
    public static let wan310 = DiagnosticCode(rawValue: "WAN310")
}
