extension CodeDoc {
    /// A key appears twice in one object (the last one wins).
    static let wan204 = CodeDoc(
        code: .wan204, severity: .warning,
        title: "A key appears twice in one object (the last one wins)",
        why: "Browsers keep the last occurrence: an earlier \"origins\" list is silently ignored.",
        fix: "Keep one \"origins\" member and merge the lists.",
        failing: WebAuthnExample.file(#"{"origins": ["https://example.co.uk"], "origins": ["https://example.de"]}"#),
        passing: WebAuthnExample.file(WANSample.good))
}

extension DiagnosticCode {
    /// WAN204: see ``CodeDoc/wan204``.
    public static let wan204 = DiagnosticCode(rawValue: "WAN204")
}
